/** The relayers list against the real-server flavor: columns, middle-shortened addresses, order by name. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { columnCells, cursorRow, frameLines, rawGet, relayerName, statusLine, tableRows } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

interface RawRelayer {
  id: string;
  name: string;
  network: string;
  network_type: string;
  address: string;
  paused: boolean;
  system_disabled: boolean;
}

describe('relayers list (real flavor)', () => {
  it('is sorted by name although the server sends them shuffled', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 140 });
    const f = await h.waitFor((x) => x.includes('Sepolia Main') && statusLine(x).includes('(15)'));
    const raw = (await rawGet(h, '/relayers?page=1&per_page=100')).json.data as RawRelayer[];
    const serverOrder = raw.map((r) => r.name);
    const sorted = [...serverOrder].sort((a, b) => a.localeCompare(b));
    expect(serverOrder).not.toEqual(sorted);
    // By the header's positions: NAME as wide as its longest leaves one space before the next column.
    const shown = columnCells(f, 'NAME');
    expect(shown).toEqual(sorted);
  });

  it('shows name, the live status (balance, pending, last confirmation), id, network, type, the address shortened in the middle, and the state in words', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 140 });
    // The status columns come once the dialect is known and the statuses have arrived (no "…" left).
    // And the jams diagnosed: until its diagnosis comes a relayer reads `reading…`, never `active` (issue 51).
    const f = await h.waitFor((x) => x.includes('Sepolia Main') && statusLine(x).includes('(15)') && x.includes('BALANCE') && !/ … /.test(x) && !/reading…/.test(x));
    // The header (below the jam line, once the diagnosis has found the seeded jams).
    expect(frameLines(f).find((l) => /^\s+STATE\s/.test(l))!.trim().split(/\s+/)).toEqual(['STATE', 'NAME', 'BALANCE', 'PEND', 'LAST', 'OK', 'ID', 'NETWORK', 'TYPE', 'ADDRESS']);
    expect(f).toMatch(/Polygon Ops\s+\d+\.\d{6,18}…? POL\s+\d+\s+\S+ polygon-ops/);
    expect(f).toMatch(/Stellar Testnet\s+[\d,]+\.\d+ XLM/);
    const raw = (await rawGet(h, '/relayers?page=1&per_page=100')).json.data as RawRelayer[];
    const rows = tableRows(f);
    for (const r of raw) {
      const row = rows.find((x) => x.includes(` ${r.id} `))!;
      expect(row, r.id).toBeDefined();
      const cells = row.split(/\s+/);
      const state = r.system_disabled ? 'disabled' : r.paused ? 'paused' : 'active';
      // The seeded jams read `jammed` once their diagnosis is in (test/ui/jams.test.tsx); the rest their own state.
      const jammed = ['holesky-test', 'avalanche-bridge', 'optimism-relay', 'bulk-1m'].includes(r.id);
      // Under its minimum balance (its policy's 100 ETH) and paused: paused, the worse (test/ui/lowBalance.test.tsx).
      const low = r.id === 'mainnet-hot' && !r.paused;
      expect(jammed ? ['jammed', state] : low ? ['low', state] : [state], r.id).toContain(cells[0]);
      expect(row).toContain(r.name);
      expect(cells).toContain(r.network);
      expect(cells).toContain(r.network_type);
      // Whole where the width allows (issue 18.8), else shortened in the middle, both ends kept.
      const addr = cells[cells.length - 1]!;
      if (addr !== r.address) {
        expect(addr).toMatch(/^.+….+$/);
        const [head, tail] = addr.split('…');
        expect(r.address.startsWith(head!)).toBe(true);
        expect(r.address.endsWith(tail!)).toBe(true);
        expect(addr.length).toBeLessThan(r.address.length);
      }
    }
  });

  it('enter opens the selected relayer\'s transactions', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' } });
    await h.waitFor((x) => x.includes('Stellar Testnet'));
    await h.press('G');
    await h.waitFor((x) => cursorRow(x).includes('Stellar Testnet'));
    await h.press(KEY.enter);
    const f = await h.waitFor((x) => frameLines(x)[0] === 'relayer-tui › Stellar Testnet › transactions (stellar)' && /page 1\/\d/.test(statusLine(x)));
    expect(statusLine(f)).toContain('stellar-testnet');
    expect(statusLine(f)).toContain('(24)');
  });
});
