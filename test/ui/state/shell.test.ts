import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { MAX_STACK, initialShell, parents, shellReducer, type Route, type ShellState } from '../../../src/ui/state/shell.js';

const tx = (id: string) => ({ id, status: 'pending' }) as Transaction;
const kinds = (s: ShellState) => s.stack.map((e) => e.route.kind);
const keys = (s: ShellState) => s.stack.map((e) => e.key);

describe('shell reducer: the screen stack', () => {
  it('starts with the natural parents of the initial route', () => {
    expect(kinds(initialShell())).toEqual(['relayers']);
    const s = initialShell({ kind: 'transaction', relayerId: 'sepolia-main', tx: tx('t1') });
    expect(kinds(s)).toEqual(['relayers', 'transactions', 'transaction']);
    expect(s.stack[1]!.route).toEqual({ kind: 'transactions', relayerId: 'sepolia-main' });
    expect(new Set(keys(s)).size).toBe(3);
    expect(parents({ kind: 'relayer', relayerId: 'x' }).map((r) => r.kind)).toEqual(['relayers', 'relayer']);
  });

  it('push adds a screen with a fresh key; pop removes one and never empties the stack', () => {
    let s = initialShell();
    s = shellReducer(s, { type: 'flash', text: 'hello', tone: 'warn' });
    s = shellReducer(s, { type: 'push', route: { kind: 'transactions', relayerId: 'a' } });
    expect(kinds(s)).toEqual(['relayers', 'transactions']);
    expect(s.flash).toBeNull();
    s = shellReducer(s, { type: 'push', route: { kind: 'transaction', relayerId: 'a', tx: tx('t') } });
    expect(new Set(keys(s)).size).toBe(3);
    s = shellReducer(s, { type: 'pop' });
    s = shellReducer(s, { type: 'pop' });
    expect(kinds(s)).toEqual(['relayers']);
    const again = shellReducer(s, { type: 'pop' });
    expect(again).toBe(s);
    expect(again.stack).toHaveLength(1);
  });

  it('jump returns to a screen already open (its key kept) or goes on top of the current one', () => {
    let s = initialShell();
    s = shellReducer(s, { type: 'push', route: { kind: 'transactions', relayerId: 'a' } });
    s = shellReducer(s, { type: 'push', route: { kind: 'transaction', relayerId: 'a', tx: tx('t') } });
    const [k0, k1] = keys(s);
    const toA = shellReducer(s, { type: 'jump', route: { kind: 'transactions', relayerId: 'a' } });
    expect(kinds(toA)).toEqual(['relayers', 'transactions']);
    expect(keys(toA)).toEqual([k0, k1]);
    // A new screen goes on top: esc from it returns to the transaction the operator was on.
    const toB = shellReducer(s, { type: 'jump', route: { kind: 'transactions', relayerId: 'b' } });
    expect(kinds(toB)).toEqual(['relayers', 'transactions', 'transaction', 'transactions']);
    expect(keys(toB).slice(0, 3)).toEqual(keys(s));
    expect(keys(toB)[3]).toBeGreaterThanOrEqual(s.nextKey);
    expect(kinds(shellReducer(toB, { type: 'pop' }))).toEqual(kinds(s));
    const home = shellReducer(s, { type: 'jump', route: { kind: 'relayers' } });
    expect(keys(home)).toEqual([k0]);
    const plugin: Route = { kind: 'operation', op: 'plugin-call', target: { pluginId: 'echo' } };
    expect(kinds(shellReducer(s, { type: 'jump', route: plugin }))).toEqual(['relayers', 'transactions', 'transaction', 'operation']);
    // Bounded: many jumps keep the relayers and the newest screens.
    let many = s;
    for (let i = 0; i < 100; i++) many = shellReducer(many, { type: 'jump', route: { kind: 'operation', op: 'plugin-call', target: { pluginId: `p${i}` } } });
    expect(many.stack).toHaveLength(MAX_STACK);
    expect(kinds(many)[0]).toBe('relayers');
    expect(many.stack.at(-1)!.route).toEqual({ kind: 'operation', op: 'plugin-call', target: { pluginId: 'p99' } });
  });

  it('overlays: opening the palette clears its text; flash is cleared without a new object when absent', () => {
    let s = shellReducer(initialShell(), { type: 'overlay', overlay: 'palette' });
    s = shellReducer(s, { type: 'paletteText', text: 'tx sep' });
    s = shellReducer(s, { type: 'overlay', overlay: null });
    expect(shellReducer(s, { type: 'overlay', overlay: null })).toBe(s);
    s = shellReducer(s, { type: 'overlay', overlay: 'palette' });
    expect(s.paletteText).toBe('');
    expect(shellReducer(s, { type: 'clearFlash' })).toBe(s);
    const f = shellReducer(s, { type: 'flash', text: 'x', tone: 'warn' });
    expect(f.flash).toEqual({ text: 'x', tone: 'warn' });
    expect(shellReducer(f, { type: 'clearFlash' }).flash).toBeNull();
  });
});
