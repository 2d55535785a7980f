/**
 * The jam diagnosis against the sandbox's chain over loopback (the clock stepped, never slept on):
 * each seeded situation diagnosed with its cause and exact `waiting`, healthy relayers with traffic
 * never flagged, a relayer that cannot be diagnosed saying why, and each fix seen to clear the jam.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayerClient, type Relayer, type RelayerClient } from '../../../src/api/index.js';
import { readJam, type JamRead } from '../../../src/core/jam/read.js';
import { jamWords } from '../../../src/core/jam/words.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';

const open: { sb: Sandbox; client: RelayerClient }[] = [];
async function world(o: Parameters<typeof startSandbox>[0] = {}): Promise<{ sb: Sandbox; client: RelayerClient }> {
  const sb = await startSandbox({ port: 0, flavor: 'real', ...o });
  const client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
  await client.detectDialect();
  const w = { sb, client };
  open.push(w);
  return w;
}
afterEach(async () => {
  for (const w of open.splice(0)) {
    await w.client.close();
    await w.sb.close();
  }
});

async function relayer(client: RelayerClient, id: string): Promise<Relayer> {
  return (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === id)!;
}
async function diag(w: { sb: Sandbox; client: RelayerClient }, id: string): Promise<JamRead> {
  return readJam(w.client, await relayer(w.client, id), { now: w.sb.clock.now() });
}
const jamOf = (r: JamRead) => (r.kind === 'diagnosed' && r.diagnosis.kind === 'jam' ? r.diagnosis.jam : null);

describe('each seeded situation, its cause and what waits', () => {
  it('holesky-test: never broadcast at 2834; 5 waiting at the start (3 not yet signed), 2 once the old pending ones fail', async () => {
    const w = await world();
    const jam = jamOf(await diag(w, 'holesky-test'))!;
    expect(jam).toMatchObject({ cause: 'never_broadcast', blocker_nonce: 2834, chain_nonce: 2834, relayer_nonce: 2837, blocker_status: 'sent', waiting: 5 });
    expect(jamWords('holesky-test', jam, w.sb.clock.now(), { kind: 'keys' })).toMatch(/^holesky-test: jammed \d+[mh] \(blocker created \d\d:\d\d:\d\d\) at nonce 2834 — tx \S+ was signed and never broadcast: every re-send refused .*; 5 waiting\. Bump it at a faster speed \(e\) or cancel it \(X/);
    w.sb.clock.step(1);
    expect(jamOf(await diag(w, 'holesky-test'))).toMatchObject({ cause: 'never_broadcast', waiting: 2 });
  });

  it('avalanche-bridge after its cap is raised over the network\'s price: no read says "at its cap" (the blocker re-priced up to the new cap waits to be mined)', async () => {
    const w = await world();
    w.sb.clock.stop();
    expect(jamOf(await diag(w, 'avalanche-bridge'))).toMatchObject({ cause: 'price_cap', cap_wei: 30_000_000_000n });
    await w.client.patchRelayer('avalanche-bridge', { policies: { gas_price_cap: 72_000_000_000 } });
    const causes: string[] = [];
    for (let block = 0; block < 120; block++) {
      w.sb.clock.step(1);
      const jam = jamOf(await diag(w, 'avalanche-bridge'));
      if (!jam) break;
      causes.push(`${jam.cause} (blocker ${jam.blocker_price_wei}, network ${jam.network_price_wei})`);
    }
    expect(causes.filter((c) => c.startsWith('price_cap'))).toEqual([]);
  });

  it('avalanche-bridge: at its cap, the network\'s price and the cap said; 2 waiting', async () => {
    const w = await world();
    const jam = jamOf(await diag(w, 'avalanche-bridge'))!;
    expect(jam).toMatchObject({ cause: 'price_cap', waiting: 2, cap_wei: 30_000_000_000n, network_price_wei: 55_000_000_000n, blocker_price_wei: 30_000_000_000n });
    expect(jamWords('avalanche-bridge', jam, w.sb.clock.now(), { kind: 'keys' })).toContain('at its cap 30 gwei, the network asks 55 gwei; 2 waiting. The server\'s re-pricing stops at the cap; a bump (e) reaches only 33 gwei (quoted at the cap, raised +10 % over its price), under the network\'s 55 gwei: it stays jammed; raise gas_price_cap (p), or cancel this nonce (X: the NOOP is not held to the cap)');
  });

  it('optimism-relay: no transaction at the chain\'s nonce; then filled by the server and cleared', async () => {
    const w = await world();
    const gap = jamOf(await diag(w, 'optimism-relay'))!;
    expect(gap).toMatchObject({ cause: 'no_tx_at_nonce', blocker_id: null, waiting: 2 });
    // Open at least as long as the oldest that waits behind the gap (its two were made 2 minutes ago).
    expect(w.sb.clock.now() - gap.since).toBeGreaterThanOrEqual(120_000);
    w.sb.clock.step(40);
    expect(await diag(w, 'optimism-relay')).toMatchObject({ kind: 'diagnosed', diagnosis: { kind: 'clear' } });
  });

  it("optimism-relay with the filler off (#843): the gap's job due a status check after the first one above is stale, its NOOP by a minute later; past that, overdue with its evidence", async () => {
    const w = await world({ gapFiller: false });
    const first = jamOf(await diag(w, 'optimism-relay'))!;
    // Its two above were broadcast 123 s and 118 s before the start at the fast speed: v1.8 re-prices (and looks below) after 3 min.
    expect(first.gap).toMatchObject({ overdue: false, above: 2, due_at: w.sb.clock.startMs + 57_000, fill_by: w.sb.clock.startMs + 117_000 });
    expect(first.gap!.stale.map((t) => [t.status, t.nonce, t.due_at - t.sent_at!])).toEqual([
      ['submitted', first.chain_nonce + 1, 180_000],
      ['submitted', first.chain_nonce + 2, 180_000],
    ]);
    expect(jamWords('optimism-relay', first, w.sb.clock.now(), { kind: 'keys' })).toMatch(/is found stale at \d\d:\d\d:\d\d, the NOOP due by \d\d:\d\d:\d\d\. No action on a transaction fixes it here/);
    w.sb.clock.step(60);
    const late = jamOf(await diag(w, 'optimism-relay'))!;
    expect(late).toMatchObject({ cause: 'no_tx_at_nonce', chain_nonce: first.chain_nonce, relayer_nonce: first.relayer_nonce, gap: { overdue: true, due_at: first.gap!.due_at, fill_by: first.gap!.fill_by, above: 2 } });
    expect(jamWords('optimism-relay', late, w.sb.clock.now(), { kind: 'keys' })).toMatch(/Overdue: v1\.8's nonce-health job should have filled it by \d\d:\d\d:\d\d \(tx \S+ \(nonce \d+, submitted\) was found stale at \d\d:\d\d:\d\d, 1 more above\) and has not \(openzeppelin-relayer#818, #843\)\. No API call fills it: the runbook is in the relayer's detail/);
  });

  it('what cannot be diagnosed says why: paused (/rpc 403), disabled, Solana, Stellar, a contract server — never "no jam"', async () => {
    const w = await world();
    expect(await diag(w, 'mainnet-hot')).toEqual({ kind: 'not_diagnosed', why: 'the server refuses its JSON-RPC (eth_getTransactionCount) (403: v1.8 answers so while a relayer is paused or disabled)' });
    // A read that fails is not a relayer that cannot be diagnosed: check exits 13 for it, not 12 or 0.
    w.sb.inject({ status: 500, body: '{"success":false,"data":null,"error":"boom"}', match: { pathPrefix: '/api/v1/relayers/holesky-test/status' }, times: 5 });
    expect(await diag(w, 'holesky-test')).toMatchObject({ kind: 'not_diagnosed', unreadable: true, why: expect.stringContaining('its status could not be read') });
    expect((await diag(w, 'base-batch')).kind).toBe('not_diagnosed');
    expect(await diag(w, 'solana-devnet')).toMatchObject({ kind: 'not_diagnosed', why: expect.stringContaining('a solana relayer') });
    expect(await diag(w, 'stellar-testnet')).toMatchObject({ kind: 'not_diagnosed', why: expect.stringContaining('a stellar relayer') });
    const c = await startSandbox({ port: 0 });
    const cc = createRelayerClient({ baseUrl: c.url, token: c.token });
    try {
      await cc.detectDialect();
      const r = (await cc.listRelayers({ perPage: 100 })).items.find((x) => x.id === 'holesky-test')!;
      expect(await readJam(cc, r, { now: Date.now() })).toMatchObject({ kind: 'not_diagnosed', why: expect.stringContaining('not the OpenZeppelin Relayer') });
    } finally {
      await cc.close();
      await c.close();
    }
  });
});

describe('healthy relayers are never flagged, over time, with traffic', () => {
  it('sepolia-main, arbitrum-payouts, bsc-treasury and linea-idle: clear at every one of 90 blocks (3 minutes)', async () => {
    const w = await world();
    const ids = ['sepolia-main', 'arbitrum-payouts', 'bsc-treasury', 'linea-idle'];
    const rs = await Promise.all(ids.map((id) => relayer(w.client, id)));
    for (let b = 0; b < 90; b++) {
      for (const r of rs) {
        const d = await readJam(w.client, r, { now: w.sb.clock.now() });
        expect(d, `${r.id} at block ${b}`).toMatchObject({ kind: 'diagnosed', diagnosis: { kind: 'clear' } });
      }
      w.sb.clock.step(1);
    }
  }, 60_000);
});

describe('a fix, seen to clear', () => {
  it('holesky-test: a cancel clears it within a few blocks; its chain nonce passes the last waiting one', async () => {
    const w = await world();
    w.sb.clock.step(1);
    const jam = jamOf(await diag(w, 'holesky-test'))!;
    expect((await w.client.cancelTransaction('holesky-test', jam.blocker_id!)).is_canceled).toBe(true);
    // The block after the cancel its NOOP is broadcast, but nothing has gone through yet: still the
    // jam, its blocker being canceled (a re-broadcast is no fresh start: the nonce has been held for
    // minutes); cleared is when the chain passes the last that waited.
    w.sb.clock.step(1);
    const canceling = await diag(w, 'holesky-test');
    expect(canceling).toMatchObject({ kind: 'diagnosed', diagnosis: { kind: 'jam', jam: { blocker_canceling: true, blocker_status: 'submitted' } }, chainNonce: 2834 });
    expect(jamWords('holesky-test', jamOf(canceling)!, w.sb.clock.now(), { kind: 'keys' })).toMatch(/is being canceled \(submitted\): its NOOP takes the nonce once mined/);
    let blocks = 1;
    const chainOf = (r: JamRead) => (r.kind === 'diagnosed' ? r.chainNonce : -1);
    while (chainOf(await diag(w, 'holesky-test')) < 2837 && blocks < 10) (w.sb.clock.step(1), blocks++);
    expect(blocks).toBe(2);
    expect(await diag(w, 'holesky-test')).toMatchObject({ kind: 'diagnosed', diagnosis: { kind: 'clear', why: "nothing waits: the chain is at nonce 2837, the relayer's next is 2837" }, chainNonce: 2837 });
  });

  it('avalanche-bridge: a cancel leaves the next nonce at the cap (a new blocker, the same cause)', async () => {
    const w = await world();
    const first = jamOf(await diag(w, 'avalanche-bridge'))!;
    await w.client.cancelTransaction('avalanche-bridge', first.blocker_id!);
    w.sb.clock.step(5);
    const next = jamOf(await diag(w, 'avalanche-bridge'))!;
    expect(next).toMatchObject({ cause: 'price_cap', blocker_nonce: first.blocker_nonce + 1, waiting: 1 });
  });
});

describe('a waiting transaction being canceled (v1.8\'s status lists hide it until its NOOP is mined)', () => {
  it('holesky-test: a cancel of nonce 2835 behind the blocker leaves a nonce held by none listed, counted and said', async () => {
    const w = await world();
    const before = jamOf(await diag(w, 'holesky-test'))!;
    expect(before).toMatchObject({ waiting: 5, unlisted_nonces: 0 });
    const behind = (await w.client.listTransactions('holesky-test', { perPage: 100 })).items.find((t) => Number(t.nonce) === 2835)!;
    expect(['sent', 'submitted']).toContain(behind.status);
    await w.client.cancelTransaction('holesky-test', behind.id);
    const after = jamOf(await diag(w, 'holesky-test'))!;
    expect(after).toMatchObject({ waiting: 4, unlisted_nonces: 1 });
    expect(jamWords('holesky-test', after, w.sb.clock.now(), { kind: 'keys' })).toContain("4 waiting, and 1 more nonce after it held by one being canceled (v1.8's status lists leave those out) or by none");
  });
});

describe('a status reading that is no evidence is not trusted (issue 51.1): what waits is read anyway', () => {
  it('holesky-test (never broadcast at 2834) stays jammed whatever its status says: a nonce of 0, missing, behind the chain, or at it with 7 pending', async () => {
    const w = await world();
    const r = await relayer(w.client, 'holesky-test');
    const trusted = jamOf(await diag(w, 'holesky-test'))!;
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ nonce: '0', pending_transactions_count: 7 }, { kind: 'status_nonce_zero' }],
      [{ pending_transactions_count: 7 }, { kind: 'status_nonce_missing' }],
      [{ nonce: '2800', pending_transactions_count: 7 }, { kind: 'status_nonce_below_chain', status_nonce: 2800 }],
      [{ nonce: '2834', pending_transactions_count: 7 }, { kind: 'pending_unaccounted', status_nonce: 2834, pending_count: 7 }],
    ];
    for (const [status, distrusted] of cases) {
      const jam = jamOf(await readJam(w.client, r, { now: w.sb.clock.now(), status }));
      expect(jam, JSON.stringify(status)).toMatchObject({ cause: 'never_broadcast', blocker_id: trusted.blocker_id, chain_nonce: 2834, relayer_nonce: trusted.relayer_nonce, waiting: trusted.waiting, distrusted });
    }
    expect(trusted.distrusted).toBeNull();
  });

  it('a relayer with nothing waiting is still clear under a nonce of 0, and says its status was not trusted', async () => {
    const w = await world({ traffic: false });
    const read = await readJam(w.client, await relayer(w.client, 'arbitrum-payouts'), { now: w.sb.clock.now(), status: { nonce: '0', pending_transactions_count: 0 } });
    expect(read).toMatchObject({ kind: 'diagnosed', diagnosis: { kind: 'clear', distrusted: { kind: 'status_nonce_zero' } } });
  });
});

describe('a read that meets a transaction as it is prepared (issue 54 / no false jam)', () => {
  it('linea-idle: a send taken, its nonce given between the read of the chain\'s nonce and the lists — the lists\' one at that nonce is the blocker, never "no transaction at its nonce"', async () => {
    const sb = await startSandbox({ port: 0, flavor: 'real' });
    sb.clock.stop();
    // The clock stepped as the by-nonce lookup answers: the server prepares the send then (its nonce, signed, sent), before the lists are read.
    let stepOn = false;
    const client = createRelayerClient({ baseUrl: sb.url, token: sb.token, onExchange: (e) => {
      if (stepOn && e.path.includes('/transactions/by-nonce/')) {
        stepOn = false;
        sb.clock.step(1);
      }
    } });
    open.push({ sb, client });
    await client.detectDialect();
    const r = await relayer(client, 'linea-idle');
    const tx = await client.sendTransaction('linea-idle', { to: r.address!, value: 1, data: '0x', gas_limit: 21000, speed: 'fast' });
    expect(String(tx.status)).toBe('pending');
    stepOn = true;
    const d = await readJam(client, r, { now: sb.clock.now() });
    expect(stepOn, 'the clock was stepped mid-read').toBe(false);
    expect(d, JSON.stringify(d, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).toMatchObject({ kind: 'diagnosed', diagnosis: { kind: 'clear' } });
  });
});
