/**
 * OpenZeppelin Relayer v1.8.0's own timings, as its source has them (tag v1.8.0; the sandbox's real
 * flavour runs its machinery by these, divided by `--time-scale`).
 */
import type { Speed } from '../models.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** A pending transaction older than this fails (src/constants/evm_transaction.rs:53, status.rs:409-430). */
export const PREPARE_TIMEOUT_MS = 2 * MINUTE;
export const PREPARE_TIMEOUT_REASON = 'Transaction in Pending state for over 2 minutes. Replacing with NOOP.';
/** A signed one never broadcast is re-priced and re-sent after this, counted from created_at (evm_transaction.rs:59, status.rs:1399). */
export const RESEND_TIMEOUT_MS = 25 * SECOND;
/** Younger than this, a transaction is not re-sent or timed out (EVM_MIN_AGE_FOR_RESUBMIT_SECONDS, evm_transaction.rs:49; status.rs:1188). */
export const MIN_AGE_FOR_RESUBMIT_MS = 20 * SECOND;
/** A broadcast one is re-priced after its speed's time (src/utils/transaction.rs:16-25) … */
const RESUBMIT_MS: Record<Speed, number> = { safeLow: 10 * MINUTE, average: 5 * MINUTE, fast: 3 * MINUTE, fastest: 2 * MINUTE };
/** … on Arbitrum after a flat 20 s, no backoff (ARBITRUM_TIME_TO_RESUBMIT, evm_transaction.rs:29; status.rs:325-334). */
const ARBITRUM_RESUBMIT_MS = 20 * SECOND;

/** When a broadcast transaction with `hashes` hashes so far is due for a re-price: speed × 2^(hashes−1) (transaction.rs:35-41). */
export function resubmitAfterMs(speed: Speed | null, hashes: number, network: string): number {
  if (network.startsWith('arbitrum')) return ARBITRUM_RESUBMIT_MS;
  const base = RESUBMIT_MS[speed ?? 'fast'];
  return hashes <= 1 ? base : base * 2 ** (hashes - 1);
}

/** The nonce-health job: debounced per relayer (status.rs:168), waits 2 s before it reads the chain (nonce.rs:39). */
export const NONCE_HEALTH_DEBOUNCE_MS = 30 * SECOND;
export const NONCE_GAP_SETTLE_MS = 2 * SECOND;
export const gapNoopReason = (nonce: number) => `Gap-filling NOOP for nonce ${nonce}`;

/**
 * A disabled relayer's health check: 10, 20, 30, 45 s after it was disabled, then every 60 s; it is
 * enabled once its checks pass (jobs/handlers/relayer_health_check_handler.rs:276-285).
 */
export const HEALTH_CHECK_DELAYS_MS = [10 * SECOND, 20 * SECOND, 30 * SECOND, 45 * SECOND];
export const HEALTH_CHECK_EVERY_MS = 60 * SECOND;

