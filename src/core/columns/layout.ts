/**
 * Table columns by priority: which fit a width, and how wide each is. Shared by the TUI's Table and
 * the headless subcommands' tables (no Ink here).
 */
import { cellWidth } from '../text/cells.js';
import { sanitize } from '../text/sanitize.js';
import type { Tone } from '../tone.js';

export interface Column<T> {
  key: string;
  title: string;
  /** Fixed width, or the minimum width of a column that takes a share of the spare room. */
  width: number;
  flex?: boolean;
  /** Lower numbers are kept first when the terminal is narrow. */
  priority: number;
  align?: 'left' | 'right';
  /** The cell's text, raw (the table sanitizes and fits it); `width` is the column's final width (for shortening in the middle). */
  cell: (row: T, width: number) => string;
  tone?: (row: T) => Tone;
  /**
   * Given up only in its order of importance: never pushed out to give a flex column room, and while
   * it does not fit no less important column is shown in its place.
   */
  keep?: boolean;
  /** Its width is at most what the rows shown need (`width` is its most): no padding beside a cut column: the room goes to one that is cut. */
  fit?: boolean;
  /** The order in which spare room is given (default: `priority`): a column kept later may grow first (an address whole before a hash). */
  grow?: number;
  /** For a cell relative to now (an age): when its text next changes, so the table redraws it then. */
  changesAt?: (row: T, now: number) => number | null;
}

const GAP = 1;
/** The TUI's cursor and changed marks ("›*") before each row. */
const MARK = 2;
/** A column asks for at most this many cells (a 1 MB cell asks for no more than a long id). */
const MAX_WANT = 100;
/** Rows measured for what a column needs (a page; more would only cost time). */
const MEASURE_ROWS = 500;

/** What a column's content needs: its widest cell (asked at full width) or its title, up to MAX_WANT. */
function wanted<T>(c: Column<T>, rows: readonly T[]): number {
  let w = cellWidth(c.title);
  for (let i = 0; i < rows.length && i < MEASURE_ROWS && w < MAX_WANT; i++) w = Math.max(w, cellWidth(sanitize(c.cell(rows[i]!, MAX_WANT).slice(0, MAX_WANT * 2))));
  return Math.min(w, MAX_WANT);
}

/**
 * Which columns fit in `width` (after `mark` cells of row marks), in display order, with their final
 * widths. Columns are chosen by priority at their minimum widths; then, with the rows to show, the
 * spare room goes to the columns their content does not fit, in the same order of priority, and never
 * past what the content needs (no blank cells beside a shortened column). Without rows, flex columns
 * share the spare room.
 */
export function layoutColumns<T>(columns: readonly Column<T>[], width: number, mark = MARK, rows: readonly T[] = [], only?: ReadonlySet<string>): { col: Column<T>; width: number }[] {
  const avail = width - mark;
  // `only`: the set chosen before for this screen and width (a column does not come and go between refreshes).
  const byPriority = [...columns].filter((c) => !only || only.has(c.key)).sort((a, b) => a.priority - b.priority);
  const base = new Map(byPriority.map((c) => [c, c.fit && rows.length > 0 ? Math.min(c.width, wanted(c, rows)) : c.width]));
  const chosen = new Set<Column<T>>();
  let used = 0;
  for (const c of byPriority) {
    const need = base.get(c)! + (chosen.size ? GAP : 0);
    if (used + need > avail) {
      // A column kept in order that does not fit ends the choice: nothing less important takes its place.
      if (c.keep) break;
      continue;
    }
    chosen.add(c);
    used += need;
  }
  const shown = columns.filter((c) => chosen.has(c));
  let spare = avail - used;
  const widths = new Map(shown.map((c) => [c, base.get(c)!]));
  if (rows.length > 0) {
    const want = new Map(shown.map((c) => [c, wanted(c, rows)]));
    const short = shown
      .map((c) => ({ c, need: want.get(c)! - widths.get(c)! }))
      .filter((x) => x.need > 0)
      .sort((a, b) => (a.c.grow ?? a.c.priority) - (b.c.grow ?? b.c.priority) || a.need - b.need);
    for (const { c, need } of short) {
      if (spare <= 0) break;
      const give = Math.min(need, spare);
      widths.set(c, widths.get(c)! + give);
      spare -= give;
    }
    // A flex column (the row's main content: a path, a request) still cut may push out columns of
    // lower priority, the least important first — only when that shows it whole.
    for (const c of only ? [] : shown.filter((x) => x.flex).sort((a, b) => a.priority - b.priority)) {
      if (!widths.has(c)) continue; // pushed out by a flex column before it
      const missing = want.get(c)! - widths.get(c)!;
      if (missing <= 0) continue;
      // The least important first; of equal priority, the one further right (a fixed order at every width).
      const lower = [...widths.keys()].filter((x) => x.priority > c.priority && !x.keep).sort((a, b) => b.priority - a.priority || shown.indexOf(b) - shown.indexOf(a));
      let freed = 0;
      const drop: Column<T>[] = [];
      for (const x of lower) {
        if (freed >= missing) break;
        drop.push(x);
        freed += widths.get(x)! + GAP;
      }
      if (freed < missing) continue;
      for (const x of drop) widths.delete(x);
      widths.set(c, widths.get(c)! + missing);
    }
    return shown.filter((c) => widths.has(c)).map((c) => ({ col: c, width: widths.get(c)! }));
  }
  const flex = shown.filter((c) => c.flex);
  const out = shown.map((c) => ({ col: c, width: c.flex && spare > 0 ? c.width + (Math.floor(spare / flex.length) || spare) : c.width }));
  // The remainder of the spare room to the last flex column.
  const last = out.map((x) => x.col.flex).lastIndexOf(true);
  if (last >= 0) {
    const total = out.reduce((n, y) => n + y.width, 0) + GAP * (out.length - 1);
    out[last] = { ...out[last]!, width: out[last]!.width + Math.max(0, avail - total) };
  }
  return out;
}

/**
 * An amount with its unit (`1,234.5678… ETH`, `36.3/3.3 gwei`) in at most `cells`: decimals go first
 * (the cut marked `…`), then the number becomes `≈1.2e3`; the unit is never cut, and no cut number
 * reads like another one. Text without a unit is fitted the same way (an integer is never cut).
 */
const AMOUNT = /^-?≈?[\d,]+(?:\.\d+)?…?(?:\/[\d,]+(?:\.\d+)?…?)?(?: [A-Za-z]+)?$/;

export function fitAmount(text: string, cells: number): string {
  // Only an amount as the formatters write it; anything else (a capped `9999…9999 (1,000,000 digits)`) is the table's to cut.
  if (cellWidth(text) <= cells || !AMOUNT.test(text)) return text;
  const m = /^(.*?)((?: [A-Za-z]+)?)$/.exec(text)!;
  let num = m[1]!;
  const unit = m[2]!;
  // Shorten the longest fraction by a digit at a time; a fraction gone leaves `…` after the whole part.
  for (let guard = 0; guard < 64 && cellWidth(num + unit) > cells; guard++) {
    const fracs = [...num.matchAll(/(\d)\.(\d+)(…?)/g)];
    if (fracs.length === 0) break;
    const longest = fracs.reduce((a, b) => (b[2]!.length > a[2]!.length ? b : a));
    const at = longest.index! + 1;
    const digits = longest[2]!;
    const cut = digits.length > 1 ? `.${digits.slice(0, -1)}…` : '…';
    num = `${num.slice(0, at)}${cut}${num.slice(at + 1 + digits.length + longest[3]!.length)}`;
  }
  // A fraction cut down to its leading zeros (`0.00… AVAX` of 0.0051155) says no figure: its first digits as ≈5.1e-3 instead.
  const small = /^(-?)0\.(0*)([1-9]\d*)…?$/.exec(m[1]!);
  if (small && /^-?0\.0*…$/.test(num)) {
    const [, neg, zeros, digits] = small;
    const exp = -(zeros!.length + 1);
    for (const approx of [`${neg}≈${digits![0]}.${digits!.slice(1, 2) || '0'}e${exp}${unit}`, `${neg}≈${digits![0]}e${exp}${unit}`]) if (cellWidth(approx) <= cells) return approx;
  }
  if (cellWidth(num + unit) <= cells) return num + unit;
  // Whole parts that do not fit: the first number as ≈d.de<n>, the rest of a pair dropped.
  const first = /-?[\d,]+/.exec(num)?.[0]?.replace(/,/g, '');
  if (first && first.replace('-', '').length > 1) {
    const neg = first.startsWith('-') ? '-' : '';
    const d = first.replace('-', '');
    const approx = `${neg}≈${d[0]}.${d.slice(1, 2)}e${d.length - 1}${unit}`;
    if (cellWidth(approx) <= cells) return approx;
    const bare = `${neg}≈${d[0]}e${d.length - 1}${unit}`;
    if (cellWidth(bare) <= cells) return bare;
  }
  return cellWidth(`…${unit}`) <= cells ? `…${unit}` : '…';
}
