/**
 * An unwell server, one fault at a time (the real flavour; NOTES.md "When the server is unwell"), for
 * operators and tests to see what the client concludes from it:
 * - a status nonce of "0" for chosen relayers: what v1.8 answers when its counter read fails
 *   (`unwrap_or(0)`, domain/relayer/evm/evm_relayer.rs ~355), whatever waits on the chain;
 * - 429s with Retry-After (and v1.8's x-ratelimit-after and `after`) on the first request only, or on a
 *   fraction of requests (every 1/fraction-th, counted: the same requests each run), /health and /ready included;
 * - Redis down: /ready answers 503 unhealthy (its primary pool refuses connections), every other
 *   authenticated endpoint 500 (v1.8's repositories live in Redis), /health still OK;
 * - a slow RPC: the JSON-RPC passthrough (POST /relayers/{id}/rpc) answers so many ms later; the
 *   requests in flight there are counted (the most at once), so a test can see a client's concurrency.
 */

/** 429s: on the first request only, and/or on `fraction` (0–1) of them; Retry-After `afterSeconds` (default 1). */
export interface Throttle {
  first?: boolean;
  fraction?: number;
  afterSeconds?: number;
}

/** Whether each request (in order) is answered 429; `reset` starts the count again (a new throttle). */
export function throttler(t: Throttle | undefined): (() => boolean) & { afterSeconds: number } {
  let seen = 0;
  const fraction = Math.min(1, Math.max(0, t?.fraction ?? 0));
  const f = () => {
    seen++;
    if (!t) return false;
    if (t.first && seen === 1) return true;
    // Every time seen × fraction passes a whole number: 0.25 → the 4th, 8th, … request.
    return fraction > 0 && Math.floor(seen * fraction) > Math.floor((seen - 1) * fraction);
  };
  return Object.assign(f, { afterSeconds: t?.afterSeconds ?? 1 });
}

/** Redis down from `fromMs` to `toMs` after the start (toMs omitted: for good), or now and for good (`true`). */
export type RedisDown = boolean | { fromMs: number; toMs?: number };

/** `--rate-limit`'s fault forms: `first` (the first request only) or `NN%` (that share of requests). */
export function parseThrottle(raw: string): Throttle | undefined | Error {
  if (raw === 'first') return { first: true };
  const m = /^(\d{1,3}(?:\.\d{1,2})?)%$/.exec(raw);
  if (!m) return undefined;
  const pct = Number(m[1]);
  if (pct <= 0 || pct > 100) return new Error(`--rate-limit: a share of requests must be over 0% and at most 100%, got "${raw}"`);
  return { fraction: pct / 100 };
}

/** `--redis-down on` (from the start, for good) or `--redis-down A-B` (from A to B seconds after the start). */
export function parseRedisDown(raw: string): RedisDown | Error {
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  const m = /^(\d{1,6})-(\d{1,6})?$/.exec(raw);
  if (!m || (m[2] !== undefined && Number(m[2]) <= Number(m[1]))) return new Error(`--redis-down must be on, off, or a window of seconds after the start like 10-70 (or 10- for good), got "${raw}"`);
  return { fromMs: Number(m[1]) * 1000, ...(m[2] !== undefined ? { toMs: Number(m[2]) * 1000 } : {}) };
}

/** `--status-nonce-zero`: relayer ids, comma-separated, or `all` (every EVM relayer). */
export function parseRelayerIds(name: string, raw: string): readonly string[] | 'all' | Error {
  if (raw === 'all') return 'all';
  const ids = raw.split(',').map((x) => x.trim());
  if (ids.some((x) => x === '')) return new Error(`--${name} must be relayer ids separated by commas, or all, got "${raw}"`);
  return ids;
}
