import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/api/index.js';
import { filterRows, initialPaged, pageCount, pagedReducer, scrolled, type PagedAction, type PagedState } from '../../../src/ui/state/pagedList.js';

interface Row {
  id: string;
  name: string;
}
const getId = (r: Row) => r.id;
const text = (r: Row) => `${r.id} ${r.name}`;
const rows = (n: number, prefix = 'r'): Row[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, name: `Name ${i}` }));
const page = (items: Row[], p = 1, perPage = 10, totalItems = 30): Page<Row> => ({ items, page: p, perPage, totalItems });
const reduce = (s: PagedState<Row>, ...actions: PagedAction<Row>[]) => actions.reduce((x, a) => pagedReducer(x, a), s);
const loaded = (items: Row[], keepId: string | null = null, p = 1, totalItems = 30): PagedAction<Row> => ({ type: 'loaded', page: page(items, p, 10, totalItems), getId, text, keepId });

describe('pagedReducer: moving and the window', () => {
  const start = reduce(initialPaged<Row>(10), loaded(rows(10)));

  it('moves one row, clamps at both ends and returns the same state when nothing moves', () => {
    const down = pagedReducer(start, { type: 'move', to: 'down', rows: 10, height: 4 });
    expect(down.cursor).toBe(1);
    expect(pagedReducer(start, { type: 'move', to: 'up', rows: 10, height: 4 })).toBe(start);
    const last = pagedReducer(start, { type: 'move', to: 'last', rows: 10, height: 4 });
    expect(last.cursor).toBe(9);
    expect(pagedReducer(last, { type: 'move', to: 'down', rows: 10, height: 4 })).toBe(last);
    expect(pagedReducer(last, { type: 'move', to: 'first', rows: 10, height: 4 }).cursor).toBe(0);
    expect(pagedReducer(start, { type: 'move', to: 'down', rows: 0, height: 4 })).toBe(start);
  });

  it('pages and half-pages by the window height and scrolls the window with the cursor', () => {
    const pd = pagedReducer(start, { type: 'move', to: 'pageDown', rows: 10, height: 4 });
    expect(pd).toMatchObject({ cursor: 4, top: 1 }); // left the window: scrolls just enough
    const pd2 = pagedReducer(pd, { type: 'move', to: 'pageDown', rows: 10, height: 4 });
    expect(pd2).toMatchObject({ cursor: 8, top: 5 });
    const pu = pagedReducer(pd2, { type: 'move', to: 'pageUp', rows: 10, height: 4 });
    expect(pu).toMatchObject({ cursor: 4, top: 4 });
    const down = pagedReducer({ ...start, cursor: 3 }, { type: 'move', to: 'down', rows: 10, height: 4 });
    expect(down).toMatchObject({ cursor: 4, top: 1 }); // one row past the window: one row of scroll
    expect(pagedReducer(start, { type: 'move', to: 'halfDown', rows: 10, height: 4 }).cursor).toBe(2);
    expect(pagedReducer(pd2, { type: 'move', to: 'halfUp', rows: 10, height: 4 }).cursor).toBe(6);
    const last = pagedReducer(start, { type: 'move', to: 'last', rows: 10, height: 4 });
    expect(last.top).toBe(6);
  });

  it('scrolled keeps the cursor inside the window, scrolling no further than needed', () => {
    expect(scrolled(0, 3, 4)).toBe(0);
    expect(scrolled(0, 4, 4)).toBe(1);
    expect(scrolled(5, 4, 4)).toBe(4);
    expect(scrolled(5, 2, 4)).toBe(2);
    expect(scrolled(5, 6, 4)).toBe(5);
    expect(scrolled(7, 3, 0)).toBe(0);
    // Clamped so that the last window is full.
    expect(scrolled(8, 9, 4, 10)).toBe(6);
    expect(scrolled(0, 9, 4, 100)).toBe(6);
  });
});

describe('pagedReducer: loading', () => {
  it('starts loading the first page and counts pages from the total', () => {
    const s = initialPaged<Row>(25);
    expect(s).toMatchObject({ loading: 'first', page: 1, perPage: 25, totalItems: null, items: [] });
    expect(pageCount(s)).toBeNull();
    expect(pageCount({ totalItems: 1_000_000, perPage: 19 })).toBe(52_632);
    expect(pageCount({ totalItems: 0, perPage: 19 })).toBe(1);
  });

  it('keeps the selection on the same id across a refresh even when the row moved', () => {
    const items = rows(10);
    let s = reduce(initialPaged<Row>(10), loaded(items));
    s = reduce(s, { type: 'move', to: 'down', rows: 10, height: 10 }, { type: 'move', to: 'down', rows: 10, height: 10 });
    expect(s.cursor).toBe(2);
    const shifted = [{ id: 'new', name: 'Fresh' }, ...items.slice(0, 9)];
    const after = pagedReducer(s, loaded(shifted, 'r2'));
    expect(after.cursor).toBe(3);
    expect(after.items[after.cursor]!.id).toBe('r2');
  });

  it('keeps the row index (clamped) when the selected id is gone, and resets on another page', () => {
    let s = reduce(initialPaged<Row>(10), loaded(rows(10)), { type: 'move', to: 'last', rows: 10, height: 10 });
    expect(s.cursor).toBe(9);
    s = pagedReducer(s, loaded(rows(4, 'x'), 'r9'));
    expect(s.cursor).toBe(3);
    const other = pagedReducer(s, loaded(rows(10, 'p2-'), 'x3', 2));
    expect(other).toMatchObject({ page: 2, cursor: 0, top: 0 });
  });

  it('returns the very same state object for a refresh with identical data', () => {
    const s = reduce(initialPaged<Row>(10), loaded(rows(10)), { type: 'move', to: 'down', rows: 10, height: 10 });
    const again = pagedReducer(s, loaded(rows(10).map((r) => ({ ...r })), 'r1'));
    expect(again).toBe(s);
    // A changed total or a changed row is not "unchanged".
    expect(pagedReducer(s, loaded(rows(10), 'r1', 1, 31))).not.toBe(s);
    const changed = rows(10);
    changed[4] = { id: 'r4', name: 'Renamed' };
    expect(pagedReducer(s, loaded(changed, 'r1'))).not.toBe(s);
  });

  it('keeps the rows on a failure and clears the error on the next success', () => {
    const s = reduce(initialPaged<Row>(10), loaded(rows(10)));
    const failed = pagedReducer(s, { type: 'failed', error: Object.assign(new Error('boom'), { kind: 'server' }) as never });
    expect(failed.items).toHaveLength(10);
    expect(failed.error?.message).toBe('boom');
    const ok = pagedReducer(failed, loaded(rows(10), 'r0'));
    expect(ok).not.toBe(failed);
    expect(ok.error).toBeNull();
    expect(ok.loading).toBeNull();
  });
});

describe('filter', () => {
  it('filterRows is a case-insensitive substring match and returns the same array when empty', () => {
    const items = [
      { id: 'sepolia-main', name: 'Sepolia Main' },
      { id: 'solana-devnet', name: 'Solana Devnet' },
      { id: 'stellar-testnet', name: 'Stellar Testnet' },
    ];
    expect(filterRows(items, '', text)).toBe(items);
    expect(filterRows(items, '   ', text)).toBe(items);
    expect(filterRows(items, 'SOLANA', text).map(getId)).toEqual(['solana-devnet']);
    expect(filterRows(items, ' net ', text).map(getId)).toEqual(['solana-devnet', 'stellar-testnet']);
    expect(filterRows(items, 'zzz', text)).toEqual([]);
  });

  it('editing, keeping and clearing the filter', () => {
    let s = reduce(initialPaged<Row>(10), loaded(rows(10)), { type: 'move', to: 'last', rows: 10, height: 10 });
    s = pagedReducer(s, { type: 'filterStart' });
    expect(s.filterEditing).toBe(true);
    s = pagedReducer(s, { type: 'filterChange', text: 'name 1' });
    expect(s).toMatchObject({ filter: 'name 1', cursor: 0, top: 0 });
    expect(pagedReducer(s, { type: 'filterChange', text: 'name 1' })).toBe(s);
    s = pagedReducer(s, { type: 'filterKeep' });
    expect(s).toMatchObject({ filter: 'name 1', filterEditing: false });
    s = pagedReducer(s, { type: 'filterClear' });
    expect(s).toMatchObject({ filter: '', filterEditing: false, cursor: 0 });
  });

  it('a refresh keeps the selection inside the filtered rows', () => {
    let s = reduce(initialPaged<Row>(10), loaded(rows(10)), { type: 'filterStart' }, { type: 'filterChange', text: 'name' }, { type: 'filterKeep' });
    s = pagedReducer(s, { type: 'move', to: 'down', rows: 10, height: 10 });
    const moved = [...rows(10)].reverse();
    const after = pagedReducer(s, loaded(moved, 'r1'));
    expect(after.filter).toBe('name');
    expect(filterRows(after.items, after.filter, text)[after.cursor]!.id).toBe('r1');
  });
});

describe('mark: rows whose figures read beside the list changed', () => {
  it('marks the rows shown it names (none it does not hold), as changed rows are; nothing new marked: the same state (nothing to draw); a key clears them', () => {
    const s = reduce(initialPaged<Row>(10), loaded(rows(5)));
    const m = reduce(s, { type: 'mark', ids: ['r1', 'r3', 'elsewhere'], getId });
    expect([...m.changed].sort()).toEqual(['r1', 'r3']);
    expect(reduce(m, { type: 'mark', ids: ['r1'], getId })).toBe(m);
    expect(reduce(s, { type: 'mark', ids: ['elsewhere'], getId })).toBe(s);
    expect(reduce(m, { type: 'clearChanged' }).changed.size).toBe(0);
  });
});
