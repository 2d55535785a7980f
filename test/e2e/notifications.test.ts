/**
 * `relayer-tui notifications` (issue 42.4), the built CLI against the sandbox's real flavour over
 * loopback: the list; an update of only what changes, its key write-only (never on stdout, stderr or
 * in the ledger); a delete the server refuses while relayers use it — named in the review before, in
 * the server's own text after; read-only refuses; a server of the interface document says it has none.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt } from './pty.js';
import { runAgainst } from './run.js';

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-notifications-'));
const KEY = 'n3w-signing-key-0123456789abcdef-XYZ';
let sb: Sandbox;
let contract: Sandbox;
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox({ flavor: 'real' });
  contract = await startSandbox({ flavor: 'contract' });
});
afterAll(async () => {
  await sb.close();
  await contract.close();
});

const run = (args: string[], server: Sandbox = sb, env: Record<string, string> = {}) => runAgainst(server, HOME, args, env);
const writes = (s: Sandbox) => s.requests.filter((r) => r.method !== 'GET' && r.url.startsWith('/api/v1/notifications'));

describe('relayer-tui notifications', () => {
  it('lists them; update sends only what changes, the key write-only everywhere', async () => {
    const list = await run(['notifications', '--json']);
    expect(JSON.parse(list.out)).toMatchObject({ items: [{ id: 'ops-webhook', has_signing_key: true, used_by: expect.arrayContaining(['Sepolia Main', 'BSC Treasury']) }] });
    // The table names which relayers use each (every relayer read).
    expect((await run(['notifications', '--output', 'table'])).out).toMatch(/^ops-webhook\s+webhook\s+yes\s+https:\/\/hooks\.example\.com\/relayer\/ops\s+12: \S/m);
    const url = await run(['notifications', 'update', 'ops-webhook', '--webhook-url', 'https://hooks.example.com/v2', '--yes']);
    expect(url.code, url.err).toBe(0);
    expect(writes(sb).at(-1)).toMatchObject({ method: 'PATCH', url: '/api/v1/notifications/ops-webhook', body: '{"url":"https://hooks.example.com/v2"}' });
    const key = await run(['notifications', 'update', 'ops-webhook', '--signing-key-env', 'HOOK_KEY', '--yes'], sb, { HOOK_KEY: KEY });
    expect(key.code, key.err).toBe(0);
    expect(writes(sb).at(-1)!.body).toBe(`{"signing_key":"${KEY}"}`);
    expect(key.out + key.err).not.toContain(KEY);
    expect(JSON.parse(key.out)).toMatchObject({ id: 'ops-webhook', has_signing_key: true });
    const removed = await run(['notifications', 'update', 'ops-webhook', '--remove-signing-key', '--yes']);
    expect(removed.code, removed.err).toBe(0);
    expect(writes(sb).at(-1)!.body).toBe('{"signing_key":""}');
    expect(JSON.parse((await run(['notifications', 'get', 'ops-webhook'])).out)).toMatchObject({ url: 'https://hooks.example.com/v2', has_signing_key: false });
    // The ledger: op and target; the key never.
    const ledger = readFileSync(join(HOME, 's', 'relayer-tui', 'audit.jsonl'), 'utf8');
    expect(ledger).not.toContain(KEY);
    expect(ledger).toContain('"op":"notification-update"');
    // Nothing to change, a short key, both at once: refused before sending.
    const before = writes(sb).length;
    expect(await run(['notifications', 'update', 'ops-webhook', '--yes'])).toMatchObject({ code: 2, err: expect.stringContaining('nothing to change') });
    expect(await run(['notifications', 'update', 'ops-webhook', '--signing-key-env', 'K', '--yes'], sb, { K: 'short' })).toMatchObject({ code: 2, err: expect.stringContaining('at least 32 characters') });
    expect(await run(['notifications', 'update', 'ops-webhook', '--signing-key-env', 'K', '--remove-signing-key', '--yes'], sb, { K: KEY })).toMatchObject({ code: 2, err: expect.stringContaining('not both') });
    expect(writes(sb)).toHaveLength(before);
  });

  it('delete: one relayers use refused before sending, naming them (exit 2, nothing sent); an unused one goes', async () => {
    const before = writes(sb).length;
    const refused = await run(['notifications', 'delete', 'ops-webhook', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/not sent: notification ops-webhook is used by \d+ relayer\(s\): .*Sepolia Main.* the OpenZeppelin Relayer refuses to delete it \(400\)/);
    expect(writes(sb).length).toBe(before);
    expect(await run(['notify', '--url', 'https://hooks.example.com/spare', '--id', 'spare', '--yes'])).toMatchObject({ code: 0 });
    const gone = await run(['notifications', 'delete', 'spare', '--yes']);
    expect(gone.code, gone.err).toBe(0);
    expect(writes(sb).at(-1)).toMatchObject({ method: 'DELETE', url: '/api/v1/notifications/spare' });
    expect(await run(['notifications', 'get', 'spare'])).toMatchObject({ code: 5 });
  });

  it('delete refused while relayers use it: the way out named as a command (a key means nothing in a shell); nothing sent', async () => {
    const before = writes(sb).length;
    const refused = await run(['notifications', 'delete', 'ops-webhook', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('until they use another (relayer-tui policies <relayer> --notification ID|none)');
    expect(refused.err).not.toContain('p on a relayer');
    expect(writes(sb).length).toBe(before);
  });

  it('read-only refuses; a server of the interface document has none', async () => {
    expect(await run(['notifications', 'delete', 'ops-webhook', '--yes', '--read-only'])).toMatchObject({ code: 10, err: expect.stringContaining('deleting notifications is disabled') });
    const none = await run(['notifications'], contract);
    expect(none.code).not.toBe(0);
    expect(none.err).toContain('This server does not offer listing, changing and deleting notifications');
  });
});
