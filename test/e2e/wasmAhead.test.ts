/**
 * E2E: undici's parser compiled ahead (src/start/wasmAhead.ts), taken by the built CLI. A start usually
 * reaches its first connection before the compile's promise has settled (V8 then hands undici's own
 * compile the background's module), so the path where the bundle's WebAssembly reader hands undici the
 * module itself (WASM_READER in scripts/build.mjs, client-h1's patch in scripts/patches.mjs) is driven
 * here on purpose: a preload puts the compiled module where the launcher would, and counts the
 * synchronous compiles undici makes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, cliPath, releaseCli } from './pty.js';

let sb: Sandbox;
let dir: string;
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'relayer-tui-wasm-ahead-'));
});
afterAll(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
  await releaseCli();
});

/** `relayers --json` with a preload: the module ready (or not) where the launcher keeps it; the synchronous compiles on stderr. */
function run(ready: boolean): Promise<{ code: number | null; out: string; compiles: number }> {
  const preload = join(dir, `preload-${ready}.cjs`);
  writeFileSync(
    preload,
    `const { readFileSync, writeSync } = require('node:fs');
const ahead = new Map();
${ready ? `ahead.set('llhttp_simd.wasm', new WebAssembly.Module(readFileSync(${JSON.stringify(join(dirname(cliPath()), 'llhttp_simd.wasm'))})));` : ''}
globalThis[Symbol.for('relayer-tui.wasm-ahead')] = ahead;
let compiles = 0;
WebAssembly.Module = new Proxy(WebAssembly.Module, { construct: (t, a) => (compiles++, Reflect.construct(t, a)) });
process.on('exit', () => writeSync(2, 'compiles ' + compiles + '\\n'));`,
  );
  return new Promise((resolve) =>
    execFile(process.execPath, ['-r', preload, cliPath(), 'relayers', '--json'], { env: { ...process.env, RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token, RELAYER_TUI_CONFIG_DIR: join(dir, 'none') } }, (err, out, errText) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, compiles: Number(/compiles (\d+)/.exec(errText)?.[1] ?? NaN) }),
    ),
  );
}

describe('the HTTP parser compiled ahead', () => {
  it('taken as compiled where it is ready: the relayers read with no compile of it on the way; not ready, undici compiles it once', async () => {
    const ready = await run(true);
    expect({ code: ready.code, compiles: ready.compiles }).toEqual({ code: 0, compiles: 0 });
    expect((JSON.parse(ready.out) as { items: { id: string }[] }).items.map((r) => r.id)).toContain('sepolia-main');
    // The count sees a compile where there is one (the launcher's map empty, as before its promise settles).
    const notReady = await run(false);
    expect({ code: notReady.code, compiles: notReady.compiles }).toEqual({ code: 0, compiles: 1 });
  });
});
