/**
 * E2E: the launcher's V8 code cache (src/start/launcher.ts), with the built CLI in a real pseudo-terminal. The
 * first start writes it after its first frame; later starts use it as it is (V8 accepted it: a
 * cache refused, say for being made under other V8 flags, would be written again on every start);
 * a damaged one is replaced and costs nothing but speed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliPath, disposeAll, releaseCli, startCli, type Tui } from './pty.js';

beforeAll(assertBuilt);
afterEach(disposeAll);
afterAll(releaseCli);

const cacheFile = () => join(dirname(cliPath()), 'app.cjs.cache');

async function until(pred: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function quit(tui: Tui): Promise<void> {
  tui.press('q');
  expect((await tui.exited).exitCode).toBe(0);
}

describe('code cache', () => {
  it('is written by the first start and used as it is by the next ones', async () => {
    rmSync(cacheFile(), { force: true });
    const first = await startCli();
    await until(() => existsSync(cacheFile()), 'the cache file');
    await quit(first);
    const written = statSync(cacheFile());
    expect(written.size).toBeGreaterThan(100_000);
    const bytes = readFileSync(cacheFile());

    for (let i = 0; i < 2; i++) {
      // Its relayers drawn: past its first frame, where a cache would be written (codeCache.ts launch, at once).
      const next = await startCli();
      await quit(next);
      expect(statSync(cacheFile()).mtimeMs).toBe(written.mtimeMs);
      expect(readFileSync(cacheFile()).equals(bytes)).toBe(true);
    }
  });

  it('where the bundle\'s directory cannot take it (a global install), goes to $XDG_CACHE_HOME and is used from there', async () => {
    const root = mkdtempSync(join(tmpdir(), 'relayer-tui-ro-'));
    try {
      const dist = join(root, 'dist');
      cpSync(dirname(cliPath()), dist, { recursive: true });
      // The cache beside the bundle can be neither read nor written: a directory stands in its place
      // (and the directory is made read-only, which also stops a non-root user).
      rmSync(join(dist, 'app.cjs.cache'), { force: true });
      mkdirSync(join(dist, 'app.cjs.cache', 'x'), { recursive: true });
      chmodSync(dist, 0o555);
      const cache = join(root, 'xdg-cache');
      const env = { XDG_CACHE_HOME: cache };
      const files = () => (existsSync(join(cache, 'relayer-tui')) ? readdirSync(join(cache, 'relayer-tui')).filter((f) => f.endsWith('.cache')) : []);
      const first = await startCli({ cli: join(dist, 'cli.cjs'), env });
      await until(() => files().length === 1, 'the cache in $XDG_CACHE_HOME/relayer-tui');
      await quit(first);
      const file = join(cache, 'relayer-tui', files()[0]!);
      const written = statSync(file);
      expect(written.size).toBeGreaterThan(100_000);
      // The next start reads it and V8 accepts it: it is not written again.
      const next = await startCli({ cli: join(dist, 'cli.cjs'), env });
      await quit(next);
      expect(statSync(file).mtimeMs).toBe(written.mtimeMs);
      expect(files()).toHaveLength(1);
    } finally {
      chmodSync(join(root, 'dist'), 0o755);
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a one-shot command runs its own bundle (dist/oneshot.cjs, no Ink) through its own cache: written once, then used as it is', async () => {
    const oneShotCache = join(dirname(cliPath()), 'oneshot.cjs.cache');
    const tuiCache = readFileSync(cacheFile());
    rmSync(oneShotCache, { force: true });
    const run = () => execFileSync(process.execPath, [cliPath(), 'info'], { encoding: 'utf8', env: { ...process.env, RELAYER_URL: 'http://127.0.0.1:9', RELAYER_API_KEY: 'k' } });
    expect(run()).toMatch(/^server\s+http:\/\/127\.0\.0\.1:9 /m);
    const written = statSync(oneShotCache);
    expect(written.size).toBeGreaterThan(50_000);
    expect(run()).toMatch(/^server\s+http:\/\/127\.0\.0\.1:9 /m);
    // Accepted by V8 (under the flags the launcher sets for a one-shot): not written again.
    expect(statSync(oneShotCache).mtimeMs).toBe(written.mtimeMs);
    // The TUI's cache is another file, untouched by it.
    expect(readFileSync(cacheFile()).equals(tuiCache)).toBe(true);
    // A long read (--all) runs under other V8 flags (the optimizing compiler kept): a cache of its own,
    // written once and then used; the short one-shots' cache is left as it was.
    const longCache = join(dirname(cliPath()), 'oneshot.cjs.long.cache');
    rmSync(longCache, { force: true });
    const long = () => spawnSync(process.execPath, [cliPath(), 'txs', 'r', '--all', '--dialect', 'contract'], { encoding: 'utf8', env: { ...process.env, RELAYER_URL: 'http://127.0.0.1:9', RELAYER_API_KEY: 'k' } });
    expect(long().stderr).toMatch(/127\.0\.0\.1:9/);
    const longWritten = statSync(longCache);
    expect(longWritten.size).toBeGreaterThan(50_000);
    long();
    expect(statSync(longCache).mtimeMs).toBe(longWritten.mtimeMs);
    expect(statSync(oneShotCache).mtimeMs).toBe(written.mtimeMs);
    // What it runs holds none of the TUI's libraries (the TUI's bundle does).
    const [one, app] = ['oneshot.cjs', 'app.cjs'].map((f) => readFileSync(join(dirname(cliPath()), f), 'latin1'));
    for (const mark of ['react.transitional.element', 'ink-text', 'yogaNode']) expect({ mark, one: one!.includes(mark), app: app!.includes(mark) }).toEqual({ mark, one: false, app: true });
  });

  it('replaces a damaged cache and starts as usual', async () => {
    writeFileSync(cacheFile(), Buffer.alloc(4096, 7));
    const tui = await startCli();
    await until(() => statSync(cacheFile()).size > 100_000, 'the cache to be replaced');
    expect(tui.screen().some((r) => r.includes('Sepolia Main'))).toBe(true);
    await quit(tui);
  });
});
