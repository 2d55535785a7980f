/**
 * Every operation the client can send, once: its kind, what its target names, how the TUI opens it
 * (its key or palette command, and its screen: the one generic review, or its own form), its
 * subcommand, synopsis and help line, what read-only mode says of it, its words in the ledger, and how
 * an unknown outcome of it is read back. The compiler holds the set: a kind without an entry does not
 * build (a `Record<OperationKind, …>`, as gemini-cli's `Record<Command, …>` holds its key bindings).
 * How a review-only operation's request is built is its entry in reviewOnly.ts (a Record over the same
 * kinds: this file stays data, light enough for the launcher's command words).
 * Each BuiltRequest carries its kind and typed target; the ledger records them (`op`, `target`), and
 * nothing guesses an operation back from a path — but a ledger line older than them (settle.ts).
 * Reads are not operations.
 */
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

/** The operations reviewed as built, with nothing to fill in: the TUI's one generic operation screen (reviewOnly.ts builds them). */
export type ReviewOnlyKind = 'cancel' | 'cancel-pending' | 'pause' | 'resume';

/** The subcommands that send (src/cli/commands.ts lists them beside the reads). */
export type OperationSubcommand = 'replace' | 'cancel' | 'pause' | 'resume' | 'policies' | 'plugin' | 'notify';

export interface OperationEntry {
  kind: OperationKind;
  /** What read-only mode says it refuses: `Read-only (…): <refused> is disabled` (kinds of one subcommand share it). */
  refused: string;
  /** Where the TUI opens it: a keymap command (src/ui/keymap.ts) or a palette command. */
  opens: { key: 'edit' | 'cancel' | 'cancelPending' | 'pause' | 'policies' } | { palette: 'plugin' | 'notify' };
  /** Its screen: the generic review of what reviewOnly.ts builds (`review`), or its own form. */
  screen: 'review' | 'replace' | 'policies' | 'plugin' | 'notify';
  /** Its subcommand (src/cli/commands.ts), and the flags that select it there (any one of them) when it shares one. */
  subcommand: OperationSubcommand;
  flags?: readonly string[];
  /** Its synopsis after `relayer-tui ` (usage errors and --help). */
  usage: string;
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
    refused: 'replacing a transaction',
    opens: { key: 'edit' },
    screen: 'replace',
    subcommand: 'replace',
    usage: 'replace <relayer-id> <tx-id> (--body FILE|- | --value V [--speed S] [--gas-price W] … | --transaction B64) [--dry-run] [--yes] [--wait S]',
    help: 'replace a transaction (EVM, Solana, Stellar bodies), reviewed first',
    needs: ['relayerId', 'txId'],
    words: (t, k) => `replace ${shortId(t.txId ?? '?', k)} on relayer ${rel(t)}`,
    readBack: { kind: 'transaction', as: 'replace' },
    draft: 'replace',
  },
  cancel: {
    kind: 'cancel',
    refused: 'cancelling transactions',
    opens: { key: 'cancel' },
    screen: 'review',
    subcommand: 'cancel',
    usage: 'cancel <relayer-id> <tx-id> [--dry-run] [--yes] [--wait S]',
    help: 'cancel a transaction (OpenZeppelin Relayer: a NOOP takes its nonce)',
    needs: ['relayerId', 'txId'],
    words: (t, k) => `cancel ${shortId(t.txId ?? '?', k)} on relayer ${rel(t)}`,
    readBack: { kind: 'transaction', as: 'cancel' },
    draft: null,
  },
  'cancel-pending': {
    kind: 'cancel-pending',
    refused: 'cancelling transactions',
    opens: { key: 'cancelPending' },
    screen: 'review',
    subcommand: 'cancel',
    flags: ['all-pending'],
    usage: 'cancel <relayer-id> --all-pending [--dry-run] [--yes]',
    help: "cancel every pending transaction of a relayer (type its id to confirm)",
    needs: ['relayerId'],
    words: (t) => `cancel every pending transaction of relayer ${rel(t)}`,
    readBack: { kind: 'none', why: "cancelling every pending transaction cannot be read back as one: look at the relayer's transactions (which are canceled or marked canceling)" },
    draft: null,
  },
  pause: {
    kind: 'pause',
    refused: 'pausing and resuming relayers',
    opens: { key: 'pause' },
    screen: 'review',
    subcommand: 'pause',
    usage: 'pause <relayer-id> [--dry-run] [--yes]',
    help: 'pause a relayer: exactly {"paused": true}',
    needs: ['relayerId'],
    words: (t) => `pause relayer ${rel(t)}`,
    readBack: { kind: 'paused', asked: true },
    draft: null,
  },
  resume: {
    kind: 'resume',
    refused: 'pausing and resuming relayers',
    opens: { key: 'pause' },
    screen: 'review',
    subcommand: 'resume',
    usage: 'resume <relayer-id> [--dry-run] [--yes] [--wait S]',
    help: 'resume a relayer: exactly {"paused": false}',
    needs: ['relayerId'],
    words: (t) => `resume relayer ${rel(t)}`,
    readBack: { kind: 'paused', asked: false },
    draft: null,
  },
  'policy-edit': {
    kind: 'policy-edit',
    refused: "changing relayers' policies",
    opens: { key: 'policies' },
    screen: 'policies',
    subcommand: 'policies',
    flags: ['set', 'unset'],
    usage: 'policies <relayer-id> [--set KEY=VALUE]… [--unset KEY]… [--dry-run] [--yes] [--wait S]',
    help: "change a relayer's policies: one merge patch of what changed (gas_price_cap, min_balance, …)",
    needs: ['relayerId'],
    words: (t) => `change the policies of relayer ${rel(t)}`,
    // Read back by comparing the relayer's policies with the patch would need its body: not yet.
    readBack: { kind: 'none', why: "look at the relayer's policies (relayer-tui policies <relayer-id>)" },
    draft: null,
  },
  'plugin-call': {
    kind: 'plugin-call',
    refused: 'calling a plugin',
    opens: { palette: 'plugin' },
    screen: 'plugin',
    subcommand: 'plugin',
    usage: 'plugin <plugin-id> [--route /PATH] [--params JSON | --params-file FILE | -] [--dry-run] [--yes]',
    help: 'call a plugin with JSON params',
    needs: ['pluginId'],
    words: (t) => `call plugin ${t.pluginId ?? '?'}`,
    readBack: { kind: 'none', why: "what a plugin call did is the plugin's own: it cannot be read back here" },
    draft: 'plugin',
  },
  'notification-create': {
    kind: 'notification-create',
    refused: 'creating a notification',
    opens: { palette: 'notify' },
    screen: 'notify',
    subcommand: 'notify',
    usage: 'notify --url <webhook-url> [--id ID] [--signing-key-file FILE | --signing-key-env VAR] [--dry-run] [--yes]',
    help: 'create a webhook notification (its signing key write-only)',
    needs: [],
    words: (t) => (t.notificationId ? `create notification ${t.notificationId}` : 'create a notification'),
    readBack: { kind: 'none', why: "look for the notification in the server's list of notifications" },
    draft: 'notify',
  },
};

export const OPERATION_KINDS = Object.keys(OPERATIONS) as OperationKind[];

/** The subcommands that send, each once, in the registry's order. */
export const OPERATION_SUBCOMMANDS = [...new Set(OPERATION_KINDS.map((k) => OPERATIONS[k].subcommand))];

/** The operation a subcommand's flags select (`cancel --all-pending`: cancel-pending; `policies` without --set or --unset is a read: null). */
export function subcommandOperation(sub: OperationSubcommand, has: (flag: string) => boolean): OperationKind | null {
  const kinds = OPERATION_KINDS.filter((k) => OPERATIONS[k].subcommand === sub);
  const flagged = kinds.find((k) => OPERATIONS[k].flags?.some(has));
  if (flagged) return flagged;
  return kinds.find((k) => OPERATIONS[k].flags === undefined) ?? null;
}

/** Why an operation may not run in read-only mode, and where that came from (never a guess: a prod* context is not --read-only). */
export function readOnlyRefusal(kind: OperationKind, source: string | undefined): string {
  return `Read-only (${source ?? '--read-only'}): ${OPERATIONS[kind].refused} is disabled`;
}

/** Whether a value read from the ledger is a kind this version knows. */
export function isOperationKind(v: unknown): v is OperationKind {
  return typeof v === 'string' && Object.hasOwn(OPERATIONS, v);
}
