/**
 * The operator's actions in the API module, over loopback against the sandbox's real flavour (and the
 * contract flavour, which has none of them): the exact method, path and body each sends, what each
 * reads back, and the read-only JSON-RPC list that nothing else gets past.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createRelayerClient, prepareRpcRead, RPC_READ_METHODS, type RelayerClient, type RpcReadMethod, type Transaction } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let real: Sandbox;
let contract: Sandbox;
let rc: RelayerClient;
let cc: RelayerClient;

beforeAll(async () => {
  [real, contract] = await Promise.all([startSandbox({ flavor: 'real' }), startSandbox({ flavor: 'contract' })]);
  rc = createRelayerClient({ baseUrl: real.url, token: real.token, maxRetries: 0 });
  cc = createRelayerClient({ baseUrl: contract.url, token: contract.token, maxRetries: 0 });
  await Promise.all([rc.detectDialect(), cc.detectDialect()]);
});
afterAll(async () => {
  await Promise.all([rc.close(), cc.close()]);
  await Promise.all([real.close(), contract.close()]);
});

const last = (sb: Sandbox) => sb.requests.at(-1)!;
const txs = async (rid: string, status: string) => (await rc.listTransactions(rid, { perPage: 100, status })).items as Transaction[];

describe('cancel, pause, readiness, plugins and JSON-RPC on the real server', () => {
  it('cancel: DELETE /relayers/{rid}/transactions/{tid}, no body; a pending one comes back canceled, a sent one canceling (is_canceled, same status)', async () => {
    const pending = (await txs('sepolia-main', 'pending'))[0]!;
    const answer = await rc.cancelTransaction('sepolia-main', pending.id);
    expect(last(real)).toMatchObject({ method: 'DELETE', url: `/api/v1/relayers/sepolia-main/transactions/${pending.id}`, body: '' });
    expect(answer).toMatchObject({ id: pending.id, status: 'canceled' });
    const sent = (await txs('holesky-test', 'sent'))[0]!;
    const noop = await rc.cancelTransaction('holesky-test', sent.id);
    expect(noop).toMatchObject({ id: sent.id, status: 'sent', is_canceled: true, value: '0x0', data: '0x', to: sent.from });
  });

  it('cancel every pending one: DELETE …/transactions/pending, the queued and failed ids read', async () => {
    const r = await rc.cancelPending('arbitrum-payouts');
    expect(last(real)).toMatchObject({ method: 'DELETE', url: '/api/v1/relayers/arbitrum-payouts/transactions/pending', body: '' });
    expect(r.queued_for_cancellation_transaction_ids!.length).toBeGreaterThan(0);
    expect(r.failed_to_queue_transaction_ids).toEqual([]);
  });

  it('pause and resume: PATCH /relayers/{rid} with exactly {"paused":true|false}; the relayer as answered', async () => {
    expect(await rc.setPaused('optimism-relay', true)).toMatchObject({ id: 'optimism-relay', paused: true });
    expect(last(real)).toMatchObject({ method: 'PATCH', url: '/api/v1/relayers/optimism-relay', body: '{"paused":true}' });
    expect(await rc.setPaused('optimism-relay', false)).toMatchObject({ paused: false });
    expect(last(real).body).toBe('{"paused":false}');
    // A disabled relayer: the server refuses any change (400), nothing applied.
    const e = await rc.setPaused('polygon-ops', true).catch((x: ApiError) => x);
    expect(e).toMatchObject({ kind: 'bad_request', status: 400, refused: true, message: 'Relayer is disabled' });
  });

  it('readiness: public (no key sent), 200 healthy and degraded, 503 unhealthy with its reason — never retried', async () => {
    expect(await rc.readiness()).toMatchObject({ httpStatus: 200, readiness: { ready: true, status: 'healthy' } });
    expect(last(real).headers.authorization).toBeUndefined();
    real.setReady('degraded');
    expect(await rc.readiness()).toMatchObject({ httpStatus: 200, readiness: { ready: true, status: 'degraded' } });
    real.setReady('unhealthy');
    const before = real.requests.length;
    const a = await rc.readiness();
    expect(a).toMatchObject({ httpStatus: 503, readiness: { ready: false, status: 'unhealthy' } });
    expect(a.readiness.reason).toBeTruthy();
    expect(real.requests.length - before).toBe(1);
    real.setReady('healthy');
  });

  it('plugins: the list with each one\'s settings; a raw_response plugin\'s bare answer is its result, its bare {code, details} its failure; a route goes after /call', async () => {
    const list = await rc.listPlugins({ perPage: 50 });
    expect(list.items.map((p) => p.id)).toEqual(expect.arrayContaining(['echo', 'raw', 'routed']));
    expect(list.items.find((p) => p.id === 'raw')).toMatchObject({ raw_response: true, timeout: { secs: expect.any(Number), nanos: 0 } });
    const ok = await rc.callPlugin('raw', { n: 1 });
    expect(ok).toMatchObject({ success: true, raw: true });
    const failed = await rc.callPlugin('raw', { fail: true });
    expect(failed).toMatchObject({ success: false, raw: true, status: 400, error: null });
    expect(failed.code).toBeDefined();
    await rc.callPlugin('routed', {}, { route: '/verify' });
    expect(last(real)).toMatchObject({ method: 'POST', url: '/api/v1/plugins/routed/call/verify' });
    // A route is path segments only: nothing typed reaches another endpoint.
    await expect(rc.callPlugin('routed', {}, { route: '/../../relayers' })).rejects.toMatchObject({ kind: 'bad_request', field: 'route' });
  });

  it('JSON-RPC: only the methods of the client\'s own list, refused before sending otherwise; the chain nonce of the jam', async () => {
    const address = (await rc.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'holesky-test')!.address!;
    expect(await rc.rpcRead('holesky-test', 'eth_getTransactionCount', [address, 'latest'])).toBe(`0x${(2834).toString(16)}`);
    expect(real.rpcCalls.at(-1)).toMatchObject({ relayerId: 'holesky-test', method: 'eth_getTransactionCount' });
    const before = real.requests.length;
    for (const m of ['eth_sendRawTransaction', 'eth_sendTransaction', 'personal_sign'])
      expect(() => prepareRpcRead('holesky-test', m as RpcReadMethod, [])).toThrow(/not a read-only method/);
    await expect(rc.rpcRead('holesky-test', 'eth_sendRawTransaction' as RpcReadMethod, ['0x00'])).rejects.toMatchObject({ field: 'method' });
    expect(real.requests.length).toBe(before);
    expect([...RPC_READ_METHODS].every((m) => m.startsWith('eth_') && !/send|sign/i.test(m))).toBe(true);
  });
});

describe('a server of the interface document has none of them: said, nothing sent', () => {
  it('each refuses before sending (unsupported), and /ready is "not offered"', async () => {
    const before = contract.requests.length;
    for (const call of [() => cc.cancelTransaction('sepolia-main', 'x'), () => cc.cancelPending('sepolia-main'), () => cc.setPaused('sepolia-main', true), () => cc.listPlugins(), () => cc.rpcRead('sepolia-main', 'eth_blockNumber', [])])
      await expect(call()).rejects.toMatchObject({ kind: 'unsupported' });
    expect(contract.requests.length).toBe(before);
    await expect(cc.readiness()).rejects.toBeInstanceOf(ApiError);
    await expect(cc.readiness()).rejects.toMatchObject({ kind: 'unsupported' });
  });
});
