/** The triage table's columns: what is wrong first (flags, status), then where and how old. */
import type { Column } from './layout.js';
import { age, ageTextChangesAt } from '../time.js';
import { middleCells } from '../text/cells.js';
import { statusTone } from '../relayer.js';
import { displayText } from '../text/values.js';
import { statusCell } from '../status.js';
import { flagWords, nonceOf, ownFlag, type StuckRow } from '../triage/rules.js';
import type { Jam } from '../jam/diagnose.js';
import { CAUSE_WORDS } from '../jam/words.js';

/**
 * A row's flags, the jam's where the relayer has one diagnosed (core/jam): its blocker says the cause
 * (never the triage's guess, "not mined 5m after broadcast", for a transaction held at its cap), and
 * what is above it waits behind it. `old` and `canceling` stay: they are true of the row itself.
 */
export function stuckFlags(r: StuckRow, jam: Jam | undefined): string[] {
  if (!jam) return r.flags.map(flagWords);
  const own = r.flags.filter(ownFlag);
  if (jam.blocker_id === r.tx.id) return [{ kind: 'blocker' as const, cause: CAUSE_WORDS[jam.cause] }, ...own].map(flagWords);
  const n = nonceOf(r.tx);
  return (n !== null && n > jam.chain_nonce ? [{ kind: 'behind' as const, nonce: jam.chain_nonce }, ...own] : r.flags).map(flagWords);
}

export const STUCK_COLUMNS = (now: () => number, jamOf: (relayerId: string) => Jam | undefined = () => undefined): readonly Column<StuckRow>[] => [
  // Priority 0 beside FLAGS: whose transaction it is stays on screen however long the flags are.
  { key: 'relayer', title: 'RELAYER', width: 14, priority: 0, cell: (r, w) => middleCells(r.relayer.id, w) },
  { key: 'status', title: 'STATUS', width: 9, priority: 0, cell: (r) => statusCell(r.tx), tone: (r) => statusTone(r.tx.status, r.tx.is_canceled) },
  { key: 'age', title: 'AGE', width: 4, priority: 1, align: 'right', cell: (r) => age(r.tx.created_at, now()), changesAt: (r, at) => ageTextChangesAt(r.tx.created_at, at) },
  { key: 'nonce', title: 'NONCE', width: 7, priority: 2, align: 'right', cell: (r) => displayText(r.tx.nonce ?? r.tx.sequence_number) },
  { key: 'hash', title: 'HASH', width: 13, priority: 4, cell: (r, w) => (r.tx.hash ? middleCells(r.tx.hash, w) : '—') },
  { key: 'flags', title: 'FLAGS', width: 18, flex: true, priority: 0, cell: (r) => stuckFlags(r, jamOf(r.relayer.id)).join(', '), tone: (r) => (stuckFlags(r, jamOf(r.relayer.id)).length ? 'warn' : 'muted') },
];

export function stuckSearchText(r: StuckRow): string {
  return [r.relayer.id, r.relayer.name, r.tx.id, r.tx.status, r.tx.hash, displayText(r.tx.nonce), ...r.flags.map(flagWords)].filter(Boolean).join(' ');
}
