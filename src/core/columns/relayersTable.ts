/**
 * The headless `relayers` table's columns: STATE as the TUI marks it (core/relayer.ts relayerMarks:
 * disabled, paused, low) from the relayer and its status as read — but the table diagnoses no jam
 * (that takes reads per relayer: `relayer-tui check` does it), so a relayer none of those marks hold
 * of is `active?`, never `active` (said in a footnote: JAM_NOT_READ) — then BALANCE, PEND and LAST OK
 * from its status where the server offers one (statusColumns, as the TUI's list has them).
 */
import type { Relayer } from '../../api/index.js';
import type { Column } from './layout.js';
import { RELAYER_COLUMNS, lowFromStatuses, statusColumns, type StatusSource } from './relayers.js';
import { RELAYER_MARK_TONE, relayerMarks } from '../relayer.js';

/** What `active?` means, said once under the table. */
export const JAM_NOT_READ = "STATE active?: not disabled, paused or low as read; whether it is jammed is not diagnosed here (relayer-tui check diagnoses jams)";

/** The STATE word without a diagnosis: the worst mark that was read, `active?` where none holds. */
export function undiagnosedState(r: Relayer, low: boolean): string {
  const mark = relayerMarks(r, { low })[0]!;
  return mark === 'active' ? 'active?' : mark;
}

/** `statuses`: each relayer's status as read for this table (null: the server offers none: no status columns). */
export function relayersTableColumns(statuses: StatusSource | null, now: () => number): readonly Column<Relayer>[] {
  const low = statuses ? lowFromStatuses(statuses, undefined, '') : () => false;
  const [state, name, ...rest] = RELAYER_COLUMNS.map((c) => (c.key === 'id' ? { ...c, priority: -1, width: 20 } : c));
  const stateCol: Column<Relayer> = { ...state!, cell: (r) => undiagnosedState(r, low(r)), tone: (r) => RELAYER_MARK_TONE[relayerMarks(r, { low: low(r) })[0]!] };
  return [stateCol, name!, ...(statuses ? statusColumns(statuses, now, low) : []), ...rest];
}
