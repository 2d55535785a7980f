import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { request } from 'undici';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { api, call } from './http.js';

let contract: Sandbox;
let real: Sandbox;
let plain: Sandbox;
/** No rate limit, real flavor: the one with a public /health. */
let plainReal: Sandbox;

beforeAll(async () => {
  contract = await startSandbox({ port: 0, rateLimit: 5 });
  real = await startSandbox({ port: 0, rateLimit: 5, flavor: 'real' });
  plain = await startSandbox({ port: 0 });
  plainReal = await startSandbox({ port: 0, flavor: 'real' });
});
afterAll(async () => {
  await Promise.all([contract.close(), real.close(), plain.close(), plainReal.close()]);
});

async function burst(sb: Sandbox, n: number, token?: string) {
  return Promise.all(Array.from({ length: n }, () => call(sb, 'GET', api('/relayers?per_page=1'), { token })));
}

describe('rate limit', () => {
  it('contract flavor: 429 Too Many Requests with Retry-After once the burst is used', async () => {
    const replies = await burst(contract, 12);
    const okCount = replies.filter((r) => r.status === 200).length;
    const limited = replies.filter((r) => r.status === 429);
    expect(okCount).toBeGreaterThanOrEqual(5);
    expect(okCount).toBeLessThanOrEqual(7);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0]!.json).toEqual({ data: null, message: 'Too Many Requests', success: false });
    expect(limited[0]!.headers['retry-after']).toBe('1');
    // The bucket is per Authorization value: another key still gets through (to auth, which fails).
    expect((await call(contract, 'GET', api('/relayers'), { token: 'other' })).status).toBe(401);
  });

  it('real flavor: 429 body with code/after and x-ratelimit-after header', async () => {
    const replies = await burst(real, 12);
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0]!.text).toBe(
      '{"success":false,"code":429,"error":"TooManyRequests","message":"Too Many Requests","after":1}',
    );
    expect(limited[0]!.headers['x-ratelimit-after']).toBe('1');
    expect(limited[0]!.contentType).toMatch(/^application\/json/);
  });

  it('refills over time', async () => {
    await burst(contract, 10);
    expect((await call(contract, 'GET', api('/relayers'))).status).toBe(429);
    // Asked again until answered (a refused request takes no token): one token back in 200 ms at 5/s, well within a second.
    const t0 = performance.now();
    let status = 429;
    while (status === 429 && performance.now() - t0 < 1000) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await call(contract, 'GET', api('/relayers'))).status;
    }
    expect(status).toBe(200);
  });
});

describe('latency', () => {
  it('delays API responses but not /health', async () => {
    plainReal.setLatency(400);
    try {
      const slow = await call(plainReal, 'GET', api('/relayers'));
      expect(slow.status).toBe(200);
      expect(slow.ms).toBeGreaterThanOrEqual(380);
      const unauth = await call(plainReal, 'GET', api('/relayers'), { token: null });
      expect(unauth.ms).toBeGreaterThanOrEqual(380);
      const health = await call(plainReal, 'GET', api('/health'), { token: null });
      expect(health.ms).toBeLessThan(300);
    } finally {
      plainReal.setLatency(0);
    }
  });

  it('idle() resolves once every request is answered, its latency past (the tests prove an absence after it)', async () => {
    plainReal.setLatency(400);
    try {
      const mark = plainReal.requests.at(-1);
      const t0 = performance.now();
      const slow = call(plainReal, 'GET', api('/relayers'));
      // The request reached the server (it is being handled) before idle is asked.
      for (let i = 0; i < 100 && plainReal.requests.at(-1) === mark; i++) await new Promise((r) => setTimeout(r, 5));
      await plainReal.idle();
      expect(performance.now() - t0).toBeGreaterThanOrEqual(380);
      expect((await slow).status).toBe(200);
      const at = performance.now();
      await plainReal.idle();
      expect(performance.now() - at).toBeLessThan(50);
    } finally {
      plainReal.setLatency(0);
    }
  });
});

describe('injection', () => {
  it('answers matching requests with the canned response, regardless of auth, `times` times', async () => {
    const html = '<html><body>502 Bad Gateway</body></html>';
    plain.inject({
      status: 502,
      body: html,
      contentType: 'text/html',
      headers: { 'x-proxy': 'nginx' },
      match: { method: 'GET', pathPrefix: '/api/v1/relayers' },
      times: 2,
    });
    // Not matching (method): normal answer, injection untouched.
    const post = await call(plain, 'POST', api('/notifications'), { body: { url: 'https://x.example.com' } });
    expect(post.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await call(plain, 'GET', api('/relayers'), { token: null });
      expect(r.status).toBe(502);
      expect(r.contentType).toBe('text/html');
      expect(r.headers['x-proxy']).toBe('nginx');
      expect(r.text).toBe(html);
    }
    expect((await call(plain, 'GET', api('/relayers'))).status).toBe(200);
  });

  it('can serve truncated JSON, delay, and drop the connection', async () => {
    plain.inject({ status: 200, body: '{"success":true,"data":[{"id":"sep' });
    const trunc = await call(plain, 'GET', api('/relayers'));
    expect(trunc.status).toBe(200);
    expect(trunc.json).toBeUndefined();

    plain.inject({ status: 503, body: '{"data":null,"message":"Service Unavailable","success":false}', delayMs: 300 });
    const delayed = await call(plain, 'GET', api('/relayers'));
    expect(delayed.status).toBe(503);
    expect(delayed.ms).toBeGreaterThanOrEqual(290);

    plain.inject({ status: 0, body: '', destroySocket: true });
    await expect(
      request(`${plain.url}/api/v1/relayers`, { headers: { authorization: `Bearer ${plain.token}` } }).then((r) => r.body.text()),
    ).rejects.toThrow();
    expect((await call(plain, 'GET', api('/relayers'))).status).toBe(200);
  });
});

describe('recording', () => {
  it('records method, url, headers and the exact raw body, including rejected requests', async () => {
    const raw = '{ "params" : { "n": 340282366920938463463374607431768211455, "s": "h\u00e9llo" } }\n';
    await call(plain, 'POST', api('/plugins/echo/call?x=1'), { body: raw, headers: { 'x-trace': 't-1' } });
    await call(plain, 'GET', api('/relayers?page=2'), { token: 'bad' });
    const [a, b] = plain.requests.slice(-2);
    expect(a).toMatchObject({ method: 'POST', url: '/api/v1/plugins/echo/call?x=1', body: raw });
    expect(a!.headers['x-trace']).toBe('t-1');
    expect(a!.headers.authorization).toBe(`Bearer ${plain.token}`);
    expect(b).toMatchObject({ method: 'GET', url: '/api/v1/relayers?page=2', body: '' });
    expect(b!.headers.authorization).toBe('Bearer bad');
  });

  it('keeps only the last 500 requests', async () => {
    for (let i = 0; i < 520; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, k) => call(plainReal, 'GET', api(`/health?i=${i + k}`), { token: null })));
    }
    expect(plainReal.requests.length).toBe(500);
    const seen = new Set(plainReal.requests.map((r) => r.url));
    expect(seen.has('/api/v1/health?i=519')).toBe(true);
    expect(seen.has('/api/v1/health?i=0')).toBe(false);
  });

  it('answers 413 for bodies over 2 MB', async () => {
    const big = `{"params":"${'x'.repeat(2 * 1024 * 1024 + 10)}"}`;
    const r = await call(plain, 'POST', api('/plugins/echo/call'), { body: big });
    expect(r.status).toBe(413);
  });
});

describe('close', () => {
  it('closes promptly even with keep-alive connections and a pending slow plugin', async () => {
    const sb = await startSandbox({ slowPluginMs: 10_000 });
    await call(sb, 'GET', api('/relayers'));
    const pending = call(sb, 'POST', api('/plugins/slow/call'), { body: {} }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    await sb.close();
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(await pending).toBeInstanceOf(Error);
    await expect(request(`${sb.url}/api/v1/health`)).rejects.toThrow();
  });
});
