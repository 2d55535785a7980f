/** Issue 43: a "last confirmed" column is a clock time today (an age drawn once stood still a minute later), an age before today (never another day's bare clock time). */
import { describe, expect, it } from 'vitest';
import { ageChangesAt, ageMs, BAND_DOWN_AFTER, clock, nextReadBands, readBandsWords, sinceCell, sinceChangesAt, type ReadBands } from '../../src/core/time.js';

describe('sinceCell', () => {
  it('a clock time today, an age before today, "future" ahead of this clock, nothing for none', () => {
    const now = new Date(2026, 10, 28, 18, 0, 0).getTime();
    expect(sinceCell(now - 2_000, now)).toBe(clock(now - 2_000));
    expect(sinceCell(new Date(2026, 10, 28, 0, 0, 1).getTime(), now)).toBe('00:00:01');
    // Yesterday's 23:50 at 00:10 today: an age, not "23:50:00" read as today's.
    const early = new Date(2026, 10, 29, 0, 10, 0).getTime();
    expect(sinceCell(new Date(2026, 10, 28, 23, 50, 0).getTime(), early)).toBe('20m');
    expect(sinceCell(now - 23 * 3_600_000, now)).toBe('23h');
    expect(sinceCell(now - 3 * 86_400_000, now)).toBe('3d');
    expect(sinceCell(now + 60_000, now)).toBe('future');
    expect(sinceCell(null, now)).toBe('');
  });
});

describe('ageChangesAt / sinceChangesAt: when a drawn age or since-cell next reads differently', () => {
  const now = Date.parse('2026-11-28T18:00:00Z');
  it('the age reads the same until that moment and differently at it, at every scale', () => {
    for (const ago of [0, 999, 1_000, 59_500, 60_000, 61_234, 3_599_999, 3_600_000, 47 * 3_600_000 + 5, 48 * 3_600_000, 9 * 86_400_000 + 17]) {
      const since = now - ago;
      const at = ageChangesAt(since, now)!;
      expect(at).toBeGreaterThan(now);
      expect(ageMs(at - 1 - since)).toBe(ageMs(ago));
      expect(ageMs(at - since)).not.toBe(ageMs(ago));
    }
    expect(ageChangesAt(null, now)).toBeNull();
    expect(ageChangesAt(now + 5_000, now)).toBe(now + 5_000);
  });
  it('a since-cell: its clock time stands until midnight, then its age turns', () => {
    for (const ago of [2_000, 17 * 3_600_000, 23 * 3_600_000, 86_400_000 + 3, 5 * 86_400_000]) {
      const since = now - ago;
      const at = sinceChangesAt(since, now)!;
      expect(at).toBeGreaterThan(now);
      expect(sinceCell(since, at - 1)).toBe(sinceCell(since, now));
      expect(sinceCell(since, at)).not.toBe(sinceCell(since, now));
    }
  });
});

describe('read-time bands', () => {
  const readBand = (ms: number) => readBandsWords(nextReadBands(null, ms));
  it("a first read's time as the band it fell in: its upper edge included, the next band past it", () => {
    const cases: [number, string][] = [
      [0, '≤ 25 ms'], [25, '≤ 25 ms'], [26, '≤ 100 ms'], [100, '≤ 100 ms'], [101, '≤ 250 ms'], [250, '≤ 250 ms'],
      [251, '≤ 1 s'], [1000, '≤ 1 s'], [1001, '≤ 2.5 s'], [2500, '≤ 2.5 s'], [9999, '≤ 10 s'], [25_000, '≤ 25 s'],
      [99_999, '≤ 100 s'], [100_001, '> 100 s'],
    ];
    expect(cases.map(([ms]) => [ms, readBand(ms)])).toEqual(cases);
  });
});

describe('nextReadBands', () => {
  const said = (reads: number[]) => {
    let b: ReadBands | null = null;
    return reads.map((ms) => readBandsWords((b = nextReadBands(b, ms))));
  };
  it('up at once; down only after five reads in a row below, to the highest of theirs; a read in the band said starts the count again', () => {
    expect(said([20, 300, 20, 90, 20, 20, 20])).toEqual(['≤ 25 ms', '≤ 1 s', '≤ 1 s', '≤ 1 s', '≤ 1 s', '≤ 1 s', '≤ 100 ms']);
    expect(said([90, 20, 20, 20, 20, 99, 20, 20, 20, 20, 20])).toEqual(['≤ 100 ms', ...Array(9).fill('≤ 100 ms'), '≤ 25 ms']);
    expect(said([20, 26, 25, 26, 25])).toEqual(['≤ 25 ms', '≤ 100 ms', '≤ 100 ms', '≤ 100 ms', '≤ 100 ms']);
    expect(BAND_DOWN_AFTER).toBe(5);
  });
});
