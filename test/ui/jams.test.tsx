/**
 * The first screen says it (issue 41.3): the jam diagnosis read after the first frame marks each
 * jammed relayer's STATE `jammed`, a line above the table names them worst first with their causes,
 * and `t` opens the stuck screen with the cursor on the worst jam's blocker. A server not ready is
 * said first. Against the sandbox's real flavour over loopback, its clock stopped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { createRelayerClient } from '../../src/api/index.js';
import { cursorRow, rawGet } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

describe('the first screen marks the jams', () => {
  it('STATE jammed, the line above the table worst first; healthy relayers active; t puts the cursor on the worst blocker', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 180, rows: 30 });
    // The low one is named once its status is read (a read of its own, apart from the diagnosis).
    const f = await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x) && !/being diagnosed/.test(x) && /; 1 low: mainnet-hot/.test(x), 'the jam line, every relayer diagnosed, the low one read');
    // Each named with its cause, worst first (180 columns: all three; issue 53.4), the low balance after them.
    expect(f).toMatch(/^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test \(never broadcast\), avalanche-bridge \(at its cap\), optimism-relay \(no transaction at its nonce\)(?: — t[^;]*)?; 1 low: mainnet-hot/m);
    const row = (id: string) => f.split("\n").find((l) => /^[› ][ *](active|jammed|low|paused|disabled) /.test(l) && l.includes(` ${id} `)) ?? '';
    const state = (id: string) => /^[› ][ *](\S+)/.exec(row(id))?.[1];
    for (const id of ['holesky-test', 'avalanche-bridge', 'optimism-relay']) expect(state(id), id).toBe('jammed');
    for (const id of ['sepolia-main', 'arbitrum-payouts', 'bsc-treasury', 'linea-idle']) expect(state(id), id).toBe('active');
    // Paused, and under its policy's 100 ETH minimum: paused is the worse word (disabled, jammed, paused, low).
    expect(state('mainnet-hot')).toBe('paused');
    expect(state('base-batch')).toBe('disabled');
    await h.press('t');
    const stuck = await h.waitFor((x) => x.includes('relayer-tui › stuck') && /^› holesky-test\s+sent/m.test(x), 'the cursor on the blocker');
    expect(stuck).toMatch(/^› holesky-test\s+sent\s+\S+\s+2834/m);
  });

  it('a server that is not ready is said first, above the jams (both stay): the stuck screen says it, and a cancel review warns before y', async () => {
    h = await renderApp({ sandbox: { flavor: 'real', ready: 'unhealthy' }, columns: 140, rows: 30 });
    const f = await h.waitFor((x) => x.includes('server not ready') && /^3 jammed\b/m.test(x), 'the readiness line and the jams');
    const lines = f.split('\n');
    expect(lines[1]).toMatch(/^server not ready: it answers 503, and what is sent to it may not be processed until it recovers: Redis primary pool: /);
    expect(lines[2]).toMatch(/^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test/);
    await h.press('t');
    const stuck = await h.waitFor((x) => x.includes('relayer-tui › stuck') && /^› holesky-test\s+sent/m.test(x), 'the stuck screen');
    expect(stuck.split('\n')[1]).toMatch(/^server not ready: it answers 503, and what is sent/);
    await h.press('X');
    const review = await h.waitFor((x) => x.includes('Review: y sends exactly this') && x.includes('DELETE /api/v1/relayers/holesky-test/'), 'the cancel review');
    const at = review.split('\n').findIndex((l) => l.includes('Review: y sends exactly this'));
    expect(review.split('\n')[at + 1]).toBe('⚠ the server answers not ready (503): this may not be processed until it recovers');
  });

  it('a server that is not the OpenZeppelin Relayer: no marks, and the line says they cannot be diagnosed (nothing said clear)', async () => {
    h = await renderApp({ columns: 140, rows: 30 });
    const f = await h.waitFor((x) => x.includes('holesky-test') && !x.includes('reading…'), 'the relayers, the dialect known');
    // Every read answered, then a frame's time: no mark came of them.
    await h.sandbox.idle();
    await new Promise((r) => setTimeout(r, 150));
    expect(h.frame()).not.toMatch(/jammed|none/);
    // The line keeps its row (it had it from the first frame): the table does not move when the dialect is known.
    expect(f.split('\n')[1]).toBe('jams not diagnosed: not the OpenZeppelin Relayer (no relayer status or JSON-RPC)');
    expect(f.split('\n')[2]).toMatch(/^\s+STATE\s+NAME/);
  });
});

describe('three keys, and the clearing said', () => {
  it('t, X, y on the never-broadcast jam: the cancel is sent, the relayer followed, "cleared at … (chain nonce 2834 → 2837, 3 went through …)" said and kept in :messages', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    // At the start holesky-test is the worst jam (5 waiting: 3 not yet signed).
    await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test/m.test(x), 'the jam line');
    await h.press('t');
    await h.waitFor((x) => /^› holesky-test\s+sent/m.test(x), 'the cursor on the blocker');
    await h.press('X');
    const review = await h.waitFor((x) => x.includes('Review: y sends exactly this') && x.includes('DELETE /api/v1/relayers/holesky-test/transactions/1b89699f'), 'the cancel review');
    // The review says what waits behind the blocker and what the cancel will do; it fits 80x24 too (below).
    expect(review.replace(/\n\s+/g, ' ')).toMatch(/what waits +5 transactions wait behind it \(nonce 2834: never broadcast\): once its NOOP is mined they go through in order; the relayer is followed until the chain passes them/);
    await h.press('y');
    await h.waitFor((x) => x.includes('Accepted, not finished yet'), 'the answer');
    // Back on the stuck screen, scanned again after the answer: the blocker is canceling.
    await h.press('\x1b');
    await h.waitFor((x) => x.includes('relayer-tui › stuck') && /^[› ][ *]holesky-test\s+canceling\s+\S+\s+2834/m.test(x), 'the stuck screen after the send');
    // The chain moves (the test drives it): the NOOP broadcast, then mined with the two behind it.
    // (The first block also fails the three old pending ones: prepare timeout.)
    h.sandbox.clock.step(3);
    const f = await h.waitFor((x) => /holesky-test: cleared at \d\d:\d\d:\d\d \(chain nonce 2834 → 2837, 3 went through in \d+ s since \d\d:\d\d:\d\d\)/.test(x.replace(/\n/g, ' ')), 'cleared said');
    expect(f).toMatch(/cleared at/);
    // The stuck screen was scanned again when the jam cleared (it is not watched): what waited is mined, nothing waits behind 2834.
    const stuck = await h.waitFor((x) => /^[› ][ *]holesky-test\s+mined\s+\S+\s+2835/m.test(x), 'the stuck screen scanned again');
    expect(stuck).not.toMatch(/holesky-test: .*jammed|waits behind nonce 2834/);
    // The first screen below read its figures again when the jam ended: PEND is the server's count now (it stood at 6).
    const pend = String(((await rawGet(h, '/relayers/holesky-test/status')).json.data as { pending_transactions_count: number }).pending_transactions_count);
    await h.press('\x1b');
    await h.waitFor((x) => new RegExp(`^[› ][ *]active\\s+Holesky Test\\s+\\S+ ETH\\s+${pend}\\s+(?:\\S+\\s+)?holesky-test`, 'm').test(x), `holesky-test's PEND ${pend} on the first screen`);
    await h.press(':', ...'messages', '\r');
    await h.waitFor((x) => /holesky-test: cleared at \d\d:\d\d:\d\d \(chain nonce 2834 → 2837, 3 went through in \d+ s since \d\d:\d\d:\d\d\)/.test(x), ':messages keeps it whole');
  });
});

describe('the cancel review of a blocker at 80x24', () => {
  it('fits the screen: the request, what happens, what waits, and y', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x), 'the jam line');
    await h.press('t');
    await h.waitFor((x) => /^› holesky-test\s+sent/m.test(x), 'the cursor on the blocker');
    await h.press('X');
    const f = await h.waitFor((x) => x.includes('Review: y sends exactly this') && x.includes('what waits'), 'the review');
    const lines = f.split('\n');
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(lines.at(-1)).toMatch(/^y send/);
    expect(f).toContain('No body (DELETE sends none)');
  });
});

describe('the stuck screen at 80x24 says the worst jam whole', () => {
  it('t: the jammed relayers first, worst first as the first screen orders them, and the words of the one under the cursor whole, its fix included', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test/m.test(x), 'the jam line');
    await h.press('t');
    const f = await h.waitFor((x) => /^› holesky-test\s+sent/m.test(x) && /^holesky-test: /m.test(x), 'the cursor on the blocker');
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.startsWith('holesky-test: '));
    // Its line first after the scan's own (one or two rows).
    expect(lines.slice(1, at).every((l) => /not final in|^ {2}\S/.test(l))).toBe(true);
    let words = lines[at]!;
    for (let i = at + 1; /^ {2}\S/.test(lines[i] ?? '') && !/^\s+RELAYER\s/.test(lines[i]!); i++) words += ` ${lines[i]!.trim()}`;
    expect(words).toMatch(/was signed and never broadcast: .* Bump it at a faster speed \(e\) or cancel it \(X: a NOOP takes the nonce\)$/);
  });
});

describe('the keys fit the cause', () => {
  it("e on a blocker held at its cap is not opened where +10 % over its price stays under the network's (v1.8 raises a replacement only that far past the cap), p or X is said; X on a relayer with no transaction at the chain's nonce says no action fills it", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 40 });
    await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x) && /optimism-relay/.test(x), 'the jam line');
    await h.press('t');
    await h.waitFor((x) => /^› holesky-test\s+sent/m.test(x), 'the stuck screen');
    await h.press('/', ...'avalanche-bridge', '\r');
    const capped = await h.waitFor((x) => /^› avalanche-bridge\s/m.test(x), 'the capped relayer');
    expect(capped).toMatch(/^› avalanche-bridge\s+submitted/m);
    await h.press('e');
    const said = await h.waitFor((x) => x.includes('a bump (e) reaches only'), 'the refusal');
    // Said in the status bar (whole in :messages), its start here.
    expect(said.replace(/\n\s*/g, ' ')).toMatch(/avalanche-bridge: a bump \(e\) reaches only 33 gwei \(quoted at the cap, raised \+10 % over its price\), under the network's/);
    // The blocker's flags say the jam's cause, not the triage's guess; what is above it waits behind it.
    expect(said).toMatch(/^› avalanche-bridge\s+submitted .* the chain waits on it: at its cap, old$/m);
    expect(said).not.toMatch(/not mined 5m after broadcast/);
    expect(said).not.toContain('Review: y sends');
    // X on the same blocker does fit: its review opens.
    await h.press('X');
    await h.waitFor((x) => x.includes('Review: y sends exactly this') && x.includes('DELETE /api/v1/relayers/avalanche-bridge/'), 'the cancel review');
    // optimism-relay: no transaction holds the chain's nonce (its counter ran ahead): no action on one is opened.
    await h.press('\x1b');
    await h.waitFor((x) => x.includes('relayer-tui › stuck') && !x.includes('Review: y sends'), 'back on the stuck screen');
    await h.press('\x1b');
    await h.press('/', ...'optimism-relay', '\r');
    await h.waitFor((x) => /^› optimism-relay\s/m.test(x), 'the relayer with the gap');
    await h.press('X');
    const gap = await h.waitFor((x) => x.includes('no action on a transaction fills nonce'), 'the refusal');
    expect(gap).not.toContain('Review: y sends');
  });
});

describe('the marks are fresh or said old', () => {
  it('r diagnoses every relayer of the page again at once (a jam cleared elsewhere goes from the line and STATE), and the line says when its oldest diagnosis was read', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    const first = await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test/m.test(x), 'the jam line');
    expect(first).toMatch(/^[› ][ *]jammed\s+Holesky Test/m);
    const other = createRelayerClient({ baseUrl: h.sandbox.url, token: h.sandbox.token });
    await other.detectDialect();
    await other.cancelTransaction('holesky-test', '1b89699f-e832-4322-a4d9-1284f878c1cc');
    await other.close();
    h.sandbox.clock.step(3);
    // Well within the 20 s a diagnosis is kept for watch: r reads them again all the same.
    await h.press('r');
    const f = await h.waitFor((x) => /^(?:holesky-test cleared \d\d:\d\d:\d\d \(nonce 2834 → \d+\); )?2 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): /m.test(x), 'the line without holesky-test');
    expect(f).not.toMatch(/holesky-test \(never broadcast/);
    expect(f).toMatch(/^[› ][ *]active\s+Holesky Test/m);
  });

  it("the detail lists every state that holds, and the jam's words with when it was diagnosed", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 40 });
    await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test/m.test(x), 'the jam line');
    await h.press('/', ...'holesky-test', '\r');
    await h.waitFor((x) => cursorRow(x).includes('holesky-test'), 'the row');
    await h.press('i');
    const d = await h.waitFor((x) => /^jam\s/m.test(x), "the detail's jam");
    expect(d).toMatch(/^state\s+jammed$/m);
    expect(d.replace(/\n\s+/g, ' ')).toMatch(/^jam\s+jammed \S+ \(blocker created \d\d:\d\d:\d\d\) at nonce 2834 — tx 1b89699f…c1cc was signed and never broadcast.*\(diagnosed at \d\d:\d\d:\d\d\)$/m);
  });
});

describe('a jam watched clears', () => {
  it('fixed elsewhere (another operator, a script): the next read of it finds the chain past its nonce and says "cleared by …", kept in :messages', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    await h.waitFor((x) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test/m.test(x), 'the jam line');
    // Cancelled by someone else: this client sent nothing and follows nothing.
    const other = createRelayerClient({ baseUrl: h.sandbox.url, token: h.sandbox.token });
    await other.detectDialect();
    await other.cancelTransaction('holesky-test', '1b89699f-e832-4322-a4d9-1284f878c1cc');
    await other.close();
    h.sandbox.clock.step(3);
    // The stuck screen's scan reads every jam again.
    await h.press('t');
    const f = await h.waitFor((x) => /holesky-test: cleared by \d\d:\d\d:\d\d \(chain nonce 2834 → 2837 since the read at \d\d:\d\d:\d\d\)/.test(x.replace(/\n/g, ' ')), 'cleared said');
    expect(f).not.toMatch(/holesky-test \(never broadcast/);
    await h.press('\x1b');
    await h.press(':', ...'messages', '\r');
    await h.waitFor((x) => /holesky-test: cleared by \d\d:\d\d:\d\d \(chain nonce 2834 → 2837/.test(x), ':messages keeps it');
  });
});
