/**
 * What the chain is waiting on, for an EVM relayer with stuck transactions: the chain's next nonce
 * (`eth_getTransactionCount(address, "latest")` through the server's JSON-RPC passthrough, a method of
 * the client's fixed read-only list: api/requests.ts RPC_READ_METHODS) against the relayer's lowest
 * non-final nonce. When the chain is behind, the transaction holding the chain's nonce (one of those
 * read, else GET …/by-nonce/{n}) is what everything above it waits on: it is named, with its status
 * and what is wrong with it. Where the server has no /rpc or refuses it: "chain nonce not known".
 */
import { ApiError, errorWords, type Relayer, type RelayerClient, type Transaction } from '../../api/index.js';
import { toBigInt } from '../amounts.js';
import { networkKind } from '../relayer.js';
import { isNotFinal, statusWords } from '../status.js';
import { flagsFor, flagWords, nonceOf, ownFlag, type TriageOptions } from './rules.js';
import { shortId } from '../text/ids.js';

export interface ChainWait {
  /** The chain's next nonce, when it was read. */
  chainNonce: number | null;
  /** The nonce the chain waits on and the transaction holding it (when it is known). */
  waitsOn: number | null;
  blocker: Transaction | null;
  /** In words: "waits on nonce 103: tx 1a2b…, sent, never broadcast", or "chain nonce not known: …". Raw server text: sanitize to draw. */
  words: string;
  /** The chain is behind the relayer (the words are a problem), or this is only what is known. */
  behind: boolean;
}

const short = (id: string) => shortId(id, 8, 4);

/** A hex quantity (`0x67`) or decimal as a safe integer (the project's one integer reader), or null. */
function quantity(v: unknown): number | null {
  const n = toBigInt(v);
  return n !== undefined && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
}

/**
 * The blocker in words: its id, status and flags — no age (the words are kept in a fleet row, which
 * must not change by itself between reads; the flags say how long in their thresholds).
 */
export function blockerWords(tx: Transaction, now: number, rules: TriageOptions): string {
  const flags = flagsFor(tx, now, rules, false).filter((f) => !ownFlag(f));
  return `tx ${short(tx.id)}, ${statusWords(tx)}${flags.length ? `, ${flags.map(flagWords).join(', ')}` : ''}`;
}

/**
 * The chain's wait for one relayer, or null when there is nothing to ask (not EVM, nothing non-final
 * with a nonce). `ask` makes each request (the caller counts or pools them).
 */
export async function chainWait(
  client: RelayerClient,
  relayer: Relayer,
  nonFinal: readonly Transaction[],
  now: number,
  o: { rules: TriageOptions; signal?: AbortSignal; ask: <T>(p: () => Promise<T>) => Promise<T>; relayerNonce?: unknown },
): Promise<ChainWait | null> {
  if (networkKind(relayer.network_type, nonFinal[0]) !== 'evm') return null;
  const byNonce = new Map<number, Transaction>();
  let lowest = Infinity;
  for (const t of nonFinal) {
    const n = nonceOf(t);
    // Mined ones are on the chain already (its count includes them): what it can wait on is not mined yet.
    if (n === null || String(t.status).toLowerCase() === 'mined') continue;
    if (!byNonce.has(n)) byNonce.set(n, t);
    if (n < lowest) lowest = n;
  }
  if (byNonce.size === 0) return null;
  const unknown = (why: string): ChainWait => ({ chainNonce: null, waitsOn: null, blocker: null, words: `chain nonce not known: ${why}`, behind: false });
  if (!client.offers('rpc')) return unknown('the server has no JSON-RPC passthrough (POST /relayers/{id}/rpc)');
  if (!relayer.address) return unknown('the relayer has no address');
  let chain: number | null;
  try {
    chain = quantity(await o.ask(() => client.rpcRead(relayer.id, 'eth_getTransactionCount', [relayer.address!, 'latest'], { signal: o.signal })));
  } catch (e) {
    if (o.signal?.aborted) throw e;
    return unknown(e instanceof ApiError && e.kind === 'unsupported' ? 'the server has no JSON-RPC passthrough' : errorWords(e));
  }
  if (chain === null) return unknown('eth_getTransactionCount answered something that is not a nonce');
  if (chain > lowest) return { chainNonce: chain, waitsOn: null, blocker: null, words: `the chain is at nonce ${chain}, past ${lowest}: the server has not caught up with what was mined`, behind: false };
  // The chain waits on its own next nonce: the transaction holding it, read or asked for.
  let blocker = byNonce.get(chain) ?? null;
  let lookup = '';
  if (!blocker) {
    try {
      blocker = await o.ask(() => client.getTransactionByNonce(relayer.id, String(chain), { signal: o.signal }));
    } catch (e) {
      if (o.signal?.aborted) throw e;
      lookup = e instanceof ApiError && e.kind === 'not_found' ? 'no transaction of the relayer holds it' : `its transaction could not be read (${errorWords(e)})`;
    }
  }
  // The relayer's own next nonce (GET /relayers/{id}/status), where it was read: how far the chain is behind.
  const next = quantity(o.relayerNonce);
  // Those signed above it wait behind it (the blocker itself is not counted among them).
  const gap = next !== null && next > chain ? ` (the relayer is at nonce ${next}: ${next - chain - 1} signed wait${next - chain - 1 === 1 ? 's' : ''} behind it)` : '';
  const words = `waits on nonce ${chain}${gap}: ${blocker ? blockerWords(blocker, now, o.rules) : lookup}`;
  // Everything above waits on it either way; it is a problem when that transaction is itself in
  // trouble (flagged), final (it will never fill the nonce), or not there at all.
  const flags = blocker ? flagsFor(blocker, now, o.rules, false).filter((f) => f.kind !== 'canceling') : [];
  const behind = !blocker || flags.length > 0 || !isNotFinal(blocker);
  return { chainNonce: chain, waitsOn: chain, blocker, words, behind };
}
