/**
 * How a value reads as display text: strings and digit runs capped (the whole value stays in the data
 * for the raw view), digits grouped in linear time, bigints and lossless numbers as their digits.
 */
import { ExactNumber, LongInteger } from '../../api/json.js';
import { sanitize, type SafeText } from './sanitize.js';

/** Longest digit run shown whole: the U256 maximum has 78 decimal digits. */
export const MAX_DIGITS = 80;
/** Longest string shown whole in a detail or a message; the raw view has the rest. */
export const MAX_TEXT = 16_384;

/** Groups digits by thousands in linear time: `1234567` → `1,234,567`. */
export function groupDigits(digits: string): string {
  const neg = digits.startsWith('-');
  const d = neg ? digits.slice(1) : digits;
  if (d.length <= 3) return digits;
  let out = d.slice(0, ((d.length - 1) % 3) + 1);
  for (let i = out.length; i < d.length; i += 3) out += `,${d.slice(i, i + 3)}`;
  return neg ? `-${out}` : out;
}

/** A digit run beyond MAX_DIGITS as its ends and its length: `9999…9999 (1,000,000 digits)`. */
export function capDigits(digits: string): string {
  if (digits.length <= MAX_DIGITS) return digits;
  return `${digits.slice(0, 4)}…${digits.slice(-4)} (${groupDigits(String(digits.length))} digits)`;
}

const DIGITS = /^-?\d+$/;

/**
 * Any value as one line of display text: strings sanitized and capped (a long digit string as
 * `capDigits`), numbers and bigints as digits (capped), booleans as words, null/undefined as ''.
 * Objects become compact JSON, capped. Linear in what is kept.
 */
export function displayText(v: unknown, max = MAX_TEXT): SafeText {
  if (v === null || v === undefined) return '' as SafeText;
  if (typeof v === 'string') {
    if (v.length > MAX_DIGITS && DIGITS.test(v)) return sanitize(capDigits(v));
    if (v.length > max) return sanitize(`${v.slice(0, max)}… (${groupDigits(String(v.length))} characters; v shows them all)`);
    return sanitize(v);
  }
  if (typeof v === 'bigint') return capDigits(bigintDigits(v)) as SafeText;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v) as SafeText;
  if (isLongInteger(v)) return capDigits(v.digits) as SafeText;
  if (v instanceof ExactNumber) return displayText(v.text, max);
  return displayText(compactJson(v, max + 1), max);
}

/**
 * Decimal digits of a bigint, without V8's slow conversion of huge ones (about 0.5 s for a million
 * digits): beyond 2^4096 only the length is known cheaply, so the digits are its hex instead.
 */
function bigintDigits(v: bigint): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  if (abs < 1n << 4096n) return v.toString();
  return `${neg ? '-' : ''}0x${abs.toString(16)}`;
}

function isLongInteger(v: unknown): v is LongInteger {
  return v instanceof LongInteger;
}

/** Compact JSON of at most about `max` characters, bigints as digits, without stringifying more than that. */
function compactJson(v: unknown, max: number): string {
  let out = '';
  const stack: unknown[] = [v];
  // An explicit stack (no recursion): the server decides how deep a value is.
  while (stack.length > 0 && out.length <= max) {
    const x = stack.pop();
    if (typeof x === 'string' && x.startsWith('\u0000')) {
      out += x.slice(1);
      continue;
    }
    if (Array.isArray(x)) {
      stack.push('\u0000]');
      for (let i = x.length - 1; i >= 0; i--) {
        stack.push(x[i]);
        if (i > 0) stack.push('\u0000,');
      }
      out += '[';
    } else if (x !== null && typeof x === 'object' && !isLongInteger(x) && !(x instanceof ExactNumber)) {
      const entries = Object.entries(x);
      stack.push('\u0000}');
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push(entries[i]![1]);
        stack.push(`\u0000${JSON.stringify(entries[i]![0])}:`);
        if (i > 0) stack.push('\u0000,');
      }
      out += '{';
    } else if (typeof x === 'string') out += JSON.stringify(x.length > max ? x.slice(0, max) : x);
    else if (typeof x === 'bigint') out += capDigits(bigintDigits(x));
    else if (isLongInteger(x)) out += capDigits(x.digits);
    else if (x instanceof ExactNumber) out += x.text.slice(0, max);
    else out += x === undefined ? 'null' : String(x);
  }
  return out;
}

/** `1234567` → `1,234,567` for a number or bigint. */
export function thousands(n: number | bigint): string {
  return groupDigits(n.toString());
}

/**
 * An id as a reader is shown it: anything outside printable ASCII written as its code point
 * (`pr\u043ed-main` for a Cyrillic о), so that look-alike ids never read the same (issue 27.4).
 * Where a machine reads the id (the request path, JSON parsed back) the exact bytes are kept.
 */
export function readableId(id: string): string {
  if (/^[\x21-\x7e]*$/.test(id)) return id;
  let out = '';
  for (const ch of id.slice(0, 2_000)) {
    const c = ch.codePointAt(0)!;
    out += c >= 0x21 && c <= 0x7e ? ch : c > 0xffff ? `\\u{${c.toString(16)}}` : `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return id.length > 2_000 ? `${out}…` : out;
}

/**
 * JSON text with every character outside ASCII written as a \uXXXX escape: the same value once parsed
 * (exact bytes), and nothing in it that reads like another character.
 */
export function asciiJson(text: string): string {
  return text.replace(/[^\x00-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
