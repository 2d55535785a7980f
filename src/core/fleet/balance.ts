/**
 * A relayer's balance against its minimum, as the fleet, check and the relayers list say it (`low`):
 * apart from the fleet's rows (./health.ts re-exports it), so the first screen's columns load it alone.
 */
import { stringifyJson, type Relayer } from '../../api/index.js';
import { nativeUnitOf, parseNativeAmount, toBigInt, type NativeUnit } from '../amounts.js';
import type { Problem } from './problems.js';

/** A balance as the fleet knows it: base units, the chain's unit, the minimum and where it came from. */
export interface FleetBalance {
  base: string;
  unit: NativeUnit;
  min: string | null;
  minSource: string | null;
  low: boolean;
}

/** Minimum balances from config: by network name, `*` for any network; values as written (`0.5 ETH`, base units). */
export type MinBalances = Readonly<Record<string, string | number>>;

/**
 * A relayer's policies.min_balance counts where it is above 1 base unit: the OpenZeppelin Relayer
 * v1.8's EVM default is 1 wei (src/constants/relayer.rs:5), which holds nothing back; its Solana and
 * Stellar defaults (0.01 SOL, 1 XLM: :6-7) are real floors and count.
 */
export const POLICY_MIN_COUNTS_ABOVE = 1n;

/**
 * The minimum a relayer's balance is held to: the higher of its own `policies.min_balance` (where it
 * counts: above 1 base unit — v1.8 fails a send that would take the balance below it, and disables the
 * relayer at its next start) and the operator's own threshold — the context's `min_balance:` for its
 * network, else for `*`. `source` says which, in words (both, when the operator's is the higher).
 */
export function minimumFor(relayer: Relayer, unit: NativeUnit, config: MinBalances | undefined, context: string): { min: string; source: string } | { error: string } | null {
  const policy = toBigInt(relayer.policies?.min_balance);
  const own = policy !== undefined && policy > POLICY_MIN_COUNTS_ABOVE ? { min: policy.toString(), source: 'its policies.min_balance' } : null;
  const network = relayer.network ?? '';
  const key = !config ? null : network in config ? network : '*' in config ? '*' : null;
  if (key === null) return own;
  const r = parseNativeAmount(config![key]!, unit);
  // The operator's threshold unreadable for this chain: the relayer's own floor still holds, said beside it.
  if ('error' in r) return own ? { min: own.min, source: `${own.source} (context ${context} min_balance.${key} not used: ${r.error})` } : { error: `context ${context} min_balance.${key}: ${r.error}` };
  const operator = { min: r.base, source: `context ${context} min_balance${key === '*' ? '' : `.${key}`}` };
  if (!own) return operator;
  return BigInt(operator.min) > BigInt(own.min) ? { min: operator.min, source: `${operator.source} (above its policies.min_balance)` } : own;
}

/** The balance as the fleet shows it, with the low flag; null when the server did not say. */
export function fleetBalance(relayer: Relayer, balance: unknown, config: MinBalances | undefined, context: string): { balance: FleetBalance | null; problem: Problem | null; unreadable?: boolean } {
  const b = toBigInt(balance);
  // Not said (null, absent): no balance. Said but not a balance (-5, "lots", 0.5, 1e80, 81 digits):
  // unreadable — said, and it needs attention: the minimum could not be checked (issue 27.5).
  if (b === undefined) {
    if (balance === undefined || balance === null) return { balance: null, problem: null };
    // (A structure is named, not written out: its size decides nothing.)
    const shown = typeof balance === 'string' ? balance : typeof balance === 'object' ? (Array.isArray(balance) ? 'a list' : 'an object') : stringifyJson(balance);
    return { balance: null, problem: { kind: 'balance-unreadable', start: shown.slice(0, 40), length: shown.length }, unreadable: true };
  }
  const unit = nativeUnitOf(relayer.network_type, relayer.network);
  const m = minimumFor(relayer, unit, config, context);
  if (m && 'error' in m) return { balance: { base: b.toString(), unit, min: null, minSource: null, low: false }, problem: { kind: 'minimum-unreadable', why: m.error } };
  const low = m !== null && b < BigInt(m.min);
  return {
    balance: { base: b.toString(), unit, min: m?.min ?? null, minSource: m?.source ?? null, low },
    problem: low ? { kind: 'low-balance', balance: b.toString(), min: m!.min, unit, source: m!.source } : null,
  };
}
