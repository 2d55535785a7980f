/**
 * A record as detail lines: every field labelled in the order received (nested keys dotted), or its
 * raw JSON. The server decides how big and how deep a record is, so nothing here recurses or spreads
 * over it, and what is laid out is capped (the raw view shows what the labelled one leaves out).
 */
import { ExactNumber, LongInteger } from '../api/index.js';
import { age, clock } from '../core/time.js';
import { cellWidth, chunkCells, middleCells } from '../core/text/cells.js';
import { displayText } from '../core/text/values.js';
import { sanitize, type SafeText } from '../core/text/sanitize.js';
import type { Tone } from '../core/tone.js';

export interface DetailLine {
  label: string;
  value: string;
  tone?: Tone;
  /** The value as received (copying takes it whole, not the capped text shown). */
  raw?: unknown;
}

/** Fields laid out in the labelled view; past it a line says how to see the rest. */
export const MAX_DETAIL_FIELDS = 5_000;
/** Rows of the raw JSON view. */
export const MAX_RAW_ROWS = 20_000;
/** Items of a list of scalars shown on one line. */
const MAX_LIST_ITEMS = 200;

const TIMESTAMP_KEY = /(_at|^valid_until)$/;

/** Numbers kept as text by the lossless parser: scalars, not objects. */
const isNumberText = (v: unknown): boolean => v instanceof LongInteger || v instanceof ExactNumber;

/** Flattens a record into label/value pairs in the order received (nested keys dotted), at most MAX_DETAIL_FIELDS. */
export function flatten(record: unknown, now: number, prefix = ''): DetailLine[] {
  const out: DetailLine[] = [];
  // An explicit stack, children pushed last-first so they come out in order.
  const stack: [unknown, string][] = [[record, prefix]];
  while (stack.length > 0) {
    if (out.length >= MAX_DETAIL_FIELDS) {
      out.push({ label: '…', value: 'more fields not shown: v shows the raw JSON', tone: 'warn' });
      break;
    }
    const [v, label] = stack.pop()!;
    if (Array.isArray(v)) {
      if (v.length === 0) out.push({ label, value: '[]' });
      else if (v.length <= MAX_LIST_ITEMS && v.every((x) => x === null || typeof x !== 'object' || isNumberText(x)))
        out.push({ label, value: v.map((x) => displayText(x)).join(', ') });
      else for (let i = Math.min(v.length, MAX_DETAIL_FIELDS) - 1; i >= 0; i--) stack.push([v[i], `${label}[${i}]`]);
      continue;
    }
    if (v !== null && typeof v === 'object' && !isNumberText(v)) {
      const keys = Object.keys(v);
      if (keys.length === 0) out.push({ label, value: '{}' });
      for (let i = Math.min(keys.length, MAX_DETAIL_FIELDS) - 1; i >= 0; i--) {
        const k = keys[i]!;
        stack.push([(v as Record<string, unknown>)[k], label ? `${label}.${k}` : k]);
      }
      continue;
    }
    let value: string = v === null || v === undefined ? '—' : displayText(v);
    const key = label.slice(label.lastIndexOf('.') + 1);
    if (typeof v === 'string' && v.length < 64 && TIMESTAMP_KEY.test(key)) {
      const a = age(v, now);
      // The age as of the moment the view was made, said with that moment: it stays true while the view
      // stands (an age alone would stand still).
      if (a) value = `${value}  (${a} before ${clock(now)})`;
    }
    out.push({ label, value, tone: v === null || v === undefined ? 'muted' : undefined, raw: v });
  }
  return out;
}

export interface DetailRow {
  label: SafeText;
  value: SafeText;
  tone?: Tone;
  /** Which of the laid-out lines the row shows (its field, for copying). */
  line?: number;
}

/**
 * Wraps detail lines to the width: label column, value cut into rows with empty labels below. Long
 * labels are shortened in the middle so sibling fields (`x.details[0].type` / `x.details[0].details`)
 * stay distinct. At most MAX_RAW_ROWS rows.
 */
export function layoutDetail(lines: readonly DetailLine[], width: number): DetailRow[] {
  let widest = 8;
  for (const l of lines) widest = Math.max(widest, l.label.length > 60 ? 60 : cellWidth(sanitize(l.label)));
  // Labels take what they need up to 40 % of the width (28 cells at least): a long dotted key is
  // shortened only where the value column would otherwise be squeezed.
  const labelWidth = Math.min(Math.max(28, Math.floor(width * 0.4)), widest + 1);
  const valueWidth = Math.max(10, width - labelWidth - 1);
  const blank = ''.padEnd(labelWidth) as SafeText;
  const out: DetailRow[] = [];
  for (let n = 0; n < lines.length; n++) {
    const l = lines[n]!;
    const label = middleCells(l.label, labelWidth - 1);
    const chunks = chunkCells(l.value, valueWidth, MAX_RAW_ROWS - out.length, true);
    chunks.forEach((c, i) => out.push({ label: i === 0 ? ((label + ' '.repeat(labelWidth - cellWidth(label))) as SafeText) : blank, value: c, tone: l.tone, line: n }));
    if (out.length >= MAX_RAW_ROWS) break;
  }
  return out;
}

/** The record's JSON as received (pretty, exact digits, controls escaped as JSON does), cut to the width. */
export function rawLines(record: unknown, width: number, maxRows = MAX_RAW_ROWS): DetailRow[] {
  const w = Math.max(10, width);
  const out: DetailRow[] = [];
  const empty = '' as SafeText;
  for (const line of prettyJson(record, maxRows, w)) {
    for (const value of chunkCells(line, w, maxRows - out.length)) out.push({ label: empty, value });
    if (out.length >= maxRows) {
      out[maxRows - 1] = { label: empty, value: '… (more not shown)' as SafeText, tone: 'warn' };
      break;
    }
  }
  return out;
}

/** A value's pretty JSON as at most `maxLines` lines (sanitized, exact digits), for answers shown inline. */
export function jsonLines(value: unknown, maxLines = 2_000, width = 200): SafeText[] {
  const out: SafeText[] = [];
  for (const line of prettyJson(value, maxLines, width)) {
    if (out.length === maxLines - 1) {
      out.push('… (more not shown)' as SafeText);
      break;
    }
    out.push(line as SafeText);
  }
  return out;
}

type Frame = { value: unknown; indent: string; key: string; comma: boolean } | { close: string; indent: string; comma: boolean };

/**
 * Pretty JSON, two spaces, one line at a time, without recursion. Strings are escaped as JSON does
 * and then sanitized, so C1 and format characters read `\u009b` too. A string longer than the view
 * could show (`maxRows` × `width`) is cut, with its length.
 */
function* prettyJson(v: unknown, maxRows: number, width: number): Generator<string> {
  const cap = maxRows * width;
  const stack: Frame[] = [{ value: v, indent: '', key: '', comma: false }];
  while (stack.length > 0) {
    const f = stack.pop()!;
    const end = f.comma ? ',' : '';
    if ('close' in f) {
      yield `${f.indent}${f.close}${end}`;
      continue;
    }
    const head = `${f.indent}${f.key}`;
    const x = f.value;
    if (Array.isArray(x) || (x !== null && typeof x === 'object' && !isNumberText(x))) {
      const isArray = Array.isArray(x);
      const keys = isArray ? null : Object.keys(x);
      const n = isArray ? x.length : keys!.length;
      if (n === 0) {
        yield `${head}${isArray ? '[]' : '{}'}${end}`;
        continue;
      }
      yield `${head}${isArray ? '[' : '{'}`;
      stack.push({ close: isArray ? ']' : '}', indent: f.indent, comma: f.comma });
      const inner = `${f.indent}  `;
      // Never more children than rows left to show them.
      for (let i = Math.min(n, maxRows) - 1; i >= 0; i--) {
        const key = isArray ? '' : `${sanitize(JSON.stringify(keys![i]))}: `;
        const value = isArray ? x[i] : (x as Record<string, unknown>)[keys![i]!];
        stack.push({ value, indent: inner, key, comma: i < n - 1 });
      }
      continue;
    }
    yield `${head}${scalarJson(x, cap)}${end}`;
  }
}

function scalarJson(x: unknown, cap: number): string {
  if (typeof x === 'string') {
    if (x.length <= cap) return sanitize(JSON.stringify(x));
    return `${sanitize(JSON.stringify(x.slice(0, cap)))} … (${x.length} characters)`;
  }
  if (typeof x === 'bigint' || isNumberText(x)) return String(x);
  if (x === undefined) return 'null';
  return String(x);
}
