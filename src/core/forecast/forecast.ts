/**
 * Forecasts: the stops a relayer is heading for, before they happen — data first (each with the
 * figures it rests on, when they were read and how it was computed), words at the edge (forecastWords).
 * A forecast is never a verdict on what was not read: no figure, no forecast (and the caller says the
 * relayer was not read, as for jams).
 *
 * `cap_headroom`: the network's price (`eth_gasPrice` through the relayer's JSON-RPC passthrough, the
 * read the jam diagnosis makes) against the relayer's `gas_price_cap`. v1.8 holds every quote and every
 * re-price at the cap (price_calculator.rs:558-579; openzeppelin-relayer#808): once the network asks
 * more than the cap, what it sends is priced under the market and waits — the jam `price_cap`. Said
 * when the price is within CAP_HEADROOM_PERCENT of the cap (80 %: the price is 80 % of it or more), or
 * when its trend over the last blocks (priceTrend.ts: eth_feeHistory) reaches the cap within
 * CAP_TREND_HORIZON_MS at its slope, in a straight line from the price read now. Where the trend could
 * not be had (feeHistory not offered, failed, too few blocks), the one reading stands alone, and the
 * words say so and why.
 *
 * `rpc_failing` (rpcFailing.ts): the relayer's RPC answering errors, which v1.8 disables it for at
 * its next start.
 *
 * `jam_forming` (jamForming.ts): the transaction at the chain's nonce not mined yet, before the jam
 * rules call it a jam.
 */
import type { FixFace } from '../jam/words.js';
import { CAP_PROPOSAL_PERCENT, proposedCapFromPrice } from './capProposal.js';

export { CAP_PROPOSAL_PERCENT, proposedCapFromPrice } from './capProposal.js';
import { formatGwei, formatWeiShort } from '../amounts.js';
import { sanitize } from '../text/sanitize.js';
import { ageMs } from '../time.js';
import { rpcErrorText, type RpcFailing } from './rpcFailing.js';
import type { BalanceRunway } from './balanceRunway.js';
import { reachesCapMs, TREND_NOT_READ, type PriceTrend, type TrendUnknown } from './priceTrend.js';
import { jamFormingJson, jamFormingMark, jamFormingWords, type JamForming } from './jamForming.js';

export type { RpcFailing } from './rpcFailing.js';
export type { BalanceRunway } from './balanceRunway.js';
export type { PriceTrend, TrendUnknown } from './priceTrend.js';
export type { JamForming } from './jamForming.js';

/** The share of the cap at which the network's price is said to be heading for it. */
export const CAP_HEADROOM_PERCENT = 80;
/** How far ahead a trend reaching the cap is said (30 minutes). */
export const CAP_TREND_HORIZON_MS = 30 * 60_000;

export type Forecast = CapHeadroom | RpcFailing | BalanceRunway | JamForming;

export type CapHeadroom = {
  kind: 'cap_headroom';
  relayer_id: string;
  network_price_wei: bigint;
  cap_wei: bigint;
  /** The price as a share of the cap, in whole percent (rounded down). */
  percent: number;
  threshold_percent: number;
  /** The price's trend over the last blocks, or why there is none (the one reading then stands alone). */
  trend: PriceTrend | TrendUnknown;
  /** When the price reaches the cap at the trend's slope (ms from read_at; 0: at or over it), or null (no trend, or not rising). */
  reaches_cap_ms: number | null;
  horizon_ms: number;
  /** What it is said for: the price within the threshold, the trend reaching the cap within the horizon, or both. */
  said_for: ('threshold' | 'trend')[];
  /** When the price was read (ms). */
  read_at: number;
  /** How it was computed, in words (`--json` carries it). */
  method: string;
};

/**
 * The cap's headroom from the price read now and its trend (or why there is none), or null (no cap, no
 * price, room enough and no trend reaching the cap within the horizon).
 */
export function capHeadroom(relayerId: string, priceWei: bigint | null, capWei: bigint | null, readAt: number, trend: PriceTrend | TrendUnknown = TREND_NOT_READ, o: { threshold?: number; horizonMs?: number } = {}): CapHeadroom | null {
  if (priceWei === null || capWei === null || capWei <= 0n) return null;
  const threshold = o.threshold ?? CAP_HEADROOM_PERCENT;
  const horizon = o.horizonMs ?? CAP_TREND_HORIZON_MS;
  const percent = Number((priceWei * 100n) / capWei);
  const reaches = trend.kind === 'price_trend' ? reachesCapMs(priceWei, capWei, trend) : null;
  const saidFor: CapHeadroom['said_for'] = [];
  if (percent >= threshold) saidFor.push('threshold');
  // The trend is a reason only while the price is under the cap and rising to it (over it, reachesCapMs is 0 whatever the slope).
  if (reaches !== null && reaches > 0 && reaches <= horizon) saidFor.push('trend');
  if (saidFor.length === 0) return null;
  const how =
    trend.kind === 'price_trend'
      ? `its trend from eth_feeHistory over the last ${trend.blocks} blocks (base fee + median reward; the mean of the first tenth against the last, the window's span from its blocks' timestamps), projected in a straight line from the price read now: said when it reaches the cap within ${ageMs(horizon)}`
      : `no trend (${trend.why}): the one reading alone`;
  return { kind: 'cap_headroom', relayer_id: relayerId, network_price_wei: priceWei, cap_wei: capWei, percent, threshold_percent: threshold, trend, reaches_cap_ms: reaches, horizon_ms: horizon, said_for: saidFor, read_at: readAt, method: `eth_gasPrice read through the relayer's /rpc against policies.gas_price_cap, said at ${threshold} % of the cap or more; ${how}` };
}

/** The price the cap is proposed from: the price read, or where its trend rises, the price it reaches at the horizon's end (the larger). */
function proposalBase(f: CapHeadroom): { wei: bigint; byTrend: boolean } {
  if (f.trend.kind !== 'price_trend' || f.trend.wei_per_minute <= 0n) return { wei: f.network_price_wei, byTrend: false };
  const ahead = f.network_price_wei + (f.trend.wei_per_minute * BigInt(f.horizon_ms)) / 60_000n;
  return ahead > f.network_price_wei ? { wei: ahead, byTrend: true } : { wei: f.network_price_wei, byTrend: false };
}

/** The cap proposed against a forecast (as for a jam at its cap): the price — or what its trend reaches at the horizon — + CAP_PROPOSAL_PERCENT. */
export function proposedCap(f: CapHeadroom): bigint {
  return proposedCapFromPrice(proposalBase(f).wei);
}

/** No cap forecast while the trend is not known (a read failed): why, and the one reading's share of the cap under the threshold. */
export function capTrendUnknownWords(t: TrendUnknown, priceWei: bigint, capWei: bigint, threshold = CAP_HEADROOM_PERCENT): string {
  return `the trend of its network's price toward its cap not known: ${sanitize(t.why)}; the one reading, ${Number((priceWei * 100n) / capWei)} % of its cap, is under the ${threshold} % threshold`;
}

/** The trend in words: `up 12 % in 10m (the last 150 blocks)`, or why there is none. */
export function trendWords(t: PriceTrend | TrendUnknown): string {
  if (t.kind === 'no_trend') return `no trend: ${sanitize(t.why)}`;
  // The window to the nearest minute (150 blocks of 2 s span 298 s: "5m", not the 4m a floor says).
  const window = t.window_ms >= 60_000 ? Math.round(t.window_ms / 60_000) * 60_000 : t.window_ms;
  const span = `in ${ageMs(window)} (eth_feeHistory, its last ${t.blocks} blocks: ${formatGwei(t.from_wei)} → ${formatGwei(t.to_wei)})`;
  if (t.change_percent === null) return t.to_wei > t.from_wei ? `up from nothing ${span}` : `unchanged ${span}`;
  if (t.change_percent === 0) return `unchanged ${span}`;
  // One decimal under 10 %, whole percent above (a climb from 0.01 gwei is thousands of percent).
  const size = Math.abs(t.change_percent);
  return `${t.change_percent > 0 ? 'up' : 'down'} ${size < 10 ? size : Math.round(size)} % ${span}`;
}

/** A forecast in words, its fix as this face names it (a key in the TUI, a command headless). */
export function forecastWords(f: Forecast, face: FixFace): string {
  if (f.kind === 'rpc_failing') return rpcFailingWords(f, face);
  if (f.kind === 'balance_runway') return runwayWords(f, face);
  if (f.kind === 'jam_forming') return jamFormingWords(f, face);
  return capHeadroomWords(f, face);
}

/** cap_headroom in words: both figures, the trend (or why none), when the trend reaches the cap, the fix. */
function capHeadroomWords(f: CapHeadroom, face: FixFace): string {
  const cap = proposedCap(f);
  const base = proposalBase(f);
  const fix = face.kind === 'keys' ? `${face.capVia ?? ''}p` : `${face.prefix ?? 'relayer-tui'} policies ${face.relayerId} --set gas_price_cap=${cap}gwei`;
  const over = f.network_price_wei >= f.cap_wei;
  const asks = over ? `the network asks ${formatGwei(f.network_price_wei)}, at or over its cap ${formatGwei(f.cap_wei)}` : `the network asks ${formatGwei(f.network_price_wei)}, ${f.percent} % of its cap ${formatGwei(f.cap_wei)}`;
  const trend = trendWords(f.trend);
  let then: string;
  if (over) then = 'what it sends next is priced at the cap and may wait (v1.8 re-prices no higher)';
  else if (f.reaches_cap_ms !== null) then = `at that rate it reaches the cap in ~${ageMs(f.reaches_cap_ms)}${f.reaches_cap_ms <= f.horizon_ms ? `, within the ${ageMs(f.horizon_ms)} horizon` : ''}, and what it sends then waits at the cap`;
  else if (f.trend.kind === 'price_trend') then = `not rising: a rise of ${100 - f.percent} % jams what it sends at the cap`;
  else then = `one reading: a rise of ${100 - f.percent} % jams what it sends at the cap`;
  const from = base.byTrend ? `the price its trend reaches in ${ageMs(f.horizon_ms)} + ${CAP_PROPOSAL_PERCENT} %` : `the price + ${CAP_PROPOSAL_PERCENT} %`;
  const unsure = f.trend.kind === 'price_trend' ? 'a straight line through the last blocks: a spike that turns is not foreseen' : 'one reading, no trend';
  return `heading for a jam at its cap: ${asks}, ${trend}: ${then}; raise the cap before it does (${fix}, ${cap} gwei: ${from}); ${unsure}`;
}

/** A forecast as JSON: flat fields, wei as decimal strings, the time as ISO. */
export function forecastJson(f: Forecast): Record<string, unknown> {
  if (f.kind === 'jam_forming') return jamFormingJson(f);
  if (f.kind === 'rpc_failing')
    return { kind: f.kind, source: f.source, error: f.error, failures: f.failures, window_seconds: f.window_ms === null ? null : Math.round(f.window_ms / 1000), read_at: new Date(f.read_at).toISOString(), method: f.method, disables: V18_DISABLES };
  if (f.kind === 'balance_runway')
    return { kind: f.kind, balance_wei: f.balance_wei.toString(), min_balance_wei: f.min_balance_wei.toString(), spend_wei: f.spend_wei.toString(), spend_is_upper_bound: true, address: f.address, window_seconds: Math.round(f.window_ms / 1000), window: f.window, samples: f.samples, runway_seconds: Math.round(f.runway_ms / 1000), read_at: new Date(f.read_at).toISOString(), method: f.method };
  const t = f.trend.kind === 'price_trend' ? f.trend : null;
  return {
    kind: f.kind,
    network_price_wei: f.network_price_wei.toString(),
    cap_wei: f.cap_wei.toString(),
    percent: f.percent,
    threshold_percent: f.threshold_percent,
    said_for: f.said_for,
    // The trend, flat (null where there is none, and why).
    trend_from_wei: t ? t.from_wei.toString() : null,
    trend_to_wei: t ? t.to_wei.toString() : null,
    trend_change_percent: t ? t.change_percent : null,
    trend_wei_per_minute: t ? t.wei_per_minute.toString() : null,
    trend_window_seconds: t ? Math.round(t.window_ms / 1000) : null,
    trend_blocks: t ? t.blocks : null,
    trend_oldest_block: t ? t.oldest_block : null,
    trend_newest_block: t ? t.newest_block : null,
    no_trend_because: f.trend.kind === 'no_trend' ? f.trend.why : null,
    reaches_cap_seconds: f.reaches_cap_ms === null ? null : Math.round(f.reaches_cap_ms / 1000),
    horizon_seconds: Math.round(f.horizon_ms / 1000),
    proposed_cap_gwei: proposedCap(f).toString(),
    read_at: new Date(f.read_at).toISOString(),
    method: f.method,
  };
}

/** Where v1.8 disables a relayer whose health check (its RPC among the checks) fails. */
export const V18_DISABLES = 'v1.8 disables a relayer whose health check fails (its RPC validated among the checks) when it next initialises it: at the next start (domain/relayer/evm/evm_relayer.rs:642-705)';

/**
 * The stop each kind of forecast is heading for, as a summary counts them (the fleet's: `sandbox: 1 for
 * a jam at its cap`); each forecast's own words (forecastWords) say it whole.
 */
export const FORECAST_STOP: Record<Forecast['kind'], string> = {
  cap_headroom: 'a jam at its cap',
  balance_runway: 'its minimum balance',
  rpc_failing: 'a disable (its RPC failing)',
  jam_forming: 'a jam forming',
};

/** The short mark of a forecast in a summary: `cap 85 %`, `cap 40 %, at it in ~8m` (by its trend), `RPC failing`. */
export function forecastMark(f: Forecast): string {
  if (f.kind === 'balance_runway') return `runway ~${ageMs(f.runway_ms)}`;
  if (f.kind === 'jam_forming') return jamFormingMark(f);
  if (f.kind === 'rpc_failing') return 'RPC failing';
  return f.said_for.includes('trend') && f.reaches_cap_ms !== null && f.reaches_cap_ms > 0 ? `cap ${f.percent} %, at it in ~${ageMs(f.reaches_cap_ms)}` : `cap ${f.percent} %`;
}

/** rpc_failing in words: what failed (the server's text, sanitized), why it is a stop ahead, the fix, what it is not sure of. */
function rpcFailingWords(f: RpcFailing, face: FixFace): string {
  const fix = face.kind === 'keys' ? `${face.capVia ?? ''}p: its RPC URLs` : `${face.prefix ?? 'relayer-tui'} policies ${face.relayerId} --rpc-url <url>, or its network's: ${face.prefix ?? 'relayer-tui'} networks update <network>`;
  const what =
    f.source === 'rpc_read'
      ? `its /rpc answered this read with the node's failure ${sanitize(rpcErrorText(f.error ?? { code: null, message: null, description: null }))}`
      : `the server counted ${f.failures} RPC failure${f.failures === 1 ? '' : 's'} of its reads in the last ${ageMs(f.window_ms ?? 0)} (api_rpc_failures_total)`;
  const unsure = f.source === 'rpc_read' ? 'one read: a passing fault of the node is not told apart' : 'the counter is per process and resets on restart';
  return `its RPC is failing: ${what}; ${V18_DISABLES}, and what it sends meanwhile cannot reach the chain; fix its RPC before (${fix}); ${unsure}`;
}

/** balance_runway in words: the minimum, when it is reached at the window's spend (samples, an upper bound), the fix. */
function runwayWords(f: BalanceRunway, _face: FixFace): string {
  const fix = f.address ? `fund its address ${sanitize(f.address)}` : `fund it (its address not given by the server)`;
  const window = f.window === 'hour' ? "the last hour's spend" : f.window === 'recent' ? `the spend of the last ${ageMs(f.window_ms)} (faster than the hour's)` : `the spend of the last ${ageMs(f.window_ms)} (what its transactions read cover)`;
  return `heading for its minimum: reaches ${formatWeiShort(f.min_balance_wei, f.network)} in ~${ageMs(f.runway_ms)} at ${window} (${f.samples} transactions, an upper bound: gas_limit × the price offered; so at that spend the runway is at least this, sooner if the spend rises); then v1.8 fails its sends; ${fix} before`;
}
