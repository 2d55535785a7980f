/**
 * Watch mode against the sandbox over loopback. The watch's timers run on a clock the test moves
 * (test/ui/clock.ts): each `clock.next()` is one scheduled refresh, and the delay it returns is the one
 * the app asked for — no sleeping on real clocks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from './clock.js';
import { renderApp, KEY, type Harness } from './helpers.js';
import { cursorRow, markedRows, statusLine, tableRows } from './support.js';
import { clock as clock_ } from '../../src/core/time.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const listReads = (h: Harness, relayer = 'sepolia-main') => h.sandbox.requests.filter((r) => r.method === 'GET' && r.url.startsWith(`/api/v1/relayers/${relayer}/transactions/`)).length;

async function watched(clock: ManualClock, watchMs: number | undefined, opts: Parameters<typeof renderApp>[0] = {}): Promise<Harness> {
  h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, ...opts, services: { now: clock.now, after: clock.after, ...(watchMs === undefined ? {} : { watchMs }) } });
  await h.waitFor((f) => tableRows(f).length > 3, 'the list');
  return h;
}

/** One watch refresh: the scheduled one runs, and its read is answered (the next one is scheduled). */
async function refreshOnce(clock: ManualClock, x: Harness): Promise<number> {
  const before = listReads(x);
  const delay = await clock.next();
  await x.waitFor(() => listReads(x) > before && clock.pending() > 0, 'the refresh answered and the next one scheduled');
  return delay;
}

/** Until Ink's frame timer (15 a second, real time) has written whatever it had: 150 ms without a byte. */
async function framesWritten(x: Harness): Promise<void> {
  let last = x.stdout.bytes;
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((r) => setTimeout(r, 50));
    quiet = x.stdout.bytes === last ? quiet + 1 : 0;
    last = x.stdout.bytes;
  }
}

/** The relayers (the real flavour, its chain still), watched every second on `clock` from the start, their figures read; `read` runs one watch refresh and waits for its answer. */
async function watchedRelayers(clock: ManualClock): Promise<{ x: Harness; read: () => Promise<void> }> {
  const x = (h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30, services: { now: clock.now, after: clock.after, watchMs: 1000 } }));
  x.sandbox.clock.stop();
  await x.waitFor((f) => / PEND /.test(f) && tableRows(f).length > 3 && !f.includes('reading…'), 'the relayers with their figures');
  const reads = () => x.sandbox.requests.filter((r) => r.url.startsWith('/api/v1/relayers?')).length;
  const read = async () => {
    const before = reads();
    await clock.next();
    await x.waitFor(() => reads() > before && clock.pending() > 0, 'a watch refresh answered');
  };
  return { x, read };
}

describe('watch', () => {
  it('refreshes by itself at its interval, marks the rows that changed until the next key, keeps the selection', async () => {
    const clock = manualClock();
    const x = await watched(clock, 150);
    await x.waitFor((f) => /watch 0s/.test(statusLine(f)), 'the watch in the status bar');
    // Due at once (nothing was read by the watch yet), then every 150 ms.
    expect(await refreshOnce(clock, x)).toBe(0);
    expect(await refreshOnce(clock, x)).toBe(150);
    await x.press('j');
    const selected = cursorRow(x.frame());
    // Change the second row's transaction behind the TUI's back.
    const page = await x.client.listTransactions('sepolia-main', { perPage: 50 });
    const target = page.items.find((t) => t.status === 'pending')!;
    await x.client.replaceTransaction('sepolia-main', target.id, { value: '123456789' });
    expect(markedRows(x.frame())).toHaveLength(0);
    expect(await refreshOnce(clock, x)).toBe(150);
    const f = await x.waitFor((y) => markedRows(y).some((r) => r.includes('123,456,789 wei')), 'the changed row marked');
    expect(markedRows(f)).toHaveLength(1);
    // The selection stayed on the same transaction (by id: nonce and hash).
    expect(cursorRow(f).slice(0, 30)).toBe(selected.slice(0, 30));
    await x.press('k');
    await x.waitFor((y) => markedRows(y).length === 0, 'marks cleared by a key');
  });

  it('pauses while the palette, help or the filter has the keys, and while another screen is on top', async () => {
    const clock = manualClock();
    const x = await watched(clock, 100);
    await refreshOnce(clock, x);
    await refreshOnce(clock, x);
    for (const [open, close] of [[':', KEY.esc], ['?', KEY.esc], ['/', KEY.esc], [KEY.enter, KEY.esc]] as const) {
      await x.press(open);
      // Paused: the scheduled refresh is cancelled, nothing else is scheduled, nothing is read.
      await x.waitFor(() => clock.pending() === 0, `no refresh scheduled under ${JSON.stringify(open)}`);
      const before = listReads(x);
      await x.press(close);
      await x.waitFor((f) => tableRows(f).length > 3);
      expect({ open, reads: listReads(x) - before }).toEqual({ open, reads: 0 });
      // Back on the list: watched again, the refresh due at once (the pause outlasted nothing on this clock: 100 ms is due from the last read).
      expect(await refreshOnce(clock, x)).toBeLessThanOrEqual(100);
    }
  });

  it('w toggles it; unchanged data writes nothing while watched', async () => {
    const clock = manualClock();
    const x = await watched(clock, undefined, { terminal: true });
    await x.waitFor((f) => f.includes('SPEED'));
    expect(clock.pending()).toBe(0);
    await x.press('w');
    // The freshness stays beside the message (issue 43); `watch 5s` gives way first (the message says it).
    await x.waitFor((f) => /(last change|changed) \d\d:\d\d:\d\d │ watch on: every 5s; w stops/.test(f), 'watch on');
    expect(await refreshOnce(clock, x)).toBe(0);
    expect(await refreshOnce(clock, x)).toBe(5000);
    await x.press('w');
    await x.waitFor((f) => !/watch 5s/.test(f) && /watch off/.test(f), 'watch off');
    expect(clock.pending()).toBe(0);
    await x.unmount();

    const clock2 = manualClock();
    const y = await watched(clock2, 100, { terminal: true });
    await y.waitFor((f) => f.includes('SPEED') && /watch 0s/.test(f));
    await refreshOnce(clock2, y);
    await framesWritten(y);
    const reads = listReads(y);
    const bytes = y.stdout.bytes;
    for (let i = 0; i < 3; i++) expect(await refreshOnce(clock2, y)).toBe(100);
    await framesWritten(y);
    expect(listReads(y) - reads).toBe(3);
    expect(y.stdout.bytes - bytes).toBe(0);
  });

  it('watching, a read time that moves by milliseconds redraws nothing: the bar says its band, up at once, down after reads below it', async () => {
    const clock = manualClock();
    // Each list read takes, on the services' clock, the time its turn says (the sandbox counts it as it arrives).
    const took = [7, 19, 7, 19, 7, 180, 30, 20, 30, 20, 30, 20, 30, 20, 30, 20, 30, 7, 7, 7, 7, 7];
    const skew = () => (h ? took.slice(0, listReads(h)).reduce((a, b) => a + b, 0) : 0);
    const y = (h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, terminal: true, services: { now: () => clock.now() + skew(), after: clock.after, watchMs: 100 } }));
    await y.waitFor((f) => tableRows(f).length > 3 && /watch 0s/.test(f), 'watching');
    const reads = async (n: number) => {
      for (let i = 0; i < n; i++) await refreshOnce(clock, y);
      await framesWritten(y);
    };
    const band = () => / │ (≤ \d+ ms)$/.exec(statusLine(y.frame()))?.[1];
    await reads(1);
    expect(band()).toBe('≤ 25 ms');
    let bytes = y.stdout.bytes;
    await reads(3);
    expect(listReads(y)).toBe(5);
    expect(y.stdout.bytes - bytes).toBe(0);
    // 180 ms: said at once.
    await reads(1);
    expect(band()).toBe('≤ 250 ms');
    // Five reads below it (30, 20, 30, 20, 30): down to the highest of theirs.
    await reads(4);
    expect(band()).toBe('≤ 250 ms');
    await reads(1);
    expect(band()).toBe('≤ 100 ms');
    // Reads straddling 25 ms keep that text: nothing drawn.
    bytes = y.stdout.bytes;
    await reads(6);
    expect(y.stdout.bytes - bytes).toBe(0);
    await reads(5);
    expect(listReads(y)).toBe(22);
    expect(band()).toBe('≤ 25 ms');
    // Not watched, a read's time is exact.
    await y.press('w');
    await y.press('r');
    await y.waitFor((f) => / │ \d+ ms │ refreshed /.test(statusLine(f)), 'the exact time');
  });

  it('the time in the bar is that of the read that brought what is shown, said "last change" — a redraw after unchanged reads does not pass a later time off as it (walk finding)', async () => {
    const clock = manualClock();
    const start = clock.now();
    const x = await watched(clock, 1000);
    for (let i = 0; i < 4; i++) await refreshOnce(clock, x);
    expect(clock.now()).toBe(start + 3000);
    // A key redraws the bar: the data is the same as at the first read, and the bar says so.
    await x.press('j');
    let f = await x.waitFor((y) => statusLine(y).includes('last change'), 'the bar redrawn');
    expect(statusLine(f)).toContain(`last change ${clock_(start)}`);
    // A read that changes something moves it.
    const page = await x.client.listTransactions('sepolia-main', { perPage: 50 });
    await x.client.replaceTransaction('sepolia-main', page.items.find((t) => t.status === 'pending')!.id, { value: '123456789' });
    await refreshOnce(clock, x);
    f = await x.waitFor((y) => statusLine(y).includes(`last change ${clock_(start + 4000)}`), 'the time of the read that changed it');
  });

  it('"last change" is of what is shown: a figure that moved in a row the filter hides does not move it (a walk saw it move every 5 s over an empty filter)', async () => {
    const clock = manualClock();
    const start = clock.now();
    const { x, read } = await watchedRelayers(clock);
    // (Watching from the start: services.watchMs.)
    await x.press('/', 'sepolia-main', KEY.enter);
    await x.waitFor((f) => /watch 1s/.test(statusLine(f)), 'watching');
    await read();
    await read();
    // The time of the last change so far (the statuses' first reads count as one, whenever they came).
    await x.press('j');
    const lastChange = () => /last change (\d\d:\d\d:\d\d)/.exec(statusLine(x.frame()))?.[1];
    await x.waitFor(() => lastChange() !== undefined, 'the bar');
    const before = lastChange();
    // bsc-treasury's PEND moves (a send): hidden by the filter, it is no change of what is shown.
    await x.client.sendTransaction('bsc-treasury', { to: '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', value: '1', speed: 'fast' });
    await read();
    await read();
    await x.press('k');
    await x.waitFor((y) => statusLine(y).includes('last change'), 'the bar redrawn');
    expect(clock.now()).toBeGreaterThan(start + 2000);
    expect(lastChange()).toBe(before);
    // sepolia-main's moves: shown, so it is a change.
    await x.client.sendTransaction('sepolia-main', { to: '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', value: '1', speed: 'fast' });
    await read();
    await x.press('j');
    await x.waitFor(() => lastChange() !== undefined && lastChange() !== before, 'a later last change');
  });

  it("a watched relayer whose PEND or BALANCE moved is marked * as a changed row is (a walk saw its figures change unmarked), until the next key", async () => {
    const { x, read } = await watchedRelayers(manualClock());
    await read();
    await read();
    expect(markedRows(x.frame())).toHaveLength(0);
    await x.client.sendTransaction('sepolia-main', { to: '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', value: '1', speed: 'fast' });
    await read();
    const f = await x.waitFor((y) => markedRows(y).length > 0, 'the row marked');
    expect(markedRows(f)).toHaveLength(1);
    expect(markedRows(f)[0]).toContain('Sepolia Main');
    await x.press('j');
    await x.waitFor((y) => markedRows(y).length === 0, 'marks cleared by a key');
  });

  it('a failed refresh keeps the rows, says stale and when it retries; a 429 waits as long as the server says', async () => {
    const clock = manualClock();
    const x = await watched(clock, 100);
    await refreshOnce(clock, x);
    const rows = tableRows(x.frame()).length;
    x.sandbox.inject({
      status: 429,
      body: JSON.stringify({ success: false, data: null, message: 'Too Many Requests' }),
      headers: { 'retry-after': '1' },
      match: { pathPrefix: '/api/v1/relayers/sepolia-main/transactions' },
    });
    expect(await refreshOnce(clock, x)).toBe(100);
    const f = await x.waitFor((y) => /⚠ stale since \d\d:\d\d:\d\d · retry \d\d:\d\d:\d\d \(rate limited\)/.test(statusLine(y)), 'stale');
    expect(tableRows(f)).toHaveLength(rows);
    // The retry waits for the server's Retry-After (1 s), longer than the backoff (100 ms × 2).
    expect(await refreshOnce(clock, x)).toBe(1000);
    await x.waitFor((y) => !/stale/.test(statusLine(y)), 'fresh again');
    expect(await refreshOnce(clock, x)).toBe(100);
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
    // (The contract flavour's sent transaction has its sent_at: broadcast, so only old; the real signatures are realServer.test's.)
    expect(cursorRow(f)).toMatch(/^holesky-test\s+sent .*\bold\s*$/);
    await h.press('e');
    await h.waitFor((x) => /bump EVM tx/.test(x) && /speed\s+‹ \w+ ›/.test(x), 'the bump form');
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('stuck: transactions not final'));
    await h.press(KEY.enter);
    await h.waitFor((x) => /› transaction /.test(x.split('\n')[0] ?? ''), 'the detail');
  });
});

describe('a message has a lifetime (issue 43)', () => {
  it('at 80 columns "watch on" gives way to the freshness after its time; :messages keeps it', async () => {
    const clock = manualClock();
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' }, columns: 80, services: { now: clock.now, after: clock.after, flashMs: 300 } });
    await h.waitFor((f) => f.includes('SPEED'));
    await h.press('w');
    const on = await h.waitFor((f) => /watch on: every 5s/.test(f), 'the message');
    // At 80 columns the message shares the line with the watch and the freshness (the message is cut first).
    expect(on).toMatch(/ watch 5s │ changed \d\d:\d\d:\d\d │ watch on: every 5s/);
    // Its time passes on the services' clock (moved here: no wait on the wall clock).
    expect(await clock.next(5000, 'flash')).toBe(300);
    const after = await h.waitFor((f) => !/watch on: every 5s/.test(f), 'the message gone');
    expect(after.split('\n').find((l) => l.includes('│'))).toMatch(/last change \d\d:\d\d:\d\d/);
    await h.press(':', ...'messages', '\r');
    await h.waitFor((f) => /watch on: every 5s; w stops/.test(f), ':messages keeps it');
  });
});

describe('watch in the relayer detail (issue 43: "watch on" was said there while nothing was read again)', () => {
  const statusReads = (x: Harness) => x.sandbox.requests.filter((r) => r.method === 'GET' && r.url === '/api/v1/relayers/sepolia-main/status').length;

  it('re-reads the relayer and its status at the interval; the bar says when what it shows last changed, the status its own read time', async () => {
    // This machine's time now, to the second (the sandbox's chain runs on it).
    const clock = manualClock(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'relayer', relayerId: 'sepolia-main' }, columns: 120, rows: 40, services: { now: clock.now, after: clock.after } });
    h.sandbox.clock.stop();
    const first = await h.waitFor((f) => /live status/.test(f), 'the detail with its status');
    const opened = clock.now();
    // Its ages are anchored to the status's read time (a walk read "(7s ago)" still there at 58 s).
    expect(first).toMatch(new RegExp(`last confirmed\\s+\\S+\\s+\\(\\S+ before ${clock_(opened)}\\)`));
    await h.press('w');
    await h.waitFor((f) => /watch 5s/.test(statusLine(f)), 'watching');
    // Reads that change nothing: the status says its new read time; the bar, that nothing changed since it opened.
    let before = statusReads(h);
    await clock.next();
    await h.waitFor(() => statusReads(h!) > before && clock.pending() > 0, 'the status read again');
    before = statusReads(h);
    await clock.next();
    const second = clock.now();
    await h.waitFor(() => statusReads(h!) > before && clock.pending() > 0, 'read again');
    await h.waitFor((f) => new RegExp(`live status\\s+from the server at ${clock_(second)}`).test(f), 'its read time');
    expect(statusLine(h.frame())).toContain(`last change ${clock_(opened)}`);
    // The chain moves: the next read changes what is shown, and the bar says when.
    h.sandbox.clock.step(6);
    before = statusReads(h);
    await clock.next();
    const at = clock.now();
    await h.waitFor(() => statusReads(h!) > before, 'read after the chain moved');
    await h.waitFor((f) => statusLine(f).includes(`last change ${clock_(at)}`), 'the change said with its time');
  });
});

describe('watch in the transaction detail (a walk saw "last change" move at every read of a confirmed transaction)', () => {
  const byId = (x: Harness) => x.sandbox.requests.filter((r) => r.method === 'GET' && /^\/api\/v1\/relayers\/sepolia-main\/transactions\/[^/?]+$/.test(r.url)).length;

  it('reads that change nothing draw nothing: the bar keeps the time of the read that brought it, the ages their anchor; a change moves both', async () => {
    const clock = manualClock(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId: 'sepolia-main' }, columns: 120, rows: 40, terminal: true, services: { now: clock.now, after: clock.after, flashMs: 300 } });
    h.sandbox.clock.stop();
    await h.waitFor((f) => tableRows(f).length > 3, 'the list');
    // The newest, not final (the real server replaces one pending, sent or submitted).
    await h.waitFor((f) => /^(pending|sent|submitted) /.test(cursorRow(f)), 'the cursor on a transaction not final');
    const opened = clock.now();
    await h.press(KEY.enter);
    await h.waitFor((f) => f.includes('relayer_id') && new RegExp(`created_at\\s+\\S+\\s+\\(\\S+ before ${clock_(opened)}\\)`).test(f), 'the detail, its ages against the list read');
    await h.press('w');
    await h.waitFor((f) => /watch 5s │ last change .* │ watch on/.test(statusLine(f)), 'watching');
    // (The message "watch on" has its time on this clock: gone before the bytes are counted.)
    await clock.next(5000, 'flash');
    await h.waitFor((f) => !/watch on/.test(statusLine(f)), 'the message gone');
    const read = async () => {
      const before = byId(h!);
      await clock.next();
      await h!.waitFor(() => byId(h!) > before && clock.pending() > 0, 'read again');
    };
    await read();
    await framesWritten(h);
    const bytes = h.stdout.bytes;
    const bar = statusLine(h.frame());
    await read();
    await read();
    await framesWritten(h);
    expect(h.stdout.bytes - bytes).toBe(0);
    expect(statusLine(h.frame())).toBe(bar);
    // Replaced behind its back: the next read changes what is shown; the bar and the ages say that read's time.
    const id = /transaction (\S+)/.exec(h.frame().split('\n')[0]!)![1]!;
    await h.client.replaceTransaction('sepolia-main', id, { value: '123456789' });
    await read();
    const at = clock.now();
    const f = await h.waitFor((y) => statusLine(y).includes(`last change ${clock_(at)}`), 'the change said with its time');
    expect(f).toMatch(new RegExp(`created_at\\s+\\S+\\s+\\(\\S+ before ${clock_(at)}\\)`));
  });
});
