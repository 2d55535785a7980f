/**
 * Response shapes: every transaction, relayer, notification and plugin shape of NOTES.md (and of the
 * contract) goes through the client over HTTP (sandbox injection) and comes back as sent; wrong shapes
 * are refused as invalid_response naming the path.
 */
import { describe, expect, it } from 'vitest';
import { NotificationSchema, RelayerSchema, TransactionSchema, stringifyJson } from '../../src/api/index.js';
import { FLAVORS, U128_MAX_TEXT, apiError, listBody, useSandbox } from './helpers.js';

const TS9 = '2026-08-20T12:34:56.123456789+00:00';

const EVM_REAL = {
  id: '5f2c1d9e-6b1a-4c3e-9f7d-2a1b3c4d5e6f',
  relayer_id: 'sepolia-main',
  status: 'submitted',
  status_reason: null,
  created_at: TS9,
  sent_at: '2026-08-20T12:35:01.000000001+00:00',
  confirmed_at: null,
  hash: '0x' + 'ab'.repeat(32),
  from: '0x' + '11'.repeat(20),
  to: '0x' + '22'.repeat(20),
  value: '0xde0b6b3a7640000',
  data: '0x',
  nonce: 42,
  gas_limit: 21000,
  gas_price: null,
  max_fee_per_gas: '30000000000',
  max_priority_fee_per_gas: '1500000000',
  signature: { r: 'aa'.repeat(32), s: 'bb'.repeat(32), v: 1, sig: 'aa'.repeat(32) + 'bb'.repeat(32) + '01' },
  speed: 'fast',
  is_canceled: false,
};

const EVM_CONTRACT = {
  ...EVM_REAL,
  created_at: '2026-08-20T12:34:56.123Z',
  sent_at: null,
  value: '1000000000000000000',
  gas_price: '20000000000',
  max_fee_per_gas: null,
  max_priority_fee_per_gas: null,
  signature: {},
  speed: {},
};

const SOLANA_REAL = {
  id: 'sol-1',
  signature: '5'.repeat(88),
  status: 'confirmed',
  created_at: TS9,
  sent_at: TS9,
  confirmed_at: TS9,
  transaction: 'AQIDBA==',
  instructions: [{ program_id: '11111111111111111111111111111111', accounts: [], data: 'AQ==' }],
};
const SOLANA_MINIMAL = { id: 'sol-2', status: 'pending', created_at: TS9, transaction: '' };

const STELLAR_REAL = {
  id: 'xlm-1',
  hash: 'cd'.repeat(32),
  status: 'failed',
  status_reason: 'tx_bad_seq',
  created_at: TS9,
  sent_at: TS9,
  confirmed_at: null,
  source_account: 'G' + 'A'.repeat(55),
  fee: 100,
  sequence_number: '123456789012345678',
  relayer_id: 'stellar-testnet',
  transaction_result_xdr: 'AAAAAAAAAGT////7AAAAAA==',
};

const RELAYER_MINIMAL = {
  id: 'r-min',
  name: 'Minimal',
  network: 'sepolia',
  network_type: 'evm',
  paused: false,
  signer_id: 's',
  address: '0x' + '33'.repeat(20),
  system_disabled: false,
};

/** Written by hand: min_balance and gas_price_cap beyond 2^53 as bare JSON digits. */
const RELAYER_FULL_TEXT =
  '{"id":"r-full","name":"Full","network":"mainnet","network_type":"evm","paused":true,"signer_id":"kms","address":"0xabc",' +
  '"system_disabled":true,"notification_id":"ops-webhook","custom_rpc_urls":[{"url":"https://rpc.example.com/***","weight":100}],' +
  `"policies":{"eip1559_pricing":true,"gas_limit_estimation":false,"gas_price_cap":${U128_MAX_TEXT},"min_balance":100000000000000000000,"private_transactions":true,"whitelist_receivers":["0x1"]},` +
  '"disabled_reason":{"type":"Multiple","details":[{"type":"NonceSyncFailed","details":"nonce too low"},{"type":"RpcValidationFailed","details":"chain id mismatch"}]},' +
  '"future_field":{"x":[1,2,3]}}';

const RELAYER_SOLANA = {
  ...RELAYER_MINIMAL,
  id: 'r-sol',
  network_type: 'solana',
  policies: { fee_payment_strategy: 'relayer', min_balance: 1000000, allowed_programs: ['111'] },
  disabled_reason: { type: 'BalanceCheckFailed', details: 'low' },
};

const RELAYER_STELLAR = { ...RELAYER_MINIMAL, id: 'r-xlm', network_type: 'stellar', policies: { max_fee: 1000000, timeout_seconds: 30 } };

describe.each(FLAVORS)('response shapes through the client (%s sandbox)', (flavor) => {
  const ctx = useSandbox({ flavor });
  const txPath = '/api/v1/relayers/sepolia-main/transactions/';
  const injectList = (text: string, pathPrefix = txPath) => ctx.sandbox.inject({ status: 200, body: text, match: { method: 'GET', pathPrefix } });

  it('keeps every transaction shape exactly as sent (EVM real and contract, Solana, Stellar)', async () => {
    const items = [EVM_REAL, EVM_CONTRACT, SOLANA_REAL, SOLANA_MINIMAL, STELLAR_REAL];
    injectList(listBody(items, { current_page: 1, per_page: 10, total_items: 5 }));
    const page = await ctx.client.listTransactions('sepolia-main');
    expect(page.items).toEqual(items);
    expect(Object.keys(page.items[0]!)).toEqual(Object.keys(EVM_REAL));
    expect(page.items[0]!.created_at).toBe(TS9);
    expect(page.items[0]!.value).toBe('0xde0b6b3a7640000');
  });

  it('keeps a u128 value and a bigint nonce exact, whether string or bare digits', async () => {
    const text = listBody([{ ...EVM_REAL, id: 'a', value: U128_MAX_TEXT }]).replace('"nonce":42', `"nonce":${U128_MAX_TEXT}`);
    injectList(text);
    const page = await ctx.client.listTransactions('sepolia-main');
    expect(page.items[0]!.value).toBe(U128_MAX_TEXT);
    expect(page.items[0]!.nonce).toBe(340282366920938463463374607431768211455n);
  });

  it('keeps unknown extra fields', async () => {
    injectList(listBody([{ ...STELLAR_REAL, extra_field: { nested: true }, another: [1] }]));
    const page = await ctx.client.listTransactions('sepolia-main');
    expect(page.items[0]).toMatchObject({ extra_field: { nested: true }, another: [1] });
  });

  it('keeps every relayer shape: minimal, full with bigint policies and Multiple, Solana, Stellar', async () => {
    const text = `{"success":true,"data":[${JSON.stringify(RELAYER_MINIMAL)},${RELAYER_FULL_TEXT},${JSON.stringify(RELAYER_SOLANA)},${JSON.stringify(RELAYER_STELLAR)}],"error":null,"pagination":{"current_page":1,"per_page":10,"total_items":4}}`;
    injectList(text, '/api/v1/relayers?');
    const page = await ctx.client.listRelayers();
    expect(page.totalItems).toBe(4);
    expect(page.items[0]).toEqual(RELAYER_MINIMAL);
    const full = page.items[1]!;
    expect(full.policies?.min_balance).toBe(100_000_000_000_000_000_000n);
    expect(full.policies?.gas_price_cap).toBe(340282366920938463463374607431768211455n);
    expect(full.disabled_reason).toEqual({
      type: 'Multiple',
      details: [
        { type: 'NonceSyncFailed', details: 'nonce too low' },
        { type: 'RpcValidationFailed', details: 'chain id mismatch' },
      ],
    });
    expect(full.future_field).toEqual({ x: [1, 2, 3] });
    expect(stringifyJson(full)).toBe(RELAYER_FULL_TEXT);
    expect(page.items[2]).toEqual(RELAYER_SOLANA);
    expect(page.items[3]).toEqual(RELAYER_STELLAR);
  });

  it('reads pagination sent as strings or bigint-free digits', async () => {
    injectList(listBody([], { current_page: '3', per_page: '25', total_items: '1000000' }), '/api/v1/relayers?');
    expect(await ctx.client.listRelayers({ page: 3, perPage: 25 })).toEqual({ items: [], page: 3, perPage: 25, totalItems: 1_000_000 });
  });

  it('reads a notification with extra fields', async () => {
    ctx.sandbox.inject({
      status: 201,
      body: JSON.stringify({ success: true, data: { id: 'n1', type: 'webhook', url: 'https://x/', has_signing_key: true, created_at: TS9 }, error: null }),
      match: { method: 'POST', pathPrefix: '/api/v1/notifications' },
    });
    expect(await ctx.client.createNotification({ url: 'https://x/' })).toEqual({ id: 'n1', type: 'webhook', url: 'https://x/', has_signing_key: true, created_at: TS9 });
  });

  it('reads both plugin result shapes, with a bigint return value', async () => {
    ctx.sandbox.inject({
      status: 200,
      body: `{"success":true,"data":{"success":true,"message":"ok","error":"","return_value":"{\\"n\\":${U128_MAX_TEXT}}","logs":[{"level":"warn","message":"careful"}],"traces":[{"t":1}]},"error":null}`,
      match: { method: 'POST', pathPrefix: '/api/v1/plugins/' },
    });
    const contract = await ctx.client.callPlugin('any', {});
    ctx.sandbox.inject({
      status: 200,
      body: `{"success":true,"data":{"n":${U128_MAX_TEXT}},"error":null,"metadata":{"logs":[{"level":"warn","message":"careful"}],"traces":[{"t":1}]}}`,
      match: { method: 'POST', pathPrefix: '/api/v1/plugins/' },
    });
    const real = await ctx.client.callPlugin('any', {});
    const expected = { success: true, error: null, return_value: { n: 340282366920938463463374607431768211455n }, logs: [{ level: 'warn', message: 'careful' }], traces: [{ t: 1 }] };
    expect(contract).toEqual({ ...expected, message: 'ok' });
    expect(real).toEqual({ ...expected, message: null });
  });

  it('keeps a contract return_value that is not JSON as text, and writes non-text log messages as JSON', async () => {
    ctx.sandbox.inject({
      status: 200,
      body: JSON.stringify({ success: true, data: { success: true, return_value: 'done, 3 items', logs: [{ level: 'info', message: { a: 1 } }] }, error: null }),
      match: { method: 'POST', pathPrefix: '/api/v1/plugins/' },
    });
    const r = await ctx.client.callPlugin('any', {});
    expect(r.return_value).toBe('done, 3 items');
    expect(r.logs).toEqual([{ level: 'info', message: '{"a":1}' }]);
    expect(r.traces).toEqual([]);
  });

  it.each([
    ['data that is not a list', listBody({ id: 'x' }), 'data: expected a list'],
    ['an item without id', listBody([EVM_REAL, { ...EVM_REAL, id: undefined }]), 'data[1].id'],
    ['a status that is a number', listBody([{ ...EVM_REAL, status: 3 }]), 'data[0].status'],
    ['a bad signature', listBody([{ ...EVM_REAL, signature: 12 }]), 'data[0].signature'],
    ['a list without pagination', JSON.stringify({ success: true, data: [], error: null }), 'pagination'],
    ['a negative total', listBody([], { current_page: 1, per_page: 10, total_items: -1 }), 'pagination.total_items'],
    ['a non-numeric page', listBody([], { current_page: 'one', per_page: 10, total_items: 0 }), 'pagination.current_page'],
  ])('refuses a transaction list with %s as invalid_response', async (_n, body, path) => {
    injectList(body);
    const err = await apiError(ctx.client.listTransactions('sepolia-main'));
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toContain(path);
  });

  it.each([
    ['paused as a string', [{ ...RELAYER_MINIMAL, paused: 'no' }], 'data[0].paused'],
    ['an rpc url that is a number', [{ ...RELAYER_MINIMAL, custom_rpc_urls: [{ url: 5, weight: 1 }] }], 'data[0].custom_rpc_urls[0].url'],
    ['whitelist_receivers as a string', [{ ...RELAYER_MINIMAL, policies: { whitelist_receivers: '0x1' } }], 'data[0].policies.whitelist_receivers'],
    ['an item that is null', [RELAYER_MINIMAL, null], 'data[1]'],
  ])('refuses a relayer list with %s as invalid_response', async (_n, data, path) => {
    injectList(listBody(data), '/api/v1/relayers?');
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toContain(path);
  });

  it('refuses a replace answer without a transaction and a notification without id', async () => {
    ctx.sandbox.inject({ status: 200, body: JSON.stringify({ success: true, data: null, error: null }), match: { method: 'PUT' } });
    const e1 = await apiError(ctx.client.replaceTransaction('sepolia-main', 'x', { value: 1 }));
    expect(e1.kind).toBe('invalid_response');
    expect(e1.message).toMatch(/^Unexpected answer from the server: data: /);
    ctx.sandbox.inject({ status: 200, body: JSON.stringify({ success: true, data: { type: 'webhook', url: 'https://x/' }, error: null }), match: { method: 'POST' } });
    const e2 = await apiError(ctx.client.createNotification({ url: 'https://x/' }));
    expect(e2.kind).toBe('invalid_response');
    expect(e2.message).toContain('data.id');
  });

  it('refuses real-server plugin metadata with malformed logs', async () => {
    ctx.sandbox.inject({
      status: 200,
      body: JSON.stringify({ success: true, data: 1, error: null, metadata: { logs: [{ message: 'no level' }] } }),
      match: { method: 'POST', pathPrefix: '/api/v1/plugins/' },
    });
    const err = await apiError(ctx.client.callPlugin('any', {}));
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toContain('metadata.logs[0].level');
  });
});

describe('schemas on their own', () => {
  it('accept the documented odd formats', () => {
    expect(TransactionSchema.safeParse({ ...EVM_REAL, value: '0xffffffffffffffffffffffffffffffff', created_at: TS9 }).success).toBe(true);
    expect(TransactionSchema.safeParse({ id: 't', status: 'mined', value: 10n ** 30n, gas_limit: 2n ** 64n }).success).toBe(true);
    expect(RelayerSchema.safeParse({ id: 'r', disabled_reason: 'legacy text reason' }).success).toBe(true);
    expect(RelayerSchema.safeParse({ id: 'r', disabled_reason: { type: 'Multiple', details: [{ type: 'Multiple', details: [{ type: 'X' }] }] } }).success).toBe(true);
    expect(NotificationSchema.safeParse({ id: 'n' }).success).toBe(true);
  });

  it('reject wrong types', () => {
    expect(TransactionSchema.safeParse({ status: 'pending' }).success).toBe(false);
    expect(TransactionSchema.safeParse({ id: 't', status: 'pending', nonce: true }).success).toBe(false);
    expect(RelayerSchema.safeParse({ id: 'r', disabled_reason: { details: 'no type' } }).success).toBe(false);
    expect(NotificationSchema.safeParse({ id: 'n', has_signing_key: 'yes' }).success).toBe(false);
  });
});
