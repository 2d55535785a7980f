/**
 * Cancel one transaction (DELETE /relayers/{rid}/transactions/{tid}) or every pending one (DELETE
 * …/transactions/pending), as the OpenZeppelin Relayer v1.8 does them (its source, read for each):
 * - EVM `pending` → `canceled` at once;
 * - EVM `sent`/`submitted` → a NOOP (0 value to itself, same nonce) replaces it: the transaction keeps
 *   its status with `is_canceled` until the NOOP is mined, then turns `canceled` (or `confirmed`, with
 *   `is_canceled`, when the original mined first);
 * - any other EVM status → 400 (refused here before sending when the status is known);
 * - Solana → 400 "Endpoint is not supported for Solana relayers" (refused here);
 * - Stellar → 200 with the transaction unchanged: nothing is done (warned; the effect check says so).
 * The review says which of these will happen for this network and status. Both are executable specs
 * (spec.ts): `cancelSpec` and `cancelPendingSpec` drive the TUI's X and `relayer-tui cancel` alike.
 */
import { prepareCancelPending, prepareCancelTransaction, type Relayer, type RelayerClient, type Transaction } from '../../api/index.js';
import { ageWords, clock } from '../time.js';
import { displayText } from '../text/values.js';
import { networkKind, relayerState } from '../relayer.js';
import { isKnownStatus, statusWords } from '../status.js';
import { findRelayer, findTransaction, readPending } from '../lookup.js';
import { readJamForReview, type JamRead } from '../jam/read.js';
import { cancelJamNotes } from '../jam/words.js';
import { cancelEffect, cancelPendingEffect } from './effects.js';
import { txBasis } from './basis.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import type { ReviewLine } from './review.js';
import { REPLACEABLE, relayerMismatch, STELLAR_NOOP_WARNING, type WordsFace } from './reviewWarnings.js';
import { refusalWords, type NotesContext, type NotFound, type OperationSpec, type Refusal as SpecRefusal } from './spec.js';
import type { BuiltRequest, Refusal } from './types.js';

export type { Refusal } from './types.js';

const warn = (label: string, value: string): ReviewLine => ({ label: `⚠ ${label}`, value, tone: 'warn' });

/**
 * What a cancel rests on: the relayer and the transaction as read (`tx` undefined: it could not be
 * read; the review says so), whether the server has the endpoint (`client.supports('cancel')`: false
 * for a server of the interface document — refused before sending; undefined while not known — sent,
 * and a 404 says), and its relayer's jam (diagnosed or why not; undefined: not read).
 */
export interface CancelInput {
  target: OperationTarget & { relayerId: string; txId: string };
  relayer: Relayer | undefined;
  tx: Transaction | undefined;
  offered: boolean | undefined;
  jam?: JamRead | undefined;
  /** When the jam was read (the notes say it: issue 53.3). */
  jamAt?: number | undefined;
}

/** A paused or disabled relayer as read: v1.8 answers 403 to `what` (validate_active_state). */
function inactive(relayerId: string, relayer: Relayer | undefined, what: string): SpecRefusal | null {
  const state = relayer ? relayerState(relayer) : 'active';
  return state === 'paused' || state === 'disabled' ? { kind: 'inactive', relayerId: relayer?.id ?? relayerId, state, what } : null;
}

/** Why a cancel is not sent (typed: spec.ts refusalWords says it), or null. */
export function cancelRefusal({ target: { relayerId, txId }, relayer, tx, offered }: CancelInput): SpecRefusal | null {
  if (offered === false) return { kind: 'not-offered', doing: 'cancelling', endpoint: 'DELETE /relayers/{id}/transactions/{tx_id}' };
  const kind = networkKind(relayer?.network_type, tx);
  if (kind === 'unknown') return { kind: 'unknown-network', relayerId, networkType: relayer?.network_type };
  if (kind === 'solana') return { kind: 'solana', all: false };
  // Any other EVM status than pending, sent or submitted: v1.8 answers 400 (a status it does not know is warned about, not refused).
  if (kind === 'evm' && tx && isKnownStatus(tx.status) && !REPLACEABLE.includes(String(tx.status).toLowerCase())) return { kind: 'not-cancelable', txId: tx.id, status: statusWords(tx) };
  try {
    prepareCancelTransaction(relayerId, txId);
  } catch (e) {
    return { kind: 'invalid-request', words: e instanceof Error ? e.message : String(e) };
  }
  return inactive(relayerId, relayer, 'cancels');
}

/** What a cancel does to this transaction on its network, by its status (Solana and a final status are refused: cancelRefusal). */
function consequence(kind: 'evm' | 'stellar', tx: Transaction | undefined): ReviewLine {
  if (kind === 'stellar') return STELLAR_NOOP_WARNING('cancel');
  if (!tx) return { label: 'what happens', value: 'depends on its status (it could not be read first): pending → canceled; sent or submitted → replaced by a NOOP with the same nonce' };
  const status = String(tx.status).toLowerCase();
  if (status === 'pending') return { label: 'what happens', value: 'pending (not signed yet): the server marks it canceled at once' };
  if (status === 'sent' || status === 'submitted')
    return {
      label: 'what happens',
      value: `${status} (nonce ${displayText(tx.nonce) || '?'} is taken): a NOOP — 0 value to itself, the same nonce, speed fast — replaces it. It keeps its status, shown "canceling", until the NOOP is mined; then canceled (or confirmed, if the original is mined first)`,
    };
  return warn('status', `"${tx.status}" is a status this client does not know: the server cancels only pending, sent or submitted transactions`);
}

const cancelKind = (i: CancelInput): 'evm' | 'stellar' => (networkKind(i.relayer?.network_type, i.tx) === 'stellar' ? 'stellar' : 'evm');

/** A cancel's own review lines: the transaction as read (or that it was not), a relayer mismatch, a cancel already in flight, what the cancel does. */
function cancelLines(i: CancelInput): ReviewLine[] {
  const { relayerId, txId } = i.target;
  const kind = cancelKind(i);
  const tx = i.tx;
  const review: ReviewLine[] = [];
  if (tx) {
    const mismatch = relayerMismatch(relayerId, tx);
    if (mismatch) review.push(warn('relayer_id', `${mismatch}: the request goes to ${relayerId}, the relayer on screen`));
    if (tx.is_canceled === true) review.push(warn('canceling', 'a cancel of this transaction is already in flight (is_canceled): another one replaces its NOOP again'));
    review.push({ label: 'transaction', value: `${tx.id} · ${statusWords(tx)} · ${kind === 'stellar' ? `sequence ${displayText(tx.sequence_number) || '—'}` : `nonce ${displayText(tx.nonce) || '—'}`} · created ${tx.created_at ?? '?'}` });
  } else review.push(warn('before', `transaction ${txId} could not be read first: its status is not known`));
  review.push(consequence(kind, tx));
  return review;
}

/**
 * A cancel's notes on its relayer's jam (core/jam/words.ts cancelJamNotes: one behind the jam cannot
 * land before its blocker; the blocker's cancel says what waits), the fixes named for the face; an EVM
 * relayer's jam not known is said, never taken for none.
 */
function jamNotes(i: CancelInput, face: NotesContext['face']): ReviewLine[] {
  if (cancelKind(i) !== 'evm' || !i.tx) return [];
  if (!i.jam) return [warn('jam', 'not known: its relayer was not diagnosed before this review')];
  if (i.jam.kind === 'not_diagnosed') return [warn('jam', `not known: ${i.jam.why}`)];
  const jam = i.jam.diagnosis.kind === 'jam' ? i.jam.diagnosis.jam : undefined;
  return cancelJamNotes(jam, i.tx, face === 'keys' ? { kind: 'keys' } : { kind: 'commands', relayerId: i.target.relayerId }, i.jamAt);
}

/** The notes of a cancel's review, the same in both faces: its own lines, then its relayer's jam. */
export function cancelNotes(i: CancelInput, context: Pick<NotesContext, 'face'>): ReviewLine[] {
  return [...cancelLines(i), ...jamNotes(i, context.face)];
}

/** The request of a cancel (its review lines are cancelNotes). */
export function cancelBuild(i: CancelInput): BuiltRequest {
  const { relayerId, txId } = i.target;
  const kind = cancelKind(i);
  return {
    op: 'cancel',
    target: { relayerId, txId },
    what: `Cancel ${kind === 'evm' ? 'EVM' : 'Stellar'} transaction ${txId} of relayer ${relayerId}`,
    prepared: prepareCancelTransaction(relayerId, txId),
    send: (client, options) => client.cancelTransaction(relayerId, txId, options),
    effect: cancelEffect(i.tx, kind),
  };
}

/**
 * Cancel one transaction as one call (its refusal in words, else the request with its notes but its
 * jam's): what tests and the ledger's checks take. Both faces go through `cancelSpec`.
 */
export function cancelRequest(relayerId: string, txId: string, relayer: Relayer | undefined, tx: Transaction | undefined, offered: boolean | undefined, face: WordsFace): BuiltRequest | Refusal {
  const input: CancelInput = { target: { relayerId, txId }, relayer, tx, offered };
  const refused = cancelRefusal(input);
  if (refused) return { refuse: refusalWords(refused, face === 'commands' ? 'commands' : 'keys') };
  return { ...cancelBuild(input), review: cancelLines(input) };
}

/** The transaction and its relayer read now, then the relayer's jam where its notes are said (an EVM cancel not refused). */
async function readCancel(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<CancelInput | NotFound> {
  const relayerId = target.relayerId ?? '';
  const txId = target.txId ?? '';
  await client.detectDialect(signal);
  const relayer = await findRelayer(client, relayerId, signal ? { signal } : {});
  if (!relayer) return { notFound: { what: 'relayer', id: relayerId } };
  const offered = client.supports('cancel');
  let tx: Transaction | undefined;
  if (offered !== false) {
    const found = await findTransaction(client, relayerId, txId, signal);
    // The server's own by-id lookup said it does not exist: nothing to cancel (as replace says).
    if (!found.tx && found.how.startsWith('not found')) return { notFound: { what: 'transaction', id: txId, how: found.how } };
    tx = found.tx;
  }
  const input: CancelInput = { target: { relayerId, txId }, relayer, tx, offered };
  if (cancelRefusal(input) || !tx || cancelKind(input) !== 'evm') return input;
  return { ...input, ...(await readJamForReview(client, relayer, signal)) };
}

/** Cancel one transaction: an executable spec (spec.ts): the TUI's X on a transaction and `relayer-tui cancel RELAYER TX` alike. */
export const cancelSpec: OperationSpec<'cancel', CancelInput> = {
  kind: 'cancel',
  entry: OPERATIONS.cancel,
  read: readCancel,
  // The row the TUI's list read, and its relayer's jam as the TUI last read it.
  known: (client, target, relayer, seen) =>
    seen?.tx ? { target: { relayerId: target.relayerId ?? '', txId: target.txId ?? seen.tx.id }, relayer, tx: seen.tx, offered: client.supports('cancel'), jam: seen.jam, jamAt: seen.jamAt } : null,
  refusal: cancelRefusal,
  build: cancelBuild,
  reviewNotes: cancelNotes,
  // Built on the transaction as read (its status, nonce, prices): sent only if it is still so.
  basis: (i) => txBasis(i.tx),
  events: (answer, i) => [{ kind: 'transaction', relayerId: i.target.relayerId, txId: i.target.txId, transaction: answer as Transaction }],
  restsOnJam: true,
};

/** The most rows of pending transactions the review lists (the rest are counted). */
const LISTED = 50;

/**
 * What cancelling every pending transaction rests on: the relayer as read, whether the server has the
 * endpoint (`client.supports('cancelPending')`), and its non-final transactions read just before (what
 * the server will take: pending, sent, submitted), listed in the review.
 */
export interface CancelPendingInput {
  target: OperationTarget & { relayerId: string };
  relayer: Relayer | undefined;
  offered: boolean | undefined;
  pending: readonly Transaction[];
}

const pendingKind = (i: CancelPendingInput) => networkKind(i.relayer?.network_type, i.pending[0]);
const taken = (i: CancelPendingInput) => i.pending.filter((t) => REPLACEABLE.includes(String(t.status).toLowerCase()));

/** Why cancelling every pending one is not sent (typed: spec.ts refusalWords says it), or null. */
export function cancelPendingRefusal(i: CancelPendingInput): SpecRefusal | null {
  if (i.offered === false) return { kind: 'not-offered', doing: 'cancelling every pending transaction', endpoint: 'DELETE /relayers/{id}/transactions/pending' };
  const kind = pendingKind(i);
  if (kind === 'unknown') return { kind: 'unknown-network', relayerId: i.target.relayerId, networkType: i.relayer?.network_type };
  if (kind === 'solana') return { kind: 'solana', all: true };
  return inactive(i.target.relayerId, i.relayer, 'cancels');
}

/**
 * The notes of its review, the same in both faces: what v1.8 does with them (a Stellar relayer: nothing),
 * what will be asked to cancel as read at `now` (listed, the rest counted), and that the server takes
 * what is pending when the request arrives.
 */
export function cancelPendingNotes(i: CancelPendingInput, { now }: Pick<NotesContext, 'now'>): ReviewLine[] {
  const kind = pendingKind(i);
  const review: ReviewLine[] = [];
  if (kind === 'stellar') review.push(warn('Stellar', 'the OpenZeppelin Relayer v1.8 queues nothing for a Stellar relayer: it answers with empty lists (reported as no effect)'));
  else
    review.push(
      warn(
        'v1.8',
        'the OpenZeppelin Relayer v1.8 queues these for cancellation, but its queue re-sends sent and submitted ones and skips pending ones instead of cancelling them (jobs/handlers/transaction_submission_handler.rs): cancelling each one (X, or relayer-tui cancel <relayer> <tx>) is certain',
      ),
    );
  const asked = taken(i);
  review.push({ label: 'will be asked to cancel', value: asked.length ? `${asked.length} (pending, sent, submitted), as read at ${clock(now)}:` : `none: nothing pending, sent or submitted was read at ${clock(now)}` });
  for (const t of asked.slice(0, LISTED))
    review.push({ label: `  ${statusWords(t)}`, value: `${t.id} · ${kind === 'stellar' ? `sequence ${displayText(t.sequence_number) || '—'}` : `nonce ${displayText(t.nonce) || '—'}`} · ${ageWords(t.created_at, now)}` });
  if (asked.length > LISTED) review.push({ label: '  …', value: `${asked.length - LISTED} more` });
  // The DELETE names no ids: the server takes what is pending when it arrives (the answer is compared with this list).
  review.push({ label: 'the server takes', value: 'what is pending when the request arrives, not this list: one created after this read is taken too; the answer is compared with this list' });
  return review;
}

/** The request (its review lines are cancelPendingNotes); confirmed by the relayer's id typed. */
export function cancelPendingBuild(i: CancelPendingInput): BuiltRequest {
  const { relayerId } = i.target;
  return {
    op: 'cancel-pending',
    target: { relayerId },
    what: `Cancel every pending transaction of relayer ${relayerId}`,
    prepared: prepareCancelPending(relayerId),
    send: (client, options) => client.cancelPending(relayerId, options),
    effect: cancelPendingEffect(taken(i).map((t) => t.id), pendingKind(i)),
    confirm: relayerId,
  };
}

/** What is listed, as the basis a review read again must find the same (each id and its status). */
const pendingBasis = (i: CancelPendingInput): string => taken(i).map((t) => `${t.id}:${String(t.status)}`).join(',');

/** Cancelling every pending one as one call (its refusal in words, else the request with its notes and basis): what tests take. */
export function cancelPendingRequest(relayerId: string, relayer: Relayer | undefined, pending: readonly Transaction[], now: number, offered: boolean | undefined, face: WordsFace): BuiltRequest | Refusal {
  const input: CancelPendingInput = { target: { relayerId }, relayer, offered, pending };
  const refused = cancelPendingRefusal(input);
  if (refused) return { refuse: refusalWords(refused, face === 'commands' ? 'commands' : 'keys') };
  return { ...cancelPendingBuild(input), review: cancelPendingNotes(input, { now }), basis: pendingBasis(input) };
}

/** The relayer read now, then what it has pending — not where it is refused whatever is pending (not offered, Solana, paused or disabled). */
async function readCancelPending(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<CancelPendingInput | NotFound> {
  const relayerId = target.relayerId ?? '';
  await client.detectDialect(signal);
  const relayer = await findRelayer(client, relayerId, signal ? { signal } : {});
  if (!relayer) return { notFound: { what: 'relayer', id: relayerId } };
  const input: CancelPendingInput = { target: { relayerId }, relayer, offered: client.supports('cancelPending'), pending: [] };
  const refused = cancelPendingRefusal(input);
  // A relayer without a network type: its transactions may say which network it is on (read them).
  if (refused && refused.kind !== 'unknown-network') return input;
  return { ...input, pending: await readPending(client, relayerId, signal) };
}

/** Cancel every pending transaction of a relayer: an executable spec (spec.ts): X on a relayer and `relayer-tui cancel RELAYER --all-pending` alike. */
export const cancelPendingSpec: OperationSpec<'cancel-pending', CancelPendingInput> = {
  kind: 'cancel-pending',
  entry: OPERATIONS['cancel-pending'],
  read: readCancelPending,
  // Always read: what is pending is not in a list's row.
  known: () => null,
  refusal: cancelPendingRefusal,
  build: cancelPendingBuild,
  reviewNotes: cancelPendingNotes,
  basis: pendingBasis,
  // The answer is a summary, not a relayer: the relayer is read again (its lists show what was canceled).
  events: (_answer, i) => [{ kind: 'relayer', relayerId: i.target.relayerId }],
};
