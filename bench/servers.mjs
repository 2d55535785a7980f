// Relayer servers in their own processes, for the benchmarks: the sandbox (`dist/cli.cjs sandbox`)
// and a minimal node:http server with one answer. Each resolves with its URL, token, process and stop().
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.cjs');

/** The environment the benchmarks run children in: this one, without a configured server. */
export function cleanEnv() {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of ['RELAYER_URL', 'RELAYER_API_KEY', 'RELAYER_TUI_READ_ONLY', 'NO_COLOR']) delete env[k];
  env.TERM = 'xterm-256color';
  return env;
}

/** Runs `argv` with node and waits for its "listening on http://…" line. */
async function spawnServer(argv, token, what) {
  const child = spawn(process.execPath, argv, { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error(`${what} did not start: ${out}`)), 10_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(t);
        resolve(m[1]);
      }
    });
    child.on('exit', () => reject(new Error(`${what} exited: ${out}`)));
  });
  return { url, token, child, stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))) };
}

/** The sandbox in its own process, so a CLI's figures are its own. */
export function externalSandbox() {
  const token = randomBytes(16).toString('hex');
  return spawnServer([CLI, 'sandbox', '--port', '0', '--token', token], token, 'the sandbox');
}

/**
 * A relayer server reduced to one answer: node:http in its own process, answering GET
 * /api/v1/relayers with a fixed page of five relayers and 404 to anything else.
 */
export function minimalServer() {
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
  return spawnServer(['-e', code, page], token, 'the minimal server');
}
