/**
 * Transaction statuses: the known lists, once (the real server's: canceled, pending, sent, submitted,
 * mined, confirmed, failed, expired), what is final, and how a status is shown. A status the client
 * does not know is shown as it is and counted as not final — never as fine. `is_canceled` on a
 * transaction that is not final yet (an EVM cancel whose NOOP has not mined) is shown "canceling",
 * distinct from canceled.
 */
import { TRANSACTION_STATUSES, type Transaction } from '../api/index.js';

/** Final: the transaction will not change any more. */
export const FINAL_STATUSES = ['canceled', 'confirmed', 'failed', 'expired'] as const;
/** What the server means by pending (`pending_transactions_count`): not yet mined. The EVM statuses a cancel or a replacement takes (v1.8 answers 400 to the rest). */
export const PENDING_STATUSES = ['pending', 'sent', 'submitted'] as const;
/** On the chain: mined, or mined and confirmed (final). */
export const MINED_STATUSES = ['mined', 'confirmed'] as const;
/** Not final yet, as the server's lists are read for them (triage): pending, or mined and not yet confirmed. */
export const UNCONFIRMED_STATUSES = [...PENDING_STATUSES, 'mined'] as const;

const lower = (s: unknown) => String(s ?? '').toLowerCase();

/** Pending as the server counts it (`pending_transactions_count`): pending, sent or submitted. */
export function isPending(tx: Pick<Transaction, 'status'>): boolean {
  return (PENDING_STATUSES as readonly string[]).includes(lower(tx.status));
}

export function isKnownStatus(status: unknown): boolean {
  return (TRANSACTION_STATUSES as readonly string[]).includes(lower(status));
}

/** Not final: a known non-final status, or one the client does not know (it may still change). */
export function isNotFinal(tx: Pick<Transaction, 'status'>): boolean {
  return !(FINAL_STATUSES as readonly string[]).includes(lower(tx.status));
}

/** `is_canceled` while the transaction is not final: a cancel in flight. */
export function isCanceling(tx: Pick<Transaction, 'status' | 'is_canceled'>): boolean {
  return tx.is_canceled === true && isNotFinal(tx) && isKnownStatus(tx.status);
}

/**
 * The status as shown everywhere (lists, detail, :stuck, fleet): the server's word; "canceling" for a
 * cancel in flight (with the status it keeps); a final one that was being canceled says so.
 */
export function statusWords(tx: Pick<Transaction, 'status' | 'is_canceled'>): string {
  const s = String(tx.status ?? '');
  if (isCanceling(tx)) return `canceling (${s})`;
  if (tx.is_canceled === true && lower(s) === 'confirmed') return 'confirmed (cancel lost)';
  return s;
}

/** The status in a list's cell: "canceling" for a cancel in flight, else the server's word. */
export function statusCell(tx: Pick<Transaction, 'status' | 'is_canceled'>): string {
  return isCanceling(tx) ? 'canceling' : String(tx.status ?? '');
}
