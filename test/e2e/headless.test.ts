/**
 * The headless subcommands, as scripts run them: the built CLI as a child process without a TTY,
 * against the sandbox over loopback. Outputs parsed, integers exact, exit codes per failure class.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, parseJson } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ALL_ESCAPES, FORBIDDEN_RAW, startHostile } from '../hostile/server.js';
import { assertBuilt, cliPath, releaseCli } from './pty.js';

let sb: Sandbox;
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.close();
  await releaseCli();
});

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliPath(), ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (err, out, errOut) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    );
  });
}

describe('relayer-tui relayers / txs (no TTY)', () => {
  it('relayers: JSON with the page and its items', async () => {
    const r = await run(['relayers', '--per-page', '5']);
    expect(r.code).toBe(0);
    const j = parseJson(r.out) as { items: { id: string }[]; page: number; per_page: number; total_items: number };
    expect(j).toMatchObject({ page: 1, per_page: 5, total_items: 15 });
    expect(j.items).toHaveLength(5);
  });

  it('txs --all streams every page as NDJSON, --limit stops it; u128 values keep every digit', async () => {
    const client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
    const page = await client.listTransactions('sepolia-main', { perPage: 100 });
    const pending = page.items.find((t) => t.status === 'pending')!;
    await client.replaceTransaction('sepolia-main', pending.id, { value: (1n << 128n) - 1n });
    await client.close();
    const r = await run(['txs', 'sepolia-main', '--all', '--per-page', '7']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(page.totalItems);
    const replaced = lines.find((l) => l.includes(pending.id))!;
    expect(replaced).toContain('"value":"340282366920938463463374607431768211455"');
    const limited = await run(['txs', 'sepolia-main', '--all', '--per-page', '7', '--limit', '10']);
    expect(limited.out.trim().split('\n')).toHaveLength(10);
  });

  it('distinct exit codes, one line on stderr (a JSON object with --json)', async () => {
    const nf = await run(['txs', 'nope']);
    expect(nf.code).toBe(5);
    expect(nf.err).toBe('relayer-tui txs: HTTP 404: Relayer with ID nope not found\n');
    const nfJson = await run(['txs', 'nope', '--json']);
    expect(JSON.parse(nfJson.err)).toEqual({ error: { kind: 'not_found', status: 404, message: 'Relayer with ID nope not found' } });
    expect((await run(['relayers'], { RELAYER_API_KEY: 'wrong' })).code).toBe(4);
    expect((await run(['txs'])).code).toBe(2);
    const port = await new Promise<number>((res) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => res(p));
      });
    });
    const down = await run(['relayers'], { RELAYER_URL: `http://127.0.0.1:${port}` });
    expect(down.code).toBe(9);
    expect(down.err).toMatch(/connection refused/);
    // No server configured at all: a configuration error naming what is missing.
    const none = await run(['relayers'], { RELAYER_URL: '', RELAYER_API_KEY: '' });
    expect(none.code).toBe(3);
    expect(none.err).toMatch(/needs a server/);
  });

  it('server text in JSON output: the same value, escaped so no terminal acts on it', async () => {
    const hostile = await startHostile(['escapes']);
    try {
      const r = await run(['relayers', '--json'], { RELAYER_URL: hostile.url, RELAYER_API_KEY: hostile.token });
      expect(r.code).toBe(0);
      expect(r.out).not.toMatch(FORBIDDEN_RAW);
      expect(r.out).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
      const j = JSON.parse(r.out) as { items: { name: string }[] };
      expect(j.items[0]!.name).toBe(`Evil ${ALL_ESCAPES}`);
    } finally {
      await hostile.close();
    }
  });

  it('the TUI without a terminal names the subcommands', async () => {
    const r = await run([]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('relayer-tui relayers, txs <relayer-id>, replace <relayer-id> <tx-id>, plugin <plugin-id>, notify --url <webhook>');
  });
});
