/**
 * Triage rules, pure: which transactions are not final, what is wrong with them in words, the nonce
 * gaps of a relayer, and when scanning a relayer's newest-first pages may stop.
 */
import type { Relayer, Transaction } from '../../api/index.js';
import { isCanceling, isKnownStatus, isNotFinal, UNCONFIRMED_STATUSES } from '../status.js';
import { thousands } from '../text/values.js';

/** The known statuses a transaction can still leave: the ones a server filter is asked for. */
export const NON_FINAL = UNCONFIRMED_STATUSES;

/**
 * The real server's signatures of a jam (OpenZeppelin Relayer v1.8: a hash is set when a transaction
 * is signed, status `sent`; `sent_at` when it is broadcast, status `submitted`), each a threshold:
 */
export interface TriageOptions {
  /** Older than this is "old" (default 5 minutes). */
  oldMs: number;
  /** `sent` this long with `sent_at` still null: signed, never broadcast (default 2 minutes). */
  sentMs: number;
  /** `submitted` this long after its broadcast without `mined`: not picked up, underpriced or dropped (default 5 minutes). */
  submittedMs: number;
  /** `pending` this long: not signed yet, waiting in the queue (default 5 minutes). */
  pendingMs: number;
}

export const DEFAULT_TRIAGE: TriageOptions = { oldMs: 5 * 60_000, sentMs: 2 * 60_000, submittedMs: 5 * 60_000, pendingMs: 5 * 60_000 };

export interface StuckRow {
  relayer: Relayer;
  tx: Transaction;
  /** Creation time (ms), or null when the server's timestamp cannot be read. */
  createdMs: number | null;
  flags: TriageFlag[];
}

/**
 * What the triage found of one transaction, as data (the words: flagWords): the real server's
 * signatures of a jam, a canceling one, a nonce gap, an old one, and — once the chain was asked — the
 * one the chain waits on (`blocker`, its cause in words where a jam was diagnosed) and those behind it.
 */
export type TriageFlag =
  | { kind: 'unknown_status' }
  | { kind: 'never_broadcast' }
  | { kind: 'not_mined'; afterMs: number }
  | { kind: 'not_signed'; afterMs: number }
  | { kind: 'canceling' }
  | { kind: 'nonce_gap' }
  | { kind: 'old' }
  | { kind: 'blocker'; cause?: string }
  | { kind: 'behind'; nonce: number };

/** A flag in words (the stuck screen's FLAGS, the fleet's problem, the search text). */
export function flagWords(f: TriageFlag): string {
  switch (f.kind) {
    case 'unknown_status':
      return 'unknown status';
    case 'never_broadcast':
      return NEVER_BROADCAST;
    case 'not_mined':
      return `not mined ${minutes(f.afterMs)} after broadcast`;
    case 'not_signed':
      return `not signed after ${minutes(f.afterMs)}`;
    case 'canceling':
      return 'canceling';
    case 'nonce_gap':
      return 'nonce gap';
    case 'old':
      return 'old';
    case 'blocker':
      return f.cause ? `the chain waits on it: ${f.cause}` : 'the chain waits on it';
    case 'behind':
      return `waits behind nonce ${f.nonce}`;
  }
}

/** True of the row itself whatever the chain says (kept beside a jam's words): old, canceling. */
export const ownFlag = (f: TriageFlag): boolean => f.kind === 'old' || f.kind === 'canceling';

/** Not final: a known non-final status, or a status the client does not know (never counted as fine). */
export function isNonFinal(tx: Transaction): boolean {
  return isNotFinal(tx);
}

export function createdMs(tx: Transaction): number | null {
  const t = typeof tx.created_at === 'string' ? Date.parse(tx.created_at) : NaN;
  return Number.isNaN(t) ? null : t;
}

const minutes = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000}m` : `${Math.round(ms / 1000)}s`);

/** `sent` for at least `sentMs` with no `sent_at`: signed and never broadcast (what the flag and the blocker say). */
export const NEVER_BROADCAST = 'never broadcast';

/** The flags of one non-final transaction, in words: the real server's signatures first. */
export function flagsFor(tx: Transaction, now: number, o: TriageOptions, gap: boolean): TriageFlag[] {
  const out: TriageFlag[] = [];
  const status = String(tx.status).toLowerCase();
  const created = createdMs(tx);
  const sent = typeof tx.sent_at === 'string' ? Date.parse(tx.sent_at) : NaN;
  if (!isKnownStatus(tx.status)) out.push({ kind: 'unknown_status' });
  else if (status === 'sent' && Number.isNaN(sent) && created !== null && now - created >= o.sentMs) out.push({ kind: 'never_broadcast' });
  else if (status === 'submitted') {
    const since = Number.isNaN(sent) ? created : sent;
    if (since !== null && now - since >= o.submittedMs) out.push({ kind: 'not_mined', afterMs: o.submittedMs });
  } else if (status === 'pending' && created !== null && now - created >= o.pendingMs) out.push({ kind: 'not_signed', afterMs: o.pendingMs });
  if (isCanceling(tx)) out.push({ kind: 'canceling' });
  if (gap) out.push({ kind: 'nonce_gap' });
  // Mined is on the chain, waiting for its confirmations (v1.8 confirms it after the network's
  // required_confirmations): old alone does not make it stuck (a healthy relayer's traffic waits there).
  // Anything else flagged about it still is.
  if (created !== null && now - created >= o.oldMs && status !== 'mined') out.push({ kind: 'old' });
  return out;
}

/**
 * A nonce as a safe integer, or null (Stellar's sequence numbers and absurd values are not nonces
 * here). A negative one cannot be a nonce: unreadable, never a gap (issue 27.7).
 */
export function nonceOf(tx: Transaction): number | null {
  const n = typeof tx.nonce === 'number' ? tx.nonce : typeof tx.nonce === 'string' && /^\d{1,15}$/.test(tx.nonce) ? Number(tx.nonce) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** A gap in words, made once (:stuck, the fleet): `nonce gap at 6, 7 (+3)`; '' when there is none. */
export function gapWords(g: Pick<Gaps, 'count' | 'first'>): string {
  return g.count ? `nonce gap at ${g.first.join(', ')}${g.count > g.first.length ? ` (+${thousands(g.count - g.first.length)})` : ''}` : '';
}

/** Nonces that could not be checked, in words: `1 lower nonce not checked`; '' when none. */
export function uncheckedWords(n: number): string {
  return n ? `${thousands(n)} lower nonce${n === 1 ? '' : 's'} not checked` : '';
}

export interface Gaps {
  /** How many nonces between the lowest and highest non-final nonce no transaction holds (checked ones only). */
  count: number;
  /** The first few of them. */
  first: number[];
  /** The nonce above which transactions wait behind a gap (the lowest missing one). */
  lowestMissing: number | null;
  /** Nonces in that range that could not be checked (below what was read): neither a gap nor held, as far as is known. */
  unchecked: number;
}

/** What was read besides the non-final transactions: every nonce held (final ones too) and down to where that is complete. */
export interface NonceKnowledge {
  /** Nonces held by any transaction read, whatever its status. */
  held: Iterable<number>;
  /** Every transaction with a nonce ≥ this was read (-Infinity: all of them); null: none beyond the non-final ones. */
  coveredFrom: number | null;
}

/** Everything is known: the non-final transactions are all there is (a unit's own world, or every page read). */
export const ALL_KNOWN: NonceKnowledge = { held: [], coveredFrom: -Infinity };

/**
 * Nonces between the lowest and highest non-final nonce of one relayer that no transaction holds. A
 * nonce held by a final transaction (confirmed, failed, expired, canceled) is not a gap: where the
 * final ones were not read, the nonces are "unchecked", never called missing. A hostile range is
 * counted, not enumerated.
 */
export function nonceGaps(nonFinal: readonly Transaction[], known: NonceKnowledge = ALL_KNOWN): Gaps {
  const pending = new Set<number>();
  for (const t of nonFinal) {
    const n = nonceOf(t);
    if (n !== null) pending.add(n);
  }
  if (pending.size < 2) return { count: 0, first: [], lowestMissing: null, unchecked: 0 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const n of pending) [lo, hi] = [Math.min(lo, n), Math.max(hi, n)];
  const all = new Set(pending);
  for (const n of known.held) if (n >= lo && n <= hi) all.add(n);
  const sorted = [...all].sort((a, b) => a - b);
  // Below `from`, nothing beyond the non-final transactions was read: those nonces are unchecked.
  const from = known.coveredFrom === null ? hi + 1 : Math.max(lo, known.coveredFrom);
  const heldBelow = sorted.filter((n) => n < from).length;
  const unchecked = from > lo ? Math.min(hi + 1, from) - lo - heldBelow : 0;
  const count = hi - lo + 1 - sorted.length - unchecked;
  const first: number[] = [];
  for (let i = 1; i < sorted.length && first.length < 3; i++)
    for (let n = Math.max(sorted[i - 1]! + 1, from); n < sorted[i]! && first.length < 3; n++) first.push(n);
  return { count, first, lowestMissing: first[0] ?? null, unchecked };
}

/** The rows of one relayer, flagged (a transaction above a missing nonce waits behind the gap). */
export function stuckRows(relayer: Relayer, nonFinal: readonly Transaction[], now: number, o: TriageOptions, known: NonceKnowledge = ALL_KNOWN): { rows: StuckRow[]; gaps: Gaps } {
  const gaps = nonceGaps(nonFinal, known);
  const rows = nonFinal.map((tx) => {
    const n = nonceOf(tx);
    const behindGap = gaps.lowestMissing !== null && n !== null && n > gaps.lowestMissing;
    return { relayer, tx, createdMs: createdMs(tx), flags: flagsFor(tx, now, o, behindGap) };
  });
  return { rows, gaps };
}

/**
 * Scanning newest first, a page may end the scan when it holds only final transactions, all older
 * than the oldest non-final one seen (nothing older can still be waiting behind them). With none seen
 * yet, the first page of only final transactions ends it.
 */
export function scanDone(page: readonly Transaction[], oldestNonFinalMs: number | null): boolean {
  if (page.some(isNonFinal)) return false;
  if (oldestNonFinalMs === null) return true;
  return page.every((t) => {
    const c = createdMs(t);
    return c !== null && c < oldestNonFinalMs;
  });
}

/** Oldest first; unreadable times last. */
export function byAge(a: StuckRow, b: StuckRow): number {
  return (a.createdMs ?? Infinity) - (b.createdMs ?? Infinity);
}
