/** When a GET is tried again: the server's own wait (Retry-After, x-ratelimit-after, the real server's `after`), else a jittered backoff. */

/** Longest server-requested wait slept through before retrying a GET; longer ones are reported. */
export const MAX_RETRY_WAIT_MS = 30_000;

export function retryAfter(headers: Record<string, string | string[] | undefined>, env: Record<string, unknown> | undefined): number | undefined {
  const ra = headerValue(headers['retry-after']);
  if (ra !== undefined) {
    const secs = Number(ra);
    if (Number.isFinite(secs) && secs >= 0) return Math.round(secs * 1000);
    const date = Date.parse(ra);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const xr = Number(headerValue(headers['x-ratelimit-after']));
  if (headers['x-ratelimit-after'] !== undefined && Number.isFinite(xr) && xr >= 0) return Math.round(xr * 1000);
  if (env && typeof env.after === 'number' && env.after >= 0) return Math.round(env.after * 1000);
  return undefined;
}

export function backoff(attempt: number): number {
  const base = Math.min(250 * 2 ** attempt, 4000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
