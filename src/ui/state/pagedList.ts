/**
 * A server-paged list with a cursor, a window and a filter: pure state, unit-tested.
 * Rows are kept in the order given by `order` (the server gives relayers in no order).
 */
import type { ApiError, Page } from '../../api/index.js';

export interface PagedState<T> {
  items: readonly T[];
  page: number;
  perPage: number;
  totalItems: number | null;
  /** Index into the filtered rows. */
  cursor: number;
  /** First visible row of the window. */
  top: number;
  /** First load (nothing to show yet) or a page change in progress. */
  loading: 'first' | 'page' | null;
  /** The page a page change is going to. */
  pendingPage: number | null;
  error: ApiError | null;
  /** Rows the server sent for the shown page when it sent more than the page size (the page was cut). */
  sentItems: number | null;
  /** The server ignored the status filter: rows of other statuses dropped from the shown page. */
  filterIgnored: { status: string; dropped: number } | null;
  filter: string;
  filterEditing: boolean;
  /** Ids of the rows a refresh changed or added (marked until the next key). */
  changed: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export type PagedAction<T> =
  | { type: 'loadStart'; page: number; kind: 'first' | 'page' }
  /**
   * keepId: the selected row's id when the request completes (kept across a refresh); `follow`: keep
   * it selected on another page too (a re-paging after a resize).
   */
  /** `refresh`: the same query asked again (r, watch): only then are changed rows marked. */
  /** `same`: whether two reads of a row show the same (default deepEqual): a row read again alike is no change, and not marked. */
  | { type: 'loaded'; page: Page<T>; getId: (t: T) => string; text: (t: T) => string; keepId: string | null; follow?: boolean; refresh?: boolean; accumulate?: boolean; markable?: (before: T) => boolean; same?: (a: T, b: T) => boolean }
  | { type: 'failed'; error: ApiError }
  | { type: 'move'; to: 'up' | 'down' | 'first' | 'last' | 'pageUp' | 'pageDown' | 'halfUp' | 'halfDown'; rows: number; height: number }
  | { type: 'select'; id: string; getId: (t: T) => string; visible: readonly T[]; height: number }
  | { type: 'filterStart' }
  | { type: 'filterChange'; text: string }
  | { type: 'filterKeep' }
  /** cursor: where the selected row is in the unfiltered rows, so clearing keeps the selection. */
  | { type: 'filterClear'; cursor?: number }
  /** A key was pressed: the changed-row marks have been seen. */
  | { type: 'clearChanged' }
  /** Rows shown whose figures read beside the list changed (a relayer's PEND, BALANCE): marked as a changed row is. */
  | { type: 'mark'; ids: readonly string[]; getId: (t: T) => string };

export function initialPaged<T>(perPage: number): PagedState<T> {
  return {
    items: [],
    page: 1,
    perPage,
    totalItems: null,
    cursor: 0,
    top: 0,
    loading: 'first',
    pendingPage: 1,
    error: null,
    sentItems: null,
    filterIgnored: null,
    filter: '',
    filterEditing: false,
    changed: NONE,
  };
}

export function pageCount(s: { totalItems: number | null; perPage: number }): number | null {
  if (s.totalItems === null) return null;
  return Math.max(1, Math.ceil(s.totalItems / s.perPage));
}

/**
 * Keeps the cursor inside the window of `height` rows, scrolling no further than that: a cursor
 * leaving by one row scrolls the window by one row (the terminal moves the other rows itself; see
 * src/ui/lineShift.ts). `count` (the rows there are) clamps the end.
 */
export function scrolled(top: number, cursor: number, height: number, count = Infinity): number {
  if (height <= 0) return 0;
  const maxTop = Math.max(0, Math.min(count, Number.MAX_SAFE_INTEGER) - height);
  let next = top;
  if (cursor < top) next = cursor;
  else if (cursor >= top + height) next = cursor - height + 1;
  return Math.max(0, Math.min(next, maxTop));
}

function sameItems<T>(a: readonly T[], b: readonly T[], same: (a: T, b: T) => boolean = deepEqual): boolean {
  if (a.length !== b.length) return false;
  // Structural compare through the lossless writer's view is not needed: both come from the same parser.
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

export function pagedReducer<T>(s: PagedState<T>, a: PagedAction<T>): PagedState<T> {
  switch (a.type) {
    case 'loadStart':
      return { ...s, loading: a.kind, pendingPage: a.page };
    case 'mark': {
      const present = new Set(s.items.map(a.getId));
      const add = a.ids.filter((id) => present.has(id) && !s.changed.has(id));
      return add.length ? { ...s, changed: union(s.changed, new Set(add)) } : s;
    }
    case 'loaded': {
      const { page } = a;
      const samePage = page.page === s.page;
      const unchanged = samePage && s.loading === null && s.error === null && page.totalItems === s.totalItems && sameItems(s.items, page.items, a.same);
      if (unchanged) return s;
      const items = page.items;
      // Keep the selection on the same id when it is still there (refresh); else the first row.
      let cursor = 0;
      if ((samePage || a.follow) && a.keepId !== null) {
        const visible = filterRows(items, s.filter, a.text);
        const idx = visible.findIndex((t) => a.getId(t) === a.keepId);
        cursor = idx >= 0 ? idx : Math.min(s.cursor, Math.max(0, visible.length - 1));
      }
      return {
        ...s,
        items,
        // A refresh of the same page marks what changed; another query (a status filter, a resize re-fit) changed nothing.
        // `accumulate`: rows arriving one by one (the fleet) add to the marks not yet seen.
        changed: a.refresh && samePage && page.perPage === s.perPage && s.items.length ? (a.accumulate ? union(s.changed, changedIds(s.items, items, a.getId, a.markable, a.same)) : changedIds(s.items, items, a.getId, a.markable, a.same)) : NONE,
        page: page.page,
        perPage: page.perPage,
        totalItems: page.totalItems,
        cursor,
        top: samePage ? s.top : 0,
        loading: null,
        pendingPage: null,
        error: null,
        sentItems: page.sentItems ?? null,
        filterIgnored: page.filterIgnored ?? null,
        filter: samePage ? s.filter : '',
        filterEditing: samePage ? s.filterEditing : false,
      };
    }
    case 'failed':
      return { ...s, loading: null, pendingPage: null, error: a.error };
    case 'move': {
      const n = a.rows;
      if (n === 0) return s;
      const h = Math.max(1, a.height);
      const half = Math.max(1, Math.floor(h / 2));
      const delta: Record<typeof a.to, number> = {
        up: -1,
        down: 1,
        pageUp: -h,
        pageDown: h,
        halfUp: -half,
        halfDown: half,
        first: -Infinity,
        last: Infinity,
      };
      const cursor = Math.max(0, Math.min(n - 1, s.cursor + delta[a.to]));
      if (cursor === s.cursor) return s;
      return { ...s, cursor, top: scrolled(s.top, cursor, h, n) };
    }
    case 'select': {
      const idx = a.visible.findIndex((t) => a.getId(t) === a.id);
      if (idx < 0) return s;
      return { ...s, cursor: idx, top: scrolled(s.top, idx, a.height, a.visible.length) };
    }
    case 'filterStart':
      return { ...s, filterEditing: true };
    case 'filterChange':
      return s.filter === a.text ? s : { ...s, filter: a.text, cursor: 0, top: 0 };
    case 'filterKeep':
      return { ...s, filterEditing: false };
    case 'filterClear':
      return { ...s, filter: '', filterEditing: false, cursor: a.cursor ?? 0, top: 0 };
    case 'clearChanged':
      return s.changed.size ? { ...s, changed: NONE } : s;
  }
}

function union(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  if (b.size === 0) return a;
  if (a.size === 0) return b;
  return new Set([...a, ...b]);
}

/** Ids of rows in `next` that are new or differ from the row with that id in `prev` (one `markable` says may be marked). */
export function changedIds<T>(prev: readonly T[], next: readonly T[], getId: (t: T) => string, markable: (before: T) => boolean = () => true, same: (a: T, b: T) => boolean = deepEqual): ReadonlySet<string> {
  const before = new Map<string, T>();
  for (const t of prev) before.set(getId(t), t);
  const out = new Set<string>();
  for (const t of next) {
    const id = getId(t);
    const old = before.get(id);
    if (old === undefined || (markable(old) && !same(old, t))) out.add(id);
  }
  return out.size ? out : NONE;
}

/** Rows that pass the filter (case-insensitive substring of the row's search text). */
export function filterRows<T>(items: readonly T[], filter: string, text: (t: T) => string): readonly T[] {
  const f = filter.trim().toLowerCase();
  if (!f) return items;
  return items.filter((t) => text(t).toLowerCase().includes(f));
}
