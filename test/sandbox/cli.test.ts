import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { SANDBOX_RELAYERS, seedRelayers } from '../../src/sandbox/seeds.js';
import { parseSandboxArgs, runSandboxCli } from '../../src/sandbox/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = fileURLToPath(new URL('../../src/sandbox/index.ts', import.meta.url));

/** Run runSandboxCli in a child process (node + tsx loader), so signals and exit codes are real. */
function spawnCli(args: string[]): ChildProcess {
  const code = `import(${JSON.stringify(ENTRY)}).then((m) => m.runSandboxCli(${JSON.stringify(args)}));`;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitFor(child: ChildProcess, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; got: ${out}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (c) => resolve(c)));
}

describe('runSandboxCli (child process)', () => {
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    child = spawnCli(['--port', '0', '--flavor', 'real', '--latency', '0']);
    output = await waitFor(child, /relayer-tui\n/);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exitCode(child);
    }
  });

  it('prints the URL, the generated token and an example, serves requests, stops on SIGTERM', async () => {
    const url = /relayer sandbox \(real flavor\) listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    const token = /^token: ([0-9a-f]{32})$/m.exec(output)?.[1];
    expect(url).toBeDefined();
    expect(token).toBeDefined();
    expect(output).toContain(`RELAYER_URL=${url} RELAYER_API_KEY=${token} relayer-tui`);
    const res = await request(`${url}/api/v1/relayers`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { success: boolean }).success).toBe(true);
    child!.kill('SIGTERM');
    expect(await exitCode(child!)).toBe(0);
  });

  it('exits with code 2 on a bad option', async () => {
    const bad = spawnCli(['--flavor', 'weird']);
    let err = '';
    bad.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exitCode(bad)).toBe(2);
    expect(err).toMatch(/--flavor must be one of contract, real/);
  });
});

describe('runSandboxCli (in process)', () => {
  it('parses options and rejects bad ones', () => {
    expect(parseSandboxArgs(['--port', '0', '--token', 'abc', '--rate-limit', '3', '--latency', '50'])).toEqual({
      port: 0,
      token: 'abc',
      rateLimit: 3,
      latencyMs: 50,
      running: true,
    });
    expect(parseSandboxArgs(['--help'])).toBe('help');
    // A mutation applied at once and answered late (a line dropped mid-send: issue 31.2).
    expect(parseSandboxArgs(['--port', '0', '--answer-delay', '2500'])).toEqual({ port: 0, answerDelayMs: 2500, running: true });
    // The real flavour's clock: blocks every 2 s unless told; 0 stands it still.
    expect(parseSandboxArgs(['--port', '0', '--block-time', '0.5', '--time-scale', '10', '--gas-spike', 'sepolia:80', '--gas-spike', 'holesky:2.5', '--gap-filler', 'off'])).toEqual({
      port: 0,
      running: true,
      blockTimeMs: 500,
      timeScale: 10,
      gasSpikes: { sepolia: 80, holesky: 2.5 },
      gapFiller: false,
    });
    expect(parseSandboxArgs(['--block-time', '0'])).toMatchObject({ running: false });
    // --jams-first: a small deployment that has the seeds' jams (the bench's 7 relayers, 3 jammed).
    expect(parseSandboxArgs(['--relayers', '7', '--jams-first'])).toMatchObject({ profile: { relayers: 7, jamsFirst: true } });
    expect(seedRelayers({ relayers: 7, jamsFirst: true }, 'real').map((r) => r.id).slice(0, 3)).toEqual(['optimism-relay', 'avalanche-bridge', 'holesky-test'].sort((a, b) => SANDBOX_RELAYERS.indexOf(a) - SANDBOX_RELAYERS.indexOf(b)));
    for (const bad of [['--jams-first'], ['--port', 'x'], ['--port', '70000'], ['--latency', '-1'], ['--answer-delay', 'x'], ['--bogus'], ['--flavor', 'x'], ['positional'], ['--block-time', '-1'], ['--time-scale', '0.5'], ['--gas-spike', 'sepolia'], ['--gap-filler', 'maybe']]) {
      expect(parseSandboxArgs(bad), bad.join(' ')).toBeInstanceOf(Error);
    }
  });

  it('prints usage for --help and does not print the token line when a token is given', async () => {
    const lines: string[] = [];
    await runSandboxCli(['--help'], { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    expect(lines.join('\n')).toMatch(/Usage: relayer-tui sandbox/);
    expect(lines.join('\n')).toContain('--rate-limit');

    const out: string[] = [];
    const ac = new AbortController();
    const running = runSandboxCli(['--port', '0', '--token', 'given-token'], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      signal: ac.signal,
    });
    for (let i = 0; i < 100 && !out.some((l) => l.includes('relayer-tui')); i++) await new Promise((r) => setTimeout(r, 20));
    expect(out[0]).toMatch(/^relayer sandbox \(contract flavor\) listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(out.some((l) => l.startsWith('token:'))).toBe(false);
    expect(out.join('\n')).toContain('RELAYER_API_KEY=given-token relayer-tui');
    const before = process.listenerCount('SIGTERM');
    ac.abort();
    await running;
    expect(process.listenerCount('SIGTERM')).toBe(before - 1);
    expect(out.at(-1)).toMatch(/stopping sandbox/);
  });
});
