import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { BULK_RELAYER_ID, SANDBOX_RELAYERS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { TxPicker, allTxs, api, call } from './http.js';

const U128_MAX = '340282366920938463463374607431768211455';
const U128_OVER = '340282366920938463463374607431768211456';
const STATUSES = ['canceled', 'pending', 'sent', 'submitted', 'mined', 'confirmed', 'failed', 'expired'];
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let sb: Sandbox;
let evm: TxPicker;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, slowPluginMs: 300 });
  evm = new TxPicker(sb, 'sepolia-main');
});
afterAll(async () => {
  await sb.close();
});

describe('contract flavor: auth and routing', () => {
  it('rejects a missing or wrong token with the contract envelope', async () => {
    for (const token of [null, 'wrong-token']) {
      const r = await call(sb, 'GET', api('/relayers'), { token });
      expect(r.status).toBe(401);
      expect(r.contentType).toMatch(/^application\/json/);
      expect(r.json).toEqual({ data: null, message: 'Unauthorized', success: false });
    }
    expect(sb.token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('has no public /health (the real server does) and 404s unknown routes', async () => {
    expect((await call(sb, 'GET', api('/health'), { token: null })).status).toBe(401);
    expect((await call(sb, 'GET', api('/health'))).status).toBe(404);
    const nf = await call(sb, 'GET', api('/nope'));
    expect(nf.status).toBe(404);
    expect(nf.json).toEqual({ data: null, message: 'Not found', success: false });
  });
});

describe('contract flavor: relayers', () => {
  it('paginates with defaults, a last page and a page beyond the end', async () => {
    const p1 = await call(sb, 'GET', api('/relayers'));
    expect(p1.status).toBe(200);
    expect(p1.json.success).toBe(true);
    expect(p1.json.error).toBeNull();
    expect(p1.json.pagination).toEqual({ current_page: 1, per_page: 10, total_items: SANDBOX_RELAYERS.length });
    expect(SANDBOX_RELAYERS.length).toBeGreaterThanOrEqual(14);
    expect(p1.json.data.map((r: { id: string }) => r.id)).toEqual(SANDBOX_RELAYERS.slice(0, 10));
    const p2 = await call(sb, 'GET', api('/relayers?page=2'));
    expect(p2.json.data.map((r: { id: string }) => r.id)).toEqual(SANDBOX_RELAYERS.slice(10));
    const p9 = await call(sb, 'GET', api('/relayers?page=9&per_page=10'));
    expect(p9.status).toBe(200);
    expect(p9.json.data).toEqual([]);
    expect(p9.json.pagination).toEqual({ current_page: 9, per_page: 10, total_items: SANDBOX_RELAYERS.length });
  });

  it('rejects page=0, negative, non-integer and oversized per_page with Bad Request', async () => {
    for (const q of ['page=0', 'per_page=0', 'page=-1', 'page=1.5', 'per_page=abc', 'per_page=10001']) {
      const r = await call(sb, 'GET', api(`/relayers?${q}`));
      expect(r.status, q).toBe(400);
      expect(r.json, q).toEqual({ data: null, message: 'Bad Request', success: false });
    }
    expect((await call(sb, 'GET', api('/relayers?per_page=10000'))).status).toBe(200);
  });

  it('renders every relayer with the contract fields and the seeded special cases', async () => {
    const r = await call(sb, 'GET', api('/relayers?per_page=100'));
    const list = r.json.data as Record<string, unknown>[];
    expect(list).toHaveLength(SANDBOX_RELAYERS.length);
    for (const rel of list) {
      for (const k of ['id', 'name', 'network', 'network_type', 'address', 'signer_id']) expect(typeof rel[k], k).toBe('string');
      expect(typeof rel.paused).toBe('boolean');
      expect(typeof rel.system_disabled).toBe('boolean');
      expect(Array.isArray(rel.custom_rpc_urls)).toBe(true);
      expect(typeof rel.policies).toBe('object');
      const addr = rel.address as string;
      if (rel.network_type === 'evm') expect(addr).toMatch(/^0x[0-9a-f]{40}$/);
      else if (rel.network_type === 'solana') expect(addr).toMatch(/^[1-9A-HJ-NP-Za-km-z]{44}$/);
      else expect(addr).toMatch(/^G[A-Z2-7]{55}$/);
    }
    const byId = new Map(list.map((x) => [x.id, x]));
    expect(byId.get('mainnet-hot')!.paused).toBe(true);
    expect(byId.get('polygon-ops')!.system_disabled).toBe(true);
    expect(byId.get('polygon-ops')!.disabled_reason).toMatchObject({
      type: 'Multiple',
      details: [{ type: 'NonceSyncFailed' }, { type: 'RpcValidationFailed' }],
    });
    expect(byId.get('base-batch')!.disabled_reason).toMatchObject({ type: 'BalanceCheckFailed' });
    expect(byId.get('sepolia-main')!.notification_id).toBe('ops-webhook');
    expect(list.some((x) => x.notification_id === undefined)).toBe(true);
    expect(list.filter((x) => x.network_type === 'solana')).toHaveLength(2);
    expect(list.filter((x) => x.network_type === 'stellar')).toHaveLength(2);
    // min_balance beyond 2^53 is written as a bare JSON integer and parses exactly.
    expect(r.text).toContain('"min_balance":100000000000000000000');
    expect((byId.get('mainnet-hot')!.policies as { min_balance: unknown }).min_balance).toBe(100000000000000000000n);
  });

  it('404s the transactions of an unknown relayer', async () => {
    const r = await call(sb, 'GET', api('/relayers/ghost/transactions/'));
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ data: null, message: 'Relayer with ID ghost not found', success: false });
  });
});

describe('contract flavor: transactions', () => {
  it('lists sepolia-main newest first with all eight statuses and full EVM shape', async () => {
    const r = await call(sb, 'GET', api('/relayers/sepolia-main/transactions?per_page=100'));
    expect(r.json.pagination.total_items).toBeGreaterThanOrEqual(55);
    const txs = r.json.data as Record<string, unknown>[];
    expect(new Set(txs.map((t) => t.status))).toEqual(new Set(STATUSES));
    expect(txs.slice(0, 4).every((t) => ['pending', 'sent', 'submitted'].includes(t.status as string))).toBe(true);
    const created = txs.map((t) => Date.parse(t.created_at as string));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const t of txs) {
      expect(Object.keys(t).sort()).toEqual(
        [
          'id', 'relayer_id', 'status', 'status_reason', 'created_at', 'sent_at', 'confirmed_at', 'hash', 'from', 'to',
          'value', 'data', 'nonce', 'gas_limit', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'signature',
          'speed', 'is_canceled',
        ].sort(),
      );
      expect(t.created_at).toMatch(ISO_MS_Z);
      expect(t.value).toMatch(/^\d+$/);
      expect((t.gas_price === null) !== (t.max_fee_per_gas === null)).toBe(true);
      if (t.status === 'pending') {
        expect(t.hash).toBeNull();
        expect(t.signature).toBeNull();
      } else {
        expect(t.hash).toMatch(/^0x[0-9a-f]{64}$/);
        expect(t.signature).toMatchObject({ v: expect.any(Number), r: expect.stringMatching(/^[0-9a-f]{64}$/) });
      }
    }
    expect(txs.some((t) => BigInt(t.value as string) > 2n ** 64n)).toBe(true);
    expect(txs.some((t) => t.value === '1500000000000000000')).toBe(true);
  });

  it('serves a deep page of bulk-1m computed on demand', async () => {
    const r = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions/?page=99999&per_page=10`));
    console.log(`bulk-1m page 99,999 (contract) answered in ${r.ms.toFixed(1)} ms`);
    expect(r.status).toBe(200);
    expect(r.json.pagination).toEqual({ current_page: 99999, per_page: 10, total_items: 1_000_000 });
    const data = r.json.data as { id: string; nonce: number }[];
    expect(data.map((t) => t.id)).toEqual(
      Array.from({ length: 10 }, (_, k) => `00000000-0000-4000-8000-${String(999_980 + k).padStart(12, '0')}`),
    );
    expect(data.map((t) => t.nonce)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
    const last = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions/?page=100000&per_page=10`));
    expect(last.json.data.at(-1).nonce).toBe(0);
    const first = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions/?per_page=5`));
    expect(first.json.data[0].nonce).toBe(999_999);
    expect(first.json.data.every((t: { status: string }) => ['pending', 'sent', 'submitted'].includes(t.status))).toBe(true);
  });

  it('lists Solana and Stellar transactions with their own shapes over all statuses', async () => {
    const sol = await allTxs(sb, 'solana-devnet');
    expect(new Set(sol.map((t) => t.status))).toEqual(new Set(STATUSES));
    for (const t of sol) {
      expect(t).toHaveProperty('signature');
      expect(typeof t.transaction).toBe('string');
      expect(t).not.toHaveProperty('nonce');
    }
    const xlm = await allTxs(sb, 'stellar-testnet');
    expect(new Set(xlm.map((t) => t.status))).toEqual(new Set(STATUSES));
    for (const t of xlm) {
      expect(typeof t.fee).toBe('number');
      expect(t.sequence_number).toMatch(/^\d+$/);
      expect(t.source_account).toMatch(/^G[A-Z2-7]{55}$/);
    }
  });
});

describe('contract flavor: replace', () => {
  it('replaces an EVM transaction: keeps nonce, stores exact u128 max, status submitted', async () => {
    const tx = await evm.take('pending');
    const body = `{"value":${U128_MAX},"to":"0x1111111111111111111111111111111111111111","gas_price":30000000000}`;
    const r = await call(sb, 'PUT', api(`/relayers/sepolia-main/transactions/${tx.id}`), { body });
    expect(r.status).toBe(200);
    expect(r.text).toContain(`"value":"${U128_MAX}"`);
    expect(r.json.data).toMatchObject({
      id: tx.id,
      nonce: tx.nonce,
      status: 'submitted',
      to: '0x1111111111111111111111111111111111111111',
      gas_price: '30000000000',
      max_fee_per_gas: null,
      max_priority_fee_per_gas: null,
    });
    expect(r.json.data.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(r.json.data.hash).not.toBe(tx.hash);
    // Stored: the list and the programmatic view show it.
    const again = (await allTxs(sb, 'sepolia-main')).find((t) => t.id === tx.id)!;
    expect(again.value).toBe(U128_MAX);
    expect(sb.getTransaction('sepolia-main', tx.id)!.status).toBe('submitted');
  });

  it('re-quotes with at least a 10% bump when only speed is given', async () => {
    const tx = await evm.take('sent');
    const r = await call(sb, 'PUT', api(`/relayers/sepolia-main/transactions/${tx.id}`), {
      body: '{"value":1500000000000000000,"speed":"safeLow"}',
    });
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.speed).toBe('safeLow');
    if (tx.gas_price !== null) expect(BigInt(d.gas_price) * 10n).toBeGreaterThanOrEqual(BigInt(tx.gas_price as string) * 11n);
    else expect(BigInt(d.max_fee_per_gas) * 10n).toBeGreaterThanOrEqual(BigInt(tx.max_fee_per_gas as string) * 11n);
  });

  it('rejects replacing a confirmed transaction with the state text', async () => {
    const tx = (await allTxs(sb, 'sepolia-main')).find((t) => t.status === 'confirmed')!;
    const r = await call(sb, 'PUT', api(`/relayers/sepolia-main/transactions/${tx.id}`), { body: '{"value":1}' });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      data: null,
      message: 'Invalid transaction state for replace_transaction. Current: Confirmed, Expected one of: [Pending, Sent, Submitted]',
      success: false,
    });
  });

  it('rejects bad EVM bodies with Bad Request', async () => {
    const tx = (await allTxs(sb, 'sepolia-main')).find((t) => t.status === 'submitted')!;
    const bodies = [
      `{"value":${U128_OVER}}`,
      '{"value":1,"gas_price":1,"max_fee_per_gas":2}',
      '{"value":1,"gas_price":1,"max_priority_fee_per_gas":2}',
      '{"to":"0x00"}',
      '{"value":"1"}',
      '{"value":-1}',
      '{"value":1,"bogus":true}',
      '{"value":1,"speed":"ludicrous"}',
      '{"value":1,"gas_limit":9223372036854775808}',
      '{"value":1,',
    ];
    for (const body of bodies) {
      const r = await call(sb, 'PUT', api(`/relayers/sepolia-main/transactions/${tx.id}`), { body });
      expect(r.status, body).toBe(400);
      expect(r.json, body).toEqual({ data: null, message: 'Bad Request', success: false });
    }
    expect(sb.getTransaction('sepolia-main', tx.id)!.status).toBe('submitted');
  });

  it('404s an unknown relayer or transaction with Not found', async () => {
    const a = await call(sb, 'PUT', api('/relayers/sepolia-main/transactions/nope'), { body: '{"value":1}' });
    const b = await call(sb, 'PUT', api('/relayers/ghost/transactions/nope'), { body: '{"value":1}' });
    for (const r of [a, b]) {
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ data: null, message: 'Not found', success: false });
    }
  });

  it('replaces a bulk-1m transaction through the override map', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const r = await call(sb, 'PUT', api(`/relayers/${BULK_RELAYER_ID}/transactions/${id}`), {
      body: '{"value":42,"max_fee_per_gas":90000000000,"max_priority_fee_per_gas":3000000000}',
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id, nonce: 999_999, value: '42', status: 'submitted', gas_price: null });
    const page = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions?per_page=1`));
    expect(page.json.data[0]).toMatchObject({ id, value: '42', max_fee_per_gas: '90000000000' });
  });

  it('applies Solana (group B) replacements and validates base64', async () => {
    const tx = (await allTxs(sb, 'solana-devnet')).find((t) => t.status === 'submitted')!;
    const url = api(`/relayers/solana-devnet/transactions/${tx.id}`);
    for (const body of ['{"transaction":"not base64!"}', '{"transaction":""}', '{"value":1}', '{"transaction":"AQID","x":1}']) {
      const bad = await call(sb, 'PUT', url, { body });
      expect(bad.status, body).toBe(400);
      expect(bad.json.message, body).toBe('Bad Request');
    }
    const r = await call(sb, 'PUT', url, { body: '{"transaction":"AQIDBA=="}' });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: tx.id, transaction: 'AQIDBA==', status: 'pending', signature: null });
  });

  it('applies Stellar (group C) replacements and validates the body', async () => {
    const tx = (await allTxs(sb, 'stellar-testnet')).find((t) => t.status === 'sent')!;
    const url = api(`/relayers/stellar-testnet/transactions/${tx.id}`);
    const op = { type: 'payment', destination: 'GB' + 'A'.repeat(54), amount: '1000000', asset: { type: 'native' } };
    const bad = [
      { network: 'testnet' },
      { network: 'testnet', operations: [op], transaction_xdr: 'AAAA' },
      { network: 'testnet', operations: [op], fee_bump: true },
      { operations: [op] },
      { network: 'testnet', operations: [op], memo: { type: 'text', value: 'x'.repeat(29) } },
      { network: 'testnet', operations: [op], memo: { type: 'hash', value: [1, 2, 3] } },
      { network: 'testnet', operations: [op], max_fee: -5 },
      { network: 'testnet', operations: [op], extra: 1 },
    ];
    for (const body of bad) {
      const r = await call(sb, 'PUT', url, { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toBe('Bad Request');
    }
    const ok = await call(sb, 'PUT', url, {
      body: { network: 'testnet', operations: [op], memo: { type: 'hash', value: Array.from({ length: 32 }, (_, i) => i) } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ id: tx.id, status: 'pending', fee: 1_000_000, hash: null });
    const xdr = (await allTxs(sb, 'stellar-testnet')).find((t) => t.status === 'submitted')!;
    const r2 = await call(sb, 'PUT', api(`/relayers/stellar-testnet/transactions/${xdr.id}`), {
      body: { network: 'testnet', transaction_xdr: 'AAAAAgAAAAA=', fee_bump: true, max_fee: 250000, memo: { type: 'id', value: 7 } },
    });
    expect(r2.status).toBe(200);
    expect(r2.json.data.fee).toBe(250000);
  });
});

describe('contract flavor: plugins', () => {
  it('echo returns params as JSON text with big integers intact', async () => {
    const before = sb.pluginCalls;
    const r = await call(sb, 'POST', api('/plugins/echo/call'), { body: `{"params":{"n":${U128_MAX},"s":"x"}}` });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ success: true, message: 'Plugin called successfully', error: '', logs: [], traces: [] });
    expect(r.json.data.return_value).toBe(`{"n":${U128_MAX},"s":"x"}`);
    expect(sb.pluginCalls).toBe(before + 1);
    const noParams = await call(sb, 'POST', api('/plugins/echo/call'), { body: '{}' });
    expect(noParams.json.data.return_value).toBe('null');
  });

  it('logs returns logs at every level and traces', async () => {
    const r = await call(sb, 'POST', api('/plugins/logs/call'), { body: { params: null } });
    const d = r.json.data;
    expect(JSON.parse(d.return_value)).toEqual({ ok: true, processed: 3 });
    expect(new Set(d.logs.map((l: { level: string }) => l.level))).toEqual(new Set(['log', 'info', 'warn', 'error', 'debug', 'result']));
    expect(Math.max(...d.logs.map((l: { message: string }) => l.message.length))).toBeGreaterThan(300);
    expect(d.traces.length).toBeGreaterThanOrEqual(2);
    expect(typeof d.traces[0]).toBe('object');
  });

  it('fail is a 200 envelope with an unsuccessful plugin result', async () => {
    const r = await call(sb, 'POST', api('/plugins/fail/call'), { body: { params: {} } });
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.data).toMatchObject({
      success: false,
      message: 'Plugin returned an error',
      error: 'Plugin execution failed: insufficient balance for relayer sepolia-main',
      return_value: '',
      traces: [],
    });
  });

  it('slow answers after a delay and echoes params; unknown plugin 404s; bad body 400s', async () => {
    const r = await call(sb, 'POST', api('/plugins/slow/call'), { body: { params: { ms: 250, tag: 'a' } } });
    expect(r.status).toBe(200);
    expect(r.ms).toBeGreaterThanOrEqual(240);
    expect(JSON.parse(r.json.data.return_value)).toEqual({ ms: 250, tag: 'a' });
    const d = await call(sb, 'POST', api('/plugins/slow/call'), { body: { params: 'x' } });
    expect(d.ms).toBeGreaterThanOrEqual(290); // slowPluginMs: 300
    const before = sb.pluginCalls;
    const nf = await call(sb, 'POST', api('/plugins/nope/call'), { body: { params: 1 } });
    expect(nf.status).toBe(404);
    expect(nf.json).toEqual({ data: null, message: 'Plugin with ID nope not found', success: false });
    const bad = await call(sb, 'POST', api('/plugins/echo/call'), { body: '{"params":' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Bad Request');
    expect(sb.pluginCalls).toBe(before);
  });
});

describe('contract flavor: notifications', () => {
  it('creates with a generated id and never returns the signing key', async () => {
    const key = 'sk-contract-abc';
    const r = await call(sb, 'POST', api('/notifications'), { body: { url: 'https://hooks.example.com/a', signing_key: key } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ type: 'webhook', url: 'https://hooks.example.com/a', has_signing_key: true });
    expect(r.json.data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.text).not.toContain(key);
    expect(sb.getNotification(r.json.data.id)!.signing_key).toBe(key);
    expect(sb.getNotification('ops-webhook')).toMatchObject({ id: 'ops-webhook', type: 'webhook' });
  });

  it('rejects duplicates with 409 and invalid bodies with 400', async () => {
    const first = await call(sb, 'POST', api('/notifications'), { body: { id: 'dup-1', url: 'http://localhost:9999/hook' } });
    expect(first.status).toBe(200);
    expect(first.json.data.has_signing_key).toBe(false);
    const dup = await call(sb, 'POST', api('/notifications'), { body: { id: 'dup-1', url: 'http://localhost:9999/hook' } });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({ data: null, message: 'Notification with this ID already exists', success: false });
    const seeded = await call(sb, 'POST', api('/notifications'), { body: { id: 'ops-webhook', url: 'https://x.example.com' } });
    expect(seeded.status).toBe(409);
    for (const body of [
      { url: 'ftp://x.example.com' },
      { url: 'not a url' },
      { id: 'has space', url: 'https://x.example.com' },
      { id: 'x'.repeat(37), url: 'https://x.example.com' },
      { url: 'https://x.example.com', type: 'email' },
      { url: 'https://x.example.com', extra: 1 },
      {},
    ]) {
      const r = await call(sb, 'POST', api('/notifications'), { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toBe('Bad Request');
    }
  });
});
