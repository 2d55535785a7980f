/**
 * E2E: the start, with the built CLI in a real pseudo-terminal. The first page of relayers is asked
 * for before the rest of the program (the UI, the ledger, the drafts) loads, so that the server
 * answers while it does (src/start/main.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliPath, disposeAll, releaseCli, Tui } from './pty.js';

beforeAll(assertBuilt);
afterAll(releaseCli);

const TOKEN = 'startup-token';
const PAGE = JSON.stringify({
  success: true,
  data: [{ id: 'sepolia-main', name: 'Sepolia Main', network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false, address: `0x${'1'.repeat(40)}`, signer_id: 's', policies: {} }],
  error: null,
  pagination: { current_page: 1, per_page: 50, total_items: 1 },
});

let server: Server | undefined;
let home: string | undefined;
let tui: Tui | undefined;
afterEach(async () => {
  await tui?.dispose();
  await disposeAll();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  if (home) rmSync(home, { recursive: true, force: true });
  [server, home, tui] = [undefined, undefined, undefined];
});

/** Serves PAGE for the relayers and 404 for anything else; resolves with the server's URL. */
async function serve(onRelayers: () => void = () => undefined): Promise<string> {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/api/v1/relayers?')) {
      onRelayers();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(PAGE);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"success":false,"error":"not here"}');
    }
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** What the CLI is started with here: `url`'s server, its state and (absent) config under `dir`. */
const cliEnv = (url: string, dir: string) => ({ RELAYER_URL: url, RELAYER_API_KEY: TOKEN, XDG_STATE_HOME: join(dir, 'state'), RELAYER_TUI_CONFIG_DIR: join(dir, 'no-config') });

/**
 * The CLI against serve()'s page with a preload run first (`source` gets the file it writes what it
 * saw to), once the first relayer is on screen: that file's path.
 */
async function startWithPreload(source: (out: string) => string): Promise<string> {
  home = mkdtempSync(join(tmpdir(), 'relayer-tui-startup-'));
  const preload = join(home, 'preload.cjs');
  const out = join(home, 'seen');
  writeFileSync(preload, source(out));
  const url = await serve();
  tui = new Tui({ file: process.execPath, args: ['-r', preload, cliPath()], env: cliEnv(url, home) });
  await tui.waitForText('Sepolia Main', 10_000);
  return out;
}

describe('the start', () => {
  it('sends the first request for relayers before the rest of the program loads', async () => {
    // The audit ledger, which the CLI reads after its request for relayers and before the UI is up, is
    // a named pipe: reading it holds the CLI until this test writes to it. The request must arrive
    // at the server while the CLI is held there.
    home = mkdtempSync(join(tmpdir(), 'relayer-tui-startup-'));
    const state = join(home, 'state', 'relayer-tui');
    mkdirSync(state, { recursive: true });
    const ledger = join(state, 'audit.jsonl');
    execFileSync('mkfifo', [ledger]);
    let asked!: () => void;
    const relayersAsked = new Promise<void>((r) => (asked = r));
    const url = await serve(() => asked());
    tui = new Tui({ env: cliEnv(url, home) });

    const arrived = await Promise.race([relayersAsked.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
    expect(arrived, 'GET /relayers reached the server while the CLI was still loading').toBe(true);
    // Let the CLI on (its ledger: empty); it draws the relayers it asked for.
    writeFileSync(ledger, '');
    await tui.waitForText('Sepolia Main', 10_000);
  });

  it("builds each module's namespace once: no object's properties are listed twice from the start to quitting", async () => {
    // esbuild's __toESM, at each import of a CommonJS module or a Node built-in, lists the module's
    // properties (Object.getOwnPropertyNames) and copies them, each as a getter: React's for each of
    // ~67 importers, the process object's a dozen times. The build makes it once a module (TO_ESM in
    // scripts/build.mjs); a preload counts the listings of each object until the CLI exits.
    const out = await startWithPreload(
      (file) => `const list = Object.getOwnPropertyNames; const seen = new Map();
Object.getOwnPropertyNames = function (o) { if (o !== null && (typeof o === 'object' || typeof o === 'function')) seen.set(o, (seen.get(o) ?? 0) + 1); return list(o); };
process.once('exit', () => require('node:fs').writeFileSync(${JSON.stringify(file)}, JSON.stringify({ objects: seen.size, twice: [...seen].filter(([, n]) => n > 1).map(([o, n]) => [o === process ? 'process' : list(o).slice(0, 3).join(','), n]) })));`,
    );
    tui!.proc.write('q');
    await tui!.exited;
    const listed = JSON.parse(readFileSync(out, 'utf8')) as { objects: number; twice: [string, number][] };
    expect(listed.objects, 'the preload saw the bundle list properties').toBeGreaterThan(5);
    expect(listed.twice).toEqual([]);
  });

  it("draws the first frame without loading the Node modules it does not use (each taken off the start's path by the build)", async () => {
    // Each of these cost a start milliseconds and is loaded, if ever, when first used: node:http (undici's
    // IncomingMessage and header limit, our reason phrases), node:http2 (undici's HTTP/2 client),
    // node:assert (undici, signal-exit), node:child_process (terminal-size), the performance timeline
    // (React's scheduler, Ink), node:crypto (the sandbox). A preload lists Node's loaded modules as
    // the first relayer is written.
    const out = await startWithPreload(
      (file) => `const write = process.stdout.write; let seen = false;
process.stdout.write = function (chunk, ...rest) { if (!seen && String(chunk).includes('sepolia-main')) { seen = true; require('node:fs').writeFileSync(${JSON.stringify(file)}, process.moduleLoadList.join('\\n')); } return write.call(this, chunk, ...rest); };`,
    );
    const loaded = readFileSync(out, 'utf8').split('\n');
    expect(loaded, 'the preload read the module list').toContain('NativeModule net');
    const unused = ['http', '_http_client', 'http2', 'assert', 'child_process', 'perf_hooks', 'internal/perf/performance', 'crypto', 'tls', 'zlib', 'worker_threads'];
    expect(loaded.filter((m) => unused.some((u) => m === `NativeModule ${u}`))).toEqual([]);
  });
});
