/**
 * A value shown in a form is a value accepted (issue 51.8): the policies form prefills plain digits
 * that read back to the same wei, and a comma is never guessed at (`1,500 ETH` is 1.5 to some typists).
 */
import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../src/api/index.js';
import { parseWei } from '../../src/core/amounts.js';
import { policyFormValues } from '../../src/core/operations/policies.js';

const relayer = (policies: Record<string, unknown>, network = 'sepolia'): Relayer =>
  ({ id: 'r1', name: 'R1', network, network_type: 'evm', paused: false, signer_id: 's', address: '0x7b3352b20e17d932f2096f2be160dc56e99e03bb', system_disabled: false, policies }) as unknown as Relayer;

describe('the policies form prefills what it reads back', () => {
  it('a cap and a minimum of any size: plain digits, the same wei', () => {
    for (const wei of [1n, 999_999_999n, 1_000_000_000_000n, 2_500_000_000_000n, 1_234_567_890_123_456_789n, 10n ** 30n + 7n]) {
      for (const network of ['sepolia', 'avalanche']) {
        const v = policyFormValues(relayer({ gas_price_cap: wei.toString(), min_balance: wei.toString() }, network));
        expect(v.gas_price_cap).not.toMatch(/,/);
        expect(parseWei(v.gas_price_cap!.replace(/(\d)([a-zA-Z])/, '$1 $2'), network)).toEqual({ wei: wei.toString() });
        expect(parseWei(v.min_balance!.replace(/(\d)([a-zA-Z])/, '$1 $2'), network)).toEqual({ wei: wei.toString() });
      }
    }
    expect(policyFormValues(relayer({ gas_price_cap: '2500000000000' })).gas_price_cap).toBe('2500gwei');
  });
});

describe('a comma is refused, never read as a group or a decimal point', () => {
  it('grouped or decimal, each refused with the way to write it', () => {
    for (const typed of ['2,500 gwei', '2,500gwei', '1,5 ETH', '0,001eth', '1,500eth', '0,500', '12,3456', '1,000.5 ETH'])
      expect(parseWei(typed, null), typed).toEqual({ error: expect.stringMatching(/^a comma: write the digits without thousands separators/) });
  });
});
