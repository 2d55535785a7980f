/**
 * One relayer's forecasts from what a session has read of it — no read of its own: the network's
 * price as the jam reads took it (beside the diagnosis), its balance as the status reads took it,
 * its policies. What could not be forecast because a read failed (or too few were made) is said as
 * typed data (ForecastUnknown), never left out as if nothing were ahead. Words: forecastUnknownWords.
 */
import type { Relayer } from '../../api/index.js';
import { toBigInt } from '../amounts.js';
import { clock } from '../time.js';
import { sanitize } from '../text/sanitize.js';
import { networkKind, relayerState } from '../relayer.js';
import { capHeadroom, type Forecast } from './forecast.js';
import { rpcFailingFromRead, type RpcError } from './rpcFailing.js';
import { runwayFromBalanceReads } from './balanceReads.js';
import type { Reading } from './sparkline.js';

/** The network's price read through the relayer's /rpc: each answer kept (oldest first), and the last read's outcome. */
export interface PriceReads {
  reads: readonly Reading[];
  /** The last read: answered (its reading is the last of `reads`), or failed — with the node's failure where the server passed one on. */
  last: { at: number; ok: true } | { at: number; ok: false; why: string; nodeError: RpcError | null };
}

/** The balance as read this session (oldest first), and the last read's failure if it failed after them. */
export interface BalanceReads {
  reads: readonly Reading[];
  failed?: { at: number; why: string };
}

/** A forecast the reads could not make, and why (the detail says each; the list none). */
export type ForecastUnknown =
  | { kind: 'cap_headroom' | 'rpc_failing'; reason: 'price_unread'; why: string; at: number }
  | { kind: 'balance_runway'; reason: 'balance_unread'; why: string; at: number }
  | { kind: 'balance_runway'; reason: 'not_enough'; samples: number; min: number };

export interface RelayerForecastInput {
  relayer: Relayer;
  price?: PriceReads | undefined;
  balance?: BalanceReads | undefined;
  /** Its minimum balance (the higher of its policy's and the context's), base units; null: none known. */
  minWei: bigint | null;
  /** A jam at its cap already stands (the diagnosis): no forecast of it. */
  jammedAtCap: boolean;
  now: number;
}

export interface RelayerForecasts {
  forecasts: Forecast[];
  unknown: ForecastUnknown[];
}

/** The relayer's forecasts and what could not be forecast, from the session's reads (none made: nothing either way). */
export function relayerForecasts(i: RelayerForecastInput): RelayerForecasts {
  const r = i.relayer;
  const forecasts: Forecast[] = [];
  const unknown: ForecastUnknown[] = [];
  if (networkKind(r.network_type) !== 'evm' || relayerState(r) !== 'active') return { forecasts, unknown };
  const cap = toBigInt(r.policies?.gas_price_cap) ?? null;
  const p = i.price;
  if (p?.last.ok) {
    const last = p.reads[p.reads.length - 1];
    const headroom = !last || i.jammedAtCap ? null : capHeadroom(r.id, last.wei, cap, last.at);
    if (headroom) forecasts.push(headroom);
  } else if (p && !p.last.ok) {
    // The node's failure, passed on by the server: its RPC is failing (a forecast); any other failure: neither is known.
    if (p.last.nodeError) forecasts.push(rpcFailingFromRead(r.id, p.last.nodeError, 'eth_gasPrice', p.last.at));
    else unknown.push({ kind: 'rpc_failing', reason: 'price_unread', why: p.last.why, at: p.last.at });
    if (cap !== null && !i.jammedAtCap) unknown.push({ kind: 'cap_headroom', reason: 'price_unread', why: p.last.nodeError ? 'its RPC is failing' : p.last.why, at: p.last.at });
  }
  const b = i.balance;
  if (b?.failed) unknown.push({ kind: 'balance_runway', reason: 'balance_unread', why: b.failed.why, at: b.failed.at });
  else if (b && b.reads.length) {
    const runway = runwayFromBalanceReads(r.id, r.network ?? null, r.address ?? null, b.reads, i.minWei, i.now);
    if (runway?.kind === 'balance_runway') forecasts.push(runway);
    else if (runway?.kind === 'not_enough') unknown.push({ kind: 'balance_runway', reason: 'not_enough', samples: runway.samples, min: runway.min });
  }
  return { forecasts, unknown };
}

const NAMES: Record<ForecastUnknown['kind'], string> = { cap_headroom: "the cap's headroom", rpc_failing: 'whether its RPC fails', balance_runway: "the balance's runway" };

/** `the cap's headroom: not known, because the network's price could not be read at 12:03:04 (…)`; `not enough to forecast` for too few reads. */
export function forecastUnknownWords(u: ForecastUnknown): string {
  if (u.reason === 'not_enough') return `${NAMES[u.kind]}: not enough to forecast (${u.samples} balance read${u.samples === 1 ? '' : 's'} since it last rose, ${u.min} needed: watch, w, reads it on)`;
  const what = u.reason === 'price_unread' ? "the network's price" : 'its balance';
  return `${NAMES[u.kind]}: not known, because ${what} could not be read at ${clock(u.at)} (${sanitize(u.why)})`;
}

/** A forecast's age as every other figure says it: a clock time, true without ticking (`as of 12:03:04`). */
export function forecastAsOf(readAt: number): string {
  return `as of ${clock(readAt)}`;
}
