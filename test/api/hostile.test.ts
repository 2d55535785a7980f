/**
 * The API module against a hostile server (test/hostile/server.ts) over loopback: what it makes of
 * each outcome of a PUT/POST, of broken pagination, redirects, huge pages and numbers, error pages.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createRelayerClient, LongInteger, type RelayerClient } from '../../src/api/index.js';
import { excerpt } from '../../src/api/excerpt.js';
import { hostileHtml, startHostile, type Hostile } from '../hostile/server.js';
import { apiError } from './helpers.js';

let server: Hostile | undefined;
let client: RelayerClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function against(modes: string[], timeoutMs = 5_000): Promise<{ server: Hostile; client: RelayerClient }> {
  server = await startHostile(modes);
  client = createRelayerClient({ baseUrl: server.url, token: server.token, timeoutMs, maxRetries: 2 });
  return { server, client };
}

const MUTATIONS: [string, (c: RelayerClient) => Promise<unknown>][] = [
  ['replace', (c) => c.replaceTransaction('ok-relayer', 'tx-1', { value: '5' })],
  ['plugin call', (c) => c.callPlugin('p', { a: 1 })],
  ['notification', (c) => c.createNotification({ url: 'https://ops.example/hook' })],
];

const writes = (s: Hostile) => s.requests.filter((r) => r.method !== 'GET');

describe('the outcome of a PUT/POST: refused only when the server says so in its envelope (4xx)', () => {
  const REFUSED: [string, string, number][] = [
    ['mutation-refused', 'Bad Request: value is required', 400],
    ['mutation-paused', 'Relayer paused', 403],
    ['mutation-text-400', 'Json deserialize error: missing field `value`', 400],
  ];
  for (const [mode, message, status] of REFUSED)
    for (const [what, send] of MUTATIONS)
      it(`${mode}: a ${what} is refused (${status}), with the server's text, sent once`, async () => {
        const { server, client } = await against([mode]);
        const e = await apiError(send(client));
        expect(e.refused).toBe(true);
        expect(e.outcomeUnknown).toBeUndefined();
        expect(e.status).toBe(status);
        expect(e.message).toBe(message);
        expect(writes(server)).toHaveLength(1);
      });

  const UNKNOWN: [string, RegExp, number | undefined][] = [
    ['mutation-4xx-html', /404 Not Found nginx/, 404],
    ['mutation-502-html', /502 Bad Gateway/, 502],
    ['mutation-503', /Service Unavailable/, 503],
    ['mutation-500-envelope', /An unknown error occurred/, 500],
    ['mutation-200-html', /an HTML page instead of JSON/, 200],
    ['mutation-200-null', /outcome is unknown/, 200],
    ['mutation-200-garbage', /not valid JSON/, 200],
    ['mutation-redirect', /redirects to https:\/\/elsewhere\.example\/done \(not followed/, 303],
    ['mutation-reset', /closed before an answer came: the outcome is unknown/, undefined],
  ];
  for (const [mode, message, status] of UNKNOWN)
    for (const [what, send] of MUTATIONS.filter(([w]) => !(mode === 'mutation-200-null' && w === 'plugin call')))
      it(`${mode}: a ${what} has an unknown outcome, is never resent`, async () => {
        const { server, client } = await against([mode]);
        const e = await apiError(send(client));
        expect(e.outcomeUnknown).toBe(true);
        expect(e.refused).toBeUndefined();
        expect(e.status).toBe(status);
        expect(e.message).toMatch(message);
        expect(writes(server)).toHaveLength(1);
      });

  it('a timeout after sending is an unknown outcome, sent once', async () => {
    const { server, client } = await against(['mutation-hang'], 300);
    for (const [, send] of MUTATIONS) {
      const e = await apiError(send(client));
      expect(e.kind).toBe('timeout');
      expect(e.outcomeUnknown).toBe(true);
    }
    expect(writes(server)).toHaveLength(3);
  });

  it('a connection refused is "not sent": nothing reached a server', async () => {
    const port = await new Promise<number>((r) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => r(p));
      });
    });
    client = createRelayerClient({ baseUrl: `http://127.0.0.1:${port}`, token: 't0ken-x', maxRetries: 0 });
    const e = await apiError(client.replaceTransaction('a', 'b', { value: 1 }));
    expect(e.notSent).toBe(true);
    expect(e.outcomeUnknown).toBeUndefined();
  });

  it('a plugin answering {success:true, data:null} returned null (the real server sends the return value as data)', async () => {
    const { client } = await against(['mutation-200-null']);
    const r = await client.callPlugin('p', {});
    expect(r).toMatchObject({ success: true, return_value: null });
  });

  it("a plugin's own error (500 with data.code/details) is the plugin's answer, not an unknown outcome", async () => {
    const { client } = await against(['plugin-error']);
    const r = await client.callPlugin('p', {});
    expect(r).toMatchObject({ success: false, status: 500, error: 'Plugin failed', code: 'E_PLUGIN' });
    expect(r.details).toEqual({ why: 'no \x1b]0;PWNED-TITLE\x07' });
  });

  it('the status of the answer reaches the caller (the result screen shows it)', async () => {
    const { client } = await against([]);
    const seen: number[] = [];
    await client.createNotification({ url: 'https://ops.example/hook' }, { onStatus: (s) => seen.push(s) });
    await client.replaceTransaction('ok-relayer', 'tx-1', { value: 1 }, { onStatus: (s) => seen.push(s) });
    expect(seen).toEqual([201, 200]);
  });
});

describe('lists from a hostile server', () => {
  it('a redirect is not followed and says where it pointed', async () => {
    const { server, client } = await against(['redirect']);
    const e = await apiError(client.listRelayers());
    expect(e.kind).toBe('redirect');
    expect(e.status).toBe(301);
    expect(e.message).toContain('https://elsewhere.example/api/v1/relayers');
    // A redirect is not retried either (it is not a transient failure).
    expect(server.requests).toHaveLength(1);
  });

  it('per_page 0 in the answer is read as the page size asked for (never page 1/Infinity)', async () => {
    const { client } = await against(['per-page-0']);
    const p = await client.listRelayers({ page: 1, perPage: 25 });
    expect(p.perPage).toBe(25);
  });

  it('a page far larger than asked is cut to the page size, and says how many rows came', async () => {
    const { client } = await against(['oversize']);
    const p = await client.listRelayers({ page: 1, perPage: 25 });
    expect(p.items).toHaveLength(25);
    expect(p.sentItems).toBe(200_000);
    expect(p.perPage).toBe(25);
  });

  it('an answer over the body limit is an error that says so (not read, not parsed)', async () => {
    const { client } = await against(['huge-body']);
    const e = await apiError(client.listRelayers());
    expect(e.kind).toBe('invalid_response');
    expect(e.message).toBe("The server's answer is larger than 16 MB: not read");
  });

  it('an answer with headers over the limit says so, asked once (not "cannot reach", not retried)', async () => {
    const { server, client } = await against(['huge-headers']);
    const e = await apiError(client.listRelayers());
    expect(e.kind).toBe('invalid_response');
    expect(e.message).toMatch(/^The answer from 127\.0\.0\.1:\d+ has more than 16 KiB of headers: not read$/);
    expect(server.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/v1/relayers'))).toHaveLength(1);
    const sent = await apiError(client.replaceTransaction('ok-relayer', 'tx-1', { value: '5' }));
    expect(sent.outcomeUnknown).toBe(true);
    expect(sent.message).toMatch(/has more than 16 KiB of headers: not read: the outcome is unknown/);
  });

  it('a 200,000-digit number literal is kept exactly, without converting it', async () => {
    const { client } = await against(['digits']);
    const p = await client.listTransactions('ok-relayer', { perPage: 10 });
    const nonce = p.items[0]!.nonce;
    expect(nonce).toBeInstanceOf(LongInteger);
    expect((nonce as LongInteger).digits).toBe('8'.repeat(200_000));
    expect(p.items[0]!.value).toBe('9'.repeat(1_000_000));
  });

  it('an HTML error page becomes a short excerpt, without tags', async () => {
    const { client } = await against(['html-errors']);
    const e = await apiError(client.listRelayers());
    expect(e.status).toBe(502);
    expect(e.message).toMatch(/^502 Bad Gateway/);
    expect(e.message.length).toBeLessThanOrEqual(300);
  });

  it('error texts keep what the server said (escapes included): the views sanitize, the API does not rewrite', async () => {
    const { client } = await against(['escape-errors']);
    const e = await apiError(client.listRelayers());
    expect(e.message).toContain('\x1b]0;PWNED-TITLE\x07');
    const t = await apiError(client.listTransactions('ok-relayer'));
    expect(t.status).toBe(400);
    expect(t.message).toContain('Query deserialize error');
  });
});

describe('the excerpt of an error page is linear (counted in steps, not timed)', () => {
  it.each([10_000, 100_000, 1_000_000])('%i characters of hostile HTML: steps bounded by the characters scanned', (size) => {
    const html = hostileHtml(size);
    const stats = { steps: 0 };
    const out = excerpt(html, stats);
    expect(out).toMatch(/^502 Bad Gateway/);
    // One pass over at most 256 KB: never more steps than twice the characters it may read.
    expect(stats.steps).toBeLessThanOrEqual(2 * Math.min(html.length, 256 * 1024));
  });

  it('a page of many unclosed `<script` tags and comment openers stays linear', () => {
    const nasty = '<script>' + '</scrip '.repeat(50_000) + '<!--'.repeat(50_000) + '<'.repeat(100_000);
    const stats = { steps: 0 };
    excerpt(nasty, stats);
    expect(stats.steps).toBeLessThanOrEqual(2 * Math.min(nasty.length, 256 * 1024));
  });

  it('keeps what the old excerpt kept: text without tags, scripts or styles, entities decoded', () => {
    expect(excerpt('<html><head><style>x{}</style><script>var a="<b>"</script></head><body><h1>Bad&nbsp;Gateway</h1> &lt;nginx&gt; &amp; co</body></html>')).toBe('Bad Gateway <nginx> & co');
    expect(excerpt('plain   text\nwith\tspaces')).toBe('plain text with spaces');
  });
});

describe('ApiError keeps its outcome through a masked copy', () => {
  it('withMessage keeps kind, status and outcome', () => {
    const e = new ApiError('server', 'x', { status: 502, outcomeUnknown: true });
    const c = e.withMessage('y');
    expect(c).toMatchObject({ kind: 'server', status: 502, outcomeUnknown: true, message: 'y' });
  });
});
