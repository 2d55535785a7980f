/** The screen stack and the overlays: pure state. */
import type { PluginInfo, Relayer, Transaction } from '../../api/index.js';
import type { SpecKind } from '../../core/operations/specs.js';
import { OPERATIONS, type OperationTarget } from '../../core/operations/registry.js';
import type { Preset } from '../../core/operations/spec.js';

/**
 * Where the operator is. A route opened from a list row carries the row itself (`relayer`, `tx`):
 * ids from a server may repeat, and the screen must show the row that was selected.
 */
export type Route =
  | { kind: 'relayers' }
  | { kind: 'relayer'; relayerId: string; relayer?: Relayer; /** When `relayer` was read (its list's read): the bar says it, and its age past a minute. */ readAt?: number | null }
  /** `nonce`: the transaction at it selected once read (the fleet's enter on a jam: its blocker, not the newest). */
  | { kind: 'transactions'; relayerId: string; relayer?: Relayer; status?: string; nonce?: string }
  | { kind: 'transaction'; relayerId: string; tx: Transaction; /** When `tx` was read (its list's read, a lookup's answer): the bar says it, and its age past a minute. */ readAt?: number | null }
  /**
   * The one generic screen of a spec'd operation (core/operations/spec.ts) on its target (the ids
   * navigated to): `X` on a transaction (cancel, `tx` the row), `e` on a transaction (replace: the
   * form of its relayer's network kind, then the review), `X` on a relayer (cancel-pending:
   * confirmed by its id typed), `P` on a relayer (pause or resume), `D` on a relayer (relayer delete:
   * its id typed), `D` on a notification (notification delete: its id typed), `W` on a relayer
   * (withdraw: its form, then the review, its id typed), `n` on a relayer (send: the form of its
   * network kind, then the review), `e` on a transaction (replace: its form, then the review), `e` on a network (its RPC URLs: the form, then the review),
   * `:notify` (a notification created: the form, then the review), `e` on a notification (its url, a new
   * write-only key, or the key removed: the form, then the review),
   * `e` on a plugin (its settings: the form prefilled from `plugin`, its row, then the review), `:plugin ID`
   * or enter on a plugin (its call: the params form, `plugin` the row where chosen from :plugins, then the review),
   * `p` on a relayer (its policies, name, notification and RPC URLs: the form, then the review).
   * `preset`: values its form opens with, and why (a jam at its cap: gas_price_cap at the network's price + 30 %).
   */
  | { kind: 'operation'; op: SpecKind; target: OperationTarget; tx?: Transaction; plugin?: PluginInfo; /** When `tx` (or, for a pause or resume, the relayer; a plugin) was read: a review more than 15 s after reads it again before sending. */ readAt?: number; preset?: Preset; /** Opened from the triage view (its `e`): a replacement's form starts one step up (speed) or 10 % up (explicit prices). */ bump?: true }
  /** Non-final transactions across every relayer (`:stuck`, `t` on the relayers); `focus`: the cursor starts on it (the worst jam's blocker). */
  | { kind: 'stuck'; focus?: string }
  /** Every relayer of several contexts (`:fleet [NAME…]`, `F` on the relayers): fleets or contexts of the config file, none = all. */
  | { kind: 'fleet'; names: string[] }
  /** The server's plugins (`:plugins`, `:plugin` without an id). */
  | { kind: 'plugins' }
  /** `:networks`, `:signers`, `:notifications`: the server's (OpenZeppelin Relayer). */
  | { kind: 'serverRecords'; of: 'networks' | 'signers' | 'notifications' }
  | { kind: 'server' }
  /** `:metrics`: the server's own figures (v1.8's Prometheus text). */
  | { kind: 'metrics' }
  | { kind: 'log' }
  | { kind: 'audit' }
  /** Every message of the session in full (`:messages`): what the one-line status bar had to cut. */
  | { kind: 'messages' }
  /** One row of a local list (`:log`, `:audit`) opened whole: `key` tells rows apart. */
  | { kind: 'record'; title: string; key: string; record: unknown; /** When the record was read from the server (the bar says it; none for a local ledger or log row). */ readAt?: number | null };

/** Tab cycling through the palette's candidates: the line before the first tab, and which one is on the line. */
export interface PaletteCycle {
  base: string;
  index: number;
}

export interface ShellState {
  /** Bottom first; never empty. Each entry has a stable key so screens keep their state below the top. */
  stack: { key: number; route: Route }[];
  nextKey: number;
  overlay: 'help' | 'palette' | null;
  paletteText: string;
  /** Tab cycling through the palette's candidates (null once any other key is typed). */
  paletteCycle: PaletteCycle | null;
  /** One-line message in the status bar (why a key does not apply, a palette error…). */
  /** `stays`: kept till a key (the start-up warnings), never ended by its time. */
  flash: { text: string; tone: 'warn' | 'bad' | 'info'; more?: boolean; stays?: boolean } | null;
  /** Every message of the session, oldest first (at most MAX_MESSAGES): `:messages` shows them whole. */
  messages: SessionMessage[];
  /** Start-up warnings not yet read in `:messages`: the status bar keeps saying so (they must not vanish at the first key). */
  unreadWarnings: number;
  quitting: boolean;
  /** Watch mode (`w`): lists refresh by themselves every `intervalMs` while on screen. */
  watch: { on: boolean; intervalMs: number };
}

export interface SessionMessage {
  at: number;
  text: string;
  tone: 'warn' | 'bad' | 'info';
}

/** Messages kept for `:messages` (the oldest go first). */
export const MAX_MESSAGES = 1_000;

/** Watch's default interval (--watch and a context's `watch:` allow 2 s and more). */
export const WATCH_DEFAULT_MS = 5_000;

export type ShellAction =
  | { type: 'push'; route: Route }
  /** Replaces the whole stack with the route's natural parents (palette navigation). */
  | { type: 'jump'; route: Route }
  | { type: 'pop' }
  | { type: 'overlay'; overlay: ShellState['overlay'] }
  | { type: 'paletteText'; text: string; cycle?: PaletteCycle | null }
  | { type: 'flash'; text: string; tone: 'warn' | 'bad' | 'info'; at?: number }
  /** Start-up warnings: each kept whole in :messages; the status bar shows the first and how many. */
  | { type: 'startupWarnings'; texts: string[]; at: number }
  | { type: 'clearFlash' }
  | { type: 'watch'; on: boolean }
  | { type: 'quit' };

/**
 * `watchMs`: start watching at that interval (--watch N, a context's `watch:`). `stack`: the screens to
 * start with, bottom first (a fleet drill-down starts a context at [relayers, fleet, transactions]).
 */
export function initialShell(route: Route = { kind: 'relayers' }, watchMs?: number, stack?: readonly Route[]): ShellState {
  const routes = stack?.length ? [...stack] : parents(route);
  return {
    stack: routes.map((r, i) => ({ key: i, route: r })),
    nextKey: routes.length,
    overlay: null,
    paletteText: '',
    paletteCycle: null,
    flash: null,
    messages: [],
    unreadWarnings: 0,
    quitting: false,
    watch: { on: watchMs !== undefined, intervalMs: watchMs ?? WATCH_DEFAULT_MS },
  };
}

/** The natural path to a route: relayers → transactions → transaction. */
export function parents(route: Route): Route[] {
  const root: Route = { kind: 'relayers' };
  switch (route.kind) {
    case 'relayers':
      return [root];
    case 'relayer':
    case 'transactions':
    case 'plugins':
    case 'serverRecords':
    case 'server':
    case 'metrics':
    case 'log':
    case 'audit':
    case 'messages':
    case 'stuck':
    case 'fleet':
      return [root, route];
    case 'record':
      return [root, route];
    case 'transaction':
      return [root, { kind: 'transactions', relayerId: route.relayerId }, route];
    case 'operation':
      // An operation on a transaction comes from its relayer's list; one on a notification from the notifications; one on a relayer from the relayers.
      if (route.tx && route.target.relayerId) return [root, { kind: 'transactions', relayerId: route.target.relayerId }, route];
      if (route.target.notificationId) return [root, { kind: 'serverRecords', of: 'notifications' }, route];
      if (route.target.networkId) return [root, { kind: 'serverRecords', of: 'networks' }, route];
      // One opened by a key on a plugin comes from the plugins.
      if (route.target.pluginId !== undefined && 'key' in OPERATIONS[route.op].opens) return [root, { kind: 'plugins' }, route];
      return [root, route];
  }
}

/** An operation's target's ids, in one order (relayer, transaction, plugin, notification, network). */
export function targetIds(t: OperationTarget): string[] {
  return [t.relayerId, t.txId, t.pluginId, t.notificationId, t.networkId].filter((v): v is string => v !== undefined);
}

/** Identity of a route: its kind and ids (transactions are compared by id). */
export function routeKey(r: Route): string {
  switch (r.kind) {
    case 'relayers':
    case 'plugins':
    case 'server':
    case 'metrics':
    case 'log':
    case 'audit':
    case 'messages':
    case 'stuck':
      return r.kind;
    case 'serverRecords':
      return `${r.kind}:${r.of}`;
    case 'relayer':
      return `${r.kind}:${r.relayerId}`;
    case 'transactions':
      return `${r.kind}:${r.relayerId}${r.status ? `:${r.status}` : ''}`;
    case 'transaction':
      return `${r.kind}:${r.relayerId}:${r.tx.id}`;
    case 'operation':
      return [r.op, ...targetIds(r.target)].join(':');
    case 'fleet':
      return `fleet:${r.names.join(' ')}`;
    case 'record':
      return `record:${r.key}`;
  }
}

export function sameRoute(a: Route, b: Route): boolean {
  return routeKey(a) === routeKey(b);
}

/** Screens kept open at most (palette jumps stack up). */
export const MAX_STACK = 30;

function remember(kept: SessionMessage[], more: SessionMessage[]): SessionMessage[] {
  const all = kept.concat(more);
  return all.length > MAX_MESSAGES ? all.slice(all.length - MAX_MESSAGES) : all;
}

export function shellReducer(s: ShellState, a: ShellAction): ShellState {
  const next = step(s, a);
  // Reading :messages reads the start-up warnings.
  if (next.unreadWarnings && next.stack[next.stack.length - 1]!.route.kind === 'messages') return { ...next, unreadWarnings: 0 };
  return next;
}

function step(s: ShellState, a: ShellAction): ShellState {
  switch (a.type) {
    case 'push':
      return { ...s, stack: [...s.stack, { key: s.nextKey, route: a.route }], nextKey: s.nextKey + 1, flash: null, overlay: null };
    case 'jump': {
      // A screen already open: back to it, its state kept. Any other: on top of where the operator
      // is, so esc returns to the screen they came from.
      const at = s.stack.findIndex((e) => sameRoute(e.route, a.route));
      if (at >= 0) return { ...s, stack: s.stack.slice(0, at + 1), overlay: null, flash: null };
      const stack = [...s.stack, { key: s.nextKey, route: a.route }];
      // Bounded: past MAX_STACK screens the oldest above the relayers are let go.
      if (stack.length > MAX_STACK) stack.splice(1, stack.length - MAX_STACK);
      return { ...s, stack, nextKey: s.nextKey + 1, overlay: null, flash: null };
    }
    case 'pop':
      return s.stack.length > 1 ? { ...s, stack: s.stack.slice(0, -1), flash: null } : s;
    case 'overlay':
      return s.overlay === a.overlay ? s : { ...s, overlay: a.overlay, paletteText: a.overlay === 'palette' ? '' : s.paletteText, paletteCycle: null };
    case 'paletteText':
      return { ...s, paletteText: a.text, paletteCycle: a.cycle ?? null };
    case 'flash':
      return { ...s, flash: { text: a.text, tone: a.tone }, messages: remember(s.messages, [{ at: a.at ?? Date.now(), text: a.text, tone: a.tone }]) };
    case 'startupWarnings': {
      if (a.texts.length === 0) return s;
      const first = a.texts[0]!;
      const text = a.texts.length > 1 ? `${first.split('\n')[0]} (+${a.texts.length - 1} more)` : first;
      return {
        ...s,
        flash: { text: `⚠ ${text}`, tone: 'warn', more: a.texts.length > 1, stays: true },
        messages: remember(s.messages, a.texts.map((t) => ({ at: a.at, text: `⚠ ${t}`, tone: 'warn' as const }))),
        unreadWarnings: s.unreadWarnings + a.texts.length,
      };
    }
    case 'clearFlash':
      return s.flash ? { ...s, flash: null } : s;
    case 'watch':
      return s.watch.on === a.on ? s : { ...s, watch: { ...s.watch, on: a.on } };
    case 'quit':
      return { ...s, quitting: true };
  }
}
