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
 * when the price is within CAP_HEADROOM_PERCENT of the cap (80 %: the price is 80 % of it or more).
 * One reading: no trend (a watch's reads over time are what a trend needs), and said so.
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
import { jamFormingJson, jamFormingMark, jamFormingWords, type JamForming } from './jamForming.js';

export type { RpcFailing } from './rpcFailing.js';
export type { BalanceRunway } from './balanceRunway.js';
export type { JamForming } from './jamForming.js';

/** The share of the cap at which the network's price is said to be heading for it. */
export const CAP_HEADROOM_PERCENT = 80;

export type Forecast = CapHeadroom | RpcFailing | BalanceRunway | JamForming;

export type CapHeadroom = {
  kind: 'cap_headroom';
  relayer_id: string;
  network_price_wei: bigint;
  cap_wei: bigint;
  /** The price as a share of the cap, in whole percent (rounded down). */
  percent: number;
  threshold_percent: number;
  /** When the price was read (ms). */
  read_at: number;
  /** How it was computed, in words (`--json` carries it). */
  method: string;
};

/** The cap's headroom from one reading of the network's price, or null (no cap, no price, room enough). */
export function capHeadroom(relayerId: string, priceWei: bigint | null, capWei: bigint | null, readAt: number, threshold = CAP_HEADROOM_PERCENT): CapHeadroom | null {
  if (priceWei === null || capWei === null || capWei <= 0n) return null;
  const percent = Number((priceWei * 100n) / capWei);
  if (percent < threshold) return null;
  return { kind: 'cap_headroom', relayer_id: relayerId, network_price_wei: priceWei, cap_wei: capWei, percent, threshold_percent: threshold, read_at: readAt, method: `eth_gasPrice read once through the relayer's /rpc against policies.gas_price_cap; said at ${threshold} % of the cap or more; no trend from one reading` };
}

/** The cap proposed against a forecast (as for a jam at its cap). */
export function proposedCap(f: CapHeadroom): bigint {
  return proposedCapFromPrice(f.network_price_wei);
}

/** A forecast in words, its fix as this face names it (a key in the TUI, a command headless). */
export function forecastWords(f: Forecast, face: FixFace): string {
  if (f.kind === 'rpc_failing') return rpcFailingWords(f, face);
  if (f.kind === 'balance_runway') return runwayWords(f, face);
  if (f.kind === 'jam_forming') return jamFormingWords(f, face);
  const cap = proposedCap(f);
  const fix = face.kind === 'keys' ? `${face.capVia ?? ''}p` : `${face.prefix ?? 'relayer-tui'} policies ${face.relayerId} --set gas_price_cap=${cap}gwei`;
  const where = f.network_price_wei >= f.cap_wei ? `the network asks ${formatGwei(f.network_price_wei)}, at or over its cap ${formatGwei(f.cap_wei)}: what it sends next is priced at the cap and may wait (v1.8 re-prices no higher)` : `the network asks ${formatGwei(f.network_price_wei)}, ${f.percent} % of its cap ${formatGwei(f.cap_wei)}: a rise of ${100 - f.percent} % jams what it sends at the cap`;
  return `heading for a jam at its cap: ${where}; raise the cap before it does (${fix}, ${cap} gwei: the price + ${CAP_PROPOSAL_PERCENT} %); one reading, no trend`;
}

/** A forecast as JSON: flat fields, wei as decimal strings, the time as ISO. */
export function forecastJson(f: Forecast): Record<string, unknown> {
  if (f.kind === 'jam_forming') return jamFormingJson(f);
  if (f.kind === 'rpc_failing')
    return { kind: f.kind, source: f.source, error: f.error, failures: f.failures, window_seconds: f.window_ms === null ? null : Math.round(f.window_ms / 1000), read_at: new Date(f.read_at).toISOString(), method: f.method, disables: V18_DISABLES };
  if (f.kind === 'balance_runway')
    return { kind: f.kind, balance_wei: f.balance_wei.toString(), min_balance_wei: f.min_balance_wei.toString(), spend_wei: f.spend_wei.toString(), spend_is_upper_bound: true, address: f.address, window_seconds: Math.round(f.window_ms / 1000), samples: f.samples, runway_seconds: Math.round(f.runway_ms / 1000), read_at: new Date(f.read_at).toISOString(), method: f.method };
  return { kind: f.kind, network_price_wei: f.network_price_wei.toString(), cap_wei: f.cap_wei.toString(), percent: f.percent, threshold_percent: f.threshold_percent, read_at: new Date(f.read_at).toISOString(), method: f.method };
}

/** Where v1.8 disables a relayer whose health check (its RPC among the checks) fails. */
export const V18_DISABLES = 'v1.8 disables a relayer whose health check fails (its RPC validated among the checks) when it next initialises it: at the next start (domain/relayer/evm/evm_relayer.rs:642-705)';

/** The short mark of a forecast in a summary: `cap 85 %`, `RPC failing`. */
export function forecastMark(f: Forecast): string {
  if (f.kind === 'balance_runway') return `runway ~${ageMs(f.runway_ms)}`;
  if (f.kind === 'jam_forming') return jamFormingMark(f);
  return f.kind === 'cap_headroom' ? `cap ${f.percent} %` : 'RPC failing';
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
  const window = f.window_ms >= 3_600_000 ? "the last hour's spend" : `the spend of the last ${ageMs(f.window_ms)} (what its transactions read cover)`;
  return `heading for its minimum: reaches ${formatWeiShort(f.min_balance_wei, f.network)} in ~${ageMs(f.runway_ms)} at ${window} (${f.samples} transactions, an upper bound: gas_limit × the price offered; so at that spend the runway is at least this, sooner if the spend rises); then v1.8 fails its sends; ${fix} before`;
}
