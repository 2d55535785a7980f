/**
 * Finding one record the contract has no "get" for: a relayer among the relayers' pages, and a
 * transaction by id where the server reads one (the OpenZeppelin Relayer), else among a relayer's
 * newest pages. One rule for every face: the same page size, the same bounds, and `how` in words.
 */
import { ApiError, type Relayer, type RelayerClient, type Transaction } from '../api/index.js';

/** Rows a page when looking something up. */
export const LOOKUP_PAGE_SIZE = 100;
/** Relayer pages read at most (5,000 relayers). */
export const RELAYER_LOOKUP_PAGES = 50;
/** Transaction pages read at most where the server cannot read one by id (the newest 1,000). */
export const TRANSACTION_LOOKUP_PAGES = 10;
const NEWEST = (TRANSACTION_LOOKUP_PAGES * LOOKUP_PAGE_SIZE).toLocaleString('en-US');

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

/**
 * The transaction by id where the server has that endpoint, else among the newest 1,000; `how` says
 * which way it was looked for, in words. The real server's own "Transaction with ID … not found" is
 * believed; a generic 404 means the lookup does not exist (the API module says `unsupported`), and
 * the pages are read instead.
 */
export async function findTransaction(client: RelayerClient, relayerId: string, txId: string): Promise<{ tx?: Transaction; how: string }> {
  let why = '';
  if (client.offers('transactionById')) {
    try {
      return { tx: await client.getTransaction(relayerId, txId), how: 'read by id' };
    } catch (e) {
      if (!(e instanceof ApiError) || (e.kind !== 'unsupported' && e.kind !== 'not_found')) throw e;
      if (e.kind === 'not_found') return { how: `not found: the server's by-id lookup says "${e.message}"` };
      why = ' (the server has no by-id lookup)';
    }
  } else why = ' (the server has no by-id lookup)';
  for (let page = 1; page <= TRANSACTION_LOOKUP_PAGES; page++) {
    const p = await client.listTransactions(relayerId, { page, perPage: LOOKUP_PAGE_SIZE });
    const t = p.items.find((x) => x.id === txId);
    if (t) return { tx: t, how: `found among relayer ${relayerId}'s newest transactions${why}` };
    if (p.items.length === 0 || page * p.perPage >= p.totalItems) return { how: `not among relayer ${relayerId}'s ${p.totalItems.toLocaleString('en-US')} transactions${why}` };
  }
  return { how: `not among relayer ${relayerId}'s newest ${NEWEST}${why}` };
}

