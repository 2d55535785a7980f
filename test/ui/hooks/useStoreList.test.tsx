/**
 * A list read from a store outside React (src/ui/hooks/useStoreList.ts, the fleet's): rows drawn at
 * most once every `everyMs`, the selected row kept as rows re-sort, rows changed by a re-read marked
 * (not those arriving on the first read), rows read again alike not drawn again.
 */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useStoreList } from '../../../src/ui/hooks/useStoreList.js';
import type { ListHandle } from '../../../src/ui/hooks/usePagedList.js';

interface Row {
  id: string;
  v: number;
  loading: boolean;
}

class Store {
  rows: Row[] = [];
  readOnce = false;
  private readonly fns = new Set<() => void>();
  subscribe(fn: () => void) {
    this.fns.add(fn);
    return () => void this.fns.delete(fn);
  }
  set(rows: Row[]) {
    this.rows = [...rows].sort((a, b) => b.v - a.v);
    for (const fn of this.fns) fn();
  }
}

function View({ store, renders, handle }: { store: Store; renders: { n: number }; handle: { list?: ListHandle<Row> } }) {
  const list = useStoreList<Row>({
    subscribe: (fn) => store.subscribe(fn),
    rows: () => store.rows,
    everyMs: 50,
    read: async () => {
      store.readOnce = true;
    },
    marking: () => store.readOnce,
    markable: (r) => !r.loading,
    getId: (r) => r.id,
    text: (r) => r.id,
    now: Date.now,
  });
  handle.list = list;
  useEffect(() => void renders.n++);
  return <Text>{list.visible.map((r, i) => `${i === list.state.cursor ? '>' : ' '}${list.state.changed.has(r.id) ? '*' : ' '}${r.id}:${r.v}`).join(' ')}</Text>;
}

const row = (id: string, v: number, loading = false): Row => ({ id, v, loading });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a list read from a store', () => {
  it('arrivals batched, the cursor kept on its row, a re-read marks what changed, alike draws nothing', async () => {
    const store = new Store();
    store.set([row('a', 1, true), row('b', 2, true)]);
    const renders = { n: 0 };
    const handle: { list?: ListHandle<Row> } = {};
    const { lastFrame, unmount } = render(<View store={store} renders={renders} handle={handle} />);
    expect(lastFrame()).toBe('> b:2   a:1');
    handle.list!.dispatch({ type: 'move', to: 'down', rows: 2, height: 10 });
    await vi.waitFor(() => expect(lastFrame()).toBe('  b:2 > a:1'));
    // Many arrivals within one interval are one draw; a rises to the top and stays selected; not marked (first read).
    const before = renders.n;
    for (let i = 0; i < 20; i++) store.set([row('a', 10 + i), row('b', 2)]);
    expect(lastFrame()).toBe('  b:2 > a:1');
    await vi.waitFor(() => expect(lastFrame()).toBe('> a:29   b:2'));
    expect(renders.n - before).toBeLessThanOrEqual(2);
    // The first whole read ends: then a re-read changes b, marked.
    await handle.list!.refresh();
    const since = handle.list!.meta.current.sameSince!;
    await wait(5);
    store.set([row('a', 29), row('b', 3)]);
    await vi.waitFor(() => expect(lastFrame()).toBe('> a:29  *b:3'));
    // A row changed between reads (a context answering late): "last change" moves with it.
    expect(handle.list!.meta.current.sameSince).toBeGreaterThan(since);
    // The same rows again (a new array, alike): nothing drawn.
    const still = renders.n;
    store.set([row('a', 29), row('b', 3)]);
    // (A wait for something not to happen: two intervals.)
    await wait(120);
    expect(renders.n).toBe(still);
    expect(await handle.list!.refresh()).toEqual({ kind: 'unchanged' });
    unmount();
  });
});
