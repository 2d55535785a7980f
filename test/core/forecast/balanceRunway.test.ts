/** balance_runway: the spend of the window's confirmed transactions (an upper bound) against balance − minimum; never from too few samples. */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { balanceRunway, RUNWAY_MIN_SAMPLES } from '../../../src/core/forecast/balanceRunway.js';
import { forecastJson, forecastMark, forecastWords } from '../../../src/core/forecast/forecast.js';

const NOW = Date.parse('2026-12-05T12:00:00Z');
const G = 1_000_000_000n;
const E = 10n ** 18n;
/** n confirmed transactions over the last `spanMin` minutes, each value 0 and 21000 gas × 100 gwei (0.0021 ETH). */
function txs(n: number, spanMin: number, status = 'confirmed'): Transaction[] {
  return Array.from({ length: n }, (_, i) => ({ id: `t${i}`, status, confirmed_at: new Date(NOW - ((i + 1) * spanMin * 60_000) / n).toISOString(), value: 0, gas_limit: 21000, gas_price: Number(100n * G) }) as unknown as Transaction);
}

describe('balance_runway', () => {
  it('reaches the minimum at the window spend: figures, words, json', () => {
    // 10 txs × 0.0021 ETH = 0.021 ETH over 60 min; 0.021 ETH above the minimum → ~60 min.
    const f = balanceRunway('r1', null, '0xabc', 100n * E / 1000n + 21n * E / 1000n, 100n * E / 1000n, txs(10, 60), NOW);
    expect(f).toMatchObject({ kind: 'balance_runway', samples: 10, window_ms: 3_600_000, window: 'hour', runway_ms: 3_600_000, spend_wei: 21n * E / 1000n });
    if (f?.kind !== 'balance_runway') throw new Error('no forecast');
    expect(forecastWords(f, { kind: 'commands', relayerId: 'r1' })).toMatch(/^heading for its minimum: reaches 0\.1 ETH in ~1h at the last hour's spend \(10 transactions, an upper bound/);
    expect(forecastWords(f, { kind: 'commands', relayerId: 'r1' })).toMatch(/fund its address 0xabc/);
    expect(forecastMark(f)).toBe('runway ~1h');
    expect(forecastJson(f)).toMatchObject({ kind: 'balance_runway', samples: 10, window_seconds: 3600, runway_seconds: 3600, spend_is_upper_bound: true, min_balance_wei: (100n * E / 1000n).toString() });
  });
  it('a drain that began in the last 15 minutes: its faster spend is taken, not averaged over the quiet hour, and said so', () => {
    // 10 small ones over the hour (0.0021 ETH each) and 6 of 0.0121 ETH (value 0.01) in the last 12 minutes.
    const big = txs(6, 12).map((t, i) => ({ ...t, id: `b${i}`, value: (10n ** 16n).toString() }) as unknown as Transaction);
    const all = [...txs(10, 60), ...big];
    const left = 2n * E / 10n;
    const f = balanceRunway('r1', null, null, E / 10n + left, E / 10n, all, NOW);
    if (f?.kind !== 'balance_runway') throw new Error('no forecast');
    // The recent window: the 6 big ones and the two small ones of the last 15 minutes, over its 15 minutes (the read covers them whole).
    const recentSpend = 6n * (10n ** 16n + 21000n * 100n * G) + 2n * 21000n * 100n * G;
    expect(f).toMatchObject({ window: 'recent', samples: 8, window_ms: 15 * 60_000, spend_wei: recentSpend });
    expect(f.runway_ms).toBe(Number((left * BigInt(15 * 60_000)) / recentSpend));
    // Over the hour it would have said a runway over twice as long.
    const hourSpend = 10n * 21000n * 100n * G + 6n * (10n ** 16n + 21000n * 100n * G);
    expect(Number((left * 3_600_000n) / hourSpend)).toBeGreaterThan(2 * f.runway_ms);
    expect(forecastWords(f, { kind: 'commands', relayerId: 'r1' })).toMatch(/at the spend of the last 15m \(faster than the hour's\) \(8 transactions/);
    expect(forecastJson(f)).toMatchObject({ window: 'recent', window_seconds: 900, samples: 8 });
  });
  it('a burst a minute ago, in a window the read covers whole: spend over the window, not over the minute', () => {
    // An hour of history read (one 59 minutes old), then 6 sends in the last minute.
    const burst = txs(6, 1);
    const old = txs(1, 59);
    const f = balanceRunway('r1', null, null, E / 10n + E / 50n, E / 10n, [...burst, ...old], NOW);
    if (f?.kind !== 'balance_runway') throw new Error('no forecast');
    expect(f).toMatchObject({ window: 'recent', window_ms: 15 * 60_000, samples: 6 });
    // What the read covers is less than the window: the span is what it covers (a page that stops 5 minutes back).
    const g = balanceRunway('r1', null, null, E / 10n + E / 50n, E / 10n, [...burst, ...txs(1, 5)], NOW);
    expect(g).toMatchObject({ window: 'covered', window_ms: 5 * 60_000, samples: 7 });
  });
  it(`fewer than ${RUNWAY_MIN_SAMPLES} samples in the window: not enough, no forecast`, () => {
    expect(balanceRunway('r1', null, null, E, E / 10n, txs(RUNWAY_MIN_SAMPLES - 1, 30), NOW)).toEqual({ kind: 'not_enough', samples: RUNWAY_MIN_SAMPLES - 1, min: RUNWAY_MIN_SAMPLES });
    // Pending ones and ones older than the window are not samples.
    expect(balanceRunway('r1', null, null, E, E / 10n, [...txs(3, 30), ...txs(5, 30, 'pending')], NOW)).toMatchObject({ kind: 'not_enough', samples: 3 });
  });
  it('under its minimum already (the low-balance problem), or far off: none', () => {
    expect(balanceRunway('r1', null, null, E / 20n, E / 10n, txs(10, 60), NOW)).toBeNull();
    expect(balanceRunway('r1', null, null, 100n * E, E / 10n, txs(10, 60), NOW)).toBeNull();
  });
});
