/**
 * The draining scenario (issue 54.3, real flavour): one relayer whose own traffic drains its balance
 * to its min_balance, time-scaled, so that a client can be seen to say `balance_runway` before it
 * gets there. Default: sepolia-main, reaching its minimum about 30 minutes after the start at
 * `--time-scale 1` (30/n at n: 5 minutes at 6); `--draining <id@min|off>` moves or ends it.
 *
 * - Its balance at the start is its minimum + DRAIN_HEADROOM_MINIMA of it, or twice the gas its
 *   payouts pay over the scenario at --time-scale 1 where that is more.
 * - Its traffic is payouts: every DRAIN_EVERY_BLOCKS blocks a native transfer (21,000 gas, fast), sent
 *   as an API send is (its value paid when it mines, its balance checked when it is prepared). Each
 *   carries the share of what is left over the minimum that the time left calls for, less its gas: the
 *   balance falls about evenly to the minimum at its time.
 * - Then (and whenever a payout would leave less than the minimum) v1.8 fails the payout when it
 *   prepares it, in its words ("… with an enforced minimum balance of …", chain/account.ts
 *   sendShortfall): its sends fail from then on — the stop the forecast is ahead of. Its balance
 *   stays just over its minimum (v1.8 never lets a send take it under); funding it (POST
 *   /sandbox/relayers/{id}/fund) lets its payouts go again, and they drain what was added by the same time.
 * - With the scenario off the relayer is funded as the others are (spend.ts heldBalance) and its
 *   traffic, if it has any, is the healthy kind.
 */
import type { EvmTx, RelayerSeed } from './models.js';
import { Rng } from './random.js';
import { evmAddress } from './seeds.js';
import type { FeeMarket } from './chain/fees.js';
import { policyWei } from './spend.js';

/** One relayer draining to its minimum `afterMs` after the start (divided by the time scale). */
export interface Draining {
  relayerId: string;
  afterMs: number;
}

/** The seeded draining relayer: sepolia-main, at its minimum 30 minutes after the start at --time-scale 1. */
export const DEFAULT_DRAINING: Draining = { relayerId: 'sepolia-main', afterMs: 30 * 60_000 };
/** A payout every so many blocks. */
export const DRAIN_EVERY_BLOCKS = 3;
/** Its balance at the start: its minimum and this many minima more (at least). */
export const DRAIN_HEADROOM_MINIMA = 10n;
const PAYOUT_GAS = 21_000n;

/** A payout's receiver: one of its whitelisted receivers, else one of forty payees. */
function payee(r: RelayerSeed, rng: Rng): string {
  const list = r.policies.whitelist_receivers;
  if (Array.isArray(list) && list.length > 0 && list.every((x) => typeof x === 'string')) return rng.pick(list as string[]);
  return evmAddress(`payee:${rng.int(40)}`);
}

/** `--draining <id@min|off>`: the relayer and the minutes (at --time-scale 1) until it reaches its minimum. */
export function parseDraining(raw: string): Draining | false | Error {
  if (raw === 'off') return false;
  const m = /^([^@\s]+)@(\d{1,4}(?:\.\d{1,3})?)$/.exec(raw);
  if (!m || Number(m[2]) <= 0) return new Error(`--draining must be <relayer-id>@<minutes> (e.g. sepolia-main@30) or off, got "${raw}"`);
  return { relayerId: m[1]!, afterMs: Math.round(Number(m[2]) * 60_000) };
}

/** The most a payout's gas costs on this market now (v1.8's fastest quote: base fee × 2 + the top reward). */
function payoutGas(market: FeeMarket): bigint {
  const q = market.quote('fastest', true, undefined);
  return PAYOUT_GAS * (q.gas_price ?? q.max_fee_per_gas ?? 0n);
}

/** The draining relayer's balance at the start (see the module's note). */
export function drainStartBalance(r: RelayerSeed, market: FeeMarket, d: Draining, blockTimeMs: number): bigint {
  const min = policyWei(r.policies.min_balance) ?? 0n;
  const payouts = BigInt(Math.ceil(d.afterMs / (blockTimeMs * DRAIN_EVERY_BLOCKS)));
  const gas = 2n * payouts * payoutGas(market);
  const headroom = DRAIN_HEADROOM_MINIMA * (min > 0n ? min : 10n ** 15n);
  return min + (gas > headroom ? gas : headroom);
}

/**
 * The n-th payout of the draining relayer, pending: its value the share of `balance` over its minimum
 * that the time left to `deadline` calls for (all of it, and more, once the deadline has passed: it
 * then fails at prepare), less its gas.
 */
export function drainPayout(r: RelayerSeed, n: number, now: number, balance: bigint, deadline: number, market: FeeMarket, blockTimeMs: number): EvmTx {
  const min = policyWei(r.policies.min_balance) ?? 1n;
  const left = balance > min ? balance - min : 0n;
  const remaining = deadline - now;
  const gas = payoutGas(market);
  const share = remaining > 0 ? (left * BigInt(blockTimeMs * DRAIN_EVERY_BLOCKS)) / BigInt(remaining) : left + 1n;
  const value = remaining > 0 ? (share > gas ? share - gas : 0n) : share;
  const rng = new Rng(`drain:${r.id}:${n}`);
  return {
    kind: 'evm',
    id: rng.uuid(),
    relayer_id: r.id,
    status: 'pending',
    status_reason: null,
    created_at: now,
    sent_at: null,
    confirmed_at: null,
    hash: null,
    from: r.address,
    // To a receiver its whitelist allows, where it has one (v1.8 refuses others).
    to: payee(r, rng),
    value,
    data: '0x',
    nonce: null,
    gas_limit: Number(PAYOUT_GAS),
    gas_price: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    signature: null,
    speed: 'fast',
    is_canceled: false,
  };
}
