/**
 * Redraws at `at` (a time on the services' clock), when something drawn from the clock next reads
 * differently (an age turning), and not before: an age drawn once stood still. At least a second
 * apart; a little after the boundary so the text has turned when it is drawn.
 */
import { useEffect, useReducer } from 'react';
import { useAfter } from '../services.js';

export function useTickAt(next: (t: number) => number | null, now: (() => number) | undefined): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const after = useAfter();
  useEffect(() => {
    if (!now) return;
    const t = now();
    const at = next(t);
    if (at === null) return;
    return after(Math.max(1000, at - t + 20), tick);
  });
}

/** The earliest of several change times (null: none changes). */
export function earliest(times: Iterable<number | null>): number | null {
  let next: number | null = null;
  for (const at of times) if (at !== null && (next === null || at < next)) next = at;
  return next;
}
