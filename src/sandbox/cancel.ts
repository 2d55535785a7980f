/**
 * The real server's cancellations (v1.8):
 * - DELETE /relayers/{rid}/transactions/{tid} (src/api/controllers/relayer.rs cancel_transaction):
 *   404 relayer, 403 paused/disabled, 404 transaction, then the network's own cancel. EVM
 *   (src/domain/transaction/evm/evm_transaction.rs cancel_transaction): `pending` becomes `canceled`;
 *   `sent`/`submitted` become a NOOP (0 to itself, no data, speed fast, 21000 gas — 50000 on Arbitrum,
 *   src/domain/transaction/evm/utils.rs make_noop) with `is_canceled` and the same status, nonce, hash
 *   and price: the resubmit job that follows re-prices, signs and broadcasts it later, and it ends
 *   `canceled` when the NOOP mines. Solana: 400 (src/domain/transaction/mod.rs answers for it).
 *   Stellar: 200, the transaction unchanged (stellar_transaction.rs cancel_transaction does nothing).
 * - DELETE /relayers/{rid}/transactions/pending (delete_pending_transactions; EVM in
 *   src/domain/relayer/evm/evm_relayer.rs): every pending, sent and submitted one, newest first, is
 *   queued as a "cancel" job — and that job only submits the transaction again
 *   (src/jobs/handlers/transaction_submission_handler.rs: Cancel runs submit_transaction): a signed one
 *   is broadcast (submitted, sent_at now), a broadcast one is broadcast again (sent_at now), a pending
 *   one is skipped. Nothing is canceled. Stellar: nothing queued (0 processed); Solana: 400.
 */
import { type SandboxData, renderTransaction } from './data.js';
import { type Flavor, type SandboxResponse, capitalize, fail, ok, relayerNotFound } from './flavor.js';
import { inactive } from './guards.js';
import { REPLACEABLE_STATUSES, type EvmTx, type Tx } from './models.js';

export interface CancelContext {
  flavor: Flavor;
  data: SandboxData;
  now(): number;
}

const SOLANA_UNSUPPORTED = 'Endpoint is not supported for Solana relayers';
/** Arbitrum's NOOP gas when its estimate cannot be had (ARBITRUM_GAS_LIMIT); elsewhere DEFAULT_GAS_LIMIT. */
const ARBITRUM_NOOP_GAS = 50_000;
const NOOP_GAS = 21_000;

/** The NOOP a signed EVM transaction becomes when canceled, before the resubmit job touches it. */
export function noop(tx: EvmTx, network: string): EvmTx {
  return {
    ...tx,
    value: 0n,
    data: '0x',
    to: tx.from,
    speed: 'fast',
    gas_limit: network.startsWith('arbitrum') ? ARBITRUM_NOOP_GAS : NOOP_GAS,
    is_canceled: true,
    status_reason: 'Transaction canceled by user, replacing with NOOP',
  };
}

export function handleCancel(ctx: CancelContext, relayerId: string, txId: string): SandboxResponse {
  const { flavor, data } = ctx;
  const relayer = data.relayer(relayerId);
  if (!relayer) return relayerNotFound(flavor, relayerId);
  const refused = inactive(flavor, relayer);
  if (refused) return refused;
  const tx = data.findTransaction(relayerId, txId);
  if (!tx) return fail(flavor, 404, `Transaction with ID ${txId} not found`);
  if (relayer.network_type === 'solana') return fail(flavor, 400, SOLANA_UNSUPPORTED);
  if (relayer.network_type === 'stellar' || tx.kind !== 'evm') return ok(renderTransaction(flavor, tx));
  if (!REPLACEABLE_STATUSES.includes(tx.status)) {
    return fail(
      flavor,
      400,
      `Invalid transaction state for cancel_transaction. Current: ${capitalize(tx.status)}, Expected one of: [${REPLACEABLE_STATUSES.map(capitalize).join(', ')}]`,
    );
  }
  // A pending one is only marked (is_canceled stays as it was: update_transaction_status sets none).
  const next: EvmTx = tx.status === 'pending' ? { ...tx, status: 'canceled', status_reason: 'Transaction canceled by user' } : noop(tx, relayer.network);
  data.storeTransaction(next);
  // The resubmit job that follows re-prices, signs and broadcasts the NOOP (the chain's next block).
  if (next.status !== 'canceled') data.chain?.canceled(next);
  return ok(renderTransaction(flavor, next));
}

export function handleDeletePending(ctx: CancelContext, relayerId: string): SandboxResponse {
  const { flavor, data } = ctx;
  const relayer = data.relayer(relayerId);
  if (!relayer) return relayerNotFound(flavor, relayerId);
  const refused = inactive(flavor, relayer);
  if (refused) return refused;
  if (relayer.network_type === 'solana') return fail(flavor, 400, SOLANA_UNSUPPORTED);
  const queued: Tx[] = [];
  if (relayer.network_type === 'evm') {
    for (const status of REPLACEABLE_STATUSES) queued.push(...data.listTransactions(relayerId, 0, Number.MAX_SAFE_INTEGER, status).items);
    queued.sort((a, b) => b.created_at - a.created_at);
    const now = ctx.now();
    for (const tx of queued) {
      // What the queued "cancel" job does: submit_transaction (a broadcast, whatever the reason says).
      if (tx.kind !== 'evm' || (tx.status !== 'sent' && tx.status !== 'submitted')) continue;
      // On the chain the node may refuse it again (a signed one then stays signed).
      if (data.chain?.covers(relayerId)) data.chain.submit(tx, now);
      else data.storeTransaction({ ...tx, status: 'submitted', sent_at: now });
    }
  }
  return ok({
    queued_for_cancellation_transaction_ids: queued.map((t) => t.id),
    failed_to_queue_transaction_ids: [],
    total_processed: queued.length,
  });
}
