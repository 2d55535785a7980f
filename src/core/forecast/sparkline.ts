/**
 * Sparklines: what was read this session as one row of block characters (▁▂▃▄▅▆▇█), each read one
 * cell, scaled against a reference the operator cares about — the network's price against the cap
 * (the floor is 0, the cap the top: a full block is at or over the cap), the balance against its
 * minimum (the minimum the floor: ▁ is at or under it, the highest balance read the top). Pure: the
 * words around it are the caller's. The app has no ASCII mode (every screen draws `…`, `›`, `│`): the
 * blocks are single-width symbols like those (core/text/glyphs.ts).
 */

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
