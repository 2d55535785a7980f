/**
 * How each review-only operation (registry.ts ReviewOnlyKind: nothing to fill in, reviewed as built)
 * makes its request from what was read — the TUI's one generic operation screen and its subcommand
 * alike (pause and resume are specs now: spec.ts). Each operation's file gives its builders; the compiler holds the set: a review-only kind
 * without a builder does not build.
 */
import { CANCEL_BUILDS, type Refusal } from './cancel.js';
import type { ReviewOnlyKind } from './registry.js';
import type { BuiltRequest, ReviewInput } from './types.js';

export const REVIEW_ONLY: Record<ReviewOnlyKind, (i: ReviewInput) => BuiltRequest | Refusal> = { ...CANCEL_BUILDS };

export const REVIEW_ONLY_KINDS = Object.keys(REVIEW_ONLY) as ReviewOnlyKind[];

export function isReviewOnlyKind(kind: string): kind is ReviewOnlyKind {
  return Object.hasOwn(REVIEW_ONLY, kind);
}
