/**
 * A detail screen's shared behaviour: labelled fields or the raw JSON (`v`), line scrolling, and
 * the screen's own commands first (`own` returns undefined for what it leaves to the view).
 */
import { useMemo, useState } from 'react';
import { layoutDetail, rawLines, type DetailLine } from '../components/DetailView.js';
import type { Command, Scope } from '../keymap.js';
import { useScreenHandle, type CommandResult } from '../shellContext.js';
import { useScroll } from './useScroll.js';
import { useCopy } from './useCopy.js';
import { stringifyJson } from '../../api/index.js';

const DETAIL = ['detail'] as const;

export function useDetailScreen(
  screenKey: number,
  record: unknown,
  /** The labelled fields (memoised by the caller). */
  fields: readonly DetailLine[],
  width: number,
  height: number,
  own: (cmd: Command) => CommandResult | undefined,
  /** The screen's own scope before `detail` (its keys and footer hints), e.g. `transaction`. */
  scope?: Scope,
) {
  const scopes = useMemo((): readonly Scope[] => (scope ? [scope, ...DETAIL] : DETAIL), [scope]);
  const [raw, setRaw] = useState(false);
  const lines = useMemo(
    () => (record === undefined ? [] : raw ? rawLines(record, width) : layoutDetail(fields, width)),
    [record, raw, fields, width],
  );
  const scroller = useScroll(lines.length, height);
  const copy = useCopy();
  useScreenHandle(screenKey, {
    scopes,
    onCommand: (cmd) => {
      if (cmd === 'copyRecord' && record !== undefined) return copy(stringifyJson(record, 2), 'the record as JSON');
      if (cmd === 'copy' && record !== undefined) {
        if (raw) return copy(stringifyJson(record, 2), 'the record as JSON');
        // The field the cursor is on; its value as received (not the capped text shown).
        const at = lines[scroller.cursor]?.line;
        const field = at === undefined ? undefined : fields[at];
        if (!field) return 'Nothing to copy';
        if (field.raw === null) return `Nothing to copy: ${field.label} is empty`;
        const value = field.raw === undefined ? field.value : typeof field.raw === 'string' ? field.raw : stringifyJson(field.raw);
        return copy(value, field.label || 'the value');
      }
      if (cmd === 'raw') {
        setRaw((r) => !r);
        scroller.reset();
        return true;
      }
      return own(cmd) ?? scroller.apply(cmd);
    },
  });
  return { raw, lines, scroll: scroller.scroll, cursor: scroller.cursor, scopes };
}
