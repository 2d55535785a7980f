/**
 * Stable columns (issue 43): a table's set of columns is chosen once for its screen and width, with
 * its first rows; a refresh whose rows need more room (a long value) or lack a hash does not make a
 * column come and go — widths still follow the content.
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { transactionColumns } from '../../../src/core/columns/transactions.js';
import { Table } from '../../../src/ui/components/Table.js';

const now = Date.parse('2026-11-28T10:00:00Z');
// Stellar at 101 columns: HASH (flex, more important) pushes FEE out to show a hash whole.
const columns = transactionColumns('stellar', 'testnet', () => now);
const tx = (i: number, over: Partial<Transaction>): Transaction => ({ id: `tx-${i}`, status: 'submitted', sequence_number: '123456789012', fee: 100, created_at: new Date(now - 60_000).toISOString(), ...over }) as Transaction;
const pending = [1, 2, 3].map((i) => tx(i, { status: 'pending', hash: null }));
const hashed = [1, 2, 3].map((i) => tx(i, { hash: 'ab'.repeat(32) }));

// (ink-testing-library draws 100 columns: the 101st, AGE's last cells, is cut: left out here.)
const header = (frame: string | undefined) => (frame ?? '').split('\n')[0]!.trim().split(/\s+/).filter((w) => /^[A-Z]/.test(w) && !w.endsWith('…'));

describe('the table keeps its columns between refreshes', () => {
  it('the same columns after a refresh whose rows would lay out otherwise (hashes came); laid out afresh they would not', () => {
    const props = { columns, getId: (t: Transaction) => t.id, cursor: 0, top: 0, height: 5 };
    const first = render(<Table {...props} rows={pending} width={101} />);
    const before = header(first.lastFrame());
    expect(before.slice(0, 4)).toEqual(['STATUS', 'HASH', 'SEQUENCE', 'FEE']);
    first.rerender(<Table {...props} rows={hashed} width={101} />);
    expect(header(first.lastFrame()).slice(0, 4)).toEqual(before.slice(0, 4));
    first.rerender(<Table {...props} rows={pending} width={101} />);
    expect(header(first.lastFrame()).slice(0, 4)).toEqual(before.slice(0, 4));
    // Laid out afresh, the hashed rows choose another set (no FEE): the test means something.
    const fresh = render(<Table {...props} rows={hashed} width={101} />);
    expect(header(fresh.lastFrame())).not.toContain('FEE');
    first.unmount();
    fresh.unmount();
  });
});
