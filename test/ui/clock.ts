/**
 * A clock the test moves by hand, for the services' `now` and `after` (watch refreshes and their
 * backoff): no test sleeps on a real clock to see a watch tick. Network I/O and Ink's frame timer stay
 * real — only what the app schedules through `after` waits for `next()`.
 */
export interface ManualClock {
  now: () => number;
  after: (ms: number, fn: () => void) => () => void;
  /** How many callbacks are scheduled now. */
  pending: () => number;
  /**
   * Waits (in real time, up to `timeoutMs`) until something is scheduled, moves the clock to the
   * earliest and runs it; resolves with how far the clock moved (the delay the app asked for).
   */
  next: (timeoutMs?: number) => Promise<number>;
}

export function manualClock(start = Date.parse('2026-11-24T09:00:00Z')): ManualClock {
  let t = start;
  const timers = new Set<{ at: number; fn: () => void }>();
  return {
    now: () => t,
    after(ms, fn) {
      const entry = { at: t + ms, fn };
      timers.add(entry);
      return () => timers.delete(entry);
    },
    pending: () => timers.size,
    async next(timeoutMs = 5000) {
      const end = Date.now() + timeoutMs;
      while (timers.size === 0) {
        if (Date.now() > end) throw new Error(`nothing was scheduled within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
      const first = [...timers].sort((a, b) => a.at - b.at)[0]!;
      timers.delete(first);
      const moved = first.at - t;
      t = Math.max(t, first.at);
      first.fn();
      await new Promise((r) => setImmediate(r));
      return moved;
    },
  };
}
