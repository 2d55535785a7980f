/** Issue 43 (a walk at 160 columns): the spare room makes TO whole before HASH, whose full 66 characters come last. */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { layoutColumns } from '../../../src/core/columns/layout.js';
import { transactionColumns } from '../../../src/core/columns/transactions.js';

const row = { id: 'x', status: 'submitted', nonce: 2834, hash: `0x${'ab'.repeat(32)}`, to: '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', value: '1000000000000000', gas_price: '30000000000', speed: 'fast', created_at: '2026-11-28T00:00:00Z' } as Transaction;
const widths = (w: number) => Object.fromEntries(layoutColumns(transactionColumns('evm', 'sepolia', () => Date.parse('2026-11-28T00:01:00Z')), w, 2, [row]).map((l) => [l.col.key, l.width]));

describe('EVM transactions: where the spare room goes', () => {
  it('TO is whole from 120 columns; HASH takes what is left; at 80 TO is the first to go', () => {
    expect(widths(120).to).toBe(42);
    expect(widths(160)).toMatchObject({ to: 42, hash: 55 });
    expect(widths(200)).toMatchObject({ to: 42, hash: 66 });
    expect(widths(80).to).toBeUndefined();
  });

  it('VALUE and FEE exact where there is room (grown after TO, before HASH); short forms where not (a walk at 160 read `2.973863… ETH` beside blank cells)', () => {
    const odd = { ...row, value: '2973863512345678901', max_fee_per_gas: '15891234567', max_priority_fee_per_gas: '3000000000', gas_price: undefined } as unknown as Transaction;
    const cols = transactionColumns('evm', 'sepolia', () => Date.parse('2026-11-28T00:01:00Z'));
    const cells = (w: number) => Object.fromEntries(layoutColumns(cols, w, 2, [odd]).map((l) => [l.col.key, l.col.cell(odd, l.width)]));
    expect(cells(160)).toMatchObject({ value: '2.973863512345678901 ETH', fee: '15.891234567/3 gwei', to: odd.to });
    expect(cells(100)).toMatchObject({ value: '2.973863… ETH', fee: expect.stringMatching(/^15[.\d]*…\/3 gwei$/) });
    // A tiny value is never a row of zeros: in wei where the exact ETH does not fit.
    expect(transactionColumns('evm', 'sepolia', () => 0).find((c) => c.key === 'value')!.cell({ ...odd, value: '1' }, 16)).toBe('1 wei');
  });
});
