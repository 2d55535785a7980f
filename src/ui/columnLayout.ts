/**
 * Table columns by priority: which fit a width, and how wide each is. Shared by the TUI's Table and
 * the headless subcommands' tables (no Ink here).
 */
import type { Tone } from './theme.js';

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
}

const GAP = 1;
/** The TUI's cursor and changed marks ("›*") before each row. */
const MARK = 2;

/** Which columns fit in `width` (after `mark` cells of row marks), in display order, with their final widths. */
export function layoutColumns<T>(columns: readonly Column<T>[], width: number, mark = MARK): { col: Column<T>; width: number }[] {
  const avail = width - mark;
  const byPriority = [...columns].sort((a, b) => a.priority - b.priority);
  const chosen = new Set<Column<T>>();
  let used = 0;
  for (const c of byPriority) {
    const need = c.width + (chosen.size ? GAP : 0);
    if (used + need <= avail) {
      chosen.add(c);
      used += need;
    }
  }
  const shown = columns.filter((c) => chosen.has(c));
  const flex = shown.filter((c) => c.flex);
  let spare = avail - used;
  return shown.map((c) => {
    let w = c.width;
    if (c.flex && spare > 0) {
      const share = Math.floor(spare / flex.length) || spare;
      w += share;
    }
    return { col: c, width: w };
  }).map((x, i, arr) => {
    // Give the remainder of the spare room to the last flex column.
    if (x.col.flex && i === arr.map((y) => y.col.flex).lastIndexOf(true)) {
      const total = arr.reduce((s, y) => s + y.width, 0) + GAP * (arr.length - 1);
      return { ...x, width: x.width + Math.max(0, avail - total) };
    }
    return x;
  });
}

