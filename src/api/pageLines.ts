/**
 * A page's rows as the server wrote them, straight from the body's bytes: one linear scan checks
 * that the body is JSON (strings, escapes, numbers, literals, nesting), finds `success`, `pagination`
 * and each row of `data`, and checks each row against its schema's row shape (rowShape.ts) from the
 * kinds of its values — no parse, no object per row. A row is then its own bytes, on one line: the
 * server's digits by construction. Nothing here guesses: whatever the scan is not sure of (a row the
 * shape does not let through, a key written with escapes, a duplicate key, a fraction that might not
 * be finite, deep nesting, a body over the size parsed at once) gives undefined, and the page is read
 * the exact way (JSON parse, the schema), which refuses or accepts it with its own words.
 */
import { KIND, keyHash, type RowShape, type ShapeKey } from './rowShape.js';
import { parseJson } from './json.js';
import { oneLine } from './jsonItems.js';
import { RowLines } from './rowLines.js';
import { parseOptions } from './schemas.js';

const { str: STR, int: INT, longInt: LONG_INT, num: NUM, bool: BOOL, nul: NUL, obj: OBJ, arr: ARR } = KIND;

/** Bodies up to this size are scanned at once (a page of 100 transactions is ~95 KB); larger ones are parsed in slices, the exact way. */
export const SCAN_MAX_BYTES = 512 * 1024;
/** Containers nest at most this deep in the scan (deeper: the exact way). */
const MAX_NEST = 64;

export interface ScannedPage {
  /** The envelope's `pagination`, parsed (checked where a page is read: readPage). */
  pagination: unknown;
  /** Each kept row's required fields (its identity: id, status), as values. */
  items: Record<string, unknown>[];
  /** Each kept row's JSON text as the server wrote it, on one line (tabs and line breaks between tokens dropped). */
  lines: RowLines;
  /** Rows in `data`, kept or not. */
  sentItems: number;
}

class Unsure extends Error {}
const UNSURE = new Unsure('not sure');
function unsure(): never {
  throw UNSURE;
}

const decoder = new TextDecoder('utf-8');

class Scan {
  i = 0;
  /** The current row holds a tab or line break between tokens, or a byte beyond ASCII. */
  dirty = false;
  /** The last string scanned held an escape. */
  esc = false;
  constructor(readonly b: Buffer) {}

  /**
   * After a member of an object or array: true at the byte `close` that ends them, false past the
   * comma that says another follows (and the whitespace after it); anything else is not JSON.
   */
  next(close: number): boolean {
    if (this.b[this.i]! <= 32) this.ws();
    const c = this.b[this.i++];
    if (c === close) return true;
    if (c !== 44) unsure();
    if (this.b[this.i]! <= 32) this.ws();
    return false;
  }

  ws(): void {
    const b = this.b;
    let i = this.i;
    for (;;) {
      const c = b[i];
      if (c === 32) i++;
      else if (c === 10 || c === 13 || c === 9) {
        this.dirty = true;
        i++;
      } else break;
    }
    this.i = i;
  }

  /** At a quote: past the string's closing quote. */
  string(): void {
    const b = this.b;
    let i = this.i + 1;
    this.esc = false;
    for (;;) {
      // The bytes a string holds as they are, in one test each (past the end: undefined, not PLAIN).
      while (IN_STRING[b[i]!] === PLAIN) i++;
      const c = b[i];
      if (c === undefined) unsure();
      if (c === 34) break;
      if (c === 92) {
        this.esc = true;
        const e = b[i + 1];
        if (e === 117) {
          for (let k = i + 2; k < i + 6; k++) {
            const h = b[k]!;
            if (!((h >= 48 && h <= 57) || (h >= 65 && h <= 70) || (h >= 97 && h <= 102))) unsure();
          }
          i += 6;
        } else if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) i += 2;
        else unsure();
        continue;
      }
      if (c < 32) unsure();
      if (c >= 128) this.dirty = true;
      i++;
    }
    this.i = i + 1;
  }

  /** A number literal: INT (at most 15 digits, no fraction or exponent), LONG_INT or NUM. */
  number(): number {
    const b = this.b;
    let i = this.i;
    if (b[i] === 45) i++;
    const first = i;
    if (b[i] === 48) i++;
    else if (b[i]! >= 49 && b[i]! <= 57) while (b[i]! >= 48 && b[i]! <= 57) i++;
    else unsure();
    let kind: number = i - first <= 15 ? INT : LONG_INT;
    if (b[i] === 46) {
      kind = NUM;
      i++;
      if (!(b[i]! >= 48 && b[i]! <= 57)) unsure();
      while (b[i]! >= 48 && b[i]! <= 57) i++;
    }
    if (b[i] === 101 || b[i] === 69) {
      kind = NUM;
      i++;
      if (b[i] === 43 || b[i] === 45) i++;
      if (!(b[i]! >= 48 && b[i]! <= 57)) unsure();
      while (b[i]! >= 48 && b[i]! <= 57) i++;
    }
    this.i = i;
    return kind;
  }

  private literal(word: readonly number[], kind: number): number {
    const b = this.b;
    const i = this.i;
    for (let k = 0; k < word.length; k++) if (b[i + k] !== word[k]) unsure();
    this.i = i + word.length;
    return kind;
  }

  /** Any JSON value at the cursor (after whitespace): its kind. */
  value(depth: number): number {
    const c = this.b[this.i];
    if (c === 34) {
      this.string();
      return STR;
    }
    if (c === 45 || (c! >= 48 && c! <= 57)) return this.number();
    if (c === 123) {
      this.container(depth, 125, true);
      return OBJ;
    }
    if (c === 91) {
      this.container(depth, 93, false);
      return ARR;
    }
    if (c === 116) return this.literal(TRUE, BOOL);
    if (c === 102) return this.literal(FALSE, BOOL);
    if (c === 110) return this.literal(NULL, NUL);
    return unsure();
  }

  /** An object or array at the cursor, its members checked for syntax only. */
  private container(depth: number, close: number, object: boolean): void {
    if (depth >= MAX_NEST) unsure();
    const b = this.b;
    this.i++;
    this.ws();
    if (b[this.i] === close) {
      this.i++;
      return;
    }
    for (;;) {
      if (object) {
        if (b[this.i] !== 34) unsure();
        this.string();
        if (b[this.i]! <= 32) this.ws();
        if (b[this.i] !== 58) unsure();
        this.i++;
        if (b[this.i]! <= 32) this.ws();
      }
      this.value(depth + 1);
      if (this.next(close)) return;
    }
  }

  /** A row (or an object in one) at the cursor, checked against `shape`; its required values into `row`. */
  row(shape: RowShape, row: Record<string, unknown> | undefined, depth: number): void {
    const b = this.b;
    if (b[this.i] !== 123 || depth >= MAX_NEST || shape.open) unsure();
    shape.open = true;
    try {
      this.fields(shape, row, depth);
    } finally {
      shape.open = false;
    }
  }

  private fields(shape: RowShape, row: Record<string, unknown> | undefined, depth: number): void {
    const b = this.b;
    const { seen, next, keys } = shape;
    const gen = ++shape.gen;
    let prev = -1;
    this.i++;
    this.ws();
    if (b[this.i] === 125) this.i++;
    else
      for (;;) {
        if (b[this.i] !== 34) unsure();
        const ks = this.i + 1;
        let at = next[prev + 1]!;
        let key: ShapeKey | undefined;
        // The key expected (the one that followed the last key before), compared in place: no scan, no lookup.
        if (at >= 0 && b[ks + keys[at]!.bytes.length] === 34 && sameBytes(b, ks, ks + keys[at]!.bytes.length, keys[at]!.bytes)) {
          key = keys[at]!;
          this.i = ks + key.bytes.length + 1;
        } else {
          this.string();
          const ke = this.i - 1;
          // A key written with an escape may be a known one in disguise: the exact way reads it.
          if (this.esc) unsure();
          const found = shape.byHash.get(keyHash(b, ks, ke));
          at = found !== undefined && sameBytes(b, ks, ke, keys[found]!.bytes) ? found : -1;
          key = at >= 0 ? keys[at] : undefined;
          if (at >= 0) next[prev + 1] = at;
        }
        if (at >= 0) prev = at;
        if (b[this.i]! <= 32) this.ws();
        if (b[this.i] !== 58) unsure();
        this.i++;
        if (b[this.i]! <= 32) this.ws();
        const vs = this.i;
        const c0 = b[vs];
        let kind: number;
        if (key && c0 === 123 && key.obj) {
          this.row(key.obj, undefined, depth + 1);
          kind = OBJ;
        } else if (key && c0 === 91 && key.anyArray) {
          this.value(depth + 1);
          kind = ARR;
        } else kind = this.value(depth + 1);
        if (key) {
          if (seen[at] === gen) unsure(); // a duplicate: JSON.parse keeps the last, the exact way decides
          seen[at] = gen;
          if (!(key.accept & kind) && !((kind === OBJ && key.obj) || (kind === ARR && key.anyArray))) {
            // An object or array: the key's own schema on the parsed value.
            if (!((kind === OBJ || kind === ARR) && key.deep && key.deep.safeParse(parseJson(decoder.decode(b.subarray(vs, this.i))), parseOptions()).success)) unsure();
          } else if (kind === NUM && !Number.isFinite(Number(b.toString('latin1', vs, this.i)))) unsure();
          if (row && !key.optional) row[key.name] = this.esc || this.dirty || kind !== STR ? parseJson(decoder.decode(b.subarray(vs, this.i))) : b.toString('latin1', vs + 1, this.i - 1);
        }
        if (this.next(125)) break;
      }
    // Every key that may not be absent is there.
    for (const r of shape.required) if (seen[r] !== gen) unsure();
  }
}

/** Each byte's class inside a string: PLAIN, or one the scan looks at (quote, backslash, control, beyond ASCII). */
const PLAIN = 0;
const IN_STRING = new Uint8Array(256).map((_, c) => (c === 34 || c === 92 || c < 32 || c >= 128 ? 1 : PLAIN));

const TRUE = [116, 114, 117, 101];
const FALSE = [102, 97, 108, 115, 101];
const NULL = [110, 117, 108, 108];

function sameBytes(b: Buffer, from: number, to: number, key: Uint8Array): boolean {
  if (to - from !== key.length) return false;
  for (let k = 0; k < key.length; k++) if (b[from + k] !== key[k]) return false;
  return true;
}

/** The top-level keys read: each at most once, written plain. */
const SUCCESS = Buffer.from('success');
const DATA = Buffer.from('data');
const PAGINATION = Buffer.from('pagination');

/**
 * The page in `body` (a 2xx answer) with at most `max` rows kept, each checked against `shape`; or
 * undefined when the scan is not sure (the exact way then reads the body).
 */
export function scanPage(body: Buffer, max: number, shape: RowShape): ScannedPage | undefined {
  if (body.length > SCAN_MAX_BYTES) return undefined;
  try {
    return scan(body, max, shape);
  } catch (e) {
    if (e === UNSURE) return undefined;
    throw e;
  }
}

function scan(b: Buffer, max: number, shape: RowShape): ScannedPage {
  const s = new Scan(b);
  let success = false;
  let pagination: [number, number] | undefined;
  let rows: { items: Record<string, unknown>[]; starts: number[]; ends: number[]; texts: (Buffer | undefined)[] | undefined; sent: number } | undefined;
  s.ws();
  if (b[s.i] !== 123) unsure();
  s.i++;
  s.ws();
  if (b[s.i] === 125) unsure();
  for (;;) {
    if (b[s.i] !== 34) unsure();
    const ks = s.i + 1;
    s.string();
    const ke = s.i - 1;
    if (s.esc) unsure();
    s.ws();
    if (b[s.i] !== 58) unsure();
    s.i++;
    s.ws();
    if (sameBytes(b, ks, ke, SUCCESS)) {
      // `true` itself (else the exact way says what it is).
      if (success || b[s.i] !== 116) unsure();
      s.value(1);
      success = true;
    } else if (sameBytes(b, ks, ke, PAGINATION)) {
      if (pagination) unsure();
      const vs = s.i;
      s.value(1);
      pagination = [vs, s.i];
    } else if (sameBytes(b, ks, ke, DATA)) {
      if (rows || b[s.i] !== 91) unsure();
      rows = { items: [], starts: [], ends: [], texts: undefined, sent: 0 };
      s.i++;
      s.ws();
      if (b[s.i] === 93) s.i++;
      else
        for (;;) {
          if (rows.sent < max) {
            const start = s.i;
            s.dirty = false;
            const row: Record<string, unknown> = {};
            s.row(shape, row, 1);
            rows.items.push(row);
            // Plain ASCII on one line: the bytes as sent; else the text without its line breaks (invalid UTF-8 as U+FFFD, as the exact way reads it).
            rows.starts.push(start);
            rows.ends.push(s.i);
            if (s.dirty) (rows.texts ??= [])[rows.items.length - 1] = Buffer.from(oneLine(decoder.decode(b.subarray(start, s.i))));
          } else s.value(1);
          rows.sent++;
          if (s.next(93)) break;
        }
    } else s.value(1);
    if (s.next(125)) break;
  }
  s.ws();
  if (s.i !== b.length || !success || !rows || !pagination) return unsure();
  return { pagination: parseJson(decoder.decode(b.subarray(pagination[0], pagination[1]))), items: rows.items, lines: RowLines.inBody(b, rows.starts, rows.ends, rows.texts), sentItems: rows.sent };
}
