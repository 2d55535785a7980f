/**
 * Loads one server page at a time into the paged-list reducer. The latest request wins; requests
 * are aborted on unmount. A refresh that brings identical data changes no state (writes nothing).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { ApiError, type Page } from '../../api/index.js';
import { deepEqual, filterRows, initialPaged, pageCount, pagedReducer, type PagedAction, type PagedState } from '../state/pagedList.js';
import type { RefreshOutcome } from './useWatch.js';
import { useAfter } from '../services.js';
import { useReadMeta, type RequestMeta } from './useReadMeta.js';

export interface PagedListOptions<T> {
  /** Fetches one page; the signal aborts it. `marks`: rows whose figures read with it changed (marked on a refresh, as changed rows are). */
  fetch: (q: { page: number; perPage: number }, signal: AbortSignal) => Promise<Page<T> & { marks?: readonly string[] }>;
  perPage: number;
  getId: (t: T) => string;
  /** Text the `/` filter searches. */
  text: (t: T) => string;
  /** Client-side order of the rows of a page. */
  order?: (items: readonly T[]) => readonly T[];
  now: () => number;
  /** A first page fetched before the UI started (startup prefetch): shown in the first frame. */
  initial?: Page<T>;
}

export type { RequestMeta } from './useReadMeta.js';

/** What a list screen needs of its list (ListBody, useListScreen): a server-paged one, or a store's (useStoreList). */
export interface ListHandle<T> {
  state: PagedState<T>;
  /** The state, the rows shown and the selected one as of the last action (before React re-renders). */
  getState: () => PagedState<T>;
  getVisible: () => readonly T[];
  getSelected: () => T | undefined;
  idOf: (t: T) => string;
  dispatch: (a: PagedAction<T>) => void;
  visible: readonly T[];
  pages: number | null;
  meta: { current: RequestMeta };
  refresh: (select?: string) => Promise<RefreshOutcome>;
  goToPage: (p: number) => void;
}

/** A refresh shows "refreshing" only when it takes longer than this. */
const QUIET_MS = 400;

export function usePagedList<T>(opts: PagedListOptions<T>) {
  const [state, rawDispatch] = useReducer(pagedReducer as (s: PagedState<T>, a: PagedAction<T>) => PagedState<T>, opts.perPage, (perPage: number) => {
    const empty = initialPaged<T>(perPage);
    if (!opts.initial) return empty;
    const items = opts.order ? opts.order(opts.initial.items) : opts.initial.items;
    return pagedReducer(empty, { type: 'loaded', page: { ...opts.initial, items: [...items] }, getId: opts.getId, text: opts.text, keepId: null });
  });
  const { meta, note } = useReadMeta(() => ({ loadedAt: opts.initial ? opts.now() : null, latencyMs: null }));
  const inflight = useRef<AbortController | null>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const stateRef = useRef(state);
  stateRef.current = state;
  // Several keys can arrive before React re-renders: keep the ref in step with every action.
  const dispatch = useCallback((a: PagedAction<T>) => {
    stateRef.current = pagedReducer(stateRef.current, a);
    rawDispatch(a);
  }, []);

  const visible = useMemo(() => filterRows(state.items, state.filter, opts.text), [state.items, state.filter, opts.text]);

  /** The state as of the last action, even before React re-renders. */
  const getState = useCallback(() => stateRef.current, []);
  /** The rows shown and the selected one as of the last action (keys of one chunk act before React re-renders). */
  const getVisible = useCallback((): readonly T[] => {
    const s = stateRef.current;
    return filterRows(s.items, s.filter, optsRef.current.text);
  }, []);
  const getSelected = useCallback((): T | undefined => getVisible()[stateRef.current.cursor], [getVisible]);

  /** Loads a page; resolves with what came of it (a refresh that changed nothing changed no state). */
  const after = useAfter();
  const load = useCallback((page: number, kind: 'first' | 'page' | 'refresh', perPage?: number, select?: string, follow = false): Promise<RefreshOutcome> => {
    const o = optsRef.current;
    inflight.current?.abort();
    const ctrl = new AbortController();
    inflight.current = ctrl;
    let quiet: (() => void) | undefined;
    if (kind === 'refresh') quiet = after(QUIET_MS, () => dispatch({ type: 'loadStart', page, kind: 'page' }));
    else dispatch({ type: 'loadStart', page, kind });
    const started = o.now();
    return o.fetch({ page, perPage: perPage ?? stateRef.current.perPage }, ctrl.signal).then(
      (result): RefreshOutcome => {
        quiet?.();
        if (ctrl.signal.aborted) return { kind: 'aborted' };
        const read = { loadedAt: o.now(), latencyMs: o.now() - started };
        const items = o.order ? o.order(result.items) : result.items;
        const sel = getSelected();
        const keepId = select ?? (sel ? o.getId(sel) : null);
        const before = stateRef.current;
        dispatch({ type: 'loaded', page: { ...result, items: [...items] }, getId: o.getId, text: o.text, keepId, follow, refresh: kind === 'refresh' });
        if (kind === 'refresh' && result.marks?.length) dispatch({ type: 'mark', ids: result.marks, getId: o.getId });
        const changed = stateRef.current !== before;
        // "last change" is of the rows shown: rows a filter hides changing do not move it.
        const shownBefore = filterRows(before.items, before.filter, o.text);
        const shownNow = filterRows(stateRef.current.items, stateRef.current.filter, o.text);
        const shownChanged = changed && (shownBefore.length !== shownNow.length || shownNow.some((r, i) => !deepEqual(r, shownBefore[i])));
        note({ ...read, sameSince: shownChanged || kind !== 'refresh' ? read.loadedAt : (meta.current.sameSince ?? read.loadedAt) });
        return { kind: changed ? 'changed' : 'unchanged' };
      },
      (e: unknown): RefreshOutcome => {
        quiet?.();
        if (ctrl.signal.aborted) return { kind: 'aborted' };
        note({ ...meta.current, latencyMs: o.now() - started });
        const error = e instanceof ApiError ? e : new ApiError('network', String(e));
        dispatch({ type: 'failed', error });
        return { kind: 'error', error };
      },
    );
  }, [dispatch, getSelected, after, meta, note]);

  useEffect(() => () => inflight.current?.abort(), []);


  const pages = pageCount(state);
  const actions = useMemo(
    () => ({
      /** Re-fetches the current page; `select` moves the cursor to that id when it is there. */
      refresh: (select?: string) => load(stateRef.current.page, stateRef.current.items.length ? 'refresh' : 'first', undefined, select),
      goToPage: (p: number) => void load(p, 'page'),
      /**
       * Re-query with another page size (the window was resized): the page that holds the selected
       * row, with that row still selected and on screen (else the page of the first row shown).
       */
      resize: (perPage: number) => {
        const s = stateRef.current;
        if (perPage === s.perPage) return;
        const sel = getSelected();
        const at = sel === undefined ? -1 : s.items.indexOf(sel);
        const index = (s.page - 1) * s.perPage + Math.max(0, at);
        const id = sel === undefined ? undefined : optsRef.current.getId(sel);
        void load(Math.floor(index / perPage) + 1, s.items.length ? 'page' : 'first', perPage, id, id !== undefined);
      },
    }),
    [load, getSelected],
  );

  /** A row's id (as the list was told to read it). */
  const idOf = useCallback((t: T) => optsRef.current.getId(t), []);
  return { state, getState, getVisible, getSelected, idOf, dispatch, visible, pages, meta, load, ...actions };
}
