/**
 * The display-safety boundary: every string that came from outside (server data, error texts,
 * headers, files the operator loads) becomes display text here before any view measures or draws it.
 *
 * Terminals act on far more than colour codes: OSC 52 writes the clipboard, OSC 0/2 the window title,
 * OSC 8 makes links, DCS/APC/PM/SOS reach tmux, C1 controls (U+009B is CSI, U+009D is OSC) work like
 * ESC sequences, BEL/BS/CR ring, move and overwrite, bidi controls reorder what the eye reads, and
 * zero-width characters hide text. None of them is drawn as itself: each becomes a visible, inert
 * placeholder, never removed silently —
 *   C0 controls and DEL   → their Control Pictures: ESC `␛`, BEL `␇`, BS `␈`, CR `␍`, LF `␊`, DEL `␡`
 *   C1 controls           → `\u009b` (the escape as text)
 *   format characters (bidi embeddings, overrides, isolates and marks, zero-width space/joiners,
 *   BOM, soft hyphen, tags), line/paragraph separators, lone surrogates → `\u202e` likewise.
 * Widths are measured on what is drawn (CJK and most emoji take two cells), so columns line up
 * whatever the data.
 *
 * Who uses it: the drawing primitives (Table, DetailView, StatusBar, ScreenFrame's title, ErrorPanel,
 * ReviewView, FormView, Line) pass everything they draw through `sanitize`/`fit`, so a screen cannot
 * hand them raw server text; and Ink's own text sanitizer is patched (scripts/patches.mjs) to draw
 * anything but a colour code through `neutralize`, so no control sequence reaches the terminal even
 * from a view that forgot.
 *
 * Work is bounded by what is shown, never by what the server sent: `fit` looks at the first
 * `width` cells and `displayText` caps long strings and digit runs (the whole value stays in the data
 * for the raw view).
 */
import { ExactNumber, LongInteger } from '../api/json.js';
import fastStringWidth from './fastStringWidth.js';

/** Text that went through this module: safe to measure and draw. */
export type SafeText = string & { readonly __safeText: true };

/** Anything drawn differently from itself, newline included. */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const UNSAFE_ALL = /[\x00-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** The same without LF (Ink's own line breaks, for the backstop). */
const UNSAFE_ALL_BUT_LF = /[\x00-\x09\x0b-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const UNSAFE_BUT_LF = /[\x00-\x09\x0b-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

function placeholder(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  const hex = code.toString(16).padStart(4, '0');
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex}`;
}

/** One line of display text: every control, format and line-break character as a visible placeholder. */
export function sanitize(s: string): SafeText {
  return (UNSAFE.test(s) ? s.replace(UNSAFE_ALL, placeholder) : s) as SafeText;
}

/**
 * The backstop in Ink's text path (scripts/patches.mjs): like `sanitize` but keeps LF, which Ink
 * itself uses to break a text into lines. Ink calls it on everything but colour codes.
 */
export function neutralize(s: string): string {
  return UNSAFE_BUT_LF.test(s) ? s.replace(UNSAFE_ALL_BUT_LF, placeholder) : s;
}

/**
 * JSON text for a terminal (a script's output that may land on one): the characters `sanitize`
 * replaces, written as JSON escapes instead (`\u009b`, astral ones as surrogate pairs). JSON.stringify
 * leaves C1, bidi and zero-width characters raw inside strings; escaped, the JSON means exactly the
 * same and no terminal acts on it. Line breaks between values (pretty printing) stay.
 */
export function jsonForTerminal(json: string): string {
  if (!UNSAFE_BUT_LF.test(json)) return json;
  return json.replace(UNSAFE_ALL_BUT_LF, (ch) => {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/**
 * Multi-line text (an error page, a log message): one sanitized line per LF or CRLF. A bare CR is not
 * a line break but an overwrite: it stays visible as `␍`.
 */
export function safeLines(s: string, maxLines = Infinity): SafeText[] {
  const out: SafeText[] = [];
  let start = 0;
  for (let i = 0; i < s.length && out.length < maxLines; i++) {
    if (s.charCodeAt(i) === 10) {
      out.push(sanitize(s.slice(start, i > start && s.charCodeAt(i - 1) === 13 ? i - 1 : i)));
      start = i + 1;
    }
  }
  if (out.length < maxLines) out.push(sanitize(s.slice(start)));
  return out;
}

// ——— Width ———

/** Printable ASCII, the single-width symbols this UI draws and the Control Pictures placeholders. */
const SINGLE_CELL = /^[\x20-\x7e…›‹│•·✓✗─↑↓←→⚠\u2400-\u2421]*$/;

let segmenter: Intl.Segmenter | undefined;
function graphemes(s: string): Iterable<{ segment: string }> {
  return (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(s);
}

/** Terminal cells `s` takes when drawn (sanitize first: controls have no width of their own). */
export function cellWidth(s: string): number {
  return SINGLE_CELL.test(s) ? s.length : fastStringWidth(s);
}

/**
 * The longest start of `s` that fits in `cells` cells, and its width. Looks at no more of `s` than
 * it keeps (plus one grapheme): the work is bounded by the width, not by the string.
 */
export function headCells(s: string, cells: number): { text: string; width: number } {
  if (cells <= 0) return { text: '', width: 0 };
  const probe = s.length > cells * 4 + 8 ? s.slice(0, cells * 4 + 8) : s;
  if (SINGLE_CELL.test(probe)) {
    const text = probe.slice(0, cells);
    return { text, width: text.length };
  }
  let text = '';
  let width = 0;
  for (const { segment } of graphemes(probe)) {
    const w = fastStringWidth(segment);
    if (width + w > cells) break;
    text += segment;
    width += w;
  }
  return { text, width };
}

/** The longest end of `s` that fits in `cells` cells. */
function tailCells(s: string, cells: number): { text: string; width: number } {
  if (cells <= 0) return { text: '', width: 0 };
  const probe = s.length > cells * 4 + 8 ? s.slice(s.length - (cells * 4 + 8)) : s;
  if (SINGLE_CELL.test(probe)) {
    const text = probe.slice(Math.max(0, probe.length - cells));
    return { text, width: text.length };
  }
  const parts = [...graphemes(probe)].map((g) => g.segment);
  let text = '';
  let width = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const w = fastStringWidth(parts[i]!);
    if (width + w > cells) break;
    text = parts[i]! + text;
    width += w;
  }
  return { text, width };
}

/** Whether `s` (sanitized) fits in `cells`, without measuring more of it than needed. */
function fits(s: string, cells: number): boolean {
  if (s.length <= cells && SINGLE_CELL.test(s)) return true;
  if (s.length > cells * 4 + 8) return false;
  return cellWidth(s) <= cells;
}

/** Cuts to `cells` cells with an ellipsis. */
export function truncateCells(text: string, cells: number): SafeText {
  const s = sanitize(text);
  if (cells <= 0) return '' as SafeText;
  if (fits(s, cells)) return s;
  if (cells === 1) return '…' as SafeText;
  return `${headCells(s, cells - 1).text}…` as SafeText;
}

/** `0x12ab…9f3c`: both ends of a long id within `cells` cells. */
export function middleCells(text: string, cells: number): SafeText {
  const s = sanitize(text);
  if (cells <= 0) return '' as SafeText;
  if (fits(s, cells)) return s;
  if (cells <= 3) return headCells(s, cells).text as SafeText;
  const keep = cells - 1;
  const head = headCells(s, Math.ceil(keep / 2));
  const tail = tailCells(s, keep - head.width);
  return `${head.text}…${tail.text}` as SafeText;
}

/** Exactly `cells` cells: cut with an ellipsis, padded with spaces on the side away from `align`. */
export function fit(text: string, cells: number, align: 'left' | 'right' = 'left'): SafeText {
  const t = truncateCells(text, cells);
  const room = cells - cellWidth(t);
  if (room <= 0) return t;
  return (align === 'right' ? ' '.repeat(room) + t : t + ' '.repeat(room)) as SafeText;
}

/**
 * Cuts a line into rows of at most `cells` cells, at a space when there is one (digits of a number
 * stay together), else hard; continuation rows start with `indent` spaces. At most `maxRows` rows
 * (the last one ends with `…` when text was left over): bounded by what is shown.
 */
export function wrapCells(text: string, cells: number, indent = 0, maxRows = 2_000): SafeText[] {
  const w = Math.max(1, cells);
  let rest: string = sanitize(text.length > (maxRows + 1) * w * 4 ? text.slice(0, (maxRows + 1) * w * 4) : text);
  if (fits(rest, w)) return [rest as SafeText];
  const ind = indent < w - 10 ? indent : 0;
  const rows: SafeText[] = [];
  for (let first = true; rest.length > 0; first = false) {
    const room = first ? w : w - ind;
    const pad = first ? '' : ' '.repeat(ind);
    if (rows.length === maxRows - 1 && !fits(rest, room)) {
      rows.push(`${pad}${headCells(rest, room - 1).text}…` as SafeText);
      break;
    }
    if (fits(rest, room)) {
      rows.push((pad + rest) as SafeText);
      break;
    }
    const head = headCells(rest, room).text;
    let cut = head.lastIndexOf(' ');
    if (cut <= (first ? ind : 0)) cut = head.length;
    if (cut === 0) cut = Math.max(1, [...rest.slice(0, 2)][0]!.length);
    rows.push((pad + rest.slice(0, cut).trimEnd()) as SafeText);
    rest = rest.slice(cut).replace(/^ +/, '');
  }
  return rows;
}

// ——— Values ———

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

/**
 * Cuts a line into rows of `cells` cells (sanitized), at most `maxRows` of them. `atSpaces`: a row
 * ends after its last space when it has one (a number or word is not split across rows unless it is
 * longer than a row); the rows still join back to the text exactly (the space begins the next row).
 */
export function chunkCells(text: string, cells: number, maxRows = Infinity, atSpaces = false): SafeText[] {
  const w = Math.max(1, cells);
  let rest: string = sanitize(text);
  const out: SafeText[] = [];
  while (out.length < maxRows) {
    if (fits(rest, w)) {
      out.push(rest as SafeText);
      break;
    }
    let head = headCells(rest, w).text;
    if (head === '') head = [...rest.slice(0, 2)][0]!;
    if (atSpaces) {
      // The space starts the next row (a terminal line's trailing blanks are not kept).
      const space = head.lastIndexOf(' ');
      if (space > 0 && head.length < rest.length && rest[head.length] !== ' ') head = head.slice(0, space);
    }
    out.push(head as SafeText);
    rest = rest.slice(head.length);
    if (rest === '') break;
  }
  return out;
}
