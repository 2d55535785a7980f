/**
 * Issue 19: the npm package is the product. The tarball as packed (what a registry would serve),
 * installed globally into a temporary prefix with no network, and run from there: --version, --help,
 * the sandbox in its own process and `relayers --json` against it (byte for byte what the tree's
 * build prints), the TUI's first frame in a pty with a read-only install (the code cache goes to
 * $XDG_CACHE_HOME), once through npx, and `man relayer-tui` (package.json's man: the page the build made). `npm test` has just built dist/; nothing is rebuilt here
 * (--ignore-scripts), so the other e2e files' copies of dist/ are never disturbed.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, Tui, assertBuilt, cliPath, releaseCli } from './pty.js';
import { COMMANDS } from '../../src/cli/commands.js';
import { EXIT_MEANINGS } from '../../src/cli/exitCodes.js';
import { ENVIRONMENT } from '../../src/cli/usage.js';

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(file: string, args: string[], env: Record<string, string | undefined> = {}, cwd = ROOT): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    );
    child.stdin?.end('');
  });
}

const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-pkg-'));
const prefix = join(dir, 'prefix');
const npmCache = join(dir, 'npm-cache');
const bin = join(prefix, 'bin', 'relayer-tui');
const installed = join(prefix, 'lib', 'node_modules', 'relayer-tui');
let tarball = '';
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const CLEAN_ENV = { RELAYER_URL: undefined, RELAYER_API_KEY: undefined, RELAYER_TUI_CONFIG_DIR: join(dir, 'no-config'), npm_config_cache: npmCache, npm_config_update_notifier: 'false' };

beforeAll(async () => {
  assertBuilt();
  const packed = await run(NPM, ['pack', '--ignore-scripts', '--pack-destination', dir], CLEAN_ENV);
  expect(packed.code, packed.err).toBe(0);
  tarball = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz'))!);
  const inst = await run(NPM, ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], CLEAN_ENV);
  expect(inst.code, inst.err).toBe(0);
}, 180_000);

const running: ChildProcess[] = [];
afterAll(async () => {
  for (const c of running) c.kill('SIGTERM');
  await releaseCli();
  chmodSync(installed, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

describe('the package as installed (npm i -g of the packed tarball)', () => {
  it('holds exactly what runs, no dependencies, and is small', async () => {
    const list = await run('tar', ['-tzf', tarball]);
    expect(list.out.trim().split('\n').sort()).toEqual(['package/LICENSE', 'package/README.md', 'package/bin/relayer-tui.cjs', 'package/dist/app.cjs', 'package/dist/cli.cjs', 'package/dist/llhttp.wasm', 'package/dist/llhttp_simd.wasm', 'package/dist/oneshot.cjs', 'package/dist/relayer-tui.1', 'package/package.json', 'package/schema/config.schema.json']);
    expect(statSync(tarball).size).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    // The size the README's install line states is this tarball's, within 5 % (issue 28.9: it went stale).
    const kB = statSync(tarball).size / 1000;
    const said = Number(/one tarball of ~(\d+) kB/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))?.[1]);
    expect(Math.abs(said - kB) / kB, `README.md says ~${said} kB; the tarball is ${Math.round(kB)} kB: update its install line`).toBeLessThan(0.05);
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies?: object; scripts?: Record<string, string> };
    expect(pkg.dependencies ?? {}).toEqual({});
    // No install-time script runs for an operator (prepack only runs where the package is packed).
    expect(Object.keys(pkg.scripts ?? {}).filter((s) => /^(pre|post)?install$|^prepare$/.test(s))).toEqual([]);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'relayer-tui', 'node_modules'))).toBe(false);
  });

  it('--version and --help', async () => {
    const v = await run(bin, ['--version'], CLEAN_ENV);
    expect(v).toMatchObject({ code: 0, out: `relayer-tui ${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n` });
    const h = await run(bin, ['--help'], CLEAN_ENV);
    expect(h.code).toBe(0);
    expect(h.out).toMatch(/^Usage:$/m);
    expect(h.out).toContain('relayer-tui sandbox [options]');
  });

  it('the sandbox started from the installed bin, and relayers --json against it: the same bytes as the built tree', async () => {
    const sb = spawn(bin, ['sandbox', '--port', '0', '--token', 'pkg-token'], { env: { ...process.env, ...CLEAN_ENV } as NodeJS.ProcessEnv });
    running.push(sb);
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      sb.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      sb.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${out}`)));
    });
    const env = { ...CLEAN_ENV, RELAYER_URL: url, RELAYER_API_KEY: 'pkg-token' };
    const fromPackage = await run(bin, ['relayers', '--json'], env);
    const fromTree = await run(process.execPath, [cliPath(), 'relayers', '--json'], env);
    expect(fromPackage.code, fromPackage.err).toBe(0);
    expect(fromPackage.err).toBe('');
    expect(fromPackage.out).toBe(fromTree.out);
    expect(JSON.parse(fromPackage.out)).toMatchObject({ page: 1, total_items: 15, items: expect.arrayContaining([expect.objectContaining({ id: 'sepolia-main', name: 'Sepolia Main' })]) });
    // Every other subcommand from the installed bin, against the same sandbox.
    const txs = await run(bin, ['txs', 'sepolia-main', '--json', '--per-page', '5'], env);
    expect(txs.code, txs.err).toBe(0);
    const tx = (JSON.parse(txs.out) as { items: { id: string; status: string }[] }).items.find((t) => t.status === 'pending')!;
    const checks: [string[], RegExp][] = [
      [['replace', 'sepolia-main', tx.id, '--speed', 'fastest', '--dry-run'], /^PUT http:\/\/127\.0\.0\.1:\d+\/api\/v1\/relayers\/sepolia-main\/transactions\//],
      [['plugin', 'echo', '--params', '{"n": 12345678901234567890}', '--yes', '--json'], /12345678901234567890/],
      [['notify', '--url', 'https://ops.example/hook', '--dry-run'], /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/notifications$/m],
      [['info'], /^server\s+http:\/\/127\.0\.0\.1:\d+ \(from RELAYER_URL\)$/m],
      [['contexts'], /^No config file at /],
      [['completion', 'bash'], /complete .*-F _relayer_tui relayer-tui/],
    ];
    for (const [args, out] of checks) {
      const r = await run(bin, args, env);
      // stderr as the built tree's (a dry run's warnings, as --yes would say them: the replacement's price note), else nothing.
      const tree = args[0] === 'replace' ? await run(process.execPath, [cliPath(), ...args], env) : { err: '' };
      expect({ args, code: r.code, err: r.err }).toEqual({ args, code: 0, err: tree.err });
      expect(r.err.split('\n').filter(Boolean).every((l) => l.startsWith(`relayer-tui ${args[0]}: warning: `))).toBe(true);
      expect(r.out).toMatch(out);
    }
    sb.kill('SIGTERM');
  });

  it('the TUI from a read-only global install: first frame, q quits; the code cache goes to $XDG_CACHE_HOME', async () => {
    // Read-only for everyone, root included: a directory where the cache file would go, and the
    // directory itself 0555 (what a root-owned global install is to the user who runs it).
    mkdirSync(join(installed, 'dist', 'app.cjs.cache'));
    // (The one-shots above could write theirs beside the bundle; not from here on.)
    rmSync(join(installed, 'dist', 'oneshot.cjs.cache'), { force: true });
    mkdirSync(join(installed, 'dist', 'oneshot.cjs.cache'));
    chmodSync(join(installed, 'dist'), 0o555);
    const cache = join(dir, 'xdg-cache');
    try {
      const tui = new Tui({ cols: 100, rows: 30, cli: join(installed, 'bin', 'relayer-tui.cjs'), env: { ...CLEAN_ENV, XDG_CACHE_HOME: cache } });
      try {
        await tui.waitForText('Sepolia Main', 15_000);
        await tui.waitForRawMode();
        expect(tui.text()).toMatch(/^SANDBOX v1\.8 │ rw/m);
        tui.press('q');
        expect((await tui.waitForExit(5_000)).exitCode).toBe(0);
      } finally {
        await tui.dispose();
      }
      expect(readdirSync(join(cache, 'relayer-tui')).filter((f) => f.endsWith('.cache'))).toEqual([expect.stringMatching(/^app-\w+\.cache$/)]);
      // A one-shot from the same install: its own bundle's cache, beside the TUI's.
      const v = await run(bin, ['--version'], { ...CLEAN_ENV, XDG_CACHE_HOME: cache });
      expect(v.code, v.err).toBe(0);
      expect(readdirSync(join(cache, 'relayer-tui')).filter((f) => f.endsWith('.cache')).sort()).toEqual([expect.stringMatching(/^app-\w+\.cache$/), expect.stringMatching(/^oneshot-\w+\.cache$/)]);
    } finally {
      chmodSync(join(installed, 'dist'), 0o755);
    }
  });

  it('man relayer-tui: the page installed with it names every command, the environment and the exit codes (issue 55.2)', async () => {
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'relayer-tui.1'))).toBe(true);
    const r = await run('man', ['-P', 'cat', 'relayer-tui'], { ...CLEAN_ENV, MANPATH: join(prefix, 'share', 'man'), MANWIDTH: '80', MANOPT: undefined, MAN_KEEP_FORMATTING: undefined, LANG: 'C.UTF-8' });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    const page = r.out;
    expect(page).toMatch(/^RELAYER-TUI\(1\) +User Commands +RELAYER-TUI\(1\)$/m);
    const sections = Object.fromEntries(page.split(/\n(?=[A-Z][A-Z ]+\n)/).map((s) => [s.slice(0, s.indexOf('\n')), s]));
    expect(Object.keys(sections)).toEqual(expect.arrayContaining(['NAME', 'SYNOPSIS', 'DESCRIPTION', 'COMMANDS', 'OPTIONS', 'ENVIRONMENT', 'FILES', 'EXIT STATUS', 'SECURITY', 'SEE ALSO']));
    for (const c of COMMANDS) expect(sections.COMMANDS, c).toMatch(new RegExp(`^ {3}relayer-tui ${c}$`, 'm'));
    for (const e of ENVIRONMENT) expect(sections.ENVIRONMENT, e.name).toMatch(new RegExp(`^ {7}${e.name.replace(/[$]/g, '\\$&')}$`, 'm'));
    for (const m of EXIT_MEANINGS) expect(sections['EXIT STATUS'], String(m.code)).toMatch(new RegExp(`^ {7}${m.code} +${m.long.split(' ')[0]!.replace(/[-]/g, '\\-')}`, 'm'));
    // Filled at the reader's width: only an example or a command kept as written (indented under its block) is wider.
    expect(page.split('\n').filter((l) => [...l].length > 80 && !/^ {11}/.test(l))).toEqual([]);
  });

  it('npx runs the tarball', async () => {
    const r = await run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--yes', '--offline', `./${tarball.slice(dir.length + 1)}`, '--version'], CLEAN_ENV, dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^relayer-tui \d+\.\d+\.\d+\n$/);
  });
});
