/**
 * The UI's one source of time: what it reads as now and what it schedules. Every timer of src/ui goes
 * through `after` (watch refreshes, ages turning, a follow's next read, a message's end, a draft's
 * debounce, a read's deadline); tests put a clock they move by hand in its place (test/ui/clock.ts), and
 * test/architecture's grep holds that no other file of src/ui calls setTimeout or setInterval.
 */

/**
 * Runs `fn` after `ms` on this scheduler's clock; returns its cancel. `label` names what it is for
 * (`watch`: a watch's next refresh), so a test moving the clock by hand can step to the one it means.
 */
export type After = (ms: number, fn: () => void, label?: string) => () => void;

export interface Scheduler {
  now: () => number;
  after: After;
}

/** The real `after`: a timer of the event loop (it holds the process till it runs: the exit waits for its cleanup on one). */
export const realAfter: After = (ms, fn) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

/** Resolves after `ms` on the scheduler's clock, or at once when `signal` aborts. */
export function delay(after: After, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const cancel = after(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    const onAbort = () => {
      cancel();
      resolve();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** An AbortSignal that aborts after `ms` on the scheduler's clock (AbortSignal.timeout's, on this clock); `cancel` stops it. */
export function timeoutSignal(after: After, ms: number): { signal: AbortSignal; cancel: () => void } {
  const ctrl = new AbortController();
  const cancel = after(ms, () => ctrl.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')));
  return { signal: ctrl.signal, cancel };
}
