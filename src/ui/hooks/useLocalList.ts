/**
 * A list screen over rows this process holds (the activity log, the audit ledger): the paged list's
 * keys, filter and table over one page that is the whole snapshot, taken on open and on `r`.
 */
import { useEffect } from 'react';
import { useListScreen } from '../components/ListBody.js';
import { useServices } from '../services.js';
import { usePagedList } from './usePagedList.js';
import type { Command, Scope } from '../keymap.js';
import type { CommandResult } from '../shellContext.js';

const SCOPES = ['list'] as const;

/** `own`: the screen's commands first (enter opens a row, y copies what is useful), given the selected row. */
export function useLocalList<T>(
  screenKey: number,
  height: number,
  rows: () => T[],
  getId: (t: T) => string,
  text: (t: T) => string,
  own: (cmd: Command, selected: T | undefined) => CommandResult | undefined = () => undefined,
  /** The screen's own scope before the list's (its keys resolve first, its hints show). */
  scopes: readonly Scope[] = SCOPES,
) {
  const { now } = useServices();
  const list = usePagedList<T>({
    fetch: () => {
      const items = rows();
      return Promise.resolve({ items, page: 1, perPage: Math.max(1, items.length), totalItems: items.length });
    },
    perPage: 100_000,
    getId,
    text,
    now,
  });
  useEffect(() => void list.refresh(), []); // eslint-disable-line react-hooks/exhaustive-deps
  useListScreen(screenKey, list, scopes, height, (cmd) => own(cmd, list.getSelected()));
  return { list, scopes };
}
