/**
 * The network price's trend, for `cap_headroom` (forecast.ts): read through the relayer's JSON-RPC
 * passthrough, which v1.8 forwards whatever its method (domain/relayer/evm/evm_relayer.rs:561-602:
 * `provider.raw_request_dyn(&method, params)`; models/rpc/mod.rs:91-140 passes the params as sent).
 * v1.8 reads eth_feeHistory from the same node to price (services/gas/evm_gas_price.rs:374): a node a
 * v1.8 relayer works with offers it.
 *
 * - `eth_feeHistory(TREND_BLOCKS, "latest", [50])`: each block's base fee and its median reward — the
 *   price of a block is their sum (what `eth_gasPrice` answers at that block: base fee + tip);
 * - `eth_getBlockByNumber` of its oldest and its newest block (without transactions): their
 *   timestamps, the window's span (feeHistory carries no times; the blocks between are taken as evenly
 *   spaced).
 *
 * The trend: the mean price of the window's first tenth of blocks against its last tenth (means, not
 * two single blocks: a block's price wanders), as a change in percent over the window, and a slope
 * (wei a minute) between the two tenths' middles. Projected in a straight line from the price read now,
 * it says when the price reaches the cap. Never from fewer than TREND_MIN_BLOCKS blocks nor a window
 * under TREND_MIN_WINDOW_MS: then no trend, and why.
 */
import { errorWords, type RelayerClient } from '../../api/index.js';
import { toBigInt } from '../amounts.js';

/** How many of the last blocks eth_feeHistory is asked for (at 2 s a block, 5 minutes; at 12 s, 30). */
export const TREND_BLOCKS = 150;
/** Fewer blocks than this in the answer: no trend. */
export const TREND_MIN_BLOCKS = 10;
/** A window shorter than this: no trend (too short to project from). */
export const TREND_MIN_WINDOW_MS = 60_000;

export type PriceTrend = {
  kind: 'price_trend';
  /** The blocks read (oldest..newest) and the time they span (ms, their timestamps). */
  blocks: number;
  oldest_block: number;
  newest_block: number;
  window_ms: number;
  /** The mean price (base fee + median reward) of the first tenth of the blocks, and of the last. */
  from_wei: bigint;
  to_wei: bigint;
  /** (to − from) / from, in percent (one decimal); null when `from` is 0. */
  change_percent: number | null;
  /** The slope between the two tenths' middles, wei a minute (negative: falling). */
  wei_per_minute: bigint;
};

/**
 * No trend, and why (said where the forecast is said, never silently). `failed`: a read failed or its
 * answer could not be read (feeHistory not offered, the node's error); else the chain gave too little.
 */
export type TrendUnknown = { kind: 'no_trend'; why: string; failed: boolean };

/** The trend not asked for (a caller that reads the price only): said as such where the forecast is said. */
export const TREND_NOT_READ: TrendUnknown = { kind: 'no_trend', why: 'its trend was not read (eth_feeHistory not asked)', failed: false };

const hexQuantity = (v: unknown): bigint | null => (typeof v === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(v) ? BigInt(v) : null);

/** The per-block prices of an eth_feeHistory answer (base fee + the first reward percentile asked), or why they cannot be read. */
export function feeHistoryPrices(result: unknown): { oldest: number; prices: bigint[] } | string {
  if (typeof result !== 'object' || result === null) return 'no fee history';
  const r = result as Record<string, unknown>;
  const oldest = hexQuantity(r.oldestBlock);
  if (oldest === null) return 'no oldestBlock';
  if (!Array.isArray(r.baseFeePerGas)) return 'no baseFeePerGas';
  // One more base fee than blocks (the next block's): the blocks are those with a reward, else all but the last.
  const rewards = Array.isArray(r.reward) ? r.reward : null;
  const n = rewards ? rewards.length : Math.max(0, r.baseFeePerGas.length - 1);
  const prices: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const base = hexQuantity(r.baseFeePerGas[i]);
    if (base === null) return `a base fee that is not a quantity (block ${i})`;
    const row = rewards?.[i] as unknown;
    const tip = Array.isArray(row) && row.length > 0 ? hexQuantity(row[0]) : 0n;
    if (tip === null) return `a reward that is not a quantity (block ${i})`;
    prices.push(base + tip);
  }
  return { oldest: Number(oldest), prices };
}

/** The trend of per-block prices from `oldestBlock`, the oldest's and the newest's times (ms); or no trend, and why. */
export function priceTrend(prices: readonly bigint[], oldestBlock: number, oldestMs: number, newestMs: number, o: { minBlocks?: number; minWindowMs?: number } = {}): PriceTrend | TrendUnknown {
  const n = prices.length;
  const minBlocks = o.minBlocks ?? TREND_MIN_BLOCKS;
  if (n < minBlocks) return { kind: 'no_trend', why: `eth_feeHistory gave ${n} block${n === 1 ? '' : 's'}, fewer than ${minBlocks}`, failed: false };
  const window = newestMs - oldestMs;
  const minWindow = o.minWindowMs ?? TREND_MIN_WINDOW_MS;
  if (!(window >= minWindow)) return { kind: 'no_trend', why: `its last ${n} blocks span ${Math.max(0, Math.round(window / 1000))} s, under ${Math.round(minWindow / 1000)} s`, failed: false };
  const k = Math.max(1, Math.floor(n / 10));
  const mean = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n) / BigInt(xs.length);
  const from = mean(prices.slice(0, k));
  const to = mean(prices.slice(n - k));
  // The tenths' middles are n − k blocks apart, of the n − 1 the window spans.
  const between = (window * (n - k)) / (n - 1);
  const perMinute = ((to - from) * 60_000n) / BigInt(Math.max(1, Math.round(between)));
  return {
    kind: 'price_trend',
    blocks: n,
    oldest_block: oldestBlock,
    newest_block: oldestBlock + n - 1,
    window_ms: window,
    from_wei: from,
    to_wei: to,
    change_percent: from === 0n ? null : Number(((to - from) * 1000n) / from) / 10,
    wei_per_minute: perMinute,
  };
}

/** When the price reaches the cap at the trend's slope, from the price read now (ms); 0 at or over it; null if it does not rise. */
export function reachesCapMs(priceWei: bigint, capWei: bigint, t: PriceTrend): number | null {
  if (priceWei >= capWei) return 0;
  if (t.wei_per_minute <= 0n) return null;
  return Number(((capWei - priceWei) * 60_000n) / t.wei_per_minute);
}

const hex = (n: number) => `0x${n.toString(16)}`;

/**
 * The trend of a relayer's network price, read through its /rpc (each read through `ask`: the caller's
 * limiter and request budget): eth_feeHistory, then its oldest and newest blocks' times side by side.
 */
export async function readPriceTrend(client: RelayerClient, relayerId: string, ask: <T>(p: () => Promise<T>) => Promise<T>, blocks = TREND_BLOCKS, signal?: AbortSignal): Promise<PriceTrend | TrendUnknown> {
  const o = signal ? { signal } : {};
  let history: unknown;
  try {
    history = await ask(() => client.rpcRead(relayerId, 'eth_feeHistory', [hex(blocks), 'latest', [50]], o));
  } catch (e) {
    return { kind: 'no_trend', why: `eth_feeHistory failed: ${errorWords(e)}`, failed: true };
  }
  const h = feeHistoryPrices(history);
  if (typeof h === 'string') return { kind: 'no_trend', why: `eth_feeHistory answered ${h}`, failed: true };
  if (h.prices.length < TREND_MIN_BLOCKS) return priceTrend(h.prices, h.oldest, 0, 0);
  const newest = h.oldest + h.prices.length - 1;
  let times: (number | null)[];
  try {
    times = await Promise.all(
      [h.oldest, newest].map(async (n) => {
        const b = await ask(() => client.rpcRead(relayerId, 'eth_getBlockByNumber', [hex(n), false], o));
        const ts = typeof b === 'object' && b !== null ? toBigInt((b as Record<string, unknown>).timestamp) : undefined;
        return ts === undefined ? null : Number(ts) * 1000;
      }),
    );
  } catch (e) {
    return { kind: 'no_trend', why: `eth_getBlockByNumber (the window's times) failed: ${errorWords(e)}`, failed: true };
  }
  const [from, to] = times;
  if (from === null || from === undefined || to === null || to === undefined) return { kind: 'no_trend', why: `eth_getBlockByNumber gave no timestamp for block ${from === null ? h.oldest : newest}`, failed: true };
  return priceTrend(h.prices, h.oldest, from, to);
}
