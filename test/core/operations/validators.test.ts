/** Inline checks (src/ui/forms/validators.ts) and the pure layout helpers of the review and failure panel. */
import { describe, expect, it } from 'vitest';
import { parseWei } from '../../../src/core/amounts.js';
import { invalidField } from '../../../src/api/errors.js';
import { ApiError, INT64, U128 } from '../../../src/api/index.js';
import { failureText } from '../../../src/ui/components/MutationFrame.js';
import { wrapCells } from '../../../src/core/text/cells.js';
import {
  absoluteUrl,
  address,
  apiFieldErrors,
  base64,
  hexData,
  integerCheck,
  jsonCheck,
  notificationId,
  optionalInteger,
  required,
  rfc3339,
} from '../../../src/core/operations/validators.js';
import { maskKeyInError } from '../../../src/core/operations/notify.js';

const U128_MAX = '340282366920938463463374607431768211455';

describe('validators', () => {
  it('integers: digits only, not negative, within the range (u128 exact at the edge)', () => {
    const u128 = integerCheck(U128);
    expect(u128(U128_MAX)).toBeNull();
    expect(u128('0')).toBeNull();
    expect(u128('340282366920938463463374607431768211456')).toBe(`out of range: above the u128 maximum`);
    expect(u128('-1')).toBe('out of range: must not be negative');
    for (const bad of ['1.5', '1e18', '1,000', '0x10', '10 wei', ''])
      expect(u128(bad)).toBe('not an integer: digits only (no decimals, units or separators)');
    expect(integerCheck(INT64)('9223372036854775807')).toBeNull();
    expect(integerCheck(INT64)('9223372036854775808')).toMatch(/^out of range: above the int64 maximum/);
    // Optional: empty passes, surrounding spaces are ignored.
    expect(optionalInteger(INT64)('')).toBeNull();
    expect(optionalInteger(INT64)('  21000 ')).toBeNull();
    expect(required(integerCheck(U128))('  ')).toBe('required');
  });

  it('hex, addresses, RFC 3339, base64, absolute URLs and notification ids', () => {
    expect(address('0x' + 'ab'.repeat(20))).toBeNull();
    expect(address('0x1234')).toMatch(/^not an address/);
    expect(address('')).toBeNull();
    expect(hexData('0x')).toBeNull();
    expect(hexData('0xdeadBEEF')).toBeNull();
    expect(hexData('0xabc')).toMatch(/^not hex/);
    expect(hexData('deadbeef')).toMatch(/^not hex/);
    expect(rfc3339('2026-11-22T15:04:05Z')).toBeNull();
    expect(rfc3339('2026-11-22T15:04:05.123456789+00:00')).toBeNull();
    expect(rfc3339('2026-11-22')).toMatch(/^not RFC 3339/);
    expect(rfc3339('2026-13-40T99:00:00Z')).toMatch(/^not RFC 3339/);
    expect(base64('AQIDBA==')).toBeNull();
    expect(base64('AQID!')).toMatch(/^not base64/);
    expect(base64('')).toMatch(/^not base64/);
    expect(absoluteUrl('https://ops.example.com/hook')).toBeNull();
    expect(absoluteUrl('http://127.0.0.1:8080/x')).toBeNull();
    expect(absoluteUrl('ops.example.com/hook')).toMatch(/^not an absolute http\(s\) URL/);
    expect(absoluteUrl('ftp://ops.example.com/hook')).toMatch(/^not an absolute http\(s\) URL/);
    expect(notificationId('ops_hook-2')).toBeNull();
    expect(notificationId('')).toBeNull();
    expect(notificationId('a'.repeat(36))).toBeNull();
    expect(notificationId('a'.repeat(37))).toMatch(/^letters, digits/);
    expect(notificationId('has space')).toMatch(/^letters, digits/);
  });

  it('JSON: line and column come first (they survive a cut at the terminal edge)', () => {
    expect(jsonCheck(`{"n": ${U128_MAX}}`)).toBeNull();
    expect(jsonCheck('null')).toBeNull();
    expect(jsonCheck('  ', 'use null for no params')).toBe('not valid JSON: empty (use null for no params)');
    // Where an array is required, null is not the word (a walk read "use null" on Stellar's operations).
    expect(jsonCheck('  ', 'a JSON array of operations')).toBe('not valid JSON: empty (a JSON array of operations)');
    expect(jsonCheck('{\n  "n": 1,\n}')).toMatch(/^not valid JSON at line 3, column 1: \S/);
    expect(jsonCheck('{"a" 1}')).toMatch(/^not valid JSON at line 1, column 6: /);
    expect(jsonCheck('[1, 2')).toMatch(/^not valid JSON at line 1, column 6: .*end of input/i);
    // The reason is not repeated with a second position.
    expect(jsonCheck('{"a" 1}')).not.toMatch(/at line .* at line/);
  });

  it('maps an API refusal onto the field it names', () => {
    expect(apiFieldErrors(invalidField('value', 'is above the u128 maximum 1'))).toEqual({ value: 'is above the u128 maximum 1' });
    // A path inside the field stays in the message: it says which one.
    expect(apiFieldErrors(invalidField('operations[0]', 'must be an object'))).toEqual({ operations: 'operations[0]: must be an object' });
    expect(apiFieldErrors(new ApiError('server', 'boom'))).toEqual({ _form: 'boom' });
    expect(() => apiFieldErrors(new Error('not an api error'))).toThrow('not an api error');
  });
});

describe('review and failure layout', () => {
  it('wrapCells keeps short lines, breaks at spaces, indents continuations, hard-cuts long words', () => {
    expect(wrapCells('short', 80)).toEqual(['short']);
    const review = `${'value (wei)'.padEnd(26)}10000000000000000 → ${U128_MAX}`;
    expect(wrapCells(review, 80, 26)).toEqual([`${'value (wei)'.padEnd(26)}10000000000000000 →`, `${' '.repeat(26)}${U128_MAX}`]);
    const path = `PUT /api/v1/relayers/sepolia-main/transactions/${'f'.repeat(60)}`;
    const rows = wrapCells(path, 40);
    expect(rows[0]).toBe('PUT');
    expect(rows.slice(1).join('')).toBe(path.slice(4));
    expect(rows.every((r) => r.length <= 40)).toBe(true);
  });

  it('failureText: status and message, or "outcome unknown" without resending', () => {
    const refused = failureText(new ApiError('bad_request', 'Bad Request', { status: 400, refused: true }));
    // A status alone proves nothing was applied only when the answer was the server's refusal (the outcome rules set `refused`).
    expect(failureText(new ApiError('bad_request', 'Bad Request', { status: 400 })).head).toMatch(/^⚠ Outcome unknown \(HTTP 400\)/);
    expect(refused).toEqual({ head: '✗ Refused by the server (HTTP 400): nothing was applied', body: 'Bad Request', next: 'Every field is kept: fix it and review again (ctrl+s).', tone: 'bad' });
    const unknown = failureText(new ApiError('timeout', 'No answer within 0.3 s: the outcome is unknown.', { outcomeUnknown: true }));
    expect(unknown.head).toBe('⚠ Outcome unknown: the request was sent and may have been applied');
    // Only an envelope 4xx is a refusal; a 502 gateway page is an unknown outcome.
    expect(failureText(new ApiError('server', 'Bad Gateway', { status: 502, outcomeUnknown: true })).head).toBe('⚠ Outcome unknown (HTTP 502): the request was sent and may have been applied');
    const paused = failureText(new ApiError('forbidden', 'Relayer paused', { status: 403, refused: true }));
    expect(paused.next).toMatch(/no edit fixes it/);
    expect(failureText(new ApiError('bad_request', 'Endpoint is not supported for Solana relayers', { status: 400, refused: true })).next).toMatch(/no edit fixes it/);
    expect(failureText(new ApiError('network', 'Cannot reach x: connection refused', { notSent: true })).head).toBe('✗ Not sent: the server could not be reached');
    expect(unknown.next).toMatch(/^Nothing was resent\. Refresh/);
    expect(failureText(new ApiError('server', 'key abcdef leaked', { status: 500 }), 'abcdef').body).toBe('key •••• leaked');
  });

  it('maskKeyInError masks the sent key in the message and keeps status and kind', () => {
    const e = new ApiError('bad_request', 'signing_key "k3y-secret" rejected; k3y-secret again', { status: 400 });
    const masked = maskKeyInError(e, 'k3y-secret') as ApiError;
    expect(masked).toBeInstanceOf(ApiError);
    expect(masked.message).toBe('signing_key "••••" rejected; •••• again');
    expect(masked.status).toBe(400);
    expect(masked.kind).toBe('bad_request');
    expect(maskKeyInError(e, undefined)).toBe(e);
    const other = new ApiError('server', 'unrelated', { status: 500 });
    expect(maskKeyInError(other, 'k3y-secret')).toBe(other);
  });
});

describe('EVM amounts as typed (parseWei): exact wei, never through a JS number', () => {
  it('plain wei, units, exponents', () => {
    expect(parseWei('1500000000000000000', 'sepolia')).toEqual({ wei: '1500000000000000000' });
    expect(parseWei('1.5 ETH', 'sepolia')).toEqual({ wei: '1500000000000000000' });
    expect(parseWei('1.5eth', 'sepolia')).toEqual({ wei: '1500000000000000000' });
    expect(parseWei('20 gwei', 'sepolia')).toEqual({ wei: '20000000000' });
    expect(parseWei('0.000000001 gwei', 'sepolia')).toEqual({ wei: '1' });
    expect(parseWei('0.0000000001 gwei', 'sepolia')).toEqual({ error: 'more decimals than the unit has (9): not a whole number of wei' });
    expect(parseWei('1e18', 'sepolia')).toEqual({ wei: '1000000000000000000' });
    expect(parseWei('1.5e18', 'sepolia')).toEqual({ wei: '1500000000000000000' });
    expect(parseWei('2 POL', 'polygon')).toEqual({ wei: '2000000000000000000' });
    expect(parseWei('0.123456789012345678 ETH', 'sepolia')).toEqual({ wei: '123456789012345678' });
    expect(parseWei('3 bananas', 'sepolia')).toEqual({ error: 'unknown unit bananas: wei, gwei, ETH' });
    expect(parseWei('3 bananas', 'polygon')).toEqual({ error: 'unknown unit bananas: wei, gwei, ETH (or POL)' });
    expect(parseWei('1,5', 'sepolia')).toEqual({ error: expect.stringMatching(/^a comma: /) });
  });
});
