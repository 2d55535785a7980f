/**
 * `balance_runway` from the balance read across the session (the TUI's status reads: the list's, a
 * watch's, a detail's — no read of its own): the fall of the balance over the reads since it last
 * rose (a funding starts the window again), at most the last hour, against balance − minimum. The
 * spend is what the balance fell by, measured, not bounded; a deposit in the window would hide spend,
 * which is why a rise starts the window again. Never from fewer than RUNWAY_MIN_SAMPLES reads.
 */
import { RUNWAY_HORIZON_MS, RUNWAY_MIN_SAMPLES, RUNWAY_WINDOW_MS, type BalanceRunway, type RunwayUnknown } from './balanceRunway.js';
import type { Reading } from './sparkline.js';

/** The reads a runway rests on: those since the balance last rose, within the window (oldest first). */
export function runwayReads(reads: readonly Reading[], now: number, windowMs = RUNWAY_WINDOW_MS): Reading[] {
  let from = reads.length - 1;
  while (from > 0) {
    const prev = reads[from - 1]!;
    if (prev.wei < reads[from]!.wei || now - prev.at > windowMs) break;
    from--;
  }
  return from < 0 ? [] : reads.slice(from);
}

/**
 * The runway from balance reads (oldest first): a forecast when the minimum is reached within the
 * horizon at the fall measured; `not_enough` below the minimum of reads; null when there is nothing
 * to forecast (no minimum, already under it, not falling, far off).
 */
export function runwayFromBalanceReads(relayerId: string, network: string | null, address: string | null, reads: readonly Reading[], minWei: bigint | null, now: number, o: { minSamples?: number; horizonMs?: number } = {}): BalanceRunway | RunwayUnknown | null {
  const min = o.minSamples ?? RUNWAY_MIN_SAMPLES;
  const last = reads[reads.length - 1];
  if (!last || minWei === null || last.wei < minWei) return null;
  const run = runwayReads(reads, now);
  if (run.length < min) return { kind: 'not_enough', samples: run.length, min };
  const first = run[0]!;
  const fell = first.wei - last.wei;
  const span = last.at - first.at;
  if (fell <= 0n || span <= 0) return null;
  const runway = Number(((last.wei - minWei) * BigInt(span)) / fell);
  if (runway > (o.horizonMs ?? RUNWAY_HORIZON_MS)) return null;
  return {
    kind: 'balance_runway',
    relayer_id: relayerId,
    source: 'balance_reads',
    network,
    address,
    balance_wei: last.wei,
    min_balance_wei: minWei,
    spend_wei: fell,
    window_ms: span,
    samples: run.length,
    runway_ms: runway,
    read_at: last.at,
    method: `its balance read ${run.length} times this session since it last rose (at least ${min}): the fall between the first and the last read, at the same rate on`,
  };
}
