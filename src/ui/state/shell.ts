/** The screen stack and the overlays: pure state. */
import type { Relayer, Transaction } from '../../api/index.js';

/**
 * Where the operator is. A route opened from a list row carries the row itself (`relayer`, `tx`):
 * ids from a server may repeat, and the screen must show the row that was selected.
 */
export type Route =
  | { kind: 'relayers' }
  | { kind: 'relayer'; relayerId: string; relayer?: Relayer }
  | { kind: 'transactions'; relayerId: string; relayer?: Relayer; status?: string }
  | { kind: 'transaction'; relayerId: string; tx: Transaction }
  | { kind: 'replace'; relayerId: string; tx: Transaction }
  | { kind: 'plugin'; pluginId: string }
  | { kind: 'notify' }
  | { kind: 'server' }
  | { kind: 'log' }
  | { kind: 'audit' };

export interface ShellState {
  /** Bottom first; never empty. Each entry has a stable key so screens keep their state below the top. */
  stack: { key: number; route: Route }[];
  nextKey: number;
  overlay: 'help' | 'palette' | null;
  paletteText: string;
  /** One-line message in the status bar (why a key does not apply, a palette error…). */
  flash: { text: string; tone: 'warn' | 'bad' | 'info' } | null;
  quitting: boolean;
}

export type ShellAction =
  | { type: 'push'; route: Route }
  /** Replaces the whole stack with the route's natural parents (palette navigation). */
  | { type: 'jump'; route: Route }
  | { type: 'pop' }
  | { type: 'overlay'; overlay: ShellState['overlay'] }
  | { type: 'paletteText'; text: string }
  | { type: 'flash'; text: string; tone?: 'warn' | 'bad' | 'info' }
  | { type: 'clearFlash' }
  | { type: 'quit' };

export function initialShell(route: Route = { kind: 'relayers' }): ShellState {
  return { stack: parents(route).map((r, i) => ({ key: i, route: r })), nextKey: parents(route).length, overlay: null, paletteText: '', flash: null, quitting: false };
}

/** The natural path to a route: relayers → transactions → transaction. */
export function parents(route: Route): Route[] {
  const root: Route = { kind: 'relayers' };
  switch (route.kind) {
    case 'relayers':
      return [root];
    case 'relayer':
    case 'transactions':
    case 'plugin':
    case 'notify':
    case 'server':
    case 'log':
    case 'audit':
      return [root, route];
    case 'transaction':
      return [root, { kind: 'transactions', relayerId: route.relayerId }, route];
    case 'replace':
      return [root, { kind: 'transactions', relayerId: route.relayerId }, route];
  }
}

/** Identity of a route: its kind and ids (transactions are compared by id). */
export function routeKey(r: Route): string {
  switch (r.kind) {
    case 'relayers':
    case 'notify':
    case 'server':
    case 'log':
    case 'audit':
      return r.kind;
    case 'relayer':
      return `${r.kind}:${r.relayerId}`;
    case 'transactions':
      return `${r.kind}:${r.relayerId}${r.status ? `:${r.status}` : ''}`;
    case 'transaction':
    case 'replace':
      return `${r.kind}:${r.relayerId}:${r.tx.id}`;
    case 'plugin':
      return `plugin:${r.pluginId}`;
  }
}

export function sameRoute(a: Route, b: Route): boolean {
  return routeKey(a) === routeKey(b);
}

export function shellReducer(s: ShellState, a: ShellAction): ShellState {
  switch (a.type) {
    case 'push':
      return { ...s, stack: [...s.stack, { key: s.nextKey, route: a.route }], nextKey: s.nextKey + 1, flash: null, overlay: null };
    case 'jump': {
      // Reuse the entries (and so the state) of the screens already on the way.
      const path = parents(a.route);
      const stack: ShellState['stack'] = [];
      let nextKey = s.nextKey;
      for (let i = 0; i < path.length; i++) {
        const existing = s.stack[i];
        if (existing && sameRoute(existing.route, path[i]!) && stack.length === i) stack.push(existing);
        else stack.push({ key: nextKey++, route: path[i]! });
      }
      return { ...s, stack, nextKey, overlay: null, flash: null };
    }
    case 'pop':
      return s.stack.length > 1 ? { ...s, stack: s.stack.slice(0, -1), flash: null } : s;
    case 'overlay':
      return s.overlay === a.overlay ? s : { ...s, overlay: a.overlay, paletteText: a.overlay === 'palette' ? '' : s.paletteText };
    case 'paletteText':
      return { ...s, paletteText: a.text };
    case 'flash':
      return { ...s, flash: { text: a.text, tone: a.tone ?? 'warn' } };
    case 'clearFlash':
      return s.flash ? { ...s, flash: null } : s;
    case 'quit':
      return { ...s, quitting: true };
  }
}
