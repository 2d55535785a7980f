/** Finding one transaction among a million: :nonce and :find, against both sandbox flavours. */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { cursorRow, statusLine } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

describe(':nonce and :find', () => {
  it('contract server: :nonce computes the page from the newest nonce, reads it, selects the transaction', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'bulk-1m' } });
    await h.waitFor((f) => statusLine(f).includes('page 1/40,000'));
    const before = h.sandbox.requests.length;
    await h.press(':nonce 987,654\r');
    const f = await h.waitFor((x) => /^confirmed\s+987654\s/.test(cursorRow(x)) || /^\S+\s+987654\s/.test(cursorRow(x)), 'nonce 987654 selected');
    // newest nonce 999,999, 25 a page: index 12,345 → page 494 (with page 1 to read the newest).
    // Said which way it was found (issue 18.5).
    expect(statusLine(f)).toContain('nonce 987654: found on page 494, computed from the newest nonce 999999');
    // Page 1 (the newest nonce), the computed page, and that page again as the list loads it.
    expect(h.sandbox.requests.slice(before).map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual(['1', '494', '494']);
    await h.press(':nonce 2000000\r');
    await h.waitFor((x) => statusLine(x).includes('Nonce 2000000 is above the newest'), 'above');
  });

  it('OpenZeppelin Relayer: :nonce asks its by-nonce endpoint and opens the transaction; :find by id too', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId: 'bulk-1m' } });
    await h.waitFor((f) => statusLine(f).includes('page 1/40,000'));
    await h.client.detectDialect();
    await h.press(':nonce 5\r');
    await h.waitFor((x) => x.split('\n')[0]!.includes('transaction 00000000-0000-4000-8000-') && /nonce\s+5\b/.test(x), 'the detail of nonce 5');
    expect(h.sandbox.requests.some((r) => r.url === '/api/v1/relayers/bulk-1m/transactions/by-nonce/5')).toBe(true);
    await h.press('\x1b');
    await h.press(':nonce 1000001\r');
    await h.waitFor((x) => statusLine(x).includes('No transaction with nonce 1000001 on bulk-1m: ') && statusLine(x).endsWith('(:messages)'), 'not found');
    // Issue 43: beside a message too long for 80 columns, when the list was read stays said (the message is cut, whole in :messages).
    expect(statusLine(h.frame())).toMatch(/│ (since )?\d\d:\d\d:\d\d │ No transaction with nonce 1000001/);
  });

  it(':find selects a transaction of the loaded page by hash; says where it did not look', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => statusLine(f).includes('page 1/3'));
    const page = await h.client.listTransactions('sepolia-main', { perPage: 25 });
    const target = page.items.filter((t) => t.hash)[5]!;
    await h.press(`:find ${target.hash}\r`);
    await h.waitFor((x) => cursorRow(x).includes(String(target.nonce)), 'selected by hash');
    await h.press(':find 0xdeadbeef\r');
    await h.waitFor((x) => statusLine(x).includes('0xdeadbeef is not on the loaded page'), 'not found');
  });
});
