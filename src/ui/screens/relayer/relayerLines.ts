/** A relayer's state in words for its detail: why it is disabled, and its live status. */
import type { DisabledReason, Relayer } from '../../../api/index.js';
import type { DetailLine } from '../../detailLines.js';
import { age } from '../../../core/time.js';
import { formatUnits, nativeUnitOf, toBigInt } from '../../../core/amounts.js';
import { displayText } from '../../../core/text/values.js';
import type { StatusEntry } from '../../relayerStatuses.js';

/** The real server's reason types in words (its `details` are fixed texts, or a list for Multiple). */
const REASONS: Record<string, string> = {
  NonceSyncFailed: 'the nonce could not be synchronized',
  RpcValidationFailed: 'an RPC endpoint failed validation',
  BalanceCheckFailed: 'the balance is below the minimum',
  SequenceSyncFailed: 'the sequence number could not be synchronized',
};

/** `disabled because` lines: one per reason of the tree (Multiple flattened, at most 20). */
export function disabledReasonLines(reason: DisabledReason | null | undefined): DetailLine[] {
  if (reason === null || reason === undefined) return [];
  const out: DetailLine[] = [];
  const stack: DisabledReason[] = [reason];
  while (stack.length > 0 && out.length < 20) {
    const r = stack.pop()!;
    if (typeof r === 'string') {
      out.push({ label: '', value: r, tone: 'bad' });
      continue;
    }
    if (Array.isArray(r.details)) {
      for (let i = r.details.length - 1; i >= 0; i--) stack.push(r.details[i]!);
      continue;
    }
    const words = REASONS[r.type];
    // The type always (it is what the server's docs and logs name), then what it says or means in words.
    const said = typeof r.details === 'string' && r.details ? r.details : words;
    out.push({ label: '', value: said ? `${r.type}: ${said}` : String(r.type), tone: 'bad' });
  }
  return out.map((l, i) => ({ ...l, label: i === 0 ? 'disabled because' : '' }));
}

/** The live status (GET /relayers/{id}/status) with its age. */
export function statusLines(entry: StatusEntry, relayer: Relayer, now: number): DetailLine[] {
  const at = `${age(new Date(entry.at).toISOString(), now) || '0s'} ago`;
  if (!entry.status) return [{ label: 'live status', value: `unavailable (${entry.error ?? 'no answer'}), ${at}`, tone: 'warn' }];
  const s = entry.status;
  const u = nativeUnitOf(s.network_type ?? relayer.network_type, relayer.network);
  const balance = toBigInt(s.balance);
  const lines: DetailLine[] = [
    { label: 'live status', value: `from the server ${at}` , tone: 'muted' },
    { label: 'balance', value: balance === undefined ? displayText(s.balance) : `${formatUnits(balance, u.decimals)} ${u.unit} (${displayText(s.balance)} ${u.base})` },
    { label: 'pending transactions', value: displayText(s.pending_transactions_count) },
    {
      label: 'last confirmed',
      value: s.last_confirmed_transaction_timestamp ? `${s.last_confirmed_transaction_timestamp}  (${age(s.last_confirmed_transaction_timestamp, now)} ago)` : 'never',
    },
  ];
  if (s.nonce !== undefined && s.nonce !== null) lines.push({ label: 'next nonce', value: displayText(s.nonce) });
  if (s.sequence_number !== undefined && s.sequence_number !== null) lines.push({ label: 'sequence number', value: displayText(s.sequence_number) });
  return lines;
}
