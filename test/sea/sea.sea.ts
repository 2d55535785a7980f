/**
 * Issue 19.4: the single executable (dist/relayer-tui-linux-x64, `npm run sea`) runs where no Node is
 * installed: PATH holds no node. In a pty against its built-in sandbox: the first frame and a
 * mutation's review; headless: relayers --json against a sandbox in this process, byte for byte what
 * the built tree prints. Run by `.ci/run` after it builds the executable (vitest.sea.config.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { KEY, ROOT, Tui, cliPath, releaseCli, runCommand } from '../e2e/pty.js';

const SEA = join(ROOT, 'dist', 'relayer-tui-linux-x64');
/** No node anywhere on it. */
const NO_NODE = { PATH: '/nonexistent', RELAYER_TUI_CONFIG_DIR: '/nonexistent' };
/** A cache directory of its own: a start that had to make its code cache writes it there. */
const CACHE_HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-sea-cache-'));
const written = (): string[] => (existsSync(join(CACHE_HOME, 'relayer-tui')) ? readdirSync(join(CACHE_HOME, 'relayer-tui')) : []);

let sandbox: Sandbox;
beforeAll(async () => {
  if (!existsSync(SEA)) throw new Error(`${SEA} is missing: build it with npm run sea first`);
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await releaseCli();
  rmSync(CACHE_HOME, { recursive: true, force: true });
});

function run(file: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) =>
    execFile(file, args, { env, maxBuffer: 16 * 1024 * 1024 }, (err, out, errOut) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut })),
  );
}

describe('the single executable, with no Node on PATH', () => {
  it('is not a script for some node: it runs with PATH=/nonexistent', async () => {
    const v = await run(SEA, ['--version'], NO_NODE);
    expect(v).toMatchObject({ code: 0, err: '' });
    expect(v.out).toMatch(/^relayer-tui \d+\.\d+\.\d+\n$/);
  });

  it('in a pty: the first frame against its built-in sandbox, then a replacement reviewed (nothing sent)', async () => {
    const tui = new Tui({ cols: 100, rows: 30, file: SEA, env: { ...NO_NODE, XDG_CACHE_HOME: CACHE_HOME } });
    try {
      await tui.waitForText('Sepolia Main', 15_000);
      await tui.waitForRawMode();
      expect(tui.text()).toMatch(/^SANDBOX v1\.8 │ rw/m);
      await runCommand(tui, 'tx sepolia-main');
      await tui.waitForScreen((r) => r.some((l) => /^› pending\s/.test(l)), 5000, 'the transactions');
      tui.press('e');
      await tui.waitForText(/replace EVM tx/);
      tui.press(KEY.ctrlS);
      const rows = await tui.waitForText('Review:');
      expect(rows.join('\n')).toMatch(/PUT \/api\/v1\/relayers\/sepolia-main\/transactions\/\S+/);
      tui.press(KEY.esc);
      tui.press(KEY.esc);
      await tui.waitForText(/transactions \(evm\)/);
      tui.press('q');
      expect((await tui.waitForExit(5_000)).exitCode).toBe(0);
      // Its first start read the code cache built in (npm run sea): a start V8 refused it to would have written one.
      expect(written()).toEqual([]);
    } finally {
      await tui.dispose();
    }
  });

  it('relayers --json against a sandbox: the same bytes as the built tree', async () => {
    const env = { ...NO_NODE, RELAYER_URL: sandbox.url, RELAYER_API_KEY: sandbox.token };
    const sea = await run(SEA, ['relayers', '--json'], { ...env, XDG_CACHE_HOME: CACHE_HOME });
    // The one-shot's code cache is built in too.
    expect(written()).toEqual([]);
    const tree = await run(process.execPath, [cliPath(), 'relayers', '--json'], { ...env, PATH: process.env.PATH ?? '' });
    expect(sea.code, sea.err).toBe(0);
    expect(sea.err).toBe('');
    expect(sea.out).toBe(tree.out);
  });
});
