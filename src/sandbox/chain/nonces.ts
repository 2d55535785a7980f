/**
 * The real flavour's EVM lifecycle and the chain it implies, from the transactions alone.
 *
 * What the real server's fields say (OpenZeppelin Relayer v1.8, src/domain/transaction/evm): a
 * `pending` transaction has no nonce, hash or sent_at yet; `sent` is signed (nonce, hash and
 * signature set) but not broadcast, so sent_at is still null; `submitted` was broadcast (sent_at
 * set); `mined` and the final statuses follow. Where the chain (chain.ts) has no account yet — a
 * relayer's seeded transactions before the first block — the chain's view is derived from them:
 * a nonce is on the chain once its transaction is mined or final, a broadcast one waits in the
 * mempool, a signed one never broadcast holds every nonce above it back.
 */
import type { EvmTx, Tx } from '../models.js';

/** A seeded EVM transaction made to look as the real server would store it at its status. */
export function realEvmLifecycle(tx: EvmTx): EvmTx {
  if (tx.status === 'pending') return { ...tx, nonce: null, hash: null, signature: null, sent_at: null, confirmed_at: null };
  if (tx.status === 'sent') return { ...tx, sent_at: null, confirmed_at: null };
  return tx;
}

/** Statuses whose nonce the chain has not taken yet (pending ones hold none). */
const OFF_CHAIN = new Set(['sent', 'submitted']);

function evmNonces(txs: readonly Tx[]): EvmTx[] {
  return txs.filter((t): t is EvmTx => t.kind === 'evm' && t.nonce !== null);
}

/** The relayer's next nonce (what /status says): one above every nonce it has assigned, 0 with none. */
export function nextNonce(txs: readonly Tx[]): number {
  let max = -1;
  for (const t of evmNonces(txs)) if (t.nonce! > max) max = t.nonce!;
  return max + 1;
}

/**
 * The chain's next nonce, `eth_getTransactionCount(address, "latest")`: the lowest nonce still off
 * the chain (signed or broadcast, not mined), or the relayer's next nonce when every assigned one
 * is on the chain.
 */
export function chainNonce(txs: readonly Tx[]): number {
  let min = Infinity;
  for (const t of evmNonces(txs)) if (OFF_CHAIN.has(t.status) && t.nonce! < min) min = t.nonce!;
  return Number.isFinite(min) ? min : nextNonce(txs);
}

/**
 * `eth_getTransactionCount(address, "pending")`: the chain's nonce plus the broadcast transactions
 * that follow it without a hole (a node counts only what it could execute in order; a signed one
 * never broadcast stops the run).
 */
export function mempoolNonce(txs: readonly Tx[]): number {
  const broadcast = new Set(evmNonces(txs).filter((t) => t.status === 'submitted').map((t) => t.nonce!));
  let n = chainNonce(txs);
  while (broadcast.has(n)) n++;
  return n;
}
