/**
 * Watch as an operator uses it: the built CLI in a pty, watching a relayer whose sandbox moves its
 * transactions on by itself (--advance); the rows follow without a key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, disposeAll, releaseCli, runCommand, tableRows, Tui } from './pty.js';

let sb: Sandbox;
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox({ advanceMs: 300 });
});
afterAll(async () => {
  await disposeAll();
  await sb.close();
  await releaseCli();
});

describe('watch (e2e)', () => {
  it('a watched list follows the server: a pending transaction becomes confirmed on screen without a key', async () => {
    const tui = new Tui({ args: ['--watch', '2'], env: { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token } });
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'tx sepolia-main');
    const rows = tableRows(await tui.waitForText('SPEED'), /STATUS\s+NONCE/);
    const pending = rows.find((r) => /^[› ][ *]pending\s+\d+/.test(r) && rows.indexOf(r) > 0)!;
    const nonce = /pending\s+(\d+)/.exec(pending)![1]!;
    expect(tui.text()).toMatch(/watch 2s/);
    // No key from here on: only watch refreshes the screen.
    const after = await tui.waitForScreen(
      (s) => tableRows(s, /STATUS\s+NONCE/).some((r) => new RegExp(`^[› ][ *]confirmed\\s+${nonce}\\s`).test(r)),
      15_000,
      `nonce ${nonce} confirmed`,
    );
    expect(tableRows(after, /STATUS\s+NONCE/).some((r) => /^[› ]\*/.test(r))).toBe(true);
  });
});
