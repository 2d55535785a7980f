/**
 * Issue 18, the screen says only what is true — the built CLI in a pty: a broken config file is
 * never replaced by the sandbox (1), a long message stays readable in full (6), a resize leaves no
 * stale cell (7), columns give spare width to what was cut (8).
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRelayerClient } from '../../src/api/index.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startHostile, type Hostile } from '../hostile/server.js';
import { execFile } from 'node:child_process';
import { ROOT, cliPath, KEY, Tui, assertBuilt, releaseCli, runCommand } from './pty.js';

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

function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return runWithStdin(args, '', env);
}

function runWithStdin(args: string[], stdin: string, env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', RELAYER_TUI_CONFIG_DIR: '/nonexistent', ...env } }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    );
    child.stdin!.end(stdin);
  });
}

function configDir(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-truth-'));
  writeFileSync(join(dir, 'config.yaml'), text);
  chmodSync(join(dir, 'config.yaml'), 0o600);
  return dir;
}

function start(opts: ConstructorParameters<typeof Tui>[0]): Tui {
  const tui = new Tui(opts);
  tuis.push(tui);
  return tui;
}

describe('a broken config file (e2e)', () => {
  it('a typo in the current context: exit 3 with file:line: key, no SANDBOX, no fake relayers', async () => {
    const dir = configDir(`current_context: staging
contexts:
  staging:
    url: http://127.0.0.1:9
    tokn_env: STAGING_KEY
  other:
    url: 127.0.0.1:44505
    token_env: X
`);
    const tui = start({ cols: 80, rows: 24, env: { RELAYER_TUI_CONFIG_DIR: dir } });
    const exit = await tui.waitForExit(10_000);
    expect(exit.exitCode).toBe(3);
    expect(tui.raw).not.toContain('SANDBOX');
    expect(tui.raw).not.toContain('Mainnet Hot Wallet');
    const text = tui.raw.replace(/\r/g, '');
    expect(text).toContain(`relayer-tui: context staging (current_context) cannot be used:\n  ${join(dir, 'config.yaml')}:5: contexts.staging.tokn_env: is not a known key`);
  });

  it('--context picks the good one: the TUI runs on it, and :messages holds every error of the others', async () => {
    sandbox = await startSandbox();
    const dir = configDir(`current_context: broken
contexts:
  broken:
    url: 127.0.0.1:44505
    token_env: X
  good-one:
    url: ${sandbox.url}
    token_env: GOOD_KEY
`);
    const tui = start({ cols: 80, rows: 24, args: ['--context', 'good-one'], env: { RELAYER_TUI_CONFIG_DIR: dir, GOOD_KEY: sandbox.token } });
    const rows = await tui.waitForText('Sepolia Main', 10_000);
    expect(rows.join('\n')).toMatch(/^ctx good-one │ 127\.0\.0\.1:\d+/m);
    expect(rows.join('\n')).not.toContain('SANDBOX');
    await tui.waitForRawMode();
    await runCommand(tui, 'messages');
    const m = await tui.waitForScreen((r) => r.join(' ').replace(/\s+/g, ' ').includes('contexts.broken.url: not a URL: write the scheme'), 5000, 'the error in :messages');
    expect(m.join(' ').replace(/\s+/g, ' ')).toContain('(context broken cannot be used)');
  });
});

describe('a status filter the server ignored (issue 18.4)', () => {
  it('the TUI filters on the client and says so; no row of another status under status=pending', async () => {
    hostile = await startHostile(['oz-ignores-status']);
    const tui = start({ cols: 120, rows: 30, args: ['--url', hostile.url], env: { RELAYER_API_KEY: hostile.token } });
    await tui.waitForText('Plain Relayer', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'tx ok-relayer status=pending');
    const rows = await tui.waitForText(/⚠ the server ignored status=pending/, 10_000);
    const data = rows.filter((r) => /^[› ][ *](pending|confirmed)\b/.test(r));
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((r) => /^[› ][ *]pending\b/.test(r))).toBe(true);
  });

  it('headless txs --status says it on stderr and prints only that status (docs/scripting.md, recipe 1)', async () => {
    hostile = await startHostile(['oz-ignores-status']);
    const r = await run(['txs', 'ok-relayer', '--status', 'pending', '--all'], { RELAYER_URL: hostile.url, RELAYER_API_KEY: hostile.token });
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l) as { status: string; nonce: number });
    expect(lines).toHaveLength(28);
    expect(lines.every((t) => t.status === 'pending')).toBe(true);
    expect(r.err).toBe('relayer-tui txs: warning: the server ignored --status pending (it sent other statuses): filtered here; its page counts and totals are unfiltered\n');
  });

  it('headless txs on a terminal-less table says which page of how many, and how to get the rest (issue 18.10)', async () => {
    hostile = await startHostile(['oz-interleaved']);
    const r = await run(['txs', 'ok-relayer', '--output', 'table', '--per-page', '50'], { RELAYER_URL: hostile.url, RELAYER_API_KEY: hostile.token });
    expect(r.code).toBe(0);
    expect(r.err).toBe('page 1/2 (57 transactions) — --page N for another, --all for every page\n');
  });
});

describe('lookups believe what is loaded, and say which way they found it (issue 18.5)', () => {
  it(':nonce finds a row on the loaded page before any lookup; a generic 404 from by-nonce means "no such lookup": the computed page', async () => {
    hostile = await startHostile(['oz-interleaved']);
    const tui = start({ cols: 120, rows: 30, args: ['--url', hostile.url, '--per-page', '20'], env: { RELAYER_API_KEY: hostile.token } });
    await tui.waitForText('Plain Relayer', 10_000);
    await tui.waitForRawMode();
    tui.press(KEY.enter);
    await tui.waitForText(/STATUS\s+NONCE/, 10_000);
    await runCommand(tui, 'nonce 155');
    let rows = await tui.waitForText('nonce 155: found on the loaded page');
    expect(rows.find((r) => r.startsWith('›'))).toMatch(/\b155\b/);
    expect(hostile.requests.some((q) => q.url.includes('by-nonce'))).toBe(false);
    await runCommand(tui, 'nonce 101');
    await tui.waitForScreen((r) => (r.find((x) => x.startsWith('›')) ?? '').match(/\b101\b/) !== null, 5000, 'nonce 101 selected');
    expect(hostile.requests.filter((q) => q.url.includes('by-nonce/101'))).toHaveLength(1);
    // How it was found, in full in :messages (the status bar may cut it).
    await runCommand(tui, 'messages');
    await tui.waitForScreen((r) => r.join(' ').replace(/\s+/g, ' ').includes('nonce 101: found on page 3, computed from the newest nonce 157 (the server has no by-nonce lookup)'), 5000, 'the way it was found');
  });

  it('headless replace: a by-id 404 says that the by-id lookup said so, not "among the newest 1,000"', async () => {
    sandbox = await startSandbox({ flavor: 'real' });
    const r = await run(['replace', 'sepolia-main', 'no-such-tx', '--value', '1', '--yes'], { RELAYER_URL: sandbox.url, RELAYER_API_KEY: sandbox.token });
    expect(r.code).toBe(5);
    expect(r.err).toContain(`Transaction no-such-tx not found: the server's by-id lookup says "Transaction with ID no-such-tx not found"`);
    expect(r.err).not.toContain('newest');
  });
});

describe('resize and ctrl+l leave no stale cell (issue 18.7)', () => {
  /** Times change between two renders: clock times and ages are compared as their shape. */
  const normal = (rows: string[]) => rows.map((r) => r.replace(/\b\d{2}:\d{2}:\d{2}\b/g, 'hh:mm:ss').replace(/\b\d+ ms\b\s*$/g, 'n ms').replace(/\b\d+[smhd]\b/g, 'Nx'));

  async function transactionsAt(cols: number, rows: number): Promise<Tui> {
    const tui = start({ cols, rows, args: ['--url', sandbox!.url], env: { RELAYER_API_KEY: sandbox!.token } });
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'tx sepolia-main');
    await tui.waitForScreen((r) => r[0]!.startsWith('relayer-tui › Sepolia Main › transactions') && r.some((l) => /^› pending\s+1260/.test(l)), 5000, 'the transactions');
    return tui;
  }

  for (const [from, to] of [
    [[120, 24], [80, 24]],
    [[80, 30], [100, 24]],
    [[80, 24], [120, 30]],
  ] as const)
    it(`${from.join('x')} → ${to.join('x')}: the screen equals a fresh render at ${to.join('x')}`, async () => {
      sandbox = await startSandbox();
      const resized = await transactionsAt(from[0], from[1]);
      resized.resize(to[0], to[1]);
      await resized.waitForScreen((r) => r[0]!.startsWith('relayer-tui › Sepolia Main › transactions') && r.some((l) => l.startsWith('? help')), 5000, 'the frame at the new size');
      // Past the page re-fit (same relayer, maybe another page size): each quiet for 400 ms, then compare.
      await resized.quiet(400);
      const fresh = await transactionsAt(to[0], to[1]);
      await fresh.quiet(400);
      await Promise.all([resized.flushed(), fresh.flushed()]);
      expect(normal(resized.screen())).toEqual(normal(fresh.screen()));
    });

  it('ctrl+l redraws everything: what another program wrote over the screen is gone', async () => {
    sandbox = await startSandbox();
    const tui = await transactionsAt(80, 24);
    const before = tui.screen();
    // Something writes over the terminal behind the app's back (a wall message, a stray write).
    tui.term.write('\x1b[1;1HGARBAGE-GARBAGE\x1b[10;5HXXXXXXXX');
    await tui.flushed();
    expect(tui.text()).toContain('GARBAGE');
    tui.press('\x0c');
    const after = await tui.waitForScreen((r) => !r.join('\n').includes('GARBAGE') && !r.join('\n').includes('XXXXXXXX') && r[0]!.startsWith('relayer-tui ›'), 5000, 'the redraw');
    expect(normal(after)).toEqual(normal(before));
  });
});

describe('columns take what their content needs (issue 18.8)', () => {
  async function at(cols: number, rows: number, command?: string, wait: RegExp = /Sepolia Main/): Promise<string[]> {
    const tui = start({ cols, rows, args: ['--sandbox', '--sandbox-flavor', 'real'] });
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    if (command) await runCommand(tui, command);
    return tui.waitForScreen((r) => wait.test(r.join('\n')), 5000, String(wait));
  }

  it('80x24: every BALANCE ends with its unit; no cell is cut mid-unit', async () => {
    const rows = await at(80, 24, undefined, /BALANCE[\s\S]*\d(?:…)? (?:ETH|AVAX|BNB|POL|SOL|XLM)\b/);
    const header = rows.findIndex((r) => /^\s+STATE\s+NAME\s+BALANCE/.test(r));
    const at0 = rows[header]!.indexOf('BALANCE') + 'BALANCE'.length;
    const data = rows.slice(header + 1).filter((r) => /^[› ][ *](?:(?:active|jammed|low|paused|disabled|not diagnosed)\b|reading…)/.test(r));
    expect(data.length).toBeGreaterThan(10);
    for (const r of data) {
      // The cell as it ends at BALANCE's right edge (a NAME as wide as its longest leaves one space before it:
      // splitting on two spaces ran the two cells together in a CI run).
      const head = r.slice(0, at0).trimEnd();
      expect({ r, ok: /(?:^|\s)(?:(?:…|[\d,.≈e…]+) [A-Z]+|…)$/.test(head) }).toEqual({ r, ok: true });
    }
  });

  it('200x40: TO and HASH whole, nothing shortened while cells stand blank', async () => {
    const rows = await at(200, 40, 'tx sepolia-main', /STATUS\s+NONCE[\s\S]*0x[0-9a-f]{64}/);
    const data = rows.filter((r) => /^[› ][ *](pending|sent|submitted|mined|confirmed|failed|expired|canceled)\b/.test(r));
    expect(data.length).toBeGreaterThan(10);
    for (const r of data) {
      expect(r).toMatch(/ 0x[0-9a-f]{40} /);
      expect(r).not.toMatch(/0x[0-9a-f]*…/);
    }
  });

  it('120x30: the Solana ID whole', async () => {
    const rows = await at(120, 30, 'tx solana-devnet', /SIGNATURE\s+ID/);
    const data = rows.filter((r) => /^[› ][ *](pending|sent|submitted|confirmed|failed)\b/.test(r));
    expect(data.length).toBeGreaterThan(3);
    for (const r of data) expect(r).toMatch(/ [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} /);
  });
});

describe('subcommands warn as the TUI does (issue 18.10)', () => {
  it('--token and a token file others can read are warned about on stderr, the answer on stdout unchanged', async () => {
    sandbox = await startSandbox();
    const r = await run(['relayers', '--json', '--url', sandbox.url, '--token', sandbox.token], {});
    expect(r.code).toBe(0);
    expect(r.err).toBe('{"warning":"--token is visible to other users in ps; prefer RELAYER_API_KEY or --token-file"}\n');
    expect(JSON.parse(r.out).items.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-tok-'));
    const file = join(dir, 'token');
    writeFileSync(file, `${sandbox.token}\n`);
    chmodSync(file, 0o644);
    const f = await run(['relayers', '--output', 'table', '--url', sandbox.url, '--token-file', file], {});
    expect(f.code).toBe(0);
    expect(f.err).toContain(`relayer-tui relayers: warning: ${file} is readable by other users; chmod 600 it\n`);
  });
});

describe("the manual's replacement recipe (issue 18.10; docs/scripting.md since issue 55)", () => {
  it('writes the body literally (jq rounds a u128) and sends every digit', async () => {
    const readme = readFileSync(join(ROOT, 'docs', 'scripting.md'), 'utf8');
    expect(readme).not.toMatch(/jq -n '\{value:/);
    const m = /^echo '(\{"value": \d+\})' \| relayer-tui replace sepolia-main \S+ --body - --yes$/m.exec(readme);
    expect(m).not.toBeNull();
    sandbox = await startSandbox();
    const client = createRelayerClient({ baseUrl: sandbox.url, token: sandbox.token });
    const tx = (await client.listTransactions('sepolia-main', { perPage: 10 })).items.find((t) => t.status === 'pending')!;
    await client.close();
    const r = await runWithStdin(['replace', 'sepolia-main', tx.id, '--body', '-', '--dry-run'], m![1]!, { RELAYER_URL: sandbox.url, RELAYER_API_KEY: sandbox.token });
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[3]).toBe('{"value":340282366920938463463374607431768211455}');
  });
});
