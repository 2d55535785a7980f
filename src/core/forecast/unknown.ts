/**
 * A forecast the reads could not make, and why (relayerRead.ts): the network's price not read (its
 * /rpc failed otherwise than with the node's failure), its RPC failing (the price and the balance are
 * read through it), its balance or its confirmed transactions not read, too few transactions for a
 * runway. Typed data; the words here (forecastUnknownWords) — "not known, because …", never nothing.
 */
import { sanitize } from '../text/sanitize.js';
import { clock } from '../time.js';

export type ForecastUnknown =
  | { kind: 'cap_headroom' | 'rpc_failing'; reason: 'price_unread'; why: string; at: number }
  /** The price read, its trend not (eth_feeHistory or its blocks failed): no forecast from the trend. */
  | { kind: 'cap_headroom'; reason: 'trend_unread'; why: string; at: number }
  | { kind: 'cap_headroom' | 'balance_runway'; reason: 'rpc_failing'; why: string; at: number }
  | { kind: 'balance_runway'; reason: 'balance_unread' | 'transactions_unread'; why: string; at: number }
  | { kind: 'balance_runway'; reason: 'not_enough'; samples: number; min: number; at: number }
  /** Its forecasts' reads cut (a fleet context's deadline) or failed as a whole: none of its forecasts made. */
  | { kind: 'cap_headroom' | 'balance_runway' | 'rpc_failing'; reason: 'reads_cut'; why: string; at: number };

/** Every forecast of a relayer not known for one reason (its reads cut or failed as a whole). */
export function allUnknown(why: string, at: number): ForecastUnknown[] {
  return (['rpc_failing', 'cap_headroom', 'balance_runway'] as const).map((kind) => ({ kind, reason: 'reads_cut', why, at }));
}

const NAMES: Record<ForecastUnknown['kind'], string> = { cap_headroom: "the cap's headroom", rpc_failing: 'whether its RPC fails', balance_runway: "the balance's runway" };

/** `the cap's headroom: not known, because the network's price could not be read at 12:03:04 (…)`; `not enough to forecast` for too few transactions. */
export function forecastUnknownWords(u: ForecastUnknown): string {
  const at = clock(u.at);
  if (u.reason === 'not_enough') return `${NAMES[u.kind]}: not enough to forecast (${u.samples} confirmed transaction${u.samples === 1 ? '' : 's'} in the last hour as read at ${at}, ${u.min} needed)`;
  if (u.reason === 'rpc_failing') return `${NAMES[u.kind]}: not known, because its RPC is failing (read at ${at}): ${u.kind === 'cap_headroom' ? "the network's price" : 'its balance'} is read through it`;
  if (u.reason === 'trend_unread') return `${NAMES[u.kind]} by its trend: not known, because ${sanitize(u.why)} (read at ${at}); only the one reading against the cap`;
  if (u.reason === 'reads_cut') return `${NAMES[u.kind]}: not known, because its reads did not finish at ${at} (${sanitize(u.why)})`;
  const what = u.reason === 'price_unread' ? "the network's price" : u.reason === 'balance_unread' ? 'its balance (its status)' : 'its confirmed transactions';
  return `${NAMES[u.kind]}: not known, because ${what} could not be read at ${at} (${sanitize(u.why)})`;
}

/**
 * Whether it is said where forecasts are said in lines (`check`, the fleet's rows): a read failed. Too few
 * transactions is a figure (kept in --json and the fleet's `i`), and what a failing RPC leaves unmade is
 * said under that forecast.
 */
export function readFailed(u: ForecastUnknown): boolean {
  return u.reason !== 'not_enough' && u.reason !== 'rpc_failing';
}

/** What could not be forecast, short (a table's cell): `the cap's headroom`, `the cap's headroom by its trend`. */
export function forecastUnknownName(u: ForecastUnknown): string {
  return u.reason === 'trend_unread' ? `${NAMES[u.kind]} by its trend` : NAMES[u.kind];
}

/** As JSON (`check --json`'s and the fleet's `forecasts_not_known`): flat, the time as ISO. */
export function forecastUnknownJson(u: ForecastUnknown): { kind: string; reason: string; read_at: string } & Record<string, unknown> {
  return { kind: u.kind, reason: u.reason, ...('why' in u ? { why: u.why } : { samples: u.samples, needed: u.min }), read_at: new Date(u.at).toISOString() };
}
