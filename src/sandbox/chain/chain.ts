/**
 * The real flavour's chain and OpenZeppelin Relayer v1.8's machinery on it, one block at a time.
 *
 * Every EVM relayer of the real flavour has an account on its network's chain (bulk-1m's made from
 * its newest transactions, data.ts evmTable: its million older ones are final and never walked): the chain's nonce (what `eth_getTransactionCount` "latest" says), the
 * relayer's counter (its `/status` nonce), a balance, and which hash of each transaction the node
 * holds. At each block of the clock, for each account:
 *
 * 1. the chain mines, in nonce order, what was broadcast and is priced at least the network's price
 *    (fees.ts), and charges its gas; a mined one is confirmed once the network's confirmations have
 *    passed (status.rs:235-247), or canceled when what mined was a cancel's NOOP (:256-273);
 * 2. v1.8's status checks run on every transaction not final (status.rs handle_status_impl; v1.8
 *    polls each every 8-12 s, the sandbox every block): a pending one is prepared (a nonce from the
 *    counter, priced from its speed, signed) and submitted, or fails past the prepare timeout; a signed
 *    one never broadcast is re-priced and re-sent after 25 s; a broadcast one is re-priced after its
 *    speed's time, doubled for each earlier hash (rules.ts) — unless the cap holds the bump under
 *    +10 % (#808) or a nonce gap lies below it (detect_nonce_gap_ahead: the nonce-health job is
 *    scheduled, which fills the gap with NOOPs, nonce.rs resolve_nonce_gaps);
 * 3. a relayer disabled for its balance is checked again on v1.8's health-check schedule and enabled
 *    once funded;
 * 4. healthy traffic: a few relayers receive a new transaction every few seconds, and the draining
 *    relayer its payouts (traffic.ts); the climbing relayer's network price is set on its curve
 *    (priceClimb.ts).
 *
 * Solana and Stellar relayers are not on it: their transactions go through in order, one step a
 * block (data.ts stepOldest; v1.8's rules for them are not modelled).
 *
 * A node refuses a broadcast it finds underpriced; v1.8 then writes nothing and tries again at its
 * next check (its error propagates: evm_transaction.rs:975), so the transaction stays `sent`.
 */
import type { SandboxData } from '../data.js';
export type { Account, ChainOptions } from './account.js';
export { KEPT_PER_RELAYER } from './account.js';
import { newEvmHash, newEvmSignature } from '../generate.js';
import type { EvmTx, Speed } from '../models.js';
import { Rng } from '../random.js';
import type { SandboxClock } from './clock.js';
import { FeeMarket, type PriceParams } from './fees.js';
import { FINAL, KEPT_PER_RELAYER, openAccount, repairAccount, MAX_GAP_SCAN, MINED_PER_BLOCK, gapNoop, gasOf, healthCheck, isNoop, sendShortfall, type Account, type ChainOptions, type TxMeta } from './account.js';
import type { Draining, PriceClimb } from '../types.js';
import { ClimbDriver } from '../priceClimb.js';
import { Traffic } from './traffic.js';
import { HEALTH_CHECK_DELAYS_MS, MIN_AGE_FOR_RESUBMIT_MS, NONCE_GAP_SETTLE_MS, NONCE_HEALTH_DEBOUNCE_MS, PREPARE_TIMEOUT_MS, PREPARE_TIMEOUT_REASON, RESEND_TIMEOUT_MS, resubmitAfterMs } from './rules.js';

export class Chain {
  private readonly markets = new Map<string, FeeMarket>();
  private readonly accounts = new Map<string, Account>();
  private all = false;
  private readonly gapFiller: boolean;
  /** New transactions: healthy traffic and the draining relayer's payouts (traffic.ts). */
  private readonly flow: Traffic;
  private seq = 0;
  /** The price climb (priceClimb.ts), driven at each block. */
  private readonly climb: ClimbDriver;

  constructor(
    private readonly data: SandboxData,
    readonly clock: SandboxClock,
    private readonly opts: ChainOptions = {},
  ) {
    this.gapFiller = opts.gapFiller ?? true;
    this.flow = new Traffic(data, clock, opts.traffic ?? true, opts.draining ?? false);
    this.climb = new ClimbDriver(opts.priceClimb ?? false, data, clock, (network) => this.market(network));
    clock.onBlock((now) => this.block(now));
  }

  /** The fee market of a network (made on first use). */
  market(network: string): FeeMarket {
    let m = this.markets.get(network);
    if (!m) {
      const genesis = 5_000_000 + new Rng(`block:${network}`).int(15_000_000) + this.clock.blocks;
      m = new FeeMarket(network, genesis, this.clock.now(), this.opts.spikes?.[network]);
      this.markets.set(network, m);
    }
    return m;
  }

  /** Holds a network's price at `gwei` (undefined: the spike ends). */
  spike(network: string, gwei: number | undefined): void {
    this.market(network).spike(gwei);
  }

  /**
   * Whether a relayer lives on the chain: the real flavour's EVM relayers, bulk-1m among them (v1.8
   * walks every relayer's transactions not final, whatever its history: its newest are re-priced and
   * mined as any other's, and its jam clears — issue 53.5).
   */
  covers(relayerId: string): boolean {
    const r = this.data.relayer(relayerId);
    return !!r && r.network_type === 'evm';
  }

  /** A relayer's account, made from its seeded transactions on first use. */
  account(relayerId: string): Account | undefined {
    const have = this.accounts.get(relayerId);
    if (have) return have;
    if (!this.covers(relayerId)) return undefined;
    const relayer = this.data.relayer(relayerId)!;
    const txs = this.data.evmTable(relayerId) ?? [];
    const account = openAccount(relayer, txs, this.market(relayer.network), this.clock.now(), (ms) => this.clock.scaled(ms), this.flow.startBalance(relayer, txs));
    const now = this.clock.now();
    if (relayer.system_disabled) account.enableCheckAt = now + this.clock.scaled(HEALTH_CHECK_DELAYS_MS[0]!);
    this.accounts.set(relayerId, account);
    return account;
  }

  /** The draining scenario from now on (false: none): its time counts from the start, time-scaled. */
  setDraining(d: Draining | false): void {
    this.flow.setDraining(d);
  }

  /** The price climb from now on (false: none): its time counts from the start, time-scaled; a price it held is let go. */
  setPriceClimb(c: PriceClimb | false): void {
    this.climb.set(c);
  }

  /** Every account (made at the first block: the chain moves every relayer, asked for or not). */
  private everyAccount(): Account[] {
    if (!this.all) {
      for (const r of this.data.relayers) this.account(r.id);
      this.all = true;
    }
    return [...this.accounts.values()];
  }

  /** `eth_getTransactionCount(address, "pending")`: the chain's nonce and what the node holds after it without a hole. */
  mempoolNonce(a: Account): number {
    const held = new Set<number>();
    for (const id of a.active) {
      const t = this.tx(a, id);
      if (t && t.nonce !== null && t.status === 'submitted' && a.meta.get(id)?.known) held.add(t.nonce);
    }
    let n = a.chainNonce;
    while (held.has(n)) n++;
    return n;
  }

  private tx(a: Account, id: string): EvmTx | undefined {
    const t = this.data.findTransaction(a.relayer.id, id);
    return t && t.kind === 'evm' ? t : undefined;
  }

  private store(a: Account, tx: EvmTx): void {
    this.data.storeTransaction(tx);
    if (FINAL.has(tx.status)) a.active.delete(tx.id);
    else a.active.add(tx.id);
  }

  private metaOf(a: Account, tx: EvmTx): TxMeta {
    let m = a.meta.get(tx.id);
    if (!m) {
      m = { hashes: tx.hash ? 1 : 0, known: false, changedAt: tx.created_at };
      a.meta.set(tx.id, m);
    }
    return m;
  }

  private cap(a: Account): bigint | undefined {
    const c = a.relayer.policies.gas_price_cap;
    return typeof c === 'number' || typeof c === 'bigint' ? BigInt(c) : undefined;
  }

  private eip1559(a: Account): boolean {
    return a.relayer.policies.eip1559_pricing !== false;
  }

  // ---- one block ----

  private block(now: number): void {
    const accounts = this.everyAccount();
    this.climb.at(now);
    for (const m of this.markets.values()) m.mine(now);
    for (const a of accounts) {
      this.mine(a, now);
      this.checkStatuses(a, now);
      this.nonceHealth(a, now);
      healthCheck(a, now, (ms) => this.clock.scaled(ms));
      this.flow.next(a, now);
      for (const id of this.data.prune(a.relayer.id, KEPT_PER_RELAYER)) a.meta.delete(id);
    }
    // Solana and Stellar relayers are not on this chain: theirs go through in order, a step a block.
    if (!this.data.profile) for (const r of this.data.relayers) if (r.network_type !== 'evm') this.data.stepOldest(r.id, now);
  }

  /** The chain takes, in nonce order, what the node holds and is priced enough; mined ones are confirmed later. */
  private mine(a: Account, now: number): void {
    const byNonce = new Map<number, EvmTx>();
    for (const id of a.active) {
      const t = this.tx(a, id);
      if (t && t.nonce !== null && (t.status === 'sent' || t.status === 'submitted')) byNonce.set(t.nonce, t);
    }
    for (let i = 0; i < MINED_PER_BLOCK; i++) {
      const t = byNonce.get(a.chainNonce);
      if (!t || t.status !== 'submitted' || !a.meta.get(t.id)?.known || !a.market.priced(t)) break;
      const base = a.market.head.baseFee;
      const price = t.gas_price ?? (t.max_fee_per_gas! < base + (t.max_priority_fee_per_gas ?? 0n) ? t.max_fee_per_gas! : base + (t.max_priority_fee_per_gas ?? 0n));
      // Gas for every transaction; a send's value too (seeds and traffic carry values their balances never held).
      const paid = gasOf(t) * price + (a.meta.get(t.id)?.sent ? t.value : 0n);
      a.balance = a.balance > paid ? a.balance - paid : 0n;
      this.metaOf(a, t).minedBlock = a.market.head.number;
      this.store(a, { ...t, status: 'mined' });
      a.chainNonce++;
    }
    // Confirmations (status.rs:235-273): enough blocks after the one it mined in.
    for (const id of [...a.active]) {
      const t = this.tx(a, id);
      const m = a.meta.get(id);
      if (!t || t.status !== 'mined' || m?.minedBlock === undefined) continue;
      if (a.market.head.number < m.minedBlock + a.market.spec.confirmations) continue;
      const canceled = t.is_canceled && isNoop(t);
      this.store(a, { ...t, status: canceled ? 'canceled' : 'confirmed', confirmed_at: now });
    }
  }

  /** v1.8's status check of every transaction not final, lowest nonce first (pending ones by age). */
  private checkStatuses(a: Account, now: number): void {
    const txs: EvmTx[] = [];
    for (const id of a.active) {
      const t = this.tx(a, id);
      if (t) txs.push(t);
    }
    txs.sort((x, y) => (x.nonce ?? Number.MAX_SAFE_INTEGER) - (y.nonce ?? Number.MAX_SAFE_INTEGER) || x.created_at - y.created_at);
    for (const t of txs) {
      const m = this.metaOf(a, t);
      const age = now - t.created_at;
      if (t.status === 'pending') {
        if (age > this.clock.scaled(PREPARE_TIMEOUT_MS)) this.store(a, { ...t, status: 'failed', status_reason: PREPARE_TIMEOUT_REASON });
        else this.prepare(a, t, now);
        continue;
      }
      if (m.submitQueued) {
        m.submitQueued = false;
        this.broadcast(a, t, now);
        continue;
      }
      if (m.resubmitQueued) {
        m.resubmitQueued = false;
        this.resubmit(a, t, now);
        continue;
      }
      if (age < this.clock.scaled(MIN_AGE_FOR_RESUBMIT_MS)) continue;
      if (t.status === 'sent') {
        if (now - m.changedAt > this.clock.scaled(RESEND_TIMEOUT_MS) && !this.gapBelow(a, t, now)) this.resubmit(a, t, now);
      } else if (t.status === 'submitted') {
        const due = this.clock.scaled(resubmitAfterMs(t.speed, m.hashes, a.relayer.network));
        if (t.sent_at !== null && now - t.sent_at > due && !this.gapBelow(a, t, now)) this.resubmit(a, t, now);
      }
    }
  }

  /** prepare_transaction then the submit job: a nonce from the counter, priced from its speed (capped), signed, broadcast. */
  private prepare(a: Account, t: EvmTx, now: number): void {
    const nonce = t.nonce ?? a.counter++;
    if (t.nonce !== null && t.nonce >= a.counter) a.counter = t.nonce + 1;
    // A send's explicit price is kept (v1.8 quotes from the speed only where none was asked); else quoted, capped.
    const asked = !isNoop(t) && (t.gas_price !== null || t.max_fee_per_gas !== null) ? { gas_price: t.gas_price, max_fee_per_gas: t.max_fee_per_gas, max_priority_fee_per_gas: t.max_priority_fee_per_gas } : null;
    const price = asked ?? a.market.quote(t.speed ?? 'fast', this.eip1559(a), isNoop(t) ? undefined : this.cap(a));
    const seed = `${t.id}:signed:${++this.seq}`;
    // Its balance (validations.rs validate_sufficient_relayer_balance, at prepare, for every transaction:
    // evm_transaction.rs:721): value + gas × price, and what is left over its min_balance — else it fails,
    // permanently, in v1.8's words. A send's value counts (the seeds' and the traffic's carry values their
    // balances never held: their gas only); a NOOP is left to go (it is what clears a jam). So a relayer's
    // own traffic never spends it under its minimum, as on v1.8 (else a sandbox relayer would stay `low`
    // for good within minutes, and check could never pass).
    const sent = this.metaOf(a, t).sent === true;
    const short = isNoop(t) ? null : sendShortfall(a, sent ? t : { ...t, value: 0n }, price);
    if (short) {
      if (t.nonce === null) a.counter--;
      this.store(a, { ...t, status: 'failed', status_reason: short });
      return;
    }
    const signed: EvmTx = { ...t, ...price, nonce, status: 'sent', hash: newEvmHash(seed), signature: newEvmSignature(seed, price.max_fee_per_gas !== null), sent_at: null };
    const m = this.metaOf(a, signed);
    m.hashes = 1;
    m.changedAt = now;
    this.store(a, signed);
    this.broadcast(a, signed, now);
  }

  /** The node takes the transaction as it is signed, or refuses it (v1.8 then leaves it as it was). */
  private broadcast(a: Account, t: EvmTx, now: number): boolean {
    if (a.market.refusal(t) !== undefined) return false;
    this.metaOf(a, t).known = true;
    this.store(a, { ...t, status: 'submitted', sent_at: now });
    return true;
  }

  /**
   * resubmit_transaction (evm_transaction.rs:1053): re-priced by the bump (a NOOP past the cap), signed
   * with a new hash and broadcast; nothing changes when the cap holds the bump under +10 % or the node
   * refuses it.
   */
  private resubmit(a: Account, t: EvmTx, now: number): void {
    if (t.status !== 'sent' && t.status !== 'submitted') return;
    const price = a.market.bump(t, this.cap(a), isNoop(t));
    if (!price) return;
    const seed = `${t.id}:resubmit:${++this.seq}`;
    const next: EvmTx = { ...t, ...price, hash: newEvmHash(seed), signature: newEvmSignature(seed, price.max_fee_per_gas !== null) };
    if (a.market.refusal(next) !== undefined) return;
    const m = this.metaOf(a, t);
    m.hashes++;
    m.known = true;
    this.store(a, { ...next, status: 'submitted', sent_at: now });
  }

  /**
   * detect_nonce_gap_ahead (status.rs:552-648): a slot between the chain's nonce and this one with no
   * transaction still going is a gap; the nonce-health job is scheduled (debounced 30 s per relayer).
   */
  private gapBelow(a: Account, t: EvmTx, now: number): boolean {
    if (t.nonce === null || t.nonce <= a.chainNonce) return false;
    const held = new Set<number>();
    for (const id of a.active) {
      const x = this.tx(a, id);
      if (x && x.nonce !== null && x.status !== 'pending') held.add(x.nonce);
    }
    let gap = false;
    for (let n = a.chainNonce; n < Math.min(t.nonce, a.chainNonce + MAX_GAP_SCAN); n++) {
      if (!held.has(n)) {
        gap = true;
        break;
      }
    }
    if (!gap) return false;
    if (this.gapFiller && (a.healthDebounceUntil === undefined || now >= a.healthDebounceUntil)) {
      a.healthDebounceUntil = now + this.clock.scaled(NONCE_HEALTH_DEBOUNCE_MS);
      a.healthAt ??= now + this.clock.scaled(NONCE_GAP_SETTLE_MS);
      a.healthHint = Math.max(a.healthHint ?? 0, t.nonce);
    }
    return true;
  }

  /**
   * resolve_nonce_gaps (nonce.rs:244-340): the counter raised to cover the hint and the chain, rewound
   * over an empty head, and each gap below the highest slot held filled with a new NOOP (pending, its
   * nonce preset, "Gap-filling NOOP for nonce N"), which is prepared and submitted as any other.
   */
  private nonceHealth(a: Account, now: number): void {
    if (a.healthAt === undefined || now < a.healthAt) return;
    a.healthAt = undefined;
    const hint = a.healthHint;
    a.healthHint = undefined;
    if (hint !== undefined && a.counter < hint + 1) a.counter = hint + 1;
    if (a.counter < a.chainNonce) a.counter = a.chainNonce;
    const held = new Map<number, EvmTx>();
    for (const id of a.active) {
      const x = this.tx(a, id);
      if (x && x.nonce !== null) held.set(x.nonce, x);
    }
    let highest = -1;
    for (const n of held.keys()) if (n > highest) highest = n;
    // The rewind: nothing recorded at or above highest + 1.
    if (highest >= a.chainNonce && a.counter > highest + 1) a.counter = highest + 1;
    for (let n = a.chainNonce; n < highest; n++) {
      if (held.has(n)) continue;
      const r = a.relayer;
      const id = new Rng(`gap:${r.id}:${n}:${++this.seq}`).uuid();
      const noop = gapNoop(r, n, id, now);
      this.data.addTransaction(noop);
      a.meta.set(id, { hashes: 0, known: false, changedAt: now });
      a.active.add(id);
    }
  }



  // ---- what the API's handlers ask of it ----

  /** A send (POST …/transactions): taken in at once, prepared at the next block as any other, its balance checked then (sendShortfall). */
  sent(tx: EvmTx): void {
    const a = this.account(tx.relayer_id);
    if (a) a.meta.set(tx.id, { hashes: 0, known: false, changedAt: tx.created_at, sent: true }), a.active.add(tx.id);
  }

  /** A cancel of a signed one (cancel_transaction): its NOOP stored by the handler, a resubmit job queued. */
  canceled(tx: EvmTx): void {
    const a = this.account(tx.relayer_id);
    if (!a) return;
    this.metaOf(a, tx).resubmitQueued = true;
    a.active.add(tx.id);
  }

  /**
   * replace_transaction (evm_transaction.rs:1308-1412): the request's to, value, data and gas limit,
   * its speed (else the old one's, else fast), priced as a replacement, signed — status and hashes
   * unchanged — and a resubmit job queued (which bumps it again, held by the cap where one is set).
   */
  replace(old: EvmTx, req: { value: bigint; to?: string; data?: string; gas_limit?: bigint; speed?: Speed }): EvmTx {
    const a = this.account(old.relayer_id)!;
    const speed = req.speed ?? old.speed ?? 'fast';
    const price: PriceParams = a.market.replacement(old, speed, this.cap(a), this.eip1559(a));
    const next: EvmTx = { ...old, value: req.value, to: req.to ?? null, data: req.data ?? '0x', speed, ...price };
    if (req.gas_limit !== undefined) next.gas_limit = Number(req.gas_limit);
    if (old.status !== 'pending') {
      const seed = `${old.id}:replace:${++this.seq}`;
      next.hash = newEvmHash(seed);
      next.signature = newEvmSignature(seed, price.max_fee_per_gas !== null);
      const m = this.metaOf(a, old);
      // The node still holds the old hash until the resubmit job broadcasts this one.
      m.resubmitQueued = true;
    }
    this.store(a, next);
    return next;
  }

  /** submit_transaction of what is stored (the cancel-all job): a signed one broadcast as it is, a broadcast one again. */
  submit(tx: EvmTx, now: number): void {
    const a = this.account(tx.relayer_id);
    if (!a || (tx.status !== 'sent' && tx.status !== 'submitted')) return;
    if (tx.status === 'submitted') {
      this.store(a, { ...tx, sent_at: now });
      return;
    }
    this.broadcast(a, tx, now);
  }

  /** The sandbox's faucet (not v1.8's): adds to a relayer's balance; its health check enables it at its next run. */
  fund(relayerId: string, wei: bigint): bigint | undefined {
    const a = this.account(relayerId);
    if (!a) return undefined;
    a.balance += wei;
    return a.balance;
  }

  /** The sandbox's repair (not v1.8's API; account.ts repairAccount says what v1.8's restart checks). Undefined: not on the chain. */
  repair(relayerId: string): { enabled: boolean } | undefined {
    const a = this.account(relayerId);
    if (!a) return undefined;
    return repairAccount(a, this.clock.now() + this.clock.scaled(HEALTH_CHECK_DELAYS_MS[0]!));
  }

  /** The transaction the node holds under this hash (its current one, broadcast), else undefined. */
  byHash(relayerId: string, hash: string): { tx: EvmTx; minedBlock?: number } | undefined {
    const a = this.account(relayerId);
    if (!a) return undefined;
    const h = hash.toLowerCase();
    for (const t of this.data.evmTable(relayerId) ?? []) {
      if (t.kind !== 'evm' || t.hash === null || t.hash.toLowerCase() !== h) continue;
      const m = a.meta.get(t.id);
      if (!m?.known && m?.minedBlock === undefined) return undefined;
      return { tx: t, ...(m.minedBlock !== undefined ? { minedBlock: m.minedBlock } : {}) };
    }
    return undefined;
  }
}

