/**
 * Readiness in words (GET /api/v1/ready, OpenZeppelin Relayer v1.8, controllers/health.rs and
 * services/health): 200 for healthy and degraded, 503 for unhealthy. `reason` comes only with
 * unhealthy; a degraded answer says which component is not healthy (the Redis reader pool, the plugin
 * pool, file descriptors near the limit) in its components. One reading for `ready`, `:server` and
 * the fleet.
 */
import type { ReadinessAnswer } from '../api/index.js';

export type ReadyState = 'ready' | 'degraded' | 'not ready';

export interface ReadinessWords {
  state: ReadyState;
  /** One line: "ready (healthy)", "degraded: …", "not ready: <reason>". Raw server text: sanitize to draw. */
  summary: string;
  /** Every component (and pool) not healthy, in words. */
  problems: string[];
  /** The HTTP status /ready answered (200, 503…). */
  httpStatus?: number;
  /** Not ready: why, in the server's words (its reason, else its components'). Raw server text. */
  why?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

/** The components not healthy, in words (a pool not connected, an error said), at most 20. */
function problemsOf(components: unknown): string[] {
  const out: string[] = [];
  if (!isObject(components)) return out;
  for (const [name, c] of Object.entries(components).slice(0, 20)) {
    if (!isObject(c)) continue;
    const status = text(c.status);
    const err = text(c.error);
    const parts: string[] = [];
    for (const [sub, v] of Object.entries(c).slice(0, 20)) {
      if (!isObject(v)) continue;
      const e = text(v.error);
      if (v.connected === false || e) parts.push(`${sub} ${v.connected === false ? 'not connected' : ''}${e ? `${v.connected === false ? ': ' : ''}${e}` : ''}`.trim());
    }
    // (Thresholds, not the live figure: the words must not change by themselves between reads.)
    if (name === 'system' && typeof c.fd_usage_percent === 'number' && c.fd_usage_percent > 70) parts.push(`file descriptors over ${c.fd_usage_percent > 80 ? 80 : 70} % used`);
    if (name === 'plugins' && c.circuit_state !== undefined && text(c.circuit_state) !== 'closed' && text(c.circuit_state) !== '') parts.push(`circuit ${text(c.circuit_state)}`);
    if ((status && status !== 'healthy') || err || parts.length)
      out.push(`${name}${status && status !== 'healthy' ? ` ${status}` : ''}${err ? `: ${err}` : ''}${parts.length ? `${err ? '; ' : ': '}${parts.join('; ')}` : ''}`);
  }
  return out;
}

export function readinessWords(a: ReadinessAnswer): ReadinessWords {
  const r = a.readiness;
  const status = text(r.status);
  const problems = problemsOf(r.components);
  const reason = text(r.reason);
  if (a.httpStatus !== 200 || r.ready === false) {
    const why = reason || problems.join('; ') || (status ? `status ${status}` : 'no reason given');
    return { state: 'not ready', summary: `not ready (HTTP ${a.httpStatus}${status ? `, ${status}` : ''}): ${why}`, problems, httpStatus: a.httpStatus, why };
  }
  if (status === 'degraded') return { state: 'degraded', summary: `ready but degraded${problems.length ? `: ${problems.join('; ')}` : reason ? `: ${reason}` : ''}`, problems };
  if (status && status !== 'healthy') return { state: 'degraded', summary: `ready, status "${status}"${problems.length ? `: ${problems.join('; ')}` : ''}`, problems };
  return { state: 'ready', summary: `ready (${status || 'no status said'})`, problems };
}

/**
 * Said before `y` in every mutation review, in both faces, while the server answers not ready: what is
 * sent may be taken and not processed (v1.8 answers 500 to most requests while Redis is down, and its
 * queues cannot be read: NOTES.md "When the server is unwell"). Null: ready, degraded, or not known.
 */
export function notReadyWarning(r: ReadinessWords | null | undefined): string | null {
  if (!r || r.state !== 'not ready') return null;
  return `the server answers not ready (${r.httpStatus ?? '?'}): this may not be processed until it recovers`;
}

/** The first screen's and the stuck screen's row, and check's line: once, in plain words (`not ready` is not said twice). */
export function notReadyLine(r: ReadinessWords): string {
  if (r.state !== 'not ready') return `server ${r.summary}`;
  return `server not ready: it answers ${r.httpStatus ?? '?'}, and what is sent to it may not be processed until it recovers: ${r.why ?? 'no reason given'}`;
}

/** Said where the server has no /ready (a server of the interface document). */
export const NO_READINESS = 'no readiness endpoint (GET /api/v1/ready is the OpenZeppelin Relayer’s)';
