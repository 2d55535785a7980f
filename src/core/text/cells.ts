/**
 * Cell geometry of display text: widths in terminal cells (CJK and most emoji take two), cutting at
 * the head, the tail or the middle, fitting to a column, wrapping. Everything measured is sanitized
 * first (sanitize.ts), and no function looks at more of a string than it keeps.
 */
import fastStringWidth from './fastStringWidth.js';
import { SINGLE_WIDTH_SYMBOLS } from './glyphs.js';
import { sanitize, type SafeText } from './sanitize.js';

/** Printable ASCII, the single-width symbols this UI draws and the Control Pictures placeholders. */
const SINGLE_CELL = new RegExp(`^[\\x20-\\x7e${SINGLE_WIDTH_SYMBOLS}\\u2400-\\u2421]*$`);

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
