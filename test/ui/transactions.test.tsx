/** The transactions list: one server page at a time, columns by network type, paging, refresh. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { body, cursorRow, frameLines, rawGet, relayerName, statusLine, tableRows } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

type RawTx = Record<string, unknown> & { id: string; status: string };
const headerCols = (f: string) => (frameLines(f).find((l) => /^ {2}STATUS\s/.test(l)) ?? '').trim().replace('FEE max/tip', 'FEE_max/tip').split(/\s+/);
/** Exact decimal ETH from wei given as 0x-hex or decimal, computed independently of the app. */
const eth = (v: string) => {
  const wei = BigInt(v);
  const whole = wei / 10n ** 18n;
  const frac = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return `${whole.toLocaleString('en-US')}${frac ? `.${frac}` : ''}`;
};

describe('columns by network type', () => {
  it('EVM: status, nonce, hash, to, value in ETH (from 0x-hex on the real server), fee, speed, age', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId: 'sepolia-main' }, columns: 120 });
    const f = await h.waitFor((x) => statusLine(x).includes('page 1/3 (60)'), 'loaded');
    expect(headerCols(f)).toEqual(['STATUS', 'NONCE', 'HASH', 'TO', 'VALUE', 'FEE_max/tip', 'SPEED', 'AGE']);
    const raw = (await rawGet(h, '/relayers/sepolia-main/transactions?page=1&per_page=25')).json.data as RawTx[];
    expect(String(raw[0]!.value)).toMatch(/^0x/);
    const rows = tableRows(f);
    expect(rows).toHaveLength(25);
    const seen = new Set<string>();
    raw.forEach((tx, i) => {
      const row = rows[i]!;
      // Status in words, the nonce, and the value converted from hex when it has few decimals.
      expect(row.startsWith(`${tx.status} `), row).toBe(true);
      // A pending one has no nonce yet on the real server (null): an empty cell, never the word null.
      if (tx.nonce === null) expect(row).not.toContain('null');
      else expect(row).toContain(` ${String(tx.nonce)} `);
      const value = eth(String(tx.value));
      if ((value.split('.')[1] ?? '').length <= 6) expect(row).toContain(`${value} ETH`);
      seen.add(tx.status);
    });
    expect([...seen].sort()).toEqual(['canceled', 'confirmed', 'expired', 'failed', 'mined', 'pending', 'sent', 'submitted']);
    expect(f).toMatch(/ 0\.0015 ETH /);
  });

  it('Solana: status, signature, age', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'solana-devnet' }, columns: 100 });
    const f = await h.waitFor((x) => x.includes('(solana)') && statusLine(x).includes('(24)'));
    const cols = headerCols(f);
    expect(cols[0]).toBe('STATUS');
    expect(cols).toContain('SIGNATURE');
    expect(cols[cols.length - 1]).toBe('AGE');
    expect(cols).not.toContain('NONCE');
    expect(cols).not.toContain('VALUE');
    const raw = (await rawGet(h, '/relayers/solana-devnet/transactions?page=1&per_page=25')).json.data as RawTx[];
    const signed = raw.findIndex((t) => typeof t.signature === 'string');
    const sig = raw[signed]!.signature as string;
    expect(tableRows(f)[signed]).toContain(sig.slice(0, 5));
    expect(tableRows(f)[signed]).toContain(sig.slice(-5));
  });

  it('Stellar: status, hash, sequence, fee, age', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'stellar-testnet' }, columns: 100 });
    const f = await h.waitFor((x) => x.includes('(stellar)') && statusLine(x).includes('(24)'));
    expect(headerCols(f)).toEqual(['STATUS', 'HASH', 'SEQUENCE', 'FEE', 'AGE']);
    const raw = (await rawGet(h, '/relayers/stellar-testnet/transactions?page=1&per_page=25')).json.data as RawTx[];
    tableRows(f).forEach((row, i) => {
      expect(row.startsWith(`${raw[i]!.status} `)).toBe(true);
      expect(row).toContain(` ${String(raw[i]!.sequence_number)} `);
      expect(row).toContain(` ${String(raw[i]!.fee)} `);
    });
  });
});

describe('server pages', () => {
  it('the page size fits the window and the status bar counts pages', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, rows: 20 });
    const f = await h.waitFor((x) => statusLine(x).includes('page 1/4 (60)'), 'page 1 of 4');
    expect(tableRows(f)).toHaveLength(15);
    const req = h.sandbox.requests.filter((r) => r.url.includes('/relayers/sepolia-main/transactions'));
    expect(req.map((r) => new URL(r.url, 'http://x').searchParams.get('per_page'))).toEqual(['15']);
  });

  it('] and [ move between pages; they say why at the last and the first page', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    const p1 = await h.waitFor((x) => statusLine(x).includes('page 1/3 (60)'));
    const firstRow = cursorRow(p1);
    await h.press('[');
    await h.waitFor((x) => statusLine(x).includes('Already on the first page'), '[ on the first page');
    await h.press(']');
    const p2 = await h.waitFor((x) => statusLine(x).includes('page 2/3 (60)'));
    expect(cursorRow(p2)).not.toBe(firstRow);
    await h.press(']');
    await h.waitFor((x) => statusLine(x).includes('page 3/3 (60)'));
    await h.press(']');
    await h.waitFor((x) => statusLine(x).includes('Already on the last page (3 of 3)'), '] on the last page');
    await h.press('[', '[');
    const back = await h.waitFor((x) => statusLine(x).includes('page 1/3 (60)') && tableRows(x).length === 25);
    expect(cursorRow(back)).toBe(firstRow);
  });

  it('bulk-1m: page 1 of 52,632 (1,000,000) at 80x24; ] several times reaches page 6, [ goes back', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'bulk-1m' }, columns: 80, rows: 24 });
    const f = await h.waitFor((x) => statusLine(x).includes('page 1/52,632 (1,000,000)'), 'bulk page 1');
    expect(cursorRow(f)).toMatch(/^pending\s+999999\s/);
    await h.press(']', ']', ']', ']', ']');
    const p6 = await h.waitFor((x) => statusLine(x).includes('page 6/52,632') && !statusLine(x).includes('loading'), 'page 6');
    expect(cursorRow(p6)).toMatch(/\s999904\s/);
    await h.press('[');
    const p5 = await h.waitFor((x) => statusLine(x).includes('page 5/52,632') && !statusLine(x).includes('loading'), 'page 5');
    expect(cursorRow(p5)).toMatch(/\s999923\s/);
    const pages = h.sandbox.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('page')).filter(Boolean);
    expect(pages[pages.length - 1]).toBe('5');
  });

  it('a page change in flight shows "loading page n…" and keeps the old rows until it arrives', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, sandbox: { latencyMs: 250 } });
    const p1 = await h.waitFor((x) => statusLine(x).includes('page 1/3'));
    await h.press(']');
    const loading = await h.waitFor((x) => statusLine(x).includes('loading page 2…'), 'loading');
    expect(cursorRow(loading)).toBe(cursorRow(p1));
    await h.waitFor((x) => statusLine(x).includes('page 2/3') && !statusLine(x).includes('loading'));
  });
});

describe('moving the cursor', () => {
  it('j/k/arrows, g/G, PgUp/PgDn and ctrl+d/ctrl+u, with a window smaller than the list', async () => {
    h = await renderApp({ rows: 12 });
    await h.waitFor((f) => f.includes('Arbitrum'));
    const { json } = await rawGet(h, '/relayers?page=1&per_page=100');
    const names = (json.data as { name: string }[]).map((r) => r.name).sort((a, b) => a.localeCompare(b));
    expect(names).toHaveLength(15);
    // 12 rows: title, the line above the table, header; status bar, footer, the blank last row — a window of 6.
    const W = 6;
    const at = async (i: number, what: string) => {
      // (A name as wide as its column is followed by the id after one space: `Bulk 1M (load test) bulk-1m`.)
      const f = await h!.waitFor((x) => `${relayerName(cursorRow(x))} `.startsWith(`${names[i]} `), `${what} → ${names[i]}`);
      expect(tableRows(f)).toHaveLength(W);
      return f;
    };
    await at(0, 'start');
    await h.press('G');
    const last = await at(14, 'G');
    expect(last).not.toContain(names[0]);
    await h.press('g');
    await at(0, 'g');
    await h.press(KEY.pageDown);
    await at(W, 'PgDn');
    await h.press('k');
    await at(W - 1, 'k');
    await h.press(KEY.up);
    await at(W - 2, 'up');
    await h.press(KEY.down, 'j');
    await at(W, 'down, j');
    await h.press(KEY.ctrlD);
    await at(W + Math.floor(W / 2), 'ctrl+d');
    await h.press(KEY.ctrlU);
    await at(W, 'ctrl+u');
    await h.press(KEY.pageUp);
    await at(0, 'PgUp');
    await h.press('k');
    await h.waitFor((x) => cursorRow(x).includes(names[0]!) && !statusLine(x).includes('not apply'));
  });
});

describe('refresh', () => {
  it('r on transactions keeps the selection on the same transaction when new ones arrive above it', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((x) => statusLine(x).includes('page 1/3 (60)'));
    await h.press('j', 'j', 'j');
    const before = await h.waitFor((x) => tableRows(x).findIndex((r) => r === cursorRow(x)) === 3);
    const selected = cursorRow(before);
    const raw = await rawGet(h, '/relayers/sepolia-main/transactions?page=1&per_page=25');
    const data = raw.json.data as RawTx[];
    const fresh = { ...data[0]!, id: 'fresh-0001', nonce: 4242, status: 'pending' };
    h.sandbox.inject({
      status: 200,
      body: body({ ...raw.json, data: [fresh, ...data.slice(0, 24)], pagination: { current_page: 1, per_page: 25, total_items: 61 } }),
      match: { pathPrefix: '/api/v1/relayers/sepolia-main/transactions' },
    });
    await h.press('r');
    const after = await h.waitFor((x) => x.includes(' 4242 ') && statusLine(x).includes('(61)'), 'refreshed');
    expect(cursorRow(after)).toBe(selected);
    expect(tableRows(after).indexOf(selected)).toBe(4);
  });

  it('r on relayers keeps the selected relayer when the sorted list shifts', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('G', 'k', 'k', 'k', 'k');
    await h.waitFor((f) => cursorRow(f).includes('Sepolia Main'));
    const raw = await rawGet(h, '/relayers?page=1&per_page=100');
    const data = raw.json.data as Record<string, unknown>[];
    const extra = { ...data[0]!, id: 'aaa-new', name: 'Aardvark New' };
    h.sandbox.inject({
      status: 200,
      body: body({ ...raw.json, data: [...data, extra], pagination: { current_page: 1, per_page: 100, total_items: 16 } }),
      match: { pathPrefix: '/api/v1/relayers?' },
    });
    await h.press('r');
    const after = await h.waitFor((f) => f.includes('Aardvark New'), 'refreshed');
    expect(cursorRow(after)).toContain('Sepolia Main');
    expect(statusLine(after)).toContain('(16)');
  });
});
