/** The EVM policies a patch may name (v1.8 RelayerEvmPolicy, src/models/relayer/mod.rs:292-319), how each is written, and a value in words and units. */
import { formatGwei, formatWei, toBigInt } from '../amounts.js';
import { displayText } from '../text/values.js';

type Kind = 'gas' | 'amount' | 'bool' | 'addresses';

export const U64_MAX = (1n << 64n) - 1n;

/** The EVM policies a patch may name, and how each is written. */
export const EVM_POLICIES: Record<string, Kind> = {
  gas_price_cap: 'gas',
  min_balance: 'amount',
  eip1559_pricing: 'bool',
  private_transactions: 'bool',
  gas_limit_estimation: 'bool',
  include_revert_data: 'bool',
  whitelist_receivers: 'addresses',
};

/** A policy's value in words and units (a cap in gwei, a balance in the chain's coin). */
export function policyValue(key: string, v: unknown, network: string | null | undefined): string {
  if (v === undefined) return '(not set)';
  const kind = EVM_POLICIES[key];
  if (kind === 'gas' && toBigInt(v) !== undefined) return formatGwei(v);
  if (kind === 'amount' && toBigInt(v) !== undefined) return formatWei(v, network);
  if (Array.isArray(v)) return v.length ? v.map((x) => displayText(x)).join(', ') : "(empty: allows only the zero address and the relayer's own)";
  return displayText(v);
}

