/**
 * The draining scenario (issue 54.3, real flavour): one relayer whose own payouts drain its balance to
 * its min_balance, time-scaled, so that a client can be seen to say `balance_runway` before it gets
 * there. Default: sepolia-main, at its minimum 40 minutes after the start at `--time-scale 1` (40/n
 * at n: 6 min 40 s at 6); `--draining <id@min|off>` moves or ends it.
 *
 * - Until DRAIN_MS (15 minutes, scaled) before that time it is funded and busy as any other (spend.ts
 *   heldBalance: a day of its spend; its healthy traffic, if it has any): nothing to forecast.
 * - Then its traffic is payouts: every DRAIN_EVERY_BLOCKS blocks a native transfer (21,000 gas, fast),
 *   sent as an API send is (its value paid when it mines, its balance checked when it is prepared). The
 *   rate is fixed when they begin — what is over its minimum then, over the time left — and each
 *   carries its share less the gas it is likely to pay: the balance falls about evenly to its minimum
 *   at its time. Funding it (POST /sandbox/relayers/{id}/fund) puts the minimum further off at that rate.
 * - Once a payout would leave less than its minimum, v1.8 fails it when it prepares it, in its words
 *   ("… with an enforced minimum balance of …", chain/account.ts sendShortfall): its sends fail from
 *   then on — the stop a forecast is ahead of. Its balance stays just over its minimum (v1.8 never lets
 *   a send take it under).
 */
import { pendingEvm, type EvmTx, type RelayerSeed } from './models.js';
import type { Draining } from './types.js';
import { Rng } from './random.js';
import { evmAddress } from './seeds.js';
import type { FeeMarket } from './chain/fees.js';
import { policyWei } from './spend.js';


/** The seeded draining relayer: sepolia-main, at its minimum 40 minutes after the start at --time-scale 1. */
export const DEFAULT_DRAINING: Draining = { relayerId: 'sepolia-main', afterMs: 40 * 60_000 };
/** Its payouts begin this long before (scaled; from the start where the time is nearer). */
export const DRAIN_MS = 15 * 60_000;
/** A payout every so many blocks. */
export const DRAIN_EVERY_BLOCKS = 3;
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
  if (!m || Number(m[2]) <= 0) return new Error(`--draining must be <relayer-id>@<minutes> (e.g. sepolia-main@40) or off, got "${raw}"`);
  return { relayerId: m[1]!, afterMs: Math.round(Number(m[2]) * 60_000) };
}

/** What a payout's gas is likely to cost on this market now: 21,000 × (the base fee + the fast tip v1.8 quotes). */
function payoutGas(market: FeeMarket): bigint {
  return PAYOUT_GAS * (market.head.baseFee + market.priorityFor('fast'));
}

/** The draining phase of a scenario: from `start` to `deadline` (ms, the sandbox's clock), scaled. */
export function drainWindow(d: Draining, startMs: number, timeScale: number): { start: number; deadline: number } {
  const deadline = startMs + d.afterMs / timeScale;
  return { start: deadline - Math.min(DRAIN_MS, d.afterMs) / timeScale, deadline };
}

/** The payouts' rate, fixed when they begin: what is over the minimum, over the time left (per `span` ms). */
export interface DrainRate {
  left: bigint;
  span: number;
}

export function drainRate(r: RelayerSeed, balance: bigint, now: number, deadline: number): DrainRate {
  const min = policyWei(r.policies.min_balance) ?? 1n;
  return { left: balance > min ? balance - min : 0n, span: Math.max(1, deadline - now) };
}

/** The n-th payout of the draining relayer, pending: its share of the rate over DRAIN_EVERY_BLOCKS blocks, less its likely gas. */
export function drainPayout(r: RelayerSeed, n: number, now: number, rate: DrainRate, market: FeeMarket, blockTimeMs: number): EvmTx {
  const share = (rate.left * BigInt(blockTimeMs * DRAIN_EVERY_BLOCKS)) / BigInt(rate.span);
  const gas = payoutGas(market);
  const value = share > gas ? share - gas : 0n;
  const rng = new Rng(`drain:${r.id}:${n}`);
  return pendingEvm(
    {
      id: rng.uuid(),
      relayer_id: r.id,
      from: r.address,
      // To a receiver its whitelist allows, where it has one (v1.8 refuses others).
      to: payee(r, rng),
      value,
      data: '0x',
      gas_limit: Number(PAYOUT_GAS),
      speed: 'fast',
    },
    now,
  );
}
