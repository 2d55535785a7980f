/**
 * Issue 53.3: a review that rests on a jam's diagnosis says when it was read, and one older than a few
 * seconds is read again as the review opens (into the store: every face then shows the newer read).
 * The app's clock is moved an hour on after the first screen's diagnoses (no sleep): the cancel review
 * of holesky-test's blocker, opened from its transactions (a path no scan reads the jams again on),
 * says `(diagnosed at HH:MM:SS)` of the first screen's read (a review, once drawn, is what y sends: its
 * lines do not change under the operator), and reads the relayer again into the store — the detail
 * then says a read made after the move.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';
import { clock } from '../../src/core/time.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});
const flat = (s: string) => s.replace(/\n\s*/g, ' ');

describe('a review on a jam says when it was diagnosed', () => {
  it('the cancel review of the blocker says the older read it rests on, and has it read again into the store', async () => {
    let skew = 0;
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 200, rows: 40, services: { now: () => Date.now() + skew } });
    const start = Date.now();
    await h.waitFor((x) => /^3 jammed /m.test(x) && !/being diagnosed|reading…/.test(x), 'the jams');
    const before = Array.from({ length: Math.ceil((Date.now() - start) / 1000) + 31 }, (_, i) => clock(start - 30_000 + i * 1000));
    skew = 3_600_000;
    const moved = Date.now() + skew;
    const after = Array.from({ length: 41 }, (_, i) => clock(moved + i * 1000));
    await h.press('/', ...'holesky-test', '\r');
    await h.waitFor((x) => cursorRow(x).includes('holesky-test'), 'the row');
    await h.press('\r');
    await h.waitFor((x) => x.includes('transactions (evm)') && /^\s+sent\s+2834 /m.test(x), 'its transactions');
    for (let i = 0; i < 12 && !/^›\s+sent\s+2834 /m.test(h.frame()); i++) await h.press('j');
    const n = h.sandbox.requests.length;
    await h.press('X');
    // The review rests on the first screen's diagnosis, an hour old by the app's clock: it says when that was read.
    const r = flat(await h.waitFor((x) => /what waits.*\(diagnosed at \d\d:\d\d:\d\d\)/.test(flat(x)), 'the cancel review with its read time'));
    expect(before).toContain(/\(diagnosed at (\d\d:\d\d:\d\d)\)/.exec(r)![1]!);
    // And it has the relayer diagnosed again, into the store: the read is the chain's status and what waits.
    await vi.waitFor(() => expect(h!.sandbox.requests.slice(n).some((q) => q.method === 'GET' && q.url === '/api/v1/relayers/holesky-test/status')).toBe(true), { timeout: 10_000 });
    // Every face then shows the newer read: the relayer's detail says it.
    await h.press('\x1b', '\x1b');
    await h.waitFor((x) => x.includes('relayer-tui › relayers'), 'the first screen');
    await h.press('i');
    // (The detail shows the store's entry: the older one until the review's read answers.)
    const newer = (x: string) => after.includes(/\(diagnosed at (\d\d:\d\d:\d\d)\)/.exec(flat(x))?.[1] ?? '');
    await h.waitFor((x) => /^jam\s/m.test(x) && x.includes('Holesky Test') && newer(x), "the detail's jam, read after the move");
  }, 40_000);
});
