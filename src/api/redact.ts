/** The API key never appears in an error, even if a server echoes it: in the message or in the failure's data. */
import type { ApiError } from './errors.js';

/** `v` with every occurrence of `secret` in its strings (and keys) replaced; the same object when there is none. */
export function redactDeep(v: unknown, secret: string): unknown {
  if (typeof v === 'string') return v.includes(secret) ? v.split(secret).join('[redacted]') : v;
  if (Array.isArray(v)) {
    const out = v.map((x) => redactDeep(x, secret));
    return out.some((x, i) => x !== v[i]) ? out : v;
  }
  if (typeof v === 'object' && v !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const key = redactDeep(k, secret) as string;
      const val = redactDeep(x, secret);
      if (key !== k || val !== x) changed = true;
      Object.defineProperty(out, key, { value: val, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : v;
  }
  return v;
}

/** `e` with every occurrence of `secret` replaced (the same error when there is none; keys shorter than 4 are not looked for). */
export function scrub(e: ApiError, secret: string): ApiError {
  if (!secret || secret.length < 4) return e;
  // The failure `data` is an enumerable field (JSON.stringify(err) shows it): redact it too.
  const data = redactDeep(e.data, secret);
  if (e.message.includes(secret) || data !== e.data) return e.withMessage(e.message.split(secret).join('[redacted]'), data);
  return e;
}
