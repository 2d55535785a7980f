/** Watch mode and the triage view, against the sandbox over loopback (real timers, short intervals). */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, KEY, type Harness } from './helpers.js';
import { cursorRow, markedRows, statusLine, tableRows } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const listReads = (h: Harness, relayer = 'sepolia-main') => h.sandbox.requests.filter((r) => r.method === 'GET' && r.url.startsWith(`/api/v1/relayers/${relayer}/transactions/`)).length;

describe('watch', () => {
  it('refreshes by itself, marks the rows that changed until the next key, keeps the selection', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, services: { watchMs: 150 } });
    await h.waitFor((f) => /watch 0s/.test(statusLine(f)) && tableRows(f).length > 3, 'the watched list');
    await h.press('j');
    const selected = cursorRow(h.frame());
    // Change the second row's transaction behind the TUI's back.
    const page = await h.client.listTransactions('sepolia-main', { perPage: 50 });
    const target = page.items.find((t) => t.status === 'pending')!;
    await h.client.replaceTransaction('sepolia-main', target.id, { value: '123456789' });
    const f = await h.waitFor((x) => markedRows(x).some((r) => r.includes('123,456,789 wei')), 'the changed row marked');
    expect(markedRows(f)).toHaveLength(1);
    // The selection stayed on the same transaction (by id: nonce and hash).
    expect(cursorRow(f).slice(0, 30)).toBe(selected.slice(0, 30));
    await h.press('k');
    await h.waitFor((x) => markedRows(x).length === 0, 'marks cleared by a key');
  });

  it('pauses while the palette, help or the filter has the keys, and while another screen is on top', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, services: { watchMs: 100 } });
    await h.waitFor((f) => tableRows(f).length > 3);
    await sleep(350);
    expect(listReads(h)).toBeGreaterThanOrEqual(3);
    for (const [open, close] of [[':', KEY.esc], ['?', KEY.esc], ['/', KEY.esc], [KEY.enter, KEY.esc]] as const) {
      await h.press(open);
      await sleep(50);
      const before = listReads(h);
      await sleep(400);
      expect({ open, reads: listReads(h) - before }).toEqual({ open, reads: 0 });
      await h.press(close);
      await h.waitFor((f) => tableRows(f).length > 3);
    }
    // Back on the list: watched again.
    const back = listReads(h);
    await sleep(350);
    expect(listReads(h)).toBeGreaterThan(back);
  });

  it('w toggles it; unchanged data writes nothing while watched', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, terminal: true });
    await h.waitFor((f) => f.includes('SPEED'));
    await h.press('w');
    await h.waitFor((f) => /watch 5s │ .*watch on: every 5s; w stops/.test(f), 'watch on');
    await h.press('w');
    await h.waitFor((f) => !/watch 5s/.test(f) && /watch off/.test(f), 'watch off');
    h.stdout.bytes = 0;
    await sleep(200);
    expect(h.stdout.bytes).toBe(0);
    await h.unmount();
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, terminal: true, services: { watchMs: 100 } });
    await h.waitFor((f) => f.includes('SPEED') && /watch 0s/.test(f));
    await sleep(300);
    const reads = listReads(h);
    const bytes = h.stdout.bytes;
    await sleep(600);
    expect(listReads(h) - reads).toBeGreaterThanOrEqual(3);
    expect(h.stdout.bytes - bytes).toBe(0);
  });

  it('a failed refresh keeps the rows, says stale and when it retries; a 429 waits as long as the server says', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, services: { watchMs: 100 } });
    await h.waitFor((f) => tableRows(f).length > 3);
    const rows = tableRows(h.frame()).length;
    h.sandbox.inject({
      status: 429,
      body: JSON.stringify({ success: false, data: null, message: 'Too Many Requests' }),
      headers: { 'retry-after': '1' },
      match: { pathPrefix: '/api/v1/relayers/sepolia-main/transactions' },
    });
    const f = await h.waitFor((x) => /⚠ stale since \d\d:\d\d:\d\d · retry \d\d:\d\d:\d\d \(rate limited\)/.test(statusLine(x)), 'stale');
    expect(tableRows(f)).toHaveLength(rows);
    const at = Date.now();
    const w = h;
    const before = listReads(w);
    await w.waitFor(() => listReads(w) > before, 'the retry');
    expect(Date.now() - at).toBeGreaterThanOrEqual(800);
    await h.waitFor((x) => !/stale/.test(statusLine(x)), 'fresh again');
  });

  it('r always acknowledges, even when nothing changed', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => tableRows(f).length > 3);
    await h.press('r');
    await h.waitFor((f) => /refreshed \d\d:\d\d:\d\d, unchanged/.test(statusLine(f)), 'the acknowledgement');
  });
});

describe(':stuck', () => {
  it('lists non-final transactions oldest first with flags; e opens the bump; enter the detail', async () => {
    h = await renderApp({ columns: 100, rows: 30 });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('t');
    const f = await h.waitFor((x) => x.includes('holesky-test: 6 not final') && tableRows(x).length > 3, 'the triage view');
    expect(f).toMatch(/holesky-test: 6 not final · oldest \d+[mh] · nonce gap at \d+/);
    expect(cursorRow(f)).toMatch(/^holesky-test\s+sent .*no hash after 2m, old/);
    await h.press('e');
    await h.waitFor((x) => /bump EVM tx/.test(x) && /speed\s+‹ \w+ ›/.test(x), 'the bump form');
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('stuck: transactions not final'));
    await h.press(KEY.enter);
    await h.waitFor((x) => /transaction/.test(x.split('\n')[0] ?? '') && x.includes('no hash') === false, 'the detail');
  });
});
