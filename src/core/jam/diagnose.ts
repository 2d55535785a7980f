/**
 * One diagnosis of a jam, typed: what was read of an EVM relayer in, a `Jam` (its cause, the
 * blocker, what waits behind it) or why there is none — never words (words.ts makes them, once, at
 * the edge). Pure: the reads are read.ts's.
 *
 * The rules are OpenZeppelin Relayer v1.8's (tag v1.8.0; NOTES.md "v1.8's machinery over time"):
 * - the chain takes nonces in order: the transaction at the chain's nonce (`eth_getTransactionCount`
 *   "latest") is what every later one waits behind;
 * - `sent` is signed and not broadcast; v1.8 re-sends it after 25 s (status.rs:1399), so one still
 *   `sent` past that had every re-send refused (an RPC error it does not classify: no status_reason
 *   is written, evm_transaction.rs:975);
 * - `submitted` is re-priced after its speed's time (utils/transaction.rs:16-41) with at least +10 %,
 *   held by `gas_price_cap` (price_calculator.rs:215-280): at the cap, re-pricing stops for good
 *   (openzeppelin-relayer#808) — a bump is held to the cap too; a cancel's NOOP is not;
 * - a gap (no transaction at the chain's nonce, or a final one there) is filled by v1.8's
 *   nonce-health job once a stale transaction above triggers it (nonce.rs:244; #818), not otherwise (#843):
 *   when it should have come is `gapFill` below, and past that the jam is overdue (docs/jam-runbook.md).
 */
import type { Transaction } from '../../api/index.js';
import { toBigInt } from '../amounts.js';
import { FINAL_STATUSES, isCanceling } from '../status.js';

/**
 * A reading of the relayer's status not taken as evidence (NOTES.md "When the server is unwell"): v1.8
 * answers `"nonce": "0"` when its counter read fails (`unwrap_or(0)`, domain/relayer/evm/evm_relayer.rs
 * ~355); a counter missing, or below the chain's nonce, says nothing either; and a counter at the chain's
 * nonce while the status counts pending transactions leaves them unaccounted for. The diagnosis then
 * rests on the transaction at the chain's nonce and the non-final lists, read anyway.
 */
export type NonceDistrust =
  | { kind: 'status_nonce_zero' }
  | { kind: 'status_nonce_missing' }
  | { kind: 'status_nonce_below_chain'; status_nonce: number }
  | { kind: 'pending_unaccounted'; status_nonce: number; pending_count: number };

export type JamCause = 'never_broadcast' | 'price_cap' | 'underpriced' | 'dropped' | 'not_mined' | 'no_tx_at_nonce' | 'blocker_final' | 'unknown_status';

export interface Jam {
  cause: JamCause;
  /** The transaction at the chain's nonce (null: none holds it). */
  blocker_id: string | null;
  blocker_nonce: number;
  blocker_status: string | null;
  /** What the blocker offers the chain: its legacy gas price or its max fee (null: unknown or none). */
  blocker_price_wei: bigint | null;
  /** The blocker's speed (its re-price time depends on it), its status_reason as the server wrote it. */
  blocker_speed: string | null;
  blocker_reason: string | null;
  /** A cancel of the blocker is in flight (`is_canceled` on a status not final): its NOOP takes the nonce once mined. */
  blocker_canceling: boolean;
  chain_nonce: number;
  /** The relayer's counter (`/status` nonce): the next nonce it would give — or, where the status was not trusted (`distrusted`), one above the highest nonce read in its transactions. */
  relayer_nonce: number;
  /** The status reading not trusted, and so not used (null: the status's nonce was used). */
  distrusted?: NonceDistrust | null;
  /** Non-final transactions that cannot go before the blocker (the not-yet-signed included; the blocker not). */
  waiting: number;
  /**
   * Nonces between the blocker's and the relayer's counter that no listed transaction holds: a cancel
   * on its way (v1.8's status filter hides what is marked canceling until its NOOP is mined), or a gap.
   * 0 when the lists were longer than what was read (then not known).
   */
  unlisted_nonces: number;
  /** `eth_gasPrice` as read (null: not read). */
  network_price_wei: bigint | null;
  /** The relayer's `gas_price_cap` (null: none). */
  cap_wei: bigint | null;
  /**
   * The one origin of a jam's age, the same for every face and every read (the TUI, check, the fleet):
   * the blocker's creation (a re-send or a bump moves its broadcast, never its jam's age), else its
   * broadcast; with no blocker, the oldest that waits' creation; else the read itself. Never when a
   * client saw the chain move: a face that started later would say a younger jam (issue 53.3).
   */
  since: number;
  /** What `since` is the time of (the words name it: `jammed 17m (blocker created 19:02)`). */
  since_of: JamOrigin;
  /** `underpriced`: the earliest time v1.8 re-prices it (its speed's time after its last broadcast; each earlier hash doubles it). */
  next_reprice_at: number | null;
  /**
   * A gap (`no_tx_at_nonce`, `blocker_final`): when v1.8's nonce-health job should have filled it, and
   * the evidence (gapFill). Absent on every other cause.
   */
  gap?: GapFill | null;
}

/** What a jam's age counts from (Jam.since). */
export type JamOrigin = 'blocker_created' | 'blocker_broadcast' | 'oldest_created' | 'read';

/** A transaction above a gap whose status check finds the gap (the job's trigger): its nonce, status, times. */
export interface StaleAbove {
  id: string;
  nonce: number;
  status: 'sent' | 'submitted';
  created_at: number;
  /** Its last broadcast (null: never broadcast). */
  sent_at: number | null;
  /** When v1.8's status check finds it stale (and so the gap below it): see gapFill. */
  due_at: number;
}

/**
 * When v1.8 should have filled a gap at the chain's nonce, read from the transactions above it
 * (docs/jam-runbook.md has the chain of calls with file:line in v1.8.0):
 *
 * - only a status check of a stale transaction above looks for the gap: `handle_sent_state` once a
 *   `sent` one is 25 s old (status.rs:1401-1404; its age from `sent_at`, else `created_at`:
 *   evm/utils.rs:183-198; EVM_RESEND_TIMEOUT_SECONDS, constants/evm_transaction.rs:59), and
 *   `handle_submitted_state` once a `submitted` one is due its re-price (status.rs:515-533, 300-343:
 *   its speed's time after `sent_at`, doubled per earlier hash, utils/transaction.rs:16-41 — v1.8 does
 *   not re-price one with a gap below it, so one broadcast after the gap opened stays at one hash);
 * - `detect_nonce_gap_ahead` (status.rs:552-648) sees a slot with no record, or a final one
 *   (`is_active_nonce_status`, transaction/common.rs:32-40), and schedules the relayer's nonce-health
 *   job at once (evm_transaction.rs:277-301; debounced 30 s a relayer, status.rs:165-168);
 * - the job (`handle_health_action`, nonce.rs:576-683) waits 2 s (nonce.rs:39, 271), finds the gap
 *   (`detect_nonce_gaps`, nonce.rs:154-204) and stores a NOOP for it, pending, through the prepare and
 *   submit jobs (`create_gap_filling_noop`, nonce.rs:435-568); EVM status checks run every 8–12 s
 *   (queues/retry_config.rs:36-40).
 *
 * So the earliest `due_at` among the transactions above, plus GAP_FILL_WINDOW_MS (a status check, the
 * job's pause, the NOOP prepared, broadcast and mined), is when the nonce should have been taken. Past
 * it the jam is `overdue`: the job did not come, or came and filled nothing (openzeppelin-relayer#818,
 * #843) — no API call fills the nonce (docs/jam-runbook.md: what an operator can do).
 */
export interface GapFill {
  /** The earliest a transaction above is found stale (null: none above holds a nonce: nothing triggers the job). */
  due_at: number | null;
  /** By when the NOOP should have taken the nonce (null: nothing triggers the job). */
  fill_by: number | null;
  /** Past `fill_by` when read. */
  overdue: boolean;
  /** The stale transactions above the gap, earliest due first (at most STALE_SHOWN). */
  stale: StaleAbove[];
  /** How many transactions read hold a nonce above the gap (signed or broadcast). */
  above: number;
}

/** What was read of a relayer (read.ts). */
export interface JamReading {
  now: number;
  chainNonce: number;
  relayerNonce: number;
  /** The transaction at the chain's nonce, or null when the server has none (by-nonce 404). */
  blocker: Transaction | null;
  /** The relayer's non-final transactions (pending, sent, submitted), as read. */
  notFinal: readonly Transaction[];
  /** How many there are in all (the servers' totals: more than were read, on a busy relayer), when known. */
  notFinalTotal?: number;
  networkPriceWei: bigint | null;
  capWei: bigint | null;
  /** `eth_getTransactionByHash` of the blocker's hash: true known, false null, undefined not asked. */
  blockerKnown?: boolean;
  /** When this client last saw the chain's nonce move (a watch keeps it), if it did: kept for the reading, never a jam's age (Jam.since is one origin for every face). */
  chainMovedAt?: number;
  /** The status reading not trusted (`relayerNonce` is then made from what was read of the transactions). */
  distrusted?: NonceDistrust;
}

export type Diagnosis = { kind: 'jam'; jam: Jam } | { kind: 'clear'; why: string; distrusted?: NonceDistrust };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** v1.8 re-sends a signed transaction after 25 s and polls every 8–12 s: past this, every re-send was refused. */
export const NEVER_BROADCAST_AFTER_MS = 25 * SECOND + 12 * SECOND;
/**
 * A broadcast transaction at the chain's nonce older than this is a jam: a healthy chain takes a
 * priced one within blocks; v1.8 re-prices the fastest at 2 min.
 */
export const NOT_MINED_AFTER_MS = 90 * SECOND;
/** The re-price times by speed (src/utils/transaction.rs:16-25). */
export const REPRICE_MS: Record<string, number> = { safeLow: 10 * MINUTE, average: 5 * MINUTE, fast: 3 * MINUTE, fastest: 2 * MINUTE };
/** A `sent` one is re-sent (and a gap below it looked for) once this old (EVM_RESEND_TIMEOUT_SECONDS, constants/evm_transaction.rs:59). */
export const RESEND_AFTER_MS = 25 * SECOND;
/**
 * From a stale transaction's due time to the gap's NOOP mined: a status check (every 8–12 s,
 * queues/retry_config.rs:36-40), the job's 2 s pause (nonce.rs:39), the NOOP's prepare and submit jobs,
 * and a few blocks. A minute is generous on every network v1.8 knows.
 */
export const GAP_FILL_WINDOW_MS = 60 * SECOND;
/** The stale transactions kept as evidence (the count says the rest). */
export const STALE_SHOWN = 5;

const FINAL = new Set<string>(FINAL_STATUSES);
const status = (t: Transaction) => String(t.status).toLowerCase();
const time = (v: unknown): number | null => {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? ms : null;
};
const nonceOf = (t: Transaction): number | null => {
  const n = toBigInt(t.nonce);
  return n !== undefined && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
};

/** What a transaction offers the chain: its legacy gas price or its max fee per gas. */
export function offeredWei(t: Transaction): bigint | null {
  return toBigInt(t.gas_price) ?? toBigInt(t.max_fee_per_gas) ?? null;
}

export function diagnose(r: JamReading): Diagnosis {
  const d = diagnoseRead(r);
  return d.kind === 'clear' && r.distrusted ? { ...d, distrusted: r.distrusted } : d;
}

/**
 * The relayer's next nonce from what was read of its transactions, where its status was not trusted:
 * one above the highest nonce among the non-final ones and the one at the chain's nonce (if that one
 * is not final), never below the chain's nonce.
 */
export function nonceFromTransactions(chainNonce: number, blocker: Transaction | null, notFinal: readonly Transaction[]): number {
  let next = chainNonce;
  if (blocker && !FINAL.has(status(blocker))) next = Math.max(next, (nonceOf(blocker) ?? chainNonce) + 1);
  for (const t of notFinal) {
    const n = nonceOf(t);
    if (n !== null && n >= chainNonce) next = Math.max(next, n + 1);
  }
  return next;
}

/** When v1.8 should have filled the gap at the chain's nonce, from the transactions read above it (GapFill). */
export function gapFill(r: Pick<JamReading, 'now' | 'chainNonce' | 'notFinal'>): GapFill {
  const stale: StaleAbove[] = [];
  for (const t of r.notFinal) {
    const n = nonceOf(t);
    const s = status(t);
    if (n === null || n <= r.chainNonce || (s !== 'sent' && s !== 'submitted')) continue;
    const created = time(t.created_at);
    const sent = time(t.sent_at);
    const from = sent ?? created;
    if (from === null) continue;
    // Sent (signed, its broadcast refused): 25 s from its last change; submitted: its speed's re-price time after its broadcast.
    const due = s === 'sent' ? from + RESEND_AFTER_MS : from + (REPRICE_MS[typeof t.speed === 'string' ? t.speed : 'fast'] ?? REPRICE_MS.fast!);
    stale.push({ id: t.id, nonce: n, status: s, created_at: created ?? from, sent_at: sent, due_at: due });
  }
  stale.sort((a, b) => a.due_at - b.due_at || a.nonce - b.nonce);
  const due = stale[0]?.due_at ?? null;
  const fillBy = due === null ? null : due + GAP_FILL_WINDOW_MS;
  return { due_at: due, fill_by: fillBy, overdue: fillBy !== null && r.now > fillBy, stale: stale.slice(0, STALE_SHOWN), above: stale.length };
}

function diagnoseRead(r: JamReading): Diagnosis {
  if (r.relayerNonce <= r.chainNonce)
    return { kind: 'clear', why: r.distrusted ? `nothing waits: the chain is at nonce ${r.chainNonce}, and no transaction read holds it or a nonce above` : `nothing waits: the chain is at nonce ${r.chainNonce}, the relayer's next is ${r.relayerNonce}` };
  const b = r.blocker;
  // Every non-final one but the blocker waits behind it (below the chain's nonce, one is mined, not
  // non-final). The blocker is among the totals when it was read in the lists, or when the lists were
  // longer than what was read and it is not one the server hides there (a cancel in flight: v1.8's
  // status filter leaves out what is marked canceling).
  const blockerOpen = b !== null && !FINAL.has(status(b)) && status(b) !== 'mined';
  const blockerCounted = blockerOpen && (r.notFinal.some((t) => t.id === b.id) || (b.is_canceled !== true && (r.notFinalTotal ?? 0) > r.notFinal.length));
  const waiting =
    r.notFinalTotal !== undefined
      ? Math.max(0, r.notFinalTotal - (blockerCounted ? 1 : 0))
      : r.notFinal.filter((t) => {
          if (b && t.id === b.id) return false;
          const n = nonceOf(t);
          return n === null || n > r.chainNonce;
        }).length;
  const listedAhead = r.notFinal.filter((t) => (!b || t.id !== b.id) && (nonceOf(t) ?? -1) > r.chainNonce).length;
  const unlisted = r.notFinalTotal !== undefined && r.notFinalTotal > r.notFinal.length ? 0 : Math.max(0, r.relayerNonce - r.chainNonce - 1 - listedAhead);
  const broadcastAt = b ? time(b.sent_at) : null;
  // With no blocker, the jam is at least as old as the oldest that waits (it could not go before it).
  const createdAt = b ? time(b.created_at) : r.notFinal.reduce<number | null>((m, t) => {
    const c = time(t.created_at);
    return c !== null && (m === null || c < m) ? c : m;
  }, null);
  const base = {
    blocker_id: b?.id ?? null,
    blocker_nonce: r.chainNonce,
    blocker_status: b ? status(b) : null,
    blocker_price_wei: b ? offeredWei(b) : null,
    blocker_speed: b && typeof b.speed === 'string' ? b.speed : null,
    blocker_reason: b && typeof b.status_reason === 'string' && b.status_reason ? b.status_reason : null,
    blocker_canceling: b ? isCanceling(b) : false,
    chain_nonce: r.chainNonce,
    relayer_nonce: r.relayerNonce,
    distrusted: r.distrusted ?? null,
    waiting,
    unlisted_nonces: unlisted,
    network_price_wei: r.networkPriceWei,
    cap_wei: r.capWei,
    ...jamOrigin(b ? createdAt : null, broadcastAt, b ? null : createdAt, r.now),
    next_reprice_at: null,
  };
  const jam = (cause: JamCause, extra: Partial<Jam> = {}): Diagnosis => ({ kind: 'jam', jam: { ...base, cause, ...extra } });
  if (!b) return jam('no_tx_at_nonce', { gap: gapFill(r) });
  const s = status(b);
  // Taken by the chain already (the server has not caught up, or it is on its way): nothing to fix.
  if (s === 'mined' || s === 'confirmed') return { kind: 'clear', why: `nonce ${r.chainNonce} is ${s}: the chain moves` };
  if (FINAL.has(s)) return jam('blocker_final', { gap: gapFill(r) });
  if (s === 'pending') return jam('unknown_status');
  // How long the nonce has been held by it: from its creation (a re-broadcast — a bump, a cancel's
  // NOOP — is no fresh start: a held jam never reads as "broadcast moments ago" after one).
  const age = r.now - Math.min(createdAt ?? Infinity, broadcastAt ?? Infinity, r.now);
  if (s === 'sent') {
    if (broadcastAt !== null) return jam('unknown_status');
    return age > NEVER_BROADCAST_AFTER_MS ? jam('never_broadcast') : { kind: 'clear', why: `nonce ${r.chainNonce} was signed moments ago` };
  }
  if (s !== 'submitted') return jam('unknown_status');
  if (age <= NOT_MINED_AFTER_MS) return { kind: 'clear', why: `nonce ${r.chainNonce} was broadcast moments ago` };
  const price = base.blocker_price_wei;
  const net = r.networkPriceWei;
  // At its cap the re-pricing stops for good (a bump is held under +10 %): a jam of the cap while the
  // network asks more than that (or what it asks was not read). At a cap over what the network asks —
  // a cap just raised, the blocker re-priced up to it — the cap holds nothing: a follow said "at its
  // cap" of a relayer whose new cap was over the network's price (issue 53.3: never a cause the read
  // no longer holds); it is then waiting to be mined (below).
  if (price !== null && r.capWei !== null && price >= r.capWei && (net === null || net > price)) return jam('price_cap');
  if (price !== null && net !== null && price < net) {
    const every = REPRICE_MS[base.blocker_speed ?? 'fast'] ?? REPRICE_MS.fast!;
    return jam('underpriced', { next_reprice_at: (broadcastAt ?? r.now) + every });
  }
  if (r.blockerKnown === false) return jam('dropped');
  return jam('not_mined');
}

/** Which of two jams is worse: more waiting, then older. */
export function worseJam(a: Jam, b: Jam): number {
  return b.waiting - a.waiting || a.since - b.since;
}

/** The one origin of a jam's age (Jam.since), and what it is the time of. */
function jamOrigin(blockerCreated: number | null, blockerBroadcast: number | null, oldestCreated: number | null, now: number): { since: number; since_of: JamOrigin } {
  if (blockerCreated !== null) return { since: blockerCreated, since_of: 'blocker_created' };
  if (blockerBroadcast !== null) return { since: blockerBroadcast, since_of: 'blocker_broadcast' };
  if (oldestCreated !== null) return { since: oldestCreated, since_of: 'oldest_created' };
  return { since: now, since_of: 'read' };
}
