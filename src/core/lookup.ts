/**
 * Finding one record the contract has no "get" for: a relayer among the relayers' pages, and a
 * transaction by id where the server reads one (the OpenZeppelin Relayer), else among a relayer's
 * newest pages. One rule for every face: the same page size, the same bounds, and `how` in words.
 */
import { ApiError, type Relayer, type RelayerClient, type Transaction } from '../api/index.js';
import { PENDING_STATUSES } from './status.js';
import { toBigInt } from './amounts.js';
import { thousands } from './text/values.js';

/** Rows a page when looking something up. */
export const LOOKUP_PAGE_SIZE = 100;
/** Relayer pages read at most (5,000 relayers). */
export const RELAYER_LOOKUP_PAGES = 50;
/** Transaction pages read at most where the server cannot read one by id (the newest 1,000). */
export const TRANSACTION_LOOKUP_PAGES = 10;
const NEWEST = thousands(TRANSACTION_LOOKUP_PAGES * LOOKUP_PAGE_SIZE);

/** A relayer by id; `seen`: every page read (the TUI's directory keeps them). */
export async function findRelayer(client: RelayerClient, relayerId: string, o: { signal?: AbortSignal; seen?: (page: Relayer[]) => void } = {}): Promise<Relayer | undefined> {
  for (let page = 1; page <= RELAYER_LOOKUP_PAGES; page++) {
    const p = await client.listRelayers({ page, perPage: LOOKUP_PAGE_SIZE }, { signal: o.signal });
    o.seen?.(p.items);
    const r = p.items.find((x) => x.id === relayerId);
    if (r) return r;
    if (p.items.length === 0 || page * p.perPage >= p.totalItems) return undefined;
  }
  return undefined;
}

/** Said wherever a by-id answer had to come from pages instead. */
export const NO_BY_ID = ' (the server has no by-id lookup)';

/**
 * The server's by-id lookup, its answer classified once for every caller: found; not found in the
 * server's own words (the real server's "Transaction with ID … not found" is believed); or no such
 * lookup here (the server lacks the endpoint, or a generic 404 said so: the API module's
 * `unsupported`). Other failures are thrown.
 */
export async function askById(client: RelayerClient, relayerId: string, txId: string, signal?: AbortSignal): Promise<{ kind: 'found'; tx: Transaction } | { kind: 'not-found'; message: string } | { kind: 'no-lookup' }> {
  if (!client.offers('transactionById')) return { kind: 'no-lookup' };
  try {
    return { kind: 'found', tx: await client.getTransaction(relayerId, txId, signal ? { signal } : {}) };
  } catch (e) {
    if (!(e instanceof ApiError) || (e.kind !== 'unsupported' && e.kind !== 'not_found')) throw e;
    return e.kind === 'not_found' ? { kind: 'not-found', message: e.message } : { kind: 'no-lookup' };
  }
}

/**
 * The transaction by id where the server has that endpoint, else among the newest 1,000; `how` says
 * which way it was looked for, in words; `signal` ends its reads (the screen that asked has closed). The real server's own "Transaction with ID … not found" is
 * believed; a generic 404 means the lookup does not exist (the API module says `unsupported`), and
 * the pages are read instead.
 */
export async function findTransaction(client: RelayerClient, relayerId: string, txId: string, signal?: AbortSignal): Promise<{ tx?: Transaction; how: string }> {
  const byId = await askById(client, relayerId, txId, signal);
  if (byId.kind === 'found') return { tx: byId.tx, how: 'read by id' };
  if (byId.kind === 'not-found') return { how: `not found: the server's by-id lookup says "${byId.message}"` };
  const why = NO_BY_ID;
  for (let page = 1; page <= TRANSACTION_LOOKUP_PAGES; page++) {
    const p = await client.listTransactions(relayerId, { page, perPage: LOOKUP_PAGE_SIZE }, signal ? { signal } : {});
    const t = p.items.find((x) => x.id === txId);
    if (t) return { tx: t, how: `found among relayer ${relayerId}'s newest transactions${why}` };
    if (p.items.length === 0 || page * p.perPage >= p.totalItems) return { how: `not among relayer ${relayerId}'s ${thousands(p.totalItems)} transactions${why}` };
  }
  return { how: `not among relayer ${relayerId}'s newest ${NEWEST}${why}` };
}


/**
 * What a relayer has pending now (the server's meaning: pending, sent, submitted), for a review to
 * list: by the server's status filter where it has one (5 pages of each status at most), else among
 * the newest 1,000.
 */
export async function readPending(client: RelayerClient, relayerId: string, signal?: AbortSignal): Promise<Transaction[]> {
  const out: Transaction[] = [];
  if (client.offers('statusFilter')) {
    try {
      for (const status of PENDING_STATUSES)
        for (let page = 1; page <= 5; page++) {
          const p = await client.listTransactions(relayerId, { page, perPage: LOOKUP_PAGE_SIZE, status }, { signal });
          out.push(...p.items.filter((t) => String(t.status).toLowerCase() === status));
          if (p.items.length === 0 || page * p.perPage >= p.totalItems) break;
        }
      // The real server's filter hides one being canceled (is_canceled): the newest page unfiltered finds it.
      const newest = await client.listTransactions(relayerId, { page: 1, perPage: LOOKUP_PAGE_SIZE }, { signal });
      const seen = new Set(out.map((t) => t.id));
      out.push(...newest.items.filter((t) => !seen.has(t.id) && (PENDING_STATUSES as readonly string[]).includes(String(t.status).toLowerCase())));
      return out;
    } catch (e) {
      if (!(e instanceof ApiError) || e.kind !== 'unsupported') throw e;
      out.length = 0;
    }
  }
  for (let page = 1; page <= TRANSACTION_LOOKUP_PAGES; page++) {
    const p = await client.listTransactions(relayerId, { page, perPage: LOOKUP_PAGE_SIZE }, { signal });
    out.push(...p.items.filter((t) => (PENDING_STATUSES as readonly string[]).includes(String(t.status).toLowerCase())));
    if (p.items.length === 0 || page * p.perPage >= p.totalItems) break;
  }
  return out;
}

/**
 * Which relayers use each notification (their `notification_id`), by name: every relayer read, 10
 * pages of 100 at most (the OpenZeppelin Relayer refuses to delete a notification while any does).
 */
export async function relayersByNotification(client: RelayerClient, signal?: AbortSignal): Promise<Map<string, string[]>> {
  const by = new Map<string, string[]>();
  for (let page = 1, seen = 0; page <= 10; page++) {
    const p = await client.listRelayers({ page, perPage: 100 }, { signal });
    for (const r of p.items) if (typeof r.notification_id === 'string') by.set(r.notification_id, [...(by.get(r.notification_id) ?? []), r.name ?? r.id]);
    seen += p.items.length;
    if (!p.items.length || seen >= p.totalItems) break;
  }
  return by;
}

/** Each notification with the relayers that use it as `used_by` (null: the relayers could not be read). */
export function withUse<N extends { id: string }>(items: readonly N[], by: ReadonlyMap<string, readonly string[]> | undefined): (N & { used_by: readonly string[] | null })[] {
  return items.map((n) => ({ ...n, used_by: by ? (by.get(n.id) ?? []) : null }));
}

/** What a withdrawal is built on beside the relayer (core/operations/withdraw.ts): its balance and the network's price (undefined: not read), and when. */
export interface WithdrawFigures {
  balanceWei?: bigint;
  gasPriceWei?: bigint;
  now: number;
}

/**
 * What a withdrawal is built on, read now: the relayer's balance (its status) and the network's price
 * (eth_gasPrice through the server's JSON-RPC passthrough); either left undefined when it could not be
 * read (the withdrawal then says so and sends nothing).
 */
export async function withdrawInput(client: RelayerClient, relayerId: string, _relayer?: Relayer): Promise<WithdrawFigures> {
  // The balance alone (GET …/balance: a u128 read exactly), in wei; else the status's.
  const alone = client.offers('relayerBalance') ? await client.relayerBalance(relayerId).catch(() => undefined) : undefined;
  const status = alone?.unit === 'wei' && toBigInt(alone.balance) !== undefined ? undefined : client.offers('relayerStatus') ? await client.relayerStatus(relayerId).catch(() => undefined) : undefined;
  const price = client.offers('rpc') ? await client.rpcRead(relayerId, 'eth_gasPrice', []).catch(() => undefined) : undefined;
  const balanceWei = status ? toBigInt(status.balance) : toBigInt(alone?.balance);
  const gasPriceWei = toBigInt(price);
  return { now: Date.now(), ...(balanceWei !== undefined ? { balanceWei } : {}), ...(gasPriceWei !== undefined ? { gasPriceWei } : {}) };
}
