/** The fleet table's columns (both faces): where, what is wrong in words, then the figures behind it. */
import { formatAmountShort } from '../amounts.js';
import type { FleetRow, Trouble } from '../fleet/health.js';
import { problemsChangeAt, problemWords, stateWord as oneWord, stateWords } from '../fleet/problems.js';
import { middleCells } from '../text/cells.js';
import { readableId, thousands } from '../text/values.js';
import { ageChangesAt, ageMs, sinceCell, sinceChangesAt } from '../time.js';
import { uncheckedWords } from '../triage/rules.js';
import type { Tone } from '../tone.js';
import type { FixFace } from '../jam/words.js';
import { forecastMark } from '../forecast/forecast.js';
import { forecastUnknownName, readFailed } from '../forecast/unknown.js';
import type { RelayerMark } from '../relayer.js';
import { fitAmount, type Column } from './layout.js';

export const TROUBLE_TONE: Record<Trouble, Tone> = { unreachable: 'bad', 'not-opened': 'bad', 'not-ready': 'bad', unchecked: 'bad', disabled: 'bad', jammed: 'warn', stuck: 'warn', 'low-balance': 'warn', degraded: 'warn', paused: 'muted', ok: 'ok' };

/** Heading for trouble (a forecast stands) and nothing of today's holds: the relayers list's mark (core/relayer.ts), after every state. */
const SOON: RelayerMark = 'soon';
const soon = (r: FleetRow) => r.relayerId !== null && r.trouble === 'ok' && r.state.kind === 'ok' && r.forecasts.length > 0;

/** A row still being checked is not coloured as a verdict (an active relayer's `ok` is not green before it is read); one heading for trouble warns. */
const troubleTone = (r: FleetRow): Tone => (r.loading ? 'muted' : soon(r) ? 'warn' : TROUBLE_TONE[r.trouble]);

/** The runway its forecasts give its balance (ms), or null. */
const runwayOf = (r: FleetRow): number | null => r.forecasts.find((f) => f.kind === 'balance_runway')?.runway_ms ?? null;

/** `…` while a figure is being read; `—` where there is none (or the server does not offer it). */
const pending = (r: FleetRow, v: string | null) => (v !== null ? v : r.loading ? '…' : '—');

/** A count from a read that stopped short is a lower bound: `≥8`. */
const atLeast = (r: FleetRow, n: number) => `${r.readCut ? '≥' : ''}${thousands(n)}`;

/** The balance with its unit, fitted to `cells` (the unit stays with the number); a low one marked ⚠ first, never cut off. */
export function balanceText(r: FleetRow, cells = Infinity): string {
  if (!r.balance) return pending(r, null);
  // Six decimals where there is room (the layout gives a balance room to spare before it is cut);
  // fitAmount shortens them where there is not.
  const amount = formatAmountShort(r.balance.base, r.balance.unit, 6);
  // The mark without a space: a cell of 13 keeps `⚠860 lamports` whole (with one, the number gave way).
  if (r.balance.low) return `⚠${fitAmount(amount, cells - 1)}`;
  // Heading for its minimum (a runway forecast): the runway after the amount, as the relayers list has it (`0.35… ETH ~3h`).
  const runway = runwayOf(r);
  const tail = runway === null ? '' : ` ~${ageMs(runway)}`;
  return `${fitAmount(amount, cells - tail.length)}${tail}`;
}

/**
 * The state in one word: ok, paused, disabled, jammed, unreachable, loading (the reasons are the next
 * column's) — and for an active relayer what needs attention, never `ok` beside it: `stuck` (where its
 * jam cannot be diagnosed), `low`, `unchecked` (a read failed, its jam's included); `reading…` while
 * its checks have not come.
 */
export function stateWord(r: FleetRow): string {
  // Still being read, nothing found yet: not `ok` (issue 51: a verdict rests on reads that answered).
  if (r.loading && r.relayerId !== null && r.state.kind === 'ok' && r.trouble === 'ok') return 'reading…';
  if (soon(r)) return SOON;
  if (r.state.kind === 'ok' && r.trouble !== 'ok') return r.trouble === 'low-balance' ? 'low' : r.trouble;
  return oneWord(r.state);
}

/** What needs attention, in words (a paused relayer is the operator's decision: not repeated here). */
export function problemText(r: FleetRow, now: number, face?: FixFace): string {
  // The label STATE says already (unreachable, disabled, no token, broken) is not said twice.
  const ps = r.problems.map((p) => problemWords(p, now, { labelled: false, ...(face ? { face } : {}) }));
  // Where the read stopped short is said beside the problems (the counts are then at least).
  if (r.readCut) ps.push(`read ${r.readCut}`);
  if (r.gap?.unchecked) ps.push(uncheckedWords(r.gap.unchecked));
  // Then what it is heading for, by each forecast's mark (i says each whole, with its figures and fix), and what a failed read left unforecast.
  if (r.forecasts.length) ps.push(`ahead: ${r.forecasts.map(forecastMark).join(', ')}`);
  const unknown = r.forecastsNotKnown.filter(readFailed);
  if (unknown.length) ps.push(`not known (a read failed; i says why): ${[...new Set(unknown.map(forecastUnknownName))].join(', ')}`);
  return ps.length ? ps.join(' · ') : r.loading ? (r.relayerId === null ? 'reading…' : 'checking…') : '';
}

/** In a fixed order of importance (priority, each its own): what gives way first at any width is the last here. */
/** `face`: where a jam's fix is named for a row (the TUI's keys from the fleet; a shell's commands). */
export const FLEET_COLUMNS = (now: () => number, face?: (r: FleetRow) => FixFace | undefined): readonly Column<FleetRow>[] => [
  // Ids as a reader must see them: a look-alike (Cyrillic о in prоd-main) written as its code point.
  { key: 'context', title: 'CONTEXT', width: 13, priority: 0, cell: (r, w) => middleCells(readableId(r.context), w) },
  { key: 'relayer', title: 'RELAYER', width: 14, priority: 0, cell: (r, w) => (r.relayerId === null ? '—' : middleCells(readableId(r.relayerId), w)) },
  { key: 'state', title: 'STATE', width: 11, priority: 0, cell: stateWord, tone: troubleTone },
  { key: 'problem', title: 'NEEDS ATTENTION', width: 16, flex: true, priority: 0, cell: (r) => problemText(r, now(), face?.(r)), changesAt: (r, at) => problemsChangeAt(r.problems, at), tone: troubleTone },
  { key: 'balance', title: 'BALANCE', width: 13, priority: 1, keep: true, align: 'right', cell: balanceText, tone: (r) => (r.balance?.low || runwayOf(r) !== null ? 'warn' : 'plain') },
  { key: 'stuck', title: 'STUCK', width: 5, priority: 2, keep: true, align: 'right', cell: (r) => pending(r, r.stuck === null ? null : atLeast(r, r.stuck)), tone: (r) => ((r.stuck ?? 0) > 0 ? 'warn' : 'muted') },
  { key: 'oldest', title: 'OLDEST', width: 6, priority: 5, keep: true, align: 'right', cell: (r) => (r.oldestStuckMs === null ? pending(r, r.stuck === null ? null : '—') : ageMs(now() - r.oldestStuckMs)), changesAt: (r, at) => ageChangesAt(r.oldestStuckMs, at) },
  { key: 'pending', title: 'PEND', width: 5, priority: 4, keep: true, align: 'right', cell: (r) => pending(r, r.pending === null ? null : atLeast(r, r.pending)) },
  // `?`: no gap among the nonces read, but lower ones could not be checked (never a silent "none").
  { key: 'gap', title: 'GAP', width: 7, priority: 3, keep: true, cell: (r) => pending(r, r.gap === null ? null : r.gap.count ? `${r.gap.first[0]}${r.gap.count > 1 ? ` +${thousands(r.gap.count - 1)}` : ''}` : r.gap.unchecked ? '?' : '—'), tone: (r) => ((r.gap?.count ?? 0) > 0 ? 'warn' : 'muted') },
  { key: 'network', title: 'NETWORK', width: 10, priority: 6, keep: true, cell: (r) => r.network ?? '—' },
  // A clock time, true without ticking (an age drawn once stood still).
  { key: 'confirmed', title: 'LAST OK', width: 8, priority: 7, keep: true, align: 'right', cell: (r) => (r.lastConfirmedMs === null ? '—' : sinceCell(r.lastConfirmedMs, now())), changesAt: (r, at) => sinceChangesAt(r.lastConfirmedMs, at) },
  { key: 'name', title: 'NAME', width: 12, flex: true, priority: 8, cell: (r) => r.name ?? '' },
];

export function fleetSearchText(r: FleetRow): string {
  return [r.context, r.relayerId, r.name, r.network, stateWord(r), stateWords(r.state), r.trouble, ...r.problems.map((p) => problemWords(p)), ...r.forecasts.map(forecastMark)].filter(Boolean).join(' ');
}
