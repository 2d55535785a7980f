/**
 * Request-body validation helpers. Two kinds of failure, as the real server distinguishes them:
 * - ShapeError: the body does not deserialize (unknown field, missing field, wrong type, out of range).
 *   Real flavor answers 400 text/plain `Json deserialize error: <serde-like text>`.
 * - RuleError: well-formed but not acceptable (mixed gas pricing, both operations and XDR, ...).
 *   Real flavor answers 400 JSON envelope with the text.
 * Contract flavor answers `Bad Request` for both.
 */

export class ShapeError extends Error {
  override name = 'ShapeError';
}

export class RuleError extends Error {
  override name = 'RuleError';
}

export type JsonObject = Record<string, unknown>;

export const U128_MAX = (1n << 128n) - 1n;
export const I64_MAX = (1n << 63n) - 1n;

/** serde-style description of a JSON value, as in `invalid type: string "abc", expected u128`. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `boolean \`${v}\``;
  if (typeof v === 'bigint') return `integer \`${v}\``;
  if (typeof v === 'number') return Number.isInteger(v) ? `integer \`${v}\`` : `floating point \`${v}\``;
  if (Array.isArray(v)) return 'sequence';
  return 'map';
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function expectObject(v: unknown, what: string): JsonObject {
  if (!isObject(v)) throw new ShapeError(`invalid type: ${describeValue(v)}, expected ${what}`);
  return v;
}

export function rejectUnknownFields(obj: JsonObject, allowed: readonly string[]): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      throw new ShapeError(`unknown field \`${key}\`, expected one of ${allowed.map((a) => `\`${a}\``).join(', ')}`);
    }
  }
}

export function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Field value, treating an explicit null like an absent field (serde Option). */
export function optional(obj: JsonObject, key: string): unknown {
  const v = has(obj, key) ? obj[key] : undefined;
  return v === null ? undefined : v;
}

export function requireField(obj: JsonObject, key: string): unknown {
  if (!has(obj, key)) throw new ShapeError(`missing field \`${key}\``);
  return obj[key];
}

/** A JSON integer (number without fraction, or bigint from parseJson) in [0, max]. */
export function toUint(v: unknown, max: bigint, typeName: string): bigint {
  let n: bigint;
  if (typeof v === 'bigint') n = v;
  else if (typeof v === 'number' && Number.isInteger(v)) n = BigInt(v);
  else throw new ShapeError(`invalid type: ${describeValue(v)}, expected ${typeName}`);
  if (n < 0n || n > max) throw new ShapeError(`invalid value: integer \`${n}\`, expected ${typeName}`);
  return n;
}

export function toStringValue(v: unknown): string {
  if (typeof v !== 'string') throw new ShapeError(`invalid type: ${describeValue(v)}, expected a string`);
  return v;
}

export function toBoolean(v: unknown): boolean {
  if (typeof v !== 'boolean') throw new ShapeError(`invalid type: ${describeValue(v)}, expected a boolean`);
  return v;
}

export function toEnum<T extends string>(v: unknown, variants: readonly T[]): T {
  if (typeof v !== 'string') throw new ShapeError(`invalid type: ${describeValue(v)}, expected a string`);
  if (!(variants as readonly string[]).includes(v)) {
    throw new ShapeError(`unknown variant \`${v}\`, expected one of ${variants.map((a) => `\`${a}\``).join(', ')}`);
  }
  return v as T;
}

const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Non-empty standard (padded) base64. */
export function isBase64(s: string): boolean {
  return s.length > 0 && BASE64_RE.test(s);
}
