/** The sandbox's routes as a pure function (issue 20.4): no socket, no timer. */
import { describe, expect, it } from 'vitest';
import { SandboxData } from '../../src/sandbox/data.js';
import { NotificationStore } from '../../src/sandbox/notifications.js';
import { rateLimiter } from '../../src/sandbox/rateLimit.js';
import { createRouter, MAX_BODY_BYTES, type RouteRequest } from '../../src/sandbox/router.js';

function router(flavor: 'contract' | 'real') {
  let calls = 0;
  const route = createRouter({ flavor, token: 't', data: new SandboxData(Date.now()), notifications: new NotificationStore(), slowPluginMs: 0, sleep: async () => undefined, onPluginCall: () => void calls++, now: Date.now });
  const ask = (r: Partial<RouteRequest>) => route({ method: 'GET', path: '/api/v1/relayers', query: new URLSearchParams(), body: '', bodySize: 0, authorization: 'Bearer t', ...r });
  return { ask, calls: () => calls };
}

describe('the sandbox router', () => {
  it('auth first: no header, a wrong key', async () => {
    const { ask } = router('contract');
    expect((await ask({ authorization: undefined })).status).toBe(401);
    expect((await ask({ authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('a page of relayers in the envelope, with its pagination', async () => {
    const { ask } = router('contract');
    const r = await ask({ query: new URLSearchParams('page=1&per_page=2') });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ success: true, data: [expect.anything(), expect.anything()], pagination: { current_page: 1, per_page: 2, total_items: 15 } });
  });

  it('the real flavour: a public health check, its by-nonce 404 in its own words, 413 as text', async () => {
    const { ask } = router('real');
    expect(await ask({ path: '/api/v1/health', authorization: undefined })).toMatchObject({ status: 200, body: 'OK' });
    const n = await ask({ path: '/api/v1/relayers/sepolia-main/transactions/by-nonce/999999999' });
    expect(n.status).toBe(404);
    expect(JSON.parse(n.body).error).toBe('Transaction with nonce 999999999 not found');
    const big = await ask({ method: 'POST', path: '/api/v1/notifications', bodySize: MAX_BODY_BYTES + 1 });
    expect(big.status).toBe(413);
    expect(big.body).toMatch(/^Json deserialize error: JSON payload/);
  });

  it('a plugin call is counted; an unknown path is a 404', async () => {
    const { ask, calls } = router('contract');
    const r = await ask({ method: 'POST', path: '/api/v1/plugins/echo/call', body: '{"params":{"a":1}}' });
    expect(r.status).toBe(200);
    expect(calls()).toBe(1);
    expect((await ask({ path: '/api/v1/nothing' })).status).toBe(404);
  });
});

describe('the rate limiter', () => {
  it('a bucket per key: the rate, then refused until time refills it', () => {
    let t = 0;
    const limited = rateLimiter(2, () => t);
    expect([limited('a'), limited('a'), limited('a'), limited('b')]).toEqual([false, false, true, false]);
    t += 500;
    expect(limited('a')).toBe(false);
    expect(rateLimiter(0)('a')).toBe(false);
  });
});
