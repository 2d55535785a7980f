/**
 * The lossless JSON parser (json.ts's entry points use it): integers that do not fit a double kept as
 * bigint, literals too long to convert cheaply as LongInteger, number literals kept as typed where
 * asked (ExactNumber); resumable (`step(n)`), so a large answer is parsed in slices.
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
export const MAX_DEPTH = 512;

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
