/**
 * `relayer-tui networks` and `signers` (issue 42.5), the built CLI against the sandbox's real flavour,
 * whose networks carry a fake API key in their RPC URLs (path, query, user info): no output — table,
 * JSON, NDJSON, get — carries it; --reveal-secrets on the command line does; the TUI's :networks, its
 * record, raw JSON and copies never write it to the terminal.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_RPC_KEY } from '../../src/sandbox/serverRecords.js';
import { assertBuilt, KEY, releaseCli, startCli, type Tui } from './pty.js';
import { cliWithSandbox } from './run.js';

const cli = cliWithSandbox('relayer-tui-records-');
const HOME = cli.home;
const run = (args: string[]) => cli.run(args);

describe('relayer-tui networks and signers', () => {
  it('every output masks the RPC URLs; --reveal-secrets shows them', async () => {
    const outs = await Promise.all([run(['networks']), run(['networks', '--output', 'table']), run(['networks', '--json']), run(['networks', '--all']), run(['networks', '--output', 'ndjson']), run(['networks', 'get', 'evm:sepolia'])]);
    for (const r of outs) {
      expect(r.code, r.err).toBe(0);
      expect(r.out + r.err).not.toContain(SANDBOX_RPC_KEY);
    }
    expect(outs[1]!.out).toMatch(/^evm:sepolia\s+evm\s+yes\s+11155111 3: https:\/\/sepolia\.rpc\.sandbox\.example\/\*\*\* \(\+2\)$/m);
    expect(JSON.parse(outs[5]!.out)).toMatchObject({ id: 'evm:sepolia', rpc_urls: [{ url: 'https://sepolia.rpc.sandbox.example/***' }, { url: 'https://backup.sepolia.rpc.sandbox.example/***' }, { url: 'https://***@archive.sepolia.rpc.sandbox.example' }] });
    expect(outs[4]!.out.trim().split('\n')).toHaveLength(14);
    const revealed = await run(['networks', 'get', 'evm:sepolia', '--reveal-secrets']);
    expect(revealed.out).toContain(SANDBOX_RPC_KEY);
    expect(await run(['networks', 'get'])).toMatchObject({ code: 2, err: expect.stringContaining('usage: relayer-tui networks [list | get ID]') });
  });

  it('signers: a table and JSON; an unknown one is the server’s 404 (exit 5)', async () => {
    const t = await run(['signers', '--output', 'table']);
    expect(t.out).toMatch(/^aws-kms-hot\s+aws_kms\s+key_id: arn:aws:kms:/m);
    const g = await run(['signers', 'get', 'nope']);
    expect(g.code).toBe(5);
    expect(g.err).toContain('Signer with ID nope not found');
  });
});

describe(':networks in the TUI', () => {
  let tui: Tui | undefined;
  afterAll(async () => {
    await tui?.dispose();
    await releaseCli();
  });

  it('the list, a network whole, its raw JSON and copies: the key never crosses the terminal', async () => {
    tui = await startCli({ env: { RELAYER_URL: cli.sandbox().url, RELAYER_API_KEY: cli.sandbox().token, HOME, XDG_CONFIG_HOME: join(HOME, 'c'), XDG_STATE_HOME: join(HOME, 's') }, cols: 120, rows: 30 });
    tui.press(':');
    tui.press('networks');
    tui.press(KEY.enter);
    await tui.waitForText('RPC URLS (masked)');
    tui.press('y');
    tui.press('Y');
    await tui.waitForText(/row as JSON: sent to the terminal|copied/);
    for (let i = 0; i < 9; i++) tui.press('j');
    await tui.waitForText(/^› evm:sepolia/m);
    tui.press(KEY.enter);
    await tui.waitForText('network evm:sepolia (RPC URLs masked)');
    await tui.waitForText('https://***@archive.sepolia.rpc.sandbox.example');
    tui.press('v');
    await tui.waitForText('"rpc_urls"');
    tui.press('Y');
    await tui.quiet(300);
    expect(tui.raw).not.toContain(SANDBOX_RPC_KEY);
    // OSC 52 carries copies base64-encoded: decoded, no key either.
    for (const m of tui.raw.matchAll(/\x1b\]52;c;([A-Za-z0-9+/=]*)/g)) expect(Buffer.from(m[1]!, 'base64').toString('utf8')).not.toContain(SANDBOX_RPC_KEY);
  });
});
