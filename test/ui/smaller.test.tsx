/** Issue 18.10: the smaller things — each with the behaviour it was missing. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { frameLines, running, statusLine, tableRows, waitForExit } from './support.js';
import { focusedField, palette, settle, writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const title = (f: string) => frameLines(f)[0] ?? '';

describe('forms keep what was typed', () => {
  it('ctrl+c in a form with edits asks first: a second ctrl+c quits, any other key stays (said first, readable at 80 columns)', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} }, columns: 80 });
    await h.waitFor((f) => f.includes('create notification') && focusedField(f) === 'url');
    await h.press('https://ops.example/hook');
    await h.press(KEY.ctrlC);
    await h.waitFor((f) => statusLine(f).endsWith('ctrl+c again quits (the form has unsent changes)'), 'asked');
    expect(running(h)).toBe(true);
    // Another key disarms it: the next ctrl+c asks again.
    await h.press('x');
    await h.press(KEY.ctrlC);
    await h.waitFor((f) => statusLine(f).includes('ctrl+c again quits'), 'asked again');
    expect(running(h)).toBe(true);
    await h.press(KEY.ctrlC);
    await waitForExit(h);
  });

  it("help's q says what is guarded (a form's unsent edits, a send in flight): a read in flight is not asked about, q quits while the relayers load", async () => {
    h = await renderApp({ columns: 220, rows: 120, sandbox: { latencyMs: 3000 } });
    await h.waitFor((f) => f.includes('relayers'), 'drawn');
    await h.press('?');
    const help = await h.waitFor((f) => frameLines(f)[0]!.includes('help'), 'help');
    const quitLine = frameLines(help).find((l) => /^\s*q\s+Quit/.test(l)) ?? '';
    expect(quitLine).toContain('Quit, q or ctrl+c (a form with unsent edits or a send in flight: ctrl+c asks first, q does not quit that form; a read in flight is not asked about)');
    expect(help).not.toContain('request in flight');
    await h.press(KEY.esc);
    await h.waitFor((f) => !frameLines(f)[0]!.includes('help'), 'help closed');
    // The relayers are still being read (3 s an answer): q quits at once.
    expect(tableRows(h.frame())).toEqual([]);
    await h.press('q');
    await waitForExit(h);
  });

  it('ctrl+c while a send is in flight asks first and says so', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} }, columns: 100, sandbox: { answerDelayMs: 5000 } });
    await h.waitFor((f) => f.includes('create notification') && focusedField(f) === 'url');
    await h.press('https://ops.example/hook');
    await h.press(KEY.ctrlS);
    await h.waitFor((f) => f.includes('Review:'), 'review');
    await h.press('y');
    await h.waitFor(() => h!.sandbox.requests.some((r) => r.method === 'POST'), 'sent');
    await h.press(KEY.ctrlC);
    await h.waitFor((f) => statusLine(f).includes('ctrl+c again quits (a send is in flight)'), 'asked');
    expect(running(h)).toBe(true);
    await h.press(KEY.ctrlC);
    await waitForExit(h);
  });

  it('esc and enter in one input chunk: both keys act (back, then open)', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => /^› pending/m.test(f));
    await h.press(KEY.enter);
    await h.waitFor((f) => /› transaction \S+/.test(title(f)), 'detail');
    await h.press('\x1b\r');
    // esc went back to the list and enter opened the selected row again.
    await h.waitFor((f) => /› transaction \S+/.test(title(f)) && h!.stdout.frames.some((x) => /› transactions/.test(title(x))), 'back and open again');
  });

  it('keys typed after enter in the same chunk are the opened screen\'s: enter v opens the raw JSON', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => /^› pending/m.test(f));
    await h.press('\rv');
    const f = await h.waitFor((x) => /› transaction \S+/.test(title(x)) && /\(raw JSON\)/.test(x), 'the raw JSON of the opened transaction');
    expect(f).not.toMatch(/not here: works in Detail views/);
  });
});

describe('lists say what is true', () => {
  it('s (status filter) marks no row as changed: another query is not a refresh', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, sandbox: { flavor: 'real' } });
    await h.waitFor((f) => /^› pending/m.test(f));
    await h.client.detectDialect();
    await h.press('s');
    const f = await h.waitFor((x) => title(x).includes('status=pending') && /^› pending/m.test(x), 'filtered');
    expect(tableRows(f).some((r) => r[1] === '*')).toBe(false);
  });

  it(':tx nope then ]: says nothing was loaded and why, not "Still loading…"', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'tx nope');
    await h.waitFor((f) => f.includes('Relayer with ID nope not found'), 'the 404');
    await h.press(']');
    const f = await h.waitFor((x) => statusLine(x).includes('Nothing loaded (404 Relayer with ID nope not found): r tries again'), 'the reason');
    expect(f).not.toContain('Still loading');
  });
});

describe(':log and :audit', () => {
  it(':log is newest first; enter opens the request whole; y copies its method and path', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'log');
    let f = await h.waitFor((x) => title(x).includes('log (') && /^› /m.test(x), 'the log');
    const times = tableRows(f).map((r) => r.slice(2, 10));
    expect([...times].sort().reverse()).toEqual(times);
    await h.press('y');
    await h.waitFor(() => h!.copied.length > 0, 'copied');
    expect(h.copied[0]).toMatch(/^GET \/api\/v1\/relayers\?page=1&per_page=\d+$/);
    await h.press(KEY.enter);
    f = await h.waitFor((x) => title(x).includes('log › GET /api/v1/relayers'), 'the request whole');
    expect(f).toMatch(/^method\s+GET$/m);
    expect(f).toMatch(/^status\s+200$/m);
  });
});

describe('help says what each screen does', () => {
  it('lists the form keys (text editing, c on a review) and the keys of this screen first', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} }, columns: 120, rows: 110 });
    await h.waitFor((f) => f.includes('create notification'));
    await h.press(KEY.f1);
    const f = await h.waitFor((x) => x.includes('help'), 'help');
    const lines = frameLines(f).map((l) => l.trim());
    expect(lines[1]).toMatch(/^On this screen/);
    for (const k of ['ctrl+a', 'ctrl+e', 'ctrl+u', 'ctrl+k', 'ctrl+w', 'c ']) expect({ k, shown: lines.some((l) => l.startsWith(k)) }).toEqual({ k, shown: true });
    // Keys of lists are not offered as this screen's.
    const elsewhere = lines.findIndex((l) => l.startsWith('Elsewhere'));
    const gAt = lines.findIndex((l) => /^g\s+First row/.test(l));
    expect(gAt).toBeGreaterThan(elsewhere);
    // In a form a printable key is text: of the global keys only F1, esc, ctrl+c and ctrl+l are offered as this screen's.
    const mine = lines.slice(1, elsewhere);
    expect(mine.filter((l) => /^(q|:|r|w|\?\/F1)\s{2,}/.test(l))).toEqual([]);
    for (const k of ['F1', 'esc', 'ctrl+c', 'ctrl+l']) expect({ k, shown: mine.some((l) => l.startsWith(`${k} `)) }).toEqual({ k, shown: true });
  });
});

describe('the signing key a server is known to refuse', () => {
  it('real flavour: a 3-character key is refused on the field before anything is sent', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} }, sandbox: { flavor: 'real' } });
    await h.client.detectDialect();
    await h.waitFor((f) => f.includes('create notification') && focusedField(f) === 'url');
    await h.press('https://ops.example/hook', KEY.tab, KEY.tab, 'abc', KEY.ctrlS);
    await h.waitFor((f) => f.includes('3 characters: this server refuses fewer than 32'), 'refused on the field');
    await settle(100);
    expect(writes(h)).toEqual([]);
  });

  it('contract flavour: the review warns, the operator decides', async () => {
    h = await renderApp({ route: { kind: 'operation', op: 'notification-create', target: {} } });
    await h.client.detectDialect();
    await h.waitFor((f) => f.includes('create notification') && focusedField(f) === 'url');
    await h.press('https://ops.example/hook', KEY.tab, KEY.tab, 'abc', KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(f).toMatch(/⚠ signing_key\s+3 characters: the OpenZeppelin Relayer refuses fewer than 32/);
  });
});
