/**
 * The one keymap: every command, its keys and a one-line description. The help overlay and the
 * footer hints are generated from this table; the shell resolves keys to commands through it.
 */
import type { KeyEvent } from './input/keys.js';
import { describeOperations, type OperationKey, type OperationKind } from '../core/operations/registry.js';

export type Command =
  | 'quit'
  | 'help'
  | 'palette'
  | 'back'
  | 'filter'
  | 'refresh'
  | 'watch'
  | 'redraw'
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'halfUp'
  | 'halfDown'
  | 'first'
  | 'last'
  | 'nextPage'
  | 'prevPage'
  | 'open'
  | 'info'
  | 'raw'
  /** The keys that open an operation (the registry's `opens.key`). */
  | OperationKey
  | 'statusFilter'
  | 'triage'
  | 'fleet'
  | 'contexts'
  | 'copy'
  | 'copyRecord'
  | 'settle'
  | 'nextField'
  | 'prevField'
  | 'review'
  | 'sendReviewed'
  | 'copyCurl'
  | 'keepDraft'
  | 'discardDraft'
  | 'restoreDraft'
  | 'dropDraft';

/** Where a binding applies. `global` works everywhere outside text entry. */
export type Scope = 'global' | 'words' | 'list' | 'relayers' | 'plugins' | 'networks' | 'notifications' | 'transactions' | 'stuck' | 'fleet' | 'audit' | 'detail' | 'relayer' | 'transaction' | 'form' | 'review' | 'leave' | 'draft';

export interface KeySpec {
  name: string;
  ctrl?: boolean;
  shift?: boolean;
}

export interface Binding {
  command: Command;
  keys: KeySpec[];
  /** How the keys are written in help and footer. */
  label: string;
  description: string;
  scope: Scope;
  /** Shown in the footer of screens with this scope. */
  hint?: string;
  /** Shorter key label for the footer (defaults to `label`). */
  short?: string;
}

/**
 * A key's description where it opens operations: what the registry says they do (capitalised), and
 * what their form proposes where `proposes` (the key opens it on a relayer's jam).
 */
function does(kinds: readonly OperationKind[], proposes = false): string {
  const d = describeOperations(kinds, proposes, true);
  return `${d[0]!.toUpperCase()}${d.slice(1)}`;
}

export const BINDINGS: readonly Binding[] = [
  { command: 'help', keys: [{ name: '?' }, { name: 'f1' }], label: '?/F1', description: 'Show or hide this help', scope: 'global', hint: 'help', short: '?' },
  { command: 'palette', keys: [{ name: ':' }], label: ':', description: 'Palette: :relayers :tx <id> [status=s] :stuck :fleet [NAME…] :page <n>|last :nonce <n> :find <id|hash> :plugins :plugin <id> :networks :signers :notifications :notify :server :metrics :ctx <name> :log :audit :messages :help :q', scope: 'global', hint: 'cmd' },
  { command: 'back', keys: [{ name: 'escape' }], label: 'esc', description: 'Back one screen (never quits)', scope: 'global', hint: 'back' },
  { command: 'quit', keys: [{ name: 'q' }, { name: 'c', ctrl: true }], label: 'q', description: 'Quit, q or ctrl+c (a form with unsent edits or a send in flight: ctrl+c asks first, q does not quit that form; a read in flight is not asked about)', scope: 'global', hint: 'quit' },
  { command: 'refresh', keys: [{ name: 'r' }], label: 'r', description: 'Refresh this view (keeps the selection)', scope: 'global', hint: 'refresh' },
  { command: 'redraw', keys: [{ name: 'l', ctrl: true }], label: 'ctrl+l', description: 'Redraw the whole screen (after another program wrote over it)', scope: 'global' },
  { command: 'watch', keys: [{ name: 'w' }], label: 'w', description: 'Watch: lists, a relayer and a transaction refresh by themselves every 5 s (--watch N), paused under a form, the palette or the filter; again to stop', scope: 'global', hint: 'watch' },

  { command: 'up', keys: [{ name: 'k' }, { name: 'up' }], label: 'k/↑', description: 'Move up', scope: 'list' },
  { command: 'down', keys: [{ name: 'j' }, { name: 'down' }], label: 'j/↓', description: 'Move down', scope: 'list' },
  { command: 'pageUp', keys: [{ name: 'pageup' }], label: 'PgUp', description: 'Up one screenful', scope: 'list' },
  { command: 'pageDown', keys: [{ name: 'pagedown' }], label: 'PgDn', description: 'Down one screenful', scope: 'list' },
  { command: 'halfUp', keys: [{ name: 'u', ctrl: true }], label: 'ctrl+u', description: 'Up half a screen', scope: 'list' },
  { command: 'halfDown', keys: [{ name: 'd', ctrl: true }], label: 'ctrl+d', description: 'Down half a screen', scope: 'list' },
  { command: 'first', keys: [{ name: 'g' }, { name: 'home' }], label: 'g', description: 'First row', scope: 'list' },
  { command: 'last', keys: [{ name: 'G' }, { name: 'end' }], label: 'G', description: 'Last row', scope: 'list' },
  { command: 'nextPage', keys: [{ name: ']' }], label: ']', description: 'Next server page', scope: 'list', hint: 'next page', short: '[ ]' },
  { command: 'prevPage', keys: [{ name: '[' }], label: '[', description: 'Previous server page', scope: 'list' },
  { command: 'filter', keys: [{ name: '/' }], label: '/', description: 'Filter the loaded rows (enter keeps, esc clears)', scope: 'list', hint: 'filter' },
  { command: 'open', keys: [{ name: 'return' }], label: 'enter', description: 'Open the selected row', scope: 'list', hint: 'open' },
  { command: 'info', keys: [{ name: 'i' }], label: 'i', description: 'Relayer detail', scope: 'relayers', hint: 'info' },
  { command: 'triage', keys: [{ name: 't' }], label: 't', description: 'Stuck transactions across every relayer (:stuck)', scope: 'relayers', hint: 'stuck' },
  { command: 'fleet', keys: [{ name: 'F' }], label: 'F', description: "The fleet: every relayer of every context of the config file, worst first (:fleet [NAME…])", scope: 'relayers', hint: 'fleet' },
  { command: 'open', keys: [{ name: 'return' }], label: 'enter', description: "Switch to the row's context (as :ctx) and open the relayer's transactions; esc comes back here", scope: 'fleet', hint: 'drill down' },
  { command: 'info', keys: [{ name: 'i' }], label: 'i', description: 'The row whole: every problem in words, its figures, the relayer as the server sent it', scope: 'fleet', hint: 'whole row' },
  { command: 'contexts', keys: [{ name: 'c' }], label: 'c', description: 'Contexts or relayers: each context with its reachability and latency, or every relayer', scope: 'fleet', hint: 'contexts' },
  { command: 'edit', keys: [{ name: 'e' }], label: 'e', description: does(['replace']), scope: 'transactions', hint: 'replace' },
  { command: 'open', keys: [{ name: 'return' }], label: 'enter', description: does(['plugin-call']), scope: 'plugins', hint: 'call' },
  { command: 'info', keys: [{ name: 'i' }], label: 'i', description: 'The plugin whole: path, timeout, flags, its config as data', scope: 'plugins', hint: 'whole' },
  { command: 'edit', keys: [{ name: 'e' }], label: 'e', description: does(['plugin-update']), scope: 'plugins', hint: 'change' },
  { command: 'edit', keys: [{ name: 'e' }], label: 'e', description: does(['network-update']), scope: 'networks', hint: 'rpc urls' },
  { command: 'edit', keys: [{ name: 'e' }], label: 'e', description: does(['notification-update']), scope: 'notifications', hint: 'change' },
  { command: 'delete', keys: [{ name: 'D' }], label: 'D', description: does(['notification-delete']), scope: 'notifications', hint: 'delete' },
  { command: 'cancel', keys: [{ name: 'X' }], label: 'X', description: does(['cancel']), scope: 'transactions', hint: 'cancel' },
  { command: 'pause', keys: [{ name: 'P' }], label: 'P', description: does(['pause', 'resume']), scope: 'relayers', hint: 'pause/resume' },
  { command: 'delete', keys: [{ name: 'D' }], label: 'D', description: does(['relayer-delete']), scope: 'relayers' },
  { command: 'cancelPending', keys: [{ name: 'X' }], label: 'X', description: does(['cancel-pending']), scope: 'relayers' },
  { command: 'policies', keys: [{ name: 'p' }], label: 'p', description: does(['policy-edit'], true), scope: 'relayers' },
  { command: 'send', keys: [{ name: 'n' }], label: 'n', description: does(['send']), scope: 'relayers' },
  { command: 'withdraw', keys: [{ name: 'W' }], label: 'W', description: does(['withdraw']), scope: 'relayers' },
  { command: 'pause', keys: [{ name: 'P' }], label: 'P', description: does(['pause', 'resume']), scope: 'relayer', hint: 'pause/resume' },
  { command: 'cancelPending', keys: [{ name: 'X' }], label: 'X', description: does(['cancel-pending']), scope: 'relayer' },
  { command: 'policies', keys: [{ name: 'p' }], label: 'p', description: does(['policy-edit'], true), scope: 'relayer', hint: 'policies' },
  { command: 'send', keys: [{ name: 'n' }], label: 'n', description: does(['send']), scope: 'relayer', hint: 'send' },
  { command: 'withdraw', keys: [{ name: 'W' }], label: 'W', description: does(['withdraw']), scope: 'relayer' },
  { command: 'open', keys: [{ name: 'return' }], label: 'enter', description: "This relayer's transactions", scope: 'relayer', hint: 'transactions' },
  { command: 'policies', keys: [{ name: 'p' }], label: 'p', description: does(['policy-edit'], true), scope: 'transactions', hint: 'policies' },
  { command: 'statusFilter', keys: [{ name: 's' }], label: 's', description: 'Filter by status on the server, one status after another (OpenZeppelin Relayer)', scope: 'transactions', hint: 'status' },

  { command: 'settle', keys: [{ name: 's' }], label: 's', description: 'Read the selected send back from its server: did it take effect? (an outcome left unknown; the answer is a new ledger line)', scope: 'audit', hint: 'read back' },
  { command: 'copy', keys: [{ name: 'y' }], label: 'y', description: "Copy the selected row's id (OSC 52: works over SSH and in tmux)", scope: 'list', hint: 'copy' },
  { command: 'copyRecord', keys: [{ name: 'Y' }], label: 'Y', description: 'Copy the selected row as exact JSON', scope: 'list' },
  { command: 'copy', keys: [{ name: 'y' }], label: 'y', description: 'Copy the value of the field under the cursor', scope: 'detail', hint: 'copy' },
  { command: 'copyRecord', keys: [{ name: 'Y' }], label: 'Y', description: 'Copy the whole record as exact JSON', scope: 'detail' },
  { command: 'raw', keys: [{ name: 'v' }], label: 'v', description: 'Toggle raw JSON as received', scope: 'detail', hint: 'raw' },
  { command: 'up', keys: [{ name: 'k' }, { name: 'up' }], label: 'k/↑', description: 'Cursor up (the view follows)', scope: 'detail' },
  { command: 'down', keys: [{ name: 'j' }, { name: 'down' }], label: 'j/↓', description: 'Cursor down (the view follows)', scope: 'detail', hint: 'move' },
  { command: 'pageUp', keys: [{ name: 'pageup' }], label: 'PgUp', description: 'Scroll up a screenful', scope: 'detail' },
  { command: 'pageDown', keys: [{ name: 'pagedown' }], label: 'PgDn', description: 'Scroll down a screenful', scope: 'detail' },
  { command: 'first', keys: [{ name: 'g' }, { name: 'home' }], label: 'g', description: 'Scroll to the top', scope: 'detail' },
  { command: 'last', keys: [{ name: 'G' }, { name: 'end' }], label: 'G', description: 'Scroll to the end', scope: 'detail' },
  { command: 'up', keys: [{ name: 'k' }, { name: 'up' }], label: 'k/↑', description: 'Scroll up', scope: 'words' },
  { command: 'down', keys: [{ name: 'j' }, { name: 'down' }], label: 'j/↓', description: 'Scroll down', scope: 'words', hint: 'scroll' },
  { command: 'copy', keys: [{ name: 'y' }], label: 'y', description: 'Copy the whole message (OSC 52: works over SSH and in tmux)', scope: 'words', hint: 'copy' },
  { command: 'edit', keys: [{ name: 'e' }], label: 'e', description: does(['replace']), scope: 'transaction', hint: 'replace' },
  { command: 'cancel', keys: [{ name: 'X' }], label: 'X', description: does(['cancel']), scope: 'transaction', hint: 'cancel' },
  { command: 'edit', keys: [{ name: 'e' }], label: 'e', description: does(['replace'], true), scope: 'stuck', hint: 'bump' },
  { command: 'cancel', keys: [{ name: 'X' }], label: 'X', description: does(['cancel']), scope: 'stuck', hint: 'cancel' },
  { command: 'policies', keys: [{ name: 'p' }], label: 'p', description: does(['policy-edit'], true), scope: 'stuck' },

  { command: 'nextField', keys: [{ name: 'tab' }], label: 'tab', description: 'Next field', scope: 'form', hint: 'next field' },
  { command: 'prevField', keys: [{ name: 'tab', shift: true }], label: 'shift+tab', description: 'Previous field', scope: 'form' },
  { command: 'review', keys: [{ name: 's', ctrl: true }], label: 'ctrl+s', description: 'Review the exact request before sending', scope: 'form', hint: 'review' },
  { command: 'sendReviewed', keys: [{ name: 'y' }], label: 'y', description: 'Send the reviewed request', scope: 'review', hint: 'send' },
  { command: 'copyCurl', keys: [{ name: 'c' }], label: 'c', description: 'Copy the request as a curl command (the key read from $RELAYER_API_KEY); on the result too', scope: 'review', hint: 'curl' },
  { command: 'up', keys: [{ name: 'k' }, { name: 'up' }], label: 'k/↑', description: 'Scroll the review up', scope: 'review' },
  { command: 'down', keys: [{ name: 'j' }, { name: 'down' }], label: 'j/↓', description: 'Scroll the review down', scope: 'review' },
  { command: 'pageDown', keys: [{ name: ' ' }, { name: 'pagedown' }], label: 'space/PgDn', description: 'Scroll the review down a screenful (a review is sent only once all of it has been on screen)', scope: 'review' },
  { command: 'pageUp', keys: [{ name: 'pageup' }], label: 'PgUp', description: 'Scroll the review up a screenful', scope: 'review' },
  { command: 'keepDraft', keys: [{ name: 'k' }], label: 'k', description: 'Keep the edits as a draft (the form opens with them again)', scope: 'leave', hint: 'keep the draft for later' },
  { command: 'discardDraft', keys: [{ name: 'd' }], label: 'd', description: 'Discard the edits', scope: 'leave', hint: 'discard it' },
  { command: 'restoreDraft', keys: [{ name: 'y' }], label: 'y', description: 'Restore the draft an earlier session kept on disk (a dropped line loses nothing typed)', scope: 'draft', hint: 'restore the draft' },
  { command: 'dropDraft', keys: [{ name: 'n' }], label: 'n', description: 'Discard that draft (removed from disk)', scope: 'draft', hint: 'discard it' },
  { command: 'halfUp', keys: [{ name: 'u', ctrl: true }], label: 'ctrl+u', description: 'Up half a screen', scope: 'detail' },
  { command: 'halfDown', keys: [{ name: 'd', ctrl: true }], label: 'ctrl+d', description: 'Down half a screen', scope: 'detail' },
];

/**
 * The text editor's keys inside a form's fields (src/ui/forms/editor.ts handles them, before any
 * command): listed by help beside the form's commands.
 */
export const EDITING_KEYS: readonly { label: string; description: string }[] = [
  { label: '←/→', description: 'Move in the field (into a template too: then it is edited, not replaced)' },
  { label: 'ctrl+a', description: 'Start of the line (home too)' },
  { label: 'ctrl+e', description: 'End of the line (end too)' },
  { label: 'ctrl+u', description: 'Delete to the start of the line' },
  { label: 'ctrl+k', description: 'Delete to the end of the line' },
  { label: 'ctrl+w', description: 'Delete the word before the cursor' },
  { label: 'enter', description: 'JSON fields: a new line; other fields: the next field' },
  { label: '←/→ space', description: 'Choice fields: the next or previous option; a letter: the next option starting with it (f: fast, again: fastest)' },
];

export function matches(spec: KeySpec, key: KeyEvent): boolean {
  return spec.name === key.name && (spec.ctrl ?? false) === key.ctrl && (spec.name !== 'tab' || (spec.shift ?? false) === key.shift);
}

/** The command a key means in the given scopes (first match in the order of `scopes`). */
export function resolve(key: KeyEvent, scopes: readonly Scope[]): Binding | undefined {
  for (const scope of scopes) {
    const b = BINDINGS.find((x) => x.scope === scope && x.keys.some((k) => matches(k, key)));
    if (b) return b;
  }
  return undefined;
}

/** Any binding for this key, in any scope: used to say why a key does not apply here. */
export function anyBinding(key: KeyEvent): Binding | undefined {
  return BINDINGS.find((x) => x.keys.some((k) => matches(k, key)));
}

/** Footer hints for a screen: `key label` pairs; help and quit first so they never drop off. */
export function hintsFor(scopes: readonly Scope[]): { label: string; hint: string; command?: Command }[] {
  const out: { label: string; hint: string; command?: Command }[] = [];
  // In forms every printable key is text: only their own keys, F1 and esc apply.
  if (scopes.includes('form') || scopes.includes('review') || scopes.includes('leave') || scopes.includes('draft')) {
    for (const b of BINDINGS) if (scopes.includes(b.scope) && b.hint) out.push({ label: b.label, hint: b.hint, command: b.command });
    return [...out, { label: 'esc', hint: 'back' }, { label: 'F1', hint: 'help' }];
  }
  for (const b of BINDINGS) if (b.command === 'help' || b.command === 'quit') out.push({ label: b.short ?? b.label, hint: b.hint!, command: b.command });
  // A key a more specific scope binds is hinted once, as that scope means it (resolve takes the first):
  // the plugins list says `enter call`, never `enter call … enter open` besides.
  const taken = new Set<string>();
  for (const scope of [...scopes, 'global' as const]) {
    for (const b of BINDINGS) {
      if (b.scope !== scope || !b.hint || b.command === 'help' || b.command === 'quit') continue;
      const keys = b.keys.map((k) => `${k.ctrl ? 'c-' : ''}${k.shift ? 's-' : ''}${k.name}`).join(' ');
      if (taken.has(keys)) continue;
      taken.add(keys);
      out.push({ label: b.short ?? b.label, hint: b.hint, command: b.command });
    }
  }
  return out;
}

export const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Everywhere',
  words: 'This message',
  list: 'Lists',
  relayers: 'Relayers',
  plugins: 'Plugins',
  networks: 'Networks',
  notifications: 'Notifications',
  transactions: 'Transactions',
  stuck: 'Stuck transactions',
  fleet: 'Fleet',
  audit: 'Audit ledger',
  detail: 'Detail views',
  relayer: 'Relayer detail',
  transaction: 'Transaction detail',
  form: 'Forms',
  review: 'Review',
  leave: 'Leaving a form with edits',
  draft: 'A draft kept from an earlier session',
};
