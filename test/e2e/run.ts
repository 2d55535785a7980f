/**
 * The built CLI run once as a script runs it (no terminal): against a server given by RELAYER_URL and
 * RELAYER_API_KEY, in a home of its own (config, state: the audit ledger), its exit code and output.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, cliPath } from './pty.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export function runAgainst(server: { url: string; token: string }, home: string, args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, 'c'), XDG_STATE_HOME: join(home, 's'), RELAYER_URL: server.url, RELAYER_API_KEY: server.token, ...env } }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    );
  });
}

/**
 * The env that runs the built CLI on the sandbox's clock (sandboxClock.mjs): its Date.now() is the
 * sandbox's time, however far a test stepped it past this machine's.
 */
/** The clock of a CLI started with SANDBOX_CLOCK_FILE `file` (sandboxClock.mjs) set `skewMs` ahead of this machine's: resolves once the CLI has taken it. */
export async function moveClock(file: string, skewMs: number, timeoutMs = 5000): Promise<void> {
  writeFileSync(file, String(skewMs));
  const end = Date.now() + timeoutMs;
  const taken = () => {
    try {
      return readFileSync(`${file}.ack`, 'utf8') === String(skewMs);
    } catch {
      return false;
    }
  };
  while (!taken()) {
    if (Date.now() > end) throw new Error(`The CLI did not take the clock file's ${skewMs} ms within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The preload that sets a CLI's clock (sandboxClock.mjs), for NODE_OPTIONS=--import. */
export const clockPreload = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'sandboxClock.mjs')).href;

export function onSandboxClock(sb: { clock: { now(): number } }): Record<string, string> {
  return { NODE_OPTIONS: `--import ${clockPreload}`, SANDBOX_CLOCK_SKEW_MS: String(sb.clock.now() - Date.now()) };
}

/**
 * A test file's sandbox (the real flavour, its own process's loopback server) and the built CLI run
 * against it in a home of its own: call at the top of the file (it registers beforeAll and afterAll).
 */
export function cliWithSandbox(prefix: string): { sandbox: () => Sandbox; home: string; run: (args: readonly string[], env?: Record<string, string>) => Promise<CliRun> } {
  const home = mkdtempSync(join(tmpdir(), prefix));
  let sb: Sandbox | undefined;
  beforeAll(async () => {
    assertBuilt();
    sb = await startSandbox({ flavor: 'real' });
  });
  afterAll(() => sb?.close());
  return { sandbox: () => sb!, home, run: (args, env) => runAgainst(sb!, home, args, env) };
}
