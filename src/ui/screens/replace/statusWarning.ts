/** The review's warning when a transaction's status is one the server will not replace. */
import type { Transaction } from '../../../api/index.js';

export const REPLACEABLE = ['pending', 'sent', 'submitted'];

export function statusWarning(tx: Transaction): { label: string; value: string; tone: 'warn' }[] {
  if (REPLACEABLE.includes(tx.status.toLowerCase())) return [];
  return [{ label: '⚠ status', value: `${tx.status}: only pending, sent or submitted can be replaced — the server will likely refuse`, tone: 'warn' }];
}
