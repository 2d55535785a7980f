/**
 * An operation as an executable spec (issue 52): one module per operation says what its request rests
 * on (`read`, once, for both faces), builds it (`build`), says why it is not sent (`refusal`, typed:
 * its words are made here once, by `refusalWords`, and drawn at the edge), the notes both faces show
 * before y / --yes (`reviewNotes`), and what its answer changed (`events`, so the lists behind are
 * told). An operation with a form (registry.ts FORM_KINDS) also has its fields with their defaults from
 * the input (`form`) and one flag grammar (`fromFlags`): the TUI types the values into the form, headless
 * gives them as flags, and both are checked by the form's fields (specDefinition) and built by `build`.
 * The TUI's one generic screen (ui/screens/operation/OperationScreen.tsx: the form where there is one,
 * then the review) and headless's one path (headless/mutations.ts prepareSpec) drive every spec alike.
 *
 * The specs load lazily (specs.ts `SPECS`, dynamic imports keyed by kind; `SpecKind` is its keys): the
 * launcher and the registry's command words (registry.ts) never load them. A loader whose module's
 * spec is of another kind does not build.
 */
import type { ApiError, PluginInfo, Relayer, RelayerClient, RelayerStatus, Transaction } from '../../api/index.js';
import type { Jam } from '../jam/diagnose.js';
import type { JamRead } from '../jam/read.js';
import { unknownNetworkWords } from '../relayer.js';
import { isFormKind, type FormKind, type OperationEntry, type OperationKind, type OperationTarget } from './registry.js';
import { blockedWords, disabledChangeWords, REPLACEABLE } from './reviewWarnings.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, FieldSpec, FormDefinition, Values } from './types.js';

/** What every spec's input holds: the target as navigated to, and the relayer as read (undefined: not read). */
export interface SpecInput {
  target: OperationTarget;
  relayer?: Relayer | undefined;
  /** The transaction it is on, as read (a replacement's, a cancel's): a read again that finds it changed tells the lists behind. */
  tx?: Transaction | undefined;
  /**
   * Known from what the TUI had (a list's row), what it rests on still being read: the generic screen
   * opens its form at once and reads it (`read`) meanwhile; the form says so, and nothing is built on it.
   */
  reading?: boolean;
}

/** What a read found missing, as data (`notFoundWords` says it): a relayer, a notification, a network, a plugin (not among the server's listed), or a transaction the server's lookup says is not there (`how`: its words). */
export interface NotFound {
  notFound: { what: 'relayer' | 'notification' | 'network' | 'plugin'; id: string } | { what: 'transaction'; id: string; how: string };
}

/**
 * Why an operation is not sent, as data; `refusalWords` makes its words once:
 * - `not-offered`: the server is not one that has the endpoint (`doing` by `endpoint`);
 * - `disabled`: v1.8 refuses any change to a system-disabled relayer (400 "Relayer is disabled");
 * - `busy`: v1.8 refuses a relayer delete while it has transactions pending, sent or submitted (400);
 * - `unknown-network`: the relayer's network type is not one this client knows (no request is guessed);
 * - `solana`: v1.8 answers a Solana relayer's cancel 400 "Endpoint is not supported for Solana relayers"
 *   (`all`: cancelling every pending one);
 * - `not-cancelable`: the transaction is final (`status` its words): v1.8 answers 400;
 * - `inactive`: the relayer is paused or disabled: v1.8 answers 403 to `what` (validate_active_state);
 * - `invalid-request`: the request cannot be made from the ids given (api/requests.ts says why);
 * - `in-use`: v1.8 refuses a notification's delete while relayers name it (400, naming them);
 * - `evm-only`: a withdrawal is an EVM send here; the relayer is `networkKind` (what moves its funds instead is said);
 * - `no-notification`: a relayer set to name a notification the server says does not exist (its GET answered 404).
 * - `send-blocked`: the relayer is paused or disabled: v1.8 answers a send 403 ("Relayer paused", "Relayer disabled");
 * - `solana-replace`: v1.8 answers a Solana relayer's replacement 400 "Endpoint is not supported for Solana relayers";
 * - `not-replaceable`: v1.8 replaces an EVM transaction only while pending, sent or submitted, a Stellar one not once final (`status` its words).
 */
export type Refusal =
  | { kind: 'not-offered'; doing: string; endpoint: string }
  | { kind: 'disabled'; relayerId: string }
  | { kind: 'busy'; relayerId: string; count: number; capped: boolean }
  | { kind: 'unknown-network'; relayerId: string; networkType: string | null | undefined }
  | { kind: 'solana'; all: boolean }
  | { kind: 'not-cancelable'; txId: string; status: string }
  | { kind: 'inactive'; relayerId: string; state: 'paused' | 'disabled'; what: string }
  | { kind: 'invalid-request'; words: string }
  | { kind: 'in-use'; notificationId: string; usedBy: readonly string[] }
  | { kind: 'evm-only'; relayerId: string; networkKind: 'solana' | 'stellar' }
  | { kind: 'no-notification'; notificationId: string }
  | { kind: 'send-blocked'; relayerId: string; state: 'paused' | 'disabled' }
  | { kind: 'solana-replace' }
  | { kind: 'not-replaceable'; networkKind: 'evm' | 'stellar'; status: string };

/**
 * What an answer changed, for the lists behind: a relayer (as answered, when it was), or a relayer
 * gone; a transaction as the server answered it (a cancel: the list behind shows it canceled or canceling);
 * a new transaction from a relayer (its figures and lists read again); a notification changed or gone
 * (its list reads its page again); a plugin changed (its list reads it again).
 */
export type SpecEvent =
  | { kind: 'relayer'; relayerId: string; relayer?: Relayer; gone?: boolean }
  | { kind: 'transaction'; relayerId: string; txId: string; transaction: Transaction }
  | { kind: 'created'; relayerId: string; transaction?: Transaction }
  | { kind: 'notification'; notificationId: string }
  | { kind: 'network'; networkId: string }
  | { kind: 'plugin'; pluginId: string };

/** What the review notes may depend on beside the input: when they are made, and which face reads them (a fix named as a key or as a command). */
export interface NotesContext {
  now: number;
  face: 'keys' | 'commands';
}

/** What the TUI's screen already read where the operation opens (a list's row, its relayer's jam): `known` may build on it. */
export interface Seen {
  tx?: Transaction;
  /** The plugin as its list read it (its row). */
  plugin?: PluginInfo;
  /** The relayer's jam as the TUI last read it (undefined: not read). */
  jam?: JamRead;
  /** When that jam was read (its notes say it). */
  jamAt?: number;
  /** The relayer's status as the TUI last read it (its balance: a send's form opens on it), and when (undefined: not read). */
  status?: RelayerStatus;
  statusAt?: number;
  /** Opened from the triage view (its `e`): a replacement's form starts a step up. */
  bump?: boolean;
}

/** What every spec has, with a form or without. */
export interface SpecCore<K extends OperationKind, I extends SpecInput> {
  kind: K;
  /** Its registry entry (registry.ts OPERATIONS[kind]): key, subcommand, help, ledger words. */
  entry: OperationEntry;
  /** Everything the request rests on, read now (the relayer, what it has pending…). */
  read(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<I | NotFound>;
  /** The input from what the TUI already read (a list's row), or null when it must be read (`reading`: read as it opens all the same). */
  known(client: RelayerClient, target: OperationTarget, relayer: Relayer | undefined, seen?: Seen): I | null;
  /** Why it is not sent, or null. */
  refusal(input: I): Refusal | null;
  /** The lines both faces show before y / --yes (after the request's own). */
  reviewNotes(input: I, context: NotesContext): ReviewLine[];
  /** What a read again must find the same for the reviewed request to be sent (basis.ts). */
  basis(input: I): string;
  /** What the answer changed. */
  events(answer: unknown, input: I): SpecEvent[];
  /** Its review rests on the relayer's jam (Seen.jam): the TUI has one over a few seconds old read again as it opens. */
  restsOnJam?: true;
  /** Its review notes come before its request's own lines (a replacement's jam warning, said first). */
  notesFirst?: true;
  /** What the TUI says before a refusal of it (default: Not offered, or Not sent for a busy relayer). */
  refusedLead?: string;
  /** The form's field a refusal is said on, `not sent: …` (a replacement's status: its value), else undefined: said for the whole form. */
  refusalField?(refusal: Refusal, input: I): string | undefined;
  /** The answer as the TUI shows it, a row each (label and value), where its record's own fields would not say it plainly (none: the record as answered). */
  answerRows?(answer: unknown): readonly string[];
  /** What it sends is what was typed (a plugin call's params): its review is sent as built, never read again first however old. */
  standsAsTyped?: true;
  /**
   * Read as it opens, before its form (its values start from what the server holds, never from a list's
   * row); a read that fails opens it on `known`'s input (what the list read), which says so.
   */
  readsFirst?: true;
  /**
   * Read again before every send, however young the review (a change made meanwhile is never sent
   * over); `since` keeps of the first input what the form was opened on.
   */
  rereads?: { always: true; since(first: I, next: I): I };
  /** Values it proposes from a jam (a fix that opens its form): the route carries them (`Preset`). */
  propose?(jam: Jam): Preset | null;
  /** Its answer in words, a line each under `title` (continued lines hung by `hang`); none: the answer's fields. */
  answer?(value: unknown): { title: string; lines: readonly string[]; hang: number };
}

/** Values a form opens with beside its defaults, and why (said above the form). */
export interface Preset {
  values: Values;
  why?: readonly string[];
}

/** An operation reviewed as it is (nothing to fill in): its request from the input alone. */
export interface ReviewOnlySpec<K extends OperationKind, I extends SpecInput> extends SpecCore<K, I> {
  build(input: I): BuiltRequest;
}

/** A form's part of its spec: what it is on, its fields, the one focused first, each field's value as it opens (from the input), and lines said above it. */
export interface SpecForm {
  /** What the form is on, in words (the TUI's title after `relayer-tui › `), or made from what is typed (the plugin id). */
  title: string | ((values: Values) => string);
  fields: readonly FieldSpec[];
  focus?: string;
  initial: Values;
  /** What the form rests on, in words (its figures and when they were read, or that they are being read); `warn`: said as a warning. */
  intro?: readonly (string | { text: string; warn: true })[];
  /** What was typed that must never be drawn, even inside a server's words (an RPC URL's key). */
  secrets?: (values: Values) => readonly string[];
  /** What to do when its outcome is unknown (nothing is resent), from the server's error and the values sent. */
  unknownNext?: (error: ApiError, values: Values) => string;
  /** The values stay after a send (a plugin's params: the same call made again), for the session. */
  keepAfterSend?: true;
  /** Why a draft of it kept on disk (registry.ts `draft`) must not be applied (the transaction is now final), else undefined. */
  stale?: string;
}

/**
 * What a subcommand was given beyond its target's ids: its own options (a switch as 'true') and its
 * repeatable ones, in order (as cli/grammar.ts HeadlessOptions holds them); `secrets`: what its
 * secret's options named, read (`signing-key`: from --signing-key-file or --signing-key-env), a
 * secret never being given on the command line itself.
 */
export interface FlagArgs {
  flags: Readonly<Record<string, string | undefined>>;
  lists: Readonly<Record<string, readonly string[] | undefined>>;
  secrets?: Readonly<Record<string, string | undefined>>;
  /** The text each of its file options (FormSpec.fileOptions) named, as the face read it (a path, or - for standard input). */
  files?: Readonly<Record<string, string | undefined>>;
}

/**
 * A form's values from flags (fromFlags): `values` the fields given (the form's `initial` fills the
 * rest), `given` the option each came from (without its dashes: the form's checks name it, a switch
 * bare); or what the flags cannot mean (`usage`: its words, '' for the synopsis alone).
 */
export type Flagged = { values: Values; given: Readonly<Record<string, string>> } | { usage: string };

/** What a form's values build: the request, or the errors by field (`_form`: the whole). */
export type Built = { request: BuiltRequest } | { errors: Record<string, string> };

/**
 * An operation with a form (registry.ts FORM_KINDS): its fields from the input (and a preset: values
 * proposed as it opens), one flag grammar, its request from the input and the values. `given`: the
 * fields the flags named and the option each came from (headless), asked as given; none: the TUI's
 * form, typed from its initial values. `readGiven`: what the given values name, read before the
 * review (a notification a relayer is set to name).
 */
export interface FormSpec<K extends OperationKind, I extends SpecInput> extends SpecCore<K, I> {
  form(input: I, preset?: Preset): SpecForm;
  fromFlags(args: FlagArgs): Flagged;
  /** Its options whose value is a file to read (or - for standard input): headless reads each into FlagArgs.files before fromFlags. */
  fileOptions?: readonly string[];
  /** A `-` after the target's ids reads this from standard input (`plugin ID -`: the params), into FlagArgs.files['-']. */
  stdinArgument?: string;
  /**
   * `asked`: the fields the operator asked for — given as flags (headless), or changed from the form as
   * it opened (the TUI); `given` (headless): the option each flag-given field came from.
   */
  build(input: I, values: Values, asked: ReadonlySet<string>, given?: Readonly<Record<string, string>>): Built;
  readGiven?(client: RelayerClient, input: I, values: Values, given: Readonly<Record<string, string>>): Promise<I>;
  /** What the flags given cannot mean on what was read (a flag of another network kind, nothing given for it), in words, or what they need that was not found; null when they fit. */
  flagsMisfit?(input: I, given: Readonly<Record<string, string>>): string | NotFound | null;
}

/** A field left out where a whole body is given (headless `--body`: nothing of the form is checked then). */
export const besideBody = (f: FieldSpec): FieldSpec => ({ ...f, hidden: (all) => all.body !== undefined || (f.hidden?.(all) ?? false) });

/** The spec of a kind: the compiler demands a form kind's form members (registry.ts FORM_KINDS), and a review-only kind's build without values. */
export type OperationSpec<K extends OperationKind = OperationKind, I extends SpecInput = SpecInput> = K extends FormKind ? FormSpec<K, I> : ReviewOnlySpec<K, I>;

/** A spec of any kind, as the drivers hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = OperationSpec<OperationKind, any>;

/** Whether the spec has a form (its kind is one of registry.ts FORM_KINDS). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const hasForm = <I extends SpecInput>(spec: OperationSpec<OperationKind, I>): spec is FormSpec<FormKind, I> => isFormKind(spec.kind);

/** A refusal in words (the one place they are made). */
export function refusalWords(r: Refusal, face: 'keys' | 'commands'): string {
  switch (r.kind) {
    case 'not-offered':
      return `${r.doing} is the OpenZeppelin Relayer’s (${r.endpoint}); this server is not it`;
    case 'disabled':
      return disabledChangeWords(r.relayerId);
    case 'busy':
      return `relayer ${r.relayerId} has ${r.capped ? 'at least ' : ''}${r.count} transaction${r.count === 1 ? '' : 's'} pending, sent or submitted: the OpenZeppelin Relayer refuses to delete it (400) until they are mined, failed or canceled (cancel them first: ${face === 'keys' ? 'X on the relayer' : `relayer-tui cancel ${r.relayerId} --all-pending`})`;
    case 'unknown-network':
      return unknownNetworkWords(r.relayerId, r.networkType);
    case 'solana':
      return `${r.all ? 'Solana relayers cannot cancel' : 'Solana transactions cannot be canceled'}: the OpenZeppelin Relayer answers 400 "Endpoint is not supported for Solana relayers"`;
    case 'not-cancelable':
      return `transaction ${r.txId} is ${r.status}: only ${REPLACEABLE.join(', ')} transactions can be canceled (the server answers 400 "Invalid transaction state for cancel_transaction")`;
    case 'inactive':
      return blockedWords(r.state, r.what, face, r.relayerId);
    case 'invalid-request':
      return r.words;
    case 'in-use':
      return `notification ${r.notificationId} is used by ${r.usedBy.length} relayer(s): ${r.usedBy.join(', ')} — the OpenZeppelin Relayer refuses to delete it (400) until they use another (${face === 'keys' ? 'p on a relayer: notification_id' : 'relayer-tui policies <relayer> --notification ID|none'})`;
    case 'no-notification':
      return `notification ${r.notificationId} does not exist on this server (GET /notifications/${r.notificationId} answered 404): a relayer naming it would send its webhooks nowhere (v1.8 answers the change 404); ${face === 'keys' ? 'create it first (:notify) or choose one of the list' : `create it first (relayer-tui notify --id ${r.notificationId} --url URL) or name one of relayer-tui notifications`}`;
    case 'evm-only':
      return r.networkKind === 'solana'
        ? // The System Program's id is the default key, which v1.8 refuses as an instruction's program: SOL moves only in a pre-built transaction.
          `a withdrawal is an EVM send here (${r.relayerId} is solana): send a pre-built transfer with n (relayer-tui send --transaction B64) whose fee payer is the relayer; v1.8 refuses the System Program (the default key 111…1) as an instruction's program, so instructions cannot move SOL`
        : `a withdrawal is an EVM send here (${r.relayerId} is ${r.networkKind}): send a payment with n (relayer-tui send --body FILE) instead`;
    case 'send-blocked':
      return r.state === 'paused'
        ? `relayer ${r.relayerId} is paused: the OpenZeppelin Relayer refuses a send (403 "Relayer paused"); resume it first`
        : `relayer ${r.relayerId} is disabled by the system: the OpenZeppelin Relayer refuses a send (403 "Relayer disabled")`;
    case 'solana-replace':
      return 'Solana transactions cannot be replaced on the OpenZeppelin Relayer: it answers 400 "Endpoint is not supported for Solana relayers"';
    case 'not-replaceable':
      return r.networkKind === 'evm'
        ? `the OpenZeppelin Relayer replaces an EVM transaction only while it is pending, sent or submitted; this one is ${r.status || 'without a status'} (it answers 400)`
        : `this transaction is ${r.status} (final): there is nothing left to replace`;
  }
}

/** A refusal as the TUI's line: not offered here (another server, a disabled relayer), or not sent now (what it waits for). */
export function refusalLine(r: Refusal, lead?: string): string {
  return `${lead ?? (r.kind === 'busy' ? 'Not sent' : 'Not offered')}: ${refusalWords(r, 'keys')}`;
}

export const notFoundWords = (n: NotFound): string =>
  n.notFound.what === 'transaction'
    ? `Transaction ${n.notFound.id} ${n.notFound.how}`
    : n.notFound.what === 'network'
      ? `Network ${n.notFound.id} not found (a network's id reads like evm:sepolia)`
      : n.notFound.what === 'plugin'
        ? `Plugin ${n.notFound.id} not found among the server's plugins`
        : `${n.notFound.what === 'relayer' ? 'Relayer' : 'Notification'} ${n.notFound.id} not found`;

export const isNotFound = (v: SpecInput | NotFound): v is NotFound => 'notFound' in v;

/**
 * The request both faces review: refused (typed), its values' errors (a form's), or built with its
 * notes after its own lines and its basis. The one function the TUI's screen and headless's path call.
 */
export function reviewed<I extends SpecInput>(spec: OperationSpec<OperationKind, I>, input: I, context: NotesContext, values: Values = {}, asked: ReadonlySet<string> = new Set(), given?: Readonly<Record<string, string>>): { refusal: Refusal } | Built {
  const refusal = spec.refusal(input);
  if (refusal) return { refusal };
  const built: Built = hasForm(spec) ? spec.build(input, values, asked, given) : { request: spec.build(input) };
  if ('errors' in built) return built;
  const notes = spec.reviewNotes(input, context);
  const own = built.request.review ?? [];
  return { request: { ...built.request, review: spec.notesFirst ? [...notes, ...own] : [...own, ...notes], basis: spec.basis(input) } };
}

/**
 * The spec on its input as one form, for both faces: its fields (none for a review-only one), the
 * first focused, and its build — refused in its refusal's words, else reviewed (`reviewed`). The TUI's
 * screen types into it; headless fills it from flags (headless/formFlags.ts fillForm), `given` the fields
 * they named (each with its option); without it, the fields asked are those changed from the form's initial values.
 */
export function specDefinition<I extends SpecInput>(spec: OperationSpec<OperationKind, I>, input: I, context: NotesContext, given?: Readonly<Record<string, string>>): FormDefinition {
  const form = hasForm(spec) ? spec.form(input) : undefined;
  return {
    fields: form?.fields ?? [],
    ...(form?.focus !== undefined ? { focus: form.focus } : {}),
    build: (values) => {
      const asked = given ? new Set(Object.keys(given)) : new Set(Object.keys(values).filter((k) => values[k] !== (form?.initial[k] ?? '')));
      const r = reviewed(spec, input, context, values, asked, given);
      if (!('refusal' in r)) return r;
      const field = spec.refusalField?.(r.refusal, input);
      return { errors: field ? { [field]: `not sent: ${refusalWords(r.refusal, context.face)}` } : { _form: refusalWords(r.refusal, context.face) } };
    },
  };
}
