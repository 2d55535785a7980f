/** Issue 43: a "last confirmed" column is a clock time within a day (an age drawn once stood still a minute later), days beyond. */
import { describe, expect, it } from 'vitest';
import { clock, sinceCell } from '../../src/core/time.js';

describe('sinceCell', () => {
  it('a clock time within a day, days beyond it, "future" ahead of this clock, nothing for none', () => {
    const now = Date.parse('2026-11-28T18:00:00Z');
    expect(sinceCell(now - 2_000, now)).toBe(clock(now - 2_000));
    expect(sinceCell(now - 23 * 3_600_000, now)).toBe(clock(now - 23 * 3_600_000));
    expect(sinceCell(now - 3 * 86_400_000, now)).toBe('3d');
    expect(sinceCell(now + 60_000, now)).toBe('future');
    expect(sinceCell(null, now)).toBe('');
  });
});
