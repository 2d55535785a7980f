/**
 * What "needs attention" means for a relayer of the fleet, in one place (both faces show it): the
 * trouble of a row — the worst of what is wrong with it — in the order an operator acts on it, every
 * problem in words, the low-balance rule and the fleet's summary line. Pure: the reading is in scan.ts.
 *
 * Trouble, worst first: the context cannot be read (`unreachable`: down, timed out, 401, 429, a
 * token command that failed, an answer that is not the API), the server says it is not ready
 * (`not-ready`: /ready answered 503), a relayer that could not be checked (`unchecked`), `jammed`
 * (core/jam's diagnosis: the chain waits on one nonce; worst first among them by worseJam), `disabled`,
 * `stuck` (non-final transactions the triage rules flag, or a nonce gap), `low-balance`, the server
 * is `degraded` (/ready), `paused`, `ok`. A row's problems and state are data (./problems.ts), worded
 * there once.
 */
import { errorWords, type Relayer } from '../../api/index.js';
import { disabledReasons, relayerMarks, relayerState, type RelayerMark } from '../relayer.js';
import type { RelayerTriage } from '../triage/scan.js';
import type { ReadinessWords } from '../readiness.js';
import { flagWords, type StuckRow } from '../triage/rules.js';
import { thousands } from '../text/values.js';
import { worseJam, type Jam } from '../jam/diagnose.js';
import type { JamRead } from '../jam/read.js';
import { jamJson } from '../jam/words.js';
import { problemWords, stateWords, type Problem, type RowState } from './problems.js';
import type { FixFace } from '../jam/words.js';
import { fleetBalance, type FleetBalance, type MinBalances } from './balance.js';
import { forecastJson, type Forecast } from '../forecast/forecast.js';
import { forecastUnknownJson, type ForecastUnknown } from '../forecast/unknown.js';
import { headingPart, notForecastPart } from './ahead.js';

export { POLICY_MIN_COUNTS_ABOVE, fleetBalance, minimumFor, type FleetBalance, type MinBalances } from './balance.js';

// Jammed before disabled: a jam holds transactions that wait and age behind it; a disabled relayer
// may have nothing waiting. Jammed rows sort first.
export const TROUBLES = ['unreachable', 'not-opened', 'not-ready', 'unchecked', 'jammed', 'disabled', 'stuck', 'low-balance', 'degraded', 'paused', 'ok'] as const;
export type Trouble = (typeof TROUBLES)[number];

/** One row of the fleet: a relayer of a context, or a context that could not be read (no `relayerId`). */
export interface FleetRow {
  /** `context/relayer` (or the context alone): ids repeat across servers, contexts do not. */
  key: string;
  context: string;
  relayerId: string | null;
  name: string | null;
  network: string | null;
  networkType: string | null;
  /** ok / paused / loading, or the problem that is its state (disabled, unreachable, …): words by `stateWords`. */
  state: RowState;
  trouble: Trouble;
  /** Every problem (`fleet --check` prints one line each, in the words of `problemWords`). */
  problems: Problem[];
  /** null: not offered by this server (the contract has no balance) or not read yet. */
  balance: FleetBalance | null;
  /** Non-final transactions (null until read), those the triage rules flag, and the oldest flagged one's creation. */
  pending: number | null;
  stuck: number | null;
  oldestStuckMs: number | null;
  /** Nonces missing below waiting transactions (the first few), and how many lower ones could not be checked; null until read. */
  gap: { count: number; first: number[]; unchecked: number } | null;
  /** Where the read of the transactions stopped short (`stopped after 4 pages (200 newest)`): the counts are then at least. */
  readCut: string | null;
  /** What the chain waits on (stuck EVM relayers), or that its nonce is not known, in words; null when not asked. */
  chain: string | null;
  /** When the relayer last confirmed a transaction (the real server's status), null when not offered. */
  lastConfirmedMs: number | null;
  /** The jam (core/jam), null when there is none or it was not diagnosed; whether it was (null: not read), and why not. */
  jam: Jam | null;
  diagnosed: boolean | null;
  notDiagnosed: string | null;
  /** The stops it is heading for (core/forecast, the rules of `check`): none needs attention now; [] when none, or not read. */
  forecasts: Forecast[];
  /** What could not be forecast, and why (a read failed, too few transactions): said as not known, never left out; [] when none. */
  forecastsNotKnown: ForecastUnknown[];
  /** Still being read (the row is there, its checks are not). */
  loading: boolean;
  /** The relayer as the server sent it (null for a context row). */
  relayer: Relayer | null;
}

export interface RelayerReading {
  context: string;
  relayer: Relayer;
  /** The live status where the server offers it (balance, last confirmed). */
  status?: { balance?: unknown; pending_transactions_count?: unknown; last_confirmed_transaction_timestamp?: string | null } | null;
  /** Why the status could not be read (it was offered). */
  statusError?: string | null;
  /** Why the transactions could not be read at all (the deadline, the close). */
  triageError?: string | null;
  triage?: { summary: RelayerTriage; rows: StuckRow[] } | null;
  /** The jam diagnosis (EVM relayers of the OpenZeppelin Relayer), where it was read. */
  jam?: JamRead;
  /** Its forecasts (core/forecast/relayerRead.ts, as check makes them), where they were read. */
  forecasts?: Forecast[];
  forecastsNotKnown?: ForecastUnknown[];
  minBalances?: MinBalances;
  now: number;
}

/** A row's problems in the order of its STATE's (TROUBLES): the worst said first, where a cut column shows it. */
const PROBLEM_ORDER: readonly Problem['kind'][] = ['unreachable', 'not-opened', 'not-ready', 'status-not-read', 'transactions-not-read', 'not-diagnosed', 'balance-unreadable', 'minimum-unreadable', 'disabled', 'jam', 'stuck', 'gap', 'chain', 'low-balance', 'degraded', 'not-all-read'];
/** Problems in PROBLEM_ORDER (stable): where NEEDS ATTENTION is cut, a jam is never cut off behind a lesser problem (a low balance). */
function worstFirst(problems: Problem[]): Problem[] {
  return problems.map((p, i) => ({ p, i })).sort((a, b) => PROBLEM_ORDER.indexOf(a.p.kind) - PROBLEM_ORDER.indexOf(b.p.kind) || a.i - b.i).map((x) => x.p);
}

/** A relayer row from what was read of it (whatever is missing is still loading, or said to be). */
export function relayerRow(r: RelayerReading, loading: boolean): FleetRow {
  const { relayer, context } = r;
  const problems: Problem[] = [];
  const st = relayerState(relayer);
  const state0: RowState = st === 'active' ? { kind: 'ok' } : st === 'paused' ? { kind: 'paused' } : { kind: 'problem', problem: { kind: 'disabled', reasons: disabledReasons(relayer.disabled_reason) } };
  if (state0.kind === 'problem') problems.push(state0.problem);
  const { balance, problem, unreadable } = r.status ? fleetBalance(relayer, r.status.balance, r.minBalances, context) : { balance: null, problem: null, unreadable: false };
  if (problem) problems.push(problem);
  if (r.statusError) problems.push({ kind: 'status-not-read', why: r.statusError });
  if (r.triageError) problems.push({ kind: 'transactions-not-read', why: r.triageError });
  // A diagnosis that failed on a read is not "no jam": said, and the row is not checked (issue 51).
  const jamUnread = r.jam?.kind === 'not_diagnosed' && r.jam.unreadable === true ? r.jam.why : null;
  if (jamUnread !== null) problems.push({ kind: 'not-diagnosed', why: jamUnread });
  const t = r.triage;
  const jam = r.jam?.kind === 'diagnosed' && r.jam.diagnosis.kind === 'jam' ? r.jam.diagnosis.jam : null;
  let pending: number | null = null;
  let stuck: number | null = null;
  let oldestStuckMs: number | null = null;
  let gap: FleetRow['gap'] = null;
  // PEND is the server's own count where its status answers; else the same count made the same way
  // from the transactions read (core/status.ts isPending). Never the non-final count (mined is not pending).
  const served = r.status?.pending_transactions_count;
  if (typeof served === 'number' && Number.isSafeInteger(served) && served >= 0) pending = served;
  if (t) {
    const flagged = t.rows.filter((x) => x.flags.length > 0);
    pending ??= t.summary.pending;
    stuck = t.summary.stuck;
    oldestStuckMs = t.summary.oldestStuckMs;
    gap = { count: t.summary.gaps.count, first: t.summary.gaps.first, unchecked: t.summary.gaps.unchecked };
    if (t.summary.error) problems.push({ kind: 'transactions-not-read', why: errorWords(t.summary.error) });
    // No age in the row (it would change by itself between reads): `problemWords` adds it when said.
    // The transaction concerned: the oldest flagged one, where its time can be read.
    const oldest = oldestStuckMs === null ? undefined : flagged.find((x) => x.createdMs === oldestStuckMs);
    // A jam diagnosed says what the triage's flags guessed at (the transactions behind the blocker wait
    // their turn: they are not stuck each for a cause of its own), so it stands in their place.
    if (jam) problems.push({ kind: 'jam', jam });
    else {
      if (stuck > 0) problems.push({ kind: 'stuck', count: stuck, flags: [...new Set(flagged.flatMap((x) => x.flags.map(flagWords)))], oldestMs: oldestStuckMs, tx: oldest?.tx.id ?? null });
      if (gap.count > 0) problems.push({ kind: 'gap', count: gap.count, first: gap.first });
      // What the chain waits on and the transaction holding it: the cause, a problem of its own. (That the
      // chain nonce is not known is kept with the row, `chain`, not a problem: nothing more is wrong.)
      if (t.summary.chain?.behind) problems.push({ kind: 'chain', words: t.summary.chain.words, tx: t.summary.chain.blocker?.id ?? null });
    }
  } else if (jam) problems.push({ kind: 'jam', jam });
  // A jam holds its blocker and what waits behind it: STUCK is never less, also where the
  // transactions are too young for the triage to flag.
  if (jam) stuck = Math.max(stuck ?? 0, jam.waiting + 1);
  const lastConfirmed = r.status?.last_confirmed_transaction_timestamp ? Date.parse(r.status.last_confirmed_transaction_timestamp) : NaN;
  const checkFailed = Boolean(r.statusError || r.triageError || t?.summary.error || unreadable || jamUnread !== null);
  const trouble: Trouble = checkFailed ? 'unchecked' : st === 'disabled' ? 'disabled' : jam ? 'jammed' : (stuck ?? 0) > 0 || (gap?.count ?? 0) > 0 ? 'stuck' : balance?.low ? 'low-balance' : st === 'paused' ? 'paused' : 'ok';
  // STATE: the worst of disabled, jammed, paused, active (the problems list them all).
  const state: RowState = jam && state0.kind !== 'problem' ? { kind: 'jammed' } : state0;
  return {
    key: `${context}/${relayer.id}`,
    context,
    relayerId: relayer.id,
    name: relayer.name ?? null,
    network: relayer.network ?? null,
    networkType: relayer.network_type ?? null,
    state,
    trouble,
    problems: worstFirst(problems),
    balance,
    pending,
    stuck,
    oldestStuckMs,
    gap,
    readCut: t?.summary.skipped ?? null,
    chain: t?.summary.chain?.words ?? null,
    lastConfirmedMs: Number.isNaN(lastConfirmed) ? null : lastConfirmed,
    jam,
    diagnosed: r.jam === undefined ? null : r.jam.kind === 'diagnosed',
    notDiagnosed: r.jam?.kind === 'not_diagnosed' ? r.jam.why : null,
    forecasts: r.forecasts ?? [],
    forecastsNotKnown: r.forecastsNotKnown ?? [],
    loading,
    relayer,
  };
}

/**
 * Every state that holds of a relayer's row — disabled, jammed, paused, low (its balance under its
 * minimum) — worst first, `active` when none does (core/relayer.ts relayerMarks): one rule for `check`
 * and `fleet` (a disabled relayer under its minimum is both). Empty for a context's own row.
 */
export function rowMarks(row: FleetRow): RelayerMark[] {
  return row.relayer ? relayerMarks(row.relayer, { jammed: row.jam !== null, low: row.balance?.low === true, soon: row.forecasts.length > 0 }) : [];
}

/** A row's problems as said now: the stuck one with the age of the oldest (`5 stuck (oldest 12m): old`). */
export function problemsSaid(row: FleetRow, now: number, face?: FixFace): string[] {
  return row.problems.map((p) => problemWords(p, now, face ? { face } : {}));
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * One row as a record (`fleet --json`, and `i` in the TUI): its figures exact (base units as digits),
 * its problems as said `now`, their fixes named for `face` (the TUI's keys from the fleet; commands in a shell).
 */
export function fleetRowRecord(r: FleetRow, now: number, face?: FixFace): Record<string, unknown> {
  return {
    context: r.context,
    relayer: r.relayerId,
    name: r.name,
    network: r.network,
    network_type: r.networkType,
    state: stateWords(r.state, now),
    // Every state that holds (disabled, jammed, paused, low), as `check --json` lists them.
    ...(r.relayerId !== null ? { states: rowMarks(r) } : {}),
    trouble: r.trouble,
    needs_attention: needsAttention(r),
    // A paused relayer says so last (the record has always listed it; the table and --check leave it out).
    problems: [...problemsSaid(r, now, face), ...(r.state.kind === 'paused' ? ['paused'] : [])],
    balance: r.balance ? { amount: r.balance.base, unit: r.balance.unit.base, coin: r.balance.unit.unit, decimals: r.balance.unit.decimals, min: r.balance.min, min_source: r.balance.minSource, low: r.balance.low } : null,
    pending: r.pending,
    stuck: r.stuck,
    oldest_stuck_created_at: iso(r.oldestStuckMs),
    nonce_gap: r.gap,
    read_cut: r.readCut,
    chain: r.chain,
    last_confirmed_at: iso(r.lastConfirmedMs),
    // The jam diagnosis as `check --json` has it (u128 values as decimal strings); null while not read.
    diagnosed: r.diagnosed,
    not_diagnosed_because: r.notDiagnosed,
    jam: r.jam ? jamJson(r.jam) : null,
    // Its forecasts as `check --json` has them (flat fields); [] for a context's own row.
    forecasts: r.forecasts.map(forecastJson),
    // What could not be forecast, and why (a read failed; too few transactions, a figure), as check --json has it.
    forecasts_not_known: r.forecastsNotKnown.map(forecastUnknownJson),
  };
}

/**
 * Why a context was not opened, before any request: no token (its token_env unset, its token_file
 * unreadable, its token_command failed), or an entry of the file that cannot be used.
 */
export interface NotOpened {
  kind: 'no token' | 'broken';
  why: string;
}

/**
 * A context that could not be read: one row saying why — unreachable (`why`, a string: it was asked),
 * or not opened (no request was made). `null`: not answered yet.
 */
export function contextRow(context: string, why: string | NotOpened | null): FleetRow {
  if (why !== null && typeof why === 'object') {
    const problem: Problem = { kind: 'not-opened', reason: why.kind, why: why.why };
    return { ...contextRow(context, null), state: { kind: 'problem', problem }, trouble: 'not-opened', problems: [problem], loading: false };
  }
  const problem: Problem | null = why === null ? null : { kind: 'unreachable', why };
  return {
    key: context,
    context,
    relayerId: null,
    name: null,
    network: null,
    networkType: null,
    state: problem === null ? { kind: 'loading' } : { kind: 'problem', problem },
    trouble: problem === null ? 'ok' : 'unreachable',
    problems: problem === null ? [] : [problem],
    balance: null,
    pending: null,
    stuck: null,
    oldestStuckMs: null,
    gap: null,
    readCut: null,
    chain: null,
    lastConfirmedMs: null,
    jam: null,
    diagnosed: null,
    notDiagnosed: null,
    forecasts: [],
    forecastsNotKnown: [],
    loading: why === null,
    relayer: null,
  };
}

/** The server's readiness as a row of its context, when it is not simply ready (GET /api/v1/ready). */
export function readinessRow(context: string, w: ReadinessWords): FleetRow | null {
  if (w.state === 'ready') return null;
  const kind = w.state === 'not ready' ? 'not-ready' : 'degraded';
  const problem: Problem = { kind, summary: w.summary };
  return { ...contextRow(context, null), key: `${context}/ready`, state: { kind: 'problem', problem }, trouble: kind, problems: [problem], loading: false };
}

/** A context's relayers not all read (issue 27.3): a row of the context, never fine. */
export function unreadRow(context: string, problem: Extract<Problem, { kind: 'not-all-read' }>): FleetRow {
  return { ...contextRow(context, null), key: `${context}/unread`, state: { kind: 'problem', problem }, trouble: 'unchecked', problems: [problem], loading: false };
}

/** fleet-2 before fleet-10 (the collator made on first use: ICU costs a start that never shows a fleet). */
let collator: Intl.Collator | undefined;
const NATURAL = { compare: (a: string, b: string) => (collator ??= new Intl.Collator('en', { numeric: true })).compare(a, b) };

/**
 * Where a row sorts: its trouble's place — a relayer still being read (nothing found wrong yet, nothing
 * known right) after every known trouble and before paused and ok: never among the healthy, never above
 * what is known wrong; one heading for trouble (STATE `soon`) after every state of today and before ok,
 * as the relayers list sorts its marks (core/relayer.ts).
 */
function rank(r: FleetRow): number {
  if (r.relayerId !== null && r.trouble === 'ok' && r.loading) return TROUBLES.indexOf('paused') - 0.5;
  if (r.relayerId !== null && r.trouble === 'ok' && r.forecasts.length > 0) return TROUBLES.indexOf('ok') - 0.5;
  return TROUBLES.indexOf(r.trouble);
}

/** Worst first (two jams by what waits, then age); then by context and relayer name, so that rows hold still between refreshes. */
export function byTrouble(a: FleetRow, b: FleetRow): number {
  return rank(a) - rank(b) || (a.jam && b.jam ? worseJam(a.jam, b.jam) : 0) || NATURAL.compare(a.context, b.context) || NATURAL.compare(a.name ?? a.relayerId ?? '', b.name ?? b.relayerId ?? '') || NATURAL.compare(a.key, b.key);
}

/** Needs attention: anything but paused and ok (a paused relayer is an operator's decision). */
export function needsAttention(row: FleetRow): boolean {
  return row.trouble !== 'ok' && row.trouble !== 'paused';
}

/** `7 contexts · 214 relayers · 3 need attention · 1 unreachable (prod-ap)`. */
export function summaryLine(rows: readonly FleetRow[], contexts: number, loading: number, serverOf: Readonly<Record<string, string>> = {}): string {
  // A server named by two contexts is one: its relayers counted once, and said (issue 27.8).
  const server = (r: FleetRow) => serverOf[r.context] ?? r.context;
  const listed = rows.filter((r) => r.relayerId !== null);
  const relayers = Object.keys(serverOf).length ? new Set(listed.map((r) => `${server(r)}\u0000${r.relayerId}`)).size : listed.length;
  const byServer = new Map<string, string[]>();
  for (const [name, s] of Object.entries(serverOf)) byServer.set(s, [...(byServer.get(s) ?? []), name]);
  const shared = [...byServer.values()].filter((names) => names.length > 1);
  // Counted as the relayers are: a relayer of a server two contexts name is one relayer needing attention
  // (never more needing attention than there are); a context's own row is one thing of its own.
  // Relayers only: what is wrong with a context itself (unreachable, not opened, not ready…) is named
  // after, so that "N need attention" is never more than the relayers it follows.
  const needing = listed.filter(needsAttention);
  const attention = Object.keys(serverOf).length ? new Set(needing.map((r) => `${server(r)}\u0000${r.relayerId}`)).size : needing.length;
  const unreachable = rows.filter((r) => r.trouble === 'unreachable');
  const unopened = rows.filter((r) => r.trouble === 'not-opened');
  const notReady = rows.filter((r) => r.relayerId === null && r.trouble === 'not-ready');
  const degraded = rows.filter((r) => r.relayerId === null && r.trouble === 'degraded');
  const parts = [`${thousands(contexts)} context${contexts === 1 ? '' : 's'}`, `${thousands(relayers)} relayer${relayers === 1 ? '' : 's'}`, attention ? `${thousands(attention)} need${attention === 1 ? 's' : ''} attention` : 'nothing needs attention'];
  // Names only: the reasons are long (a token_command's, a server's text) and are in each context's
  // row; here they would push what follows off the line.
  const names = (rs: readonly FleetRow[]) => `${rs.slice(0, 3).map((r) => r.context).join(', ')}${rs.length > 3 ? ', …' : ''}`;
  if (unreachable.length) parts.push(`${unreachable.length} unreachable (${names(unreachable)})`);
  if (unopened.length) parts.push(`${unopened.length} not opened (${names(unopened)})`);
  if (notReady.length) parts.push(`${notReady.length} not ready (${names(notReady)})`);
  if (degraded.length) parts.push(`${degraded.length} degraded (${names(degraded)})`);
  // A context whose relayers were not all read: said here too (its row says what).
  const cut = rows.filter((r) => r.relayerId === null && r.trouble === 'unchecked');
  if (cut.length) parts.push(`${cut.length} not all read (${names(cut)})`);
  // Heading for trouble (core/forecast: ./ahead.ts), after all of today's trouble: how many, in which contexts, for which stop; then what a failed read left unforecast.
  const count = (rs: readonly FleetRow[]) => (Object.keys(serverOf).length ? new Set(rs.map((r) => `${server(r)}\u0000${r.relayerId}`)).size : rs.length);
  for (const part of [headingPart(listed, count), notForecastPart(listed, count)]) if (part) parts.push(part);
  if (loading) parts.push(`${loading} still loading`);
  for (const names of shared.slice(0, 3)) parts.push(`${names.join(' and ')}: one server`);
  return parts.join(' · ');
}
