/**
 * Ages that tick (issue 43): a walk read AGE `12s` a minute later — a table drawn once stood still.
 * The table redraws when an age it shows turns (the next second under a minute, the next minute under
 * an hour), and not before.
 */
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { transactionColumns } from '../../../src/core/columns/transactions.js';
import { Table } from '../../../src/ui/components/Table.js';

const start = Date.parse('2026-11-28T10:00:00Z');
let t = start;
const clock = () => t;
const columns = transactionColumns('stellar', 'testnet', clock);
const tx = (id: string, agoMs: number): Transaction => ({ id, status: 'submitted', hash: null, sequence_number: '1', fee: 100, created_at: new Date(start - agoMs).toISOString() }) as Transaction;
const ageOf = (frame: string | undefined, id: number) => (frame ?? '').split('\n')[id + 1]!.trim().split(/\s+/).at(-1);
/** The clock moves `ms`; the table's timers run; React's commit that follows is awaited. */
async function pass(ms: number): Promise<void> {
  t += ms;
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}
const props = { columns, getId: (r: Transaction) => r.id, cursor: 0, top: 0, height: 5, width: 60, now: clock };

describe('an age column redraws as the ages turn', () => {
  beforeEach(() => {
    // Only timeouts faked: React commits on a real setImmediate/MessageChannel turn (awaited in `pass`).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    t = start;
  });
  afterEach(() => vi.useRealTimers());

  it('a row 10s old reads 11s a second later, 1m at a minute; a row 5m old stays 5m until its minute turns', async () => {
    const view = render(<Table {...props} rows={[tx('a', 10_000), tx('b', 5 * 60_000 + 30_000)]} />);
    expect(ageOf(view.lastFrame(), 0)).toBe('10s');
    expect(ageOf(view.lastFrame(), 1)).toBe('5m');
    await pass(1100);
    expect(ageOf(view.lastFrame(), 0)).toBe('11s');
    await pass(48_900);
    expect(ageOf(view.lastFrame(), 0)).toBe('1m');
    expect(ageOf(view.lastFrame(), 1)).toBe('6m');
    view.unmount();
  });

  it('ages older than a minute only: nothing redraws until the minute turns', async () => {
    const view = render(<Table {...props} rows={[tx('b', 5 * 60_000 + 30_000)]} />);
    const frames = view.frames.length;
    await pass(20_000);
    expect(view.frames.length).toBe(frames);
    await pass(11_000);
    expect(ageOf(view.lastFrame(), 0)).toBe('6m');
    view.unmount();
  });
});
