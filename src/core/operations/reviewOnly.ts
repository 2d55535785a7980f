/**
 * How each review-only operation (registry.ts ReviewOnlyKind: nothing to fill in, reviewed as built)
 * makes its request from what was read — the TUI's one generic operation screen and its subcommand
 * alike. The compiler holds the set: a review-only kind without a builder does not build.
 */
import type { Feature, Relayer, Transaction } from '../../api/index.js';
import { cancelPendingRequest, cancelRequest, type Refusal } from './cancel.js';
import { pauseRequest } from './pause.js';
import type { OperationTarget, ReviewOnlyKind } from './registry.js';
import type { BuiltRequest } from './types.js';

/** What the request is made from: the target, the relayer and the transaction as read, what is pending, and whether the server offers it. */
export interface ReviewInput {
  target: OperationTarget & { relayerId: string };
  relayer: Relayer | undefined;
  /** cancel: the transaction as read (undefined: not found by the lookup). */
  tx?: Transaction;
  /** cancel-pending: what is pending, as read. */
  pending?: readonly Transaction[];
  now: number;
  /** `client.supports(feature)` (false: refused before sending). */
  offered: boolean | undefined;
}

export interface ReviewOnlyEntry {
  /** The server feature it needs (api/dialect.ts): `offered` is the client's word on it. */
  feature: Feature;
  build: (i: ReviewInput) => BuiltRequest | Refusal;
}

export const REVIEW_ONLY: Record<ReviewOnlyKind, ReviewOnlyEntry> = {
  cancel: { feature: 'cancel', build: (i) => cancelRequest(i.target.relayerId, i.target.txId ?? i.tx?.id ?? '?', i.relayer, i.tx, i.offered) },
  'cancel-pending': { feature: 'cancelPending', build: (i) => cancelPendingRequest(i.target.relayerId, i.relayer, i.pending ?? [], i.now, i.offered) },
  pause: { feature: 'pause', build: (i) => pauseRequest(i.target.relayerId, i.relayer, true, i.offered) },
  resume: { feature: 'pause', build: (i) => pauseRequest(i.target.relayerId, i.relayer, false, i.offered) },
};

export function isReviewOnly(kind: string): kind is ReviewOnlyKind {
  return Object.hasOwn(REVIEW_ONLY, kind);
}
