/**
 * The real flavour's seeded spend made consistent with its balances (issue 54: `balance_runway` reads
 * a relayer's confirmed transactions — value + gas_limit × its price — against its balance; seeds that
 * had confirmed 25,000 ETH from relayers holding under 1 ETH forecast a runway of 0 s for every busy one):
 *
 * - a seeded value beyond 2^64 wei (kept: it is what shows a client keeping such digits exact) is a
 *   send no balance here holds: v1.8 fails it when it prepares it (validate_sufficient_relayer_balance,
 *   validations.rs), in its words, before it takes a nonce, a hash or a sent_at;
 * - the other seeded values are a thousandth of the contract flavour's (1.5 ETH → 0.0015 ETH), and
 *   what is on the chain or final is priced as v1.8 quotes its speed on its network before anything
 *   moved (fees.ts quote, its gas_price_cap held), not at 8-80 gwei whatever the network;
 * - an EVM relayer's balance holds at least a day of what its seeded history and its healthy traffic
 *   spend (HELD_HOURS, at the client's upper bound: gas_limit × the price offered), as a funded
 *   relayer's does: none of them is heading for its minimum (the draining relayer aside: draining.ts).
 *
 * Open transactions (pending, sent, submitted) keep their seeded prices: the chain's jams rest on them.
 */
import { FeeMarket } from './chain/fees.js';
import type { EvmTx, RelayerSeed, Speed, Tx } from './models.js';

/** A value at or beyond this no seeded balance holds. */
const U64 = 1n << 64n;
/** The real flavour's seeded values: the contract flavour's divided by this. */
export const SEED_VALUE_DIVISOR = 1000n;
/** A relayer's balance holds at least this many hours of its seeded spend and traffic. */
export const HELD_HOURS = 24n;
const HOUR_MS = 3_600_000;

/** Statuses whose transaction was priced when it went (on the chain, or final): priced as v1.8 would have. */
const PRICED = new Set(['mined', 'confirmed', 'failed', 'expired', 'canceled']);

/** Each network's market as it stood before the sandbox started (no spike: a spike is of the session). */
const before = new Map<string, FeeMarket>();
function quoteBefore(network: string, speed: Speed, eip1559: boolean, cap: bigint | undefined) {
  let m = before.get(network);
  if (!m) before.set(network, (m = new FeeMarket(network, 0, 0)));
  return m.quote(speed, eip1559, cap);
}

/** A policy amount (number, bigint or decimal string) as wei, or undefined. */
export function policyWei(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  return undefined;
}

/** Whether a seeded value is beyond what any seeded balance holds (its send fails at prepare in the real flavour). */
export function unpayable(value: bigint): boolean {
  return value >= U64;
}

/**
 * A seeded EVM transaction of the real flavour with a spend its relayer could have made: an unpayable
 * value failed at prepare in v1.8's words (against `balance`), the others a thousandth, and what went
 * priced at its network's quote for its speed (capped by the relayer's gas_price_cap).
 */
export function realSeedSpend(tx: EvmTx, r: RelayerSeed, balance: bigint): EvmTx {
  const eip1559 = tx.max_fee_per_gas !== null;
  const cap = policyWei(r.policies.gas_price_cap);
  const price = quoteBefore(r.network, tx.speed ?? 'fast', eip1559, cap);
  if (unpayable(tx.value)) {
    const cost = tx.value + BigInt(tx.gas_limit ?? 21_000) * (price.gas_price ?? price.max_fee_per_gas ?? 0n);
    return { ...tx, ...price, status: 'failed', status_reason: `Insufficient balance: Relayer balance ${balance} is insufficient to cover ${cost}`, nonce: null, hash: null, signature: null, sent_at: null, confirmed_at: null, is_canceled: false };
  }
  const value = tx.value / SEED_VALUE_DIVISOR;
  return PRICED.has(tx.status) ? { ...tx, value, ...price } : { ...tx, value };
}

/** One transaction's cost at the client's upper bound: value + gas_limit × (gas_price, else max_fee_per_gas). */
function upperCost(t: EvmTx): bigint {
  return t.value + BigInt(t.gas_limit ?? 21_000) * (t.gas_price ?? t.max_fee_per_gas ?? 0n);
}

/** What a relayer's seeded history spent in the hour before `now` (confirmed and mined ones, upper bound). */
export function historyPerHour(txs: readonly Tx[], now: number): bigint {
  let spend = 0n;
  for (const t of txs) {
    if (t.kind !== 'evm' || (t.status !== 'confirmed' && t.status !== 'mined')) continue;
    const at = t.confirmed_at ?? t.sent_at ?? t.created_at;
    if (at <= now && now - at <= HOUR_MS) spend += upperCost(t);
  }
  return spend;
}

/** What healthy traffic (one transaction every `every` blocks on average, chain/account.ts trafficTx) spends in an hour, upper bound: 65,000 gas at the fastest quote. */
export function trafficPerHour(r: RelayerSeed, every: number, blockTimeMs: number): bigint {
  const q = quoteBefore(r.network, 'fastest', r.policies.eip1559_pricing !== false, policyWei(r.policies.gas_price_cap));
  const perHour = BigInt(Math.ceil(HOUR_MS / blockTimeMs / every));
  return perHour * 65_000n * (q.gas_price ?? q.max_fee_per_gas ?? 0n);
}

/** A funded relayer's balance: its seeded one, or its minimum + HELD_HOURS of its spend where that is more. */
export function heldBalance(r: RelayerSeed, seeded: bigint, spendPerHour: bigint): bigint {
  const min = policyWei(r.policies.min_balance) ?? 0n;
  const held = min + HELD_HOURS * spendPerHour;
  return held > seeded ? held : seeded;
}
