/**
 * Lossless JSON: integers that do not fit a double are kept as bigint, and bigint is written back
 * as bare JSON digits. JSON.parse/JSON.stringify cannot do either (u128 values would be rounded).
 */
import { ExactNumber, JsonParser, LongInteger, MAX_DEPTH, type ParseOptions } from './jsonParser.js';

export { ExactNumber, JsonParser, JsonSyntaxError, LongInteger, LONG_INTEGER_DIGITS, type ParseOptions } from './jsonParser.js';

/** Texts up to this size whose integers all fit a double are parsed by V8's own JSON.parse (a few ms at most). */
const NATIVE_MAX_CHARS = 512 * 1024;
/** An integer literal of 16 digits or more (a value JSON.parse could round), or something like it inside a string. */
const LONG_NUMBER = /(?:^|[:,[])\s*-?\d{16}/;

/**
 * The fast path: V8's JSON.parse where it gives exactly what JsonParser would — a text small enough
 * not to block, no integer that a double would round (a string that merely looks like one sends the
 * text the exact way), fractions as doubles (not `exactNumbers`). Invalid JSON goes the exact way too,
 * for JsonParser's message with line and column. A page is cut to `maxDataItems` as JsonParser does.
 */
function parseNative(text: string, options: ParseOptions | undefined): { value: unknown; dataItems: number | undefined } | undefined {
  if (options?.exactNumbers || text.length > NATIVE_MAX_CHARS || LONG_NUMBER.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (anyWithin(value, MAX_DEPTH, never)) return undefined; // too deep: JsonParser refuses it, with the place
  let dataItems: number | undefined;
  if (options?.maxDataItems !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const data = (value as { data?: unknown }).data;
    if (Array.isArray(data)) {
      dataItems = data.length;
      if (data.length > options.maxDataItems) data.length = options.maxDataItems;
    }
  }
  return { value, dataItems };
}

/** Whether `v` or a value inside it is a `hit`, or containers nest deeper than `levels` (the root container is level 1). */
function anyWithin(v: unknown, levels: number, hit: (x: unknown) => boolean): boolean {
  if (hit(v)) return true;
  if (typeof v !== 'object' || v === null) return false;
  if (levels === 0) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (anyWithin(v[i], levels - 1, hit)) return true;
    return false;
  }
  for (const k in v) if (anyWithin((v as Record<string, unknown>)[k], levels - 1, hit)) return true;
  return false;
}
const never = () => false;

/** Parse JSON text at once (operator input, small answers). See JsonParser. */
export function parseJson(text: string, options?: ParseOptions): unknown {
  const fast = parseNative(text, options);
  if (fast) return fast.value;
  const p = new JsonParser(text, options);
  p.step(Infinity);
  return p.value;
}

/** Tokens a slice of `parseJsonSliced` reads before letting the event loop run (a few ms). */
const SLICE_TOKENS = 20_000;

/**
 * Parse JSON text in slices, yielding to the event loop between them: a large answer never blocks
 * keys for longer than a slice. Small texts are parsed at once. `signal` stops it.
 */
export async function parseJsonSliced(text: string, options?: ParseOptions, signal?: AbortSignal): Promise<{ value: unknown; dataItems: number | undefined }> {
  const fast = parseNative(text, options);
  if (fast) return fast;
  const p = new JsonParser(text, options);
  while (!p.step(SLICE_TOKENS)) {
    await new Promise<void>((r) => setImmediate(r));
    if (signal?.aborted) throw new Error('aborted');
  }
  return p;
}

/** A number JSON.stringify cannot write as its digits. */
const exact = (x: unknown) => typeof x === 'bigint' || x instanceof LongInteger || x instanceof ExactNumber;

/** Stringify with bigint (and LongInteger) written as bare digits. Other values as JSON.stringify. */
export function stringifyJson(value: unknown, indent?: number): string {
  // Most values hold no such number: V8's own stringify without a replacer, several times faster.
  // (Deeper than 600 levels: the replacer's way, which says what JSON.stringify says of it.)
  if (!anyWithin(value, 600, exact)) return JSON.stringify(value, undefined, indent) ?? 'null';
  const marks: string[] = [];
  const tag = Math.random().toString(36).slice(2, 10);
  const out = JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (typeof v === 'bigint' || v instanceof LongInteger || v instanceof ExactNumber) {
        marks.push(v.toString());
        return `\u0000${tag}:${marks.length - 1}\u0000`;
      }
      return v;
    },
    indent,
  );
  if (out === undefined) return 'null';
  if (marks.length === 0) return out;
  return out.replace(new RegExp(`"\\\\u0000${tag}:(\\d+)\\\\u0000"`, 'g'), (_m, idx: string) => marks[Number(idx)]!);
}
