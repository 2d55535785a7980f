/** Exact integers for request bodies: bigint from the form to the bytes on the wire. */
import { invalidField } from './errors.js';

export const U128_MAX = (1n << 128n) - 1n;
export const INT64_MAX = (1n << 63n) - 1n;

export type IntegerInput = bigint | number | string;

export interface IntegerRange {
  max: bigint;
  /** Name of the range for messages, e.g. `u128`. */
  label: string;
}

export const U128: IntegerRange = { max: U128_MAX, label: 'u128' };
export const INT64: IntegerRange = { max: INT64_MAX, label: 'int64' };

/**
 * Converts an integer input (bigint, safe-integer number, or decimal digits) to bigint and checks
 * 0 <= x <= range.max. Throws ApiError(bad_request) naming the field otherwise.
 */
export function toExactInteger(field: string, input: unknown, range: IntegerRange): bigint {
  let v: bigint;
  if (typeof input === 'bigint') v = input;
  else if (typeof input === 'number') {
    if (!Number.isInteger(input)) throw invalidField(field, `must be a whole number, got ${input}`);
    if (!Number.isSafeInteger(input))
      throw invalidField(field, 'is too large for a JavaScript number; pass it as a bigint or a decimal string');
    v = BigInt(input);
  } else if (typeof input === 'string') {
    const s = input.trim();
    if (s === '') throw invalidField(field, 'is empty; expected a whole number');
    if (!/^-?\d+$/.test(s)) throw invalidField(field, `must be a whole number in decimal digits, got "${truncate(s)}"`);
    v = BigInt(s);
  } else {
    throw invalidField(field, `must be an integer, got ${input === null ? 'null' : typeof input}`);
  }
  if (v < 0n) throw invalidField(field, 'must not be negative');
  if (v > range.max) throw invalidField(field, `is above the ${range.label} maximum ${range.max}`);
  return v;
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
