/** Pure request preparation and validation: no server involved. */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  INT64_MAX,
  U128_MAX,
  normalizeNotification,
  pageQuery,
  prepareCreateNotification,
  prepareListRelayers,
  prepareListTransactions,
  preparePluginCall,
  prepareReplaceTransaction,
  replacementGroup,
  toExactInteger,
  U128,
  type ReplacementRequest,
} from '../../src/api/index.js';

const U128_TEXT = '340282366920938463463374607431768211455';
const XDR = 'AAAAAgAAAAA=';

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ApiError;
    expect(err.kind).toBe('bad_request');
    return err;
  }
  throw new Error('expected a refusal');
}

function expectField(fn: () => unknown, field: string, re?: RegExp): ApiError {
  const err = refusal(fn);
  expect(err.field).toBe(field);
  expect(err.message.startsWith(`${field}:`)).toBe(true);
  if (re) expect(err.message).toMatch(re);
  return err;
}

const replace = (body: unknown) => prepareReplaceTransaction('sepolia-main', 'tx-1', body as ReplacementRequest);

describe('EVM replacement bodies', () => {
  it('writes u128 max exactly, from a bigint and from a decimal string', () => {
    for (const value of [U128_MAX, U128_TEXT]) {
      const p = replace({ value, gas_limit: 21000, speed: 'fast' });
      expect(p.method).toBe('PUT');
      expect(p.path).toBe('/api/v1/relayers/sepolia-main/transactions/tx-1');
      expect(p.body).toBe(`{"value":${U128_TEXT},"gas_limit":21000,"speed":"fast"}`);
      expect(p.displayBody).toContain(`"value": ${U128_TEXT}`);
    }
  });

  it('accepts the int64 maximum gas_limit and refuses 2^63', () => {
    expect(replace({ value: 0, gas_limit: INT64_MAX }).body).toBe(`{"value":0,"gas_limit":${INT64_MAX}}`);
    expectField(() => replace({ value: 0, gas_limit: 1n << 63n }), 'gas_limit', /int64/);
  });

  it.each([
    ['2^128', 1n << 128n, /u128 maximum/],
    ['2^128 as text', (1n << 128n).toString(), /u128 maximum/],
    ['-1', -1n, /negative/],
    ['-1 as number', -1, /negative/],
    ['a fraction', 1.5, /whole number/],
    ['an unsafe number', 2 ** 60, /bigint or a decimal string/],
    ['hex text', '0x10', /decimal digits/],
    ['empty text', '', /empty/],
    ['null', null, /integer/],
  ])('refuses value = %s naming the field', (_n, value, re) => {
    expectField(() => replace({ value }), 'value', re);
  });

  it('refuses a body without value (names value)', () => {
    const err = refusal(() => replace({ to: '0x' + '1'.repeat(40), gas_limit: 21000 }));
    expect(err.field).toBe('body');
    expect(err.message).toContain('`value`');
  });

  it('checks addresses, data, speed and valid_until', () => {
    expectField(() => replace({ value: 1, to: '0x1234' }), 'to', /40 hex/);
    expectField(() => replace({ value: 1, data: '0xabc' }), 'data', /whole bytes/);
    expectField(() => replace({ value: 1, speed: 'slow' }), 'speed', /fastest, fast, average, safeLow/);
    expectField(() => replace({ value: 1, valid_until: 'tomorrow' }), 'valid_until', /RFC 3339/);
    expect(replace({ value: 1, valid_until: '2026-11-22T15:04:05.123456789+00:00' }).body).toContain('"valid_until"');
  });

  it('checks the pricing combinations', () => {
    expectField(() => replace({ value: 1, gas_price: 1, max_fee_per_gas: 2, max_priority_fee_per_gas: 1 }), 'gas_price', /cannot be combined/);
    expectField(() => replace({ value: 1, max_fee_per_gas: 2 }), 'max_priority_fee_per_gas', /required/);
    expectField(() => replace({ value: 1, max_fee_per_gas: 1, max_priority_fee_per_gas: 2 }), 'max_priority_fee_per_gas', /exceed/);
    expect(replace({ value: 1, max_fee_per_gas: U128_MAX, max_priority_fee_per_gas: '1' }).body).toBe(
      `{"value":1,"max_fee_per_gas":${U128_TEXT},"max_priority_fee_per_gas":1}`,
    );
  });

  it('refuses a field of another group', () => {
    expectField(() => replace({ value: 1, network: 'testnet' }), 'network', /EVM/);
  });

  it('drops null optional fields and an empty `to`', () => {
    expect(replace({ value: '5', to: '', data: null, gas_limit: null, speed: null }).body).toBe('{"value":5}');
  });
});

describe('Solana and Stellar replacement bodies', () => {
  it('accepts a base64 Solana transaction', () => {
    expect(replace({ transaction: 'AQID' }).body).toBe('{"transaction":"AQID"}');
    expect(replacementGroup({ transaction: 'AQID' })).toBe('solana');
  });

  it.each([['empty', ''], ['not base64', 'not base64!'], ['url-safe alphabet', 'ab-_'], ['bad padding', 'AQI']])(
    'refuses a Solana transaction that is %s',
    (_n, transaction) => {
      expectField(() => replace({ transaction }), 'transaction', /base64/);
    },
  );

  it('refuses a Stellar body without network', () => {
    const err = refusal(() => replace({ operations: [{ type: 'payment' }] }));
    expect(err.message).toContain('`network`');
    expectField(() => replace({ network: '  ', operations: [{ type: 'payment' }] }), 'network', /required/);
  });

  it('requires exactly one of operations and transaction_xdr', () => {
    expectField(() => replace({ network: 'testnet', operations: [{ type: 'payment' }], transaction_xdr: XDR }), 'operations', /mutually exclusive/);
    expectField(() => replace({ network: 'testnet' }), 'operations', /transaction_xdr is required/);
    expectField(() => replace({ network: 'testnet', operations: [] }), 'operations', /at least one/);
    expectField(() => replace({ network: 'testnet', operations: [{ amount: '1' }] }), 'operations[0]', /type/);
    expectField(() => replace({ network: 'testnet', transaction_xdr: 'not xdr!' }), 'transaction_xdr', /base64/);
  });

  it('refuses fee_bump without transaction_xdr and accepts it with one', () => {
    expectField(() => replace({ network: 'testnet', operations: [{ type: 'payment' }], fee_bump: true }), 'fee_bump', /transaction_xdr/);
    expect(replace({ network: 'testnet', transaction_xdr: XDR, fee_bump: true, max_fee: INT64_MAX }).body).toBe(
      `{"network":"testnet","transaction_xdr":"${XDR}","fee_bump":true,"max_fee":${INT64_MAX}}`,
    );
  });

  it('checks memos', () => {
    const ops = [{ type: 'payment', destination: 'G', amount: '1', asset: { type: 'native' } }];
    expect(replace({ network: 'testnet', operations: ops, memo: { type: 'id', value: INT64_MAX } }).body).toContain(`"memo":{"type":"id","value":${INT64_MAX}}`);
    expectField(() => replace({ network: 'testnet', operations: ops, memo: { type: 'id', value: 1n << 63n } }), 'memo.value', /int64/);
    expectField(() => replace({ network: 'testnet', operations: ops, memo: { type: 'text', value: 'x'.repeat(29) } }), 'memo.value', /28 bytes/);
    expectField(() => replace({ network: 'testnet', operations: ops, memo: { type: 'hash', value: [1, 2] } }), 'memo.value', /32 bytes/);
    expectField(() => replace({ network: 'testnet', operations: ops, memo: { type: 'other' } }), 'memo.type');
  });

  it('refuses max_fee beyond int64', () => {
    expectField(() => replace({ network: 'testnet', transaction_xdr: XDR, max_fee: 1n << 63n }), 'max_fee', /int64/);
  });
});

describe('paths and ids', () => {
  it('encodes path segments', () => {
    expect(prepareReplaceTransaction('a/b', 'c?d', { value: 1 }).path).toBe('/api/v1/relayers/a%2Fb/transactions/c%3Fd');
    expect(prepareListTransactions('x y').path).toBe('/api/v1/relayers/x%20y/transactions/?page=1&per_page=10');
    expect(preparePluginCall('p#1', {}).path).toBe('/api/v1/plugins/p%231/call');
  });

  it('refuses empty ids naming them', () => {
    expectField(() => prepareReplaceTransaction('', 't', { value: 1 }), 'relayer_id');
    expectField(() => prepareReplaceTransaction('r', '', { value: 1 }), 'transaction_id');
    expectField(() => prepareListTransactions(''), 'relayer_id');
    expectField(() => preparePluginCall('', {}), 'plugin_id');
  });
});

describe('page queries', () => {
  it('defaults to page 1 of 10 and writes the contract names', () => {
    expect(pageQuery(undefined)).toBe('?page=1&per_page=10');
    expect(prepareListRelayers({ page: 3, perPage: 25 }).path).toBe('/api/v1/relayers?page=3&per_page=25');
    expect(pageQuery({ page: 0xffffffff, perPage: 1 })).toBe(`?page=${0xffffffff}&per_page=1`);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32])('refuses page = %s', (page) => {
    expectField(() => pageQuery({ page }), 'page');
  });

  it.each([0, -3, 0.5, Number.NaN, 2 ** 32])('refuses perPage = %s as per_page', (perPage) => {
    expectField(() => pageQuery({ perPage }), 'per_page');
  });
});

describe('plugin call bodies', () => {
  it('wraps params and writes bigint exactly', () => {
    expect(preparePluginCall('echo', { n: U128_MAX }).body).toBe(`{"params":{"n":${U128_TEXT}}}`);
    expect(preparePluginCall('echo', undefined).body).toBe('{"params":null}');
    expect(preparePluginCall('echo', [1, 'a']).body).toBe('{"params":[1,"a"]}');
  });
});

describe('notification bodies', () => {
  const KEY = 'k'.repeat(40);

  it('fills type, keeps the key in the body but masks it for review', () => {
    const p = prepareCreateNotification({ url: 'https://ops.example.com/hook', id: 'n-1', signing_key: KEY });
    expect(p.method).toBe('POST');
    expect(p.path).toBe('/api/v1/notifications');
    expect(JSON.parse(p.body!)).toEqual({ id: 'n-1', type: 'webhook', url: 'https://ops.example.com/hook', signing_key: KEY });
    expect(p.displayBody).not.toContain(KEY);
    expect(p.displayBody).toContain('40 chars');
  });

  it('omits an empty id so the server generates one', () => {
    expect(normalizeNotification({ url: 'http://h/x', id: '' })).toEqual({ type: 'webhook', url: 'http://h/x' });
    expect(normalizeNotification({ url: 'http://h/x', id: null })).toEqual({ type: 'webhook', url: 'http://h/x' });
  });

  it('accepts a 36-character id of allowed characters', () => {
    const id = 'A-z_0'.repeat(7) + 'x';
    expect(id).toHaveLength(36);
    expect(normalizeNotification({ url: 'http://h/x', id }).id).toBe(id);
  });

  it.each([
    ['url', { url: '' }, /required/],
    ['url', { url: 'not a url' }, /absolute/],
    ['url', { url: '/relative/hook' }, /absolute/],
    ['url', { url: 'ftp://files.example.com/hook' }, /http/],
    ['id', { url: 'http://h/x', id: 'has space' }, /1-36/],
    ['id', { url: 'http://h/x', id: 'dots.are.bad' }, /1-36/],
    ['id', { url: 'http://h/x', id: 'x'.repeat(37) }, /1-36/],
    ['type', { url: 'http://h/x', type: 'email' }, /webhook/],
    ['extra', { url: 'http://h/x', extra: 1 }, /not a field/],
  ])('refuses a bad %s', (field, body, re) => {
    expectField(() => prepareCreateNotification(body as never), field, re);
  });
});

describe('toExactInteger', () => {
  it('converts all input forms to bigint', () => {
    expect(toExactInteger('f', 7, U128)).toBe(7n);
    expect(toExactInteger('f', ' 0012 ', U128)).toBe(12n);
    expect(toExactInteger('f', U128_MAX, U128)).toBe(U128_MAX);
  });

  it('names the field and truncates long bad input', () => {
    const err = expectField(() => toExactInteger('gas_price', 'x'.repeat(100), U128), 'gas_price');
    expect(err.message.length).toBeLessThan(120);
  });
});
