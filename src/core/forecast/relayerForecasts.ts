/**
 * One relayer's forecasts from what a reader already read of it (its status, its jam read) and the
 * reads the forecasts need beside: `eth_gasPrice` through its /rpc (cap_headroom; its node's failure is
 * rpc_failing; the price tells jam_forming's underpriced blocker) and one page of its confirmed
 * transactions (balance_runway). The same rules as `check` (headless/check.ts makes the same calls),
 * for readers of many relayers: the fleet (core/fleet/fleet.ts) reads them through its own request
 * limits and deadline. Active EVM relayers of the OpenZeppelin Relayer only (a paused one's /rpc
 * answers 403; a disabled one needs attention already).
 */
import { type Relayer, type RelayerClient, type Transaction } from '../../api/index.js';
import { nativeUnitOf, toBigInt } from '../amounts.js';
import { minimumFor, type MinBalances } from '../fleet/balance.js';
import type { JamRead } from '../jam/read.js';
import { networkKind, relayerState } from '../relayer.js';
import { balanceRunway } from './balanceRunway.js';
import { capHeadroom, type Forecast } from './forecast.js';
import { jamFormingOf, type ChainSeen } from './jamForming.js';
import { rpcErrorOf, rpcFailingFromRead, type RpcError } from './rpcFailing.js';

type Ask = <T>(p: () => Promise<T>) => Promise<T>;

/** The network's price as read through the relayer's /rpc, or the node's failure it was answered with (both null: another failure, or not read). */
export interface PriceRead {
  wei: bigint | null;
  nodeError: RpcError | null;
}

/** Whether a relayer's forecasts are read: an active EVM relayer of a server with a JSON-RPC passthrough. */
export function forecastable(client: RelayerClient, r: Relayer): boolean {
  return networkKind(r.network_type) === 'evm' && relayerState(r) === 'active' && client.offers('rpc');
}

/** `eth_gasPrice` through the relayer's /rpc (one request): the price, or the node's failure. */
export function readPrice(client: RelayerClient, r: Relayer, ask: Ask, signal?: AbortSignal): Promise<PriceRead> {
  return ask(() => client.rpcRead(r.id, 'eth_gasPrice', [], { signal })).then(
    (v) => ({ wei: toBigInt(v) ?? null, nodeError: null }),
    (e: unknown) => ({ wei: null, nodeError: rpcErrorOf(e) }),
  );
}

export interface RelayerForecasts {
  forecasts: Forecast[];
  /** The jam read, a read that failed because its RPC fails said as not diagnosed (not unreadable: the forecast says why). */
  read: JamRead;
  /** Why it was not diagnosed, where its RPC failing is the reason (said under that forecast). */
  underFailing: string | null;
  /** The chain as this read saw it, for the next read's jam_forming (a refresh carries it). */
  seen: ChainSeen | null;
}

/**
 * The forecasts of one relayer in check's order (rpc_failing, cap_headroom, balance_runway, jam_forming),
 * from its price read, its jam read and its status (for the runway: one page of confirmed transactions
 * read here, through `ask`, when its balance is at or over its minimum).
 */
export async function relayerForecasts(
  client: RelayerClient,
  r: Relayer,
  o: { price: PriceRead; read: JamRead; status?: { balance?: unknown } | null; ask: Ask; signal?: AbortSignal; minBalances?: MinBalances; context: string; now: number; seen?: ChainSeen | null },
): Promise<RelayerForecasts> {
  let read = o.read;
  const failing = o.price.nodeError ? rpcFailingFromRead(r.id, o.price.nodeError, 'eth_gasPrice', o.now) : null;
  const underFailing = failing !== null && read.kind === 'not_diagnosed' && read.unreadable === true ? read.why : null;
  if (underFailing !== null) read = { kind: 'not_diagnosed', why: underFailing };
  const atCap = read.kind === 'diagnosed' && read.diagnosis.kind === 'jam' && read.diagnosis.jam.cause === 'price_cap';
  const headroom = atCap ? null : capHeadroom(r.id, o.price.wei, toBigInt(r.policies?.gas_price_cap) ?? null, o.now);
  const runway = failing ? null : await runwayOf(client, r, o);
  const forming = failing ? { forecast: null, seen: null } : jamFormingOf(r, read, o.price.wei, o.now, o.seen ?? null);
  const forecasts: Forecast[] = [...(failing ? [failing] : []), ...(headroom ? [headroom] : []), ...(runway ? [runway] : []), ...(forming.forecast ? [forming.forecast] : [])];
  return { forecasts, read, underFailing, seen: forming.seen };
}

/** balance_runway from one page of confirmed transactions, where the balance is at or over its minimum; null otherwise (or the page not read). */
async function runwayOf(client: RelayerClient, r: Relayer, o: { status?: { balance?: unknown } | null; ask: Ask; signal?: AbortSignal; minBalances?: MinBalances; context: string; now: number }) {
  const balance = toBigInt(o.status?.balance) ?? null;
  const m = minimumFor(r, nativeUnitOf('evm', r.network), o.minBalances, o.context);
  if (balance === null || !m || 'error' in m || balance < BigInt(m.min)) return null;
  const page = await o.ask(() => client.listTransactions(r.id, { status: 'confirmed', perPage: 100 }, { signal: o.signal })).catch(() => null);
  if (!page) return null;
  const f = balanceRunway(r.id, r.network ?? null, r.address ?? null, balance, BigInt(m.min), page.items as Transaction[], o.now);
  return f?.kind === 'balance_runway' ? f : null;
}
