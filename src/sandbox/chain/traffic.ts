/**
 * The chain's new transactions (chain.ts step 4): healthy traffic — a new transaction now and then on a
 * few relayers that take sends — and the draining relayer's payouts (draining.ts), and so the balance an
 * account opens with: a day of its seeded history's and its traffic's spend (spend.ts).
 */
import type { SandboxData } from '../data.js';
import { drainPayout, drainRate, drainWindow, DRAIN_EVERY_BLOCKS, type DrainRate } from '../draining.js';
import type { RelayerSeed, Tx } from '../models.js';
import { Rng } from '../random.js';
import { heldBalance, historyPerHour, policyWei, trafficPerHour } from '../spend.js';
import type { Draining } from '../types.js';
import { TRAFFIC, trafficTx, type Account } from './account.js';
import type { SandboxClock } from './clock.js';

/** Healthy traffic adds nothing to a relayer with this many transactions not final (its jam's pile stays bounded). */
export const TRAFFIC_MAX_WAITING = 50;

export class Traffic {
  /** The draining relayer's payout rate, fixed at its first payout. */
  private drainRate: DrainRate | undefined;

  constructor(
    private readonly data: SandboxData,
    private readonly clock: SandboxClock,
    private readonly on: boolean,
    private draining: Draining | false,
  ) {}

  /**
   * A relayer's balance when its account opens: its seeded one, raised to a day of its seeded history's
   * and its traffic's spend (spend.ts) — unless the server disabled it for its balance (under its
   * minimum by its seeds: base-batch, mainnet-hot), or the deployment is one of low balances.
   */
  startBalance(relayer: RelayerSeed, txs: readonly Tx[]): bigint {
    const seeded = this.data.seedBalance(relayer.id);
    const min = policyWei(relayer.policies.min_balance) ?? 0n;
    if (seeded < min || this.data.profile?.lowBalances) return seeded;
    const every = TRAFFIC[relayer.id];
    const traffic = every && this.on && !this.data.profile ? trafficPerHour(relayer, every, this.clock.blockTimeMs) : 0n;
    return heldBalance(relayer, seeded, historyPerHour(txs, this.clock.now()) + traffic);
  }

  /** The draining scenario from now on (false: none): its time counts from the start, time-scaled. */
  setDraining(d: Draining | false): void {
    this.draining = d;
    this.drainRate = undefined;
  }

  /** The draining phase, if this account is the draining relayer's. */
  private drainOf(a: Account): { start: number; deadline: number } | undefined {
    const d = this.draining;
    if (!d || d.relayerId !== a.relayer.id) return undefined;
    return drainWindow(d, this.data.startMs, this.clock.timeScale);
  }

  /** This block's new transaction on the account, if any (not on a paused or disabled relayer). */
  next(a: Account, now: number): void {
    const drain = this.drainOf(a);
    const draining = drain !== undefined && now >= drain.start;
    const every = draining ? DRAIN_EVERY_BLOCKS : TRAFFIC[a.relayer.id];
    if (!this.on || !every || a.relayer.paused || a.relayer.system_disabled || this.data.profile) return;
    // The draining relayer's payouts (draining.ts): every few blocks, sent as a send is (its value paid, its balance checked).
    if (draining) {
      if (this.clock.blocks % every !== 0) return;
      this.drainRate ??= drainRate(a.relayer, a.balance, now, drain.deadline);
      const tx = drainPayout(a.relayer, a.traffic++, now, this.drainRate, a.market, this.clock.blockTimeMs);
      this.data.addTransaction(tx);
      a.meta.set(tx.id, { hashes: 0, known: false, changedAt: now, sent: true });
      a.active.add(tx.id);
      return;
    }
    // Its senders hold back while many of its transactions wait (a jam: the price climb's at its cap),
    // so that a jam's pile stays bounded: every block walks what waits (a pile of hundreds made an
    // hour of blocks take minutes).
    if (a.active.size >= TRAFFIC_MAX_WAITING) return;
    const rng = new Rng(`traffic:${a.relayer.id}:${this.clock.blocks}`);
    if (rng.int(every) !== 0) return;
    const tx = trafficTx(a.relayer, a.traffic++, rng, now);
    this.data.addTransaction(tx);
    a.meta.set(tx.id, { hashes: 0, known: false, changedAt: now });
    a.active.add(tx.id);
  }
}
