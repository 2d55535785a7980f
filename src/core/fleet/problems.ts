/**
 * What is wrong with a row of the fleet, as data: each problem a kind with its figures (and the
 * transaction concerned where there is one), a row's state a kind too. The words are made here, once,
 * at the edge — `problemWords` is what the table's NEEDS ATTENTION, `fleet --check`, `fleet --json`'s
 * `problems` and the TUI's `i` say. Nothing reads the words back: a face that needs to know what a
 * problem is asks its `kind`.
 */
import { formatAmountShort, type NativeUnit } from '../amounts.js';
import { thousands } from '../text/values.js';
import { ageChangesAt, ageMs } from '../time.js';
import { gapWords } from '../triage/rules.js';
import type { Jam } from '../jam/diagnose.js';
import { jamDetail, type FixFace } from '../jam/words.js';

export type Problem =
  /** The server disabled the relayer, with its reasons in words (server text: sanitize to draw). */
  | { kind: 'disabled'; reasons: string[] }
  /** Its balance (base units) is below the minimum it is held to, said by `source`. */
  | { kind: 'low-balance'; balance: string; min: string; unit: NativeUnit; source: string }
  /** The status said a balance that is not one: the first characters of it as text, and its length. */
  | { kind: 'balance-unreadable'; start: string; length: number }
  /** The minimum it is held to could not be read from the config (`why` names the line). */
  | { kind: 'minimum-unreadable'; why: string }
  /** Non-final transactions the triage rules flag: how many, their flags, the oldest one's creation and id. */
  | { kind: 'stuck'; count: number; flags: string[]; oldestMs: number | null; tx: string | null }
  /** Nonces missing below waiting transactions (the first few). */
  | { kind: 'gap'; count: number; first: number[] }
  /** The relayer is jammed (core/jam: its cause, the blocker, what waits): in place of the triage's stuck, gap and chain. */
  | { kind: 'jam'; jam: Jam }
  /** What the chain waits on (words of core/triage/chain.ts), and the transaction holding it. */
  | { kind: 'chain'; words: string; tx: string | null }
  | { kind: 'status-not-read'; why: string }
  /** The jam diagnosis failed on a read (down, 5xx, 429, the server's type not known): never "no jam" (a refusal the rules expect — 403 while paused, not EVM — is not this). */
  | { kind: 'not-diagnosed'; why: string }
  | { kind: 'transactions-not-read'; why: string }
  /** A context that could not be read (it was asked). */
  | { kind: 'unreachable'; why: string }
  /** A context not opened (no request made): no token, or an entry of the file that cannot be used. */
  | { kind: 'not-opened'; reason: 'no token' | 'broken'; why: string }
  /** The server's readiness (/ready), in the words of core/readiness.ts. */
  | { kind: 'not-ready'; summary: string }
  | { kind: 'degraded'; summary: string }
  /** A context's relayers not all read: the server said more than the fleet reads, or kept paging past it. */
  | { kind: 'not-all-read'; read: number; total: number; pages: number; perPage: number; keptPaging: boolean };

export type ProblemKind = Problem['kind'];

/**
 * A row's state: a context being read, a relayer that is ok, paused or jammed, or one problem that is the
 * state (disabled, unreachable, not opened, not ready, degraded, not all read).
 */
export type RowState = { kind: 'loading' } | { kind: 'ok' } | { kind: 'paused' } | { kind: 'jammed' } | { kind: 'problem'; problem: Problem };

/** The kinds whose words begin with a label the STATE column already says (`unreachable: …`). */
function label(p: Problem): string | null {
  if (p.kind === 'disabled' || p.kind === 'unreachable') return p.kind;
  if (p.kind === 'not-opened') return p.reason;
  return null;
}

/** When the words of these problems said at `now` next read differently (their ages: the oldest stuck, how long jammed). */
export function problemsChangeAt(ps: readonly Problem[], now: number): number | null {
  let next: number | null = null;
  for (const p of ps) {
    const since = p.kind === 'stuck' ? p.oldestMs : p.kind === 'jam' ? p.jam.since : null;
    const at = ageChangesAt(since, now);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

/** The words after the label (or all of them, where there is none). */
function detail(p: Problem, now: number | undefined, face?: FixFace): string {
  switch (p.kind) {
    case 'disabled':
      return p.reasons.join('; ');
    case 'low-balance':
      return `low balance: ${formatAmountShort(p.balance, p.unit)} < ${formatAmountShort(p.min, p.unit)} (${p.source})`;
    case 'balance-unreadable':
      return `balance unreadable: ${p.length > 40 ? `${p.start}… (${thousands(p.length)} characters)` : p.start || '(empty)'}`;
    case 'minimum-unreadable':
      return p.why;
    case 'stuck':
      // The age only when said at a moment (the row itself must not change by itself between reads).
      return `${thousands(p.count)} stuck${now !== undefined && p.oldestMs !== null ? ` (oldest ${ageMs(now - p.oldestMs)})` : ''}: ${p.flags.join(', ')}`;
    case 'gap':
      return gapWords(p);
    case 'jam':
      return jamDetail(p.jam, now, face ?? { kind: 'keys' });
    case 'chain':
      return p.words;
    case 'status-not-read':
      return `status not read: ${p.why}`;
    case 'not-diagnosed':
      return `not diagnosed: ${p.why}`;
    case 'transactions-not-read':
      return `transactions not read: ${p.why}`;
    case 'unreachable':
    case 'not-opened':
      return p.why;
    case 'not-ready':
    case 'degraded':
      return p.summary;
    case 'not-all-read':
      return p.keptPaging
        ? `relayers not all read: the server kept paging past ${thousands(p.pages * p.perPage)} (${p.pages} pages of ${p.perPage}; it says ${thousands(p.total)} in all)`
        : `relayers not all read: ${thousands(p.read)} of the ${thousands(p.total)} it says it has (the fleet reads ${p.pages} pages of ${p.perPage}); a relayer beyond them is not checked`;
  }
}

/**
 * A problem in words (server text inside: sanitize to draw). `now`: the moment it is said (the stuck
 * one then says the age of the oldest). `labelled: false` leaves off the label the STATE column
 * already says (`unreachable`, `disabled`, `no token`, `broken`): the table's NEEDS ATTENTION.
 */
export function problemWords(p: Problem, now?: number, o: { labelled?: boolean; face?: FixFace } = {}): string {
  const l = label(p);
  const d = detail(p, now, o.face);
  if (l === null || o.labelled === false) return d || (l ?? '');
  return d ? `${l}: ${d}` : l;
}

/** The state in words: `ok`, `paused`, `loading`, or its problem's (`disabled: …`, `unreachable: …`). */
export function stateWords(s: RowState, now?: number): string {
  return s.kind === 'problem' ? problemWords(s.problem, now) : s.kind;
}

/** The state in one word (the STATE column): the reasons are the next column's. */
export function stateWord(s: RowState): string {
  if (s.kind !== 'problem') return s.kind === 'loading' ? 'loading…' : s.kind;
  const p = s.problem;
  switch (p.kind) {
    case 'not-opened':
      return p.reason;
    case 'not-ready':
      return 'not ready';
    case 'not-all-read':
      return 'not all read';
    default:
      return p.kind;
  }
}
