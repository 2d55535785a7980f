/**
 * Sparklines: what was read this session as one row of block characters (▁▂▃▄▅▆▇█), each read one
 * cell, scaled against a reference the operator cares about — the network's price against the cap
 * (the floor is 0, the cap the top: a full block is at or over the cap), the balance against its
 * minimum (the minimum the floor: ▁ is at or under it, the highest balance read the top). Pure: the
 * words around it are the caller's. The app has no ASCII mode (every screen draws `…`, `›`, `│`): the
 * blocks are single-width symbols like those (core/text/glyphs.ts).
 */
import { formatGwei, formatWeiShort } from '../amounts.js';
import { clock } from '../time.js';

export const SPARK_BLOCKS = '▁▂▃▄▅▆▇█';

/** A timed reading of an amount (wei, base units). */
export interface Reading {
  at: number;
  wei: bigint;
}

/** The last `cells` values as blocks, `lo` drawn as ▁ and `hi` (or more) as █; '' for no value. */
export function sparkline(values: readonly bigint[], lo: bigint, hi: bigint, cells = 24): string {
  const shown = values.slice(-Math.max(1, cells));
  const top = SPARK_BLOCKS.length - 1;
  const span = hi > lo ? hi - lo : 1n;
  let out = '';
  for (const v of shown) {
    const c = v <= lo ? 0n : v >= hi ? BigInt(top) : ((v - lo) * BigInt(top)) / span;
    out += SPARK_BLOCKS[Number(c)]!;
  }
  return out;
}

/** The network's price against the cap: 0 the floor, the cap the top (a price over it is a full block). */
export function priceSparkline(prices: readonly bigint[], capWei: bigint | null, cells = 24): string {
  let hi = capWei ?? 0n;
  // No cap: scaled against the highest price read (the line then shows its shape only; the caller says there is no cap).
  if (hi <= 0n) for (const p of prices) hi = p > hi ? p : hi;
  return sparkline(prices, 0n, hi, cells);
}

/** The balance against its minimum: the minimum the floor, the highest balance read the top. */
export function balanceSparkline(balances: readonly bigint[], minWei: bigint | null, cells = 24): string {
  let hi = 0n;
  for (const b of balances) hi = b > hi ? b : hi;
  return sparkline(balances, minWei ?? 0n, hi, cells);
}

/** Appends a reading to a series kept to its last `max` entries (a watch kept open for hours stays bounded). */
export function pushReading(series: Reading[], r: Reading, max = 120): void {
  series.push(r);
  if (series.length > max) series.splice(0, series.length - max);
}

/** How many reads a detail's sparkline draws (its value column at 80 columns holds them with their words). */
export const SPARK_CELLS = 20;

/** The reads' span in words: `6 reads 12:00:01–12:05:01` (one: `1 read at 12:00:01`). */
function readsWords(reads: readonly Reading[]): string {
  const first = reads[0]!;
  const last = reads[reads.length - 1]!;
  const shown = reads.length > SPARK_CELLS ? `, the last ${SPARK_CELLS} drawn` : '';
  return reads.length === 1 ? `1 read at ${clock(first.at)}` : `${reads.length} reads ${clock(first.at)}–${clock(last.at)}${shown}`;
}

/**
 * The network's price against the cap over what was read: `▃▄▅▆ 34 gwei now, 85 % of its cap 40 gwei
 * (█ at the cap); 4 reads 12:00:01–12:01:01`; no cap: drawn against the highest read, and said so.
 * Null: not read yet.
 */
export function priceSparkWords(reads: readonly Reading[], capWei: bigint | null): string | null {
  if (!reads.length) return null;
  const last = reads[reads.length - 1]!;
  const line = priceSparkline(reads.map((r) => r.wei), capWei, SPARK_CELLS);
  const against = capWei !== null && capWei > 0n ? `${Number((last.wei * 100n) / capWei)} % of its cap ${formatGwei(capWei)} (█ at the cap)` : 'no gas_price_cap (drawn against the highest read)';
  return `${line} ${formatGwei(last.wei)} now, ${against}; ${readsWords(reads)}`;
}

/**
 * The balance against its minimum over what was read: `█▇▅▃ 0.0123 ETH now, its minimum 0.005 ETH
 * (▁ at it); 4 reads 12:00:01–12:01:01`. Null: not read yet.
 */
export function balanceSparkWords(reads: readonly Reading[], minWei: bigint | null, network: string | null): string | null {
  if (!reads.length) return null;
  const last = reads[reads.length - 1]!;
  const line = balanceSparkline(reads.map((r) => r.wei), minWei, SPARK_CELLS);
  const against = minWei !== null ? `its minimum ${formatWeiShort(minWei, network)} (▁ at it or under)` : 'no minimum known (drawn from 0)';
  return `${line} ${formatWeiShort(last.wei, network)} now, ${against}; ${readsWords(reads)}`;
}
