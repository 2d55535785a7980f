/**
 * Relayer servers in their own processes, so a CLI's figures are its own: the sandbox
 * (`dist/cli.cjs sandbox`), a minimal node:http server with one answer, and the hostile fixture of the
 * trust tests (test/hostile/main.ts, through tsx). Each resolves with its URL, token, process and stop().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CLI, ROOT } from './cli.ts';

export interface Server {
  url: string;
  token: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** This environment without a configured server: what servers and headless children run in. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of ['RELAYER_URL', 'RELAYER_API_KEY', 'RELAYER_TUI_READ_ONLY', 'NO_COLOR', 'RELAYER_TUI_CONTEXT']) delete env[k];
  env.TERM = 'xterm-256color';
  return { ...env, ...extra };
}

/** Runs `argv` with node and waits for `ready` in its stdout (its first group: the URL; a second: the token). */
function spawnServer(argv: string[], token: string | undefined, what: string, ready: RegExp): Promise<Server> {
  const child = spawn(process.execPath, argv, { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`${what} did not start: ${out}`)), 15_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = ready.exec(out);
      if (!m) return;
      clearTimeout(t);
      resolve({
        url: m[1]!,
        token: token ?? m[2]!,
        child,
        stop: () => new Promise<void>((r) => (child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM')))),
      });
    });
    child.on('exit', () => reject(new Error(`${what} exited: ${out}`)));
  });
}

/**
 * `relayer-tui sandbox` in its own process: by default its real flavour (OpenZeppelin Relayer v1.8, what
 * `npm start` opens) with its clock stopped (`--block-time 0`: the same data at every read, for figures
 * that need a still world); `STILL` and `RUNNING` name the two, a section passes its own.
 */
export const STILL = ['--flavor', 'real', '--block-time', '0'] as const;
/** Its chain making a block every 2 s, as npm start's: for figures of the jam hour. */
export const RUNNING = ['--flavor', 'real'] as const;

export function externalSandbox(args: readonly string[] = STILL): Promise<Server> {
  const token = randomBytes(16).toString('hex');
  return spawnServer([CLI, 'sandbox', '--port', '0', '--token', token, ...args], token, 'the sandbox', /listening on (http:\/\/\S+)/);
}

/** The hostile fixture in `modes` (comma-separated, test/hostile/server.ts). */
export function hostileServer(modes: string): Promise<Server> {
  return spawnServer(['--import', 'tsx', join(ROOT, 'test', 'hostile', 'main.ts'), '--mode', modes], undefined, 'the hostile server', /^(http:\/\/\S+) (\S+)\n/m);
}

/**
 * A relayer server reduced to one answer: node:http in its own process, answering GET
 * /api/v1/relayers with a fixed page of five relayers and 404 to anything else.
 */
export function minimalServer(): Promise<Server> {
  const token = randomBytes(16).toString('hex');
  const page = JSON.stringify({
    success: true,
    data: ['Sepolia Main', 'Mainnet Hot Wallet', 'Polygon Ops', 'Solana Devnet', 'Stellar Testnet'].map((name, i) => ({
      id: name.toLowerCase().replace(/ /g, '-'),
      name,
      network: 'sepolia',
      network_type: 'evm',
      paused: false,
      system_disabled: false,
      address: `0x${String(i).repeat(40)}`,
      signer_id: 's',
      policies: {},
    })),
    error: null,
    pagination: { current_page: 1, per_page: 50, total_items: 5 },
  });
  const code = `
    const http = require('node:http');
    const body = process.argv[1];
    http.createServer((req, res) => {
      if (req.url.startsWith('/api/v1/relayers?') && req.headers.authorization === 'Bearer ${token}') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not here');
      }
    }).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;
  return spawnServer(['-e', code, page], token, 'the minimal server', /listening on (http:\/\/\S+)/);
}
