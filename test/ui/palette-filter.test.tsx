/** The `:` command palette and the `/` filter over loaded rows. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, footerLine, frameLines, rawGet, relayerName, running, statusLine, tableRows, waitForExit } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const title = (f: string) => frameLines(f)[0] ?? '';

async function relayersLoaded(opts: Parameters<typeof renderApp>[0] = {}): Promise<Harness> {
  h = await renderApp(opts);
  await h.waitFor((f) => f.includes('Sepolia Main') && f.includes('Stellar Testnet'), 'relayers');
  return h;
}

describe('command palette', () => {
  it(':tx sep + tab completes the relayer id; enter opens its transactions', async () => {
    await relayersLoaded();
    await h!.press(':');
    await h!.waitFor((f) => footerLine(f).startsWith(':'), 'palette open');
    await h!.press('t', 'x', ' ', 's', 'e', 'p');
    await h!.waitFor((f) => footerLine(f).startsWith(':tx sep'));
    await h!.press(KEY.tab);
    await h!.waitFor((f) => footerLine(f).startsWith(':tx sepolia-main'), 'completed');
    await h!.press(KEY.enter);
    const f = await h!.waitFor((x) => title(x).includes('Sepolia Main › transactions') && x.includes('ETH'), 'transactions');
    expect(statusLine(f)).toContain('sepolia-main');
  });

  it('the hint shows what fits the width (and how many more), a single candidate too; ctrl+w and ctrl+u edit the line (issue 28.9)', async () => {
    await relayersLoaded({ columns: 60 });
    await h!.press(':');
    let f = await h!.waitFor((x) => footerLine(x).startsWith(':'), 'palette open');
    // Not a fixed 8: as many as fit in 60 columns, then how many more.
    expect(footerLine(f)).toMatch(/^:\s+relayers\s+tx .* \+\d+ more$/);
    await h!.press('l');
    f = await h!.waitFor((x) => footerLine(x).startsWith(':l'));
    expect(footerLine(f)).toMatch(/^:l\s+tab: log$/);
    await h!.press('o', 'g', ' ', 'x');
    await h!.waitFor((x) => footerLine(x).startsWith(':log x'));
    await h!.press('\x17');
    await h!.waitFor((x) => footerLine(x).trimEnd() === ':log', 'ctrl+w took the word back');
    await h!.press('\x15');
    await h!.waitFor((x) => /^:\s+relayers\s+tx /.test(footerLine(x)), 'ctrl+u cleared the line');
  });

  it('tab on an empty line puts the commands on it in turn (shift+tab back); the next key types on, enter runs it', async () => {
    await relayersLoaded();
    await h!.press(':');
    await h!.waitFor((x) => footerLine(x).startsWith(':'), 'palette open');
    await h!.press(KEY.tab);
    let f = await h!.waitFor((x) => footerLine(x).startsWith(':relayers '), 'the first command');
    expect(footerLine(f)).toMatch(/^:relayers\s+\[relayers\]  tab: tx  stuck /);
    await h!.press(KEY.tab, KEY.tab);
    await h!.waitFor((x) => footerLine(x).startsWith(':stuck '), 'the third');
    await h!.press(KEY.shiftTab);
    f = await h!.waitFor((x) => footerLine(x).startsWith(':tx '), 'back one');
    await h!.press(' ', 'b', 'u', KEY.tab);
    await h!.waitFor((x) => footerLine(x).startsWith(':tx bulk-1m'), 'the argument completed');
    await h!.press(KEY.enter);
    f = await h!.waitFor((x) => statusLine(x).includes('(1,000,000)'), 'bulk-1m');
    expect(title(f)).toContain('Bulk 1M (load test) › transactions');
  });

  it('a whole chunk ":tx bu<tab><enter>" (fast typing) opens bulk-1m', async () => {
    await relayersLoaded();
    await h!.press(':tx bu\t\r');
    const f = await h!.waitFor((x) => statusLine(x).includes('(1,000,000)'), 'bulk-1m');
    expect(title(f)).toContain('Bulk 1M (load test) › transactions');
  });

  it('shows the candidates while typing and :relayers goes back to the list as it was', async () => {
    await relayersLoaded();
    await h!.press('j', 'j', 'j');
    await h!.waitFor((f) => cursorRow(f).includes('BSC Treasury'));
    await h!.press(':tx s');
    const f = await h!.waitFor((x) => footerLine(x).startsWith(':tx s'));
    expect(footerLine(f)).toMatch(/sepolia-main\s+solana-devnet\s+solana-mainnet/);
    await h!.press('olana-devnet', KEY.enter);
    await h!.waitFor((x) => title(x).includes('Solana Devnet › transactions'), 'solana transactions');
    await h!.press(':relayers', KEY.enter);
    await h!.waitFor((x) => title(x) === 'relayer-tui › relayers' && cursorRow(x).includes('BSC Treasury'), 'relayers, cursor kept');
  });

  it(':plugin <id> and :notify open their screens; esc goes back to the relayers', async () => {
    await relayersLoaded();
    await h!.press(':plugin echo', KEY.enter);
    await h!.waitFor((f) => /plugin/i.test(title(f)) && title(f).includes('echo'), 'plugin screen');
    await h!.press(KEY.esc);
    await h!.waitFor((f) => title(f) === 'relayer-tui › relayers', 'back');
    await h!.press(':notify', KEY.enter);
    await h!.waitFor((f) => /notif/i.test(title(f)), 'notify screen');
    await h!.press(KEY.esc);
    await h!.waitFor((f) => title(f) === 'relayer-tui › relayers', 'back again');
  });

  it('an unknown command flashes an error and closes the palette; esc closes it too', async () => {
    await relayersLoaded();
    await h!.press(':frob', KEY.enter);
    const f = await h!.waitFor((x) => statusLine(x).includes('Unknown command :frob'), 'error flash');
    expect(footerLine(f)).not.toMatch(/^:/);
    expect(title(f)).toBe('relayer-tui › relayers');
    await h!.press(':', 'q');
    await h!.waitFor((x) => footerLine(x).startsWith(':q'));
    await h!.press(KEY.esc);
    await h!.waitFor((x) => !footerLine(x).startsWith(':'), 'palette closed');
    expect(running(h!)).toBe(true);
  });

  it("a typo gets the command line's did-you-mean; :page past the end says the pages in words (1 page, not '1 pages')", async () => {
    await relayersLoaded({ columns: 120 });
    await h!.press(':stuk', KEY.enter);
    await h!.waitFor((x) => statusLine(x).includes('Unknown command :stuk — did you mean :stuck?'), 'did you mean');
    await h!.press(':page 5', KEY.enter);
    const f = await h!.waitFor((x) => /There (is|are) /.test(statusLine(x)), 'past the end');
    expect(statusLine(f)).toMatch(/There is 1 page at \d+ per page/);
  });

  it(':q quits', async () => {
    await relayersLoaded();
    await h!.press(':q', KEY.enter);
    await waitForExit(h!);
  });
});

describe('filter', () => {
  it('filters case-insensitively over names and ids; enter keeps it, esc clears it', async () => {
    await relayersLoaded();
    await h!.press('/');
    await h!.waitFor((f) => /^\/.*enter keeps, esc clears/m.test(f), 'filter line');
    // Inside the filter, ? is text but F1 still opens help.
    await h!.press('?');
    await h!.waitFor((x) => /^\/\?\s+0 of 15/m.test(x), '? typed into the filter');
    await h!.press(KEY.f1);
    await h!.waitFor((x) => frameLines(x)[0]!.includes('help'), 'F1 in the filter');
    await h!.press(KEY.f1);
    await h!.waitFor((x) => /^\/\?\s+0 of 15 on this page · enter keeps/m.test(x), 'back in the filter');
    await h!.press(KEY.backspace, 'S', 'O', 'L', 'A', 'N', 'A');
    const f = await h!.waitFor((x) => x.includes('2 of 15'), 'filtered');
    expect(tableRows(f).map(relayerName)).toEqual(['Solana Devnet', 'Solana Mainnet']);
    await h!.press(KEY.enter);
    const kept = await h!.waitFor((x) => /^\/SOLANA\s+2 of 15 on this page · esc clears$/m.test(x), 'kept');
    expect(tableRows(kept)).toHaveLength(2);
    // Keys are commands again: j moves within the filtered rows, enter opens the row.
    await h!.press('j');
    await h!.waitFor((x) => cursorRow(x).includes('Solana Mainnet'));
    await h!.press(KEY.esc);
    const cleared = await h!.waitFor((x) => !x.includes('of 15') && tableRows(x).length === 15, 'cleared');
    expect(statusLine(cleared)).not.toContain('Already at the top');
  });

  it('matches ids, networks and the middle of an address, and backspace edits', async () => {
    await relayersLoaded();
    await h!.press('/stellar-test');
    let f = await h!.waitFor((x) => x.includes('1 of 15'));
    expect(cursorRow(f)).toContain('Stellar Testnet');
    await h!.press(KEY.backspace, KEY.backspace, KEY.backspace, KEY.backspace);
    f = await h!.waitFor((x) => /^\/stellar-\s/m.test(x));
    expect(f).toContain('2 of 15');
    await h!.press(KEY.esc);
    await h!.waitFor((x) => tableRows(x).length === 15);
    const { json } = await rawGet(h!, '/relayers?page=1&per_page=100');
    const polygon = (json.data as { id: string; address: string }[]).find((r) => r.id === 'polygon-ops')!;
    await h!.press('/', polygon.address.slice(15, 27).toUpperCase(), KEY.enter);
    f = await h!.waitFor((x) => x.includes('1 of 15'), 'address filter');
    expect(cursorRow(f)).toContain('Polygon Ops');
    await h!.press(KEY.enter);
    await h!.waitFor((x) => title(x).includes('Polygon Ops › transactions'), 'enter opens the filtered row');
  });

  it('text typed in the same chunk as / goes into the filter (fast typing over SSH)', async () => {
    await relayersLoaded();
    await h!.press('/holesky\r');
    const f = await h!.waitFor((x) => /^\/holesky\s+1 of 15 on this page · esc clears$/m.test(x), 'chunk filter');
    expect(cursorRow(f)).toContain('Holesky Test');
  });

  it('filters transactions by status and says when nothing matches', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => statusLine(f).includes('page 1/3'));
    await h.press('/failed', KEY.enter);
    let f = await h.waitFor((x) => /^\/failed\s+\d+ of 25/m.test(x));
    const rows = tableRows(f);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatch(/^failed\s/);
    await h.press('/zzzz-nothing', KEY.enter);
    f = await h.waitFor((x) => x.includes('No transactions match'));
    expect(f).toContain('0 of 25');
  });
});
