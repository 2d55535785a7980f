/**
 * A deadline combined with another signal, on a timer this code owns and clears. Not
 * `AbortSignal.any([s, AbortSignal.timeout(ms)])`: on Node 20 the timeout signal inside `any()` can be
 * garbage-collected and never fire (nodejs/node#57736), so a context's deadline would silently not
 * hold (a read ran to each request's own timeout instead).
 */
import { monotonicMs } from '../api/monotonic.js';

export interface Deadline {
  signal: AbortSignal;
  /** Starts (or resumes) the clock (a deadline made with `armed: false` waits for it: the work's turn). */
  start: () => void;
  /** Stops the clock, keeping what is left (time spent waiting for a turn is not the work's). */
  pause: () => void;
  /** Ends the timer and the link to the parent (call when the work is over). */
  clear: () => void;
}

export function deadline(parent: AbortSignal, ms: number, o: { armed?: boolean } = {}): Deadline {
  const ctrl = new AbortController();
  const onParent = () => ctrl.abort(parent.reason);
  if (parent.aborted) ctrl.abort(parent.reason);
  else parent.addEventListener('abort', onParent, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cleared = false;
  let left = ms;
  let since = 0;
  const start = () => {
    if (timer !== undefined || cleared || ctrl.signal.aborted) return;
    since = monotonicMs();
    timer = setTimeout(() => ctrl.abort(new DOMException(`deadline of ${ms} ms`, 'TimeoutError')), left);
  };
  const pause = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    left = Math.max(0, left - (monotonicMs() - since));
  };
  if (o.armed !== false) start();
  return {
    signal: ctrl.signal,
    start,
    pause,
    clear: () => {
      cleared = true;
      clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}
