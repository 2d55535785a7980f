/**
 * The status store keeps when each relayer's figures (PEND, BALANCE, LAST OK) were last seen to
 * change, whichever read saw it (issue 43: a walk saw watch's "unchanged since" stand while a balance
 * changed, read by a detail's r, not by the list's own re-read). Against the sandbox's real flavour
 * over loopback, its clock moved by the test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayerClient, type RelayerClient } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { RelayerStatuses } from '../../src/ui/relayerStatuses.js';

let sb: Sandbox | undefined;
let client: RelayerClient | undefined;
let store: RelayerStatuses | undefined;
afterEach(async () => {
  store?.close();
  await client?.close();
  await sb?.close();
});

/** Every one of `ids` read once more (want with no age kept), awaited. */
async function readAll(s: RelayerStatuses, ids: string[], since: number): Promise<void> {
  s.want(ids, -1);
  await new Promise<void>((resolve) => {
    const done = () => ids.every((id) => (s.get(id)?.at ?? -1) >= since);
    if (done()) return resolve();
    const off = s.subscribe(() => done() && (off(), resolve()));
  });
}

describe('when the figures last changed', () => {
  it('is the first read, kept through reads that bring the same figures, and moved by a read that brings others', async () => {
    sb = await startSandbox({ flavor: 'real' });
    client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
    await client.detectDialect();
    let t = 1_000;
    store = new RelayerStatuses(client, () => t);
    const ids = ['sepolia-main', 'arbitrum-payouts', 'bsc-treasury'];
    expect(store.figuresChangedAt(ids)).toBeNull();
    await readAll(store, ids, t);
    expect(store.figuresChangedAt(ids)).toBe(1_000);
    // Read again, the world still: the same figures, the same time.
    t = 2_000;
    await readAll(store, ids, t);
    expect(store.get('sepolia-main')!.at).toBe(2_000);
    expect(store.figuresChangedAt(ids)).toBe(1_000);
    // The chain moves (traffic mined, gas charged): a read that brings other figures moves it, one relayer read is enough.
    sb.clock.step(10);
    t = 3_000;
    await readAll(store, ['sepolia-main'], t);
    expect(store.figuresChangedAt(ids)).toBe(3_000);
  });
});
