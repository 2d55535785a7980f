/** Relayer table columns, by priority: state and name stay at 60 columns; address and ids drop first. */
import type { Relayer, RelayerStatus } from '../../api/index.js';
import type { Column } from './layout.js';
import { fitAmount } from './layout.js';
import { ageChangesAt, ageMs, clock, sinceCell, sinceChangesAt } from '../time.js';
import { formatAmountShort, nativeUnitOf, type NativeUnit } from '../amounts.js';
import { jamUnknown, RELAYER_MARK_TONE, RELAYER_STATE_TONE, relayerMarks, relayerState } from '../relayer.js';
import type { JamRead } from '../jam/read.js';
import { middleCells } from '../text/cells.js';
import { displayText } from '../text/values.js';
import type { TriageResult } from '../triage/scan.js';
import { fleetBalance, type MinBalances } from '../fleet/balance.js';
import type { Forecast } from '../forecast/forecast.js';

/** Where the live status of each relayer comes from (the TUI's RelayerStatuses; anything alike). */
export interface StatusSource {
  /** Whether the server offers relayer status at all (no columns where it does not). */
  available(): boolean;
  get(id: string): { status?: RelayerStatus; error?: string } | undefined;
  /** Whether this relayer's figures are older than the list's read says (not read again with it, or its last read failed): marked `?`. */
  old?(id: string): boolean;
}

export const RELAYER_COLUMNS: readonly Column<Relayer>[] = [
  { key: 'state', title: 'STATE', width: 8, priority: 0, cell: (r) => relayerState(r), tone: (r) => RELAYER_STATE_TONE[relayerState(r)] },
  { key: 'name', title: 'NAME', width: 16, flex: true, priority: 1, cell: (r) => r.name ?? '' },
  { key: 'id', title: 'ID', width: 16, priority: 2, cell: (r) => r.id },
  { key: 'network', title: 'NETWORK', width: 12, priority: 3, cell: (r) => r.network ?? '' },
  { key: 'type', title: 'TYPE', width: 7, priority: 4, cell: (r) => r.network_type ?? '' },
  { key: 'address', title: 'ADDRESS', width: 15, flex: true, priority: 5, cell: (r, w) => middleCells(r.address ?? '', w) },
];

/**
 * With the server's relayer status (OpenZeppelin Relayer): balance in the native unit, pending
 * transactions, and how long ago the last one was confirmed. `…` while a relayer's is on its way.
 */
export function statusColumns(statuses: StatusSource, now: () => number, low?: LowSource, ahead?: AheadSource): Column<Relayer>[] {
  const entry = (r: Relayer) => statuses.get(r.id);
  // A figure not read again with the list (or whose last read failed) ends with `?`: the value as read
  // before, never passed off as read with the rows beside it (43: every figure fresh or said old).
  const cell = (r: Relayer, f: (s: RelayerStatus, w?: number) => string, w?: number) => {
    const e = entry(r);
    if (!e?.status) return e?.error ? '?' : '…';
    return statuses.old?.(r.id) ? `${f(e.status, w === undefined ? undefined : w - 1)}?` : f(e.status, w);
  };
  const oldTone = (r: Relayer) => (statuses.old?.(r.id) ? ('muted' as const) : ('plain' as const));
  const lastOkMs = (r: Relayer): number | null => {
    const ts = entry(r)?.status?.last_confirmed_transaction_timestamp;
    return ts ? Date.parse(ts) : null;
  };
  return [
    {
      key: 'balance',
      title: 'BALANCE',
      width: 13,
      priority: 2,
      align: 'right',
      // Every decimal where there is room (walks found `0.7196… ETH`, then `0.720118… ETH`, cut at 160 columns); fewer where not.
      // Heading for its minimum (a runway forecast): the runway after the amount, `0.35… ETH ~3h`.
      cell: (r, w) =>
        cell(r, (s, cw) => {
          const u = nativeUnitOf(r.network_type, r.network);
          const runway = runwayOf(ahead, r);
          const tail = runway === null ? '' : ` ~${ageMs(runway)}`;
          return `${fitAmount(formatAmountShort(s.balance, u, u.decimals), (cw ?? w) - tail.length)}${tail}`;
        }, w),
      // Under its minimum (the higher of its policy's and the context's), or heading for it: the warning tone.
      tone: (r: Relayer) => (low?.(r) || runwayOf(ahead, r) !== null ? ('warn' as const) : oldTone(r)),
    },
    { key: 'pending', title: 'PEND', width: 4, priority: 2, align: 'right', cell: (r) => cell(r, (s) => displayText(s.pending_transactions_count)), tone: oldTone },
    // A clock time, true without ticking (an age drawn once would stand still).
    { key: 'confirmed', title: 'LAST OK', width: 9, priority: 4, align: 'right', cell: (r) => cell(r, () => sinceCell(lastOkMs(r), now()) || '—'), changesAt: (r, at) => sinceChangesAt(lastOkMs(r), at), tone: oldTone },
  ];
}

/**
 * From the last triage (`:stuck`, t): each relayer's stuck transactions (flagged: the fleet's STUCK,
 * the same rule) and the oldest one's age, `6 · 1h`; the column title says when that triage ran (a
 * clock time, true without ticking).
 */
export function stuckColumn(t: TriageResult, now: () => number): Column<Relayer> {
  const by = new Map(t.relayers.map((r) => [r.relayer.id, r]));
  return {
    key: 'stuck',
    title: `STUCK@${clock(t.at).slice(0, 5)}`,
    width: 11,
    priority: 2,
    align: 'right',
    cell: (r) => {
      const e = by.get(r.id);
      if (!e) return '';
      if (e.error) return '?';
      return e.stuck === 0 ? '0' : `${e.stuck}${e.oldestStuckMs !== null ? ` · ${ageMs(now() - e.oldestStuckMs)}` : ''}`;
    },
    changesAt: (r, at) => ageChangesAt(by.get(r.id)?.oldestStuckMs ?? null, at),
    tone: (r) => ((by.get(r.id)?.stuck ?? 0) > 0 ? 'warn' : 'muted'),
  };
}

/** Where each relayer's jam comes from (the TUI's RelayerJams: core/jam's diagnosis). */
export interface JamSource {
  jam(id: string): unknown;
  /** The last read of its jam, diagnosed or why not; undefined: none came yet (it is being read). */
  read(id: string): JamRead | undefined;
}

/** Whether a relayer's balance, as its status says, is under its minimum (core/fleet/health.ts minimumFor). */
export type LowSource = (r: Relayer) => boolean;

/** A relayer's forecasts (core/forecast, from the session's reads): STATE says `soon`, BALANCE its runway. */
export type AheadSource = (r: Relayer) => readonly Forecast[];

/** The runway a relayer's forecasts give its balance (ms), or null. */
function runwayOf(ahead: AheadSource | undefined, r: Relayer): number | null {
  for (const f of ahead?.(r) ?? []) if (f.kind === 'balance_runway') return f.runway_ms;
  return null;
}

/**
 * STATE: the worst of disabled, jammed, paused, low, then its jam not known — `not diagnosed` (its
 * reads failed: the detail says why), `reading…` (not read yet) — and `active` only when none holds
 * (core/relayer.ts relayerMarks). `jammed` where a diagnosis found a jam, `low` where the balance is
 * under its minimum, `soon` where a forecast stands and nothing else does. As wide as its words need
 * (13 at most: `not diagnosed` whole).
 */
export function stateColumn(jams: JamSource | null, low?: LowSource, ahead?: AheadSource): Column<Relayer> {
  const word = (r: Relayer) => relayerMarks(r, { jammed: !!jams?.jam(r.id), low: low?.(r) === true, unknown: jams ? jamUnknown(r, jams.read(r.id)) : null, soon: (ahead?.(r).length ?? 0) > 0 })[0]!;
  return { ...RELAYER_COLUMNS[0]!, width: 13, fit: true, cell: word, tone: (r) => RELAYER_MARK_TONE[word(r)] };
}

/**
 * The relayers table: the status columns join it where the server offers relayer status, the
 * triage's once one ran — only where nothing diagnoses jams: there STATE says `jammed`, read again with
 * the list, where a triage's counts would stand old beside it.
 */
export function relayerColumns(statuses: StatusSource | null, now: () => number, triage?: TriageResult | null, jams?: JamSource | null, low?: LowSource, ahead?: AheadSource): readonly Column<Relayer>[] {
  const stuck = triage && !jams ? [stuckColumn(triage, now)] : [];
  const [plainState, name, ...rest] = RELAYER_COLUMNS;
  if (!statuses?.available()) return stuck.length || jams ? [jams ? stateColumn(jams, undefined, ahead) : plainState!, name!, ...stuck, ...rest] : RELAYER_COLUMNS;
  const state = jams || low ? stateColumn(jams ?? null, low, ahead) : plainState;
  return [state!, name!, ...statusColumns(statuses, now, low, ahead), ...stuck, ...rest];
}

/** The low rule over the statuses read: the balance each status says against the relayer's minimum (its policy's, the context's). */
export function lowFromStatuses(statuses: StatusSource, minBalances: MinBalances | undefined, context: string): LowSource {
  return (r) => {
    const s = statuses.get(r.id)?.status;
    return s !== undefined && fleetBalance(r, s.balance, minBalances, context).balance?.low === true;
  };
}

/** A relayer under its minimum balance, as its status says: the balance and the minimum in base units. */
export interface LowOne {
  relayerId: string;
  balance: string;
  min: string;
  unit: NativeUnit;
}

/** The relayers (not disabled) whose balance is under their minimum, from the statuses read: the same rule as STATE's `low`. */
export function lowOnes(relayers: readonly Relayer[], statuses: StatusSource, minBalances: MinBalances | undefined, context: string): LowOne[] {
  const out: LowOne[] = [];
  for (const r of relayers) {
    const s = statuses.get(r.id)?.status;
    if (s === undefined || relayerState(r) === 'disabled') continue;
    const b = fleetBalance(r, s.balance, minBalances, context).balance;
    if (b?.low && b.min !== null) out.push({ relayerId: r.id, balance: b.base, min: b.min, unit: b.unit });
  }
  return out;
}

/** What `/` searches: the visible columns and the ids. */
export function relayerSearchText(r: Relayer): string {
  return [r.name, r.id, r.network, r.network_type, r.address, relayerState(r)].filter(Boolean).join(' ');
}

/**
 * The server gives relayers in no defined order: sort by name ignoring case, then id. Not
 * `localeCompare`: its first call loads ICU's collation data, about 8 ms of the path to the first frame.
 */
export function sortRelayers(items: readonly Relayer[]): Relayer[] {
  return items
    .map((r) => ({ r, key: (r.name ?? '').toLowerCase() }))
    .sort((a, b) => compare(a.key, b.key) || compare(a.r.name ?? '', b.r.name ?? '') || compare(a.r.id, b.r.id))
    .map(({ r }) => r);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
