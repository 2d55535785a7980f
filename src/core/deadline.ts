/**
 * A deadline combined with another signal, on a timer this code owns and clears. Not
 * `AbortSignal.any([s, AbortSignal.timeout(ms)])`: on Node 20 the timeout signal inside `any()` can be
 * garbage-collected and never fire (nodejs/node#57736), so a context's deadline would silently not
 * hold (a read ran to each request's own timeout instead).
 */
export interface Deadline {
  signal: AbortSignal;
  /** Ends the timer and the link to the parent (call when the work is over). */
  clear: () => void;
}

export function deadline(parent: AbortSignal, ms: number): Deadline {
  const ctrl = new AbortController();
  const onParent = () => ctrl.abort(parent.reason);
  if (parent.aborted) ctrl.abort(parent.reason);
  else parent.addEventListener('abort', onParent, { once: true });
  const timer = setTimeout(() => ctrl.abort(new DOMException(`deadline of ${ms} ms`, 'TimeoutError')), ms);
  return {
    signal: ctrl.signal,
    clear: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}
