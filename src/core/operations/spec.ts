/**
 * An operation as an executable spec (issue 52): one module per operation says what its request rests
 * on (`read`, once, for both faces), builds it (`build`), says why it is not sent (`refusal`, typed:
 * its words are made here once, by `refusalWords`, and drawn at the edge), the notes both faces show
 * before y / --yes (`reviewNotes`), and what its answer changed (`events`, so the lists behind are
 * told). The TUI's one generic review (ui/screens/operation/OperationScreen.tsx) and headless's one
 * path (headless/mutations.ts prepareSpec) drive every spec alike.
 *
 * The specs load lazily (specs.ts `SPECS`, dynamic imports keyed by kind; `SpecKind` is its keys): the
 * launcher and the registry's command words (registry.ts) never load them. A loader whose module's
 * spec is of another kind does not build.
 */
import type { Relayer, RelayerClient, Transaction } from '../../api/index.js';
import type { JamRead } from '../jam/read.js';
import { unknownNetworkWords } from '../relayer.js';
import type { OperationEntry, OperationKind, OperationTarget } from './registry.js';
import { blockedWords, REPLACEABLE } from './reviewWarnings.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, Values } from './types.js';

/** What every spec's input holds: the target as navigated to, and the relayer as read (undefined: not read). */
export interface SpecInput {
  target: OperationTarget;
  relayer?: Relayer | undefined;
}

/** What a read found missing, as data (`notFoundWords` says it): a relayer, or a transaction the server's lookup says is not there (`how`: its words). */
export interface NotFound {
  notFound: { what: 'relayer' | 'notification'; id: string } | { what: 'transaction'; id: string; how: string };
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
 * - `in-use`: v1.8 refuses a notification's delete while relayers name it (400, naming them).
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
  | { kind: 'in-use'; notificationId: string; usedBy: readonly string[] };

/**
 * What an answer changed, for the lists behind: a relayer (as answered, when it was), or a relayer
 * gone; a transaction as the server answered it (a cancel: the list behind shows it canceled or canceling);
 * a notification changed or gone (its list reads its page again).
 */
export type SpecEvent =
  | { kind: 'relayer'; relayerId: string; relayer?: Relayer; gone?: boolean }
  | { kind: 'transaction'; relayerId: string; txId: string; transaction: Transaction }
  | { kind: 'notification'; notificationId: string };

/** What the review notes may depend on beside the input: when they are made, and which face reads them (a fix named as a key or as a command). */
export interface NotesContext {
  now: number;
  face: 'keys' | 'commands';
}

/** What the TUI's screen already read where the operation opens (a list's row, its relayer's jam): `known` may build on it. */
export interface Seen {
  tx?: Transaction;
  /** The relayer's jam as the TUI last read it (undefined: not read). */
  jam?: JamRead;
  /** When that jam was read (its notes say it). */
  jamAt?: number;
}

export interface OperationSpec<K extends OperationKind = OperationKind, I extends SpecInput = SpecInput> {
  kind: K;
  /** Its registry entry (registry.ts OPERATIONS[kind]): key, subcommand, help, ledger words. */
  entry: OperationEntry;
  /** Everything the request rests on, read now (the relayer, what it has pending…). */
  read(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<I | NotFound>;
  /** The input from what the TUI already read (a list's row), or null when it must be read. */
  known(client: RelayerClient, target: OperationTarget, relayer: Relayer | undefined, seen?: Seen): I | null;
  /** Why it is not sent, or null. */
  refusal(input: I): Refusal | null;
  /** The request (review-only operations take no values). */
  build(input: I, values?: Values): BuiltRequest;
  /** The lines both faces show before y / --yes (after the request's own). */
  reviewNotes(input: I, context: NotesContext): ReviewLine[];
  /** What a read again must find the same for the reviewed request to be sent (basis.ts). */
  basis(input: I): string;
  /** What the answer changed. */
  events(answer: unknown, input: I): SpecEvent[];
  /** Its review rests on the relayer's jam (Seen.jam): the TUI has one over a few seconds old read again as it opens. */
  restsOnJam?: true;
}

/** A spec of any kind, as the drivers hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = OperationSpec<OperationKind, any>;

/** A refusal in words (the one place they are made). */
export function refusalWords(r: Refusal, face: 'keys' | 'commands'): string {
  switch (r.kind) {
    case 'not-offered':
      return `${r.doing} is the OpenZeppelin Relayer’s (${r.endpoint}); this server is not it`;
    case 'disabled':
      return `relayer ${r.relayerId} is disabled by the system: the OpenZeppelin Relayer refuses any change to it (400 "Relayer is disabled") until the cause is fixed and it is re-enabled`;
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
  }
}

/** A refusal as the TUI's line: not offered here (another server, a disabled relayer), or not sent now (what it waits for). */
export function refusalLine(r: Refusal): string {
  return `${r.kind === 'busy' ? 'Not sent' : 'Not offered'}: ${refusalWords(r, 'keys')}`;
}

export const notFoundWords = (n: NotFound): string =>
  n.notFound.what === 'transaction' ? `Transaction ${n.notFound.id} ${n.notFound.how}` : `${n.notFound.what === 'relayer' ? 'Relayer' : 'Notification'} ${n.notFound.id} not found`;

export const isNotFound = (v: SpecInput | NotFound): v is NotFound => 'notFound' in v;

/**
 * The request both faces review: refused (typed), or built with its notes after its own lines and
 * its basis. The one function the TUI's review and headless's path call.
 */
export function reviewed<I extends SpecInput>(spec: OperationSpec<OperationKind, I>, input: I, context: NotesContext, values?: Values): { refusal: Refusal } | { request: BuiltRequest } {
  const refusal = spec.refusal(input);
  if (refusal) return { refusal };
  const built = spec.build(input, values);
  const notes = spec.reviewNotes(input, context);
  return { request: { ...built, review: [...(built.review ?? []), ...notes], basis: spec.basis(input) } };
}
