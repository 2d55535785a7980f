/**
 * E2E: the start, with the built CLI in a real pseudo-terminal. The first page of relayers is asked
 * for before the rest of the program (the UI, the ledger, the drafts) loads, so that the server
 * answers while it does (src/main.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, disposeAll, releaseCli, Tui } from './pty.js';

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
    server = createServer((req, res) => {
      if (req.url?.startsWith('/api/v1/relayers?')) {
        asked();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(PAGE);
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"success":false,"error":"not here"}');
      }
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    tui = new Tui({ env: { RELAYER_URL: `http://127.0.0.1:${port}`, RELAYER_API_KEY: TOKEN, XDG_STATE_HOME: join(home, 'state'), RELAYER_TUI_CONFIG_DIR: join(home, 'no-config') } });

    const arrived = await Promise.race([relayersAsked.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
    expect(arrived, 'GET /relayers reached the server while the CLI was still loading').toBe(true);
    // Let the CLI on (its ledger: empty); it draws the relayers it asked for.
    writeFileSync(ledger, '');
    await tui.waitForText('Sepolia Main', 10_000);
  });
});
