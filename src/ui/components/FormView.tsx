/**
 * Form fields, edited in place: label, value with a cursor, the constraint and any inline error.
 * Windowed around the focused field so the frame never outgrows the body.
 */
import { Box } from 'ink';
import { Text } from './Text.js';
import { lineCol } from '../forms/editor.js';
import type { FieldSpec, Values } from '../../core/operations/types.js';
import { cellWidth, truncateCells, wrapCells } from '../../core/text/cells.js';
import { sanitize } from '../../core/text/sanitize.js';
import { tone } from '../theme.js';
import { type Tone } from '../../core/tone.js';
import { maskTypedUrls } from '../../api/index.js';

export interface FormViewProps {
  fields: readonly FieldSpec[];
  values: Values;
  cursors: Record<string, number>;
  focus: number;
  errors: Record<string, string>;
  width: number;
  height: number;
}

const LABEL = 28;

/**
 * What is shown for a value: secrets as bullets, never the text; a field that may hold a key in a URL
 * (RPC URLs) with each URL's path, query and user info as bullets, focused or not, and the same in a
 * draft opened again — never drawn in clear (api/maskUrl.ts maskTypedUrls: the cursor keeps its place).
 */
export function displayValue(f: FieldSpec, value: string): string {
  return f.kind === 'secret' ? '•'.repeat([...value].length) : f.secret ? maskTypedUrls(value) : value;
}

/** A window of `width` characters around the cursor, with the cursor in reverse video. */
function CursorLine({ text, cursor, width, focused }: { text: string; cursor: number; width: number; focused: boolean }) {
  // Values may come from the server (a transaction's `to`, `data`): sanitized piece by piece, so the
  // cursor stays on the character it is on (a control character shows as its placeholder).
  if (!focused) return <Text>{truncateCells(text, width)}</Text>;
  const start = Math.max(0, Math.min(cursor - Math.floor(width * 0.7), text.length - width + 1));
  const shown = text.slice(start, start + width);
  const c = cursor - start;
  return (
    <Text>
      {start > 0 ? '…' : ''}
      {sanitize(shown.slice(0, c))}
      <Text inverse>{sanitize(shown[c] ?? ' ')}</Text>
      {sanitize(shown.slice(c + 1))}
    </Text>
  );
}

type UnderRow = { parts: { text: string; tone: Tone }[] };

/**
 * The lines under a field: its error (or note) and its hint, on one line when they fit, else each
 * wrapped so nothing is cut at the edge of an 80-column terminal: two rows at most each, whole for the
 * focused field (focusing a field is how its whole hint is read).
 */
function underRows(f: FieldSpec, value: string, values: Values, errors: Record<string, string>, width: number, focused: boolean): UnderRow[] {
  const error = errors[f.name] ?? f.validate?.(value, values) ?? null;
  const note = error ? null : f.note?.(value, values);
  const head = error ? `✗ ${error}` : (note ?? '');
  const headTone: Tone = error ? 'bad' : 'info';
  const room = Math.max(10, width - LABEL);
  const max = focused ? 8 : 2;
  if (cellWidth(sanitize(head ? `${head}  ${f.hint}` : f.hint)) <= room)
    return [{ parts: [...(head ? [{ text: `${head}  `, tone: headTone }] : []), { text: f.hint, tone: 'muted' }] }];
  return [
    ...(head ? wrapCells(head, room, 0, max).map((text) => ({ parts: [{ text, tone: headTone }] })) : []),
    ...wrapCells(f.hint, room, 0, max).map((text) => ({ parts: [{ text, tone: 'muted' as Tone }] })),
  ];
}

/**
 * Which fields the body shows: from a field such that the focused one fits, as many as fit after it.
 * Fields out of sight are said, a row each side ("↑ 2 fields above", "↓ operations below"), so a form
 * whose required field is under the fold never looks finished.
 */
export function formWindow(fields: readonly FieldSpec[], linesOf: (f: FieldSpec) => number, focus: number, height: number): { shown: FieldSpec[]; above: number; below: FieldSpec[] } {
  const hasAfter = focus < fields.length - 1;
  // The room for fields once the rows saying what is out of sight are kept (one above once the
  // window starts past the first field; one below while there are fields after the focused one).
  const room = (start: number) => height - (start > 0 ? 1 : 0) - (hasAfter ? 1 : 0);
  let start = 0;
  let used = fields.slice(0, focus + 1).reduce((n, f) => n + linesOf(f), 0);
  while (used > room(start) && start < focus) used -= linesOf(fields[start++]!);
  const shown: FieldSpec[] = [];
  let total = 0;
  const fill = height - (start > 0 ? 1 : 0);
  for (let i = start; i < fields.length; i++) {
    const n = linesOf(fields[i]!);
    if (total + n > fill && shown.length > 0) break; // the focused field is shown even in a tiny body
    shown.push(fields[i]!);
    total += n;
  }
  // Not every field after fits: give back rows for the "below" line (never the focused field).
  if (start + shown.length < fields.length) {
    while (total + 1 > fill && start + shown.length - 1 > focus) total -= linesOf(shown.pop()!);
  }
  return { shown, above: start, below: fields.slice(start + shown.length) };
}

/** "↓ operations below (tab)", "↑ 3 fields above (shift+tab)": a field out of sight, said. */
function outOfSight(dir: 'above' | 'below', fields: readonly FieldSpec[], count: number, width: number): string {
  const names = dir === 'below' ? fields.map((f) => f.label) : [];
  const what = names.length > 0 && names.length <= 3 ? names.join(', ') : `${count} field${count === 1 ? '' : 's'}`;
  const text = dir === 'above' ? `↑ ${what} above (shift+tab)` : `↓ ${what} below (tab)`;
  return truncateCells(' '.repeat(2) + text, width);
}

export function FormView({ fields, values, cursors, focus, errors, width, height }: FormViewProps) {
  const under = new Map(fields.map((f, i) => [f, underRows(f, values[f.name] ?? '', values, errors, width, i === focus)]));
  const fieldLines = (f: FieldSpec) => (f.kind === 'json' ? (f.rows ?? 6) + 1 : 1) + under.get(f)!.length;
  const { shown, above, below } = formWindow(fields, fieldLines, focus, height);
  const valueWidth = Math.max(10, width - LABEL - 2);
  return (
    <Box flexDirection="column" height={height}>
      {above > 0 ? (
        <Text color={tone('muted')} wrap="truncate">
          {outOfSight('above', [], above, width)}
        </Text>
      ) : null}
      {shown.map((f) => {
        const i = fields.indexOf(f);
        const focused = i === focus;
        const value = values[f.name] ?? '';
        const cursor = cursors[f.name] ?? value.length;
        const label = `${focused ? '›' : ' '} ${f.label}`.padEnd(LABEL).slice(0, LABEL);
        const underLines = under.get(f)!.map((row, r) => (
          <Text key={`u${r}`} wrap="truncate">
            {' '.repeat(LABEL)}
            {row.parts.map((p, k) => (
              <Text key={k} color={tone(p.tone)}>
                {sanitize(p.text)}
              </Text>
            ))}
          </Text>
        ));
        if (f.kind === 'json') {
          const rows = f.rows ?? 6;
          const lines = value.split('\n');
          const { line, col } = lineCol(value, cursor);
          const top = Math.max(0, Math.min(line - Math.floor(rows / 2), lines.length - rows));
          return (
            <Box key={f.name} flexDirection="column">
              <Text wrap="truncate" bold={focused}>
                {label}
                <Text color={tone('muted')}>{`${lines.length} line${lines.length === 1 ? '' : 's'}${focused ? ', enter = new line, tab = next field' : ''}`}</Text>
              </Text>
              {Array.from({ length: rows }, (_, r) => {
                const n = top + r;
                const text = lines[n] === undefined ? undefined : displayValue(f, lines[n]!);
                return (
                  <Text key={r} wrap="truncate">
                    <Text color={tone('muted')}>{text === undefined ? ' '.repeat(LABEL) : `${String(n + 1).padStart(LABEL - 2)}  `}</Text>
                    {text === undefined ? '' : <CursorLine text={text} cursor={n === line ? col : -1} width={valueWidth} focused={focused && n === line} />}
                  </Text>
                );
              })}
              {underLines}
            </Box>
          );
        }
        const shownValue = f.kind === 'choice' ? `‹ ${value} ›` : displayValue(f, value);
        const shownCursor = f.kind === 'choice' ? -1 : [...value.slice(0, cursor)].length;
        return (
          <Box key={f.name} flexDirection="column">
            <Text wrap="truncate" bold={focused}>
              {label}
              {f.kind === 'choice' ? <Text inverse={focused}>{shownValue}</Text> : <CursorLine text={shownValue} cursor={shownCursor} width={valueWidth} focused={focused} />}
            </Text>
            {underLines}
          </Box>
        );
      })}
      {below.length > 0 ? (
        <Text color={tone('warn')} wrap="truncate">
          {outOfSight('below', below, below.length, width)}
        </Text>
      ) : null}
    </Box>
  );
}
