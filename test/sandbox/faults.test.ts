/**
 * The sandbox's fault switches (src/sandbox/faults.ts) over real HTTP: a status nonce of "0", 429s on
 * the first request or a counted share of them (with Retry-After), Redis down (/ready 503 in v1.8's
 * shape, the API 500, /health OK), a slow RPC with its requests in flight counted; and their flags.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_USAGE } from '../../src/sandbox/cli.js';
import { parseSandboxArgs, startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { call } from './http.js';

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function real(o: SandboxOptions = {}): Promise<Sandbox> {
  const s = await startSandbox({ flavor: 'real', ...o });
  open.push(s);
  return s;
}
const rpc = (s: Sandbox, id: string) => call(s, 'POST', `/api/v1/relayers/${id}/rpc`, { body: { jsonrpc: '2.0', method: 'eth_blockNumber', params: [], id: 1 } });

describe('the sandbox fault switches', () => {
  it('a status nonce of "0" for the relayers named, whatever their counter', async () => {
    const s = await real({ statusNonceZero: ['holesky-test'] });
    expect((await call(s, 'GET', '/api/v1/relayers/holesky-test/status')).json.data.nonce).toBe('0');
    expect((await call(s, 'GET', '/api/v1/relayers/sepolia-main/status')).json.data.nonce).not.toBe('0');
    s.setStatusNonceZero([]);
    expect((await call(s, 'GET', '/api/v1/relayers/holesky-test/status')).json.data.nonce).not.toBe('0');
  });

  it('429 with Retry-After on the first request only, or on every 4th at 25 %, /health included', async () => {
    const s = await real({ throttle: { first: true } });
    const first = await call(s, 'GET', '/api/v1/health', { token: null });
    expect(first).toMatchObject({ status: 429, headers: { 'retry-after': '1', 'x-ratelimit-after': '1' } });
    expect(first.json).toMatchObject({ code: 429, after: 1 });
    expect((await call(s, 'GET', '/api/v1/health', { token: null })).status).toBe(200);
    s.setThrottle({ fraction: 0.25 });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(s, 'GET', '/api/v1/relayers')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 200, 200, 200, 429]);
  });

  it('Redis down: /ready 503 unhealthy with its reason, the API 500, /health OK; up again when switched off', async () => {
    const s = await real({ redisDown: true });
    const ready = await call(s, 'GET', '/api/v1/ready', { token: null });
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ ready: false, status: 'unhealthy', reason: expect.stringMatching(/^Redis primary pool: .*Connection refused/), components: { redis: { status: 'unhealthy', primary_pool: { connected: false } } } });
    expect((await call(s, 'GET', '/api/v1/relayers')).status).toBe(500);
    expect((await call(s, 'GET', '/api/v1/relayers', { token: 'wrong' })).status).toBe(401);
    expect((await call(s, 'GET', '/api/v1/health', { token: null })).status).toBe(200);
    s.setRedisDown(false);
    expect((await call(s, 'GET', '/api/v1/relayers')).status).toBe(200);
    expect((await call(s, 'GET', '/api/v1/ready', { token: null })).status).toBe(200);
  });

  it('a slow RPC: the passthrough answers late, and the most requests in flight there at once are counted', async () => {
    const s = await real({ rpcDelayMs: 200 });
    await Promise.all([rpc(s, 'sepolia-main'), rpc(s, 'holesky-test'), rpc(s, 'arbitrum-payouts')]);
    expect(s.rpcInFlight).toMatchObject({ now: 0, max: 3 });
    s.rpcInFlight.reset();
    await rpc(s, 'sepolia-main');
    expect(s.rpcInFlight.max).toBe(1);
  });

  it('their flags', () => {
    expect(parseSandboxArgs(['--port', '0', '--rate-limit', 'first', '--status-nonce-zero', 'holesky-test,avalanche-bridge', '--redis-down', '10-70', '--rpc-delay', '1000'])).toEqual({
      port: 0,
      running: true,
      throttle: { first: true },
      statusNonceZero: ['holesky-test', 'avalanche-bridge'],
      redisDown: { fromMs: 10_000, toMs: 70_000 },
      rpcDelayMs: 1000,
    });
    expect(parseSandboxArgs(['--rate-limit', '25%', '--redis-down', 'on', '--status-nonce-zero', 'all'])).toMatchObject({ throttle: { fraction: 0.25 }, redisDown: true, statusNonceZero: 'all' });
    expect(parseSandboxArgs(['--rate-limit', '3'])).toMatchObject({ rateLimit: 3 });
    expect(parseSandboxArgs(['--rate-limit', 'soon'])).toBeInstanceOf(Error);
    expect(parseSandboxArgs(['--redis-down', '70-10'])).toBeInstanceOf(Error);
  });

  it('the failing RPC: --rpc-failing <id>@<minutes> or off; listed in --help with when it arrives', () => {
    expect(parseSandboxArgs(['--rpc-failing', 'bsc-treasury@2.5'])).toMatchObject({ rpcFailing: { relayerId: 'bsc-treasury', afterMs: 150_000 } });
    expect(parseSandboxArgs(['--rpc-failing', 'off'])).toMatchObject({ rpcFailing: false });
    expect(parseSandboxArgs(['--rpc-failing', 'soon'])).toBeInstanceOf(Error);
    expect(SANDBOX_USAGE).toMatch(/^  linea-idle +its RPC starts failing 20 minutes after the start \(at --time-scale 1;/m);
  });
});
