/**
 * The outcome rules (src/api/outcome.ts), without HTTP: what an answer means for a GET and for a
 * mutation — applied, refused (nothing was applied), or unknown (it may have been). Issue 20.4.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { interpret } from '../../src/api/outcome.js';

const GET = { method: 'GET' as const, perPage: 2 };
const PUT = { method: 'PUT' as const };
const json = { 'content-type': 'application/json' };
const signal = new AbortController().signal;

async function outcome(req: { method: 'GET' | 'PUT' | 'POST'; perPage?: number }, status: number, headers: Record<string, string>, text: string) {
  try {
    return { ok: await interpret(req, status, headers, text, signal) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { error: { kind: e.kind, status: e.status, message: e.message, refused: e.refused, outcomeUnknown: e.outcomeUnknown, retryAfterMs: e.retryAfterMs, refusal: e.refusal } };
  }
}

describe('what an answer means', () => {
  it('2xx in the envelope: the envelope; a page with more rows than asked for is cut and says so', async () => {
    const r = await outcome(GET, 200, json, '{"success":true,"data":[1,2,3],"error":null,"pagination":{}}');
    expect(r.ok).toMatchObject({ status: 200, envelope: { success: true, data: [1, 2] }, sentItems: 3 });
  });

  it('a mutation refused: only a 4xx in the error envelope, or the real server\'s own text/plain 4xx', async () => {
    expect((await outcome(PUT, 400, json, '{"success":false,"data":null,"error":"bad value"}')).error).toMatchObject({ kind: 'bad_request', refused: true, message: 'bad value' });
    expect((await outcome(PUT, 400, { 'content-type': 'text/plain' }, 'Json deserialize error: missing field `value`')).error).toMatchObject({ refused: true, message: 'Json deserialize error: missing field `value`' });
    expect((await outcome(PUT, 403, json, '{"success":false,"data":null,"message":"Relayer paused"}')).error).toMatchObject({ kind: 'forbidden', refused: true });
  });

  it('a mutation of unknown outcome: 5xx, a gateway page, a 2xx that cannot be read, a redirect', async () => {
    for (const [status, headers, text] of [
      [502, { 'content-type': 'text/html' }, '<html><body><h1>502 Bad Gateway</h1></body></html>'],
      [404, { 'content-type': 'text/html' }, '<html><body>nginx</body></html>'],
      [500, json, '{"success":false,"data":null,"error":"An unknown error occurred"}'],
      [200, { 'content-type': 'text/html' }, '<html>OK</html>'],
      [200, json, '{"success":true,"data":{"id":'],
      [200, json, '{"ok":1}'],
      [303, { location: 'https://elsewhere.example/done' }, ''],
    ] as const) {
      const r = await outcome(PUT, status, headers, text);
      expect({ status, refused: r.error?.refused, unknown: r.error?.outcomeUnknown }).toEqual({ status, refused: undefined, unknown: true });
    }
  });

  it('a GET says neither (nothing was to be applied); the server\'s text, an excerpt of a page, its wait', async () => {
    const r = await outcome(GET, 429, { ...json, 'retry-after': '2' }, '{"success":false,"data":null,"error":"TooManyRequests","after":5}');
    expect(r.error).toMatchObject({ kind: 'rate_limited', refused: undefined, outcomeUnknown: undefined, retryAfterMs: 2000, message: 'TooManyRequests' });
    const page = await outcome(GET, 502, { 'content-type': 'text/html' }, '<html><head><title>x</title><script>evil()</script></head><body><h1>Bad   Gateway</h1></body></html>');
    expect(page.error).toMatchObject({ kind: 'server', message: 'x Bad Gateway' });
    expect((await outcome(GET, 301, { location: 'https://elsewhere.example/api' }, '')).error).toMatchObject({ kind: 'redirect', message: expect.stringContaining('redirects to https://elsewhere.example/api') });
    // The advice is one that works: the base the Location holds (the client adds /api/v1), or none.
    expect((await outcome(GET, 301, { location: 'https://relayer.example/prefix/api/v1/relayers?page=1' }, '')).error?.message).toBe(
      'The server redirects to https://relayer.example/prefix/api/v1/relayers?page=1 (not followed: give the client https://relayer.example/prefix as its URL (it adds /api/v1 itself))',
    );
    expect((await outcome(GET, 301, { location: '/api/v1/relayers/?page=1' }, '')).error?.message).toBe('The server redirects to /api/v1/relayers/?page=1 (not followed: where it points is no relayer API base the client could use: check the server URL)');
  });

  it('not a relayer API (issue 28.2): an HTML 404/405/501 or 2xx to a GET; a 405 or 501 to a mutation is not applied, whatever the body', async () => {
    const html = { 'content-type': 'text/html;charset=utf-8' };
    for (const status of [404, 405, 501, 200]) expect((await outcome(GET, status, html, '<!DOCTYPE HTML><html>Error response</html>')).error).toMatchObject({ kind: 'not_api', status, message: `HTTP ${status} text/html`, refused: undefined });
    // A gateway page (the relayer behind it is down) and an auth proxy's page keep their kinds.
    expect((await outcome(GET, 502, html, '<html>Bad Gateway</html>')).error).toMatchObject({ kind: 'server' });
    expect((await outcome(GET, 401, html, '<html>Log in</html>')).error).toMatchObject({ kind: 'unauthorized' });
    for (const status of [405, 501]) {
      // Classed once here: the API's own 405/501 is a method or endpoint that is not there (the faces say no edit fixes it); a web server's page is the wrong URL, not that.
      expect((await outcome(PUT, status, html, '<html>Unsupported method</html>')).error).toMatchObject({ kind: 'not_api', refused: true, outcomeUnknown: undefined, refusal: null });
      expect((await outcome(PUT, status, json, '{"success":false,"data":null,"error":"Not implemented"}')).error).toMatchObject({ refused: true, outcomeUnknown: undefined, refusal: 'method_absent' });
      expect((await outcome(PUT, status, { 'content-type': 'application/json' }, '')).error).toMatchObject({ refused: true, outcomeUnknown: undefined, refusal: 'method_absent' });
    }
  });

  it("success:false in a 2xx is the server's failure, with its text", async () => {
    expect((await outcome(GET, 200, json, '{"success":false,"data":null,"message":"nope"}')).error).toMatchObject({ kind: 'server', message: 'nope' });
  });
});
