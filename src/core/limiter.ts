/**
 * The one concurrency limit of the client: a FIFO semaphore, `run` holding one of `n` places while its
 * work runs, and `pool` over it (tasks run in order, `n` at a time, results in order). The fleet's
 * per-server and overall limits, the triage scan and the relayers' live status all take turns here.
 */
import { ApiError } from '../api/index.js';

/**
 * The most requests `check` keeps in flight to one server (its diagnoses run side by side within it; the
 * transport keeps as many connections). v1.8 allows 100 requests a second per key, bursts of 300.
 */
export const CHECK_IN_FLIGHT = 24;

interface Waiter {
  go: () => void;
  stop: () => void;
  signal?: AbortSignal;
}

export class Limiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /**
   * One abort listener a signal, however many wait on it: a listener each would pass Node's limit of
   * 10 and have it print a MaxListenersExceededWarning to stderr — over the TUI's screen.
   */
  private readonly bySignal = new Map<AbortSignal, { waiters: Set<Waiter>; onAbort: () => void }>();
  constructor(private readonly n: number) {}

  /**
   * Runs `fn` once a place is free. `signal` ends the wait (the work is dropped, rejected as
   * cancelled); once `fn` has started, it is the work's own to stop.
   */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active >= this.n) {
      await new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(cancelled());
        const w: Waiter = { go: () => (this.forget(w), resolve()), stop: () => reject(cancelled()), signal };
        this.waiting.push(w);
        if (signal) this.watch(signal, w);
      });
    }
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.go();
    }
  }

  private watch(signal: AbortSignal, w: Waiter): void {
    let entry = this.bySignal.get(signal);
    if (!entry) {
      const waiters = new Set<Waiter>();
      const onAbort = () => {
        this.bySignal.delete(signal);
        for (const x of waiters) {
          const i = this.waiting.indexOf(x);
          if (i >= 0) this.waiting.splice(i, 1);
          x.stop();
        }
      };
      entry = { waiters, onAbort };
      this.bySignal.set(signal, entry);
      signal.addEventListener('abort', onAbort, { once: true });
    }
    entry.waiters.add(w);
  }

  /** A waiter that got its place no longer waits on its signal (its listener goes with the last one). */
  private forget(w: Waiter): void {
    if (!w.signal) return;
    const entry = this.bySignal.get(w.signal);
    if (!entry) return;
    entry.waiters.delete(w);
    if (entry.waiters.size === 0) {
      w.signal.removeEventListener('abort', entry.onAbort);
      this.bySignal.delete(w.signal);
    }
  }
}

function cancelled(): ApiError {
  return new ApiError('network', 'Request cancelled', { aborted: true });
}

/** Runs `tasks` with at most `n` at a time, in order; the results in the tasks' order. */
export function pool<T>(n: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const limiter = new Limiter(Math.max(1, n));
  return Promise.all(tasks.map((task) => limiter.run(task)));
}
