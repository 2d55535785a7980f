/**
 * `balance_runway`: when a relayer's balance reaches its minimum (policies.min_balance, or the
 * operator's context `min_balance:`) at its recent spend. The spend is summed from the relayer's own
 * confirmed/mined EVM transactions in a window: each counts value + gas_limit × (gas_price, else
 * max_fee_per_gas) — an UPPER bound on what it cost (the gas a transaction used is at most its limit,
 * and the price it paid at most what it offered; the transaction as the client reads it carries no
 * receipt), so the runway said is a LOWER bound on the time left, and said as one.
 * The spend is the faster of the last hour's and the last RUNWAY_RECENT_MS's (where that holds enough
 * samples): a drain that began ten minutes ago is not averaged away over a quiet hour (the runway stays
 * a lower bound; `window` says which was taken).
 * Never from fewer than RUNWAY_MIN_SAMPLES transactions in the window: then no forecast (the detail
 * may say `not enough to forecast`; it is not a problem). Not for a relayer already under its
 * minimum: that is the low-balance problem, not a forecast.
 */
import type { Transaction } from '../../api/index.js';
import { toBigInt } from '../amounts.js';
import { MINED_STATUSES } from '../status.js';

/** Fewer confirmed transactions than this in the window: no runway is forecast. */
export const RUNWAY_MIN_SAMPLES = 5;
/** The spend window: the last hour (or what the transactions read cover, if less). */
export const RUNWAY_WINDOW_MS = 3_600_000;
/** The recent window whose spend is taken where it is faster than the hour's (and holds RUNWAY_MIN_SAMPLES). */
export const RUNWAY_RECENT_MS = 15 * 60_000;
/** A runway longer than this is not said (nothing ahead worth a warning). */
export const RUNWAY_HORIZON_MS = 6 * 3_600_000;

export type BalanceRunway = {
  kind: 'balance_runway';
  relayer_id: string;
  /** Its network (for the unit the amounts are said in). */
  network: string | null;
  /** The address to fund (the relayer's), or null if the server did not give it. */
  address: string | null;
  balance_wei: bigint;
  min_balance_wei: bigint;
  /** The spend summed over the window (an upper bound), and the window it covers (ms). */
  spend_wei: bigint;
  window_ms: number;
  /** Which window the spend is of: the last hour; less, what the transactions read cover; the recent one, faster than the hour's. */
  window: 'hour' | 'covered' | 'recent';
  samples: number;
  /** When the minimum is reached at that spend (ms from read_at): a lower bound. */
  runway_ms: number;
  read_at: number;
  method: string;
};

/** Why there is no runway: too few samples in the window (said only where the detail lists forecasts). */
export type RunwayUnknown = { kind: 'not_enough'; samples: number; min: number };

/** Spent: on the chain (status.ts's mined statuses). */
const SPENT = new Set<string>(MINED_STATUSES);

/** One transaction's cost, upper bound: value + gas_limit × (gas_price ?? max_fee_per_gas); null if its gas is not given. */
export function costUpperBound(t: Pick<Transaction, 'value' | 'gas_limit' | 'gas_price' | 'max_fee_per_gas'>): bigint | null {
  const limit = toBigInt(t.gas_limit);
  const price = toBigInt(t.gas_price) ?? toBigInt(t.max_fee_per_gas);
  if (limit === undefined || price === undefined) return null;
  return (toBigInt(t.value) ?? 0n) + limit * price;
}

/**
 * The runway from the balance, its minimum and the relayer's transactions read (any order, any status):
 * a forecast when the minimum is reached within the horizon; `not_enough` below the minimum of samples;
 * null when there is nothing to forecast (no balance or minimum, already under it, no spend, far off).
 */
export function balanceRunway(relayerId: string, network: string | null, address: string | null, balanceWei: bigint | null, minWei: bigint | null, txs: readonly Transaction[], now: number, o: { windowMs?: number; minSamples?: number; horizonMs?: number } = {}): BalanceRunway | RunwayUnknown | null {
  const windowMs = o.windowMs ?? RUNWAY_WINDOW_MS;
  const min = o.minSamples ?? RUNWAY_MIN_SAMPLES;
  if (balanceWei === null || minWei === null || balanceWei < minWei) return null;
  const hour = spendOver(txs, now, windowMs);
  if (hour.samples < min) return { kind: 'not_enough', samples: hour.samples, min };
  if (hour.spend <= 0n) return null;
  // The faster of the hour's spend and the recent window's (where it holds enough samples): spend ÷ span compared without division.
  const recent = windowMs > RUNWAY_RECENT_MS ? spendOver(txs, now, RUNWAY_RECENT_MS) : null;
  const taken = recent && recent.samples >= min && recent.spend * BigInt(hour.span) > hour.spend * BigInt(recent.span) ? recent : hour;
  const window: BalanceRunway['window'] = taken === recent ? 'recent' : hour.span >= windowMs ? 'hour' : 'covered';
  const left = balanceWei - minWei;
  const runway = Number((left * BigInt(taken.span)) / taken.spend);
  if (runway > (o.horizonMs ?? RUNWAY_HORIZON_MS)) return null;
  return { kind: 'balance_runway', relayer_id: relayerId, network, address, balance_wei: balanceWei, min_balance_wei: minWei, spend_wei: taken.spend, window_ms: taken.span, window, samples: taken.samples, runway_ms: runway, read_at: now, method: `value + gas_limit × gas_price (or max_fee_per_gas) of its confirmed/mined transactions over the last hour, or the last ${RUNWAY_RECENT_MS / 60_000} minutes where that spend is faster, at least ${min}: an upper bound on the spend, so the runway is a lower bound` };
}

/**
 * The spend of the confirmed/mined transactions within `windowMs` of now: how many, their sum, and the
 * span it is over — the window, or less where what was read covers less (from the oldest transaction
 * read, in the window or not: one page may stop inside it), at least a minute. Not from the oldest in
 * the window: a burst a minute ago in a window the read covers whole is spend over the window, not a
 * minute's (five sends at once were a rate fifteen times theirs).
 */
function spendOver(txs: readonly Transaction[], now: number, windowMs: number): { samples: number; spend: bigint; span: number } {
  let samples = 0;
  let spend = 0n;
  let covered = now;
  for (const t of txs) {
    if (!SPENT.has(t.status)) continue;
    const at = Date.parse(t.confirmed_at ?? t.sent_at ?? t.created_at ?? '');
    if (!Number.isFinite(at) || at > now) continue;
    covered = Math.min(covered, at);
    if (now - at > windowMs) continue;
    const c = costUpperBound(t);
    if (c === null) continue;
    samples++;
    spend += c;
  }
  return { samples, spend, span: Math.max(Math.min(windowMs, now - covered), 60_000) };
}
