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
import type { MinBalances } from '../fleet/health.js';

/** What `active?` means, said once under the table (and `?`, where a status read failed). */
export const JAM_NOT_READ = "STATE active?: not disabled, paused or low as read; whether it is jammed is not diagnosed here (relayer-tui check diagnoses jams)";
/** …and on a server known not to be the OpenZeppelin Relayer: check cannot diagnose it either (no status, no JSON-RPC passthrough). */
export const JAM_NOT_DIAGNOSABLE = 'STATE active?: not disabled or paused as read; whether it is jammed is not known: this server is not the OpenZeppelin Relayer (no relayer status or JSON-RPC passthrough to read the chain through), so relayer-tui check cannot diagnose it either';
export const STATUS_NOT_READ = 'STATE ?: its status (balance) could not be read, so whether it is low is not known: BALANCE says why it is ?';

/**
 * The STATE word without a diagnosis: the worst mark that was read, `active?` where none holds, `?`
 * where none holds and its status was not read (whether it is low is not known: never `active?`).
 */
export function undiagnosedState(r: Relayer, low: boolean, statusRead = true): string {
  const mark = relayerMarks(r, { low })[0]!;
  return mark !== 'active' ? mark : statusRead ? 'active?' : '?';
}

/**
 * `statuses`: each relayer's status as read for this table (null: the server offers none: no status
 * columns). `context`: its min_balance (the higher of it and the policy's is the minimum, as the TUI's
 * and check's), and its name for the words.
 */
export function relayersTableColumns(statuses: StatusSource | null, now: () => number, context?: { minBalances?: MinBalances; name: string }): readonly Column<Relayer>[] {
  const low = statuses ? lowFromStatuses(statuses, context?.minBalances, context?.name ?? 'in use') : () => false;
  const read = (r: Relayer) => !statuses || statuses.get(r.id)?.status !== undefined;
  const [state, name, ...rest] = RELAYER_COLUMNS.map((c) => (c.key === 'id' ? { ...c, priority: -1, width: 20 } : c));
  const stateCol: Column<Relayer> = { ...state!, cell: (r) => undiagnosedState(r, low(r), read(r)), tone: (r) => RELAYER_MARK_TONE[relayerMarks(r, { low: low(r) })[0]!] };
  return [stateCol, name!, ...(statuses ? statusColumns(statuses, now, low) : []), ...rest];
}
