import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { U128_MAX, VERSION, createRelayerClient } from '../../src/api/index.js';
import { FLAVORS, U128_MAX_TEXT, apiError, contractFailure, header, listBody, realFailure, useSandbox, type SandboxContext } from './helpers.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

async function pendingTxId(ctx: SandboxContext, relayerId = 'sepolia-main'): Promise<string> {
  const page = await ctx.client.listTransactions(relayerId, { perPage: 100 });
  const tx = page.items.find((t) => t.status === 'pending' || t.status === 'sent' || t.status === 'submitted');
  expect(tx).toBeDefined();
  return tx!.id;
}

describe.each(FLAVORS)('headers and paths (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor });

  it('sends Bearer auth and the relayer-tui User-Agent on every operation', async () => {
    expect(VERSION).toBe(pkg.version);
    const txId = await pendingTxId(ctx);
    const before = ctx.count();
    await ctx.client.listRelayers();
    await ctx.client.listTransactions('sepolia-main');
    await ctx.client.replaceTransaction('sepolia-main', txId, { value: 1n });
    await ctx.client.callPlugin('echo', { a: 1 });
    await ctx.client.createNotification({ url: 'https://h.example.com/x', signing_key: 'k'.repeat(32) });
    const sent = ctx.since(before);
    expect(sent.map((r) => r.method)).toEqual(['GET', 'GET', 'PUT', 'POST', 'POST']);
    for (const r of sent) {
      expect(header(r, 'authorization')).toBe(`Bearer ${ctx.sandbox.token}`);
      expect(header(r, 'user-agent')).toBe(`relayer-tui/${pkg.version}`);
      expect(header(r, 'accept')).toBe('application/json');
    }
    for (const r of sent.filter((x) => x.method !== 'GET')) expect(header(r, 'content-type')).toBe('application/json');
    for (const r of sent.filter((x) => x.method === 'GET')) expect(r.body).toBe('');
  });

  it('accepts a base URL given with /api/v1/ and does not double the prefix', async () => {
    const client = ctx.makeClient({ baseUrl: `${ctx.sandbox.url}/api/v1/` });
    const before = ctx.count();
    const page = await client.listRelayers({ perPage: 1 });
    expect(page.items).toHaveLength(1);
    expect(ctx.since(before).map((r) => r.url)).toEqual(['/api/v1/relayers?page=1&per_page=1']);
  });

  it('refuses a base URL that is not http(s) or carries credentials', () => {
    expect(() => createRelayerClient({ baseUrl: 'ftp://127.0.0.1/', token: 't' })).toThrow(/only http and https/);
    expect(() => createRelayerClient({ baseUrl: 'not a url', token: 't' })).toThrow(/Invalid server URL/);
    expect(() => createRelayerClient({ baseUrl: 'http://u:p@127.0.0.1/', token: 't' })).toThrow(/RELAYER_API_KEY/);
  });

  it('reuses one pool for many sequential and parallel requests', async () => {
    const before = ctx.count();
    for (let i = 0; i < 10; i++) expect((await ctx.client.listRelayers({ page: 1, perPage: 2 })).items).toHaveLength(2);
    const pages = await Promise.all(Array.from({ length: 12 }, (_, i) => ctx.client.listTransactions('sepolia-main', { page: i + 1, perPage: 5 })));
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(pages.flatMap((p) => p.items.map((t) => t.id))).size).toBe(60);
    const sent = ctx.since(before);
    expect(sent).toHaveLength(22);
    for (const r of sent) expect(header(r, 'connection') ?? 'keep-alive').not.toMatch(/close/i);
  });
});

describe.each(FLAVORS)('retries (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor });
  const failure = flavor === 'real' ? realFailure : contractFailure;
  const relayers = { pathPrefix: '/api/v1/relayers?' };

  it.each([
    ['Retry-After: 0', { 'retry-after': '0' }, {}],
    ['x-ratelimit-after: 0', { 'x-ratelimit-after': '0' }, {}],
    ['body after: 0', {}, { after: 0 }],
  ])('retries a GET after a 429 with %s', async (_name, headers, extra) => {
    const client = ctx.makeClient({ maxRetries: 2 });
    ctx.sandbox.inject({ status: 429, body: JSON.stringify({ ...JSON.parse(failure('Too Many Requests')), ...extra }), headers, match: { method: 'GET', ...relayers }, times: 1 });
    const before = ctx.count();
    const page = await client.listRelayers();
    expect(page.items).toHaveLength(10);
    expect(ctx.count() - before).toBe(2);
  });

  it('does not sleep through a long server-requested wait', async () => {
    const client = ctx.makeClient({ maxRetries: 2 });
    ctx.sandbox.inject({ status: 429, body: failure('Too Many Requests'), headers: { 'retry-after': '120' }, match: { method: 'GET', ...relayers } });
    const before = ctx.count();
    const err = await apiError(client.listRelayers());
    expect([err.kind, err.status, err.retryAfterMs]).toEqual(['rate_limited', 429, 120_000]);
    expect(ctx.count() - before).toBe(1);
  });

  it('retries a GET after a 503 and after a dropped socket', async () => {
    const client = ctx.makeClient({ maxRetries: 2 });
    ctx.sandbox.inject({ status: 503, body: failure('Service Unavailable'), match: { method: 'GET', ...relayers } });
    let before = ctx.count();
    expect((await client.listRelayers()).totalItems).toBeGreaterThan(0);
    expect(ctx.count() - before).toBe(2);
    ctx.sandbox.inject({ status: 0, body: '', destroySocket: true, match: { method: 'GET', ...relayers } });
    before = ctx.count();
    expect((await client.listRelayers()).totalItems).toBeGreaterThan(0);
    expect(ctx.count() - before).toBe(2);
  });

  it('gives up after maxRetries and reports the last failure', async () => {
    const client = ctx.makeClient({ maxRetries: 2 });
    ctx.sandbox.inject({ status: 502, body: failure('upstream down'), match: { method: 'GET', ...relayers }, times: 3 });
    const before = ctx.count();
    const err = await apiError(client.listRelayers());
    // The server's own words, and how many tries were made (a retry is said, never silent).
    expect([err.kind, err.status, err.message]).toEqual(['server', 502, 'upstream down (3 tries)']);
    expect(ctx.count() - before).toBe(3);
  });

  it('does not retry with maxRetries 0', async () => {
    const client = ctx.makeClient({ maxRetries: 0 });
    ctx.sandbox.inject({ status: 503, body: failure('Service Unavailable'), match: { method: 'GET', ...relayers }, times: 2 });
    const before = ctx.count();
    const err = await apiError(client.listRelayers());
    expect(err.status).toBe(503);
    expect(ctx.count() - before).toBe(1);
    // consume the second injection so it cannot leak into another test
    await apiError(client.listRelayers());
  });

  it('does not retry a 4xx GET', async () => {
    const client = ctx.makeClient({ maxRetries: 2 });
    const before = ctx.count();
    const err = await apiError(client.listTransactions('nope'));
    expect(err.kind).toBe('not_found');
    expect(ctx.count() - before).toBe(1);
  });

  it.each([
    ['PUT (replace)', 'PUT'],
    ['POST (plugin)', 'POST'],
  ])('never retries a %s on 503', async (_n, method) => {
    const client = ctx.makeClient({ maxRetries: 5 });
    ctx.sandbox.inject({ status: 503, body: failure('Service Unavailable'), match: { method }, times: 1 });
    const before = ctx.count();
    const err = await apiError(
      method === 'PUT' ? client.replaceTransaction('sepolia-main', 'x', { value: 1 }) : client.callPlugin('echo', {}),
    );
    expect([err.kind, err.status]).toEqual(['server', 503]);
    expect(ctx.count() - before).toBe(1);
  });

  it.each([
    ['PUT (replace)', 'PUT'],
    ['POST (notification)', 'POST'],
  ])('never retries a %s on a dropped socket and says the outcome is unknown', async (_n, method) => {
    const client = ctx.makeClient({ maxRetries: 5 });
    ctx.sandbox.inject({ status: 0, body: '', destroySocket: true, match: { method }, times: 1 });
    const before = ctx.count();
    const err = await apiError(
      method === 'PUT'
        ? client.replaceTransaction('sepolia-main', 'x', { value: U128_MAX })
        : client.createNotification({ url: 'https://h.example.com/' }),
    );
    expect(err.kind).toBe('network');
    expect(err.outcomeUnknown).toBe(true);
    expect(err.message).toMatch(/the outcome is unknown/);
    const sent = ctx.since(before);
    expect(sent).toHaveLength(1);
    if (method === 'PUT') expect(sent[0]!.body).toBe(`{"value":${U128_MAX_TEXT}}`);
  });

  it('a dropped socket on a GET with maxRetries 0 is a network error without unknown outcome', async () => {
    ctx.sandbox.inject({ status: 0, body: '', destroySocket: true, match: { method: 'GET', ...relayers } });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('network');
    expect(err.outcomeUnknown).toBeUndefined();
    expect(err.message).toMatch(/closed before an answer came/);
  });

  it('retries and then succeeds with a list answer from the same pool', async () => {
    const client = ctx.makeClient({ maxRetries: 1 });
    ctx.sandbox.inject({ status: 500, body: failure('Internal Server Error'), match: { method: 'GET', pathPrefix: '/api/v1/relayers/sepolia-main/' } });
    ctx.sandbox.inject({ status: 200, body: listBody([{ id: 't1', status: 'pending' }], { current_page: 1, per_page: 10, total_items: 1 }), match: { method: 'GET', pathPrefix: '/api/v1/relayers/sepolia-main/' } });
    const page = await client.listTransactions('sepolia-main');
    expect(page).toEqual({ items: [{ id: 't1', status: 'pending' }], page: 1, perPage: 10, totalItems: 1 });
  });
});

describe('connection refused', () => {
  it('is a network error, and a PUT that never left is not of unknown outcome', async () => {
    const s = await startSandbox({ port: 0 });
    const { url, token } = s;
    await s.close();
    const client = createRelayerClient({ baseUrl: url, token, maxRetries: 0 });
    try {
      const e1 = await apiError(client.listRelayers());
      expect(e1.kind).toBe('network');
      expect(e1.message).toMatch(/connection refused/);
      const e2 = await apiError(client.replaceTransaction('sepolia-main', 'x', { value: 1 }));
      expect(e2.kind).toBe('network');
      expect(e2.outcomeUnknown).toBeUndefined();
      expect(e2.message).not.toMatch(/outcome is unknown/);
    } finally {
      await client.close();
    }
  });
});

describe.each(FLAVORS)('timeouts (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor });

  it('times out a GET against a slow server', async () => {
    const client = ctx.makeClient({ timeoutMs: 100, maxRetries: 0 });
    ctx.sandbox.setLatency(1500);
    try {
      const before = ctx.count();
      const err = await apiError(client.listRelayers());
      expect(err.kind).toBe('timeout');
      expect(err.message).toBe(`No answer from ${new URL(ctx.sandbox.url).host} within 0.1 s`);
      expect(err.outcomeUnknown).toBeUndefined();
      expect(ctx.count() - before).toBe(1);
    } finally {
      ctx.sandbox.setLatency(0);
    }
  });

  it('the timeout bounds the whole operation: a try that used it up is not retried (issue 28.1)', async () => {
    const client = ctx.makeClient({ timeoutMs: 300, maxRetries: 2 });
    ctx.sandbox.setLatency(1500);
    try {
      const before = ctx.count();
      const t0 = Date.now();
      const err = await apiError(client.listRelayers());
      expect(err.kind).toBe('timeout');
      expect(err.message).toBe(`No answer from ${new URL(ctx.sandbox.url).host} within 0.3 s`);
      expect(Date.now() - t0).toBeLessThan(1200);
      expect(ctx.count() - before).toBe(1);
    } finally {
      ctx.sandbox.setLatency(0);
    }
  });

  it('a retry that fits is made inside the timeout and said: a 503, then no answer, within 1 s (2 tries)', async () => {
    const client = ctx.makeClient({ timeoutMs: 1000, maxRetries: 2 });
    ctx.sandbox.inject({ status: 503, body: '{"success":false,"error":"busy"}', match: { method: 'GET', pathPrefix: '/api/v1/relayers?' } });
    ctx.sandbox.inject({ status: 200, body: '{}', delayMs: 5000, match: { method: 'GET', pathPrefix: '/api/v1/relayers?' } });
    const before = ctx.count();
    const t0 = Date.now();
    const err = await apiError(client.listRelayers());
    const ms = Date.now() - t0;
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe(`No answer from ${new URL(ctx.sandbox.url).host} within 1 s (2 tries)`);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(2500);
    expect(ctx.count() - before).toBe(2);
  });

  it('sends a timed-out PUT exactly once and says the outcome is unknown', async () => {
    const txId = await pendingTxId(ctx);
    const client = ctx.makeClient({ timeoutMs: 150, maxRetries: 5 });
    ctx.sandbox.setLatency(1500);
    try {
      const before = ctx.count();
      const err = await apiError(client.replaceTransaction('sepolia-main', txId, { value: U128_MAX }));
      expect(err.kind).toBe('timeout');
      expect(err.outcomeUnknown).toBe(true);
      expect(err.message).toMatch(/the outcome is unknown/);
      expect(ctx.since(before).filter((r) => r.method === 'PUT')).toHaveLength(1);
      // It did reach the server: that is why the outcome is unknown.
      expect(BigInt(String(ctx.sandbox.getTransaction('sepolia-main', txId)?.value))).toBe(U128_MAX);
    } finally {
      ctx.sandbox.setLatency(0);
    }
  });

  it('sends a timed-out plugin POST exactly once and says the outcome is unknown', async () => {
    const client = ctx.makeClient({ timeoutMs: 150, maxRetries: 5 });
    const calls = ctx.sandbox.pluginCalls;
    const before = ctx.count();
    const err = await apiError(client.callPlugin('slow', { ms: 2000 }));
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(true);
    expect(err.message).toMatch(/outcome is unknown/);
    await vi.waitFor(() => expect(ctx.sandbox.pluginCalls).toBe(calls + 1));
    expect(ctx.since(before).filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe.each(FLAVORS)('abort (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor });

  it('rejects a GET aborted mid-request with aborted=true', async () => {
    ctx.sandbox.setLatency(3000);
    try {
      const ac = new AbortController();
      const before = ctx.count();
      const p = ctx.client.listRelayers(undefined, { signal: ac.signal });
      await vi.waitFor(() => expect(ctx.count()).toBe(before + 1));
      ac.abort();
      const err = await apiError(p);
      expect(err.aborted).toBe(true);
      expect(err.kind).toBe('network');
      expect(err.outcomeUnknown).toBeUndefined();
    } finally {
      ctx.sandbox.setLatency(0);
    }
  });

  it('marks an aborted PUT as of unknown outcome', async () => {
    ctx.sandbox.setLatency(3000);
    try {
      const ac = new AbortController();
      const before = ctx.count();
      const p = ctx.client.replaceTransaction('sepolia-main', 'nope', { value: 1 }, { signal: ac.signal });
      await vi.waitFor(() => expect(ctx.count()).toBe(before + 1));
      ac.abort();
      const err = await apiError(p);
      expect(err.aborted).toBe(true);
      expect(err.outcomeUnknown).toBe(true);
    } finally {
      ctx.sandbox.setLatency(0);
    }
  });

  it('sends nothing with an already-aborted signal', async () => {
    const ac = new AbortController();
    ac.abort();
    const before = ctx.count();
    const errs = await Promise.all([
      apiError(ctx.client.listRelayers(undefined, { signal: ac.signal })),
      apiError(ctx.client.replaceTransaction('sepolia-main', 'x', { value: 1 }, { signal: ac.signal })),
      apiError(ctx.client.callPlugin('echo', {}, { signal: ac.signal })),
    ]);
    for (const e of errs) {
      expect(e.aborted).toBe(true);
      expect(e.outcomeUnknown).toBeUndefined();
    }
    expect(ctx.count()).toBe(before);
  });

  it('stops waiting for a retry when aborted', async () => {
    // A timeout long enough for the server's 20 s wait to fit in it (else no retry is made at all).
    const client = ctx.makeClient({ maxRetries: 3, timeoutMs: 60_000 });
    ctx.sandbox.inject({ status: 429, body: contractFailure('Too Many Requests'), headers: { 'retry-after': '20' }, match: { method: 'GET', pathPrefix: '/api/v1/relayers?' } });
    const ac = new AbortController();
    const before = ctx.count();
    const p = client.listRelayers(undefined, { signal: ac.signal });
    await vi.waitFor(() => expect(ctx.count()).toBe(before + 1));
    ac.abort();
    const err = await apiError(p);
    expect(err.aborted).toBe(true);
    expect(ctx.count()).toBe(before + 1);
  });
});
