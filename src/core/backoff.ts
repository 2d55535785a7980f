/** How long to wait after failed refreshes: the one backoff rule of watch (a screen) and the fleet (a context). */
import type { ApiError } from '../api/index.js';

/** After `failures` failed refreshes (1, 2, …): interval × 2ⁿ, at most 60 s, never sooner than the server's Retry-After (capped at 10 min). */
export function retryDelay(intervalMs: number, failures: number, error: Pick<ApiError, 'retryAfterMs'> | null): number {
  const backoff = Math.min(60_000, intervalMs * 2 ** failures);
  return Math.max(backoff, Math.min(error?.retryAfterMs ?? 0, 10 * 60_000));
}
