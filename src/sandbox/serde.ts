/**
 * serde's reading of a JSON value into a Rust type, as v1.8 does it with `serde_json::from_value`
 * (a body first read as a `serde_json::Value`: PATCH /relayers/{id}, src/api/controllers/relayer.rs:249,
 * 253 and src/models/relayer/mod.rs:1201), in serde's own words:
 * - `invalid type: <unexpected>, expected <what>`, `invalid value: …`, `invalid length N, expected …`,
 *   `unknown field `x`, expected one of …`, `unknown variant …`, `missing field `x``;
 * - serde_json 1.0.149 without `arbitrary_precision` (Cargo.lock: no feature adds a dependency, none
 *   shows): an integer above u64::MAX (or below i64::MIN), a fraction or an exponent is an f64 — so a
 *   u128 above u64::MAX must come as a string (src/utils/serde/u128_deserializer.rs:13-49 has no
 *   visit_f64); its Map is a BTreeMap (no `preserve_order`: indexmap is not among its dependencies),
 *   so an object's keys are read in sorted order and the first bad one in that order is reported;
 * - a derived struct also reads from an array, its fields in order (serde_derive's visit_seq);
 * - Rust's `{}` of an f64 with serde's `.0` (`floating point `1.0``), a string as Rust's `{:?}`.
 * Values are read as parseJson({exactNumbers: true}) gives them (ExactNumber: a fraction or exponent).
 * The typed result keeps present fields only (None is absent); renderTyped writes it back as serde
 * serializes the struct (None as null unless skipped, an f32 as ryu writes it).
 */
import { ExactNumber, LongInteger } from '../api/json.js';
import { ShapeError } from './validate.js';

export type Ty =
  | { k: 'bool' }
  | { k: 'uint'; name: 'u8' | 'u16' | 'u32' | 'u64'; max: bigint }
  /** v1.8's U128Visitor (u128_deserializer.rs:11-49): a u64, a non-negative i64 or a decimal string. */
  | { k: 'u128' }
  | { k: 'f32' }
  | { k: 'string' }
  | { k: 'opt'; t: Ty }
  | { k: 'vec'; t: Ty }
  | { k: 'enum'; name: string; variants: Variant[] }
  | { k: 'struct'; name: string; fields: Field[]; deny: boolean; post?: (o: Record<string, unknown>) => Record<string, unknown> }
  /** serde_json::Map<String, Value>: an object, anything inside. */
  | { k: 'map' }
  | { k: 'any' }
  /** A type with its own Deserialize (throws SerdeError). */
  | { k: 'custom'; read: (v: unknown) => unknown };

export interface Field {
  name: string;
  t: Ty;
  /** `#[serde(default)]` on a field that is not an Option. */
  dflt?: () => unknown;
  /** `skip_serializing_if = "Option::is_none"`. */
  skip?: boolean;
}

export interface Variant {
  name: string;
  /** A struct variant's fields; none: a unit variant. */
  fields?: Field[];
}

export class SerdeError extends ShapeError {
  override name = 'SerdeError';
}

const U64_MAX = (1n << 64n) - 1n;
const I64_MIN = -(1n << 63n);
const U128_MAX = (1n << 128n) - 1n;

type Num = { c: 'u64' | 'i64'; n: bigint } | { c: 'f64'; x: number };

/** How serde_json holds a JSON number: u64, i64 or f64. */
export function numberOf(v: unknown): Num | undefined {
  if (typeof v === 'bigint') return v >= 0n && v <= U64_MAX ? { c: 'u64', n: v } : v < 0n && v >= I64_MIN ? { c: 'i64', n: v } : { c: 'f64', x: Number(v) };
  if (typeof v === 'number') return Number.isInteger(v) ? { c: v < 0 ? 'i64' : 'u64', n: BigInt(v) } : { c: 'f64', x: v };
  if (v instanceof ExactNumber) return v.text === '-0' ? { c: 'i64', n: 0n } : { c: 'f64', x: Number(v.text) };
  if (v instanceof LongInteger) return { c: 'f64', x: Number(v.digits) };
  return undefined;
}

/** Rust's `{}` of an f64 (shortest digits, never an exponent), with serde's `.0` when it has no point. */
export function rustFloat(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? 'inf' : '-inf';
  const neg = x < 0 || Object.is(x, -0);
  const [mant, expText] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const point = Number(expText) + 1; // digits before the decimal point
  let s: string;
  if (point <= 0) s = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) s = `${digits}${'0'.repeat(point - digits.length)}`;
  else s = `${digits.slice(0, point)}.${digits.slice(point)}`;
  if (digits === '0') s = '0';
  return `${neg ? '-' : ''}${s}${s.includes('.') ? '' : '.0'}`;
}

/** Rust's `{:?}` of a str. */
export function rustDebugString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\0') out += '\\0';
    else if (c < 0x20 || c === 0x7f) out += `\\u{${c.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}

/** serde's Unexpected of a JSON value. */
export function unexpected(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return `boolean \`${v}\``;
  if (typeof v === 'string') return `string ${rustDebugString(v)}`;
  if (Array.isArray(v)) return 'sequence';
  const n = numberOf(v);
  if (n) return n.c === 'f64' ? `floating point \`${rustFloat(n.x)}\`` : `integer \`${n.n}\``;
  return 'map';
}

const bad = (msg: string): never => {
  throw new SerdeError(msg);
};
export const invalidType = (v: unknown, what: string): never => bad(`invalid type: ${unexpected(v)}, expected ${what}`);

/** serde's "expected one of …" tail for unknown fields and variants. */
export function expectedNames(names: readonly string[], none: string): string {
  const q = names.map((n) => `\`${n}\``);
  if (q.length === 0) return none;
  if (q.length === 1) return `expected ${q[0]}`;
  if (q.length === 2) return `expected ${q[0]} or ${q[1]}`;
  return `expected one of ${q.join(', ')}`;
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof ExactNumber) && !(v instanceof LongInteger);

/** An object's keys as serde_json's BTreeMap holds them (bytewise order). */
export function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

const small = (n: bigint): number | bigint => (n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n);

/** Rust's u128::from_str, in its own words. */
function parseU128(s: string): bigint {
  const d = s.startsWith('+') ? s.slice(1) : s;
  if (s === '') bad('cannot parse integer from empty string');
  if (!/^\d+$/.test(d)) bad('invalid digit found in string');
  const n = BigInt(d);
  if (n > U128_MAX) bad('number too large to fit in target type');
  return n;
}

function readStruct(expecting: string, fields: Field[], deny: boolean, v: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (Array.isArray(v)) {
    fields.forEach((f, i) => {
      if (i < v.length) {
        const x = readTyped(f.t, v[i]);
        if (x !== undefined) out[f.name] = x;
      } else if (f.dflt) out[f.name] = f.dflt();
      else bad(`invalid length ${i}, expected ${expecting} with ${fields.length} element${fields.length === 1 ? '' : 's'}`);
    });
    if (v.length > fields.length) bad(`invalid length ${v.length}, expected fewer elements in array`);
    return out;
  }
  if (!isMap(v)) invalidType(v, expecting);
  const o = v as Record<string, unknown>;
  for (const key of sortedKeys(o)) {
    const f = fields.find((x) => x.name === key);
    if (!f) {
      if (deny) bad(`unknown field \`${key}\`, ${expectedNames(fields.map((x) => x.name), 'there are no fields')}`);
      continue;
    }
    const x = readTyped(f.t, o[key]);
    if (x !== undefined) out[key] = x;
  }
  for (const f of fields) {
    if (f.name in out) continue;
    if (f.dflt) out[f.name] = f.dflt();
    else if (f.t.k !== 'opt') bad(`missing field \`${f.name}\``);
  }
  return out;
}

function readEnum(ty: Extract<Ty, { k: 'enum' }>, v: unknown): unknown {
  let tag: string;
  let content: unknown;
  let hasContent = false;
  if (typeof v === 'string') tag = v;
  else if (isMap(v)) {
    const keys = Object.keys(v);
    if (keys.length !== 1) bad('invalid value: map, expected map with a single key');
    tag = keys[0]!;
    content = v[tag];
    hasContent = true;
  } else return invalidType(v, 'string or map');
  const variant = ty.variants.find((x) => x.name === tag);
  if (!variant) return bad(`unknown variant \`${tag}\`, ${expectedNames(ty.variants.map((x) => x.name), 'there are no variants')}`);
  if (!variant.fields) {
    if (hasContent && content !== null) invalidType(content, 'unit');
    return tag;
  }
  if (!hasContent) bad('invalid type: unit variant, expected struct variant');
  if (!isMap(content) && !Array.isArray(content)) invalidType(content, 'struct variant');
  const expecting = `struct variant ${ty.name}::${variant.name.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`;
  return { [tag]: readStruct(expecting, variant.fields, false, content) };
}

/** A JSON value as serde_json::Value holds it: a fraction or exponent becomes an f64. */
export function asValue(v: unknown): unknown {
  if (v instanceof ExactNumber) return v.text === '-0' ? 0 : Number(v.text);
  if (v instanceof LongInteger) return Number(v.digits);
  if (Array.isArray(v)) return v.map(asValue);
  if (isMap(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asValue(x)]));
  return v;
}

/** Whether serde_json would refuse to read a number of `v` (an f64 beyond its range: `number out of range`). */
export function hasNumberOutOfRange(v: unknown): boolean {
  const n = numberOf(v);
  if (n) return n.c === 'f64' && !Number.isFinite(n.x);
  if (Array.isArray(v)) return v.some(hasNumberOutOfRange);
  return isMap(v) && Object.values(v).some(hasNumberOutOfRange);
}

/** The value serde would build from `v` (undefined: None), or a SerdeError in serde's words. */
export function readTyped(ty: Ty, v: unknown): unknown {
  switch (ty.k) {
    case 'opt':
      return v === null || v === undefined ? undefined : readTyped(ty.t, v);
    case 'any':
      return v;
    case 'custom':
      return ty.read(v);
    case 'bool':
      return typeof v === 'boolean' ? v : invalidType(v, 'a boolean');
    case 'string':
      return typeof v === 'string' ? v : invalidType(v, 'a string');
    case 'uint': {
      const n = numberOf(v);
      if (!n || n.c === 'f64') return invalidType(v, ty.name);
      if (n.n < 0n || n.n > ty.max) bad(`invalid value: ${unexpected(v)}, expected ${ty.name}`);
      return small(n.n);
    }
    case 'u128': {
      const what = 'a string containing a u128 number or a u128 integer';
      if (typeof v === 'string') return small(parseU128(v));
      const n = numberOf(v);
      if (!n || n.c === 'f64') return invalidType(v, what);
      if (n.n < 0n) bad('negative value cannot be converted to u128');
      return small(n.n);
    }
    case 'f32': {
      const n = numberOf(v);
      if (!n) return invalidType(v, 'f32');
      return Math.fround(n.c === 'f64' ? n.x : Number(n.n));
    }
    case 'vec':
      if (!Array.isArray(v)) return invalidType(v, 'a sequence');
      return v.map((x) => readTyped(ty.t, x) ?? null);
    case 'map':
      return isMap(v) ? asValue(v) : invalidType(v, 'a map');
    case 'enum':
      return readEnum(ty, v);
    case 'struct': {
      const o = readStruct(`struct ${ty.name}`, ty.fields, ty.deny, v);
      return ty.post ? ty.post(o) : o;
    }
  }
}

/** An f32 as serde_json writes it (ryu's layout: `10.0`, `0.1`, `1e-7`, `1.5e20`). */
export function f32Text(x: number): string {
  if (!Number.isFinite(x)) return 'null';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  let p = 1;
  let s = Math.abs(x).toPrecision(p);
  while (p < 9 && Math.fround(Number(s)) !== Math.fround(Math.abs(x))) s = Math.abs(x).toPrecision(++p);
  const [mant, e] = Number(s).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const kk = Number(e) + 1;
  const k = kk - digits.length;
  let out: string;
  if (k >= 0 && kk <= 13) out = `${digits}${'0'.repeat(k)}.0`;
  else if (kk > 0 && kk <= 13) out = `${digits.slice(0, kk)}.${digits.slice(kk)}`;
  else if (kk > -6 && kk <= 0) out = `0.${'0'.repeat(-kk)}${digits}`;
  else out = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${kk - 1}`;
  return `${x < 0 ? '-' : ''}${out}`;
}

/** A typed value as serde serializes it: None as null unless skipped, f32 as ryu writes it. */
export function renderTyped(ty: Ty, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (ty.k) {
    case 'opt':
      return renderTyped(ty.t, v);
    case 'f32': {
      const t = f32Text(v as number);
      return t === 'null' ? null : new ExactNumber(t);
    }
    case 'vec':
      return (v as unknown[]).map((x) => renderTyped(ty.t, x));
    case 'struct':
      return renderFields(ty.fields, v as Record<string, unknown>);
    case 'enum': {
      if (typeof v === 'string') return v;
      const [tag, inner] = Object.entries(v as Record<string, unknown>)[0]!;
      const fields = ty.variants.find((x) => x.name === tag)?.fields ?? [];
      return { [tag]: renderFields(fields, inner as Record<string, unknown>) };
    }
    default:
      return v;
  }
}

export function renderFields(fields: readonly Field[], o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = o[f.name];
    if (v === undefined && f.skip) continue;
    out[f.name] = renderTyped(f.t, v);
  }
  return out;
}
