/**
 * E2E, an operator's day with the built CLI in a pty: contexts from a config file (two servers on two
 * ports, different data, one read-only), `:ctx` switching, `y` as OSC 52 bytes with and without a TMUX,
 * and the audit ledger written before a mutation leaves (the server killed mid-request).
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startHostile, type Hostile } from '../hostile/server.js';
import { KEY, Tui, assertBuilt, releaseCli, runCommand } from './pty.js';

beforeAll(assertBuilt);
afterAll(releaseCli);

let sandbox: Sandbox | undefined;
let hostile: Hostile | undefined;
const tuis: Tui[] = [];
afterEach(async () => {
  await Promise.all(tuis.splice(0).map((t) => t.dispose()));
  await sandbox?.close();
  await hostile?.close();
  sandbox = hostile = undefined;
});

function home(config: string): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-op-'));
  writeFileSync(join(dir, 'config.yaml'), config);
  chmodSync(join(dir, 'config.yaml'), 0o600);
  return { dir, env: { RELAYER_TUI_CONFIG_DIR: dir, XDG_STATE_HOME: join(dir, 'state') } };
}

function start(env: Record<string, string>, args: string[] = []): Tui {
  const tui = new Tui({ cols: 100, rows: 30, env, args });
  tuis.push(tui);
  return tui;
}

describe('contexts, copy and the ledger (e2e)', () => {
  it(':ctx switches server: other data, its read-only rule, its name in the status bar', async () => {
    sandbox = await startSandbox();
    hostile = await startHostile([]);
    const { env } = home(`current_context: staging
contexts:
  staging:
    url: ${sandbox.url}
    token_env: STAGING_KEY
  prod-lab:
    url: ${hostile.url}
    token_command: echo ${hostile.token}
    accent: red
`);
    const tui = start({ ...env, STAGING_KEY: sandbox.token });
    let rows = await tui.waitForText('Sepolia Main', 10_000);
    expect(rows.join('\n')).toMatch(/^ctx staging │ 127\.0\.0\.1:\d+ │ rw/m);
    await tui.waitForRawMode();
    // A message before the switch (an unknown command): :messages keeps it after (the re-walk saw it wiped).
    tui.press(':');
    await tui.waitForScreen((r) => r.some((l) => l.startsWith(':')), 3000, 'the palette');
    tui.press('stuk');
    tui.press(KEY.enter);
    await tui.waitForText(/Unknown command :stuk/);
    tui.press(':');
    await tui.waitForScreen((r) => r.some((l) => l.startsWith(':')), 3000, 'the palette');
    tui.press('ctx pr');
    tui.press(KEY.tab);
    await tui.waitForText(':ctx prod-lab');
    tui.press(KEY.enter);
    rows = await tui.waitForText('Plain Relayer', 10_000);
    expect(rows.join('\n')).toMatch(/^ctx prod-lab │ 127\.0\.0\.1:\d+ │ READ-ONLY/m);
    expect(rows.join('\n')).not.toContain('Sepolia Main');
    tui.press(':');
    await tui.waitForScreen((r) => r.some((l) => l.startsWith(':')), 3000, 'the palette');
    tui.press('messages');
    tui.press(KEY.enter);
    await tui.waitForText(/Unknown command :stuk/);
    tui.press(KEY.esc);
    await tui.waitForText('Plain Relayer');
    // Named prod*: read-only; the replacement is refused before any form opens.
    tui.press(KEY.enter);
    await tui.waitForText(/STATUS\s+NONCE/);
    tui.press('e');
    // The refusal names where read-only comes from: the prod* rule of the context, not --read-only.
    // At 80 columns the message is cut beside when the list was read (issue 43): whole in :messages.
    await tui.waitForText('Read-only (context prod-lab');
    await runCommand(tui, 'messages');
    await tui.waitForText('Read-only (context prod-lab (named prod*');
    expect(hostile.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('y writes OSC 52 to the terminal, said as not confirmed; a TMUX with no tmux server behind it is no tmux: plain OSC 52, no passthrough', async () => {
    const b64 = Buffer.from('arbitrum-payouts').toString('base64');
    for (const tmux of [undefined, '/nonexistent/tmux-socket,1,0']) {
      const tui = start({ RELAYER_TUI_CONFIG_DIR: '/nonexistent', ...(tmux ? { TMUX: tmux } : {}) });
      await tui.waitForText('Arbitrum Payouts', 10_000);
      await tui.waitForRawMode();
      tui.press('y');
      await tui.waitForText(/id: sent to the terminal \(OSC 52, not confirmed\)/);
      expect(tui.raw).toContain(`\x1b]52;c;${b64}\x07`);
      expect(tui.raw).not.toContain('\x1bPtmux;');
      await tui.dispose();
    }
  });

  it('the ledger has a mutation before it leaves; the server killed mid-request leaves "outcome unknown"', async () => {
    hostile = await startHostile(['mutation-hang']);
    const { dir, env } = home(`current_context: lab
contexts:
  lab:
    url: ${hostile.url}
    token_env: LAB_KEY
`);
    const ledger = join(dir, 'state', 'relayer-tui', 'audit.jsonl');
    const tui = start({ ...env, LAB_KEY: hostile.token });
    await tui.waitForText('Plain Relayer', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'notify');
    await tui.waitForText(/› url/);
    tui.press('https://ops.example/hook');
    tui.press(KEY.ctrlS);
    await tui.waitForText('Review:');
    tui.press('y');
    await tui.waitForText('Sending POST /api/v1/notifications');
    // The server holds the request: the ledger already has it.
    await expect.poll(() => hostile!.requests.some((r) => r.method === 'POST'), { timeout: 5000 }).toBe(true);
    const before = readFileSync(ledger, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(before).toEqual([expect.objectContaining({ phase: 'sent', method: 'POST', path: '/api/v1/notifications', context: 'lab' })]);
    await hostile.close();
    hostile = undefined;
    await tui.waitForText('Outcome unknown', 10_000);
    const after = readFileSync(ledger, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(after[1]).toMatchObject({ phase: 'done', outcome: 'unknown', id: before[0].id });
    expect(existsSync(ledger) && (await import('node:fs')).statSync(ledger).mode & 0o777).toBe(0o600);
  });
});
