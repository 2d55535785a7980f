import { describe, expect, it } from 'vitest';
import { ApiError, createRelayerClient, isApiError } from '../../src/api/index.js';
import { FLAVORS, apiError, contractFailure, realFailure, useSandbox, type Flavor } from './helpers.js';

const XDR = 'AAAAAgAAAAA=';

describe('the failure texts of contract part 7 (contract flavor)', () => {
  const ctx = useSandbox({ flavor: 'contract' });

  it('Bad Request', async () => {
    const tx = (await ctx.client.listTransactions('sepolia-main')).items.find((t) => t.status === 'pending')!;
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', tx.id, { network: 'testnet', transaction_xdr: XDR }));
    expect([err.kind, err.status, err.message]).toEqual(['bad_request', 400, 'Bad Request']);
  });

  it('Unauthorized (wrong token)', async () => {
    const client = ctx.makeClient({ token: 'wrong-token-123' });
    const err = await apiError(client.listRelayers());
    expect([err.kind, err.status, err.message]).toEqual(['unauthorized', 401, 'Unauthorized']);
  });

  it('Not found', async () => {
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', 'nope', { value: 1 }));
    expect([err.kind, err.status, err.message]).toEqual(['not_found', 404, 'Not found']);
  });

  it('Relayer with ID nope not found', async () => {
    const err = await apiError(ctx.client.listTransactions('nope'));
    expect([err.kind, err.status, err.message]).toEqual(['not_found', 404, 'Relayer with ID nope not found']);
  });

  it('Plugin with ID nope not found', async () => {
    const err = await apiError(ctx.client.callPlugin('nope', null));
    expect([err.kind, err.status, err.message]).toEqual(['not_found', 404, 'Plugin with ID nope not found']);
  });

  it('Notification with this ID already exists', async () => {
    const err = await apiError(ctx.client.createNotification({ id: 'ops-webhook', url: 'https://a.example.com/' }));
    expect([err.kind, err.status, err.message]).toEqual(['conflict', 409, 'Notification with this ID already exists']);
  });

  it('Internal Server Error (injected, not retried with maxRetries 0)', async () => {
    ctx.sandbox.inject({ status: 500, body: contractFailure('Internal Server Error'), match: { method: 'GET', pathPrefix: '/api/v1/relayers' } });
    const before = ctx.count();
    const err = await apiError(ctx.makeClient({ maxRetries: 0 }).listRelayers());
    expect([err.kind, err.status, err.message]).toEqual(['server', 500, 'Internal Server Error']);
    expect(ctx.count() - before).toBe(1);
  });
});

describe.each(FLAVORS)('Too Many Requests from the rate limit (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor, rateLimit: 3 });

  it('reports rate_limited with the server wait', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => ctx.client.listRelayers()));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    for (const e of errors) {
      expect(isApiError(e)).toBe(true);
      const err = e as ApiError;
      expect([err.kind, err.status, err.message]).toEqual(['rate_limited', 429, 'Too Many Requests']);
      expect(err.retryAfterMs).toBe(1000);
    }
  });
});

describe('real-flavor failure bodies', () => {
  const ctx = useSandbox({ flavor: 'real' });

  it('reads the message from `error`', async () => {
    const err = await apiError(ctx.client.listTransactions('nope'));
    expect(err.message).toBe('Relayer with ID nope not found');
    const err2 = await apiError(ctx.client.createNotification({ id: 'ops-webhook', url: 'https://a.example.com/' }));
    expect(err2.message).toBe('An unknown error occurred');
  });

  it('prefers `message` over `error` when both are sent', async () => {
    ctx.sandbox.inject({
      status: 429,
      body: JSON.stringify({ success: false, code: 429, error: 'TooManyRequests', message: 'Too Many Requests', after: 7 }),
      match: { pathPrefix: '/api/v1/relayers' },
    });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.message).toBe('Too Many Requests');
    expect(err.retryAfterMs).toBe(7000);
  });

  it('answers a wrong token (sent without a JSON content type) with Unauthorized', async () => {
    const raw = await fetch(`${ctx.sandbox.url}/api/v1/relayers`, { headers: { authorization: 'Bearer wrong' } });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('content-type')).not.toMatch(/json/);
    await raw.text();
    const err = await apiError(ctx.makeClient({ token: 'wrong-token-456' }).listRelayers());
    expect([err.kind, err.status, err.message]).toEqual(['unauthorized', 401, 'Unauthorized']);
  });

  it('uses a text/plain 400 body as the message', async () => {
    const text = 'Query deserialize error: invalid digit found in string';
    ctx.sandbox.inject({ status: 400, body: text, contentType: 'text/plain; charset=utf-8', match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect([err.kind, err.status, err.message]).toEqual(['bad_request', 400, text]);
  });

  it('shortens a long text/plain body to an excerpt of at most 300 characters', async () => {
    const text = `Json deserialize error: ${'unknown field `x`, '.repeat(40)}at line 1 column 9`;
    ctx.sandbox.inject({ status: 400, body: text, contentType: 'text/plain', match: { method: 'PUT' } });
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', 'x', { value: 1 }));
    expect(err.kind).toBe('bad_request');
    expect(err.message.length).toBeLessThanOrEqual(300);
    expect(err.message.startsWith('Json deserialize error: unknown field `x`')).toBe(true);
    expect(err.message.endsWith('…')).toBe(true);
  });

  it("keeps a plugin error's code and details: the plugin's own answer, with its status", async () => {
    const r = await ctx.client.callPlugin('fail', {});
    expect(r.success).toBe(false);
    expect(r.status).toBe(422);
    expect(r.code).toBe('INSUFFICIENT_BALANCE');
    expect(r.details).toEqual({ relayer_id: 'sepolia-main', required: '1500000000000000000', available: '1200000000000000' });
  });
});

describe.each(FLAVORS)('invalid answers (%s flavor)', (flavor: Flavor) => {
  const ctx = useSandbox({ flavor });
  const failure = flavor === 'real' ? realFailure : contractFailure;

  it('turns an HTML proxy page on 502 into a short tag-free excerpt', async () => {
    const html = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style>
      <script>var x = "<b>not text</b>";</script></head><body><center><h1>502 Bad Gateway</h1></center>
      <p>${'The upstream relayer did not answer in time. '.repeat(20)}</p><hr><center>nginx/1.25.3</center></body></html>`;
    ctx.sandbox.inject({ status: 502, body: html, contentType: 'text/html', match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('server');
    expect(err.status).toBe(502);
    expect(err.message.length).toBeLessThanOrEqual(300);
    expect(err.message).not.toMatch(/[<>]/);
    expect(err.message).not.toContain('color:red');
    expect(err.message).not.toContain('not text');
    expect(err.message.startsWith('502 Bad Gateway 502 Bad Gateway The upstream relayer')).toBe(true);
  });

  it('an HTML page on 200 to a GET is not a relayer API: said with the URL (issue 28.2)', async () => {
    ctx.sandbox.inject({ status: 200, body: '<html><body><h1>Welcome to nginx!</h1></body></html>', contentType: 'text/html', match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('not_api');
    expect(err.status).toBe(200);
    expect(err.message).toBe(`HTTP 200 text/html from ${ctx.sandbox.url}/api/v1/relayers: this does not look like a relayer API — check the server URL`);
  });

  it('refuses truncated JSON on 200 as invalid_response with the position', async () => {
    ctx.sandbox.inject({ status: 200, body: '{"success":true,"data":[{"id":"a","na', match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toMatch(/not valid JSON/);
    expect(err.message).toMatch(/line 1, column \d+/);
  });

  it('refuses JSON without the envelope as invalid_response', async () => {
    ctx.sandbox.inject({ status: 200, body: '[{"id":"sepolia-main"}]', match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toMatch(/envelope/);
  });

  it('never returns the data of {success:false} sent with 200', async () => {
    ctx.sandbox.inject({
      status: 200,
      body: JSON.stringify({ success: false, data: [{ id: 'ghost' }], message: 'Relayer store unavailable', pagination: { current_page: 1, per_page: 10, total_items: 1 } }),
      match: { pathPrefix: '/api/v1/relayers' },
    });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('server');
    expect(err.status).toBe(200);
    expect(err.message).toBe('Relayer store unavailable');
  });

  it('names the status when a failure has no body', async () => {
    ctx.sandbox.inject({ status: 503, body: '', contentType: 'text/plain', match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect([err.kind, err.status, err.message]).toEqual(['server', 503, 'HTTP 503 Service Unavailable']);
  });

  it('reads a 500 failure envelope of this flavor', async () => {
    ctx.sandbox.inject({ status: 500, body: failure('Internal Server Error'), match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect([err.kind, err.status, err.message]).toEqual(['server', 500, 'Internal Server Error']);
  });
});

describe.each(FLAVORS)('the token never leaks into an error (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor, token: `tok-${flavor}-s3cr3t-0123456789abcdef` });
  const failure = flavor === 'real' ? realFailure : contractFailure;

  function expectClean(err: ApiError, token: string): void {
    expect(err.message).not.toContain(token);
    expect(String(err.stack)).not.toContain(token);
    expect(JSON.stringify(err)).not.toContain(token);
    expect(String(err)).not.toContain(token);
    for (const k of Object.keys(err)) expect(JSON.stringify((err as unknown as Record<string, unknown>)[k]) ?? '').not.toContain(token);
  }

  it('redacts a token the server echoes in its error text', async () => {
    const token = ctx.sandbox.token;
    ctx.sandbox.inject({ status: 401, body: failure(`Invalid token Bearer ${token} for this server`), match: { pathPrefix: '/api/v1/relayers' } });
    const err = await apiError(ctx.client.listRelayers());
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toBe('Invalid token Bearer [redacted] for this server');
    expectClean(err, token);
  });

  it('redacts a token echoed in a text/plain or HTML body', async () => {
    const token = ctx.sandbox.token;
    ctx.sandbox.inject({ status: 400, body: `bad header: Bearer ${token}`, contentType: 'text/plain', match: { pathPrefix: '/api/v1/relayers' } });
    const e1 = await apiError(ctx.client.listRelayers());
    expect(e1.message).toBe('bad header: Bearer [redacted]');
    expectClean(e1, token);
    ctx.sandbox.inject({ status: 200, body: `<html><body>Your key ${token} is logged</body></html>`, contentType: 'text/html', match: { pathPrefix: '/api/v1/relayers' } });
    const e2 = await apiError(ctx.client.listRelayers());
    expect(e2.kind).toBe('not_api');
    expectClean(e2, token);
  });

  it('redacts a token echoed in the failure data', async () => {
    const token = ctx.sandbox.token;
    ctx.sandbox.inject({
      status: 500,
      body: JSON.stringify({ success: false, data: { details: { header: `Bearer ${token}` }, list: [token] }, error: 'plugin failed', message: 'plugin failed' }),
      match: { method: 'POST' },
    });
    // A plugin's own error is its answer: the token is out of it too.
    const answer = await ctx.client.callPlugin('echo', {});
    expect(answer.error).toBe('plugin failed');
    expect(answer.details).toEqual({ header: 'Bearer [redacted]' });
    expect(JSON.stringify(answer)).not.toContain(token);
    ctx.sandbox.inject({
      status: 500,
      body: JSON.stringify({ success: false, data: { details: { header: `Bearer ${token}` }, list: [token] }, error: 'store failed', message: 'store failed' }),
      match: { method: 'PUT' },
    });
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', 'x', { value: 1 }));
    expect(err.message).toBe('store failed');
    expect(err.outcomeUnknown).toBe(true);
    expect(err.data).toEqual({ details: { header: 'Bearer [redacted]' }, list: ['[redacted]'] });
    expectClean(err, token);
  });

  it('keeps the token out of a network error and an invalid base URL error', async () => {
    const token = ctx.sandbox.token;
    ctx.sandbox.inject({ status: 0, body: '', destroySocket: true, match: { method: 'PUT' } });
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', 'x', { value: 1 }));
    expect(err.kind).toBe('network');
    expectClean(err, token);
    let thrown: unknown;
    try {
      createRelayerClient({ baseUrl: `http://user:${token}@127.0.0.1:1`, token });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expectClean(thrown as ApiError, token);
    // A token pasted into the URL field by mistake is not quoted back either.
    thrown = undefined;
    try {
      createRelayerClient({ baseUrl: token, token });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).message).toBe('Invalid server URL "[redacted]": expected e.g. http://localhost:8080');
    expectClean(thrown as ApiError, token);
  });
});
