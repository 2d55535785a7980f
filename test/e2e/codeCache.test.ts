/**
 * E2E: the launcher's V8 code cache (src/cli.ts), with the built CLI in a real pseudo-terminal. The
 * first start writes it after its first frame; later starts use it as it is (V8 accepted it: a
 * cache refused, say for being made under other V8 flags, would be written again on every start);
 * a damaged one is replaced and costs nothing but speed.
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
      const next = await startCli();
      await new Promise((r) => setTimeout(r, 300)); // past the moment a cache would be written
      await quit(next);
      expect(statSync(cacheFile()).mtimeMs).toBe(written.mtimeMs);
      expect(readFileSync(cacheFile()).equals(bytes)).toBe(true);
    }
  });

  it('replaces a damaged cache and starts as usual', async () => {
    writeFileSync(cacheFile(), Buffer.alloc(4096, 7));
    const tui = await startCli();
    await until(() => statSync(cacheFile()).size > 100_000, 'the cache to be replaced');
    expect(tui.screen().some((r) => r.includes('Sepolia Main'))).toBe(true);
    await quit(tui);
  });
});
