/** The review's before → after (core/operations/review.ts): compared exactly, shown capped and sanitized. */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { replacementChanges } from '../../../src/core/operations/review.js';

const tx = (o: Record<string, unknown>) => ({ id: 't', status: 'pending', ...o }) as unknown as Transaction;
const line = (lines: { label: string; value: string }[], label: string) => lines.find((l) => l.label === label)?.value;

describe('replacementChanges', () => {
  it('integers compare by value whatever their spelling; a field neither has is "not sent"', () => {
    const l = replacementChanges('evm', tx({ value: '0x2386f26fc10000', gas_limit: 21000 }), { value: 10000000000000000n, gas_limit: 21000n });
    expect(line(l, 'value')).toBe('10000000000000000 (sent unchanged)');
    expect(line(l, 'gas_limit')).toBe('21000 (sent unchanged)');
    expect(line(l, 'gas_price')).toBe('— (not sent)');
  });

  it('a long server value is shown capped and sanitized, and still compared whole', () => {
    const long = `0x${'ab'.repeat(20_000)}`;
    const same = replacementChanges('evm', tx({ value: '1', data: long }), { value: 1n, data: long });
    expect(line(same, 'data')).toMatch(/^0xabab.*… \(40,002 characters; v shows them all\) \(sent unchanged\)$/);
    expect(line(same, 'data')!.length).toBeLessThan(17_000);
    // Differing only past the cap: not "unchanged".
    const other = replacementChanges('evm', tx({ value: '1', data: long }), { value: 1n, data: `${long.slice(0, -2)}cd` });
    expect(line(other, 'data')).toContain(' → ');
    // Escapes from the server are drawn inert.
    const esc = replacementChanges('evm', tx({ value: '1', to: '0x\u001b]0;T\u0007' }), { value: 1n });
    expect(line(esc, 'to')).toBe('0x␛]0;T␇ → not sent (the server will choose)');
  });
});
