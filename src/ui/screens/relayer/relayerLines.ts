/** A relayer's state in words for its detail: why it is disabled, and its live status. */
import { fleetBalance, type MinBalances } from '../../../core/fleet/health.js';
import type { DisabledReason, Relayer } from '../../../api/index.js';
import type { DetailLine } from '../../detailLines.js';
import { age, clock } from '../../../core/time.js';
import { disabledReasons } from '../../../core/relayer.js';
import { formatUnits, nativeUnitOf, toBigInt } from '../../../core/amounts.js';
import { displayText } from '../../../core/text/values.js';
import type { StatusEntry } from '../../relayerStatuses.js';

/**
 * `13m before 17:42:36` (the age when the status was read, with that time: true without ticking, where
 * a bare age would stand still); a time ahead of this machine's clock said so, never "future ago".
 */
const sinceWords = (a: string, readAt: number) => (a === 'future' ? "in the future: the server's clock is ahead of this machine's" : `${a || '?'} before ${clock(readAt)}`);

/** `disabled because` lines: one per reason of the tree (core/relayer.ts `disabledReasons`). */
export function disabledReasonLines(reason: DisabledReason | null | undefined): DetailLine[] {
  return disabledReasons(reason).map((value, i) => ({ label: i === 0 ? 'disabled because' : '', value, tone: 'bad' }));
}

/** The live status (GET /relayers/{id}/status) with its age. */
export function statusLines(entry: StatusEntry, relayer: Relayer, minBalances?: MinBalances, context = 'in use'): DetailLine[] {
  // A clock time, true without ticking (an age would stand still while the view does).
  const at = `at ${clock(entry.at)}`;
  if (!entry.status) return [{ label: 'live status', value: `unavailable (${entry.error ?? 'no answer'}), ${at}`, tone: 'warn' }];
  const s = entry.status;
  const u = nativeUnitOf(s.network_type ?? relayer.network_type, relayer.network);
  const balance = toBigInt(s.balance);
  // Its minimum: the higher of its policy's (where it counts) and the context's (core/fleet/health.ts).
  const m = fleetBalance(relayer, s.balance, minBalances, context).balance;
  const low = m?.low === true;
  const lines: DetailLine[] = [
    { label: 'live status', value: `from the server ${at}` , tone: 'muted' },
    { label: 'balance', value: balance === undefined ? displayText(s.balance) : `${formatUnits(balance, u.decimals)} ${u.unit} (${displayText(s.balance)} ${u.base})`, ...(low ? { tone: 'warn' as const } : {}) },
    ...(m?.min
      ? [
          {
            label: 'minimum balance',
            value: `${formatUnits(BigInt(m.min), u.decimals)} ${u.unit}: ${m.minSource}${low ? ' — the balance is under it: the OpenZeppelin Relayer fails a send that would take it lower, and disables the relayer at its next start' : ''}`,
            ...(low ? { tone: 'warn' as const } : {}),
          },
        ]
      : []),
    { label: 'pending transactions', value: displayText(s.pending_transactions_count) },
    {
      label: 'last confirmed',
      value: s.last_confirmed_transaction_timestamp ? `${s.last_confirmed_transaction_timestamp}  (${sinceWords(age(s.last_confirmed_transaction_timestamp, entry.at), entry.at)})` : 'never',
    },
  ];
  if (s.nonce !== undefined && s.nonce !== null) lines.push({ label: 'next nonce', value: displayText(s.nonce) });
  if (s.sequence_number !== undefined && s.sequence_number !== null) lines.push({ label: 'sequence number', value: displayText(s.sequence_number) });
  return lines;
}
