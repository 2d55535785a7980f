import { type Flavor, formatOptionalTime, formatTime, formatWei } from './flavor.js';
import type { Tx } from './models.js';

/** Transaction as the API renders it. */
export function renderTransaction(flavor: Flavor, tx: Tx): Record<string, unknown> {
  const t = (ms: number | null) => formatOptionalTime(flavor, ms);
  switch (tx.kind) {
    case 'evm':
      return {
        id: tx.id,
        relayer_id: tx.relayer_id,
        status: tx.status,
        status_reason: tx.status_reason,
        created_at: formatTime(flavor, tx.created_at),
        sent_at: t(tx.sent_at),
        confirmed_at: t(tx.confirmed_at),
        hash: tx.hash,
        from: tx.from,
        to: tx.to,
        value: formatWei(flavor, tx.value),
        data: tx.data,
        nonce: tx.nonce,
        gas_limit: tx.gas_limit,
        gas_price: tx.gas_price === null ? null : tx.gas_price.toString(),
        max_fee_per_gas: tx.max_fee_per_gas === null ? null : tx.max_fee_per_gas.toString(),
        max_priority_fee_per_gas: tx.max_priority_fee_per_gas === null ? null : tx.max_priority_fee_per_gas.toString(),
        signature: tx.signature ? { ...tx.signature } : null,
        speed: tx.speed,
        is_canceled: tx.is_canceled,
      };
    case 'solana': {
      // Contract flavor: every field present (null when unset). Real flavor: unset optional fields are skipped.
      const out: Record<string, unknown> = { id: tx.id };
      const opt = (k: string, v: unknown) => {
        if (v !== null || flavor === 'contract') out[k] = v;
      };
      opt('signature', tx.signature);
      out.status = tx.status;
      opt('status_reason', tx.status_reason);
      out.created_at = formatTime(flavor, tx.created_at);
      opt('sent_at', t(tx.sent_at));
      opt('confirmed_at', t(tx.confirmed_at));
      out.transaction = tx.transaction;
      if (tx.instructions) out.instructions = tx.instructions;
      return out;
    }
    case 'stellar': {
      const out: Record<string, unknown> = {
        id: tx.id,
        hash: tx.hash,
        status: tx.status,
        status_reason: tx.status_reason,
        created_at: formatTime(flavor, tx.created_at),
        sent_at: t(tx.sent_at),
        confirmed_at: t(tx.confirmed_at),
        source_account: tx.source_account,
        fee: tx.fee,
        sequence_number: tx.sequence_number,
        relayer_id: tx.relayer_id,
      };
      if (tx.transaction_result_xdr !== undefined) out.transaction_result_xdr = tx.transaction_result_xdr;
      return out;
    }
  }
}
