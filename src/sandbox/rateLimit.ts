/** The sandbox's rate limit: a token bucket per Authorization value, capacity = rate, refilled continuously. */

interface Bucket {
  tokens: number;
  last: number;
}

/** `perSecond` 0: no limit. Returns whether a request under `key` is over the limit now. */
export function rateLimiter(perSecond: number, now: () => number = () => performance.now()): (key: string) => boolean {
  const buckets = new Map<string, Bucket>();
  return (key) => {
    if (perSecond <= 0) return false;
    const t = now();
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size > 10_000) buckets.clear();
      b = { tokens: perSecond, last: t };
      buckets.set(key, b);
    }
    b.tokens = Math.min(perSecond, b.tokens + ((t - b.last) / 1000) * perSecond);
    b.last = t;
    if (b.tokens < 1) return true;
    b.tokens -= 1;
    return false;
  };
}
