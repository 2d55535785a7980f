/**
 * Lossless JSON: integers that do not fit a double are kept as bigint, and bigint is written back
 * as bare JSON digits. JSON.parse/JSON.stringify cannot do either (u128 values would be rounded).
 */

export class JsonSyntaxError extends Error {
  readonly position: number;
  readonly line: number;
  readonly column: number;
  constructor(reason: string, text: string, position: number) {
    const { line, column } = lineColumn(text, position);
    super(`${reason} at line ${line}, column ${column}`);
    this.name = 'JsonSyntaxError';
    this.position = position;
    this.line = line;
    this.column = column;
  }
}

function lineColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}

const INT_RE = /^-?(0|[1-9]\d*)$/;

/** Digits beyond which an integer is kept as text: V8 converts a million digits to bigint in ~0.2 s. */
export const LONG_INTEGER_DIGITS = 300;

/**
 * An integer literal too long to convert cheaply (no field of the API comes near: the U256 maximum
 * has 78 digits). Kept as its exact digits, written back as bare digits by stringifyJson.
 */
export class LongInteger {
  constructor(readonly digits: string) {}
  toString(): string {
    return this.digits;
  }
}

/**
 * A number literal kept as typed (`1e400`, `0.12345678901234567890123`, `-0` would change through a
 * double): written back as its text. Only where asked (`exactNumbers`: operator input sent on).
 */
export class ExactNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export interface ParseOptions {
  /** Keep fractions, exponents and -0 as ExactNumber (operator input sent on, exactly as typed). */
  exactNumbers?: boolean;
  /**
   * Keep at most this many elements of the top-level object's `data` array (a page): the rest are
   * read for syntax, counted in `dataItems`, and dropped, so a page far larger than asked costs no
   * memory beyond the page.
   */
  maxDataItems?: number;
}

type Frame = { arr: unknown[]; obj?: undefined; key?: undefined; max: number } | { obj: Record<string, unknown>; arr?: undefined; key: string | undefined; max: number };

/** Containers nest at most this deep (what reads a value back may recurse). */
const MAX_DEPTH = 512;

const VALUE = 0;
const KEY = 1;
const AFTER = 2;
const DONE = 3;

/**
 * A resumable JSON parser: `step(n)` reads about n tokens and says whether it is done, so a large
 * answer can be parsed in slices between which the event loop runs (keys stay live). No recursion:
 * nesting is a stack (at most 512 deep). Integers beyond Number.MAX_SAFE_INTEGER become bigint
 * (beyond LONG_INTEGER_DIGITS digits a LongInteger); everything else as JSON.parse. Linear in the text.
 */
export class JsonParser {
  private i = 0;
  private readonly n: number;
  private readonly stack: Frame[] = [];
  private state = VALUE;
  /** The parsed value, once `step` returned true. */
  value: unknown;
  /** Elements of the top-level `data` array, kept or not. */
  dataItems: number | undefined;

  constructor(
    private readonly text: string,
    private readonly options: ParseOptions = {},
  ) {
    this.n = text.length;
  }

  private fail(reason: string, at = this.i): never {
    throw new JsonSyntaxError(reason, this.text, at);
  }

  private ws(): void {
    const { text, n } = this;
    let i = this.i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
    this.i = i;
  }

  private describe(at: number): string {
    return at >= this.n ? 'Unexpected end of input' : `Unexpected character ${JSON.stringify(this.text[at])}`;
  }

  private string(): string {
    const { text, n } = this;
    const start = this.i;
    let i = start + 1;
    let simple = true;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        this.i = i + 1;
        if (simple) return text.slice(start + 1, i);
        try {
          return JSON.parse(text.slice(start, i + 1)) as string;
        } catch {
          return this.fail('Invalid string escape', start);
        }
      }
      if (c === 92) {
        simple = false;
        i += 2;
        continue;
      }
      if (c < 32) this.fail('Control character in string', i);
      i++;
    }
    return this.fail('Unterminated string', start);
  }

  private number(): number | bigint | LongInteger | ExactNumber {
    const { text, n } = this;
    const digit = (k: number) => k < n && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57;
    const start = this.i;
    let i = start;
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (digit(i) && text[i] !== '0') while (digit(i)) i++;
    else this.fail(this.describe(i), i);
    let isInt = true;
    if (text[i] === '.') {
      isInt = false;
      i++;
      if (!digit(i)) this.fail(this.describe(i), i);
      while (digit(i)) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      isInt = false;
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!digit(i)) this.fail(this.describe(i), i);
      while (digit(i)) i++;
    }
    this.i = i;
    const raw = text.slice(start, i);
    if (isInt) {
      if (raw.length > LONG_INTEGER_DIGITS) return new LongInteger(raw);
      const num = Number(raw);
      if (raw === '-0' && this.options.exactNumbers) return new ExactNumber(raw);
      if (Number.isSafeInteger(num)) return num;
      return BigInt(raw);
    }
    // Operator input: a fraction or exponent is sent as typed (a double would round 0.1234567890123456789).
    if (this.options.exactNumbers) return new ExactNumber(raw);
    return Number(raw);
  }

  /** A finished value: into its container, or the result. */
  private emit(v: unknown): void {
    const top = this.stack[this.stack.length - 1];
    this.state = AFTER;
    if (!top) {
      this.value = v;
      this.state = DONE;
      return;
    }
    if (top.arr) {
      if (top.arr.length < top.max) top.arr.push(v);
      if (top.max !== Infinity) this.dataItems = (this.dataItems ?? 0) + 1;
      return;
    }
    // A plain assignment keeps the object's fast shape (defineProperty on every key made V8 fall back
    // to dictionary objects: 3x slower to parse and to stringify); `__proto__` must stay an own key.
    const key = top.key!;
    if (key === '__proto__') Object.defineProperty(top.obj, key, { value: v, enumerable: true, writable: true, configurable: true });
    else top.obj[key] = v;
  }

  private open(frame: Frame): void {
    if (this.stack.length >= MAX_DEPTH) this.fail('Nesting too deep');
    this.stack.push(frame);
  }

  /** Reads about `budget` tokens; true once the whole text is parsed (then `value` holds it). */
  step(budget: number): boolean {
    const { text } = this;
    for (let b = 0; b < budget; b++) {
      this.ws();
      const i = this.i;
      if (this.state === DONE) {
        if (i < this.n) this.fail(`Unexpected ${JSON.stringify(text[i])} after the JSON value`);
        return true;
      }
      if (i >= this.n) this.fail('Unexpected end of input');
      const ch = text[i];
      const top = this.stack[this.stack.length - 1];
      if (this.state === KEY) {
        if (ch !== '"') this.fail('Expected a property name in double quotes');
        const key = this.string();
        this.ws();
        if (text[this.i] !== ':') this.fail(this.i >= this.n ? 'Unexpected end of input' : "Expected ':' after property name");
        this.i++;
        top!.key = key;
        this.state = VALUE;
        continue;
      }
      if (this.state === AFTER) {
        const close = top!.arr ? ']' : '}';
        if (ch === ',') {
          this.i++;
          this.state = top!.arr ? VALUE : KEY;
        } else if (ch === close) {
          this.i++;
          this.stack.pop();
          this.emit(top!.arr ?? top!.obj);
        } else this.fail(top!.arr ? "Expected ',' or ']' after array element" : "Expected ',' or '}' after property value");
        continue;
      }
      // VALUE
      if (ch === '{') {
        this.i++;
        this.ws();
        if (text[this.i] === '}') {
          this.i++;
          this.emit({});
        } else {
          this.open({ obj: {}, key: undefined, max: Infinity });
          this.state = KEY;
        }
      } else if (ch === '[') {
        this.i++;
        this.ws();
        const page = this.stack.length === 1 && this.stack[0]!.obj !== undefined && this.stack[0]!.key === 'data' && this.options.maxDataItems !== undefined;
        if (page) this.dataItems = 0;
        if (text[this.i] === ']') {
          this.i++;
          this.emit([]);
        } else {
          this.open({ arr: [], max: page ? this.options.maxDataItems! : Infinity });
          this.state = VALUE;
        }
      } else if (ch === '"') this.emit(this.string());
      else if (ch === '-' || (ch! >= '0' && ch! <= '9')) this.emit(this.number());
      else if (text.startsWith('true', i)) {
        this.i += 4;
        this.emit(true);
      } else if (text.startsWith('false', i)) {
        this.i += 5;
        this.emit(false);
      } else if (text.startsWith('null', i)) {
        this.i += 4;
        this.emit(null);
      } else this.fail(this.describe(i));
    }
    return false;
  }
}

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

/**
 * The JSON text of each element of a top-level object's `data` array, at most `max`, as the server
 * wrote it (its digits, escapes and key order untouched), on one line (tabs and line breaks between
 * tokens dropped: JSON has none raw inside a string). For a text that has already parsed as JSON: it follows
 * strings and nesting only. The last `data` key wins, as in JSON.parse. Undefined when `data` is not
 * an array.
 */
export function dataItemTexts(text: string, max: number): string[] | undefined {
  let found: string[] | undefined;
  let depth = 0;
  let i = 0;
  const n = text.length;
  /** Index just past the string starting at `at` (a quote). */
  const stringEnd = (at: number): number => {
    let j = at + 1;
    for (;;) {
      const q = text.indexOf('"', j);
      if (q < 0) return n;
      let bs = 0;
      while (text.charCodeAt(q - 1 - bs) === 92) bs++;
      if (bs % 2 === 0) return q + 1;
      j = q + 1;
    }
  };
  const skipWs = (at: number): number => {
    while (at < n) {
      const c = text.charCodeAt(at);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      at++;
    }
    return at;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(i);
      if (depth === 1) {
        const colon = skipWs(end);
        if (text.charCodeAt(colon) === 58 && JSON.parse(text.slice(i, end)) === 'data') {
          const v = skipWs(colon + 1);
          if (text.charCodeAt(v) !== 91) {
            found = undefined;
            i = v;
            continue;
          }
          // The array's elements: each from its first character to the last before `,` or `]` at its level.
          const items: string[] = [];
          let j = skipWs(v + 1);
          let start = j;
          let level = 0;
          while (j < n) {
            const d = text.charCodeAt(j);
            if (d === 34) {
              j = stringEnd(j);
              continue;
            }
            if (d === 123 || d === 91) level++;
            else if (d === 125 || d === 93) {
              if (level === 0) break;
              level--;
            } else if (d === 44 && level === 0) {
              if (items.length < max) items.push(oneLine(text.slice(start, j)));
              start = skipWs(j + 1);
            }
            j++;
          }
          if (j > start && items.length < max) items.push(oneLine(text.slice(start, j)));
          found = items;
          i = j + 1;
          continue;
        }
      }
      i = end;
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
    i++;
  }
  return found;
}

/**
 * An element's text without surrounding whitespace and without the tabs and line breaks JSON allows
 * between tokens (a string holds none raw: the text parsed), so that it is one line of plain text.
 */
export function oneLine(t: string): string {
  const s = t.trimEnd();
  return /[\t\r\n]/.test(s) ? s.replace(/[\t\r\n]/g, '') : s;
}

export function isIntegerText(s: string): boolean {
  return INT_RE.test(s);
}
