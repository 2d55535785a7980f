/**
 * The one concurrency limit of the client: a FIFO semaphore, `run` holding one of `n` places while its
 * work runs, and `pool` over it (tasks run in order, `n` at a time, results in order). The fleet's
 * per-server and overall limits, the triage scan and the relayers' live status all take turns here.
 */
import { ApiError } from '../api/index.js';

export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly n: number) {}

  /**
   * Runs `fn` once a place is free. `signal` ends the wait (the work is dropped, rejected as
   * cancelled); once `fn` has started, it is the work's own to stop.
   */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active >= this.n) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', stop);
          resolve();
        };
        const stop = () => {
          const i = this.waiting.indexOf(go);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new ApiError('network', 'Request cancelled', { aborted: true }));
        };
        if (signal?.aborted) return stop();
        signal?.addEventListener('abort', stop, { once: true });
        this.waiting.push(go);
      });
    }
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** Runs `tasks` with at most `n` at a time, in order; the results in the tasks' order. */
export function pool<T>(n: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const limiter = new Limiter(Math.max(1, n));
  return Promise.all(tasks.map((task) => limiter.run(task)));
}
