/**
 * Seeded relayers and transactions of one sandbox instance. Content is fixed; timestamps are relative to the
 * sandbox start time so ages look recent. A relayer's transactions are generated when first asked for (the
 * same whenever that is). `bulk-1m` holds 1,000,000 EVM transactions computed from their index on demand
 * (never materialized); replacements of those are kept in an override map.
 */
import { BASE58, Rng, shuffled } from './random.js';
import { type Flavor, formatTime } from './flavor.js';
import { BULK_COUNT, BULK_RELAYER_ID, type ChainState, type EvmTx, type RelayerSeed, type Speed, type Tx, type TxStatus } from './models.js';
export type { ChainState } from './models.js';
import { seedRelayers } from './seeds.js';
import type { SeedProfile } from './types.js';
import { BULK_HEAD_LENGTH, bulkId, bulkIndex, bulkStatus, makeEvmTx, makeSolanaTx, makeStellarTx, newEvmHash, notAfter, newEvmSignature, statusAt } from './generate.js';
import { nextNonce, realEvmLifecycle } from './chain/nonces.js';
import { applySituation, situationAge } from './chain/situations.js';
import { realSeedSpend } from './spend.js';
import { stellarApply, stellarStepFailure, type StellarSend } from './stellarPrepare.js';

export { BULK_RELAYER_ID } from './models.js';
export { SANDBOX_RELAYERS } from './seeds.js';
export { renderRelayer } from './relayerRender.js';
export { renderTransaction } from './txRender.js';

interface TxTable {
  list: Tx[];
  byId: Map<string, Tx>;
}

/** The next status of the contract flavour's --advance (and of the real flavour's Solana and Stellar relayers). */
const NEXT_STATUS: Partial<Record<TxStatus, TxStatus>> = { pending: 'sent', sent: 'submitted', submitted: 'mined', mined: 'confirmed' };

/** Statuses a transaction never leaves. */
export const FINAL_STATUSES: readonly TxStatus[] = ['canceled', 'confirmed', 'failed', 'expired'];

/** How many of bulk-1m's newest transactions hold every one not final (its head and more). */
const BULK_HEAD_SCAN = 200;

/** Seeded relayers and transactions of one sandbox instance, plus stored replacements. */
export class SandboxData {
  readonly relayers: RelayerSeed[];
  private readonly byId = new Map<string, RelayerSeed>();
  private readonly tables = new Map<string, TxTable>();
  private readonly bulkOverrides = new Map<number, EvmTx>();
  private readonly realOrder: RelayerSeed[];
  /** The real flavour's chain (server.ts sets it): EVM nonces and balances come from it. */
  chain: ChainState | undefined;
  /** Stellar sends with operations not yet final (sendOther.ts): what their preparation and submission read. */
  readonly stellarSends = new Map<string, StellarSend>();

  constructor(
    readonly startMs: number,
    readonly profile?: SeedProfile,
    /** The real flavour seeds EVM transactions as the real server stores them (see chain.ts). */
    readonly flavor: Flavor = 'contract',
  ) {
    this.relayers = seedRelayers(profile, flavor);
    for (const r of this.relayers) this.byId.set(r.id, r);
    this.realOrder = shuffled(this.relayers, 'real-server-relayer-order');
  }

  /** A relayer's seeded transactions, generated on first use (the same whenever that is). */
  private table(relayerId: string): TxTable | undefined {
    let table = this.tables.get(relayerId);
    if (!table) {
      const r = this.byId.get(relayerId);
      if (!r || r.id === BULK_RELAYER_ID) return undefined;
      table = this.seedTransactions(r);
      this.tables.set(relayerId, table);
    }
    return table;
  }

  relayer(id: string): RelayerSeed | undefined {
    return this.byId.get(id);
  }

  /** DELETE /relayers/{id} (relayerDelete.ts): the relayer removed; its transactions stay stored, as v1.8's delete_by_id leaves them. */
  deleteRelayer(id: string, r = this.byId.get(id)): void { if (r && this.byId.delete(id)) for (const list of [this.relayers, this.realOrder]) list.splice(list.indexOf(r), 1); }
  /** Relayers in list order: seed order (contract) or a fixed shuffle (real server has no defined order). */
  orderedRelayers(flavor: Flavor): RelayerSeed[] {
    return flavor === 'real' ? this.realOrder : this.relayers;
  }

  private seedTransactions(r: RelayerSeed): TxTable {
    const list: Tx[] = [];
    const rel = new Rng(`created:${r.id}`);
    const nonceBase = 100 + new Rng(`nonce:${r.id}`).int(5000);
    const seqBase = 123_456_789_012_345_678n + BigInt(new Rng(`seq:${r.id}`).int(100_000)) * 1000n;
    // The real flavour's EVM transactions: nonces only for signed ones, oldest lowest, without a hole
    // (a pending one holds none; the chain's nonce and the relayer's follow, see chain.ts).
    const real = this.flavor === 'real' && r.network_type === 'evm';
    const head = real ? (r.realHead ?? r.head) : r.head;
    const realNonces: (number | null)[] = [];
    // Two seeded values are beyond 2^64 wei (the 9th and 30th newest): the real flavour's fail at prepare, without a nonce
    // (spend.ts); the nonces below them start that much higher, so the newest keep theirs.
    const unpaid = (i: number) => i === 9 || i === 30;
    if (real) {
      let k = [9, 30].filter((i) => i < r.txCount).length;
      for (let i = r.txCount - 1; i >= 0; i--) realNonces[i] = statusAt(head, i) === 'pending' || unpaid(i) ? null : nonceBase + k++;
    }
    for (let i = 0; i < r.txCount; i++) {
      const seed = `${r.id}:${i}`;
      const id = new Rng(`id:${seed}`).uuid();
      const status = statusAt(head, i);
      // Newest first: strictly decreasing creation times (spacing 97 s, jitter below 60 s).
      const st = r.stuck;
      const jitter = rel.int(60_000);
      // The real flavour's chain moves: a relayer's newest transactions are seconds old unless a
      // situation holds them (situations.ts).
      const recent = real && !st && i < head.length ? situationAge(r, i) ?? 6_000 + i * 5_000 + (jitter % 2_000) : undefined;
      const created = st ? this.startMs - st.olderMs - i * st.spacingMs - jitter : this.startMs - (recent ?? 20_000 + i * 97_000 + jitter);
      // A stuck relayer skips a nonce below its newest ones (the newer ones wait behind the gap).
      const older = r.txCount - 1 - i + (st && i < st.nonceGapAt ? 1 : 0);
      let tx: Tx;
      if (real) {
        tx = realEvmLifecycle(realSeedSpend(makeEvmTx(r, id, seed, status, created, realNonces[i]!, unpaid(i)), r, this.seedBalance(r.id)));
      } else if (r.network_type === 'evm') {
        tx = makeEvmTx(r, id, seed, status, created, nonceBase + older, unpaid(i));
        if (st && i === st.sentWithoutHashAt && tx.kind === 'evm') Object.assign(tx, { hash: null, signature: null });
      }
      else if (r.network_type === 'solana') tx = makeSolanaTx(r, id, seed, status, created);
      else tx = makeStellarTx(r, id, seed, status, created, seqBase + BigInt(older));
      list.push(notAfter(tx, this.startMs));
    }
    if (real) applySituation(r, list);
    return { list, byId: new Map(list.map((t) => [t.id, t])) };
  }

  private bulkTx(index: number): EvmTx {
    const over = this.bulkOverrides.get(index);
    if (over) return over;
    const r = this.byId.get(BULK_RELAYER_ID)!;
    // The real flavour's chain moves (chain.ts walks bulk-1m too): its newest are seconds old, as a busy
    // relayer's are (seeds.ts), not a jam at the start; its older ones 30 s apart.
    const recent = this.flavor === 'real' && index < BULK_HEAD_LENGTH ? 6_000 + index * 5_000 : undefined;
    const created = this.startMs - (recent ?? 10_000 + index * 30_000) - ((index * 37) % 1000);
    const tx = notAfter(makeEvmTx(r, bulkId(index), `bulk:${index}`, bulkStatus(index), created, BULK_COUNT - 1 - index, bulkUnpaid(index)), this.startMs);
    // Its pending ones are the newest: without their nonces the others stay without a hole. Its spend as its balance allows (spend.ts).
    return this.flavor === 'real' ? realEvmLifecycle(realSeedSpend(tx, r, this.seedBalance(r.id))) : tx;
  }

  private bulkStatusAt(index: number): TxStatus {
    if (this.bulkOverrides.size > 0) {
      const over = this.bulkOverrides.get(index);
      if (over) return over.status;
    }
    // The real flavour's value beyond 2^64 failed at prepare (spend.ts).
    if (this.flavor === 'real' && bulkUnpaid(index)) return 'failed';
    return bulkStatus(index);
  }

  /**
   * One page of a relayer's transactions, newest first, optionally filtered by status. `hideCanceled`:
   * leave out EVM transactions canceled but not yet final (is_canceled while sent or submitted), as the
   * real server does under a non-final ?status= (v1.8 src/api/controllers/relayer.rs list_transactions).
   */
  listTransactions(relayerId: string, offset: number, limit: number, status?: TxStatus, hideCanceled = false): { items: Tx[]; total: number } {
    const hidden = (t: Tx) => hideCanceled && t.kind === 'evm' && t.is_canceled;
    if (relayerId === BULK_RELAYER_ID) {
      if (!status) {
        const items: Tx[] = [];
        for (let i = offset; i < Math.min(BULK_COUNT, offset + limit); i++) items.push(this.bulkTx(i));
        return { items, total: BULK_COUNT };
      }
      const items: Tx[] = [];
      let total = 0;
      for (let i = 0; i < BULK_COUNT; i++) {
        if (this.bulkStatusAt(i) !== status) continue;
        const over = this.bulkOverrides.size > 0 ? this.bulkOverrides.get(i) : undefined;
        if (over && hidden(over)) continue;
        if (total >= offset && total < offset + limit) items.push(this.bulkTx(i));
        total++;
      }
      return { items, total };
    }
    const table = this.table(relayerId);
    if (!table) return { items: [], total: 0 };
    const all = status ? table.list.filter((t) => t.status === status && !hidden(t)) : table.list;
    return { items: all.slice(offset, offset + limit), total: all.length };
  }

  /** A relayer's EVM transactions that can still matter to its nonces (all of them; bulk-1m's newest). */
  evmHead(relayerId: string): EvmTx[] {
    const txs = relayerId === BULK_RELAYER_ID ? this.listTransactions(relayerId, 0, BULK_HEAD_SCAN).items : (this.table(relayerId)?.list ?? []);
    return txs.filter((t): t is EvmTx => t.kind === 'evm');
  }

  /**
   * A relayer's balance in its network's base unit (wei, stroops, lamports): deterministic per
   * relayer, a few tenths of the native coin; a fleet's low-balance deployment far under any minimum.
   */
  balanceOf(relayerId: string): bigint {
    const account = this.chain?.account(relayerId);
    return account ? account.balance : this.seedBalance(relayerId) - (this.spent.get(relayerId) ?? 0n);
  }

  /** What a relayer off the EVM chain has spent since the start (a Stellar send's payments and fee, stellarApply). */
  private readonly spent = new Map<string, bigint>();

  /** A relayer's seeded balance (see balanceOf). */
  seedBalance(relayerId: string): bigint {
    const r = this.byId.get(relayerId);
    const rng = new Rng(`balance:${relayerId}`);
    let balance: bigint;
    if (r?.network_type === 'stellar') balance = BigInt(rng.int(9_000_000) + 100_000) * 1000n;
    else if (r?.network_type === 'solana') balance = BigInt(rng.int(5_000_000) + 10_000) * 1000n;
    else balance = BigInt(rng.int(900_000) + 1000) * 10n ** 12n + BigInt(rng.int(1_000_000));
    if (this.profile?.lowBalances) return BigInt(1 + rng.int(999));
    // A relayer the server disabled for its balance has one below its policy's minimum (as the real
    // server's health check found it): 0.24 of it, the seed's own 1.2e15 of 5e15 wei.
    const min = r?.policies?.min_balance;
    if (r && balanceCheckFailed(r.disabled_reason) && (typeof min === 'number' || typeof min === 'bigint')) return (BigInt(min) * 6n) / 25n;
    return balance;
  }

  findTransaction(relayerId: string, txId: string): Tx | undefined {
    if (relayerId === BULK_RELAYER_ID) {
      const index = bulkIndex(txId);
      return index === undefined ? undefined : this.bulkTx(index);
    }
    return this.table(relayerId)?.byId.get(txId);
  }

  /** The EVM transaction with this nonce (the real server's by-nonce lookup). */
  findByNonce(relayerId: string, nonce: number): Tx | undefined {
    if (relayerId === BULK_RELAYER_ID) {
      const index = BULK_COUNT - 1 - nonce;
      const tx = Number.isSafeInteger(index) && index >= 0 && index < BULK_COUNT ? this.bulkTx(index) : undefined;
      return tx?.nonce === nonce ? tx : undefined;
    }
    return this.table(relayerId)?.list.find((t) => t.kind === 'evm' && t.nonce === nonce);
  }

  /** The next nonce the relayer would assign (the real server's /status nonce). */
  nextNonce(relayerId: string): number {
    return nextNonce(this.evmHead(relayerId));
  }

  /**
   * GET /relayers/{id}/status as the real server answers it: balance (deterministic per relayer, in
   * the base unit), pending count (pending, sent, submitted), the last confirmation, and the next
   * nonce (EVM) or sequence number (Stellar).
   */
  relayerStatus(flavor: Flavor, relayerId: string): Record<string, unknown> | undefined {
    const r = this.byId.get(relayerId);
    if (!r) return undefined;
    // The newest transactions are where the non-final ones are (bulk-1m: its head and any replaced).
    const head = relayerId === BULK_RELAYER_ID ? this.listTransactions(relayerId, 0, BULK_HEAD_SCAN).items : (this.table(relayerId)?.list ?? []);
    const pending = head.filter((t) => t.status === 'pending' || t.status === 'sent' || t.status === 'submitted').length;
    const confirmed = head.filter((t) => t.confirmed_at !== null).map((t) => t.confirmed_at!);
    const last = confirmed.length ? confirmed.reduce((a, b) => (a > b ? a : b)) : null;
    const out: Record<string, unknown> = { network_type: r.network_type, balance: this.balanceOf(relayerId).toString() };
    if (r.network_type === 'evm') {
      out.pending_transactions_count = pending;
      out.last_confirmed_transaction_timestamp = last === null ? null : formatTime(flavor, last);
      out.system_disabled = r.system_disabled;
      out.paused = r.paused;
      // The relayer's own counter: above every nonce it assigned, whatever the chain has taken.
      out.nonce = String(this.chain?.account(relayerId)?.counter ?? nextNonce(head));
    } else if (r.network_type === 'stellar') {
      out.pending_transactions_count = pending;
      out.last_confirmed_transaction_timestamp = last === null ? null : formatTime(flavor, last);
      out.system_disabled = r.system_disabled;
      out.paused = r.paused;
      // Above the highest sequence taken (a send not yet prepared has none: "0").
      const seqs = head.flatMap((t) => (t.kind === 'stellar' ? [BigInt(t.sequence_number)] : []));
      out.sequence_number = seqs.length ? (seqs.reduce((a, b) => (a > b ? a : b)) + 1n).toString() : '0';
    } else {
      out.pending_transactions_count = pending;
      out.last_confirmed_transaction_timestamp = last === null ? null : formatTime(flavor, last);
      out.system_disabled = r.system_disabled;
      out.paused = r.paused;
    }
    return out;
  }

  /**
   * The contract flavour's `--advance` (the real flavour has its chain instead): in every relayer whose
   * transactions have been listed (bulk-1m and the stuck seed holesky-test aside), the oldest
   * transaction not yet final goes one step: pending → sent (with a hash) → submitted → mined → confirmed.
   */
  advance(now: number): void {
    if (this.flavor === 'real') return; // the real flavour's chain moves it (chain/chain.ts)
    for (const id of this.tables.keys()) {
      const r = this.byId.get(id);
      if (r && !r.stuck) this.stepOldest(id, now);
    }
  }

  /**
   * The oldest transaction of a relayer not yet final goes one step on (pending → sent, with a hash →
   * submitted → mined → confirmed; Stellar has no `mined`): the contract flavour's --advance, and the
   * real flavour's Solana and Stellar relayers (not modelled on v1.8's rules for them: they go through in order,
   * but a Stellar send that v1.8 would fail to prepare or to submit fails there, stellarPrepare.ts).
   */
  stepOldest(relayerId: string, now: number): void {
    const table = this.table(relayerId);
    if (!table) return;
    for (let i = table.list.length - 1; i >= 0; i--) {
      const tx = table.list[i]!;
      let next = NEXT_STATUS[tx.status];
      if (!next) continue;
      const send = this.stellarSends.get(tx.id);
      const failure = send && stellarStepFailure(send, tx.status, this.byId.get(relayerId));
      if (failure) {
        const failed = { ...tx, status: 'failed' as const, status_reason: failure };
        table.list[i] = failed;
        table.byId.set(failed.id, failed);
        this.stellarSends.delete(tx.id);
        return;
      }
      if (tx.kind === 'stellar' && next === 'mined') next = 'confirmed';
      // The ledger applies a submitted send from the relayer's own account: its fee and native payments from its balance, or it fails there.
      if (send && tx.kind === 'stellar' && tx.status === 'submitted' && send.source_account === this.byId.get(relayerId)?.address) {
        const applied = stellarApply(send, BigInt(tx.fee), this.balanceOf(relayerId));
        this.spent.set(relayerId, (this.spent.get(relayerId) ?? 0n) + applied.spent);
        if (applied.failure) {
          const failed = { ...tx, status: 'failed' as const, status_reason: applied.failure };
          table.list[i] = failed;
          table.byId.set(failed.id, failed);
          this.stellarSends.delete(tx.id);
          return;
        }
      }
      const moved = { ...tx, status: next } as Tx;
      if (tx.status === 'pending') {
        moved.sent_at = now;
        if (moved.kind === 'evm') moved.hash = newEvmHash(`${tx.id}:advanced`);
        if (moved.kind === 'stellar') moved.hash = newEvmHash(`${tx.id}:advanced`).slice(2);
        if (moved.kind === 'solana' && moved.signature === null) moved.signature = new Rng(`${tx.id}:signature`).chars(BASE58, 88);
        // A send (sendOther.ts) is prepared: the next sequence, 100 stroops an operation (v1.8 prepare/common.rs:192).
        if (moved.kind === 'stellar' && moved.sequence_number === '0') {
          const seqs = table.list.flatMap((t) => (t.kind === 'stellar' ? [BigInt(t.sequence_number)] : []));
          moved.sequence_number = (seqs.reduce((a, b) => (a > b ? a : b), 0n) + 1n).toString();
          if (moved.fee === 0) moved.fee = 100 * (moved.op_count ?? 1);
        }
      }
      if (moved.status === 'confirmed') {
        moved.confirmed_at = now;
        this.stellarSends.delete(moved.id);
      }
      table.list[i] = moved;
      table.byId.set(moved.id, moved);
      return;
    }
  }

  /**
   * A seeded relayer's transactions as stored, newest first; bulk-1m's newest (every one not final,
   * replacements in), its million older ones final and never materialized.
   */
  evmTable(relayerId: string): Tx[] | undefined {
    if (relayerId === BULK_RELAYER_ID) return this.listTransactions(relayerId, 0, BULK_HEAD_SCAN).items;
    return this.table(relayerId)?.list;
  }

  /** A new transaction of a relayer (the chain's traffic and gap-filling NOOPs): the newest. */
  addTransaction(tx: Tx): void {
    const table = this.table(tx.relayer_id);
    if (!table) return;
    table.list.unshift(tx);
    table.byId.set(tx.id, tx);
  }

  /** Keeps at most `keep` transactions of a relayer: the oldest final ones go first. The ids that went. */
  prune(relayerId: string, keep: number): string[] {
    const table = this.tables.get(relayerId);
    const gone: string[] = [];
    if (!table) return gone;
    while (table.list.length > keep) {
      const last = table.list[table.list.length - 1]!;
      if (!FINAL_STATUSES.includes(last.status)) break;
      table.list.pop();
      table.byId.delete(last.id);
      this.stellarSends.delete(last.id);
      gone.push(last.id);
    }
    return gone;
  }

  /** Store a replaced transaction (same id) so later lists and lookups show it. */
  storeTransaction(tx: Tx): void {
    if (tx.relayer_id === BULK_RELAYER_ID) {
      const index = bulkIndex(tx.id);
      if (index !== undefined && tx.kind === 'evm') this.bulkOverrides.set(index, tx);
      return;
    }
    const table = this.table(tx.relayer_id);
    if (!table) return;
    const pos = table.list.findIndex((t) => t.id === tx.id);
    if (pos >= 0) table.list[pos] = tx;
    table.byId.set(tx.id, tx);
  }
}

/** bulk-1m's transactions with a value beyond 2^64 wei: one in a thousand. */
const bulkUnpaid = (index: number) => index % 1000 === 42;

/** Whether a disabled reason is (or holds, in a Multiple) a failed balance check. */
function balanceCheckFailed(reason: unknown): boolean {
  const r = reason as { type?: unknown; details?: unknown } | undefined;
  if (!r) return false;
  return r.type === 'BalanceCheckFailed' || (r.type === 'Multiple' && Array.isArray(r.details) && r.details.some(balanceCheckFailed));
}
