/**
 * The real server's operator actions in the sandbox's real flavour, over loopback HTTP: the EVM
 * lifecycle its fields show, the jam, cancel, cancel-all-pending, pause/resume, readiness, plugins,
 * the JSON-RPC passthrough — and the contract flavour, which has none of them (404).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { BULK_RELAYER_ID, PLUGIN_IDS, parseSandboxArgs, runSandboxCli, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { allTxs, api, call, type Reply, type TxLike } from './http.js';

const EVM_RELAYERS = ['sepolia-main', 'mainnet-hot', 'polygon-ops', 'base-batch', 'arbitrum-payouts', 'optimism-relay', 'bsc-treasury', 'avalanche-bridge', 'holesky-test', 'linea-idle'];
const JAM = 'holesky-test';
const MIN = 60_000;

let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real', token: 'actions-token' });
});
afterAll(async () => {
  await sb.close();
});

const age = (t: TxLike) => Date.now() - Date.parse(String(t.created_at));
const nonces = (txs: TxLike[]) => txs.filter((t) => t.nonce !== null).map((t) => t.nonce as number);

describe('real flavour: the EVM lifecycle as the fields show it', () => {
  it('pending has no nonce, hash or sent_at; sent is signed but not broadcast; submitted on is broadcast', async () => {
    for (const id of EVM_RELAYERS) {
      for (const t of await allTxs(sb, id)) {
        const where = `${id} ${t.status} ${t.id}`;
        if (t.status === 'pending') expect([t.nonce, t.hash, t.signature, t.sent_at], where).toEqual([null, null, null, null]);
        if (t.status === 'sent') {
          expect(t.nonce, where).toEqual(expect.any(Number));
          expect(t.hash, where).toMatch(/^0x[0-9a-f]{64}$/);
          expect(t.sent_at, where).toBeNull();
        }
        if (['submitted', 'mined', 'confirmed'].includes(t.status)) expect(t.sent_at, where).toEqual(expect.any(String));
      }
    }
    const bulk = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions?per_page=5`));
    expect(bulk.json.data.map((t: TxLike) => [t.status, t.nonce, t.sent_at === null])).toEqual([
      ['pending', null, true],
      ['pending', null, true],
      ['sent', 999997, true],
      ['submitted', 999996, false],
      ['submitted', 999995, false],
    ]);
  });

  it('signed nonces have no hole, and /status says the next one, above them all — but optimism-relay, whose counter ran ahead (#818)', async () => {
    for (const id of EVM_RELAYERS) {
      const ns = nonces(await allTxs(sb, id)).sort((a, b) => a - b);
      const st = await call(sb, 'GET', api(`/relayers/${id}/status`));
      expect(st.json.data.nonce, id).toBe(String(ns.length ? ns[ns.length - 1]! + 1 : 0));
      if (id === 'optimism-relay') {
        // One hole, at the chain's nonce: nothing holds it.
        const holes = ns.slice(1).flatMap((n, i) => (n === ns[i]! + 1 ? [] : [ns[i]! + 1]));
        const chain = Number(BigInt((await rpc(sb, id, 'eth_getTransactionCount', [await addressOf(sb, id), 'latest'])).json.result));
        expect(holes).toEqual([chain]);
      } else ns.forEach((n, i) => expect(n, id).toBe(ns[0]! + i));
    }
  });

  it('a healthy relayer has a few transactions in flight, none old (the chain moves them: no hand-made stuck seeds)', async () => {
    for (const id of ['sepolia-main', 'arbitrum-payouts']) {
      const open = (await allTxs(sb, id)).filter((t) => ['pending', 'sent', 'submitted', 'mined'].includes(t.status));
      expect(open.length, id).toBeGreaterThanOrEqual(3);
      for (const t of open) expect(Date.parse(String(t.created_at)) > sb.clock.now() - MIN, `${id} ${t.status}`).toBe(true);
    }
  });

  it('the contract flavour keeps its own seeds (holesky-test: a sent one without a hash)', async () => {
    const contract = await startSandbox({ port: 0 });
    try {
      const txs = await allTxs(contract, JAM);
      expect(txs.some((t) => t.status === 'sent' && t.hash === null)).toBe(true);
      expect(txs.every((t) => typeof t.nonce === 'number')).toBe(true);
    } finally {
      await contract.close();
    }
  });
});

const RFC3339_NS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}\+00:00$/;
const PAUSED = { success: false, data: null, error: 'Relayer paused' };
const DISABLED = { success: false, data: null, error: 'Relayer disabled' };
const rpc = (s: Sandbox, relayer: string, method: string, params?: unknown[], id: unknown = 1) =>
  call(s, 'POST', api(`/relayers/${relayer}/rpc`), { body: { jsonrpc: '2.0', method, ...(params ? { params } : {}), id } });
const statusOf = async (s: Sandbox, relayer: string) => (await call(s, 'GET', api(`/relayers/${relayer}/status`))).json.data;
const addressOf = async (s: Sandbox, relayer: string): Promise<string> => (await call(s, 'GET', api(`/relayers/${relayer}`))).json.data.address;
const nodeError = (code: number) => ({ code: -32603, message: 'Internal error', description: `RPC error occurred (code: ${code})` });
const isJson = (r: Reply) => expect(r.contentType).toMatch(/^application\/json/);

/** Its own sandbox, for tests that change state. */
async function fresh(): Promise<Sandbox> {
  return startSandbox({ port: 0, flavor: 'real' });
}

describe('real flavour: the jam (holesky-test)', () => {
  it("its lowest nonce is a sent transaction never broadcast, 10+ minutes old: the chain's nonce, below /status's", async () => {
    const txs = await allTxs(sb, JAM);
    const address = await addressOf(sb, JAM);
    const latest = await rpc(sb, JAM, 'eth_getTransactionCount', [address, 'latest']);
    expect(latest.status).toBe(200);
    isJson(latest);
    const n = Number(BigInt(latest.json.result));
    expect(latest.json).toEqual({ jsonrpc: '2.0', result: `0x${n.toString(16)}`, id: 1 });
    // The transaction holding the chain's nonce: signed, never broadcast, long ago.
    const byNonce = await call(sb, 'GET', api(`/relayers/${JAM}/transactions/by-nonce/${n}`));
    expect(byNonce.status).toBe(200);
    const blocker = byNonce.json.data as TxLike;
    expect(blocker).toMatchObject({ status: 'sent', sent_at: null, nonce: n, is_canceled: false });
    expect(blocker.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(age(blocker)).toBeGreaterThan(10 * MIN);
    // It is the lowest nonce not final; the ones above it wait, signed or broadcast.
    const notFinal = txs.filter((t) => ['sent', 'submitted', 'mined'].includes(t.status));
    expect(Math.min(...nonces(notFinal))).toBe(n);
    const above = notFinal.filter((t) => (t.nonce as number) > n);
    expect(above.length).toBeGreaterThanOrEqual(2);
    expect(above.every((t) => t.status === 'submitted' || t.status === 'sent')).toBe(true);
    expect(above.some((t) => t.status === 'submitted')).toBe(true);
    // Everything below it is on the chain.
    expect(txs.filter((t) => t.nonce !== null && (t.nonce as number) < n).every((t) => ['confirmed', 'failed', 'expired', 'canceled'].includes(t.status))).toBe(true);
    // The relayer's own counter is above every nonce it assigned, so above the chain's.
    const status = await statusOf(sb, JAM);
    expect(Number(status.nonce)).toBe(Math.max(...nonces(txs)) + 1);
    expect(Number(status.nonce)).toBeGreaterThan(n);
    // The node's mempool cannot run past a nonce it never saw, and does not know the blocker.
    expect((await rpc(sb, JAM, 'eth_getTransactionCount', [address, 'pending'])).json.result).toBe(`0x${n.toString(16)}`);
    expect((await rpc(sb, JAM, 'eth_getTransactionByHash', [blocker.hash])).json).toEqual({ jsonrpc: '2.0', result: null, id: 1 });
    const waiting = above.find((t) => t.status === 'submitted')!;
    const seen = (await rpc(sb, JAM, 'eth_getTransactionByHash', [waiting.hash])).json.result;
    expect(seen).toMatchObject({ hash: waiting.hash, nonce: `0x${(waiting.nonce as number).toString(16)}`, blockNumber: null, from: address });
    // And it has old pending ones waiting to be signed.
    expect(txs.filter((t) => t.status === 'pending' && age(t) > 5 * MIN).length).toBe(3);
  });

  it("every other EVM relayer's chain nonce is its lowest nonce not on the chain, or its next one", async () => {
    // optimism-relay's counter ran ahead of the chain: its chain nonce is held by nothing (#818).
    for (const id of [...EVM_RELAYERS.filter((r) => r !== JAM && r !== 'mainnet-hot' && r !== 'polygon-ops' && r !== 'base-batch' && r !== 'optimism-relay'), BULK_RELAYER_ID]) {
      const txs = id === BULK_RELAYER_ID ? (await call(sb, 'GET', api(`/relayers/${id}/transactions?per_page=50`))).json.data : await allTxs(sb, id);
      const offChain = nonces(txs.filter((t: TxLike) => t.status === 'sent' || t.status === 'submitted'));
      const next = Number((await statusOf(sb, id)).nonce);
      const latest = await rpc(sb, id, 'eth_getTransactionCount', [await addressOf(sb, id), 'latest']);
      expect(Number(BigInt(latest.json.result)), id).toBe(offChain.length ? Math.min(...offChain) : next);
      // Not jammed: nothing signed and never broadcast below a broadcast one.
      const sent = nonces(txs.filter((t: TxLike) => t.status === 'sent'));
      const submitted = nonces(txs.filter((t: TxLike) => t.status === 'submitted'));
      if (sent.length && submitted.length) expect(Math.min(...sent), id).toBeGreaterThan(Math.max(...submitted));
    }
  });
});

describe('real flavour: JSON-RPC passthrough', () => {
  it('answers the read-only methods bare, from the relayer\'s data', async () => {
    const address = await addressOf(sb, 'sepolia-main');
    expect((await rpc(sb, 'sepolia-main', 'eth_chainId')).text).toBe('{"jsonrpc":"2.0","result":"0xaa36a7","id":1}');
    expect((await rpc(sb, 'holesky-test', 'eth_chainId', [], 'x')).json).toEqual({ jsonrpc: '2.0', result: '0x4268', id: 'x' });
    expect((await rpc(sb, 'sepolia-main', 'net_version')).json.result).toBe('11155111');
    const block = await rpc(sb, 'sepolia-main', 'eth_blockNumber', []);
    expect(block.json.result).toMatch(/^0x[0-9a-f]+$/);
    expect(Number(BigInt(block.json.result))).toBeGreaterThan(5_000_000);
    expect((await rpc(sb, 'sepolia-main', 'eth_gasPrice')).json.result).toMatch(/^0x[0-9a-f]+$/);
    const balance = await rpc(sb, 'sepolia-main', 'eth_getBalance', [address, 'latest']);
    expect(BigInt(balance.json.result).toString()).toBe((await statusOf(sb, 'sepolia-main')).balance);
    expect((await rpc(sb, 'sepolia-main', 'eth_getBalance', [`0x${'1'.repeat(40)}`, 'latest'])).json.result).toBe('0x0');
    expect((await rpc(sb, 'sepolia-main', 'eth_getTransactionCount', [address.toUpperCase().replace('0X', '0x'), 'earliest'])).json.result).toBe('0x0');
    // "pending" counts the broadcast ones that follow the chain's nonce without a hole.
    const latest = Number(BigInt((await rpc(sb, 'sepolia-main', 'eth_getTransactionCount', [address, 'latest'])).json.result));
    const pending = Number(BigInt((await rpc(sb, 'sepolia-main', 'eth_getTransactionCount', [address, 'pending'])).json.result));
    expect(pending).toBeGreaterThan(latest);
    // A mined one has a receipt; a broadcast one none yet.
    const txs = await allTxs(sb, 'sepolia-main');
    const mined = txs.find((t) => t.status === 'confirmed')!;
    expect((await rpc(sb, 'sepolia-main', 'eth_getTransactionReceipt', [mined.hash])).json.result).toMatchObject({ transactionHash: mined.hash, status: '0x1' });
    const waiting = txs.find((t) => t.status === 'submitted')!;
    expect((await rpc(sb, 'sepolia-main', 'eth_getTransactionReceipt', [waiting.hash])).json.result).toBeNull();
  });

  it("passes a node's refusal on as the real server does: -32603 with the node's code in the description", async () => {
    const unknown = await rpc(sb, 'sepolia-main', 'debug_traceTransaction', ['0x00']);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ jsonrpc: '2.0', error: nodeError(-32601), id: 1 });
    const send = await rpc(sb, 'sepolia-main', 'eth_sendRawTransaction', ['0xf86c'], 7);
    expect(send.json).toEqual({ jsonrpc: '2.0', error: nodeError(-32000), id: 7 });
    expect((await rpc(sb, 'sepolia-main', 'eth_getBalance', [])).json.error).toEqual(nodeError(-32602));
    // id: absent is 1, null is left out; anything else is refused before the node is asked.
    const noId = await call(sb, 'POST', api('/relayers/sepolia-main/rpc'), { body: { jsonrpc: '2.0', method: 'eth_chainId' } });
    expect(noId.json).toEqual({ jsonrpc: '2.0', result: '0xaa36a7', id: 1 });
    expect((await rpc(sb, 'sepolia-main', 'eth_chainId', [], null)).text).toBe('{"jsonrpc":"2.0","result":"0xaa36a7"}');
    const badId = await rpc(sb, 'sepolia-main', 'eth_chainId', [], 1.5);
    expect([badId.status, badId.json]).toEqual([400, { success: false, data: null, error: "Invalid 'id' field: must be a string, integer, or null" }]);
    const noMethod = await call(sb, 'POST', api('/relayers/sepolia-main/rpc'), { body: { jsonrpc: '2.0', id: 1 } });
    expect([noMethod.status, noMethod.json]).toEqual([400, { success: false, data: null, error: "Missing 'method' field" }]);
    const malformed = await call(sb, 'POST', api('/relayers/sepolia-main/rpc'), { body: '{"method":' });
    expect(malformed.status).toBe(400);
    expect(malformed.contentType).toMatch(/^text\/plain/);
    expect(malformed.text).toMatch(/^Json deserialize error: /);
  });

  it('404s an unknown relayer and 403s a paused or disabled one; Stellar and Solana nodes know no eth_ method', async () => {
    const nf = await rpc(sb, 'ghost', 'eth_chainId');
    expect([nf.status, nf.json]).toEqual([404, { success: false, data: null, error: 'Relayer with ID ghost not found' }]);
    const paused = await rpc(sb, 'mainnet-hot', 'eth_chainId');
    expect([paused.status, paused.json]).toEqual([403, PAUSED]);
    const disabled = await rpc(sb, 'polygon-ops', 'eth_chainId');
    expect([disabled.status, disabled.json]).toEqual([403, DISABLED]);
    expect((await rpc(sb, 'stellar-testnet', 'eth_chainId')).json).toEqual({ jsonrpc: '2.0', error: nodeError(-32601), id: 1 });
    const sol = await rpc(sb, 'solana-devnet', 'eth_chainId');
    expect(sol.status).toBe(500);
    expect(sol.json).toMatchObject({ success: false, data: null, error: expect.stringMatching(/^RPC error: /) });
  });

  it('records every method received, sent or not (sandbox.rpcCalls and the request log)', async () => {
    const s = await fresh();
    try {
      await rpc(s, 'sepolia-main', 'eth_blockNumber');
      await rpc(s, 'mainnet-hot', 'eth_sendRawTransaction', ['0xdead']); // 403, still received
      await call(s, 'POST', api('/relayers/sepolia-main/rpc'), { body: 'not json' });
      expect(s.rpcCalls).toEqual([
        { relayerId: 'sepolia-main', method: 'eth_blockNumber', params: null },
        { relayerId: 'mainnet-hot', method: 'eth_sendRawTransaction', params: ['0xdead'] },
      ]);
      expect(s.requests.filter((r) => r.rpcMethod).map((r) => r.rpcMethod)).toEqual(['eth_blockNumber', 'eth_sendRawTransaction']);
      expect(s.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/relayers/sepolia-main/rpc', body: 'not json' });
      expect(s.requests.at(-1)!.rpcMethod).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});

describe('real flavour: cancel', () => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await fresh();
  });
  afterAll(async () => {
    await s.close();
  });
  const cancel = (relayer: string, tx: string) => call(s, 'DELETE', api(`/relayers/${relayer}/transactions/${tx}`));

  it('a pending EVM transaction becomes canceled, and stays so', async () => {
    const tx = (await allTxs(s, 'sepolia-main')).find((t) => t.status === 'pending')!;
    const r = await cancel('sepolia-main', tx.id);
    expect(r.status).toBe(200);
    isJson(r);
    expect(r.json).toEqual({ success: true, data: { ...tx, status: 'canceled', status_reason: 'Transaction canceled by user' }, error: null });
    expect(sb.flavor).toBe('real');
    expect(s.getTransaction('sepolia-main', tx.id)).toEqual(r.json.data);
    const listed = await call(s, 'GET', api('/relayers/sepolia-main/transactions?status=canceled&per_page=100'));
    expect(listed.json.data.map((t: TxLike) => t.id)).toContain(tx.id);
  });

  it('a sent or submitted one keeps its status, nonce, hash and price and becomes a NOOP marked is_canceled', async () => {
    const txs = await allTxs(s, 'sepolia-main');
    const address = await addressOf(s, 'sepolia-main');
    for (const status of ['sent', 'submitted']) {
      const tx = txs.find((t) => t.status === status)!;
      const r = await cancel('sepolia-main', tx.id);
      expect(r.status, status).toBe(200);
      expect(r.json.data, status).toEqual({
        ...tx,
        value: '0x0',
        data: '0x',
        to: address,
        speed: 'fast',
        gas_limit: 21000,
        is_canceled: true,
        status_reason: 'Transaction canceled by user, replacing with NOOP',
      });
      // Hidden under its own (not final) status until the NOOP mines, as the real server lists it.
      const under = await call(s, 'GET', api(`/relayers/sepolia-main/transactions?status=${status}&per_page=100`));
      expect(under.json.data.map((t: TxLike) => t.id), status).not.toContain(tx.id);
      expect((await call(s, 'GET', api(`/relayers/sepolia-main/transactions/${tx.id}`))).json.data).toEqual(r.json.data);
    }
    // Arbitrum's NOOP has more gas (its L1 part).
    const arb = (await allTxs(s, 'arbitrum-payouts')).find((t) => t.status === 'submitted')!;
    expect((await cancel('arbitrum-payouts', arb.id)).json.data.gas_limit).toBe(50000);
  });

  it('refuses any other EVM status, and Solana; a Stellar one comes back unchanged', async () => {
    const confirmed = (await allTxs(s, 'sepolia-main')).find((t) => t.status === 'confirmed')!;
    const r = await cancel('sepolia-main', confirmed.id);
    expect([r.status, r.json]).toEqual([
      400,
      { success: false, data: null, error: 'Invalid transaction state for cancel_transaction. Current: Confirmed, Expected one of: [Pending, Sent, Submitted]' },
    ]);
    const mined = (await allTxs(s, 'sepolia-main')).find((t) => t.status === 'mined')!;
    expect((await cancel('sepolia-main', mined.id)).json.error).toMatch(/Current: Mined,/);
    const sol = (await allTxs(s, 'solana-devnet')).find((t) => t.status === 'pending')!;
    const solR = await cancel('solana-devnet', sol.id);
    expect([solR.status, solR.json]).toEqual([400, { success: false, data: null, error: 'Endpoint is not supported for Solana relayers' }]);
    for (const status of ['pending', 'confirmed']) {
      const xlm = (await allTxs(s, 'stellar-testnet')).find((t) => t.status === status)!;
      const x = await cancel('stellar-testnet', xlm.id);
      expect([x.status, x.json], status).toEqual([200, { success: true, data: xlm, error: null }]);
    }
  });

  it('checks in the real server\'s order: relayer 404, then 403 paused/disabled, then transaction 404', async () => {
    const nf = await cancel('ghost', 'x');
    expect([nf.status, nf.json]).toEqual([404, { success: false, data: null, error: 'Relayer with ID ghost not found' }]);
    expect([(await cancel('mainnet-hot', 'no-such-tx')).status, (await cancel('mainnet-hot', 'no-such-tx')).json]).toEqual([403, PAUSED]);
    const pausedTx = (await allTxs(s, 'mainnet-hot')).find((t) => t.status === 'pending')!;
    expect((await cancel('mainnet-hot', pausedTx.id)).json).toEqual(PAUSED);
    expect((await cancel('polygon-ops', 'no-such-tx')).json).toEqual(DISABLED);
    const tx = await cancel('sepolia-main', 'no-such-tx');
    expect([tx.status, tx.json]).toEqual([404, { success: false, data: null, error: 'Transaction with ID no-such-tx not found' }]);
  });
});

describe('real flavour: cancel every pending one (DELETE …/transactions/pending)', () => {
  it("queues every pending, sent and submitted one, newest first — and the queued job only broadcasts them (v1.8)", async () => {
    const s = await fresh();
    try {
      const before = await allTxs(s, 'sepolia-main');
      const open = before.filter((t) => ['pending', 'sent', 'submitted'].includes(t.status));
      const r = await call(s, 'DELETE', api('/relayers/sepolia-main/transactions/pending'));
      expect(r.status).toBe(200);
      isJson(r);
      expect(r.json).toEqual({
        success: true,
        data: { queued_for_cancellation_transaction_ids: open.map((t) => t.id), failed_to_queue_transaction_ids: [], total_processed: open.length },
        error: null,
      });
      const after = new Map((await allTxs(s, 'sepolia-main')).map((t) => [t.id, t]));
      for (const t of open) {
        const now = after.get(t.id)!;
        if (t.status === 'pending') expect(now, t.id).toEqual(t);
        else expect([now.status, now.is_canceled, typeof now.sent_at], t.id).toEqual(['submitted', false, 'string']);
      }
      // The jam's blocker is broadcast by it as it is signed — and the node refuses it again
      // (Holesky's floor): it stays signed; the other one signed is broadcast.
      const jam = await call(s, 'DELETE', api(`/relayers/${JAM}/transactions/pending`));
      expect(jam.json.data.total_processed).toBe(6);
      expect((await allTxs(s, JAM)).filter((t) => t.status === 'sent').map((t) => t.nonce)).toEqual([2834]);
    } finally {
      await s.close();
    }
  });

  it('Stellar queues nothing, Solana is refused, a paused or disabled relayer 403s, an unknown one 404s', async () => {
    const xlm = await call(sb, 'DELETE', api('/relayers/stellar-testnet/transactions/pending'));
    expect(xlm.json).toEqual({ success: true, data: { queued_for_cancellation_transaction_ids: [], failed_to_queue_transaction_ids: [], total_processed: 0 }, error: null });
    const sol = await call(sb, 'DELETE', api('/relayers/solana-devnet/transactions/pending'));
    expect([sol.status, sol.json]).toEqual([400, { success: false, data: null, error: 'Endpoint is not supported for Solana relayers' }]);
    expect((await call(sb, 'DELETE', api('/relayers/mainnet-hot/transactions/pending'))).json).toEqual(PAUSED);
    expect((await call(sb, 'DELETE', api('/relayers/base-batch/transactions/pending'))).json).toEqual(DISABLED);
    expect((await call(sb, 'DELETE', api('/relayers/ghost/transactions/pending'))).status).toBe(404);
  });
});

describe('real flavour: PATCH a relayer (pause / resume)', () => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await fresh();
  });
  afterAll(async () => {
    await s.close();
  });
  const patch = (relayer: string, body: unknown) => call(s, 'PATCH', api(`/relayers/${relayer}`), { body });

  it('pauses and resumes: only `paused` changes, answered as GET renders the relayer, and kept', async () => {
    const before = (await call(s, 'GET', api('/relayers/sepolia-main'))).json.data;
    const r = await patch('sepolia-main', { paused: true });
    expect(r.status).toBe(200);
    isJson(r);
    expect(r.json).toEqual({ success: true, data: { ...before, paused: true }, error: null });
    const list = await call(s, 'GET', api('/relayers?per_page=100'));
    expect(list.json.data.find((x: { id: string }) => x.id === 'sepolia-main').paused).toBe(true);
    expect((await statusOf(s, 'sepolia-main')).paused).toBe(true);
    // Paused: every action 403s, PATCH still works.
    const tx = (await allTxs(s, 'sepolia-main')).find((t) => t.status === 'pending')!;
    expect((await call(s, 'DELETE', api(`/relayers/sepolia-main/transactions/${tx.id}`))).json).toEqual(PAUSED);
    expect((await call(s, 'PUT', api(`/relayers/sepolia-main/transactions/${tx.id}`), { body: { value: 1 } })).json).toEqual(PAUSED);
    expect((await rpc(s, 'sepolia-main', 'eth_chainId')).json).toEqual(PAUSED);
    const resumed = await patch('sepolia-main', { paused: false });
    expect(resumed.json.data).toEqual(before);
    expect((await call(s, 'DELETE', api(`/relayers/sepolia-main/transactions/${tx.id}`))).status).toBe(200);
    // The paused seed resumes too.
    expect((await patch('mainnet-hot', { paused: false })).json.data.paused).toBe(false);
    expect((await rpc(s, 'mainnet-hot', 'eth_chainId')).json.result).toBe('0x1');
  });

  it('changes the name and the notification; refuses what the real server refuses', async () => {
    expect((await patch('arbitrum-payouts', { name: 'Payouts (L2)' })).json.data.name).toBe('Payouts (L2)');
    expect((await call(s, 'GET', api('/relayers/arbitrum-payouts'))).json.data.name).toBe('Payouts (L2)');
    expect((await patch('arbitrum-payouts', { notification_id: 'ops-webhook' })).json.data.notification_id).toBe('ops-webhook');
    expect((await patch('arbitrum-payouts', { notification_id: null })).json.data).not.toHaveProperty('notification_id');
    const cases: [string, unknown, number, string][] = [
      ['unknown field', { paused: true, colour: 'red' }, 400, 'Invalid update request: unknown field `colour`, expected one of `name`, `paused`, `policies`, `notification_id`, `custom_rpc_urls`'],
      ['wrong type', { paused: 'yes' }, 400, 'Invalid update request: invalid type: string "yes", expected a boolean'],
      // serde reads an array as the struct, field by field (v1.8 UpdateRelayerRequestRaw: name first).
      ['not an object', [1], 400, 'Invalid update request: invalid type: integer `1`, expected a string'],
      ['removing a required field', { name: null }, 400, 'Invalid result after patch: missing field `name`'],
      ['an empty name', { name: '' }, 400, 'Name cannot be empty'],
      ['a notification that is not there', { notification_id: 'nope' }, 404, "Notification with ID 'nope' not found"],
    ];
    for (const [what, body, status, error] of cases) {
      const r = await patch('linea-idle', body);
      expect([r.status, r.json], what).toEqual([status, { success: false, data: null, error }]);
    }
    // An EVM relayer's policies merge key by key (null removes one); serde's refusals as the server words them.
    const merged = await patch('linea-idle', { policies: { min_balance: 1, gas_price_cap: null } });
    expect(merged.status).toBe(200);
    expect(merged.json.data.policies).toMatchObject({ min_balance: 1, eip1559_pricing: true });
    expect(merged.json.data.policies).not.toHaveProperty('gas_price_cap');
    expect((await patch('linea-idle', { policies: { gas_cap: 1 } })).json.error).toMatch(/^Invalid policy: Bad Request: Invalid EVM policy: unknown field `gas_cap`/);
    // A Solana policy v1.8 takes (its min_balance is a u64).
    expect((await patch('solana-devnet', { policies: { min_balance: 1 } })).status).toBe(200);
    expect((await call(s, 'GET', api('/relayers/linea-idle'))).json.data).toMatchObject({ paused: false, name: 'Linea Idle' });
    const disabled = await patch('polygon-ops', { paused: true });
    expect([disabled.status, disabled.json]).toEqual([400, { success: false, data: null, error: 'Relayer is disabled' }]);
    const nf = await patch('ghost', { paused: true });
    expect([nf.status, nf.json.error]).toEqual([404, 'Relayer with ID ghost not found']);
    const malformed = await call(s, 'PATCH', api('/relayers/linea-idle'), { body: '{"paused":' });
    expect([malformed.status, malformed.contentType.startsWith('text/plain')]).toEqual([400, true]);
    expect(malformed.text).toMatch(/^Json deserialize error: /);
  });
});

describe('real flavour: readiness (GET /api/v1/ready)', () => {
  const ready = (s: Sandbox, token: string | null = null) => call(s, 'GET', api('/ready'), { token });

  it('healthy: 200, public, no envelope, every component', async () => {
    for (const token of [null, 'wrong', sb.token]) {
      const r = await ready(sb, token);
      expect(r.status).toBe(200);
      isJson(r);
      expect(r.json).toEqual({
        ready: true,
        status: 'healthy',
        components: {
          system: { status: 'healthy', fd_count: expect.any(Number), fd_limit: expect.any(Number), fd_usage_percent: expect.any(Number), close_wait_count: 0 },
          redis: {
            status: 'healthy',
            primary_pool: { connected: true, available: expect.any(Number), max_size: expect.any(Number) },
            reader_pool: { connected: true, available: expect.any(Number), max_size: expect.any(Number) },
          },
          queue: { status: 'healthy' },
          plugins: expect.objectContaining({ status: 'healthy', enabled: true, circuit_state: 'closed' }),
        },
        timestamp: expect.stringMatching(RFC3339_NS),
      });
    }
  });

  it('degraded (still ready, 200: a reader pool down) and unhealthy (503 with a reason), changed at runtime', async () => {
    const s = await startSandbox({ port: 0, flavor: 'real', ready: 'degraded' });
    try {
      const d = await ready(s);
      expect(d.status).toBe(200);
      expect(d.json).toMatchObject({ ready: true, status: 'degraded', components: { redis: { status: 'degraded', primary_pool: { connected: true }, reader_pool: { connected: false, error: expect.stringContaining('Connection refused') } } } });
      // Only unhealthy components give a reason (the real server's aggregate_health).
      expect(d.json).not.toHaveProperty('reason');
      s.setReady('unhealthy');
      const u = await ready(s);
      expect(u.status).toBe(503);
      isJson(u);
      expect(u.json).toMatchObject({
        ready: false,
        status: 'unhealthy',
        reason: 'Redis primary pool: Error occurred while creating a new object: Connection refused (os error 111); Failed to get queue from job producer',
        components: { redis: { status: 'unhealthy', primary_pool: { connected: false } }, queue: { status: 'unhealthy', error: 'Failed to get queue from job producer' } },
      });
      s.setReady('healthy');
      expect((await ready(s)).json.status).toBe('healthy');
      expect(() => s.setReady('broken' as 'healthy')).toThrow(/healthy, degraded, unhealthy/);
      // Not the API: not rate limited, not delayed.
      s.setLatency(1500);
      expect((await ready(s)).ms).toBeLessThan(1000);
    } finally {
      await s.close();
    }
  });

  it('--ready on the command line', async () => {
    expect(parseSandboxArgs(['--ready', 'unhealthy', '--flavor', 'real'])).toMatchObject({ ready: 'unhealthy', flavor: 'real' });
    expect(parseSandboxArgs(['--ready', 'sick'])).toEqual(new Error('--ready must be one of healthy, degraded, unhealthy, got "sick"'));
    const help: string[] = [];
    await runSandboxCli(['--help'], { out: (l) => help.push(l), err: (l) => help.push(l) });
    expect(help.join('\n')).toMatch(/--ready <state> +What the real flavour's public GET \/api\/v1\/ready reports/);
    const out: string[] = [];
    const ac = new AbortController();
    const running = runSandboxCli(['--port', '0', '--flavor', 'real', '--ready', 'unhealthy'], { out: (l) => out.push(l), err: (l) => out.push(l), signal: ac.signal });
    for (let i = 0; i < 100 && !out.some((l) => l.includes('listening on')); i++) await new Promise((r) => setTimeout(r, 20));
    const url = /listening on (\S+)/.exec(out.join('\n'))![1]!;
    const r = await fetch(`${url}/api/v1/ready`);
    expect(r.status).toBe(503);
    expect(((await r.json()) as { status: string }).status).toBe('unhealthy');
    ac.abort();
    await running;
  });
});

describe('real flavour: plugins', () => {
  it('lists and gets the plugins with their settings', async () => {
    const all = await call(sb, 'GET', api('/plugins?per_page=100'));
    expect(all.status).toBe(200);
    expect(all.json.pagination).toEqual({ current_page: 1, per_page: 100, total_items: PLUGIN_IDS.length });
    expect(all.json.data.map((p: { id: string }) => p.id)).toEqual([...PLUGIN_IDS]);
    expect(PLUGIN_IDS).toEqual(expect.arrayContaining(['echo', 'logs', 'fail', 'slow', 'raw', 'routed']));
    for (const p of all.json.data) {
      expect(Object.keys(p)).toEqual(['id', 'path', 'timeout', 'emit_logs', 'emit_traces', 'raw_response', 'allow_get_invocation', 'config', 'forward_logs']);
      expect(p.timeout).toEqual({ secs: expect.any(Number), nanos: 0 });
    }
    const page = await call(sb, 'GET', api('/plugins?page=2&per_page=2'));
    expect(page.json.data.map((p: { id: string }) => p.id)).toEqual(PLUGIN_IDS.slice(2, 4));
    const routed = await call(sb, 'GET', api('/plugins/routed'));
    expect(routed.json).toEqual({
      success: true,
      data: {
        id: 'routed',
        path: 'plugins/kyc/index.ts',
        timeout: { secs: 15, nanos: 0 },
        emit_logs: true,
        emit_traces: false,
        raw_response: false,
        allow_get_invocation: true,
        config: { network: 'sepolia', relayer_id: 'sepolia-main', max_fee_wei: '2000000000000000', allowed_routes: ['/verify', '/quote'], retries: 3 },
        forward_logs: false,
      },
      error: null,
    });
    expect((await call(sb, 'GET', api('/plugins/echo'))).json.data).toMatchObject({ config: null, raw_response: false, allow_get_invocation: false });
    const nf = await call(sb, 'GET', api('/plugins/ghost'));
    expect([nf.status, nf.json]).toEqual([404, { success: false, data: null, error: 'Plugin with id ghost not found' }]);
    expect((await call(sb, 'GET', api('/plugins?page=0'))).status).toBe(500);
  });

  it('raw_response: the bare result, and a failure as a bare {code, details} with its status', async () => {
    const okR = await call(sb, 'POST', api('/plugins/raw/call'), { body: { params: { amount: '5' } } });
    expect(okR.status).toBe(200);
    expect(okR.text).toBe('{"received":{"amount":"5"},"method":"POST"}');
    const bad = await call(sb, 'POST', api('/plugins/raw/call'), { body: { params: { fail: true } } });
    expect(bad.status).toBe(400);
    isJson(bad);
    expect(bad.json).toEqual({ code: 'INVALID_SIGNATURE', details: { field: 'signature', reason: 'does not recover to the sender' } });
  });

  it('passes the route after /call (or ?route=) to the plugin; one that has routes refuses others its own way', async () => {
    const v = await call(sb, 'POST', api('/plugins/routed/call/verify?tag=a&tag=b'), { body: { params: { user: 'u1' } } });
    expect(v.json).toEqual({
      success: true,
      data: { route: '/verify', method: 'POST', query: { tag: ['a', 'b'] }, params: { user: 'u1' }, verified: true },
      error: null,
      metadata: { logs: [{ level: 'info', message: 'POST /verify' }] },
    });
    expect((await call(sb, 'POST', api('/plugins/routed/call?route=/quote'), { body: {} })).json.data.route).toBe('/quote');
    expect((await call(sb, 'POST', api('/plugins/routed/call'), { body: { user: 'u2' } })).json.data).toMatchObject({ route: '', params: { user: 'u2' } });
    const other = await call(sb, 'POST', api('/plugins/routed/call/delete'), { body: {} });
    expect(other.status).toBe(404);
    expect(other.json).toMatchObject({ success: false, data: { code: 'ROUTE_NOT_FOUND' }, error: 'No route /delete' });
    // A plugin without routes is called the same whatever the route.
    const echo = await call(sb, 'POST', api('/plugins/echo/call/anything/deeper'), { body: { params: [1] } });
    expect(echo.text).toBe('{"success":true,"data":[1],"error":null}');
    const badJson = await call(sb, 'POST', api('/plugins/echo/call'), { body: '{"params":' });
    expect(badJson.status).toBe(400);
    isJson(badJson);
    expect(badJson.json).toMatchObject({ success: false, data: null, error: expect.stringMatching(/^Invalid JSON: /) });
  });

  it('GET …/call only where allow_get_invocation; else 405 (unknown: 404)', async () => {
    const g = await call(sb, 'GET', api('/plugins/routed/call/quote?x=1'));
    expect(g.status).toBe(200);
    expect(g.json.data).toEqual({ route: '/quote', method: 'GET', query: { x: ['1'] }, params: {}, quote: { fee: '21000000000000', token: 'ETH' } });
    for (const id of ['echo', 'raw']) {
      const r = await call(sb, 'GET', api(`/plugins/${id}/call`));
      expect([r.status, r.json], id).toEqual([
        405,
        { success: false, data: null, error: "GET requests are not enabled for this plugin. Set 'allow_get_invocation: true' in plugin configuration to enable." },
      ]);
    }
    expect((await call(sb, 'GET', api('/plugins/ghost/call'))).json).toEqual({ success: false, data: null, error: 'Plugin with id ghost not found' });
  });
});

describe('real flavour: GET /relayers/{id} and by-nonce on a network without nonces', () => {
  it('one relayer as the list renders it; 404 in its words; 501 for by-nonce on Stellar', async () => {
    const list = await call(sb, 'GET', api('/relayers?per_page=100'));
    const one = await call(sb, 'GET', api('/relayers/holesky-test'));
    expect(one.json).toEqual({ success: true, data: list.json.data.find((x: { id: string }) => x.id === 'holesky-test'), error: null });
    expect((await call(sb, 'GET', api('/relayers/ghost'))).json).toEqual({ success: false, data: null, error: 'Relayer with ID ghost not found' });
    const xlm = await call(sb, 'GET', api('/relayers/stellar-testnet/transactions/by-nonce/1'));
    expect([xlm.status, xlm.json]).toEqual([501, { success: false, data: null, error: 'Nonce lookup only supported for EVM networks' }]);
  });
});

describe('contract flavour: none of the real server\'s actions (404 Not found)', () => {
  it('answers each with its usual 404 envelope (after auth)', async () => {
    const contract = await startSandbox({ port: 0 });
    try {
      const tx = (await allTxs(contract, 'sepolia-main')).find((t) => t.status === 'pending')!;
      const NOT_FOUND = { data: null, message: 'Not found', success: false };
      const asks: [string, string, unknown?][] = [
        ['DELETE', `/relayers/sepolia-main/transactions/${tx.id}`],
        ['DELETE', '/relayers/sepolia-main/transactions/pending'],
        ['PATCH', '/relayers/sepolia-main', { paused: true }],
        ['GET', '/relayers/sepolia-main'],
        ['GET', '/ready'],
        ['GET', '/plugins'],
        ['GET', '/plugins/echo'],
        ['GET', '/plugins/routed/call'],
        ['POST', '/plugins/routed/call/verify', { params: {} }],
        ['POST', '/relayers/sepolia-main/rpc', { jsonrpc: '2.0', method: 'eth_chainId', id: 1 }],
      ];
      for (const [method, path, body] of asks) {
        const r = await call(contract, method, api(path), body === undefined ? {} : { body });
        expect([r.status, r.json], `${method} ${path}`).toEqual([404, NOT_FOUND]);
      }
      expect((await call(contract, 'GET', api('/ready'), { token: null })).status).toBe(401);
      // Nothing changed.
      expect(contract.getTransaction('sepolia-main', tx.id)!.status).toBe('pending');
      expect((await call(contract, 'GET', api('/relayers?per_page=100'))).json.data.find((x: { id: string }) => x.id === 'sepolia-main').paused).toBe(false);
    } finally {
      await contract.close();
    }
  });
});
