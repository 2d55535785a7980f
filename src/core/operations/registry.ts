/**
 * Every operation the client can send, once: its kind, what its target names, how the TUI opens it
 * (its key or palette command), its subcommand and help line, its words in the ledger, and how an
 * unknown outcome of it is read back. The compiler holds the set: a kind without an entry does not
 * build (a `Record<OperationKind, …>`, as gemini-cli's `Record<Command, …>` holds its key bindings).
 * Each BuiltRequest carries its kind and typed target; the ledger records them (`op`, `target`), and
 * nothing guesses an operation back from a path — but a ledger line older than them (settle.ts).
 * Reads are not operations.
 */
import type { Mutation } from './mutations.js';
import { shortId } from '../text/ids.js';

export type OperationKind = 'replace' | 'cancel' | 'cancel-pending' | 'pause' | 'resume' | 'policy-edit' | 'plugin-call' | 'notification-create';

/** What an operation acts on: the ids the operator navigated to (never a field the server returned). */
export interface OperationTarget {
  relayerId?: string;
  txId?: string;
  pluginId?: string;
  notificationId?: string;
}

/** How an unknown outcome is read back (settle.ts): the transaction, the relayer's paused state, or not at all (why). */
export type ReadBack = { kind: 'transaction'; as: 'replace' | 'cancel' } | { kind: 'paused'; asked: boolean } | { kind: 'none'; why: string };

export interface OperationEntry {
  kind: OperationKind;
  /** Its read-only class: what `--read-only` says it refuses. */
  mutation: Mutation;
  /** Where the TUI opens it: a keymap command (src/ui/keymap.ts) or a palette command. */
  opens: { key: 'edit' | 'cancel' | 'cancelPending' | 'pause' | 'policies' } | { palette: 'plugin' | 'notify' };
  /** Its subcommand (src/cli/commands.ts), and the flag that selects it there when it shares one. */
  subcommand: 'replace' | 'cancel' | 'pause' | 'resume' | 'policies' | 'plugin' | 'notify';
  flag?: string;
  /** One line for help. */
  help: string;
  /** What its target must name. */
  needs: readonly (keyof OperationTarget)[];
  /** The ledger's words: what it did to what (ids shortened to `keep`). */
  words: (t: OperationTarget, keep: number) => string;
  readBack: ReadBack;
  /**
   * Its draft rule: the form whose unsent values are kept on disk as they are typed (ui/forms/
   * draftStore.ts), or null — a review with nothing typed keeps nothing.
   */
  draft: DraftForm | null;
}

/** The forms whose unsent values are kept as drafts. */
export type DraftForm = 'replace' | 'plugin' | 'notify';


const rel = (t: OperationTarget) => t.relayerId ?? '?';

export const OPERATIONS: Record<OperationKind, OperationEntry> = {
  replace: {
    kind: 'replace',
    mutation: 'replace',
    opens: { key: 'edit' },
    subcommand: 'replace',
    help: 'replace a transaction (EVM, Solana, Stellar bodies), reviewed first',
    needs: ['relayerId', 'txId'],
    words: (t, k) => `replace ${shortId(t.txId ?? '?', k)} on relayer ${rel(t)}`,
    readBack: { kind: 'transaction', as: 'replace' },
    draft: 'replace',
  },
  cancel: {
    kind: 'cancel',
    mutation: 'cancel',
    opens: { key: 'cancel' },
    subcommand: 'cancel',
    help: 'cancel a transaction (OpenZeppelin Relayer: a NOOP takes its nonce)',
    needs: ['relayerId', 'txId'],
    words: (t, k) => `cancel ${shortId(t.txId ?? '?', k)} on relayer ${rel(t)}`,
    readBack: { kind: 'transaction', as: 'cancel' },
    draft: null,
  },
  'cancel-pending': {
    kind: 'cancel-pending',
    mutation: 'cancel',
    opens: { key: 'cancelPending' },
    subcommand: 'cancel',
    flag: 'all-pending',
    help: "cancel every pending transaction of a relayer (type its id to confirm)",
    needs: ['relayerId'],
    words: (t) => `cancel every pending transaction of relayer ${rel(t)}`,
    readBack: { kind: 'none', why: "cancelling every pending transaction cannot be read back as one: look at the relayer's transactions (which are canceled or marked canceling)" },
    draft: null,
  },
  pause: {
    kind: 'pause',
    mutation: 'pause',
    opens: { key: 'pause' },
    subcommand: 'pause',
    help: 'pause a relayer: exactly {"paused": true}',
    needs: ['relayerId'],
    words: (t) => `pause relayer ${rel(t)}`,
    readBack: { kind: 'paused', asked: true },
    draft: null,
  },
  resume: {
    kind: 'resume',
    mutation: 'pause',
    opens: { key: 'pause' },
    subcommand: 'resume',
    help: 'resume a relayer: exactly {"paused": false}',
    needs: ['relayerId'],
    words: (t) => `resume relayer ${rel(t)}`,
    readBack: { kind: 'paused', asked: false },
    draft: null,
  },
  'policy-edit': {
    kind: 'policy-edit',
    mutation: 'policies',
    opens: { key: 'policies' },
    subcommand: 'policies',
    flag: 'set',
    help: "change a relayer's policies: one merge patch of what changed (gas_price_cap, min_balance, …)",
    needs: ['relayerId'],
    words: (t) => `change the policies of relayer ${rel(t)}`,
    // Read back by comparing the relayer's policies with the patch would need its body: not yet.
    readBack: { kind: 'none', why: "look at the relayer's policies (relayer-tui policies <relayer-id>)" },
    draft: null,
  },
  'plugin-call': {
    kind: 'plugin-call',
    mutation: 'plugin',
    opens: { palette: 'plugin' },
    subcommand: 'plugin',
    help: 'call a plugin with JSON params',
    needs: ['pluginId'],
    words: (t) => `call plugin ${t.pluginId ?? '?'}`,
    readBack: { kind: 'none', why: "what a plugin call did is the plugin's own: it cannot be read back here" },
    draft: 'plugin',
  },
  'notification-create': {
    kind: 'notification-create',
    mutation: 'notify',
    opens: { palette: 'notify' },
    subcommand: 'notify',
    help: 'create a webhook notification (its signing key write-only)',
    needs: [],
    words: (t) => (t.notificationId ? `create notification ${t.notificationId}` : 'create a notification'),
    readBack: { kind: 'none', why: "look for the notification in the server's list of notifications" },
    draft: 'notify',
  },
};

export const OPERATION_KINDS = Object.keys(OPERATIONS) as OperationKind[];

/** Whether a value read from the ledger is a kind this version knows. */
export function isOperationKind(v: unknown): v is OperationKind {
  return typeof v === 'string' && Object.hasOwn(OPERATIONS, v);
}
