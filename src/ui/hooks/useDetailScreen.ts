/**
 * A detail screen's shared behaviour: labelled fields or the raw JSON (`v`), line scrolling, and
 * the screen's own commands first (`own` returns undefined for what it leaves to the view).
 */
import { useMemo, useState } from 'react';
import { layoutDetail, rawLines, type DetailLine } from '../components/DetailView.js';
import type { Command, Scope } from '../keymap.js';
import { useScreenHandle, type CommandResult } from '../shellContext.js';
import { useScroll } from './useScroll.js';

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
  useScreenHandle(screenKey, {
    scopes,
    onCommand: (cmd) => {
      if (cmd === 'raw') {
        setRaw((r) => !r);
        scroller.reset();
        return true;
      }
      return own(cmd) ?? scroller.apply(cmd);
    },
  });
  return { raw, lines, scroll: scroller.scroll, scopes };
}
