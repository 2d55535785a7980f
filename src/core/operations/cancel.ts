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
 * The review says which of these will happen for this network and status.
 */
import { prepareCancelPending, prepareCancelTransaction, type Relayer, type Transaction } from '../../api/index.js';
import { ageWords, clock } from '../time.js';
import { displayText } from '../text/values.js';
import { networkKind, unknownNetworkWords } from '../relayer.js';
import { isKnownStatus, statusWords } from '../status.js';
import { cancelEffect, cancelPendingEffect } from './effects.js';
import type { ReviewLine } from './review.js';
import { REPLACEABLE, relayerBlocked, relayerMismatch, STELLAR_NOOP_WARNING, type WordsFace } from './reviewWarnings.js';
import type { BuiltRequest, ReviewInput } from './types.js';

/** What the operator cannot do here: refused before anything is sent, in words. */
export interface Refusal {
  refuse: string;
}

const warn = (label: string, value: string): ReviewLine => ({ label: `⚠ ${label}`, value, tone: 'warn' });

/** What a cancel does to this transaction, or why it is refused before sending. */
function consequence(kind: ReturnType<typeof networkKind>, tx: Transaction | undefined): ReviewLine | Refusal {
  if (kind === 'solana') return { refuse: 'Solana transactions cannot be canceled: the OpenZeppelin Relayer answers 400 "Endpoint is not supported for Solana relayers"' };
  if (kind === 'stellar') return STELLAR_NOOP_WARNING('cancel');
  if (!tx) return { label: 'what happens', value: 'depends on its status (it could not be read first): pending → canceled; sent or submitted → replaced by a NOOP with the same nonce' };
  const status = String(tx.status).toLowerCase();
  if (status === 'pending') return { label: 'what happens', value: 'pending (not signed yet): the server marks it canceled at once' };
  if (status === 'sent' || status === 'submitted')
    return {
      label: 'what happens',
      value: `${status} (nonce ${displayText(tx.nonce) || '?'} is taken): a NOOP — 0 value to itself, the same nonce, speed fast — replaces it. It keeps its status, shown "canceling", until the NOOP is mined; then canceled (or confirmed, if the original is mined first)`,
    };
  if (!isKnownStatus(tx.status)) return warn('status', `"${tx.status}" is a status this client does not know: the server cancels only pending, sent or submitted transactions`);
  return { refuse: `transaction ${tx.id} is ${statusWords(tx)}: only ${REPLACEABLE.join(', ')} transactions can be canceled (the server answers 400 "Invalid transaction state for cancel_transaction")` };
}

/**
 * Cancel one transaction. `tx`: as read just before (undefined: it could not be read; the review says
 * so). `offered`: whether the server has the endpoint (`client.supports('cancel')`: false for a server
 * of the interface document — refused before sending; undefined while not known — sent, and a 404 says).
 */
export function cancelRequest(relayerId: string, txId: string, relayer: Relayer | undefined, tx: Transaction | undefined, offered: boolean | undefined, face: WordsFace): BuiltRequest | Refusal {
  if (offered === false) return { refuse: 'cancelling is the OpenZeppelin Relayer’s (DELETE /relayers/{id}/transactions/{tx_id}); this server is not it' };
  const kind = networkKind(relayer?.network_type, tx);
  if (kind === 'unknown') return { refuse: unknownNetworkWords(relayerId, relayer?.network_type) };
  const what = consequence(kind, tx);
  if ('refuse' in what) return what;
  let prepared;
  try {
    prepared = prepareCancelTransaction(relayerId, txId);
  } catch (e) {
    return { refuse: e instanceof Error ? e.message : String(e) };
  }
  // A paused or disabled relayer as read: v1.8 answers 403 (validate_active_state): refused here, nothing sent.
  const blocked = relayerBlocked(relayer, 'cancels', face);
  if (blocked) return { refuse: blocked };
  const review: ReviewLine[] = [];
  if (tx) {
    const mismatch = relayerMismatch(relayerId, tx);
    if (mismatch) review.push(warn('relayer_id', `${mismatch}: the request goes to ${relayerId}, the relayer on screen`));
    if (tx.is_canceled === true) review.push(warn('canceling', 'a cancel of this transaction is already in flight (is_canceled): another one replaces its NOOP again'));
    review.push({ label: 'transaction', value: `${tx.id} · ${statusWords(tx)} · ${kind === 'stellar' ? `sequence ${displayText(tx.sequence_number) || '—'}` : `nonce ${displayText(tx.nonce) || '—'}`} · created ${tx.created_at ?? '?'}` });
  } else review.push(warn('before', `transaction ${txId} could not be read first: its status is not known`));
  review.push(what);
  return {
    op: 'cancel',
    target: { relayerId, txId },
    what: `Cancel ${kind === 'evm' ? 'EVM' : 'Stellar'} transaction ${txId} of relayer ${relayerId}`,
    prepared,
    review,
    send: (client, options) => client.cancelTransaction(relayerId, txId, options),
    effect: cancelEffect(tx, kind),
  };
}

/** The most rows of pending transactions the review lists (the rest are counted). */
const LISTED = 50;

/**
 * Cancel every pending transaction of a relayer. `pending`: the non-final transactions read just
 * before (what the server will take: pending, sent, submitted), listed in the review.
 */
export function cancelPendingRequest(relayerId: string, relayer: Relayer | undefined, pending: readonly Transaction[], now: number, offered: boolean | undefined, face: WordsFace): BuiltRequest | Refusal {
  if (offered === false) return { refuse: 'cancelling every pending transaction is the OpenZeppelin Relayer’s (DELETE /relayers/{id}/transactions/pending); this server is not it' };
  const kind = networkKind(relayer?.network_type, pending[0]);
  if (kind === 'unknown') return { refuse: unknownNetworkWords(relayerId, relayer?.network_type) };
  if (kind === 'solana') return { refuse: 'Solana relayers cannot cancel: the OpenZeppelin Relayer answers 400 "Endpoint is not supported for Solana relayers"' };
  const blocked = relayerBlocked(relayer, 'cancels', face);
  if (blocked) return { refuse: blocked };
  const review: ReviewLine[] = [];
  if (kind === 'stellar') review.push(warn('Stellar', 'the OpenZeppelin Relayer v1.8 queues nothing for a Stellar relayer: it answers with empty lists (reported as no effect)'));
  else
    review.push(
      warn(
        'v1.8',
        'the OpenZeppelin Relayer v1.8 queues these for cancellation, but its queue re-sends sent and submitted ones and skips pending ones instead of cancelling them (jobs/handlers/transaction_submission_handler.rs): cancelling each one (X, or relayer-tui cancel <relayer> <tx>) is certain',
      ),
    );
  const taken = pending.filter((t) => REPLACEABLE.includes(String(t.status).toLowerCase()));
  review.push({ label: 'will be asked to cancel', value: taken.length ? `${taken.length} (pending, sent, submitted), as read at ${clock(now)}:` : `none: nothing pending, sent or submitted was read at ${clock(now)}` });
  for (const t of taken.slice(0, LISTED))
    review.push({ label: `  ${statusWords(t)}`, value: `${t.id} · ${kind === 'stellar' ? `sequence ${displayText(t.sequence_number) || '—'}` : `nonce ${displayText(t.nonce) || '—'}`} · ${ageWords(t.created_at, now)}` });
  if (taken.length > LISTED) review.push({ label: '  …', value: `${taken.length - LISTED} more` });
  // The DELETE names no ids: the server takes what is pending when it arrives (the answer is compared with this list).
  review.push({ label: 'the server takes', value: 'what is pending when the request arrives, not this list: one created after this read is taken too; the answer is compared with this list' });
  return {
    op: 'cancel-pending',
    target: { relayerId },
    what: `Cancel every pending transaction of relayer ${relayerId}`,
    prepared: prepareCancelPending(relayerId),
    review,
    send: (client, options) => client.cancelPending(relayerId, options),
    effect: cancelPendingEffect(taken.map((t) => t.id), kind),
    confirm: relayerId,
    basis: taken.map((t) => `${t.id}:${String(t.status)}`).join(','),
  };
}

/** The review-only builders of a cancel and of cancelling every pending one (reviewOnly.ts holds every review-only kind's). */
export const CANCEL_BUILDS = {
  cancel: (i: ReviewInput) => cancelRequest(i.target.relayerId, i.target.txId ?? i.tx?.id ?? '?', i.relayer, i.tx, i.offered, i.face),
  'cancel-pending': (i: ReviewInput) => cancelPendingRequest(i.target.relayerId, i.relayer, i.pending ?? [], i.now, i.offered, i.face),
};
