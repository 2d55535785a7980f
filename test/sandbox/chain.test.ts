/**
 * The real flavour's chain and v1.8's machinery on it, over loopback HTTP, the clock stepped block by
 * block (never slept on): healthy traffic going through, each seeded jam staying jammed until the fix
 * the real server offers for it, then clearing — and the timings, in blocks, of v1.8's own rules.
 */
import { describe, it, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { allTxs, api, call, realSandboxes, type TxLike } from './http.js';

const GWEI = 1_000_000_000n;
const BLOCK_S = 2;
const { sandbox, rpc } = realSandboxes('chain-token');

async function address(sb: Sandbox, relayer: string): Promise<string> {
  return (await call(sb, 'GET', api(`/relayers/${relayer}`))).json.data.address;
}
async function chainNonce(sb: Sandbox, relayer: string): Promise<number> {
  return Number(await rpc(sb, relayer, 'eth_getTransactionCount', [await address(sb, relayer), 'latest']));
}
async function byNonce(sb: Sandbox, relayer: string, nonce: number): Promise<TxLike> {
  const r = await call(sb, 'GET', api(`/relayers/${relayer}/transactions/by-nonce/${nonce}`));
  expect(r.status, `${relayer} nonce ${nonce}`).toBe(200);
  return r.json.data;
}
const notFinal = (txs: TxLike[]) => txs.filter((t) => ['pending', 'sent', 'submitted', 'mined'].includes(t.status));
/** Steps one block at a time until `done` holds; the number of blocks it took (fails past `max`). */
async function blocksUntil(sb: Sandbox, done: () => Promise<boolean>, max: number, what: string): Promise<number> {
  for (let n = 1; n <= max; n++) {
    sb.clock.step(1);
    if (await done()) return n;
  }
  throw new Error(`${what}: not within ${max} blocks`);
}

describe('the clock', () => {
  it('stands still unless stepped: nothing moves between reads; a step is one block, 2 s later', async () => {
    const sb = await sandbox();
    const before = await allTxs(sb, 'sepolia-main');
    const t0 = sb.clock.now();
    expect(await allTxs(sb, 'sepolia-main')).toEqual(before);
    expect(sb.clock.now()).toBe(t0);
    const head = Number(await rpc(sb, 'sepolia-main', 'eth_blockNumber'));
    sb.clock.step(3);
    expect(sb.clock.now() - t0).toBe(3 * BLOCK_S * 1000);
    expect(Number(await rpc(sb, 'sepolia-main', 'eth_blockNumber'))).toBe(head + 3);
  });
});

describe('healthy traffic', () => {
  it('new transactions every few seconds go through within seconds: none non-final older than 30 s, never flagged by their age', async () => {
    const sb = await sandbox();
    const seen = new Set((await allTxs(sb, 'sepolia-main')).map((t) => t.id));
    sb.clock.step(60); // two minutes
    const txs = await allTxs(sb, 'sepolia-main');
    const fresh = txs.filter((t) => !seen.has(t.id));
    expect(fresh.length).toBeGreaterThanOrEqual(10);
    expect(fresh.filter((t) => t.status === 'confirmed').length).toBeGreaterThanOrEqual(5);
    const now = sb.clock.now();
    for (const t of notFinal(txs)) expect(now - Date.parse(String(t.created_at)), `${t.id} ${t.status}`).toBeLessThanOrEqual(30_000);
    // A few always in flight: at the end of every block, some not final.
    let inFlight = 0;
    for (let i = 0; i < 10; i++) {
      sb.clock.step(1);
      inFlight += notFinal(await allTxs(sb, 'sepolia-main')).length > 0 ? 1 : 0;
    }
    expect(inFlight).toBeGreaterThanOrEqual(8);
    // /status follows: the pending count is what is pending, sent or submitted; the counter above every nonce.
    const st = (await call(sb, 'GET', api('/relayers/sepolia-main/status'))).json.data;
    const now2 = await allTxs(sb, 'sepolia-main');
    expect(st.pending_transactions_count).toBe(now2.filter((t) => ['pending', 'sent', 'submitted'].includes(t.status)).length);
    expect(Number(st.nonce)).toBe(Math.max(...now2.filter((t) => t.nonce !== null).map((t) => t.nonce as number)) + 1);
  });

  it('a transaction is prepared (nonce, price from its speed, signed) and broadcast at the block after it arrived, mined at the next, confirmed after the network\'s confirmations (sepolia: 6)', async () => {
    const sb = await sandbox();
    const seen = new Set((await allTxs(sb, 'sepolia-main')).map((t) => t.id));
    let fresh: TxLike | undefined;
    await blocksUntil(sb, async () => {
      fresh = (await allTxs(sb, 'sepolia-main')).find((t) => !seen.has(t.id));
      return fresh !== undefined;
    }, 10, 'a new transaction');
    expect(fresh).toMatchObject({ status: 'pending', nonce: null, hash: null, sent_at: null });
    sb.clock.step(1);
    const t1 = (await call(sb, 'GET', api(`/relayers/sepolia-main/transactions/${fresh!.id}`))).json.data;
    expect(t1).toMatchObject({ status: 'submitted', nonce: expect.any(Number), hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), sent_at: expect.any(String) });
    sb.clock.step(1);
    expect((await call(sb, 'GET', api(`/relayers/sepolia-main/transactions/${fresh!.id}`))).json.data.status).toBe('mined');
    sb.clock.step(5);
    expect((await call(sb, 'GET', api(`/relayers/sepolia-main/transactions/${fresh!.id}`))).json.data.status).toBe('mined');
    sb.clock.step(1);
    const done = (await call(sb, 'GET', api(`/relayers/sepolia-main/transactions/${fresh!.id}`))).json.data;
    expect(done).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });
    const receipt = (await rpc(sb, 'sepolia-main', 'eth_getTransactionReceipt', [done.hash])) as Record<string, string>;
    expect(receipt).toMatchObject({ transactionHash: done.hash, status: '0x1' });
  });

  it('a pending one past the prepare timeout (2 min) fails with v1.8\'s reason', async () => {
    const sb = await sandbox();
    const old = (await allTxs(sb, 'holesky-test')).filter((t) => t.status === 'pending');
    expect(old.length).toBe(3);
    sb.clock.step(1);
    for (const t of old) {
      expect((await call(sb, 'GET', api(`/relayers/holesky-test/transactions/${t.id}`))).json.data).toMatchObject({
        status: 'failed',
        status_reason: 'Transaction in Pending state for over 2 minutes. Replacing with NOOP.',
      });
    }
  });
});

describe('holesky-test: never broadcast (the node refuses every re-send)', () => {
  it('stays jammed: its blocker signed, never broadcast, unknown to the node, for an hour of blocks', async () => {
    const sb = await sandbox();
    const blocker = await byNonce(sb, 'holesky-test', 2834);
    expect(blocker).toMatchObject({ status: 'sent', sent_at: null, speed: 'safeLow' });
    sb.clock.step(1800);
    expect(await chainNonce(sb, 'holesky-test')).toBe(2834);
    const still = await byNonce(sb, 'holesky-test', 2834);
    expect(still).toMatchObject({ id: blocker.id, status: 'sent', sent_at: null, hash: blocker.hash, max_priority_fee_per_gas: blocker.max_priority_fee_per_gas });
    expect(await rpc(sb, 'holesky-test', 'eth_getTransactionByHash', [blocker.hash])).toBeNull();
    // What waits behind it was broadcast and is known, not mined.
    for (const n of [2835, 2836]) {
      const t = await byNonce(sb, 'holesky-test', n);
      expect(t.status).toBe('submitted');
      expect(await rpc(sb, 'holesky-test', 'eth_getTransactionByHash', [t.hash])).toMatchObject({ blockNumber: null });
    }
  });

  it('a cancel clears it: the NOOP broadcast at the next block, mined at the one after, canceled 6 confirmations later; the two behind go through', async () => {
    const sb = await sandbox();
    const blocker = await byNonce(sb, 'holesky-test', 2834);
    const res = await call(sb, 'DELETE', api(`/relayers/holesky-test/transactions/${blocker.id}`));
    expect(res.json.data).toMatchObject({ status: 'sent', is_canceled: true, hash: blocker.hash });
    sb.clock.step(1);
    const noop = await byNonce(sb, 'holesky-test', 2834);
    expect(noop).toMatchObject({ status: 'submitted', value: '0x0', data: '0x', speed: 'fast', is_canceled: true });
    expect(noop.hash).not.toBe(blocker.hash);
    expect(noop.to).toBe(noop.from);
    sb.clock.step(1);
    expect((await byNonce(sb, 'holesky-test', 2834)).status).toBe('mined');
    expect(await chainNonce(sb, 'holesky-test')).toBeGreaterThanOrEqual(2835);
    const blocks = await blocksUntil(sb, async () => (await chainNonce(sb, 'holesky-test')) === 2837, 5, 'the two behind');
    expect(blocks).toBeLessThanOrEqual(2);
    await blocksUntil(sb, async () => (await byNonce(sb, 'holesky-test', 2834)).status === 'canceled', 6, 'canceled');
    expect((await call(sb, 'GET', api('/relayers/holesky-test/status'))).json.data.nonce).toBe('2837');
  });

  it('a bump at safeLow is refused again; a bump at fast clears it (asked prices ignored: for_replacement)', async () => {
    const sb = await sandbox();
    const blocker = await byNonce(sb, 'holesky-test', 2834);
    const body = { to: blocker.to, value: 0, data: blocker.data, gas_limit: 21000, speed: 'safeLow', max_fee_per_gas: 500_000_000_000, max_priority_fee_per_gas: 400_000_000_000 };
    const slow = await call(sb, 'PUT', api(`/relayers/holesky-test/transactions/${blocker.id}`), { body });
    expect(slow.status, slow.text).toBe(200);
    expect(slow.json.data).toMatchObject({ status: 'sent', nonce: 2834, sent_at: null });
    expect(BigInt(slow.json.data.max_priority_fee_per_gas)).toBeLessThan(GWEI);
    sb.clock.step(20);
    expect(await chainNonce(sb, 'holesky-test')).toBe(2834);
    expect((await byNonce(sb, 'holesky-test', 2834)).status).toBe('sent');
    const fast = await call(sb, 'PUT', api(`/relayers/holesky-test/transactions/${blocker.id}`), { body: { ...body, speed: 'fast' } });
    expect(BigInt(fast.json.data.max_priority_fee_per_gas)).toBeGreaterThanOrEqual(GWEI);
    const took = await blocksUntil(sb, async () => (await chainNonce(sb, 'holesky-test')) === 2837, 6, 'cleared');
    expect(took).toBeLessThanOrEqual(3);
    expect((await byNonce(sb, 'holesky-test', 2834)).status).toMatch(/^(mined|confirmed)$/);
  });
});

describe('avalanche-bridge: at its gas_price_cap while the network asks more (#808)', () => {
  it('re-pricing stops at the cap for an hour; the network asks 55 gwei; the cap is 30', async () => {
    const sb = await sandbox();
    expect(BigInt(String(await rpc(sb, 'avalanche-bridge', 'eth_gasPrice')))).toBe(55n * GWEI);
    const relayer = (await call(sb, 'GET', api('/relayers/avalanche-bridge'))).json.data;
    expect(relayer.policies.gas_price_cap).toBe(30_000_000_000);
    const n = await chainNonce(sb, 'avalanche-bridge');
    const blocker = await byNonce(sb, 'avalanche-bridge', n);
    expect(blocker).toMatchObject({ status: 'submitted', max_fee_per_gas: String(30n * GWEI) });
    sb.clock.step(1800);
    expect(await chainNonce(sb, 'avalanche-bridge')).toBe(n);
    expect(await byNonce(sb, 'avalanche-bridge', n)).toMatchObject({ hash: blocker.hash, max_fee_per_gas: String(30n * GWEI), sent_at: blocker.sent_at });
  });

  it('a cancel\'s NOOP is not held to the cap: it clears its own nonce only, the next waits at the cap', async () => {
    const sb = await sandbox();
    const n = await chainNonce(sb, 'avalanche-bridge');
    const blocker = await byNonce(sb, 'avalanche-bridge', n);
    await call(sb, 'DELETE', api(`/relayers/avalanche-bridge/transactions/${blocker.id}`));
    sb.clock.step(1);
    expect(BigInt((await byNonce(sb, 'avalanche-bridge', n)).max_fee_per_gas as string)).toBeGreaterThan(55n * GWEI);
    sb.clock.step(3);
    expect((await byNonce(sb, 'avalanche-bridge', n)).status).toBe('canceled');
    sb.clock.step(300);
    expect(await chainNonce(sb, 'avalanche-bridge')).toBe(n + 1);
  });

  it('raising the cap clears it at the next re-price; a raised cap still under the network re-prices once, then waits twice as long (2^(hashes-1))', async () => {
    const sb = await sandbox();
    const n = await chainNonce(sb, 'avalanche-bridge');
    const blocker = await byNonce(sb, 'avalanche-bridge', n);
    const patch = async (cap: number) => {
      const r = await call(sb, 'PATCH', api('/relayers/avalanche-bridge'), { body: { policies: { gas_price_cap: cap } } });
      expect(r.status).toBe(200);
      expect(r.json.data.policies.gas_price_cap).toBe(cap);
    };
    await patch(40_000_000_000);
    sb.clock.step(1); // due long ago (fast: 3 min): re-priced to the new cap, broadcast, not mined
    const once = await byNonce(sb, 'avalanche-bridge', n);
    expect(once).toMatchObject({ status: 'submitted', max_fee_per_gas: String(40n * GWEI) });
    expect(once.hash).not.toBe(blocker.hash);
    await patch(66_000_000_000);
    // Two hashes: the next re-price is 6 minutes after this broadcast.
    sb.clock.step(179);
    expect((await byNonce(sb, 'avalanche-bridge', n)).hash).toBe(once.hash);
    const blocks = await blocksUntil(sb, async () => (await chainNonce(sb, 'avalanche-bridge')) > n, 5, 'cleared');
    expect(179 + blocks).toBeGreaterThanOrEqual(180);
    const after = await byNonce(sb, 'avalanche-bridge', n);
    expect(BigInt(after.max_fee_per_gas as string)).toBe(66n * GWEI);
    expect(await blocksUntil(sb, async () => (await chainNonce(sb, 'avalanche-bridge')) === n + 3, 200, 'the rest')).toBeLessThanOrEqual(200);
  });
});

describe('optimism-relay: the counter ran ahead of the chain (#818)', () => {
  it('no transaction at the chain\'s nonce; v1.8\'s nonce-health job fills it with a NOOP about a minute in, and it clears', async () => {
    const sb = await sandbox();
    const n = await chainNonce(sb, 'optimism-relay');
    expect((await call(sb, 'GET', api(`/relayers/optimism-relay/transactions/by-nonce/${n}`))).status).toBe(404);
    expect((await byNonce(sb, 'optimism-relay', n + 1)).status).toBe('submitted');
    const blocks = await blocksUntil(sb, async () => (await chainNonce(sb, 'optimism-relay')) > n + 2, 60, 'filled');
    expect(blocks * BLOCK_S).toBeGreaterThanOrEqual(50);
    expect(blocks * BLOCK_S).toBeLessThanOrEqual(75);
    const noop = await byNonce(sb, 'optimism-relay', n);
    expect(noop).toMatchObject({ status_reason: `Gap-filling NOOP for nonce ${n}`, value: '0x0', is_canceled: false });
    expect(noop.to).toBe(noop.from);
  });

  it('with the filler off (#843) it never clears; --time-scale 10 brings the filler ten times sooner', async () => {
    const off = await sandbox({ gapFiller: false });
    const n = await chainNonce(off, 'optimism-relay');
    off.clock.step(900);
    expect(await chainNonce(off, 'optimism-relay')).toBe(n);
    const quick = await sandbox({ timeScale: 10 });
    const blocks = await blocksUntil(quick, async () => (await chainNonce(quick, 'optimism-relay')) > n + 2, 20, 'filled');
    expect(blocks * BLOCK_S).toBeLessThanOrEqual(12);
  });
});

describe('paused and disabled', () => {
  it('a paused relayer refuses new work (403) and its transactions keep going', async () => {
    const sb = await sandbox();
    const txs = notFinal(await allTxs(sb, 'mainnet-hot'));
    expect(txs.length).toBeGreaterThan(0);
    expect((await call(sb, 'POST', api('/relayers/mainnet-hot/rpc'), { body: { jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: 1 } })).status).toBe(403);
    expect((await call(sb, 'DELETE', api(`/relayers/mainnet-hot/transactions/${txs[0]!.id}`))).status).toBe(403);
    sb.clock.step(20);
    expect(notFinal(await allTxs(sb, 'mainnet-hot'))).toEqual([]);
  });

  it('base-batch, disabled by its balance, is enabled by v1.8\'s health check once funded (the sandbox\'s faucet)', async () => {
    const sb = await sandbox();
    sb.clock.step(60);
    expect((await call(sb, 'GET', api('/relayers/base-batch'))).json.data.system_disabled).toBe(true);
    const funded = await call(sb, 'POST', '/sandbox/relayers/base-batch/fund', { body: '' });
    expect(funded.status).toBe(200);
    expect(BigInt(funded.json.data.balance)).toBeGreaterThanOrEqual(5_000_000_000_000_000n);
    expect(BigInt((await call(sb, 'GET', api('/relayers/base-batch/status'))).json.data.balance)).toBe(BigInt(funded.json.data.balance));
    const blocks = await blocksUntil(sb, async () => (await call(sb, 'GET', api('/relayers/base-batch'))).json.data.system_disabled === false, 31, 'enabled');
    expect(blocks * BLOCK_S).toBeLessThanOrEqual(60);
    expect((await call(sb, 'GET', api('/relayers/base-batch'))).json.data.disabled_reason).toBeUndefined();
    expect((await call(sb, 'POST', '/sandbox/relayers/base-batch/fund', { token: 'wrong' })).status).toBe(401);
  });
});

describe('the node\'s answers', () => {
  it('fee history, blocks and prices follow the chain (a --gas-spike holds a network\'s price)', async () => {
    const sb = await sandbox({ gasSpikes: { sepolia: 80 } });
    expect(BigInt(String(await rpc(sb, 'sepolia-main', 'eth_gasPrice')))).toBe(80n * GWEI);
    // One network, one price: bulk-1m (on sepolia too) reads the same (a walk read two).
    expect(BigInt(String(await rpc(sb, 'bulk-1m', 'eth_gasPrice')))).toBe(80n * GWEI);
    sb.clock.step(5);
    expect(await rpc(sb, 'bulk-1m', 'eth_gasPrice')).toBe(await rpc(sb, 'sepolia-main', 'eth_gasPrice'));
    expect(await rpc(sb, 'bulk-1m', 'eth_maxPriorityFeePerGas')).toBe(await rpc(sb, 'sepolia-main', 'eth_maxPriorityFeePerGas'));
    const head = Number(await rpc(sb, 'sepolia-main', 'eth_blockNumber'));
    const history = (await rpc(sb, 'sepolia-main', 'eth_feeHistory', ['0x4', 'latest', [30, 50, 85, 99]])) as { oldestBlock: string; baseFeePerGas: string[]; reward: string[][] };
    expect(Number(history.oldestBlock)).toBe(head - 3);
    expect(history.baseFeePerGas).toHaveLength(5);
    expect(history.reward).toHaveLength(4);
    expect(history.reward[0]!.map((x) => BigInt(x))).toEqual([...history.reward[0]!.map((x) => BigInt(x))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const block = (await rpc(sb, 'sepolia-main', 'eth_getBlockByNumber', ['latest', false])) as Record<string, string>;
    expect(Number(block.number)).toBe(head);
    expect(BigInt(block.baseFeePerGas!) + BigInt(String(await rpc(sb, 'sepolia-main', 'eth_maxPriorityFeePerGas')))).toBe(80n * GWEI);
    expect(BigInt(String(await rpc(sb, 'sepolia-main', 'eth_getBalance', [await address(sb, 'sepolia-main'), 'latest'])))).toBe(BigInt((await call(sb, 'GET', api('/relayers/sepolia-main/status'))).json.data.balance));
  });

  it('bounds: bulk-1m is on the chain, its newest go through as any busy relayer\'s (no jam that stands for ever); a relayer keeps at most 2,000 transactions', async () => {
    const sb = await sandbox();
    expect(sb.chain!.covers('bulk-1m')).toBe(true);
    sb.clock.step(10);
    const open = (await call(sb, 'GET', api('/relayers/bulk-1m/status'))).json.data as { nonce: string; pending_transactions_count: number };
    expect(open.pending_transactions_count).toBe(0);
    expect(Number(await rpc(sb, 'bulk-1m', 'eth_getTransactionCount', [await address(sb, 'bulk-1m'), 'latest']))).toBe(Number(open.nonce));
    sb.clock.step(3000);
    expect((await call(sb, 'GET', api('/relayers/sepolia-main/transactions?per_page=1'))).json.pagination.total_items).toBeLessThanOrEqual(2000);
  });
});
