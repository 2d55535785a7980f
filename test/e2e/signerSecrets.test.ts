/**
 * Issue 51, against a purpose-built server (node:http on loopback) that is not v1.8: its signers carry
 * secrets in their config, and it answers a PATCH of a network 404 while GET /networks works. The built
 * CLI masks the secrets in every output (table, --json, NDJSON, get) unless --reveal-secrets is given;
 * the PATCH's 404 is said as that write not being offered, not as networks not being offered.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliPath } from './pty.js';

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-signer-secrets-'));
const TOKEN = 'test-token-signer-secrets';
const PASSPHRASE = 'correct-horse-battery-staple-9f8e';
const API_SECRET = 'cdp-api-secret-5b2c7d1e';
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
const HEX_KEY = `0x${'ab'.repeat(32)}`;
const SIGNERS = [
  { id: 'local-1', type: 'local', config: { path: '/keys/local.json', passphrase: PASSPHRASE } },
  { id: 'cdp-1', type: 'cdp', config: { api_key_id: 'key-id-1', api_key_secret: API_SECRET, wallet_secret: { type: 'plain', value: API_SECRET }, account_address: '0x1111111111111111111111111111111111111111' } },
  { id: 'gcp-1', type: 'google_cloud_kms', config: { service_account: { project_id: 'p', private_key: PEM, client_email: 'a@p.iam' }, key: { key_id: 'k', location: 'global' } } },
  // A non-secret name holding key material: masked by what it holds.
  { id: 'odd-1', type: 'vault', config: { key_name: HEX_KEY, address: 'https://vault.example' } },
];
const SECRETS = [PASSPHRASE, API_SECRET, 'BEGIN PRIVATE KEY', 'ab'.repeat(32)];
const NETWORK = { id: 'evm:sepolia', network: 'sepolia', network_type: 'evm', rpc_urls: ['https://rpc.example/v2/KEY'] };

let server: Server;
let url = '';
const seen: { method: string; url: string }[] = [];
beforeAll(async () => {
  assertBuilt();
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const ok = (data: unknown, total?: number) => send(200, { success: true, data, error: null, ...(total !== undefined ? { pagination: { current_page: 1, per_page: 10, total_items: total } } : {}) });
    const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
    if (path === '/api/v1/health') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('OK');
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { success: false, code: 401, error: 'Unauthorized', message: 'Unauthorized' });
    if (req.method === 'GET' && path === '/api/v1/relayers') return ok([], 0);
    if (req.method === 'GET' && path === '/api/v1/signers') return ok(SIGNERS, SIGNERS.length);
    const signer = /^\/api\/v1\/signers\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && signer) return ok(SIGNERS.find((x) => x.id === signer[1]));
    if (req.method === 'GET' && path === '/api/v1/networks') return ok([NETWORK], 1);
    if (req.method === 'GET' && path === '/api/v1/networks/evm:sepolia') return ok(NETWORK);
    // Everything else, the PATCH of a network included: a generic 404 (no route).
    return send(404, { success: false, data: null, error: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const run = (args: string[]) =>
  new Promise<{ code: number; out: string; err: string }>((resolve) => {
    const child = execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME, XDG_CONFIG_HOME: join(HOME, 'c'), XDG_STATE_HOME: join(HOME, 's'), RELAYER_URL: url, RELAYER_API_KEY: TOKEN } }, (e, out, err) =>
      resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
    child.stdin?.end('');
  });

describe("a server whose signers carry secrets in their config", () => {
  it('signers --json, NDJSON, the table and get: every secret masked (***), the names of keys kept', async () => {
    for (const args of [['signers', '--json'], ['signers', '--output', 'ndjson'], ['signers', '--output', 'table'], ['signers', 'get', 'cdp-1'], ['signers', 'get', 'gcp-1'], ['signers', 'get', 'local-1'], ['signers', 'get', 'odd-1']]) {
      const r = await run(args);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(0);
      for (const s of SECRETS) expect(r.out, `${args.join(' ')} shows ${s}`).not.toContain(s);
    }
    const j = JSON.parse((await run(['signers', '--json'])).out) as { items: { id: string; config: Record<string, unknown> }[] };
    expect(j.items.find((s) => s.id === 'cdp-1')!.config).toEqual({ api_key_id: 'key-id-1', api_key_secret: '***', wallet_secret: '***', account_address: '0x1111111111111111111111111111111111111111' });
    expect(j.items.find((s) => s.id === 'gcp-1')!.config).toEqual({ service_account: { project_id: 'p', private_key: '***', client_email: 'a@p.iam' }, key: { key_id: 'k', location: 'global' } });
    expect(j.items.find((s) => s.id === 'local-1')!.config).toEqual({ path: '***', passphrase: '***' });
    expect(j.items.find((s) => s.id === 'odd-1')!.config).toEqual({ key_name: '***', address: 'https://vault.example' });
  });

  it('--reveal-secrets (on the command line only) shows them whole', async () => {
    const r = await run(['signers', 'get', 'local-1', '--reveal-secrets']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ config: { passphrase: PASSPHRASE } });
  });
});

describe('a PATCH answered 404 where the GET works', () => {
  it('said as the write not being offered, never as the server not offering networks', async () => {
    const r = await run(['networks', 'update', 'evm:sepolia', '--rpc-url', 'https://rpc2.example/v2/K', '--yes']);
    expect(r.code, r.err).not.toBe(0);
    expect(seen.some((q) => q.method === 'PATCH' && decodeURIComponent(q.url) === '/api/v1/networks/evm:sepolia')).toBe(true);
    expect(r.err).toContain("This server does not offer changing a network's RPC URLs (PATCH /networks/{id})");
    expect(r.err).not.toContain('does not offer networks (GET /networks)');
  });
});
