/**
 * Issue 53.5 in a real pseudo-terminal at 80x24: the fix that works for the jam under the stuck
 * screen's cursor is in its header line (the relayer's jam words whole, never cut before the fix) and
 * in its footer — on avalanche-bridge's capped blocker `p raise cap` and `X cancel`, and never `e`
 * (a bump is held under the network's price there: the product says so); on holesky-test's
 * never-broadcast blocker `e bump` and `X cancel`. The built CLI against the sandbox's real flavour,
 * its clock still.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, disposeAll, startCli } from './pty.js';

const STATE = mkdtempSync(join(tmpdir(), 'relayer-tui-stuck-keys-'));
let sb: Sandbox;
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox({ flavor: 'real' });
});
afterAll(() => sb.close());
afterEach(() => disposeAll());

const footer = (r: string[]) => r.find((l) => l.startsWith('? help')) ?? '';
/** The stuck screen's header (the rows above the table's column titles), joined. */
const header = (r: string[]) => r.slice(0, r.findIndex((l) => /^\s+RELAYER\s+STATUS/.test(l))).join(' ').replace(/\s+/g, ' ');

describe('the stuck screen at 80x24', () => {
  it('the jam under the cursor has its working fix in the header line and the footer, and no key that does not work there', async () => {
    const tui = await startCli({ args: ['--url', sb.url], env: { RELAYER_API_KEY: sb.token, XDG_STATE_HOME: STATE }, cols: 80, rows: 24 });
    await tui.waitForScreen((r) => r.some((l) => /^3 jammed /.test(l)), 10_000, 'the jam line');
    tui.press('t');
    const first = await tui.waitForScreen((r) => r.some((l) => /^› holesky-test\s+sent/.test(l)) && header(r).includes('holesky-test: jammed'), 10_000, 'the cursor on the worst blocker');
    expect(header(first)).toMatch(/holesky-test: jammed \S+ \(blocker created \d\d:\d\d:\d\d\) at nonce 2834 — .* Bump it at a faster speed \(e\) or cancel it \(X: a NOOP takes the nonce\)/);
    expect(footer(first)).toMatch(/^\? help {2}q quit {2}e bump {2}X cancel /);
    // Down to avalanche-bridge's blocker (at its cap): its words whole, p in them and first in the footer, e gone.
    let capped = first;
    for (let i = 0; i < 6 && !/^› avalanche-bridge\s+submitted\s+18m/m.test(capped.join('\n')); i++) {
      tui.press('j');
      capped = await tui.waitForScreen((r) => r !== capped && r.some((l) => l.startsWith('› ')), 3_000, 'the cursor moved');
    }
    capped = await tui.waitForScreen((r) => /^› avalanche-bridge\s+submitted/m.test(r.join('\n')) && header(r).includes('avalanche-bridge: jammed') && /raise cap/.test(footer(r)), 5_000, 'the cursor on the capped blocker');
    expect(header(capped)).toMatch(/avalanche-bridge: jammed \S+ \(blocker created \d\d:\d\d:\d\d\) at nonce \d+ — at its cap 30 gwei, the network asks 55 gwei; 2 waiting\. .* raise gas_price_cap \(p\), or cancel this nonce \(X: the NOOP is not held to the cap\)/);
    expect(footer(capped)).toMatch(/^\? help {2}q quit {2}p raise cap {2}X cancel /);
    expect(footer(capped)).not.toMatch(/\be bump\b/);
    // Every row of the screen within 80 columns (nothing cut by the terminal).
    for (const l of capped) expect([...l].length).toBeLessThanOrEqual(80);
  }, 40_000);
});
