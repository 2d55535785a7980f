/**
 * Every operation the client can send, once: its kind, what its target names, how the TUI opens it
 * (its key or palette command: every one opens the one generic screen of its spec), its
 * subcommand, synopsis and description (said once: help, the man page and the keymap take it), what read-only mode says of it, its words in the ledger, and how
 * an unknown outcome of it is read back. The compiler holds the set: a kind without an entry does not
 * build (a `Record<OperationKind, …>`, as gemini-cli's `Record<Command, …>` holds its key bindings).
 * How an operation reviewed as built is read and built is its spec's (spec.ts, loaded lazily by
 * specs.ts: this file stays data, light enough for the launcher's command words).
 * Each BuiltRequest carries its kind and typed target; the ledger records them (`op`, `target`), and
 * nothing guesses an operation back from a path — but a ledger line older than them (settle.ts).
 * Reads are not operations.
 */
import type { Feature } from '../../api/dialect.js';
import { shortId } from '../text/ids.js';

export type OperationKind = 'send' | 'withdraw' | 'replace' | 'cancel' | 'cancel-pending' | 'pause' | 'resume' | 'policy-edit' | 'plugin-call' | 'plugin-update' | 'network-update' | 'notification-create' | 'notification-update' | 'notification-delete' | 'relayer-delete';

/** The operations with a form (values typed in the TUI, given as flags headless); the others are reviewed as they are (spec.ts OperationSpec holds each to its members). */
export const FORM_KINDS = ['send', 'withdraw', 'replace', 'policy-edit', 'plugin-call', 'plugin-update', 'network-update', 'notification-create', 'notification-update'] as const satisfies readonly OperationKind[];
export type FormKind = (typeof FORM_KINDS)[number];
export const isFormKind = (k: OperationKind): k is FormKind => (FORM_KINDS as readonly string[]).includes(k);

/** What an operation acts on: the ids the operator navigated to (never a field the server returned). */
export interface OperationTarget {
  relayerId?: string;
  txId?: string;
  pluginId?: string;
  notificationId?: string;
  networkId?: string;
}

/**
 * How an unknown outcome is read back (settle.ts): the transaction (replaced, or canceled), the
 * relayer (does it carry the merge patch that was sent, field by field?), or not at all (why).
 */
/** `created`: the new transaction the answer named (its id in the ledger), read for its status now. */
export type ReadBack = { kind: 'transaction'; as: 'replace' | 'cancel' } | { kind: 'created' } | { kind: 'relayer' } | { kind: 'none'; why: string };

/** What the server answers a send with, and so what the TUI shows as changed (the lists behind, the directory). */
export type Answer = 'transaction' | 'relayer' | 'cancel-summary' | 'plugin-result' | 'plugin' | 'notification' | 'words';

/** A subcommand's option, as node:util parseArgs takes it. */
export type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean; short?: string };

/** The subcommands that send (src/cli/commands.ts lists them beside the reads). */
export type OperationSubcommand = 'relayers' | 'send' | 'withdraw' | 'replace' | 'cancel' | 'pause' | 'resume' | 'policies' | 'plugin' | 'plugins' | 'networks' | 'notify' | 'notifications';

export interface OperationEntry {
  kind: OperationKind;
  /** What read-only mode says it refuses: `Read-only (…): <refused> is disabled` (kinds of one subcommand share it). */
  refused: string;
  /**
   * Where the TUI opens it: a keymap command (src/ui/keymap.ts) or a palette command. Kinds that share
   * a key (P: pause or resume) each say `when` they are the one meant for the relayer selected.
   */
  opens: { key: OperationKey; when?: (r: { paused?: boolean | null }) => boolean } | { palette: 'plugin' | 'notify' };
  /** The server feature it needs (api/dialect.ts): `client.supports(feature)` false refuses it before sending. */
  feature: Feature | null;
  /** What the answer is (what the TUI shows as changed). */
  answers: Answer;
  /**
   * What is followed after it is sent: `jam` a fix of a jam, its relayer until the jam clears (the TUI
   * after a send; `--wait S` headless); `transaction` a new transaction, until it is mined (`--wait S`);
   * false nothing.
   */
  follows: 'jam' | 'transaction' | false;
  /** Its subcommand (src/cli/commands.ts), and the flags that select it there (any one of them) when it shares one. */
  subcommand: OperationSubcommand;
  flags?: readonly string[];
  /** The word after the subcommand that selects it where the subcommand's first word is a verb (`notifications update ID`). */
  verb?: string;
  /** Its own options on that subcommand (beside --dry-run, --yes, --json and --output; --wait where it follows). */
  options: Record<string, OptionSpec>;
  /** Its synopsis after `relayer-tui ` (usage errors and --help). */
  usage: string;
  /**
   * What it does, said once: the title of its subcommand's --help and the man page's, the Operations
   * block of --help, and the keymap's rows that open it (src/ui/keymap.ts, capitalised there).
   */
  description: string;
  /**
   * What its form proposes where it is opened on a jam (the TUI's fix keys: a cap raised for a jam at
   * its cap, a replacement a step up from :stuck), said after its description where a key proposes it.
   */
  proposes?: string;
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
  /** The id the TUI's review asks to be typed before it sends (its build's `confirm`), said in the keymap's help. */
  typedConfirm?: 'relayer' | 'notification';
}

/** The forms whose unsent values are kept as drafts. */
export type DraftForm = 'replace' | 'plugin' | 'notify';

/** The keymap commands that open an operation. */
export type OperationKey = 'send' | 'withdraw' | 'edit' | 'cancel' | 'cancelPending' | 'pause' | 'policies' | 'delete';

const str = { type: 'string' } as const;


const rel = (t: OperationTarget) => t.relayerId ?? '?';

const ENTRIES = {
  send: {
    kind: 'send',
    feature: 'send', answers: 'transaction', follows: 'transaction',
    options: { body: str, value: str, to: str, data: str, 'gas-limit': str, 'gas-price': str, 'max-fee-per-gas': str, 'max-priority-fee-per-gas': str, speed: str, 'valid-until': str, transaction: str, instructions: str },
    refused: 'sending transactions',
    opens: { key: 'send' },
    subcommand: 'send',
    usage: 'send <relayer-id> (--to ADDR --value V [--data HEX] [--gas-limit N] [--speed S | --gas-price W | --max-fee-per-gas W --max-priority-fee-per-gas W] | --transaction B64 | --instructions JSON | --body FILE|-) [--valid-until T] [--dry-run] [--yes] [--wait S]',
    description: 'send a new transaction (EVM, Solana, Stellar) from a relayer (OpenZeppelin Relayer), checked by its rules first',
    needs: ['relayerId'],
    words: (t) => `send a transaction from relayer ${rel(t)}`,
    readBack: { kind: 'created' },
    draft: null,
  },
  withdraw: {
    kind: 'withdraw',
    feature: 'send', answers: 'transaction', follows: 'transaction',
    options: { to: str, value: str, all: { type: 'boolean' } },
    refused: 'sending transactions',
    opens: { key: 'withdraw' },
    subcommand: 'withdraw',
    usage: 'withdraw <relayer-id> --to ADDR (--value V | --all) [--dry-run] [--yes] [--wait S]',
    description: "withdraw a relayer's funds (an amount, or all over its min_balance): a send at a fixed price and gas",
    needs: ['relayerId'],
    words: (t) => `withdraw from relayer ${rel(t)}`,
    readBack: { kind: 'created' },
    draft: null,
    typedConfirm: 'relayer',
  },
  replace: {
    kind: 'replace',
    feature: null, answers: 'transaction', follows: 'jam',
    options: { body: str, value: str, to: str, data: str, 'gas-limit': str, 'gas-price': str, 'max-fee-per-gas': str, 'max-priority-fee-per-gas': str, speed: str, 'valid-until': str, transaction: str },
    refused: 'replacing a transaction',
    opens: { key: 'edit' },
    subcommand: 'replace',
    usage: 'replace <relayer-id> <tx-id> (--body FILE|- | --value V [--speed S] [--gas-price W] … | --transaction B64) [--dry-run] [--yes] [--wait S]',
    description: 'replace a transaction (EVM, Solana, Stellar bodies), reviewed before → after',
    proposes: 'prefilled one step up: a speed (on the OpenZeppelin Relayer, which discards asked prices, always), else its prices +10 %',
    needs: ['relayerId', 'txId'],
    words: (t, k) => `replace ${shortId(t.txId ?? '?', k)} on relayer ${rel(t)}`,
    readBack: { kind: 'transaction', as: 'replace' },
    draft: 'replace',
  },
  cancel: {
    kind: 'cancel',
    feature: 'cancel', answers: 'transaction', follows: 'jam',
    options: {},
    refused: 'cancelling transactions',
    opens: { key: 'cancel' },
    subcommand: 'cancel',
    usage: 'cancel <relayer-id> <tx-id> [--dry-run] [--yes] [--wait S]',
    description: 'cancel a transaction (OpenZeppelin Relayer): the review says what happens for its network and status (EVM: a NOOP takes its nonce)',
    needs: ['relayerId', 'txId'],
    words: (t, k) => `cancel ${shortId(t.txId ?? '?', k)} on relayer ${rel(t)}`,
    readBack: { kind: 'transaction', as: 'cancel' },
    draft: null,
  },
  'cancel-pending': {
    kind: 'cancel-pending',
    feature: 'cancelPending', answers: 'cancel-summary', follows: false,
    options: { 'all-pending': { type: 'boolean' } },
    refused: 'cancelling transactions',
    opens: { key: 'cancelPending' },
    subcommand: 'cancel',
    flags: ['all-pending'],
    usage: 'cancel <relayer-id> --all-pending [--dry-run] [--yes]',
    description: 'cancel every pending transaction of a relayer (OpenZeppelin Relayer): the review lists them',
    needs: ['relayerId'],
    words: (t) => `cancel every pending transaction of relayer ${rel(t)}`,
    readBack: { kind: 'none', why: "cancelling every pending transaction cannot be read back as one: look at the relayer's transactions (which are canceled or marked canceling)" },
    draft: null,
    typedConfirm: 'relayer',
  },
  pause: {
    kind: 'pause',
    feature: 'pause', answers: 'relayer', follows: false,
    options: {},
    refused: 'pausing and resuming relayers',
    opens: { key: 'pause', when: (r) => r.paused !== true },
    subcommand: 'pause',
    usage: 'pause <relayer-id> [--dry-run] [--yes]',
    description: 'pause a relayer (OpenZeppelin Relayer): exactly {"paused": true} is sent',
    needs: ['relayerId'],
    words: (t) => `pause relayer ${rel(t)}`,
    readBack: { kind: 'relayer' },
    draft: null,
  },
  resume: {
    kind: 'resume',
    feature: 'pause', answers: 'relayer', follows: 'jam',
    options: {},
    refused: 'pausing and resuming relayers',
    opens: { key: 'pause', when: (r) => r.paused === true },
    subcommand: 'resume',
    usage: 'resume <relayer-id> [--dry-run] [--yes] [--wait S]',
    description: 'resume a paused relayer: exactly {"paused": false} is sent',
    needs: ['relayerId'],
    words: (t) => `resume relayer ${rel(t)}`,
    readBack: { kind: 'relayer' },
    draft: null,
  },
  'policy-edit': {
    kind: 'policy-edit',
    feature: 'policies', answers: 'relayer', follows: 'jam',
    options: { set: { type: 'string', multiple: true }, unset: { type: 'string', multiple: true }, name: str, notification: str, 'rpc-url': { type: 'string', multiple: true } },
    refused: "changing relayers' policies",
    opens: { key: 'policies' },
    subcommand: 'policies',
    flags: ['set', 'unset', 'name', 'notification', 'rpc-url'],
    usage: 'policies <relayer-id> [--set KEY=VALUE]… [--unset KEY]… [--name NAME] [--notification ID|none] [--rpc-url "URL [WEIGHT]"…|none] [--dry-run] [--yes] [--wait S]',
    description: "change a relayer's policies, name, notification or RPC URLs: one merge patch of what changed, reviewed before → after",
    proposes: "jammed at its cap: gas_price_cap proposed at the network's price + 30 %",
    needs: ['relayerId'],
    words: (t) => `change relayer ${rel(t)}`,
    readBack: { kind: 'relayer' },
    draft: null,
  },
  'plugin-call': {
    kind: 'plugin-call',
    feature: null, answers: 'plugin-result', follows: false,
    options: { params: str, 'params-file': str, route: str, get: { type: 'boolean' }, query: { type: 'string', multiple: true } },
    refused: 'calling a plugin',
    opens: { palette: 'plugin' },
    subcommand: 'plugin',
    usage: 'plugin <plugin-id> [--route /PATH] [--params JSON | --params-file FILE | - | --get [--query K=V]…] [--dry-run] [--yes]',
    description: 'call a plugin with JSON params (POST), or by GET where it allows it',
    needs: ['pluginId'],
    words: (t) => `call plugin ${t.pluginId ?? '?'}`,
    readBack: { kind: 'none', why: "what a plugin call did is the plugin's own: it cannot be read back here" },
    draft: 'plugin',
  },
  'plugin-update': {
    kind: 'plugin-update',
    feature: 'plugins', answers: 'plugin', follows: false,
    options: { 'plugin-timeout': str, 'emit-logs': str, 'emit-traces': str, 'raw-response': str, 'allow-get': str, 'forward-logs': str, 'plugin-config': str, 'plugin-config-file': str },
    refused: "changing plugins' settings",
    opens: { key: 'edit' },
    subcommand: 'plugins',
    verb: 'update',
    usage: 'plugins update <plugin-id> [--plugin-timeout S] [--emit-logs on|off] [--emit-traces on|off] [--raw-response on|off] [--allow-get on|off] [--forward-logs on|off] [--plugin-config JSON | --plugin-config-file FILE] [--dry-run] [--yes]',
    description: "change a plugin's settings (timeout, logs, traces, raw response, GET, its config): only what changes is sent (OpenZeppelin Relayer)",
    needs: ['pluginId'],
    words: (t) => `change plugin ${t.pluginId ?? '?'}`,
    readBack: { kind: 'none', why: 'look at the plugin (relayer-tui plugins, i on it in :plugins): its settings as the server has them' },
    draft: null,
  },
  'network-update': {
    kind: 'network-update',
    feature: 'networks', answers: 'words', follows: false,
    options: { 'rpc-url': { type: 'string', multiple: true } },
    refused: "changing networks' RPC URLs",
    opens: { key: 'edit' },
    subcommand: 'networks',
    verb: 'update',
    usage: 'networks update <network-id> --rpc-url "URL [WEIGHT]"… [--dry-run] [--yes]',
    description: "replace a network's RPC URLs (OpenZeppelin Relayer): typed whole, shown and recorded masked",
    needs: ['networkId'],
    words: (t) => `change network ${t.networkId ?? '?'}`,
    readBack: { kind: 'none', why: "look at the network (relayer-tui networks get <id>): its RPC URLs, masked" },
    draft: null,
  },
  'notification-create': {
    kind: 'notification-create',
    feature: null, answers: 'notification', follows: false,
    options: { id: str, 'signing-key-file': str, 'signing-key-env': str, 'signing-key': str },
    refused: 'creating a notification',
    opens: { palette: 'notify' },
    subcommand: 'notify',
    usage: 'notify --url <webhook-url> [--id ID] [--signing-key-file FILE | --signing-key-env VAR] [--dry-run] [--yes]',
    description: 'create a webhook notification (its signing key write-only)',
    needs: [],
    words: (t) => (t.notificationId ? `create notification ${t.notificationId}` : 'create a notification'),
    readBack: { kind: 'none', why: "look for the notification in the server's list of notifications" },
    draft: 'notify',
  },
  'notification-update': {
    kind: 'notification-update',
    feature: 'notifications', answers: 'notification', follows: false,
    options: { 'webhook-url': str, 'signing-key-file': str, 'signing-key-env': str, 'signing-key': str, 'remove-signing-key': { type: 'boolean' } },
    refused: 'changing notifications',
    opens: { key: 'edit' },
    subcommand: 'notifications',
    verb: 'update',
    usage: 'notifications update <notification-id> [--webhook-url URL] [--signing-key-file FILE | --signing-key-env VAR | --remove-signing-key] [--dry-run] [--yes]',
    description: 'change a notification: its url, its write-only signing key, or remove the key (OpenZeppelin Relayer)',
    needs: ['notificationId'],
    words: (t) => `change notification ${t.notificationId ?? '?'}`,
    readBack: { kind: 'none', why: 'look at the notification (relayer-tui notifications get <id>): its key is never shown, has_signing_key says whether one is set' },
    draft: null,
  },
  'notification-delete': {
    kind: 'notification-delete',
    feature: 'notifications', answers: 'words', follows: false,
    options: {},
    refused: 'deleting notifications',
    opens: { key: 'delete' },
    subcommand: 'notifications',
    verb: 'delete',
    usage: 'notifications delete <notification-id> [--dry-run] [--yes]',
    description: 'delete a notification (the OpenZeppelin Relayer refuses while relayers use it: they are named first)',
    needs: ['notificationId'],
    words: (t) => `delete notification ${t.notificationId ?? '?'}`,
    readBack: { kind: 'none', why: 'look for it in the notifications (relayer-tui notifications): gone, or still there' },
    draft: null,
    typedConfirm: 'notification',
  },
  'relayer-delete': {
    kind: 'relayer-delete',
    feature: null, answers: 'words', follows: false,
    options: {},
    refused: 'deleting relayers',
    opens: { key: 'delete' },
    subcommand: 'relayers',
    verb: 'delete',
    usage: 'relayers delete <relayer-id> [--dry-run] [--yes]',
    description: "delete a relayer (OpenZeppelin Relayer): refused while it has transactions pending, sent or submitted (their count said); one from the server's config file comes back when the server loads the file again",
    needs: ['relayerId'],
    words: (t) => `delete relayer ${rel(t)}`,
    readBack: { kind: 'none', why: 'look for it in the relayers (relayer-tui relayers): gone, or still there' },
    draft: null,
    typedConfirm: 'relayer',
  },
} satisfies Record<OperationKind, OperationEntry>;

export const OPERATIONS: Record<OperationKind, OperationEntry> = ENTRIES;

/** The names of a kind's own options (its entry's `options`): optionWords.ts says each in --help. */
export type OptionName<K extends OperationKind> = keyof (typeof ENTRIES)[K]['options'] & string;

export const OPERATION_KINDS = Object.keys(OPERATIONS) as OperationKind[];

/** The subcommands that send, each once, in the registry's order. */
export const OPERATION_SUBCOMMANDS = [...new Set(OPERATION_KINDS.map((k) => OPERATIONS[k].subcommand))];

/**
 * The operation a subcommand's verb or flags select (`notifications update ID`; `cancel --all-pending`:
 * cancel-pending); null for a read (`policies` without --set or --unset, `notifications list`).
 */
export function subcommandOperation(sub: OperationSubcommand, has: (flag: string) => boolean, first?: string): OperationKind | null {
  const kinds = OPERATION_KINDS.filter((k) => OPERATIONS[k].subcommand === sub);
  if (kinds.some((k) => OPERATIONS[k].verb !== undefined)) return kinds.find((k) => OPERATIONS[k].verb === first) ?? null;
  const flagged = kinds.find((k) => OPERATIONS[k].flags?.some(has));
  if (flagged) return flagged;
  return kinds.find((k) => OPERATIONS[k].flags === undefined) ?? null;
}

/**
 * The operation a key opens on a relayer (P: pause, or resume when it is paused), or null when the key
 * opens none there (transaction keys, reads).
 */
export function keyOperation(key: string, relayer: { paused?: boolean | null }): OperationKind | null {
  return (
    OPERATION_KINDS.find((k) => {
      const o = OPERATIONS[k].opens;
      return 'key' in o && o.key === key && OPERATIONS[k].needs.every((n) => n === 'relayerId') && (o.when?.(relayer) ?? true);
    }) ?? null
  );
}

/** Whether a keymap command opens an operation on a relayer (P, X on a relayer, p), paused or not. */
export function opensOnRelayer(key: string): boolean {
  return keyOperation(key, {}) !== null || keyOperation(key, { paused: true }) !== null;
}

/** The operation a key opens on a record that is not a relayer (e, D on a notification), or null. */
export function keyOperationOn(key: string, needs: keyof OperationTarget): OperationKind | null {
  return OPERATION_KINDS.find((k) => { const o = OPERATIONS[k].opens; return 'key' in o && o.key === key && OPERATIONS[k].needs.includes(needs); }) ?? null;
}

/** Whether a keymap command opens an operation on a transaction (e replaces it, X cancels it). */
export function opensOnTransaction(key: string): boolean {
  return keyOperationOn(key, 'txId') !== null;
}

/** Whether a command word is a subcommand of an operation. */
export function isOperationSubcommand(word: string): word is OperationSubcommand {
  return (OPERATION_SUBCOMMANDS as readonly string[]).includes(word);
}

/** Whether `first` is the verb of an operation of the subcommand (`plugins update`, `notifications delete`): then the words are that operation's, not the subcommand's read. */
export function isOperationVerb(sub: string, first: string | undefined): boolean {
  return first !== undefined && OPERATION_KINDS.some((k) => OPERATIONS[k].subcommand === sub && OPERATIONS[k].verb === first);
}

/** The verbs of a subcommand's operations (completion offers them after it), in the registry's order. */
export function operationVerbs(sub: string): string[] {
  return OPERATION_KINDS.filter((k) => OPERATIONS[k].subcommand === sub && OPERATIONS[k].verb !== undefined).map((k) => OPERATIONS[k].verb!);
}

/** A subcommand's own options: its kinds' (the flags that select one among them included), and --wait where one follows a jam or its new transaction. */
export function subcommandOptions(sub: OperationSubcommand): Record<string, OptionSpec> {
  const kinds = OPERATION_KINDS.filter((k) => OPERATIONS[k].subcommand === sub);
  return Object.assign({}, ...kinds.map((k) => OPERATIONS[k].options), kinds.some((k) => OPERATIONS[k].follows) ? { wait: str } : {});
}

/** The server features operations need, each with the operations that need it ("pause/resume"), in the registry's order. */
export function operationFeatures(): { feature: Feature; label: string }[] {
  const by = new Map<Feature, OperationKind[]>();
  for (const k of OPERATION_KINDS) {
    const f = OPERATIONS[k].feature;
    if (f) by.set(f, [...(by.get(f) ?? []), k]);
  }
  // Kinds of one subcommand (notifications update/delete) go by its name; others by theirs (pause/resume).
  return [...by].map(([feature, kinds]) => ({ feature, label: kinds.length > 1 && kinds.every((k) => OPERATIONS[k].subcommand === OPERATIONS[kinds[0]!].subcommand) ? OPERATIONS[kinds[0]!].subcommand : kinds.join('/') }));
}

/** Why an operation may not run in read-only mode, and where that came from (never a guess: a prod* context is not --read-only). */
export function readOnlyRefusal(kind: OperationKind, source: string | undefined): string {
  return `Read-only (${source ?? '--read-only'}): ${OPERATIONS[kind].refused} is disabled`;
}

/** Whether a value read from the ledger is a kind this version knows. */
export function isOperationKind(v: unknown): v is OperationKind {
  return typeof v === 'string' && Object.hasOwn(OPERATIONS, v);
}

/**
 * What operations do, in one phrase: their descriptions (`; or ` between kinds that share a key or a
 * subcommand: P pauses or resumes), each with what it proposes where `proposes` (a key that opens it on a jam).
 */
export function describeOperations(kinds: readonly OperationKind[], proposes = false, typed = false): string {
  return kinds
    .map((k) => {
      const e: OperationEntry = OPERATIONS[k];
      return `${e.description}${proposes && e.proposes ? ` (${e.proposes})` : ''}${typed && e.typedConfirm ? `; the ${e.typedConfirm}'s id typed to confirm` : ''}`;
    })
    .join('; or ');
}
