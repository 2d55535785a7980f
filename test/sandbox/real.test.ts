import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { BULK_RELAYER_ID, SANDBOX_RELAYERS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { TxPicker, allTxs, api, call } from './http.js';

const U128_MAX = '340282366920938463463374607431768211455';
const RFC3339_NS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}\+00:00$/;
const UNAUTHORIZED = '{"success":false,"code":401,"error":"Unauthorized","message":"Unauthorized"}';

let sb: Sandbox;
let evm: TxPicker;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real', token: 'real-token', slowPluginMs: 200 });
  evm = new TxPicker(sb, 'sepolia-main');
});
afterAll(async () => {
  await sb.close();
});

describe('real flavor: auth, errors and lists', () => {
  it('answers 401 as JSON without a header and as text/plain with a wrong key', async () => {
    expect(sb.flavor).toBe('real');
    const missing = await call(sb, 'GET', api('/relayers'), { token: null });
    expect(missing.status).toBe(401);
    expect(missing.contentType).toMatch(/^application\/json/);
    expect(missing.text).toBe(UNAUTHORIZED);
    const wrong = await call(sb, 'GET', api('/relayers'), { token: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.contentType).toMatch(/^text\/plain/);
    expect(wrong.text).toBe(UNAUTHORIZED);
  });

  it('lists relayers in a shuffled but deterministic order', async () => {
    const ids = async (s: Sandbox) => {
      const out: string[] = [];
      for (const page of [1, 2]) {
        const r = await call(s, 'GET', api(`/relayers?page=${page}`));
        out.push(...r.json.data.map((x: { id: string }) => x.id));
      }
      return out;
    };
    const first = await ids(sb);
    expect(first).not.toEqual(SANDBOX_RELAYERS);
    expect([...first].sort()).toEqual([...SANDBOX_RELAYERS].sort());
    const other = await startSandbox({ flavor: 'real' });
    try {
      expect(await ids(other)).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('masks RPC URLs and omits unset optional relayer fields', async () => {
    const r = await call(sb, 'GET', api('/relayers?per_page=50'));
    const byId = new Map<string, Record<string, unknown>>(r.json.data.map((x: Record<string, unknown>) => [x.id, x]));
    const urls = byId.get('sepolia-main')!.custom_rpc_urls as { url: string; weight: number }[];
    expect(urls[0]).toEqual({ url: 'https://eth-sepolia.example.com/***', weight: 100 });
    expect(byId.get('linea-idle')).not.toHaveProperty('custom_rpc_urls');
    expect(byId.get('polygon-ops')).toMatchObject({ system_disabled: true, disabled_reason: { type: 'Multiple' } });
  });

  it('answers bad queries with 400 text/plain deserialize errors; page=0 is an empty page, per_page has no cap', async () => {
    const zero = await call(sb, 'GET', api('/relayers?page=0'));
    expect(zero.status).toBe(200);
    expect(zero.json.data).toEqual([]);
    expect(zero.json.pagination).toMatchObject({ current_page: 0 });
    const huge = await call(sb, 'GET', api('/relayers?per_page=100000'));
    expect(huge.status).toBe(200);
    expect(huge.json.pagination).toMatchObject({ per_page: 100000 });
    for (const q of ['page=-1', 'per_page=abc', 'page=1.5']) {
      const r = await call(sb, 'GET', api(`/relayers?${q}`));
      expect(r.status, q).toBe(400);
      expect(r.text, q).toBe('Query deserialize error: invalid digit found in string');
    }
    const unknown = await call(sb, 'GET', api('/nope'));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ success: false, data: null, error: 'Not found' });
  });

  it('renders EVM transactions with 0x-hex value and nanosecond +00:00 timestamps', async () => {
    const txs = await allTxs(sb, 'sepolia-main');
    for (const t of txs) {
      expect(t.created_at).toMatch(RFC3339_NS);
      if (t.sent_at !== null) expect(t.sent_at).toMatch(RFC3339_NS);
      expect(t.value).toMatch(/^0x[0-9a-f]+$/);
      if (t.gas_price !== null) expect(t.gas_price).toMatch(/^\d+$/);
    }
    // The contract flavour's 1.5 ETH, a thousandth here: a spend its balance allows (spend.ts).
    expect(txs.some((t) => t.value === '0x5543df729c000')).toBe(true); // 0.0015 ETH
    const sol = await allTxs(sb, 'solana-devnet');
    const pending = sol.find((t) => t.status === 'pending')!;
    expect(pending).not.toHaveProperty('signature'); // unset optional fields are skipped
    expect(pending).not.toHaveProperty('sent_at');
  });

  it('filters transactions by ?status= (case-insensitive), also on bulk-1m', async () => {
    const r = await call(sb, 'GET', api('/relayers/sepolia-main/transactions?status=Confirmed&per_page=100'));
    expect(r.status).toBe(200);
    expect(r.json.data.length).toBeGreaterThan(10);
    expect(r.json.data.every((t: { status: string }) => t.status === 'confirmed')).toBe(true);
    const bulk = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions?status=pending`));
    expect(bulk.json.pagination.total_items).toBe(2);
    const bad = await call(sb, 'GET', api('/relayers/sepolia-main/transactions?status=lost'));
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/^Query deserialize error: unknown variant `lost`/);
  });

  it('serves a deep bulk-1m page with hex values', async () => {
    const r = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions?page=99999&per_page=10`));
    console.log(`bulk-1m page 99,999 (real) answered in ${r.ms.toFixed(1)} ms`);
    expect(r.json.data[0]).toMatchObject({ id: '00000000-0000-4000-8000-000000999980', nonce: 19 });
    expect(r.json.data[0].value).toMatch(/^0x/);
  });
});

describe('real flavor: replace', () => {
  it('replaces an EVM transaction and returns the exact u128 max as 0x-hex', async () => {
    const tx = await evm.take('submitted');
    const r = await call(sb, 'PUT', api(`/relayers/sepolia-main/transactions/${tx.id}`), {
      body: `{"value":${U128_MAX},"max_fee_per_gas":80000000000,"max_priority_fee_per_gas":2000000000}`,
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('"value":"0xffffffffffffffffffffffffffffffff"');
    expect(r.json.data).toMatchObject({ id: tx.id, nonce: tx.nonce, status: 'submitted', gas_price: null });
    // Explicit prices are ignored (v1.8 re-quotes from speed, at least 10 % over the old price).
    expect(r.json.data.max_fee_per_gas).not.toBe('80000000000');
    expect(BigInt(r.json.data.max_fee_per_gas)).toBeGreaterThanOrEqual((BigInt(String(tx.max_fee_per_gas)) * 110n) / 100n);
    expect(sb.getTransaction('sepolia-main', tx.id)!.value).toBe('0xffffffffffffffffffffffffffffffff');
  });

  it('reads the body as generic JSON converted by network type: shape errors 400 JSON `error`, unknown fields ignored; malformed JSON text/plain', async () => {
    const tx = (await allTxs(sb, 'sepolia-main')).find((t) => t.status === 'pending')!;
    const url = api(`/relayers/sepolia-main/transactions/${tx.id}`);
    const over = await call(sb, 'PUT', url, { body: '{"value":340282366920938463463374607431768211456}' });
    expect(over.status).toBe(400);
    expect(over.contentType).toMatch(/^application\/json/);
    expect(over.json).toMatchObject({ success: false, data: null });
    expect(over.json.error).toMatch(/u128/);
    const unknown = await call(sb, 'PUT', url, { body: '{"value":1,"nonce":5}' });
    expect(unknown.status).toBe(200);
    const malformed = await call(sb, 'PUT', url, { body: '{"value":' });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toMatch(/^Json deserialize error: /);
    const mixed = await call(sb, 'PUT', url, { body: '{"value":1,"gas_price":1,"max_fee_per_gas":2}' });
    expect(mixed.status).toBe(400);
    expect(mixed.contentType).toMatch(/^application\/json/);
    expect(mixed.json.success).toBe(false);
    expect(mixed.json.error).toMatch(/gas_price/);
  });

  it('rejects a confirmed transaction with the state text under `error`', async () => {
    const tx = (await allTxs(sb, 'sepolia-main')).find((t) => t.status === 'confirmed')!;
    const r = await call(sb, 'PUT', api(`/relayers/sepolia-main/transactions/${tx.id}`), { body: '{"value":1}' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      success: false,
      data: null,
      error: 'Invalid transaction state for replace_transaction. Current: Confirmed, Expected one of: [Pending, Sent, Submitted]',
    });
  });

  it('404s unknown relayer/transaction and 403s paused/disabled relayers', async () => {
    const tx = await call(sb, 'PUT', api('/relayers/sepolia-main/transactions/missing-tx'), { body: '{"value":1}' });
    expect(tx.status).toBe(404);
    expect(tx.json.error).toBe('Transaction with ID missing-tx not found');
    const rel = await call(sb, 'PUT', api('/relayers/ghost/transactions/x'), { body: '{"value":1}' });
    expect(rel.status).toBe(404);
    expect(rel.json.error).toBe('Relayer with ID ghost not found');
    const paused = await call(sb, 'PUT', api('/relayers/mainnet-hot/transactions/x'), { body: '{"value":1}' });
    expect(paused.status).toBe(403);
    expect(paused.json).toEqual({ success: false, data: null, error: 'Relayer paused' });
    const disabled = await call(sb, 'PUT', api('/relayers/polygon-ops/transactions/x'), { body: '{"value":1}' });
    expect(disabled.status).toBe(403);
    expect(disabled.json.error).toBe('Relayer disabled');
  });

  it('refuses Solana replacement and returns Stellar transactions unchanged', async () => {
    const sol = (await allTxs(sb, 'solana-devnet')).find((t) => t.status === 'pending')!;
    const s = await call(sb, 'PUT', api(`/relayers/solana-devnet/transactions/${sol.id}`), { body: '{"transaction":"AQID"}' });
    expect(s.status).toBe(400);
    expect(s.json).toEqual({ success: false, data: null, error: 'Endpoint is not supported for Solana relayers' });

    const xlm = (await allTxs(sb, 'stellar-testnet')).find((t) => t.status === 'pending')!;
    const url = api(`/relayers/stellar-testnet/transactions/${xlm.id}`);
    const ok = await call(sb, 'PUT', url, {
      body: { network: 'testnet', transaction_xdr: 'AAAAAgAAAAA=', memo: { type: 'hash', value: 'ab'.repeat(32) } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual(xlm);
    const memoId = await call(sb, 'PUT', url, { body: { network: 'testnet', transaction_xdr: 'AAAA', memo: { type: 'id', value: '42' } } });
    expect(memoId.status).toBe(200);
    const arrayHash = await call(sb, 'PUT', url, {
      body: { network: 'testnet', transaction_xdr: 'AAAA', memo: { type: 'hash', value: Array.from({ length: 32 }, () => 1) } },
    });
    expect(arrayHash.status).toBe(400);
    expect(arrayHash.json).toEqual({ success: false, data: null, error: 'invalid type: sequence, expected a string' });
    // A payment amount may be a number or a string; unknown fields are ignored.
    const numeric = await call(sb, 'PUT', url, {
      body: { network: 'testnet', operations: [{ type: 'payment', destination: 'GABC', amount: 5, asset: { type: 'native' } }], extra: true },
    });
    expect(numeric.status).toBe(200);
    const both = await call(sb, 'PUT', url, { body: { network: 'testnet' } });
    expect(both.status).toBe(400);
  });
});

describe('real flavor: plugins and notifications', () => {
  it('returns the plugin value itself as data, logs in metadata', async () => {
    const echo = await call(sb, 'POST', api('/plugins/echo/call'), { body: `{"params":{"n":${U128_MAX}}}` });
    expect(echo.status).toBe(200);
    expect(echo.text).toBe(`{"success":true,"data":{"n":${U128_MAX}},"error":null}`);
    const logs = await call(sb, 'POST', api('/plugins/logs/call'), { body: { params: {} } });
    expect(logs.json.data).toEqual({ ok: true, processed: 3 });
    expect(logs.json.metadata.logs.length).toBeGreaterThanOrEqual(6);
    expect(logs.json.metadata.traces.length).toBeGreaterThanOrEqual(2);
  });

  it('answers plugin errors with their own status and unknown plugins with 404', async () => {
    const f = await call(sb, 'POST', api('/plugins/fail/call'), { body: { params: null } });
    expect(f.status).toBe(422);
    expect(f.json).toMatchObject({
      success: false,
      data: { code: 'INSUFFICIENT_BALANCE', details: expect.any(Object) },
      error: 'Plugin execution failed: insufficient balance for relayer sepolia-main',
    });
    const nf = await call(sb, 'POST', api('/plugins/ghost/call'), { body: { params: null } });
    expect(nf.status).toBe(404);
    expect(nf.json).toEqual({ success: false, data: null, error: 'Plugin with id ghost not found' });
    const slow = await call(sb, 'POST', api('/plugins/slow/call'), { body: {} });
    expect(slow.ms).toBeGreaterThanOrEqual(190); // slowPluginMs: 200
    // A body without `params` is the params whole (the real server's plugin route).
    expect(slow.json.data).toEqual({});
  });

  it('creates notifications with 201, enforces the 32-char key and answers duplicates with 500', async () => {
    const short = await call(sb, 'POST', api('/notifications'), { body: { url: 'https://h.example.com', signing_key: 'short' } });
    expect(short.status).toBe(400);
    const key = 'k'.repeat(32);
    const r = await call(sb, 'POST', api('/notifications'), { body: { id: 'real-1', url: 'https://h.example.com', signing_key: key } });
    expect(r.status).toBe(201);
    expect(r.json.data).toEqual({ id: 'real-1', type: 'webhook', url: 'https://h.example.com', has_signing_key: true });
    expect(r.text).not.toContain(key);
    expect(sb.getNotification('real-1')!.signing_key).toBe(key);
    const dup = await call(sb, 'POST', api('/notifications'), { body: { id: 'real-1', url: 'https://h.example.com' } });
    expect(dup.status).toBe(500);
    expect(dup.json).toEqual({ success: false, data: null, error: 'An unknown error occurred' });
    const extra = await call(sb, 'POST', api('/notifications'), { body: { url: 'https://h.example.com', color: 'red' } });
    expect(extra.status).toBe(400);
    expect(extra.contentType).toMatch(/^text\/plain/);
    expect(extra.text).toMatch(/^Json deserialize error: unknown field `color`/);
  });
});
