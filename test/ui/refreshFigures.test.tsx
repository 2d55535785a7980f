/**
 * Every figure on the first screen is re-read by r (issue 43): PEND, BALANCE and LAST OK come from
 * each relayer's status, read again with the list and compared — "unchanged" is said only of what was
 * read again. Against the sandbox's real flavour over loopback, its clock moved by the test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { rawGet } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

describe('r reads the figures again', () => {
  it('unchanged only when the list and the statuses were read again and compared; a PEND that moved on the server is said', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    await h.waitFor((x) => /^\d+ jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x) && / PEND /.test(x), 'the first screen with its figures');
    const statusReads = () => h!.sandbox.requests.filter((q) => /\/status$/.test(q.url)).length;
    const before = statusReads();
    await h.press('r');
    const same = await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d/.test(x), 'the answer to r');
    expect(same).toMatch(/refreshed \d\d:\d\d:\d\d, unchanged \(the list and \d+ statuses read again\)/);
    expect(statusReads() - before).toBeGreaterThanOrEqual(15);
    // The chain moves: transactions are mined, PEND and balances change; the list itself does not.
    h.sandbox.clock.step(5);
    await h.press('r');
    const moved = await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d[:,]/.test(x) && !/the list and \d+ statuses read again\)$/m.test(x) && /changed/.test(x), 'the change said');
    expect(moved).toMatch(/PEND\/BALANCE\/LAST OK changed \(\d+\): /);
    // :messages keeps the line whole: every relayer whose figures changed named, as many as counted (no '+8').
    await h.press(':', ...'messages', '\r');
    const said = (await h.waitFor((x) => /LAST OK changed \(\d+\)/.test(x) && /messages/.test(x), ':messages')).replace(/\s+/g, ' ');
    const m = /LAST OK changed \((\d+)\): ((?:[a-z0-9-]+, )*[a-z0-9-]+)/.exec(said)!;
    expect(m[2]!.split(', ').length).toBe(Number(m[1]));
    expect(said).not.toMatch(/LAST OK changed[^;]* \+\d/);
  });

  it('statuses read again within the budget are never marked ? on their way (a watched list flashed ? on every row at each refresh)', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    await h.waitFor((x) => /^\d+ jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x) && / PEND /.test(x) && !/being diagnosed/.test(x), 'the first screen with its figures');
    // Each status answers a little late (within the 2 s budget): the read again is on its way a while.
    h.sandbox.setLatency(100);
    const from = h.stdout.frames.length;
    await h.press('r');
    await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d/.test(x), 'the answer to r');
    const marked = h.stdout.frames.slice(from).filter((f) => /(ETH|SOL|XLM|AVAX|POL|BNB)\?/.test(f));
    expect(marked.length, marked[0]).toBe(0);
  });

  it('a status whose read again failed is said not read again, never counted as unchanged', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    await h.waitFor((x) => /^\d+ jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x) && / PEND /.test(x), 'the first screen with its figures');
    // The next read of one relayer's status fails (the server's 500): the others are read again.
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: { method: 'GET', pathPrefix: '/api/v1/relayers/sepolia-main/status' }, times: 5 });
    await h.press('r');
    const f = await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d/.test(x), 'the answer to r');
    await h.press(':', 'messages', '\r');
    const messages = await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d/.test(x) && /messages/.test(x), 'the messages');
    const said = messages.replace(/\s+/g, ' ');
    // The 15 relayers' statuses: 14 read again and compared, the failed one said apart (never among the unchanged).
    expect(said).toMatch(/unchanged \(the list and 14 statuses read again\); 1 status not read again \(no answer within \d+ s, or the read failed: kept as read before, marked \?\): sepolia-main/);
    expect(f).toMatch(/not read again/);
    await h.press('\x1b');
    // Its row says it: PEND, BALANCE and LAST OK as read before, each marked `?` (and the flash names it
    // marked); every other row as read with the list, unmarked.
    const rows = (await h.waitFor((x) => x.includes('Sepolia Main'), 'the list again')).split('\n');
    const sepolia = rows.find((l) => l.includes('Sepolia Main'))!;
    expect(sepolia).toMatch(/ETH\?\s+\d+\?\s+(\d\d:\d\d:\d\d|—|\d+[smhd])\?/);
    expect(rows.filter((l) => /\d\?\s/.test(l) && !l.includes('Sepolia Main'))).toEqual([]);
    expect(said).toMatch(/kept as read before, marked \?\): sepolia-main/);
    // Once a read answers (the injected failures used up), the marks go.
    // (Read until one answers: counting every request of it ever made, those of the diagnosis before the injection included, stopped short.)
    while (!(await h.client.relayerStatus('sepolia-main').then(() => true, () => false)));
    await h.press('r');
    await h.waitFor((x) => /unchanged \(the list and 15 statuses read again\)|refreshed \d\d:\d\d:\d\d: /.test(x), 'read again');
    const after = (await h.waitFor((x) => !/ETH\?/.test(x), 'the marks gone')).split('\n').find((l) => l.includes('Sepolia Main'))!;
    expect(after).not.toMatch(/\?/);
  });

  it('a status answered after the budget: marked ? while it is late, unmarked once its answer comes', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    await h.waitFor((x) => /^\d+ jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x) && / PEND /.test(x), 'the first screen with its figures');
    h.sandbox.clock.stop();
    const { text } = await rawGet(h, '/relayers/linea-idle/status');
    h.sandbox.inject({ status: 200, body: text, delayMs: 3_000, match: { method: 'GET', pathPrefix: '/api/v1/relayers/linea-idle/status' }, times: 1 });
    await h.press('r');
    const late = await h.waitFor((x) => /1 status not read again/.test(x), 'the answer to r, one late');
    expect(late.split('\n').find((l) => l.includes('Linea Idle'))).toMatch(/ETH\?\s+0\?\s+—\?/);
    // Its answer comes: the figures are as read now, the marks go.
    await h.waitFor((x) => !/\?/.test(x.split('\n').find((l) => l.includes('Linea Idle')) ?? '?'), 'the marks gone once it answered');
  });

  it('watched (not r): a status not read again is marked ? and named in :messages all the same (a walk found rows marked ? and nothing said)', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30, services: { watchMs: 1_000 } });
    await h.waitFor((x) => /^\d+ jammed /m.test(x) && / PEND /.test(x), 'the first screen with its figures');
    h.sandbox.clock.stop();
    // linea-idle's status fails for a while (the server's 500; the jam diagnosis reads it too).
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: { method: 'GET', pathPrefix: '/api/v1/relayers/linea-idle/status' }, times: 40 });
    const said = await h.waitFor((x) => /1 status not read again with the list/.test(x), 'said');
    expect(said.split('\n').find((l) => l.includes('Linea Idle'))).toMatch(/ETH\?\s+0\?/);
    // Said once for this set (watch reads it again every second), and whole in :messages.
    await h.press(':', ...'messages', '\r');
    const messages = (await h.waitFor((x) => /messages/.test(x) && /not read again with the list/.test(x), ':messages')).replace(/\s+/g, ' ');
    expect(messages).toContain('1 status not read again with the list (no answer within 2 s, or the read failed: kept as read before, marked ?): linea-idle');
    expect(messages.split('not read again with the list').length - 1).toBe(1);
  });

  it("r on one relayer's detail marks no other row of the list behind it ? (a walk found every row but one marked)", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    await h.waitFor((x) => /^\d+ jammed /m.test(x) && / PEND /.test(x) && !/ …\s/.test(x), 'the first screen with its figures');
    await h.press('i');
    await h.waitFor((x) => /live status\s+from the server/.test(x), 'the detail');
    await h.press('r');
    await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d: the relayer/.test(x), 'read again');
    await h.press('\x1b');
    const list = await h.waitFor((x) => x.includes('Linea Idle') && / PEND /.test(x), 'the list again');
    expect(list.split('\n').filter((l) => /(ETH|AVAX|BNB|POL|SOL|XLM)\?/.test(l))).toEqual([]);
  });

  it("r on a relayer's detail reads the relayer and its status again, and says so (a walk found it never fresher than its opening)", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 40, route: { kind: 'relayer', relayerId: 'sepolia-main' } });
    await h.waitFor((x) => /live status\s+from the server/.test(x) && /pending transactions/.test(x), 'the detail with its status');
    const reads = () => h!.sandbox.requests.filter((q) => /\/relayers\/sepolia-main\/status$/.test(q.url)).length;
    const before = reads();
    h.sandbox.clock.step(5);
    await h.press('r');
    await h.waitFor((x) => /refreshed \d\d:\d\d:\d\d: the relayer and its status read again/.test(x), 'the answer to r');
    expect(reads()).toBeGreaterThan(before);
  });
});
