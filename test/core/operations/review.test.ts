/** The review's before → after (core/operations/review.ts): compared exactly, shown capped and sanitized. */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { priceCheck, replacementChanges, V18_REPLACEMENT_PRICING } from '../../../src/core/operations/review.js';

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

describe('Solana and Stellar reviews say before → after (walk finding: only the body, never what changed)', () => {
  it('Solana: the encoded transaction sent as it was is said to be unchanged', async () => {
    const { solanaForm, solanaInitialValues } = await import('../../../src/core/operations/solana.js');
    const t = tx({ transaction: 'AQIDBA==' });
    const built = solanaForm('sol', undefined, t).build(solanaInitialValues(t));
    expect('request' in built && line(built.request.review!, 'transaction')).toBe('AQIDBA== (sent unchanged)');
    const changed = solanaForm('sol', undefined, t).build({ transaction: 'BQYHCA==' });
    expect('request' in changed && line(changed.request.review!, 'transaction')).toBe('AQIDBA== → BQYHCA==');
  });

  it("Stellar: max_fee beside the transaction's own fee (the form's default is 13× a fee of 75,000)", async () => {
    const { stellarForm, stellarInitialValues } = await import('../../../src/core/operations/stellar.js');
    const t = tx({ fee: 75000, source_account: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ' });
    const dialect = () => ({ dialect: 'contract', source: 'assumed', why: 'the interface document' }) as never;
    const values = { ...stellarInitialValues(undefined, t), network: 'testnet', mode: 'transaction_xdr', transaction_xdr: 'AAAA' };
    const built = stellarForm('st', undefined, t, dialect).build(values);
    expect('request' in built && line(built.request.review!, 'max_fee')).toBe("1,000,000 stroops at most; the transaction's fee: 75,000 (13.3× it)");
    const same = stellarForm('st', undefined, t, dialect).build({ ...values, max_fee: '75000' });
    expect('request' in same && line(same.request.review!, 'max_fee')).toBe("75,000 stroops at most; the transaction's fee: 75,000 (the same)");
  });
});

describe('priceCheck: prices left to the server', () => {
  it("says this server's way where its type is known (a walk read 'give it prices' on v1.8, whose form refuses them), both where it is not", () => {
    const was = tx({ max_fee_per_gas: '3000000000', max_priority_fee_per_gas: '500000000', speed: 'safeLow' });
    const said = (server?: Parameters<typeof priceCheck>[2]) => priceCheck(was, { speed: 'average' }, server).warnings.find((w) => w.label === '⚠ price')?.value;
    const lead = 'max_fee_per_gas and max_priority_fee_per_gas not sent: the server prices the replacement from speed average. ';
    expect(said({ dialect: 'openzeppelin', source: 'detected' } as Parameters<typeof priceCheck>[2])).toBe(`${lead}This server is the OpenZeppelin Relayer: ${V18_REPLACEMENT_PRICING}`);
    expect(said({ dialect: 'contract', source: 'set' } as Parameters<typeof priceCheck>[2])).toBe(`${lead}This server is not the OpenZeppelin Relayer and may not raise it above the old price — give it prices to be sure`);
    const unknown = `${lead}On the OpenZeppelin Relayer, ${V18_REPLACEMENT_PRICING}; a server that is not the OpenZeppelin Relayer may not raise it — give it prices to be sure`;
    expect(said({ dialect: 'openzeppelin', source: 'assumed' } as Parameters<typeof priceCheck>[2])).toBe(unknown);
    expect(said()).toBe(unknown);
  });
});
