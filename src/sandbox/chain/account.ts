/**
 * An account on the sandbox's chain (chain.ts): what the node and v1.8 know of a relayer and of each
 * of its transactions beyond their fields, the chain's options and constants, and the transactions
 * v1.8's jobs make by themselves (a gap's NOOP, and the sandbox's healthy traffic).
 */
import { pendingEvm, type EvmTx, type RelayerSeed, type Speed, type Tx } from '../models.js';
import { chainNonce as derivedChainNonce, nextNonce as derivedNextNonce } from './nonces.js';
import { Rng } from '../random.js';
import { evmAddress } from '../seeds.js';
import type { FeeMarket } from './fees.js';
import type { Draining, PriceClimb } from '../types.js';
import { HEALTH_CHECK_DELAYS_MS, HEALTH_CHECK_EVERY_MS, RESEND_TIMEOUT_MS, gapNoopReason } from './rules.js';

export interface ChainOptions {
  /** `network:gwei`: the network's price held at that many gwei (base fee + tip) from the start. */
  spikes?: Record<string, number>;
  /** v1.8's nonce-health job fills gaps (default); off: it never comes (openzeppelin-relayer#843). */
  gapFiller?: boolean;
  /** New transactions every few seconds on a few relayers (default on). */
  traffic?: boolean;
  /** The draining scenario (draining.ts): this relayer's traffic drains it to its minimum; false: none. */
  draining?: Draining | false;
  /** The price-climb scenario (priceClimb.ts): this relayer's network price climbs to its cap; false: none. */
  priceClimb?: PriceClimb | false;
}

/** What the node and v1.8 know of a transaction beyond its fields. */
export interface TxMeta {
  /** v1.8's `hashes.len()`: how many times it was signed and broadcast (re-price backoff). */
  hashes: number;
  /** The node holds its current hash (it was broadcast and taken). */
  known: boolean;
  /** The block it mined in. */
  minedBlock?: number;
  /** A resubmit job is queued (after a cancel or a replacement). */
  resubmitQueued?: boolean;
  /** A submit job is queued (a seeded transaction signed moments ago): broadcast as it is signed. */
  submitQueued?: boolean;
  /** When it became `sent` (v1.8 counts a re-send from created_at; the sandbox from the later of both). */
  changedAt: number;
  /**
   * Sent through the API (POST …/transactions): its balance is checked when it is prepared (v1.8's
   * ensure_sufficient_balance) and its value paid when it mines. Seeds and traffic are charged gas only.
   */
  sent?: boolean;
}

export interface Account {
  relayer: RelayerSeed;
  market: FeeMarket;
  chainNonce: number;
  counter: number;
  balance: bigint;
  /** Ids of its transactions not final. */
  active: Set<string>;
  meta: Map<string, TxMeta>;
  /** When the nonce-health job runs (scheduled by a gap found below a stale transaction). */
  healthAt?: number;
  /** The nonce that triggered it (its hint). */
  healthHint?: number;
  /** The debounce: no new job before this. */
  healthDebounceUntil?: number;
  /** The next balance health check of a disabled relayer. */
  enableCheckAt?: number;
  enableChecks: number;
  /** Traffic transactions made so far. */
  traffic: number;
}

export const FINAL = new Set(['canceled', 'confirmed', 'failed', 'expired']);
/** Relayers that receive new transactions every few seconds (healthy traffic): one block in `every`. */
export const TRAFFIC: Record<string, number> = { 'sepolia-main': 3, 'arbitrum-payouts': 4, 'bsc-treasury': 3 };
/** What the chain mines of one relayer in one block, at most. */
export const MINED_PER_BLOCK = 16;
/** Transactions kept per relayer: the oldest final ones go past it (v1.8 purges final ones after hours). */
export const KEPT_PER_RELAYER = 2_000;
/** How far a gap is looked for below a transaction (MAX_GAP_SCAN_RANGE, evm_transaction.rs:134). */
export const MAX_GAP_SCAN = 100;

export function gasOf(tx: EvmTx): bigint {
  return BigInt(tx.gas_limit ?? 21_000);
}

export function isNoop(tx: EvmTx): boolean {
  return tx.value === 0n && tx.data === '0x' && tx.to !== null && tx.to.toLowerCase() === tx.from.toLowerCase();
}

/** A disabled reason that is a failed balance check alone (v1.8's other checks — nonce, RPC — do not pass in the sandbox). */
export function onlyBalance(reason: unknown): boolean {
  const r = reason as { type?: unknown } | undefined;
  return r?.type === 'BalanceCheckFailed';
}

/** A gap's NOOP (resolve_nonce_gaps): pending, its nonce preset, to itself, nothing sent along. */
export function gapNoop(r: RelayerSeed, n: number, id: string, now: number): EvmTx {
  return {
    kind: 'evm',
    id,
    relayer_id: r.id,
    status: 'pending',
    status_reason: gapNoopReason(n),
    created_at: now,
    sent_at: null,
    confirmed_at: null,
    hash: null,
    from: r.address,
    to: r.address,
    value: 0n,
    data: '0x',
    nonce: n,
    gas_limit: r.network.startsWith('arbitrum') ? 50_000 : 21_000,
    gas_price: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    signature: null,
    speed: 'fast',
    is_canceled: false,
  };
}

/** A healthy traffic transaction (the sandbox's, not v1.8's): a token transfer, pending, at a speed drawn. */
export function trafficTx(r: RelayerSeed, n: number, rng: Rng, now: number): EvmTx {
  const speeds: Speed[] = ['fast', 'fast', 'average', 'fastest'];
  // In this order: the draws from rng (to, data, speed) are what the seed gives.
  return pendingEvm(
    {
      id: new Rng(`traffic-id:${r.id}:${n}`).uuid(),
      relayer_id: r.id,
      from: r.address,
      to: evmAddress(`to:${rng.int(12)}`),
      value: 0n,
      data: `0xa9059cbb000000000000000000000000${rng.hex(40)}${(BigInt(1 + rng.int(5_000_000)) * 10n ** 15n).toString(16).padStart(64, '0')}`,
      gas_limit: 65_000,
      speed: rng.pick(speeds),
    },
    now,
  );
}

/** A disabled relayer's health check (relayer_health_check_handler.rs): enabled once its balance is back over its minimum. */
export function healthCheck(a: Account, now: number, scaled: (ms: number) => number): void {
  const r = a.relayer;
  if (!r.system_disabled || a.enableCheckAt === undefined || now < a.enableCheckAt) return;
  a.enableChecks++;
  const delay = HEALTH_CHECK_DELAYS_MS[a.enableChecks] ?? HEALTH_CHECK_EVERY_MS;
  a.enableCheckAt = now + scaled(delay);
  if (!onlyBalance(r.disabled_reason)) return;
  const min = r.policies.min_balance;
  const floor = typeof min === 'number' || typeof min === 'bigint' ? BigInt(min) : 1n;
  if (a.balance < floor) return;
  r.system_disabled = false;
  delete r.disabled_reason;
  a.enableCheckAt = undefined;
}

/**
 * Why a send cannot be paid, in v1.8's words (validations.rs validate_sufficient_relayer_balance, at
 * prepare: a permanent failure), or null: its value + gas × its price against the balance, and what is
 * left against its min_balance (v1.8's default 1 wei where none is set).
 */
export function sendShortfall(a: Account, t: EvmTx, price: { gas_price: bigint | null; max_fee_per_gas: bigint | null }): string | null {
  const cost = t.value + gasOf(t) * (price.gas_price ?? price.max_fee_per_gas ?? 0n);
  const m = a.relayer.policies.min_balance;
  const min = typeof m === 'bigint' ? m : typeof m === 'number' && Number.isInteger(m) ? BigInt(m) : typeof m === 'string' && /^\d+$/.test(m) ? BigInt(m) : 1n;
  if (a.balance < cost) return `Insufficient balance: Relayer balance ${a.balance} is insufficient to cover ${cost}`;
  if (min > 0n && a.balance - cost < min) return `Insufficient balance: Relayer balance ${a.balance} is insufficient to cover ${cost}, with an enforced minimum balance of ${min}`;
  return null;
}

/** A relayer's account made from its seeded transactions (the chain's `account`, on first use). */
export function openAccount(relayer: RelayerSeed, txs: readonly Tx[], market: FeeMarket, now: number, scaled: (ms: number) => number, balance: bigint): Account {
  const meta = new Map<string, TxMeta>();
  const active = new Set<string>();
  for (const t of txs) {
    if (t.kind !== 'evm') continue;
    const onChain = t.status === 'mined' || t.status === 'confirmed' || t.status === 'canceled' || (t.status === 'failed' && t.sent_at !== null);
    const fresh = t.status === 'sent' && now - t.created_at < scaled(RESEND_TIMEOUT_MS);
    meta.set(t.id, {
      hashes: t.hash ? 1 : 0,
      known: t.sent_at !== null,
      changedAt: t.created_at,
      ...(fresh ? { submitQueued: true } : {}),
      ...(t.status === 'mined' ? { minedBlock: market.head.number } : onChain ? { minedBlock: market.genesisBlock - 1 } : {}),
    });
    if (!FINAL.has(t.status)) active.add(t.id);
  }
  const evm = txs.filter((t): t is EvmTx => t.kind === 'evm');
  const seeded = relayer.chainSeed;
  const account: Account = {
    relayer,
    market,
    chainNonce: seeded?.chainNonce ?? derivedChainNonce(evm),
    counter: seeded?.counter ?? derivedNextNonce(evm),
    balance,
    active,
    meta,
    enableChecks: 0,
    traffic: 0,
  };
  return account;
}

/**
 * The sandbox's repair (not v1.8's API): a disabled relayer's configuration fixed (its RPC URL, its
 * signer) and the server restarted. v1.8's `initialize_relayer` then runs `check_health` — the nonce
 * synced, the RPC validated, the balance against its minimum (evm_relayer.rs:642-672) — and re-enables
 * it silently where every check passes, else disables it again for what failed (:686-708). On the
 * sandbox's node the nonce and RPC checks pass: a balance under the minimum is what can remain.
 * `firstCheckAt`: when its health check runs next if it stays disabled.
 */
export function repairAccount(a: Account, firstCheckAt: number): { enabled: boolean } {
  const r = a.relayer;
  if (!r.system_disabled) return { enabled: true };
  const min = r.policies.min_balance;
  const floor = typeof min === 'number' || typeof min === 'bigint' ? BigInt(min) : 1n;
  if (a.balance < floor) {
    r.disabled_reason = { type: 'BalanceCheckFailed', details: `Balance ${a.balance} is below the minimum ${floor}` };
    a.enableCheckAt ??= firstCheckAt;
    return { enabled: false };
  }
  r.system_disabled = false;
  delete r.disabled_reason;
  a.enableCheckAt = undefined;
  return { enabled: true };
}
