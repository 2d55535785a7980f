/**
 * The network price's trend (core/forecast/priceTrend.ts) and cap_headroom with it (forecast.ts): the
 * per-block prices of an eth_feeHistory answer, the first tenth's mean against the last's, the slope
 * between their middles, when it reaches the cap; said for the threshold or the trend within the
 * horizon, in words with both figures and the trend, flat in JSON; no trend said, never silent.
 */
import { describe, expect, it } from 'vitest';
import { capHeadroom, forecastJson, forecastMark, forecastWords, proposedCap, type CapHeadroom } from '../../../src/core/forecast/forecast.js';
import { feeHistoryPrices, priceTrend, reachesCapMs, type PriceTrend } from '../../../src/core/forecast/priceTrend.js';

const G = 1_000_000_000n;
const NOW = Date.parse('2026-12-05T12:00:00Z');
const face = { kind: 'commands' as const, relayerId: 'r1' };
/** n prices from `from` rising by `step` a block, a block every 2 s. */
const ramp = (n: number, from: bigint, step: bigint) => Array.from({ length: n }, (_, i) => from + step * BigInt(i));
const trendOf = (prices: bigint[]) => priceTrend(prices, 1000, NOW - (prices.length - 1) * 2_000, NOW) as PriceTrend;

describe('the trend of the price', () => {
  it("eth_feeHistory's blocks: base fee + the median reward; one more base fee than blocks", () => {
    expect(feeHistoryPrices({ oldestBlock: '0x64', baseFeePerGas: ['0x10', '0x20', '0x30'], reward: [['0x1'], ['0x2']], gasUsedRatio: [0.5, 0.5] })).toEqual({ oldest: 100, prices: [17n, 34n] });
    // No rewards asked: the base fees, the next block's left out.
    expect(feeHistoryPrices({ oldestBlock: '0x1', baseFeePerGas: ['0x10', '0x20', '0x30'] })).toEqual({ oldest: 1, prices: [16n, 32n] });
    expect(feeHistoryPrices({ oldestBlock: '0x1', baseFeePerGas: ['12 gwei', '0x1'] })).toBe('a base fee that is not a quantity (block 0)');
    expect(feeHistoryPrices(null)).toBe('no fee history');
  });

  it('the first tenth against the last: up 100 % over 298 s, the slope between their middles', () => {
    // 150 blocks from 10 to 20 gwei in even steps (the last 10 + 149 × step): the tenths are 15 blocks each.
    const prices = ramp(150, 10n * G, (10n * G) / 149n);
    const t = trendOf(prices);
    expect(t).toMatchObject({ kind: 'price_trend', blocks: 150, oldest_block: 1000, newest_block: 1149, window_ms: 298_000 });
    const mean = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n) / BigInt(xs.length);
    expect(t.from_wei).toBe(mean(prices.slice(0, 15)));
    expect(t.to_wei).toBe(mean(prices.slice(135)));
    // The middles are 135 blocks (270 s) apart: (to − from) per 4.5 minutes.
    expect(t.wei_per_minute).toBe(((t.to_wei - t.from_wei) * 60_000n) / 270_000n);
    expect(t.change_percent).toBe(Number(((t.to_wei - t.from_wei) * 1000n) / t.from_wei) / 10);
    expect(t.change_percent).toBeGreaterThan(80);
  });

  it('a falling price: a negative slope, and it never reaches the cap', () => {
    const t = trendOf(ramp(150, 30n * G, -(G / 20n)));
    expect(t.wei_per_minute).toBeLessThan(0n);
    expect(t.change_percent).toBeLessThan(0);
    expect(reachesCapMs(20n * G, 40n * G, t)).toBeNull();
  });

  it('when the price reaches the cap: from the price read now at the slope; 0 at or over the cap', () => {
    const t = { ...trendOf(ramp(150, 10n * G, G / 100n)), wei_per_minute: 2n * G };
    expect(reachesCapMs(34n * G, 40n * G, t)).toBe(180_000);
    expect(reachesCapMs(40n * G, 40n * G, t)).toBe(0);
    // Over it: 0, not a time past (nor null where the price falls back: it is over the cap now).
    expect(reachesCapMs(44n * G, 40n * G, t)).toBe(0);
    expect(reachesCapMs(44n * G, 40n * G, { ...t, wei_per_minute: -G })).toBe(0);
  });

  it('never from too few blocks nor too short a window: no trend, and why', () => {
    expect(priceTrend(ramp(9, G, 1n), 1, 0, 60_000)).toEqual({ kind: 'no_trend', why: 'eth_feeHistory gave 9 blocks, fewer than 10', failed: false });
    expect(priceTrend(ramp(150, G, 1n), 1, 0, 37_000)).toEqual({ kind: 'no_trend', why: 'its last 150 blocks span 37 s, under 60 s', failed: false });
  });
});

describe('cap_headroom with its trend', () => {
  const steady = trendOf(ramp(150, 30n * G, 0n));
  const climbing = { ...trendOf(ramp(150, 10n * G, G / 10n)), wei_per_minute: G };

  it('said for the threshold (80 %) with a steady trend; not said under it', () => {
    const f = capHeadroom('r1', 34n * G, 40n * G, NOW, steady)!;
    expect(f).toMatchObject({ percent: 85, said_for: ['threshold'], reaches_cap_ms: null, horizon_ms: 1_800_000 });
    expect(forecastWords(f, face)).toBe(
      'heading for a jam at its cap: the network asks 34 gwei, 85 % of its cap 40 gwei, unchanged in 5m (eth_feeHistory, its last 150 blocks: 30 gwei → 30 gwei): not rising: a rise of 15 % jams what it sends at the cap; raise the cap before it does (relayer-tui policies r1 --set gas_price_cap=45gwei, 45 gwei: the price + 30 %); a straight line through the last blocks: a spike that turns is not foreseen',
    );
    expect(capHeadroom('r1', 31n * G, 40n * G, NOW, steady)).toBeNull();
  });

  it('said for the trend alone when it reaches the cap within the horizon (30 min), with when; not past it', () => {
    // 20 of 40 gwei, 1 gwei a minute: the cap in 20 minutes.
    const f = capHeadroom('r1', 20n * G, 40n * G, NOW, climbing)!;
    expect(f).toMatchObject({ percent: 50, said_for: ['trend'], reaches_cap_ms: 1_200_000 });
    expect(forecastWords(f, face)).toMatch(/^heading for a jam at its cap: the network asks 20 gwei, 50 % of its cap 40 gwei, up \d+ % in 5m \(eth_feeHistory, its last 150 blocks: [\d.]+ gwei → [\d.]+ gwei\): at that rate it reaches the cap in ~20m, within the 30m horizon, and what it sends then waits at the cap; raise the cap before it does \(relayer-tui policies r1 --set gas_price_cap=65gwei, 65 gwei: the price its trend reaches in 30m \+ 30 %\); a straight line/);
    // The proposal: the price its trend reaches at the horizon (20 + 30 = 50 gwei) + 30 %.
    expect(proposedCap(f)).toBe(65n);
    expect(forecastMark(f)).toBe('cap 50 %, at it in ~20m');
    // 5 of 40 gwei at 1 gwei a minute: 35 minutes, past the horizon: none.
    expect(capHeadroom('r1', 5n * G, 40n * G, NOW, climbing)).toBeNull();
    // Both: over the threshold and rising.
    expect(capHeadroom('r1', 34n * G, 40n * G, NOW, climbing)!.said_for).toEqual(['threshold', 'trend']);
    // Over the cap with a falling trend: said for the threshold alone, the trend no reason (it does not rise to the cap).
    expect(capHeadroom('r1', 44n * G, 40n * G, NOW, { ...climbing, wei_per_minute: -G })!.said_for).toEqual(['threshold']);
  });

  it('no trend (feeHistory failed): the one reading alone, and said so; never a trend forecast', () => {
    const none = { kind: 'no_trend' as const, why: 'eth_feeHistory failed: JSON-RPC error -32603 from the chain\'s node: Internal error', failed: true };
    const f = capHeadroom('r1', 34n * G, 40n * G, NOW, none)!;
    expect(f.said_for).toEqual(['threshold']);
    expect(forecastWords(f, face)).toBe(
      "heading for a jam at its cap: the network asks 34 gwei, 85 % of its cap 40 gwei, no trend: eth_feeHistory failed: JSON-RPC error -32603 from the chain's node: Internal error: one reading: a rise of 15 % jams what it sends at the cap; raise the cap before it does (relayer-tui policies r1 --set gas_price_cap=45gwei, 45 gwei: the price + 30 %); one reading, no trend",
    );
    expect(f.method).toContain('no trend (eth_feeHistory failed');
    expect(capHeadroom('r1', 20n * G, 40n * G, NOW, none)).toBeNull();
    // A caller that did not ask for the trend: said as not read, never as none.
    expect(forecastWords(capHeadroom('r1', 34n * G, 40n * G, NOW)!, face)).toContain('no trend: its trend was not read (eth_feeHistory not asked): one reading: ');
    expect(forecastJson(f)).toMatchObject({ no_trend_because: none.why, trend_from_wei: null, trend_change_percent: null, reaches_cap_seconds: null });
  });

  it('--json: the trend flat', () => {
    const f = capHeadroom('r1', 20n * G, 40n * G, NOW, climbing) as CapHeadroom;
    expect(forecastJson(f)).toEqual({
      kind: 'cap_headroom',
      network_price_wei: String(20n * G),
      cap_wei: String(40n * G),
      percent: 50,
      threshold_percent: 80,
      said_for: ['trend'],
      trend_from_wei: climbing.from_wei.toString(),
      trend_to_wei: climbing.to_wei.toString(),
      trend_change_percent: climbing.change_percent,
      trend_wei_per_minute: String(G),
      trend_window_seconds: 298,
      trend_blocks: 150,
      trend_oldest_block: 1000,
      trend_newest_block: 1149,
      no_trend_because: null,
      reaches_cap_seconds: 1200,
      horizon_seconds: 1800,
      proposed_cap_gwei: '65',
      read_at: new Date(NOW).toISOString(),
      method: expect.stringContaining('eth_feeHistory over the last 150 blocks'),
    });
  });
});
