/**
 * What the diagnosis needs, read from the server (diagnose.ts is pure): the relayer's counter
 * (`GET /relayers/{id}/status`), the chain's nonce and the network's price through the JSON-RPC
 * passthrough (methods from the client's fixed read-only list, params built here: api/requests.ts
 * RPC_READ_METHODS), the transaction at the chain's nonce (`…/transactions/by-nonce/{n}`), the
 * non-final ones (`?status=` pending, sent, submitted: their totals, checked to be filtered), and
 * whether the node knows the blocker's hash. A relayer that cannot be diagnosed says why — that is
 * never "no jam". A status nonce that is no evidence (nonceDistrust) is not used: what waits is read
 * anyway, and the diagnosis says which reading was not trusted.
 */
import { ApiError, dialectUnsettled, errorWords, type Relayer, type RelayerClient, type Transaction } from '../../api/index.js';
import { toBigInt } from '../amounts.js';
import { networkKind } from '../relayer.js';
import { PENDING_STATUSES } from '../status.js';
import { diagnose, nonceFromTransactions, NOT_MINED_AFTER_MS, type Diagnosis, type JamReading, type NonceDistrust } from './diagnose.js';

/** Diagnosed (with the chain's nonce as read: a follow watches it pass the last that waited), or why not. */
export type JamRead =
  | { kind: 'diagnosed'; diagnosis: Diagnosis; chainNonce: number; seen?: JamSeen }
  /** `unreadable`: a read failed (down, timed out, 401, 429…); else the server or relayer cannot be diagnosed at all. */
  | { kind: 'not_diagnosed'; why: string; unreadable?: boolean };

/**
 * What the diagnosis read, kept for the forecasts (core/forecast/jamForming.ts: no request of their own):
 * the relayer's next nonce as used, the transaction at the chain's nonce (null: none, or not read because
 * nothing waits), and how many are not final (the lists' totals, else the status's pending count; null: neither).
 */
export interface JamSeen {
  relayerNonce: number;
  blocker: Transaction | null;
  notFinal: number | null;
}

const PER_STATUS = 100;

function quantity(v: unknown): number | null {
  const n = toBigInt(v);
  return n !== undefined && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
}

export interface ReadJamOptions {
  now: number;
  signal?: AbortSignal;
  /** Each request goes through it (the caller counts or limits them). */
  ask?: <T>(p: () => Promise<T>) => Promise<T>;
  /** When this client last saw the relayer's chain nonce move, and at which nonce (a watch keeps it). */
  chainSeen?: { nonce: number; at: number };
  /** The relayer's status as just read by the caller (the fleet reads it for the balance): not read again. */
  status?: { nonce?: unknown; pending_transactions_count?: unknown };
  /** The network's price (eth_gasPrice's answer) as the caller is reading it already (every face reads it beside the diagnosis, for the forecasts: core/forecast/relayerRead.ts): not read again. */
  price?: Promise<unknown>;
}

/**
 * Whether the status's nonce is evidence (null) or not, and why (diagnose.ts NonceDistrust): "0" (v1.8's
 * answer when its counter read fails), missing, below the chain's nonce, or at it while the status
 * counts pending transactions the chain's nonce does not account for.
 */
export function nonceDistrust(statusNonce: number | null, chainNonce: number, pendingCount: unknown): NonceDistrust | null {
  if (statusNonce === null) return { kind: 'status_nonce_missing' };
  if (statusNonce === 0) return { kind: 'status_nonce_zero' };
  if (statusNonce < chainNonce) return { kind: 'status_nonce_below_chain', status_nonce: statusNonce };
  const pending = typeof pendingCount === 'number' && Number.isSafeInteger(pendingCount) ? pendingCount : 0;
  if (statusNonce === chainNonce && pending > 0) return { kind: 'pending_unaccounted', status_nonce: statusNonce, pending_count: pending };
  return null;
}

/**
 * A server on which no jam can be diagnosed: known (its type settled) to have no relayer status or
 * JSON-RPC passthrough to read the chain through, as a server that is not the OpenZeppelin Relayer has
 * none (readJam's words for each relayer). False while its type is not known (assumed or unknown).
 */
export function undiagnosable(client: RelayerClient): boolean {
  return !dialectUnsettled(client.dialect()) && !(client.offers('rpc') && client.offers('relayerStatus'));
}

export async function readJam(client: RelayerClient, relayer: Relayer, o: ReadJamOptions): Promise<JamRead> {
  const ask = o.ask ?? (<T>(p: () => Promise<T>) => p());
  const not = (why: string): JamRead => ({ kind: 'not_diagnosed', why });
  const kind = networkKind(relayer.network_type);
  if (kind !== 'evm') return not(kind === 'unknown' ? `network type "${String(relayer.network_type)}" is not one this client knows` : `a ${kind} relayer: the diagnosis reads an EVM chain's nonces`);
  // The server's type not known (its health check failed: a 429, a 5xx, no answer): asked again here, and
  // while it stays unknown the relayer is not diagnosed because of a failed read — never "not the OpenZeppelin Relayer".
  if (client.dialect().source === 'unknown') await ask(() => client.detectDialect(o.signal));
  if (client.dialect().source === 'unknown') return { kind: 'not_diagnosed', why: `the server's type is ${client.dialect().why}`, unreadable: true };
  if (!client.offers('rpc') || !client.offers('relayerStatus')) return not('a server that is not the OpenZeppelin Relayer has no relayer status or JSON-RPC passthrough to read the chain through');
  if (!relayer.address) return not('the relayer has no address');
  const signal = o.signal;
  const fail = (what: string, e: unknown): JamRead => {
    if (signal?.aborted) throw e;
    if (e instanceof ApiError && e.status === 403) return not(`the server refuses its ${what} (403: v1.8 answers so while a relayer is paused or disabled)`);
    // An endpoint the server does not have (a 404 of its own): what the server is, not a read that failed.
    if (e instanceof ApiError && e.kind === 'unsupported') return not(`the server has no ${what} to read (${errorWords(e)})`);
    return { kind: 'not_diagnosed', why: `its ${what} could not be read (${errorWords(e)})`, unreadable: true };
  };
  let status: { nonce?: unknown; pending_transactions_count?: unknown };
  try {
    status = o.status ?? (await ask(() => client.relayerStatus(relayer.id, { signal })));
  } catch (e) {
    return fail('status', e);
  }
  const statusNonce = quantity(status.nonce);
  let chainNonce: number | null;
  try {
    chainNonce = quantity(await ask(() => client.rpcRead(relayer.id, 'eth_getTransactionCount', [relayer.address!, 'latest'], { signal })));
  } catch (e) {
    return fail('JSON-RPC (eth_getTransactionCount)', e);
  }
  if (chainNonce === null) return not('eth_getTransactionCount answered something that is not a nonce');
  const chainMovedAt = o.chainSeen && o.chainSeen.nonce !== chainNonce ? o.now : o.chainSeen?.at;
  // A verdict rests only on what was read: a status nonce that is no evidence is not used, and what
  // waits is read anyway (the transaction at the chain's nonce, the non-final lists).
  const distrusted = nonceDistrust(statusNonce, chainNonce, status.pending_transactions_count);
  const base: Omit<JamReading, 'blocker' | 'notFinal' | 'relayerNonce'> = { now: o.now, chainNonce, networkPriceWei: null, capWei: toBigInt(relayer.policies?.gas_price_cap) ?? null, ...(chainMovedAt !== undefined ? { chainMovedAt } : {}), ...(distrusted ? { distrusted } : {}) };
  if (!distrusted && statusNonce! <= chainNonce)
    return { kind: 'diagnosed', diagnosis: diagnose({ ...base, relayerNonce: statusNonce!, blocker: null, notFinal: [] }), chainNonce, seen: { relayerNonce: statusNonce!, blocker: null, notFinal: quantity(status.pending_transactions_count) } };
  let blocker: Transaction | null = null;
  try {
    blocker = await ask(() => client.getTransactionByNonce(relayer.id, String(chainNonce), { signal }));
  } catch (e) {
    if (!(e instanceof ApiError && e.kind === 'not_found')) return fail(`transaction at nonce ${chainNonce}`, e);
  }
  const notFinal: Transaction[] = [];
  let total = 0;
  for (const s of PENDING_STATUSES) {
    try {
      const page = await ask(() => client.listTransactions(relayer.id, { status: s, perPage: PER_STATUS }, { signal }));
      // The client drops the rows of other statuses and says so (filterIgnored): the totals are then not this status's.
      if (page.filterIgnored || page.items.some((t) => String(t.status).toLowerCase() !== s)) return not(`the server ignored ?status=${s} (other statuses came back): what waits cannot be counted`);
      notFinal.push(...page.items);
      total += page.totalItems;
    } catch (e) {
      return fail(`${s} transactions`, e);
    }
  }
  // None at the chain's nonce when it was looked up, one there in the lists read after: a send prepared
  // between the two reads (its nonce given, signed) — it is the blocker, never a gap of a moment.
  blocker ??= notFinal.find((t) => quantity(t.nonce) === chainNonce) ?? null;
  const relayerNonce = distrusted ? nonceFromTransactions(chainNonce, blocker, notFinal) : statusNonce!;
  // The network's price and whether the node knows the blocker, only where the cause depends on them.
  let networkPriceWei: bigint | null = null;
  let blockerKnown: boolean | undefined;
  // Its age as diagnose.ts counts it: from its creation or first broadcast, whichever is older (a re-price
  // re-broadcasts: counted from its last sent_at, a blocker just re-priced up to a raised cap was read
  // without the network's price, and said "at its cap" of a cap over the network's price).
  const since = blocker ? Math.min(...[blocker.created_at, blocker.sent_at].map((t) => (typeof t === 'string' ? Date.parse(t) : NaN)).filter((t) => !Number.isNaN(t))) : Infinity;
  const broadcast = blocker && String(blocker.status).toLowerCase() === 'submitted' && typeof blocker.sent_at === 'string' && o.now - since > NOT_MINED_AFTER_MS;
  if (broadcast) {
    try {
      // Both at once (behind a slow RPC, a relayer's diagnosis takes its longest chain of reads, not their sum).
      const hash = typeof blocker!.hash === 'string' ? blocker!.hash : null;
      // Each kept where it answered: one failing does not lose the other.
      const [price, known] = await Promise.allSettled([
        o.price ?? ask(() => client.rpcRead(relayer.id, 'eth_gasPrice', [], { signal })),
        hash === null ? Promise.resolve(undefined) : ask(() => client.rpcRead(relayer.id, 'eth_getTransactionByHash', [hash], { signal })),
      ]);
      if (signal?.aborted) throw new ApiError('network', 'Request cancelled', { aborted: true });
      if (price.status === 'fulfilled') networkPriceWei = toBigInt(price.value) ?? null;
      if (hash !== null && known.status === 'fulfilled') blockerKnown = known.value !== null;
    } catch (e) {
      if (signal?.aborted) throw e;
      // The cause is then told from what was read (the price against the cap, else not mined).
    }
  }
  return { kind: 'diagnosed', diagnosis: diagnose({ ...base, relayerNonce, blocker, notFinal, notFinalTotal: total, networkPriceWei, ...(blockerKnown !== undefined ? { blockerKnown } : {}) }), chainNonce, seen: { relayerNonce, blocker, notFinal: total } };
}

/** A relayer's jam read now for a review's notes, and when; a read that failed is a jam not diagnosed (why), never an error. */
export async function readJamForReview(client: RelayerClient, relayer: Relayer, signal?: AbortSignal): Promise<{ jam: JamRead; jamAt: number }> {
  const jamAt = Date.now();
  const jam = await readJam(client, relayer, { now: jamAt, ...(signal ? { signal } : {}) }).catch((e: unknown): JamRead => ({ kind: 'not_diagnosed', why: errorWords(e), unreadable: true }));
  return { jam, jamAt };
}
