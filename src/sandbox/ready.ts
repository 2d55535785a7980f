/**
 * GET /api/v1/ready, the real server's readiness (v1.8 src/services/health/mod.rs, models in
 * src/models/health/mod.rs, answered by src/api/controllers/health.rs): public like /health, JSON
 * without the envelope, 200 while ready and 503 when not. `degraded` is still ready (200): only an
 * unhealthy component makes it 503, and only unhealthy components give a `reason`.
 *
 * The sandbox has no Redis, queue or plugin pool: it says what the real server would in each state,
 * chosen by the `ready` option (`--ready`) or `sandbox.setReady()`:
 * - healthy: every component healthy;
 * - degraded: Redis's reader pool refuses connections (the primary answers), so Redis is degraded;
 * - unhealthy: Redis's primary pool refuses connections too, and the queue (on Redis) cannot be read.
 */
import { formatTime, jsonResponse, type SandboxResponse } from './flavor.js';

export type ReadyState = 'healthy' | 'degraded' | 'unhealthy';
export const READY_STATES: readonly ReadyState[] = ['healthy', 'degraded', 'unhealthy'];

/** What deadpool says when a pool cannot open a connection to a Redis that refuses it. */
export const REDIS_REFUSED = 'Error occurred while creating a new object: Connection refused (os error 111)';
/** The queue's text when its backend cannot be asked (create_unavailable_health). */
export const QUEUE_UNAVAILABLE = 'Failed to get queue from job producer';

const MAX_POOL = 16;

function pool(up: boolean): Record<string, unknown> {
  return up ? { connected: true, available: 12, max_size: MAX_POOL } : { connected: false, available: 0, max_size: MAX_POOL, error: REDIS_REFUSED };
}

/** The readiness body in `state` at `now` (the process started at `startMs`). */
export function readiness(state: ReadyState, now: number, startMs: number): Record<string, unknown> {
  const primaryUp = state !== 'unhealthy';
  const readerUp = state === 'healthy';
  const redis: Record<string, unknown> = {
    status: !primaryUp ? 'unhealthy' : readerUp ? 'healthy' : 'degraded',
    primary_pool: pool(primaryUp),
    reader_pool: pool(readerUp),
  };
  if (!primaryUp) redis.error = `Redis primary pool: ${REDIS_REFUSED}`;
  const queue: Record<string, unknown> = primaryUp ? { status: 'healthy' } : { status: 'unhealthy', error: QUEUE_UNAVAILABLE };
  const body: Record<string, unknown> = {
    ready: state !== 'unhealthy',
    status: state,
  };
  if (state === 'unhealthy') body.reason = `${redis.error as string}; ${QUEUE_UNAVAILABLE}`;
  body.components = {
    system: { status: 'healthy', fd_count: 87, fd_limit: 65_536, fd_usage_percent: 0, close_wait_count: 0 },
    redis,
    queue,
    // The plugin pool is started (the sandbox has plugins): present, and healthy in every state.
    plugins: {
      status: 'healthy',
      enabled: true,
      circuit_state: 'closed',
      uptime_ms: Math.max(0, Math.floor(now - startMs)),
      memory: 52_428_800,
      pool_completed: 0,
      pool_queued: 0,
      success_rate: 1.0,
      avg_response_time_ms: 0,
    },
  };
  body.timestamp = formatTime('real', now);
  return body;
}

export function readyResponse(state: ReadyState, now: number, startMs: number): SandboxResponse {
  const body = readiness(state, now, startMs);
  return jsonResponse(body.ready ? 200 : 503, body);
}
