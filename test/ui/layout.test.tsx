/** 80x24 and 60x20: columns drop by priority, the frame stays below the terminal height, resize re-lays out. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, frameLines, statusLine, tableRows } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const header = (f: string) => (frameLines(f).find((l) => /^ {2}[A-Z]+\s+[A-Z]/.test(l)) ?? '').trim().split(/\s+/);

/** At most rows-1 lines, none wider than the terminal, status bar second to last, footer last. */
function expectFits(f: string, columns: number, rows: number) {
  const lines = frameLines(f);
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
  expect(lines[lines.length - 2]).toMatch(/^SANDBOX │/);
  expect(lines[lines.length - 1]).toMatch(/\? help/);
}

describe.each([
  [80, 24],
  [60, 20],
])('%ix%i', (columns, rows) => {
  it('relayers: state and name stay, lower-priority columns drop, the frame fits', async () => {
    h = await renderApp({ columns, rows });
    const f = await h.waitFor((x) => x.includes('Sepolia Main') && x.includes(' ms'));
    expectFits(f, columns, rows);
    const cols = header(f);
    expect(cols.slice(0, 2)).toEqual(['STATE', 'NAME']);
    expect(cols).not.toContain('ADDRESS');
    if (columns === 60) expect(cols).not.toContain('TYPE');
    // Title, the line above the table, header; status bar, footer and the blank last row.
    expect(tableRows(f).length).toBe(Math.min(15, rows - 6));
  });

  it('transactions, detail and help: status, age kept; hash dropped at 60; every screen fits', async () => {
    h = await renderApp({ columns, rows, route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    const f = await h.waitFor((x) => /page 1\/\d/.test(statusLine(x)));
    expectFits(f, columns, rows);
    const cols = header(f);
    expect(cols[0]).toBe('STATUS');
    expect(cols[cols.length - 1]).toBe('AGE');
    // The price stays (a stuck transaction is about it): the recipient drops first, then the hash.
    expect(cols).toContain('FEE');
    expect(cols).not.toContain('TO');
    if (columns === 60) expect(cols).not.toContain('HASH');
    expect(tableRows(f)).toHaveLength(rows - 5);
    await h.press(KEY.enter);
    const detail = await h.waitFor((x) => /› transaction /.test(frameLines(x)[0]!));
    expectFits(detail, columns, rows);
    await h.press('v');
    expectFits(await h.waitFor((x) => frameLines(x)[1] === '{'), columns, rows);
    await h.press('?');
    const help = await h.waitFor((x) => frameLines(x)[0]!.includes('help'));
    expect(frameLines(help).length).toBeLessThanOrEqual(rows - 1);
    expect(frameLines(help)[frameLines(help).length - 2]).toMatch(/^SANDBOX/);
  });
});

describe('resize', () => {
  it('100x30 → 80x24 → 60x20 re-lays out the emulated screen with no leftover lines', async () => {
    h = await renderApp({ terminal: true, columns: 100, rows: 30 });
    await h.waitFor((f) => f.includes('Stellar Testnet') && f.includes(' ms'), 'loaded');
    expect(h.screen()[2]).toContain('ADDRESS');
    for (const [columns, rows] of [
      [80, 24],
      [60, 20],
    ] as const) {
      h.stdout.resize(columns, rows);
      // The emulator first reflows the old frame (as a real terminal does); then the app redraws.
      await h.waitFor(() => {
        const s = h!.screen();
        return s.length === rows && s[0] === 'relayer-tui › relayers' && s[rows - 3]!.startsWith('SANDBOX') && /^\? help/.test(s[rows - 2]!) && s[rows - 1] === '';
      }, `relaid out at ${columns}x${rows}`);
      const screen = h.screen();
      expect(screen.filter((l) => l.includes('SANDBOX'))).toHaveLength(1);
      expect(screen.filter((l) => l.includes('relayer-tui › relayers'))).toHaveLength(1);
      expect(screen[0]).toBe('relayer-tui › relayers');
      expect(screen[rows - 2]).toMatch(/^\? help/);
      expect(screen[rows - 1]).toBe('');
      // Between the last relayer row and the status bar: blank, nothing left from the old layout.
      // (At 60x20 the window holds 14 of the 15: the line above the table has its row.)
      const last = screen.findLastIndex((l) => /^[› ][ *](active|paused|disabled)\s/.test(l));
      expect(last).toBeGreaterThan(2);
      for (const l of screen.slice(last + 1, rows - 3)) expect(l.trim()).toBe('');
      for (const l of screen) expect(l.trimEnd().length).toBeLessThanOrEqual(columns);
    }
  });

  it('transactions re-query a page that fits the new height', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, columns: 100, rows: 30 });
    await h.waitFor((f) => statusLine(f).includes('page 1/3 (60)'));
    h.stdout.resize(80, 24);
    const f = await h.waitFor((x) => statusLine(x).includes('page 1/4 (60)') && tableRows(x).length === 19, 'resized');
    expectFits(f, 80, 24);
    h.stdout.resize(60, 20);
    await h.waitFor(() => h!.sandbox.requests.some((r) => r.url.includes('per_page=15')), 'a page of 15 requested');
    const g = await h.waitFor((x) => statusLine(x).includes('page 1/4 (60)') && tableRows(x).length === 15, 'resized again');
    expectFits(g, 60, 20);
    const perPage = h.sandbox.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('per_page'));
    expect(perPage).toEqual(expect.arrayContaining(['25', '19', '15']));
  });

  it('a resize (a tmux zoom) that re-pages keeps the selected transaction selected and on screen', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'bulk-1m' }, columns: 100, rows: 30 });
    await h.waitFor((f) => statusLine(f).includes('page 1/40,000'));
    await h.press(':page 3\r');
    await h.waitFor((f) => statusLine(f).includes('page 3/40,000'));
    await h.press(...Array(20).fill('j'));
    const nonce = (f: string) => /^\S+\s+(\d+)/.exec(cursorRow(f))?.[1];
    const before = nonce(await h.waitFor((f) => cursorRow(f) !== '' && tableRows(f).indexOf(cursorRow(f)) === 20, 'row 21 selected'));
    expect(before).toBe(String(1_000_000 - 1 - 50 - 20));
    for (const [cols, rows] of [[80, 24], [200, 60], [60, 20], [100, 30]] as const) {
      h.stdout.resize(cols, rows);
      const f = await h.waitFor((x) => nonce(x) === before && tableRows(x).length === rows - 5, `${cols}x${rows}: the same transaction selected`);
      expectFits(f, cols, rows);
    }
  });
});
