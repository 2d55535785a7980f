/**
 * The jam hour in a real pseudo-terminal (issue 41's done-when): the built CLI against the sandbox's
 * real flavour over loopback, its clock driven by the test. From the first screen — the jams marked,
 * the worst first — `t`, `X`, `y` cancel the never-broadcast blocker; the chain moves; "cleared" is
 * said in the status bar and kept in :messages.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, disposeAll, runCommand, startCli } from './pty.js';

const STATE = mkdtempSync(join(tmpdir(), 'relayer-tui-jam-hour-'));
let sb: Sandbox;
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox({ flavor: 'real' });
});
afterAll(() => sb.close());
afterEach(() => disposeAll());

describe('the jam hour at 80x24', () => {
  it('the first screen names the jams; t, X, y cancel the worst blocker; the chain moves; cleared is said and kept', async () => {
    const tui = await startCli({ args: ['--url', sb.url], env: { RELAYER_API_KEY: sb.token, XDG_STATE_HOME: STATE }, cols: 80, rows: 24 });
    // Its words for holesky-test where they fit: reads that straddle a minute make the span longer, and
    // at 80 columns the line then names it alone (`holesky-test +2 (t)`).
    const first = await tui.waitForScreen((r) => r.some((l) => /^3 jammed (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\)): holesky-test(?: \(never broadcast, 5 waiting\)| \+2 \(t\))/.test(l)), 10_000, 'the jam line');
    expect(first.find((l) => /^[› ][ *]jammed\s/.test(l) && l.includes('holesky-test'))).toBeDefined();
    tui.press('t');
    await tui.waitForScreen((r) => r.some((l) => /^› holesky-test\s+sent/.test(l)), 10_000, 'the cursor on the blocker');
    tui.press('X');
    const review = await tui.waitForScreen((r) => r.join('\n').includes('Review: y sends exactly this') && r.join('\n').includes('what waits'), 5_000, 'the cancel review');
    expect(review.join(' ')).toContain('DELETE /api/v1/relayers/holesky-test/transactions/1b89699f');
    tui.press('y');
    await tui.waitForScreen((r) => r.join('\n').includes('Accepted, not finished yet'), 5_000, 'the answer');
    // The chain moves: the NOOP broadcast, then mined with the two signed behind it.
    sb.clock.step(3);
    const cleared = await tui.waitForScreen((r) => /holesky-test: cleared at \d\d:\d\d:\d\d/.test(r.join(' ')), 15_000, 'cleared said');
    expect(cleared.join('\n')).not.toMatch(/never broadcast, 5 waiting/);
    // Back on the stuck screen the cursor is on the next jam's blocker (issue 53.4: it stayed on the cleared relayer),
    // and the clearing is listed with its figures.
    tui.press('\x1b');
    // (The stuck screen reads its rows and the clearing apart: waited for together.)
    const next = await tui.waitForScreen((r) => r.some((l) => /^› avalanche-bridge\s+submitted/.test(l)) && /holesky-test cleared \d\d:\d\d:\d\d \(nonce 2834 → \d+\)/.test(r.join(' ')), 10_000, 'the cursor on the next jam, the clearing listed');
    expect(next.join(' ')).toMatch(/holesky-test cleared \d\d:\d\d:\d\d \(nonce 2834 → \d+\)/);
    tui.press('\x1b');
    await runCommand(tui, 'messages');
    await tui.waitForScreen((r) => /holesky-test: cleared at \d\d:\d\d:\d\d \(chain nonce 2834 → 2837, 3 went through in \d+ s since \d\d:\d\d:\d\d\)/.test(r.join('\n').replace(/\n\s*/g, ' ')), 5_000, ':messages keeps it whole');
  });
});
