/**
 * Following a jam (core/jam/follow.ts) against the sandbox's chain over loopback, the clock stepped by
 * the follow's own sleep (never slept on): a bump that leaves avalanche-bridge at its cap is followed
 * to the deadline, and the jam it ends on keeps its own age — never the follow's start or the bump's
 * re-broadcast (a walk read "still jammed after 11m: jammed 10m" of an older jam).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayerClient, type RelayerClient, type Transaction } from '../../../src/api/index.js';
import { followJam } from '../../../src/core/jam/follow.js';
import { diagnose } from '../../../src/core/jam/diagnose.js';
import { readJam } from '../../../src/core/jam/read.js';
import { followWords } from '../../../src/core/jam/words.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';

let sb: Sandbox | undefined;
let client: RelayerClient | undefined;
afterEach(async () => {
  await client?.close();
  await sb?.close();
  sb = client = undefined;
});

describe('followJam', () => {
  it('still jammed at the deadline after a bump: the jam\'s age is its own, older than the follow', async () => {
    sb = await startSandbox({ port: 0, flavor: 'real' });
    client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
    await client.detectDialect();
    sb.clock.stop();
    const relayer = (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'avalanche-bridge')!;
    const read = await readJam(client, relayer, { now: sb.clock.now() });
    const jam = read.kind === 'diagnosed' && read.diagnosis.kind === 'jam' ? read.diagnosis.jam : null;
    expect(jam).toMatchObject({ cause: 'price_cap' });
    const blocker = await client.getTransaction('avalanche-bridge', jam!.blocker_id!);
    // 20 minutes on, the blocker is bumped (its broadcast moves to now): still under the network's price at the cap.
    sb.clock.stepTime(20 * 60_000);
    await client.replaceTransaction('avalanche-bridge', jam!.blocker_id!, { to: blocker.to, value: BigInt(String(blocker.value)).toString(), speed: 'fastest' } as never);
    sb.clock.step(3);
    // A read of its own after the bump (no follow's memory): the age still from the blocker's creation, not its new broadcast.
    const again = await readJam(client, relayer, { now: sb.clock.now() });
    expect(again.kind === 'diagnosed' && again.diagnosis.kind === 'jam' ? again.diagnosis.jam.since : null).toBe(jam!.since);
    const start = sb.clock.now();
    const w = sb;
    const end = await followJam(client, relayer, { now: () => w.clock.now(), sleep: async (ms) => w.clock.stepTime(ms), deadlineMs: 5 * 60_000, before: jam! });
    expect(end.kind).toBe('deadline');
    if (end.kind !== 'deadline') return;
    expect(end.jam).toMatchObject({ cause: 'price_cap', since: jam!.since });
    expect(start - end.jam!.since).toBeGreaterThan(20 * 60_000);
    const words = followWords('avalanche-bridge', end, sb.clock.now(), { kind: 'keys' });
    // Followed 5 minutes; jammed 25 minutes and more (its age beside the follow's, the older).
    const m = /^still jammed after (\d+)m \(followed since \d\d:\d\d:\d\d\): avalanche-bridge: jammed (\d+)m \(blocker created \d\d:\d\d:\d\d\) at nonce/.exec(words)!;
    expect(Number(m[1])).toBe(5);
    expect(Number(m[2])).toBeGreaterThanOrEqual(25);
  });
});

describe('a jam\'s age', () => {
  it('counts from its blocker\'s creation: a re-broadcast (v1.8 moves sent_at on every resubmit) never makes it younger', () => {
    const now = Date.parse('2026-11-29T04:00:00Z');
    const blocker = { id: 'tx-b', status: 'submitted', nonce: 7, created_at: '2026-11-29T03:00:00Z', sent_at: '2026-11-29T03:50:00Z', hash: '0xab', gas_price: '1000000000', speed: 'fast' } as unknown as Transaction;
    const d = diagnose({ now, chainNonce: 7, relayerNonce: 9, blocker, notFinal: [blocker], networkPriceWei: 2_000_000_000n, capWei: null });
    expect(d.kind).toBe('jam');
    expect(d.kind === 'jam' && d.jam.since).toBe(Date.parse('2026-11-29T03:00:00Z'));
    expect(d.kind === 'jam' && d.jam.since_of).toBe('blocker_created');
    // Seen to move by this client: still from the blocker's creation (one origin for every face: check,
    // which never saw the chain move, says the same age as a TUI that did).
    const seen = diagnose({ now, chainNonce: 7, relayerNonce: 9, blocker, notFinal: [blocker], networkPriceWei: 2_000_000_000n, capWei: null, chainMovedAt: now - 5_000 });
    expect(seen.kind === 'jam' && seen.jam.since).toBe(Date.parse('2026-11-29T03:00:00Z'));
  });
});
