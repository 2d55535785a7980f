/** Loading, failures (server message, HTTP status, what to do), retry, and the status bar. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, frameLines, running, statusLine, tableRows } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const title = (f: string) => frameLines(f)[0] ?? '';
const SERVER_ERROR = '{"data":null,"message":"Internal Server Error","success":false}';

describe('loading and failures', () => {
  it('the first load says "Loading …" until the rows arrive', async () => {
    h = await renderApp({ sandbox: { latencyMs: 300 } });
    const loading = await h.waitFor((f) => f.includes('Loading relayers…'), 'loading');
    expect(tableRows(loading)).toHaveLength(0);
    expect(statusLine(loading)).toContain('SANDBOX');
    const f = await h.waitFor((x) => x.includes('Sepolia Main'), 'loaded');
    expect(f).not.toContain('Loading relayers…');
    const latency = Number(/│ (\d+) ms/.exec(statusLine(f))?.[1]);
    expect(latency).toBeGreaterThanOrEqual(300);
  });

  it('a 500 shows the server message, the status and what to do; r retries once the failure is gone', async () => {
    h = await renderApp();
    h.sandbox.inject({ status: 500, body: SERVER_ERROR, match: { pathPrefix: '/api/v1/relayers' } });
    const f = await h.waitFor((x) => x.includes('HTTP 500'), 'error panel');
    expect(f).toContain('Internal Server Error');
    expect(f).toMatch(/r retries/);
    expect(statusLine(f)).toContain('✗ 500 Internal Server Error');
    expect(f).not.toMatch(/\s+at \S+ \(/); // no stack trace
    expect(running(h)).toBe(true);
    await h.press('r');
    const ok = await h.waitFor((x) => x.includes('Sepolia Main'), 'retried');
    expect(ok).not.toContain('HTTP 500');
    expect(statusLine(ok)).not.toContain('✗');
  });

  it('unauthorized explains RELAYER_API_KEY / --token-file and never exits the app', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, client: { token: 'wrong' } });
    const f = await h.waitFor((x) => x.includes('HTTP 401'), 'unauthorized');
    expect(f).toContain('Unauthorized');
    expect(f).toContain('RELAYER_API_KEY');
    expect(f).toContain('--token-file');
    expect(f).not.toContain('wrong'); // the token is never shown
    await h.press('r');
    await h.waitFor(() => h!.sandbox.requests.length >= 2, 'second attempt');
    await h.press('?');
    await h.waitFor((x) => title(x).includes('help'), 'keys still work');
    expect(running(h)).toBe(true);
  });

  it(':tx nope shows "Relayer with ID nope not found" with its status', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press(':tx nope', KEY.enter);
    const f = await h.waitFor((x) => x.includes('Relayer with ID nope not found'), 'not found');
    expect(f).toContain('HTTP 404');
    expect(f).toMatch(/esc goes back/);
    expect(statusLine(f)).toContain('nope');
    await h.press(KEY.esc);
    await h.waitFor((x) => title(x) === 'relayer-tui › relayers');
  });

  it('a failed refresh keeps the rows and puts the error in the status bar; the next refresh clears it', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => statusLine(f).includes('page 1/3'));
    await h.press('j', 'j');
    const before = await h.waitFor((f) => tableRows(f).findIndex((r) => f.includes(`› ${r}`)) === 2);
    h.sandbox.inject({ status: 503, body: '{"success":false,"data":null,"error":"Service Unavailable: database is down"}', match: { pathPrefix: '/api/v1/relayers/sepolia-main/transactions' } });
    await h.press('r');
    const failed = await h.waitFor((f) => statusLine(f).includes('✗ 503'), 'failed refresh');
    expect(statusLine(failed)).toContain('database is down');
    expect(tableRows(failed)).toEqual(tableRows(before));
    await h.press('r');
    await h.waitFor((f) => !statusLine(f).includes('✗') && statusLine(f).includes('page 1/3'), 'recovered');
    expect(running(h)).toBe(true);
  });

  it('a server that answers with an HTML proxy page is a clear error, not a crash', async () => {
    h = await renderApp();
    h.sandbox.inject({ status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html', match: { pathPrefix: '/api/v1/relayers' } });
    const f = await h.waitFor((x) => x.includes('HTTP 502'), 'bad gateway');
    expect(f).toMatch(/r retries/);
    expect(running(h)).toBe(true);
  });
});

describe('status bar', () => {
  it('SANDBOX, rw, the relayer, page x/y (total), when the data was read (a clock time: true without ticking) and latency', async () => {
    let clock = Date.parse('2026-11-23T12:03:04');
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, services: { now: () => clock } });
    const f = await h.waitFor((x) => statusLine(x).includes('page 1/3 (60)'));
    expect(statusLine(f)).toMatch(/^SANDBOX │ rw │ sepolia-main │ page 1\/3 \(60\) │ 12:03:04 │ \d+ ms/);
    // Later, redrawn by a key: still when it was read, and past a minute its age beside it (turning once a minute).
    clock += 125_000;
    await h.press('j');
    await h.waitFor((x) => cursorRow(x).includes('1259'), 'moved');
    expect(statusLine(h.frame())).toContain('│ read 12:03:04, 2m ago │');
    await h.press('r');
    await h.waitFor((x) => /│ 12:05:09 │ .*refreshed 12:05:09, unchanged/.test(statusLine(x)), 'read again');
  });

  it('READ-ONLY when started read-only', async () => {
    h = await renderApp({ services: { readOnly: true } });
    const f = await h.waitFor((x) => x.includes('Sepolia Main'));
    expect(statusLine(f)).toMatch(/^SANDBOX │ READ-ONLY │/);
  });
});
