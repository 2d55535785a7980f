/** A value shown is a value accepted (issue 51.8): what formatGwei / formatUnits write reads back to the same wei. */
import { describe, expect, it } from 'vitest';
import { formatGwei, formatUnits, formatWei, parseWei } from '../../src/core/amounts.js';

describe('amounts as shown read back exactly', () => {
  it('gwei and the coin, grouped by thousands, with or without the space', () => {
    for (const wei of [1n, 999_999_999n, 1_000_000_000_000n, 2_500_000_000_000n, 1_234_567_890_123_456_789n, 10n ** 30n + 7n]) {
      expect(parseWei(formatGwei(wei), null)).toEqual({ wei: wei.toString() });
      expect(parseWei(formatGwei(wei).replace(' gwei', 'gwei'), null)).toEqual({ wei: wei.toString() });
      expect(parseWei(formatWei(wei, null), null)).toEqual({ wei: wei.toString() });
      expect(parseWei(`${formatUnits(wei, 18)}avax`, 'avalanche')).toEqual({ wei: wei.toString() });
    }
  });

  it('a comma that is not a thousands group is never read as a decimal point', () => {
    expect(parseWei('1,5 ETH', null)).toBeNull();
    expect(parseWei('1,50 gwei', null)).toBeNull();
    expect(parseWei('12,3456', null)).toBeNull();
  });
});
