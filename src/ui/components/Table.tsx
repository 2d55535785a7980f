/**
 * A windowed table: columns drop by priority to fit the width, rows are memoised so a cursor move
 * re-renders two rows, and the cursor row is marked with `›` and reverse video (not colour alone).
 * Every cell is sanitized and fitted to its column in terminal cells here (src/core/text/), so
 * server text cannot move the columns after it, whatever a column's `cell` returns.
 */
import { Box } from 'ink';
import { Text } from './Text.js';
import { memo, useMemo, useRef } from 'react';
import { earliest, useTickAt } from '../hooks/useTickAt.js';
import { layoutColumns, type Column } from '../../core/columns/layout.js';
import { fit } from '../../core/text/cells.js';
import { sanitize } from '../../core/text/sanitize.js';
import { paint, tone } from '../theme.js';


interface RowProps {
  cells: readonly { text: string; color?: string }[];
  selected: boolean;
  /** Changed by the last refresh: `*` beside the cursor mark (a character, not only colour). */
  marked: boolean;
}

const Row = memo(function Row({ cells, selected, marked }: RowProps) {
  const text = cells.map((c, i) => (i ? ' ' : '') + (selected ? c.text : paint(c.text, c.color))).join('');
  return (
    <Text wrap="truncate" inverse={selected}>
      {selected ? '›' : ' '}
      {marked ? '*' : ' '}
      {text}
    </Text>
  );
}, (a, b) => a.selected === b.selected && a.marked === b.marked && a.cells.length === b.cells.length && a.cells.every((c, i) => c.text === b.cells[i]!.text && c.color === b.cells[i]!.color));

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  getId: (row: T) => string;
  cursor: number;
  top: number;
  /** Rows of data shown (the header takes one more line). */
  height: number;
  width: number;
  /** Shown instead of rows when there are none. */
  empty?: string;
  /** Ids of rows to mark as changed. */
  marked?: ReadonlySet<string>;
  /** The clock of columns relative to now (ages): the table redraws when one of their cells shown would change. */
  now?: () => number;
}

/** The earliest moment a cell shown reads differently (an age turns a second, a minute…), or null. */
function nextChange<T>(columns: readonly Column<T>[], rows: readonly T[], now: number): number | null {
  return earliest(columns.flatMap((c) => (c.changesAt ? rows.map((row) => c.changesAt!(row, now)) : [])));
}

export function Table<T>({ columns, rows, getId, cursor, top, height, width, empty, marked, now }: TableProps<T>) {
  // Widths from what the page's rows need (spare room to the columns their content does not fit); the
  // set of columns chosen once for this table and width, with its first rows: a refresh whose rows have
  // or lack a hash does not make the HASH column come and go (widths still follow the content).
  const sets = useRef(new Map<string, ReadonlySet<string>>());
  const layout = useMemo(() => {
    const at = `${width}\u0000${columns.map((c) => c.key).join(',')}`;
    const laid = layoutColumns(columns, width, undefined, rows, sets.current.get(at));
    if (rows.length > 0 && !sets.current.has(at)) sets.current.set(at, new Set(laid.map((l) => l.col.key)));
    return laid;
  }, [columns, width, rows]);
  const header = '  ' + layout.map((l) => fit(l.col.title, l.width, l.col.align)).join(' ');
  const start = Math.max(0, Math.min(top, Math.max(0, rows.length - height)));
  const windowRows = rows.slice(start, start + height);
  // Redrawn when an age shown would change, and not before: only the rows whose text changed are
  // rewritten (Row is memoised; Ink skips unchanged lines).
  useTickAt((t) => nextChange(layout.map((l) => l.col), windowRows, t), now);
  // Ids from the server may repeat: the second `a` is `a#1`, so React never confuses two rows.
  const seen = new Map<string, number>();
  const keys = windowRows.map((row) => {
    const id = getId(row);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id}#${n}`;
  });
  return (
    <Box flexDirection="column" height={height + 1}>
      <Text bold wrap="truncate">
        {header}
      </Text>
      {windowRows.length === 0 && empty ? <Text wrap="truncate">{'  ' + sanitize(empty)}</Text> : null}
      {windowRows.map((row, i) => (
        <Row
          key={keys[i]}
          selected={start + i === cursor}
          marked={marked?.has(getId(row)) ?? false}
          cells={layout.map((l, c) => {
            const t = fit(l.col.cell(row, l.width), l.width, l.col.align);
            // Trailing spaces cost bytes on every redraw of the row.
            return { text: c === layout.length - 1 ? t.trimEnd() : t, color: l.col.tone ? tone(l.col.tone(row)) : undefined };
          })}
        />
      ))}
    </Box>
  );
}
