/** An operator's day in the TUI: copy over OSC 52, every request in :log, every mutation in :audit. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditLedger, outcomeUnknown, sendWords, serverHost, unknownNotice } from '../../src/ledger/audit.js';
import { osc52 } from '../../src/ui/clipboard.js';
import { KEY, renderApp, type Harness } from './helpers.js';
import { openReplace, palette, retype } from './forms/support.js';
import { frameLines, statusLine } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('copy', () => {
  it("y copies the selected row's id as OSC 52, Y the row as exact JSON; the status bar says how, never more than happened", async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Arbitrum Payouts'));
    await h.press('y');
    await h.waitFor((f) => statusLine(f).includes('id: sent to the terminal (OSC 52, not confirmed)'));
    expect(h.copied).toEqual(['arbitrum-payouts']);
    expect(h.stdout.frames.join('')).toContain(`\x1b]52;c;${b64('arbitrum-payouts')}\x07`);
    await h.press('Y');
    await h.waitFor((f) => statusLine(f).includes('row as JSON: sent to the terminal'));
    expect(JSON.parse(h.copied[1]!)).toMatchObject({ id: 'arbitrum-payouts', name: 'Arbitrum Payouts' });
  });

  it("in a transaction's detail, y copies the field under the cursor whole (the hash, every digit)", async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => /page 1\/\d/.test(statusLine(f)));
    await h.press(KEY.down, KEY.enter);
    const f = await h.waitFor((x) => /^hash\s+0x/m.test(x));
    const rows = frameLines(f).slice(1);
    const at = rows.findIndex((r) => r.startsWith('hash'));
    for (let i = 0; i < at; i++) await h.press('j');
    await h.press('y');
    await h.waitFor((x) => statusLine(x).includes('hash: sent to the terminal (OSC 52, not confirmed)'));
    expect(h.copied[0]).toMatch(/^0x[0-9a-f]{64}$/);
    expect(f).toContain(h.copied[0]);
  });

  it('OSC 52 for tmux (DCS passthrough, ESC doubled) and screen; the size cap', () => {
    expect(osc52('hi', {})).toEqual({ bytes: `\x1b]52;c;${b64('hi')}\x07`, how: 'OSC 52' });
    expect(osc52('hi', { TMUX: '/tmp/tmux-0/default,1,0' })).toEqual({ bytes: `\x1bPtmux;\x1b\x1b]52;c;${b64('hi')}\x07\x1b\\`, how: 'OSC 52 through tmux passthrough' });
    expect(osc52('hi', { STY: '1.pts' })).toMatchObject({ how: 'OSC 52 through screen' });
    expect(osc52('x'.repeat(60_000), {})).toEqual({ error: 'too large to copy: 79 KB of base64, terminals take about 73 KB' });
    // Server text travels only as base64: nothing of it reaches the terminal as bytes.
    const hostile = osc52('\x1b]0;title\x07', {});
    expect('bytes' in hostile && hostile.bytes.slice(7, -1)).toMatch(/^[A-Za-z0-9+/=]+$/);
  });
});

describe('c: the request as a curl command', () => {
  it('copied on the review, it sends the same bytes when run (the key from $RELAYER_API_KEY)', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    const id = await openReplace(h);
    await retype(h, '340282366920938463463374607431768211455');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.press('c');
    await h.waitFor((x) => statusLine(x).includes('curl command: sent to the terminal'));
    const cmd = h.copied[0]!;
    expect(cmd).not.toContain(h.sandbox.token);
    const before = h.sandbox.requests.length;
    // Run asynchronously: the sandbox answering it lives in this process.
    const out = await new Promise<string>((resolve, reject) =>
      execFile('sh', ['-c', cmd], { encoding: 'utf8', env: { ...process.env, RELAYER_API_KEY: h!.sandbox.token } }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    expect(JSON.parse(out)).toMatchObject({ success: true, data: { id } });
    const sent = h.sandbox.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('"value":340282366920938463463374607431768211455');
    expect(cmd).toContain(`--data-binary '${sent[0]!.body}'`);
  });
});

describe(':log', () => {
  it('every request since the start, newest first, with status, duration and bytes; / filters', async () => {
    h = await renderApp({ columns: 140 });
    await h.waitFor((f) => f.includes('Arbitrum Payouts'));
    await palette(h, 'tx sepolia-main');
    await h.waitFor((f) => /page 1\/\d/.test(statusLine(f)));
    await palette(h, 'log');
    const f = await h.waitFor((x) => x.includes('relayer-tui › log') && /^[› ] \d\d:\d\d:\d\d /m.test(x));
    const rows = frameLines(f).filter((l) => /^[› ] \d\d:\d\d:\d\d /.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatch(/GET\s+200\s+\d+\s+[\d,]+\s+.*\/api\/v1\/relayers\/sepolia-main\/transactions\/\?page=1/);
    expect(f).not.toContain(h.sandbox.token);
    await h.press('/', 'per_page=50');
    await h.waitFor((x) => / 1 of \d+/.test(x) || / 0 of \d+/.test(x));
  });
});

describe(':audit and the ledger', () => {
  it('a replacement is in the file before it leaves, completed after; :audit lists it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-audit-'));
    const audit = new AuditLedger(join(dir, 'relayer-tui', 'audit.jsonl'), { context: 'test', server: 'http://sandbox' });
    // 120 columns: the outcome's words whole, the request, the server and the context side by side.
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, services: { audit }, columns: 120 });
    await openReplace(h);
    await retype(h, '77');
    let seenBeforeAnswer = '';
    h.sandbox.setLatency(300);
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    await new Promise((r) => setTimeout(r, 100));
    seenBeforeAnswer = readFileSync(audit.path, 'utf8');
    h.sandbox.setLatency(0);
    await h.waitFor((x) => x.includes('✓ Done'));
    // Before the answer: the "sent" line alone.
    expect(seenBeforeAnswer.trim().split('\n').map((l) => JSON.parse(l).phase)).toEqual(['sent']);
    const lines = readFileSync(audit.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ phase: 'sent', context: 'test', method: 'PUT', path: expect.stringMatching(/^\/api\/v1\/relayers\/sepolia-main\/transactions\//) });
    expect(lines[0].body).toContain('"value": 77');
    expect(lines[1]).toMatchObject({ phase: 'done', status: 200, outcome: 'applied', id: lines[0].id });
    await h.press(KEY.esc);
    await palette(h, 'audit');
    const f = await h.waitFor((x) => x.includes('relayer-tui › audit') && / applied /.test(x));
    // Each row says where it went (issue 31.4): the server as host:port beside the context.
    // What was done is its own column (issue 43), before the request it was.
    // (At 100 columns the request gives way to the server: the action says what it was.)
    expect(f).toMatch(/applied\s+200\s+replace \S+ on relayer sepolia-main\s+(PUT \S+\s+)?sandbox:80/);
  });

  it(':audit at 80 columns shows each outcome whole ("sent, outcome unknown" was cut to "sent, outco…"), as the headless table does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-audit-'));
    const audit = new AuditLedger(join(dir, 'audit.jsonl'), { context: 'c', server: 'http://sandbox' });
    audit.begin({ method: 'POST', path: '/api/v1/notifications', body: '{}', op: 'notification-create', target: {} });
    audit.begin({ method: 'POST', path: '/api/v1/plugins/p/call', body: '{}', op: 'plugin-call', target: { pluginId: 'p' } }).end({ status: 500, outcome: 'answered with a failure' });
    h = await renderApp({ services: { audit }, columns: 80, rows: 24 });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'audit');
    const f = await h.waitFor((x) => x.includes('relayer-tui › audit') && x.includes('plugin'));
    // At 80 columns the action stays whole and the request gives way first.
    expect(f).toMatch(/ sent, outcome unknown +create a notification/);
    expect(f).toMatch(/ answered with a failure +500 +call plugin p/);
  });

  it('a request whose answer never came reads "sent, outcome unknown"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-audit-'));
    const audit = new AuditLedger(join(dir, 'audit.jsonl'), { context: 'c', server: 's' });
    audit.begin({ method: 'POST', path: '/api/v1/notifications', body: '{}', op: 'notification-create', target: {} });
    const [entry] = audit.read();
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/notifications', phase: 'sent' });
    expect(entry!.done).toBeUndefined();
  });

  it('unknown outcomes per server (issue 31.3): a read-back is a new line that settles it; the old lines stay as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-audit-'));
    const path = join(dir, 'audit.jsonl');
    const here = new AuditLedger(path, { context: 'prod', server: 'https://relayer.example.com/' });
    const there = new AuditLedger(path, { context: 'other', server: 'https://elsewhere.example.com' });
    here.begin({ method: 'PUT', path: '/api/v1/relayers/r1/transactions/0123456789abcdef', body: '{"speed":"fast"}', op: 'replace', target: { relayerId: 'r1', txId: '0123456789abcdef' } });
    there.begin({ method: 'PATCH', path: '/api/v1/relayers/r2', body: '{"paused":true}', op: 'pause', target: { relayerId: 'r2' } });
    here.begin({ method: 'DELETE', path: '/api/v1/relayers/r1/transactions/t2', body: '', op: 'cancel', target: { relayerId: 'r1', txId: 't2' } }).end({ status: 200, outcome: 'applied' });
    const unknown = here.unknownFor('https://relayer.example.com');
    expect(unknown.map((e) => e.path)).toEqual(['/api/v1/relayers/r1/transactions/0123456789abcdef']);
    expect(unknownNotice(unknown, new Date(unknown[0]!.time))).toMatch(/^1 send with unknown outcome: replace 01234567… on relayer r1 at \d\d:\d\d UTC — :audit$/);
    expect(there.unknownFor('https://elsewhere.example.com:443').map((e) => sendWords(e))).toEqual(['pause relayer r2']);
    const before = readFileSync(path, 'utf8');
    // A read that could not tell leaves it unknown; one that told settles it.
    here.settle(unknown[0]!, { outcome: 'unknown', words: 'could not tell' });
    expect(here.unknownFor('https://relayer.example.com')).toHaveLength(1);
    here.settle(unknown[0]!, { outcome: 'applied', words: 'carries what was sent' });
    expect(here.unknownFor('https://relayer.example.com')).toEqual([]);
    const after = readFileSync(path, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length).trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ phase: 'settled', of: unknown[0]!.id, outcome: 'unknown' }),
      expect.objectContaining({ phase: 'settled', of: unknown[0]!.id, outcome: 'applied', server: 'https://relayer.example.com/' }),
    ]);
    const [entry] = here.read().filter((e) => e.id === unknown[0]!.id);
    expect(outcomeUnknown(entry!)).toBe(false);
    expect(serverHost(entry!.server)).toBe('relayer.example.com:443');
  });
});
