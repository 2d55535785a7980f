/**
 * The body every list screen shares: filter line, first-load / error / empty states, and the
 * windowed table. `listCommand` maps the list commands of the keymap onto the paged-list state.
 */
import { Box } from 'ink';
import { Text } from './Text.js';
import type { KeyEvent } from '../input/keys.js';
import type { Command, Scope } from '../keymap.js';
import { useScreenHandle, useShell, type CommandResult, type ScreenHandle } from '../shellContext.js';
import { useScreenWatch, type WatchInfo } from '../hooks/useWatch.js';
import { useServices } from '../services.js';
import { shortError, type StatusInfo } from './StatusBar.js';
import type { ListHandle } from '../hooks/usePagedList.js';
import { pageCount, scrolled, type PagedState } from '../state/pagedList.js';
import { clock, readBandsWords } from '../../core/time.js';
import { thousands } from '../../core/text/values.js';
import { tone } from '../theme.js';
import { stringifyJson } from '../../api/index.js';
import { useCopy } from '../hooks/useCopy.js';
import { ErrorPanel } from './ErrorPanel.js';
import { Table } from './Table.js';
import { type Column } from '../../core/columns/layout.js';

type List<T> = ListHandle<T>;

/** Rows the table may use inside a body of `height` rows (filter line and header excluded). */
export function tableRows(height: number, filterShown: boolean): number {
  return Math.max(1, height - 1 - (filterShown ? 1 : 0));
}

export function listCommand<T>(list: List<T>, cmd: Command, height: number): CommandResult {
  const visible = list.getVisible();
  const state = list.getState();
  const pages = pageCount(state);
  // Paging while a page loads moves on from the page being loaded (the older request is aborted).
  const current = state.pendingPage ?? state.page;
  switch (cmd) {
    case 'up':
    case 'down':
    case 'first':
    case 'last':
    case 'pageUp':
    case 'pageDown':
    case 'halfUp':
    case 'halfDown':
      if (visible.length === 0) return 'Nothing to move through';
      list.dispatch({ type: 'move', to: cmd, rows: visible.length, height });
      return true;
    case 'nextPage':
      if (notLoaded(state)) return notLoaded(state)!;
      if (pages !== null && current >= pages) return `Already on the last page (${current} of ${pages})`;
      list.goToPage(current + 1);
      return true;
    case 'prevPage':
      if (notLoaded(state)) return notLoaded(state)!;
      if (current <= 1) return 'Already on the first page';
      list.goToPage(current - 1);
      return true;
    case 'filter':
      list.dispatch({ type: 'filterStart' });
      return true;
    case 'refresh':
      void list.refresh();
      return true;
    case 'back':
      if (state.filter) {
        clearFilter(list);
        return true;
      }
      return false;
    default:
      return false;
  }
}

/** Why there is no page to move from: still loading, or the first load failed (said, not "loading"). */
function notLoaded<T>(state: PagedState<T>): string | null {
  if (state.items.length > 0 || (state.totalItems ?? 0) > 0) return null;
  if (state.error) return `Nothing loaded (${shortError(state.error)}): r tries again`;
  if (state.loading === 'first') return 'Still loading…';
  return null;
}

/** Clears the filter and keeps the cursor on the row it was on. */
function clearFilter<T>(list: List<T>): void {
  const selected = list.getSelected();
  const index = selected === undefined ? -1 : list.getState().items.indexOf(selected);
  list.dispatch({ type: 'filterClear', cursor: Math.max(0, index) });
}

/** `:page <n>`: jumps straight to a server page (page numbers are checked against the total). */
export function goToPage<T>(list: List<T>, page: number | 'last'): CommandResult {
  const state = list.getState();
  const pages = pageCount(state);
  if (notLoaded(state)) return notLoaded(state)!;
  if (pages === null) return 'Still loading…';
  const target = page === 'last' ? pages : page;
  if (target > pages) return `There ${pages === 1 ? 'is 1 page' : `are ${thousands(pages)} pages`} at ${state.perPage} per page`;
  list.goToPage(target);
  return true;
}

/**
 * While the filter line is being edited: printable keys (and pasted runs) edit it, backspace deletes,
 * enter keeps it, esc clears it; up/down keep it and move the cursor. The text is handled here, not
 * by a text-input component, so keys that arrive in the same chunk as `/` (fast typing over SSH) are
 * not lost before such a component would have mounted. Reads the state as of the last action.
 */
export function useListKeys<T>(list: List<T>): (key: KeyEvent) => boolean {
  return (key) => {
    const s = list.getState();
    if (!s.filterEditing) return false;
    switch (key.name) {
      case 'escape':
        clearFilter(list);
        return true;
      case 'return':
        list.dispatch({ type: 'filterKeep' });
        return true;
      case 'up':
      case 'down':
        list.dispatch({ type: 'filterKeep' });
        return false;
      case 'backspace':
        if (s.filter) list.dispatch({ type: 'filterChange', text: [...s.filter].slice(0, -1).join('') });
        return true;
    }
    const t = key.ctrl ? '' : key.text.replace(/[\r\n\t]/g, '');
    if (t) list.dispatch({ type: 'filterChange', text: s.filter + t });
    return true;
  };
}

/** The status bar's view of a list: page x of y, total, when it was read, latency, watch, error, page loading. */
export function listStatus<T>(list: List<T>, watch?: WatchInfo | null): StatusInfo {
  const { state } = list;
  return {
    watch: watch ?? null,
    page: state.page,
    pages: list.pages,
    totalItems: state.totalItems,
    loadedAt: list.meta.current.loadedAt,
    sameSince: list.meta.current.sameSince ?? null,
    latencyMs: list.meta.current.latencyMs,
    readBand: list.meta.current.bands ? readBandsWords(list.meta.current.bands) : null,
    error: state.error,
    activity: state.loading === 'page' ? `loading page ${state.pendingPage}…` : null,
    warning:
      state.sentItems !== null
        ? `the server sent ${thousands(state.sentItems)} rows for a page of ${state.perPage}: cut to ${state.perPage}`
        : state.filterIgnored
          ? `the server ignored status=${state.filterIgnored.status}: ${thousands(state.filterIgnored.dropped)} rows of other statuses dropped here; page counts are unfiltered`
          : null,
  };
}

/**
 * How many of the rows marked changed are not in the window shown (as Table places it): `; 2 off
 * screen, j/k` — rows said changed can be found.
 */
export function offScreen<T>(list: List<T>, height: number): string {
  const st = list.getState();
  const visible = list.getVisible();
  const top = scrolled(st.top, st.cursor, height, visible.length);
  const start = Math.max(0, Math.min(top, Math.max(0, visible.length - height)));
  const shown = new Set(visible.slice(start, start + height).map((r) => list.idOf(r)));
  const passes = new Set(visible.map((r) => list.idOf(r)));
  const hidden = [...st.changed].filter((id) => !passes.has(id)).length;
  const off = [...st.changed].filter((id) => passes.has(id) && !shown.has(id)).length;
  // Rows the filter hides are not "off screen" (j/k never reaches them): said as hidden.
  const of = (n: number) => (n === st.changed.size ? '' : 'of them ');
  return `${off ? `; ${off} ${of(off)}off screen: j/k` : ''}${hidden ? `; ${hidden} ${of(hidden)}hidden by the filter, esc clears it` : ''}`;
}

/**
 * Registers a list screen with the shell: filter text entry, `:page`, the list commands, and the
 * screen's own commands first (`own` returns undefined for commands it leaves to the list).
 */
export function useListScreen<T>(
  screenKey: number,
  list: List<T>,
  scopes: readonly Scope[],
  height: number,
  own: (cmd: Command) => CommandResult | undefined,
  find?: ScreenHandle['find'],
): WatchInfo | null {
  const rows = tableRows(height, list.state.filterEditing || list.state.filter !== '');
  const copy = useCopy();
  const listKeys = useListKeys(list);
  const shell = useShell();
  const { now } = useServices();
  // Watch runs while this list is the screen on top and nothing else has the keys (its filter line too).
  const watch = useScreenWatch(screenKey, list.state.filterEditing, () => list.refresh());
  // r always says what it did, even when nothing changed (the data alone would not show it).
  const refresh = (cmd: Command): CommandResult | undefined => {
    if (cmd !== 'refresh') return undefined;
    void list.refresh().then((out) => {
      if (out.kind === 'unchanged') shell.dispatch({ type: 'flash', text: `refreshed ${clock(now())}, unchanged`, tone: 'info' });
      else if (out.kind === 'changed') {
        const st = list.getState();
        const n = st.changed.size;
        shell.dispatch({ type: 'flash', text: `refreshed ${clock(now())}${n ? `: ${n} row${n === 1 ? '' : 's'} changed (marked *${offScreen(list, rows)})` : ''}`, tone: 'info' });
      }
    });
    return true;
  };
  // y: the selected row's id; Y: the row as the server sent it, exact JSON (every digit).
  const copyRow = (cmd: Command): CommandResult | undefined => {
    if (cmd !== 'copy' && cmd !== 'copyRecord') return undefined;
    const row = list.getSelected();
    if (row === undefined) return 'Nothing selected to copy';
    return cmd === 'copy' ? copy(list.idOf(row), 'id') : copy(stringifyJson(row, 2), 'row as JSON');
  };
  useScreenHandle(screenKey, {
    scopes,
    // Read live: keys later in the same input chunk as `/` must already go to the filter.
    get textEntry() {
      return list.getState().filterEditing;
    },
    onKey: (key) => {
      // Rows a refresh changed stay marked until the next key.
      if (list.getState().changed.size) list.dispatch({ type: 'clearChanged' });
      return listKeys(key);
    },
    goToPage: (page) => goToPage(list, page),
    find,
    onCommand: (cmd) => own(cmd) ?? copyRow(cmd) ?? refresh(cmd) ?? listCommand(list, cmd, rows),
  });
  return watch;
}

export interface ListBodyProps<T> {
  list: List<T>;
  columns: readonly Column<T>[];
  getId: (t: T) => string;
  width: number;
  height: number;
  /** e.g. "relayers", for "Loading relayers…". */
  noun: string;
}

export function ListBody<T>({ list, columns, getId, width, height, noun }: ListBodyProps<T>) {
  const { now } = useServices();
  const { state, visible } = list;
  const filterShown = state.filterEditing || state.filter !== '';
  const rows = tableRows(height, filterShown);
  if (state.loading === 'first' && state.items.length === 0) return <Text>Loading {noun}…</Text>;
  if (state.error && state.items.length === 0) return <ErrorPanel error={state.error} width={width} />;
  return (
    <Box flexDirection="column" height={height}>
      {filterShown ? (
        <Text wrap="truncate">
          <Text color={tone('info')}>/</Text>
          <Text>{state.filter}</Text>
          {state.filterEditing ? <Text inverse> </Text> : null}
          <Text color={tone('muted')}>
            {'  '}
            {visible.length} of {state.items.length} on this page {state.filterEditing ? '· enter keeps, esc clears' : '· esc clears'}
          </Text>
        </Text>
      ) : null}
      <Table
        columns={columns}
        rows={visible}
        getId={getId}
        cursor={state.cursor}
        marked={state.changed}
        top={scrolled(state.top, state.cursor, rows, visible.length)}
        height={rows}
        width={width}
        now={now}
        empty={state.filter ? `No ${noun} match "${state.filter}"` : `No ${noun}`}
      />
    </Box>
  );
}
