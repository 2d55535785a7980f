/**
 * E2E: browsing against the built-in sandbox in a real pseudo-terminal: relayers and the filter,
 * server pages of bulk-1m, a transaction and its raw JSON, and a plugin call.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY, RELAYER_HEADER, TX_HEADER, assertBuilt, disposeAll, releaseCli, runCommand, selectedRow, startContractCli, tableRows, type Tui } from './pty.js';

beforeAll(assertBuilt);
afterEach(disposeAll);
afterAll(releaseCli);


/** `page N/M (T)` from the status bar. */
function pageInfo(rows: string[]): { page: number; pages: number; total: number } | undefined {
  const m = rows.join('\n').match(/page ([\d,]+)\/([\d,]+) \(([\d,]+)\)/);
  if (!m) return undefined;
  const n = (s: string) => Number(s.replaceAll(',', ''));
  return { page: n(m[1]!), pages: n(m[2]!), total: n(m[3]!) };
}

function nonceOf(row: string | undefined): number | undefined {
  const m = row?.match(/^[› ] \S+\s+(\d+)\s/);
  return m ? Number(m[1]) : undefined;
}

describe('browse (e2e, built CLI in a pty, built-in sandbox)', () => {
  it('lists relayers, filters them with / (enter keeps the filter, esc clears it) and opens a filtered row', async () => {
    const tui = await startContractCli();
    let rows = await tui.waitForText('SANDBOX');
    const all = tableRows(rows, RELAYER_HEADER);
    expect(all).toHaveLength(15);
    expect(rows[0]).toMatch(/relayer-tui › relayers/);

    tui.press('/');
    await tui.waitForText(/^\/\s+15 of 15/m);
    tui.press('sep');
    rows = await tui.waitForText(/^\/sep\s+2 of 15/m);
    let shown = tableRows(rows, RELAYER_HEADER);
    expect(shown).toHaveLength(2);
    expect(shown.every((r) => /sepolia/.test(r))).toBe(true);
    expect(rows.join('\n')).not.toContain('Arbitrum Payouts');

    // enter keeps the filter and leaves the text entry: j moves the selection again.
    tui.press(KEY.enter);
    rows = await tui.waitForScreen((r) => r.some((l) => /^\/sep\s+2 of 15 on this page · esc clears/.test(l)), 3000, 'the kept filter');
    expect(tableRows(rows, RELAYER_HEADER)).toHaveLength(2);
    tui.press('j');
    rows = await tui.waitForScreen((r) => /Sepolia Main/.test(selectedRow(r) ?? ''), 3000, 'Sepolia Main selected');
    shown = tableRows(rows, RELAYER_HEADER);
    expect(shown).toHaveLength(2);

    // enter opens the selected (filtered) relayer; esc comes back to the still-filtered list.
    tui.press(KEY.enter);
    rows = await tui.waitForScreen((r) => r[0]!.includes('Sepolia Main › transactions') && tableRows(r, TX_HEADER).length > 0, 5000, 'the sepolia-main transactions');
    expect(rows.find((r) => r.startsWith('SANDBOX'))).toMatch(/sepolia-main/);
    tui.press(KEY.esc);
    rows = await tui.waitForScreen((r) => r[0]!.endsWith('› relayers') && tableRows(r, RELAYER_HEADER).length > 0, 3000, 'the relayers list');
    expect(rows.some((r) => /^\/sep\s+2 of 15/.test(r))).toBe(true);
    expect(selectedRow(rows)).toMatch(/Sepolia Main/);

    // esc clears the filter.
    tui.press(KEY.esc);
    rows = await tui.waitForScreen((r) => tableRows(r, RELAYER_HEADER).length === 15, 3000, 'all 15 relayers again');
    expect(rows.some((r) => r.startsWith('/'))).toBe(false);
  });

  it('pages forward and back through bulk-1m with ] and [', async () => {
    const tui = await startContractCli();
    await runCommand(tui, 'tx bulk-1m');
    let rows = await tui.waitForScreen((r) => pageInfo(r)?.page === 1 && tableRows(r, TX_HEADER).length > 0, 8000, 'bulk-1m page 1');
    const first = pageInfo(rows)!;
    expect(first.total).toBe(1_000_000);
    const perPage = tableRows(rows, TX_HEADER).length;
    expect(first.pages).toBe(Math.ceil(1_000_000 / perPage));
    // Newest first: page p starts at nonce 999,999 - (p-1) * perPage.
    const expectedTop = (p: number) => 999_999 - (p - 1) * perPage;
    expect(nonceOf(selectedRow(rows))).toBe(expectedTop(1));

    for (const p of [2, 3, 4, 5]) {
      tui.press(']');
      rows = await tui.waitForScreen((r) => pageInfo(r)?.page === p && nonceOf(selectedRow(r)) === expectedTop(p), 5000, `page ${p}`);
      expect(pageInfo(rows)).toEqual({ page: p, pages: first.pages, total: 1_000_000 });
      expect(tableRows(rows, TX_HEADER)).toHaveLength(perPage);
      expect(nonceOf(tableRows(rows, TX_HEADER).at(-1))).toBe(expectedTop(p) - perPage + 1);
    }
    for (const p of [4, 3]) {
      tui.press('[');
      rows = await tui.waitForScreen((r) => pageInfo(r)?.page === p && nonceOf(selectedRow(r)) === expectedTop(p), 5000, `back to page ${p}`);
    }
    expect(rows.join('\n')).toContain(`page 3/${first.pages.toLocaleString('en-US')}`);
  });

  it('scrolls a long page a row at a time, both ways, with every row where it belongs', async () => {
    // 100 rows in a 24-row terminal: moving past the window's edge scrolls it by one row, and the
    // terminal moves the other rows itself (src/ui/lineShift.ts): the screen must still read as a
    // window of consecutive nonces with the selection on the right one.
    const tui = await startContractCli({ cols: 80, rows: 24, args: ['--per-page', '100'] });
    await runCommand(tui, 'tx bulk-1m');
    let rows = await tui.waitForScreen((r) => nonceOf(selectedRow(r)) === 999_999, 8000, 'bulk-1m page 1');
    const height = tableRows(rows, TX_HEADER).length;
    expect(height).toBeLessThan(30);
    const statusBar = rows.findIndex((r) => r.startsWith('SANDBOX'));
    const expectWindow = (r: string[], top: number, selected: number) => {
      const nonces = tableRows(r, TX_HEADER).map(nonceOf);
      expect(nonces).toEqual(Array.from({ length: height }, (_, i) => 999_999 - top - i));
      expect(nonceOf(selectedRow(r))).toBe(999_999 - selected);
      expect(r.findIndex((l) => l.startsWith('SANDBOX'))).toBe(statusBar);
    };
    const press = async (key: string, times: number, selected: number) => {
      for (let i = 0; i < times; i++) tui.press(key);
      return tui.waitForScreen((r) => nonceOf(selectedRow(r)) === 999_999 - selected, 5000, `row ${selected} selected`);
    };
    rows = await press('j', height + 5, height + 5);
    expectWindow(rows, 6, height + 5); // scrolled by six rows, one at a time
    rows = await press('k', height - 1, 6);
    expectWindow(rows, 6, 6); // back up inside the window: no scroll
    rows = await press('k', 4, 2);
    expectWindow(rows, 2, 2); // past the top edge: scrolled back by four
  });

  it('opens a transaction and toggles its raw JSON with v', async () => {
    const tui = await startContractCli();
    await runCommand(tui, 'tx bulk-1m');
    await tui.waitForScreen((r) => nonceOf(selectedRow(r)) === 999_999, 8000, 'bulk-1m page 1');
    tui.press('j');
    await tui.waitForScreen((r) => nonceOf(selectedRow(r)) === 999_998, 3000, 'second row selected');
    tui.press(KEY.enter);
    let rows = await tui.waitForText(/› transaction \S+/);
    const id = rows[0]!.match(/transaction (\S+)/)![1]!;
    const field = (name: string) => rows.find((r) => r.startsWith(`${name} `))?.slice(name.length).trim();
    expect(field('nonce')).toBe('999998');
    expect(field('relayer_id')).toBe('bulk-1m');
    expect(field('id')).toBe(id);

    tui.press('v');
    rows = await tui.waitForText('(raw JSON)');
    const text = rows.join('\n');
    expect(text).toContain(`"id": "${id}"`);
    expect(text).toContain('"relayer_id": "bulk-1m"');
    expect(text).toContain('"nonce": 999998');

    tui.press('v');
    rows = await tui.waitForScreen((r) => !r[0]!.includes('(raw JSON)') && r.some((l) => l.startsWith('nonce ')), 3000, 'the field view again');

    tui.press(KEY.esc);
    rows = await tui.waitForScreen((r) => tableRows(r, TX_HEADER).length > 0, 3000, 'the transactions list');
    expect(nonceOf(selectedRow(rows))).toBe(999_998);
  });

  it('calls the logs plugin and shows the log levels', async () => {
    const tui = await startContractCli();
    await runCommand(tui, 'plugin logs');
    await tui.waitForText('relayer-tui › plugin logs');
    tui.press(KEY.ctrlS);
    let rows = await tui.waitForText('POST /api/v1/plugins/logs/call');
    expect(rows.join('\n')).toMatch(/Review/);
    tui.press('y');
    rows = await tui.waitForText('✓ Done');
    const levels = new Set(rows.map((r) => r.match(/^\s+(LOG|DEBUG|INFO|WARN|ERROR)\s/)?.[1]).filter(Boolean));
    for (const level of ['INFO', 'WARN', 'ERROR', 'DEBUG']) expect(levels, `level ${level} on screen`).toContain(level);
    expect(rows.join('\n')).toMatch(/logs \(\d+\)/);
  });
});
