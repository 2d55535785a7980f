/** Inline checks for form fields, in the operator's words. Empty optional fields pass. */
import {
  ApiError,
  JsonSyntaxError,
  NOTIFICATION_ID,
  isAbsoluteHttpUrl,
  isBase64,
  isHexData,
  isRfc3339,
  parseJson,
  type IntegerRange,
} from '../../api/index.js';

import { addressProblem } from '../address.js';

type Check = (value: string) => string | null;

const optional = (check: Check): Check => (v) => (v.trim() === '' ? null : check(v.trim()));

export const required =
  (check: Check = () => null): Check =>
  (v) =>
    v.trim() === '' ? 'required' : check(v.trim());

export function integerCheck(range: IntegerRange): Check {
  return (v) => {
    if (/^-\d+$/.test(v)) return 'out of range: must not be negative';
    if (!/^\d+$/.test(v)) return 'not an integer: digits only (no decimals, units or separators)';
    if (BigInt(v) > range.max) return `out of range: above the ${range.label} maximum`;
    return null;
  };
}

export const optionalInteger = (range: IntegerRange) => optional(integerCheck(range));
/** An EVM address field: 0x and 40 hex digits, its EIP-55 checksum matching where it is mixed case (core/address.ts, the one rule). */
export const address = optional((v) => addressProblem(v));
export const hexData = optional((v) => (isHexData(v) ? null : 'not hex: 0x followed by whole bytes (pairs of hex digits)'));
export const rfc3339 = optional((v) => (isRfc3339(v) ? null : 'not RFC 3339: e.g. 2030-01-01T15:04:05Z'));
/**
 * A `valid_until`: RFC 3339 and later than now (this machine's clock): one already passed is expired
 * when the server first looks at it (v1.8 replaces an expired EVM transaction with a NOOP, evm/utils.rs
 * is_transaction_valid): refused here before it is sent.
 */
export const futureRfc3339 = optional((v) => {
  if (!isRfc3339(v)) return 'not RFC 3339: e.g. 2030-01-01T15:04:05Z';
  return Date.parse(v.trim()) <= Date.now() ? `already passed (this machine's clock: ${new Date().toISOString().slice(0, 19)}Z): the server would take it as expired at once` : null;
});
export const base64 = (v: string) => (isBase64(v.trim()) ? null : 'not base64: standard alphabet with = padding');
export const absoluteUrl = (v: string) => (isAbsoluteHttpUrl(v.trim()) ? null : 'not an absolute http(s) URL: e.g. https://ops.example.com/hook');
export const notificationId = optional((v) => (NOTIFICATION_ID.test(v) ? null : 'letters, digits, - and _ only, at most 36'));

/** JSON text: null when valid, else the parser's reason with line and column; `empty` says what to type for nothing (a plugin's params: null). */
export function jsonCheck(v: string, empty = 'type the JSON'): string | null {
  if (v.trim() === '') return `not valid JSON: empty (${empty})`;
  try {
    parseJson(v);
    return null;
  } catch (e) {
    // Line and column first: the reason can be long and the row is cut at the terminal's edge.
    if (!(e instanceof JsonSyntaxError)) return 'not valid JSON';
    const reason = e.message.replace(/ at line \d+, column \d+$/, '');
    return `not valid JSON at line ${e.line}, column ${e.column}: ${reason}`;
  }
}

/** Maps a local refusal from the API module onto the field it names. */
export function apiFieldErrors(e: unknown): Record<string, string> {
  if (e instanceof ApiError && e.field) {
    const field = e.field.split(/[.[]/)[0]!;
    // A path inside the field (instructions[0].accounts[1].is_signer) stays in the message: it says where.
    return { [field]: field === e.field && e.message.startsWith(`${e.field}: `) ? e.message.slice(e.field.length + 2) : e.message };
  }
  if (e instanceof ApiError) return { _form: e.message };
  throw e;
}
