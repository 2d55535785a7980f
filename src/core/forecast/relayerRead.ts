/**
 * One relayer's forecasts from the reads its diagnosis makes — the one path for every face (`check`,
 * the TUI's jam store): the network's price read beside the diagnosis (startPriceRead: given to
 * readJam, never read twice), then rpc_failing from the node's failure that read was answered with,
 * cap_headroom from its price against the cap and its trend over the last blocks (priceTrend.ts; none
 * while a jam at the cap stands), balance_runway from the relayer's status (its balance, as read for
 * the diagnosis) and one page of its confirmed transactions (readRunway), and jam_forming from what the
 * diagnosis read (jamForming.ts). Each request through the caller's `ask` (its limiter, its budget).
 * What could not be forecast because a read failed, or too few transactions were read, comes back
 * typed (ForecastUnknown, unknown.ts): every face says it ("not known, because …"); check leaves out
 * only too few transactions (a figure, in --json) and what a failing RPC left unmade (said under it).
 */
import { errorWords, type Relayer, type RelayerClient } from '../../api/index.js';
import { nativeUnitOf, toBigInt } from '../amounts.js';
import { minimumFor, type MinBalances } from '../fleet/balance.js';
import type { JamRead } from '../jam/read.js';
import { networkKind, relayerState } from '../relayer.js';
import { balanceRunway, type BalanceRunway } from './balanceRunway.js';
import { capHeadroom, type Forecast } from './forecast.js';
import { readPriceTrend, type PriceTrend, type TrendUnknown } from './priceTrend.js';
import { jamFormingOf, type ChainSeen } from './jamForming.js';
import { rpcErrorOf, rpcFailingFromRead, type RpcError } from './rpcFailing.js';
import type { ForecastUnknown } from './unknown.js';

type Ask = <T>(p: () => Promise<T>) => Promise<T>;

/** The network's price as read once (eth_gasPrice through the relayer's /rpc): its value, or why not (the node's failure where the server passed one on). */
export interface PriceRead {
  at: number;
  wei: bigint | null;
  nodeError: RpcError | null;
  /** Why there is no price (the read failed, or answered no price); null: read. */
  why: string | null;
}

/** Whether the forecasts read anything of this relayer: an active EVM relayer (a paused one's /rpc answers 403 in v1.8) on a server with a /rpc. */
export function forecastsRead(client: RelayerClient, r: Relayer): boolean {
  return networkKind(r.network_type) === 'evm' && relayerState(r) === 'active' && client.offers('rpc');
}

/**
 * The network's price, read now through `ask` beside the diagnosis: `raw` for readJam (its `price`: not
 * read again), `read` its outcome for the forecasts. Undefined where nothing is forecast (forecastsRead).
 */
export function startPriceRead(client: RelayerClient, r: Relayer, o: { ask: Ask; now: () => number; signal?: AbortSignal }): { raw: Promise<unknown>; read: Promise<PriceRead>; trend: Promise<PriceTrend | TrendUnknown | null> } | undefined {
  if (!forecastsRead(client, r)) return undefined;
  const raw = o.ask(() => client.rpcRead(r.id, 'eth_gasPrice', [], o.signal ? { signal: o.signal } : {}));
  // Its trend over the last blocks (eth_feeHistory and its window's times: priceTrend.ts), where it has a cap: read beside the price, through the same `ask`.
  const cap = toBigInt(r.policies?.gas_price_cap);
  const trend = cap === undefined || cap <= 0n ? Promise.resolve(null) : readPriceTrend(client, r.id, o.ask, undefined, o.signal).catch((e: unknown): TrendUnknown => ({ kind: 'no_trend', why: `its trend could not be read: ${errorWords(e)}`, failed: true }));
  const read = raw.then(
    (v): PriceRead => {
      const wei = toBigInt(v) ?? null;
      return { at: o.now(), wei, nodeError: null, why: wei === null ? 'eth_gasPrice answered something that is not a price' : null };
    },
    (e: unknown): PriceRead => ({ at: o.now(), wei: null, nodeError: rpcErrorOf(e), why: errorWords(e) }),
  );
  return { raw, read, trend };
}

/** Its minimum balance (the higher of its policy's and the context's), as core/fleet/balance.ts minimumFor says it. */
export function minimumOf(r: Relayer, context: { minBalances?: MinBalances | undefined; name: string } | undefined): ReturnType<typeof minimumFor> {
  return minimumFor(r, nativeUnitOf(r.network_type, r.network), context?.minBalances, context?.name ?? 'in use');
}

/** The runway read: the forecast, or `not_enough`, or why its transactions could not be read; null: nothing to forecast. */
export type RunwayRead = BalanceRunway | { kind: 'not_enough'; samples: number; min: number; at: number } | { kind: 'unread'; why: string; at: number } | null;

/**
 * balance_runway from the balance its status gave and one page of its confirmed transactions (newest
 * first, through `ask`): none for a relayer with no minimum or already under it (the low-balance
 * problem), nor where the balance is not a number.
 */
export async function readRunway(client: RelayerClient, r: Relayer, status: { balance?: unknown }, minimum: ReturnType<typeof minimumFor>, o: { ask: Ask; now: () => number; signal?: AbortSignal }): Promise<RunwayRead> {
  if (networkKind(r.network_type) !== 'evm' || relayerState(r) !== 'active') return null;
  const balance = toBigInt(status.balance) ?? null;
  if (balance === null || !minimum || 'error' in minimum || balance < BigInt(minimum.min)) return null;
  let page;
  try {
    page = await o.ask(() => client.listTransactions(r.id, { status: 'confirmed', perPage: 100 }, o.signal ? { signal: o.signal } : {}));
  } catch (e) {
    if (o.signal?.aborted) throw e;
    return { kind: 'unread', why: errorWords(e), at: o.now() };
  }
  const at = o.now();
  const f = balanceRunway(r.id, r.network ?? null, r.address ?? null, balance, BigInt(minimum.min), page.items, at);
  return f?.kind === 'not_enough' ? { ...f, at } : f;
}

export interface RelayerForecastsRead {
  /** The diagnosis as the forecasts leave it: one not read because its RPC fails is said under that forecast (not a read that failed: check's 13). */
  read: JamRead;
  /** Why it was not diagnosed, where that is its RPC failing (said under the forecast); else null. */
  underFailing: string | null;
  forecasts: Forecast[];
  unknown: ForecastUnknown[];
  /** The chain as this read saw it, for the next read's jam_forming (a reader of the same relayer again carries it: the fleet's refresh, the TUI's store). */
  seen: ChainSeen | null;
  /** No forecast of the cap, and its trend not known (a read failed, too few blocks): why (`check --json`'s cap_trend_not_known; said where a read failed). */
  capTrendNotKnown: (TrendUnknown & { priceWei: bigint; capWei: bigint }) | null;
}

/**
 * The forecasts of a relayer from its diagnosis's reads: rpc_failing, cap_headroom, balance_runway,
 * jam_forming (in that order), and what could not be forecast. `status`: as read for the diagnosis (undefined: not
 * read, `statusWhy` says why where a read failed); the runway's transactions read here through `ask`.
 */
export async function forecastRelayer(
  client: RelayerClient,
  r: Relayer,
  i: { forecast: boolean; read: JamRead; price: Promise<PriceRead> | undefined; trend?: Promise<PriceTrend | TrendUnknown | null> | undefined; seen?: ChainSeen | null; status: { balance?: unknown } | undefined; statusWhy?: string | null; minimum: ReturnType<typeof minimumFor>; ask: Ask; now: () => number; signal?: AbortSignal },
): Promise<RelayerForecastsRead> {
  let read = i.read;
  // Not forecast (off, or not an active EVM relayer on a server with a /rpc: startPriceRead read nothing): nothing said of it,
  // never "not known" — a server of the interface document has no status or /rpc to read.
  if (!i.forecast || !i.price) return { read, underFailing: null, forecasts: [], unknown: [], seen: null, capTrendNotKnown: null };
  const price = await i.price;
  const unknown: ForecastUnknown[] = [];
  // Its /rpc answered with the node's failure: the server was read, and said its RPC fails.
  const failing = price?.nodeError ? rpcFailingFromRead(r.id, price.nodeError, 'eth_gasPrice', price.at) : null;
  // What could not be read because of it (its status, its chain) is said under that forecast, not counted as a read that failed.
  const underFailing = failing !== null && read.kind === 'not_diagnosed' && read.unreadable === true ? read.why : null;
  if (underFailing !== null) read = { kind: 'not_diagnosed', why: underFailing };
  if (!failing && price.why !== null) unknown.push({ kind: 'rpc_failing', reason: 'price_unread', why: price.why, at: price.at });
  // A jam at the cap already stands: no forecast of it.
  const atCap = read.kind === 'diagnosed' && read.diagnosis.kind === 'jam' && read.diagnosis.jam.cause === 'price_cap';
  const cap = toBigInt(r.policies?.gas_price_cap) ?? null;
  const trend = (await i.trend) ?? undefined;
  const headroom = atCap || failing ? null : capHeadroom(r.id, price.wei, cap, price.at, trend);
  const capTrendNotKnown = !headroom && !atCap && !failing && price.wei !== null && cap !== null && cap > 0n && trend?.kind === 'no_trend' ? { ...trend, priceWei: price.wei, capWei: cap } : null;
  // A trend that could not be read (a read failed, not merely too few blocks): said by every face as not known.
  if (capTrendNotKnown?.failed) unknown.push({ kind: 'cap_headroom', reason: 'trend_unread', why: capTrendNotKnown.why, at: price.at });
  if (!atCap && cap !== null && price.wei === null) unknown.push({ kind: 'cap_headroom', reason: failing ? 'rpc_failing' : 'price_unread', why: price.why ?? '', at: price.at });
  // The balance's runway: not while its RPC fails (its balance is read through it), nor without its status.
  let runway: RunwayRead = null;
  if (failing) unknown.push({ kind: 'balance_runway', reason: 'rpc_failing', why: '', at: failing.read_at });
  else if (i.status) runway = await readRunway(client, r, i.status, i.minimum, i);
  else unknown.push({ kind: 'balance_runway', reason: 'balance_unread', why: i.statusWhy ?? 'its status was not read', at: i.now() });
  if (runway?.kind === 'not_enough') unknown.push({ kind: 'balance_runway', reason: 'not_enough', samples: runway.samples, min: runway.min, at: runway.at });
  else if (runway?.kind === 'unread') unknown.push({ kind: 'balance_runway', reason: 'transactions_unread', why: runway.why, at: runway.at });
  // A jam forming at the chain's nonce (jamForming.ts): from what the diagnosis read and the price, no request of its own; not while its RPC fails.
  const forming = failing ? { forecast: null, seen: null } : jamFormingOf(r, read, price.wei, price.at, i.seen ?? null);
  const forecasts: Forecast[] = [...(failing ? [failing] : []), ...(headroom ? [headroom] : []), ...(runway?.kind === 'balance_runway' ? [runway] : []), ...(forming.forecast ? [forming.forecast] : [])];
  return { read, underFailing, forecasts, unknown, seen: forming.seen, capTrendNotKnown };
}
