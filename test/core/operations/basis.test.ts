/** What a review was built on (core/operations/basis.ts): read from records that may hold exact bigints. */
import { describe, expect, it } from 'vitest';
import { relayerBasis, txBasis, withBasis } from '../../../src/core/operations/basis.js';
import type { Relayer, Transaction } from '../../../src/api/index.js';

describe('basis', () => {
  it('a bigint price is spelled, never thrown on (a paused relayer\'s replace form could not be drawn); a moved price moves it', () => {
    const tx = { id: 't', status: 'sent', gas_price: 30_000_000_000_000_000_000n } as unknown as Transaction;
    expect(txBasis(tx)).toContain(`${30_000_000_000_000_000_000n}n`);
    expect(txBasis({ ...tx, gas_price: 31n } as unknown as Transaction)).not.toBe(txBasis(tx));
    expect(relayerBasis({ id: 'r', policies: { min_balance: 5n } } as unknown as Relayer)).toContain('5n');
    expect(relayerBasis(undefined)).toBe('relayer unread');
  });

  it('withBasis adds it to every request built, after any the request had', () => {
    const def = withBasis({ fields: [], build: () => ({ request: { basis: 'ids' } as never }) }, 'tx x');
    expect((def.build({}) as { request: { basis: string } }).request.basis).toBe('ids|tx x');
  });
});
