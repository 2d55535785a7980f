/**
 * A clock the test moves by hand, for the services' `now` and `after` (every UI timer: src/ui/
 * scheduler.ts): no test sleeps on a real clock to see a watch tick or an age turn. Network I/O and
 * Ink's frame timer stay real — only what the app schedules through `after` waits for `next()`.
 */
export interface ManualClock {
  now: () => number;
  after: (ms: number, fn: () => void, label?: string) => () => void;
  /** How many callbacks with this label (default `watch`: a watch's refresh) are scheduled now. */
  pending: (label?: string) => number;
  /**
   * Waits (in real time, up to `timeoutMs`) until a callback with `label` (default `watch`) is
   * scheduled, moves the clock to it — running, in time order, every callback due by then (ages
   * turning, a message's end: what would have run meanwhile) — and runs it; resolves with how far the
   * clock moved (the delay the app asked for).
   */
  next: (timeoutMs?: number, label?: string) => Promise<number>;
  /** Moves the clock on `ms`, running in time order every callback due by then (what `ms` of real time would have run). */
  advance: (ms: number) => Promise<void>;
}

export function manualClock(start = Date.parse('2026-11-24T09:00:00Z')): ManualClock {
  let t = start;
  let seq = 0;
  const timers = new Set<{ at: number; seq: number; fn: () => void; label: string | undefined }>();
  const of = (label: string) => [...timers].filter((x) => x.label === label);
  return {
    now: () => t,
    after(ms, fn, label) {
      const entry = { at: t + ms, seq: seq++, fn, label };
      timers.add(entry);
      return () => timers.delete(entry);
    },
    pending: (label = 'watch') => of(label).length,
    async next(timeoutMs = 5000, label = 'watch') {
      const end = Date.now() + timeoutMs;
      while (of(label).length === 0) {
        if (Date.now() > end) throw new Error(`nothing labelled ${label} was scheduled within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
      const target = of(label).sort((a, b) => a.at - b.at || a.seq - b.seq)[0]!;
      const moved = target.at - t;
      // Everything due by then, in time order, the target last among equals scheduled after it.
      for (;;) {
        const due = [...timers].filter((x) => x.at < target.at || (x.at === target.at && x.seq <= target.seq)).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
        if (!due) break;
        timers.delete(due);
        t = Math.max(t, due.at);
        due.fn();
        if (due === target) break;
      }
      await new Promise((r) => setImmediate(r));
      return moved;
    },
    async advance(ms) {
      const until = t + ms;
      for (;;) {
        const due = [...timers].filter((x) => x.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
        if (!due) break;
        timers.delete(due);
        t = Math.max(t, due.at);
        due.fn();
        await new Promise((r) => setImmediate(r));
      }
      t = until;
    },
  };
}
