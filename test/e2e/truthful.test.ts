/**
 * E2E, never mislead (issue 28): the built CLI, headless and in a pty, against servers that answer
 * nothing or are not relayer servers at all (the hostile fixture over loopback; the CLI in a process
 * of its own). What the operator's timeout means, and what is said of a URL that is not a relayer API.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from '../hostile/server.js';
import { Tui, assertBuilt, cliPath, releaseCli, runCommand } from './pty.js';

let hang: Hostile;
let notApi: Hostile;
let dir: string;
const tuis: Tui[] = [];

beforeAll(async () => {
  assertBuilt();
  [hang, notApi] = await Promise.all([startHostile(['hang']), startHostile(['not-api'])]);
  dir = mkdtempSync(join(tmpdir(), 'relayer-tui-truth2-'));
});
afterEach(async () => {
  await Promise.all(tuis.splice(0).map((t) => t.dispose()));
});
afterAll(async () => {
  await Promise.all([hang.close(), notApi.close()]);
  await releaseCli();
  rmSync(dir, { recursive: true, force: true });
});

const env = (server: Hostile) => ({ RELAYER_URL: server.url, RELAYER_API_KEY: server.token, RELAYER_TUI_CONFIG_DIR: join(dir, 'none'), XDG_STATE_HOME: join(dir, 'state') });

function run(server: Hostile, args: string[]): Promise<{ code: number; out: string; err: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env(server) } }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut, ms: Date.now() - t0 }),
    );
  });
}

const gets = (server: Hostile, path: string) => server.requests.filter((r) => r.method === 'GET' && r.url.startsWith(path)).length;

describe('the timeout the operator gives bounds the whole operation (issue 28.1)', () => {
  it('headless: relayers --timeout 2 against a server that never answers asks once and says 2 s', async () => {
    const before = gets(hang, '/api/v1/relayers');
    const r = await run(hang, ['relayers', '--timeout', '2']);
    expect(r.code).toBe(9);
    expect(r.err).toBe(`relayer-tui relayers: No answer from ${new URL(hang.url).host} within 2 s\n`);
    // Not retried past it: one try used the whole timeout (three of them took 3 × 15 s before).
    expect(gets(hang, '/api/v1/relayers') - before).toBe(1);
    expect(r.ms).toBeLessThan(6000);
  });

  it('the TUI: --timeout 2 says the timeout within it; the activity log shows one GET, not retried', async () => {
    const tui = new Tui({ cols: 100, rows: 30, args: ['--timeout', '2'], env: env(hang) });
    tuis.push(tui);
    await tui.waitForText('Loading relayers', 10_000);
    const rows = await tui.waitForText(`No answer from ${new URL(hang.url).host} within 2 s`, 6000);
    expect(rows.join('\n')).toMatch(/✗ timeout/);
    await runCommand(tui, 'log');
    // The log's rows, once drawn (its title comes a frame before them: a CI run read 'Loading requests…').
    const log = await tui.waitForScreen((r) => r.some((l) => /log \(\d+ requests?/.test(l)) && !r.some((l) => /Loading requests/.test(l)), 5000, 'the log with its rows');
    const relayerGets = log.filter((l) => /GET\s+fail.*\/api\/v1\/relayers/.test(l));
    expect(relayerGets, log.join('\n')).toHaveLength(1);
  });
});

describe('a URL that is not a relayer server (issue 28.2)', () => {
  const where = () => `${notApi.url}/api/v1`;

  it('headless: says what answered there, exit 3 (config), never "not found"', async () => {
    const r = await run(notApi, ['relayers']);
    expect(r.code).toBe(3);
    expect(r.err).toBe(`relayer-tui relayers: HTTP 404 text/html from ${where()}/relayers: this does not look like a relayer API — check the server URL\n`);
    expect(r.err).not.toMatch(/Error response|not found/i);
  });

  it('a plugin POST answered 501 is not applied (refused), never "outcome unknown"', async () => {
    const r = await run(notApi, ['plugin', 'echo', '--params', '{}', '--yes']);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/refused by the server: nothing was applied: HTTP 501 text\/html from .*\/api\/v1\/plugins\/echo\/call: this does not look like a relayer API/);
    expect(r.err).not.toMatch(/unknown|may have been applied/);
  });

  it('ready against it is not "no readiness endpoint" (exit 0): it is not a relayer API, exit 3', async () => {
    const r = await run(notApi, ['ready']);
    expect(r.code).toBe(3);
    expect(r.err).toBe(`relayer-tui ready: HTTP 404 text/html from ${where()}/ready: this does not look like a relayer API — check the server URL\n`);
  });

  it('the TUI: "not a relayer API" and what to do, no id to check', async () => {
    const tui = new Tui({ cols: 120, rows: 30, env: env(notApi) });
    tuis.push(tui);
    const rows = await tui.waitForText('this does not look like a relayer API', 10_000);
    const text = rows.join('\n');
    expect(text).toMatch(/✗ not a relayer API/);
    expect(text).toMatch(/Point --url \(RELAYER_URL, or the context's url\) at the relayer server itself/);
    expect(text).not.toMatch(/Check the id/);
  });
});
