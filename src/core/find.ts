/**
 * Finding one transaction among a relayer's million: `:nonce N` and `:find <id|hash>`. The server's
 * own lookup where it has one (OpenZeppelin Relayer: by nonce, by id); otherwise, for a nonce, the
 * page computed from the newest-first order (the newest transaction holds the highest nonce), read
 * and checked, with its neighbours when nonces skip; a hash is only looked for on the loaded page.
 * The by-id answer is classified once, in lookup.ts (`askById`), for this and the headless `replace`.
 */
import { ApiError, type RelayerClient, type Transaction } from '../api/index.js';
import { NO_BY_ID, askById } from './lookup.js';
import { thousands } from './text/values.js';

/** `how`: the way it was found, in words (the operator is told). */
export type Found = { tx: Transaction; page?: number; how: string } | { message: string };

/** The nonce as the server wrote it (a number or decimal digits). */
const nonceOf = (t: Transaction | undefined) => (typeof t?.nonce === 'number' || typeof t?.nonce === 'string' ? String(t.nonce) : undefined);

/**
 * What is on screen first (a lookup is never trusted over a row the operator can see), then the
 * server's by-nonce lookup; a 404 that says the lookup does not exist (not "Transaction with nonce …
 * not found") falls back to the computed page.
 */
export async function findByNonce(client: RelayerClient, relayerId: string, nonce: string, perPage: number, loaded: readonly Transaction[] = []): Promise<Found> {
  const here = loaded.find((t) => nonceOf(t) === nonce);
  if (here) return { tx: here, how: 'on the loaded page' };
  let fellBack = '';
  if (client.offers('transactionByNonce')) {
    try {
      return { tx: await client.getTransactionByNonce(relayerId, nonce), how: "by the server's by-nonce lookup" };
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'not_found') return { message: `No transaction with nonce ${nonce} on ${relayerId}: the server's by-nonce lookup says ${e.message}` };
      if (!(e instanceof ApiError) || e.kind !== 'unsupported') throw e;
      fellBack = ' (the server has no by-nonce lookup)';
    }
  }
  const first = await client.listTransactions(relayerId, { page: 1, perPage });
  const top = nonceOf(first.items[0]);
  if (top === undefined || !/^\d{1,15}$/.test(top)) return { message: `${relayerId}'s newest transaction has no nonce to count from` };
  const index = Number(top) - Number(nonce);
  if (index < 0) return { message: `Nonce ${nonce} is above the newest transaction's (${top})` };
  const pages = Math.max(1, Math.ceil(first.totalItems / first.perPage));
  const guess = Math.floor(index / first.perPage) + 1;
  // The computed page, then its neighbours (a skipped or reused nonce shifts the order by a little).
  for (const page of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    if (page < 1 || page > pages) continue;
    const p = page === 1 ? first : await client.listTransactions(relayerId, { page, perPage: first.perPage });
    const tx = p.items.find((t) => nonceOf(t) === nonce);
    if (tx) return { tx, page, how: `on page ${thousands(page)}, computed from the newest nonce ${top}${fellBack}` };
  }
  return { message: `Nonce ${nonce} is not on page ${guess} (computed from the newest nonce ${top}) nor next to it: the nonces skip here${fellBack}` };
}

/** A transaction id or hash: the loaded page first, then the server by id where it can. */
export async function findByIdOrHash(client: RelayerClient, relayerId: string, q: string, loaded: readonly Transaction[]): Promise<Found> {
  const needle = q.toLowerCase();
  const here = loaded.find((t) => t.id.toLowerCase() === needle || (typeof t.hash === 'string' && t.hash.toLowerCase() === needle));
  if (here) return { tx: here, how: 'on the loaded page' };
  const byId = await askById(client, relayerId, q);
  if (byId.kind === 'found') return { tx: byId.tx, how: "by the server's by-id lookup" };
  const asked = byId.kind === 'not-found' ? ` nor a transaction id the server knows (its by-id lookup: ${byId.message})` : NO_BY_ID;
  return { message: `${q} is not on the loaded page${asked} (a hash is only looked for on the loaded page; :nonce N finds by nonce)` };
}
