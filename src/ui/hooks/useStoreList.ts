/**
 * A list whose rows live in a store outside React (the fleet: rows arrive as servers answer), read
 * through `useSyncExternalStore`. The store's changes are drawn at most once every `everyMs`; the
 * cursor, window, filter and change marks are the paged-list reducer's (one page: the store is not
 * paged), so every list key, the filter line and the table work as on any list.
 */
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import { deepEqual, filterRows, initialPaged, pagedReducer, type PagedAction, type PagedState } from '../state/pagedList.js';
import type { ListHandle } from './usePagedList.js';
import type { RefreshOutcome } from './useWatch.js';
import { useAfter } from '../services.js';
import { useReadMeta } from './useReadMeta.js';

export interface StoreListOptions<T> {
  /** Told whenever the store changes. */
  subscribe: (fn: () => void) => () => void;
  /** The rows now (the same array until they change). */
  rows: () => readonly T[];
  /** Changes are drawn at most this often. */
  everyMs: number;
  /** Reads the store again (r, watch); its rows arrive through `subscribe`. */
  read: () => Promise<void>;
  /** Whether rows that change now are marked (after a first whole read: an arrival is not a change). */
  marking: () => boolean;
  /** The row to keep selected when none is (the one saved when the screen was left). */
  remembered?: () => string | null;
  /** Which rows may be marked as changed (a row still being read is not). */
  markable?: (before: T) => boolean;
  /**
   * Whether two reads of a row show the same (default deepEqual): rows read again alike are not taken
   * (nothing drawn, "unchanged" said) nor marked — the fleet's forecasts carry their read time.
   */
  same?: (a: T, b: T) => boolean;
  getId: (t: T) => string;
  /** Text the `/` filter searches. */
  text: (t: T) => string;
  now: () => number;
}

/** All the rows are one page: its size is the rows there are, never a page of the server's. */
const page = <T,>(items: readonly T[]) => ({ items: items as T[], page: 1, perPage: Number.POSITIVE_INFINITY, totalItems: items.length });

export function useStoreList<T>(opts: StoreListOptions<T>): ListHandle<T> {
  const optsRef = useRef(opts);
  optsRef.current = opts;
  // The store's rows as last drawn: taken from it a few times a second at most (a thousand relayers
  // answer within a second or two), so that React's own checks of the snapshot draw no more often;
  // rows read again alike are not taken (nothing is drawn: a read that changed nothing writes nothing).
  const shown = useRef<readonly T[] | null>(null);
  shown.current ??= opts.rows();
  const advance = useCallback((): boolean => {
    const next = optsRef.current.rows();
    const was = shown.current!;
    const same = optsRef.current.same ?? deepEqual;
    if (next === was || (next.length === was.length && next.every((t, i) => same(t, was[i]!)))) return false;
    shown.current = next;
    return true;
  }, []);
  const after = useAfter();
  const subscribe = useCallback((onChange: () => void) => {
    let cancel: (() => void) | undefined;
    const off = optsRef.current.subscribe(() => {
      cancel ??= after(optsRef.current.everyMs, () => {
        cancel = undefined;
        if (advance()) onChange();
      });
    });
    return () => {
      off();
      cancel?.();
    };
  }, [advance, after]);
  const rows = useSyncExternalStore(subscribe, useCallback(() => shown.current!, []));

  const [state, rawDispatch] = useReducer(pagedReducer as (s: PagedState<T>, a: PagedAction<T>) => PagedState<T>, null, () =>
    pagedReducer(initialPaged<T>(Number.POSITIVE_INFINITY), { type: 'loaded', page: page(opts.rows()), getId: opts.getId, text: opts.text, keepId: null }),
  );
  const { meta, note } = useReadMeta(() => ({ loadedAt: opts.now(), latencyMs: null }));
  const stateRef = useRef(state);
  stateRef.current = state;
  // Several keys can arrive before React re-renders: keep the ref in step with every action.
  const dispatch = useCallback((a: PagedAction<T>) => {
    stateRef.current = pagedReducer(stateRef.current, a);
    rawDispatch(a);
  }, []);
  const getState = useCallback(() => stateRef.current, []);
  const getVisible = useCallback((): readonly T[] => filterRows(stateRef.current.items, stateRef.current.filter, optsRef.current.text), []);
  const getSelected = useCallback((): T | undefined => getVisible()[stateRef.current.cursor], [getVisible]);
  const idOf = useCallback((t: T) => optsRef.current.getId(t), []);

  /** The store's rows into the list: the selected row kept selected, rows a re-read changed marked. */
  const take = useCallback(
    (items: readonly T[], marking = optsRef.current.marking()) => {
      const o = optsRef.current;
      const sel = getSelected();
      dispatch({ type: 'loaded', page: page(items), getId: o.getId, text: o.text, keepId: sel ? o.getId(sel) : (o.remembered?.() ?? null), refresh: marking, accumulate: true, markable: o.markable, ...(o.same ? { same: o.same } : {}) });
    },
    [dispatch, getSelected],
  );
  // (A layout effect: taken before the frame is drawn.)
  useLayoutEffect(() => {
    if (rows === stateRef.current.items) return;
    const prior = stateRef.current;
    take(rows);
    // Rows that arrive between reads (a context answering late) change what is shown: "last change" moves too
    // (rows marked * never stand under an older one).
    if (stateRef.current !== prior && meta.current.sameSince != null) meta.current = { ...meta.current, sameSince: optsRef.current.now() };
  }, [rows, take]);

  const refresh = useCallback(async (): Promise<RefreshOutcome> => {
    const o = optsRef.current;
    const started = o.now();
    // The first whole read marks nothing, even rows it brings after the last arrival was drawn.
    const marking = o.marking();
    // (Rows arrive as contexts answer, during the read: a change is against what was shown before it.)
    const before = stateRef.current;
    await o.read();
    const read = { loadedAt: o.now(), latencyMs: o.now() - started };
    if (advance()) take(shown.current!, marking);
    // As usePagedList: since when what is shown has been the same — and "unchanged" said only where it is
    // (rows that changed during the read count).
    const changed = stateRef.current !== before;
    note({ ...read, sameSince: changed ? read.loadedAt : (meta.current.sameSince ?? read.loadedAt) });
    return { kind: changed ? 'changed' : 'unchanged' };
  }, [take, advance, meta, note]);

  const visible = useMemo(() => filterRows(state.items, state.filter, opts.text), [state.items, state.filter, opts.text]);
  return { state, getState, getVisible, getSelected, idOf, dispatch, visible, pages: 1, meta, refresh, goToPage: () => undefined };
}
