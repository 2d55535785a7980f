/**
 * Issue 42.1/42.5/42.6 headless, the built CLI against the sandbox's real flavour over loopback: the
 * exact method, path and body each edit sends; refusals before sending; the RPC URLs' keys never in
 * any output or the ledger; read-only refusal.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, cliPath } from './pty.js';

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-dashboard-'));
const STATE = join(HOME, 'state');
const LEDGER = join(STATE, 'relayer-tui', 'audit.jsonl');
const KEY = 'K3Y-must-never-print-7f1e';

let real: Sandbox;
beforeAll(async () => {
  assertBuilt();
  real = await startSandbox({ flavor: 'real' });
});
afterAll(async () => {
  await real.close();
});

interface Run {
  code: number;
  out: string;
  err: string;
}
function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cliPath(), ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', XDG_STATE_HOME: STATE, RELAYER_URL: real.url, RELAYER_API_KEY: real.token, ...env } },
      (err, out, errOut) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    );
    child.stdin!.end('');
  });
}
const writes = () => real.requests.filter((r) => r.method !== 'GET' && !r.url.endsWith('/rpc'));
const lastWrite = () => writes().at(-1)!;

describe('relayer-tui policies: the whole relayer patch', () => {
  it('name, notification and a whitelist in one patch of exactly what changed; the answer checked', async () => {
    const before = writes().length;
    const r = await run(['policies', 'sepolia-main', '--name', 'Sepolia Main 2', '--notification', 'none', '--set', 'whitelist_receivers=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '--yes']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(writes().length).toBe(before + 1);
    expect(lastWrite()).toMatchObject({ method: 'PATCH', url: '/api/v1/relayers/sepolia-main', body: '{"policies":{"whitelist_receivers":["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"]},"name":"Sepolia Main 2","notification_id":null}' });
    const shown = await run(['policies', 'sepolia-main', '--output', 'json']);
    expect(JSON.parse(shown.out)).toMatchObject({ name: 'Sepolia Main 2', notification_id: null, policies: { whitelist_receivers: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'] } });
  });
  it('a mistyped checksum, an unknown notification id and a masked URL are refused before sending', async () => {
    const before = writes().length;
    const bad = await run(['policies', 'sepolia-main', '--set', 'whitelist_receivers=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', '--yes']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/EIP-55 checksum does not match .*0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed/);
    const masked = await run(['policies', 'sepolia-main', '--rpc-url', 'https://eth-sepolia.example.com/***', '--yes']);
    expect(masked.code).toBe(2);
    expect(masked.err).toMatch(/the server's mask of a URL, not a URL/);
    expect(writes().length).toBe(before);
  });
  it('a Stellar relayer: --set takes JSON, and fee_payment_strategy cannot be removed', async () => {
    const id = (await run(['relayers', '--output', 'json'])).out;
    const stellar = (JSON.parse(id) as { items: { id: string; network_type: string }[] }).items.find((x) => x.network_type === 'stellar')!.id;
    const before = writes().length;
    const refused = await run(['policies', stellar, '--unset', 'fee_payment_strategy', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/fee_payment_strategy: a Stellar relayer must keep it/);
    expect(writes().length).toBe(before);
    const ok = await run(['policies', stellar, '--set', 'max_fee=250', '--yes']);
    expect(ok.err).toBe('');
    expect(lastWrite()).toMatchObject({ method: 'PATCH', body: '{"policies":{"max_fee":250}}' });
  });
  it("the relayer's RPC URLs: sent whole, never printed, never in the ledger", async () => {
    const dry = await run(['policies', 'sepolia-main', '--rpc-url', `https://rpc.example.org/v2/${KEY} 40`, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out + dry.err).not.toContain(KEY);
    expect(dry.out).toMatch(/"url": ?"https:\/\/rpc\.example\.org\/\*\*\*"/);
    const sent = await run(['policies', 'sepolia-main', '--rpc-url', `https://rpc.example.org/v2/${KEY} 40`, '--yes', '--output', 'json']);
    expect(sent.out + sent.err).not.toContain(KEY);
    expect(sent.code).toBe(0);
    expect(lastWrite().body).toBe(`{"custom_rpc_urls":[{"url":"https://rpc.example.org/v2/${KEY}","weight":40}]}`);
    expect(readFileSync(LEDGER, 'utf8')).not.toContain(KEY);
  });
});

describe('relayer-tui networks update', () => {
  it('PATCH {"rpc_urls"} exactly; the key in no output and not in the ledger; GET shows it masked after', async () => {
    const r = await run(['networks', 'update', 'evm:sepolia', '--rpc-url', `https://eth.example.org/v2/${KEY}`, '--rpc-url', `https://backup.example.org/?apikey=${KEY} 10`, '--yes', '--output', 'json']);
    expect(r.out + r.err).not.toContain(KEY);
    expect(r.code).toBe(0);
    expect(lastWrite()).toMatchObject({ method: 'PATCH', url: '/api/v1/networks/evm%3Asepolia', body: `{"rpc_urls":[{"url":"https://eth.example.org/v2/${KEY}","weight":100},{"url":"https://backup.example.org/?apikey=${KEY}","weight":10}]}` });
    const got = await run(['networks', 'get', 'evm:sepolia', '--output', 'json']);
    expect(got.out).not.toContain(KEY);
    expect(got.out).toContain('https://eth.example.org/***');
    expect(readFileSync(LEDGER, 'utf8')).not.toContain(KEY);
  });
  it('read-only refuses it before sending', async () => {
    const before = writes().length;
    const r = await run(['networks', 'update', 'evm:sepolia', '--rpc-url', 'https://eth.example.org/', '--yes', '--read-only']);
    expect(r.code).toBe(10);
    expect(r.err).toMatch(/Read-only \(--read-only\): changing networks' RPC URLs is disabled/);
    expect(writes().length).toBe(before);
  });
});

describe('relayer-tui plugins update and plugin --get', () => {
  it('GET is refused before sending where the plugin does not allow it; after --allow-get on it runs', async () => {
    const before = writes().length;
    const refused = await run(['plugin', 'echo', '--get', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/plugin echo does not allow GET/);
    expect(real.requests.filter((r) => r.method === 'GET' && r.url.includes('/call')).length).toBe(0);
    const upd = await run(['plugins', 'update', 'echo', '--allow-get', 'on', '--plugin-timeout', '45', '--yes']);
    expect(upd.err).toBe('');
    expect(upd.code).toBe(0);
    expect(writes().length).toBe(before + 1);
    expect(lastWrite()).toMatchObject({ method: 'PATCH', url: '/api/v1/plugins/echo', body: '{"timeout":45,"allow_get_invocation":true}' });
    const get = await run(['plugin', 'echo', '--get', '--query', 'a=1', '--yes', '--output', 'json']);
    expect(get.code).toBe(0);
    expect(real.requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/plugins/echo/call?a=1', body: '' });
  });
  it('a timeout of 0 and a config that is not an object are refused before sending', async () => {
    const before = writes().length;
    expect((await run(['plugins', 'update', 'echo', '--plugin-timeout', '0', '--yes'])).err).toMatch(/--plugin-timeout 0: whole seconds, more than 0/);
    expect((await run(['plugins', 'update', 'echo', '--plugin-config', '[1]', '--yes'])).err).toMatch(/--plugin-config: a JSON object/);
    expect(writes().length).toBe(before);
  });
});

describe('in a real pseudo-terminal', () => {
  const PTY_KEY = 'pty-net-KEY-31c8e7';
  async function networkForm() {
    const { startCli, KEY: K, runCommand } = await import('./pty.js');
    const tui = await startCli({ args: ['--url', real.url], env: { RELAYER_API_KEY: real.token, XDG_STATE_HOME: STATE }, cols: 100, rows: 30 });
    await tui.waitForText('Sepolia Main');
    await runCommand(tui, 'networks');
    await tui.waitForText('evm:sepolia');
    tui.press('/');
    tui.press('evm:sepolia');
    tui.press(K.enter);
    await tui.waitForScreen((r) => r.some((l) => /^› evm:sepolia/.test(l)), 5000, 'evm:sepolia selected');
    tui.press('e');
    await tui.waitForText('network evm:sepolia › rpc urls');
    tui.press(`https://pty.example.net/v2/${PTY_KEY} 30`);
    // Drawn with its path as bullets as it is typed (the last word, ` 30`, its weight): no byte ever drawn carries the key.
    await tui.waitForText(`https://pty.example.net/${'•'.repeat(PTY_KEY.length + 3)} 30`);
    expect(tui.raw).not.toContain(PTY_KEY);
    return { tui, K };
  }
  const onDisk = async () => {
    const { existsSync, readdirSync, statSync } = await import('node:fs');
    const walk = (d: string): string[] => (!existsSync(d) ? [] : readdirSync(d)).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
    return walk(STATE).filter((f) => readFileSync(f, 'utf8').includes(PTY_KEY));
  };

  // The form keeps no draft on disk (it may hold a key): a dropped line, when forms write theirs at once, leaves none.
  it(':networks, e: typed, then the line drops (SIGHUP writes drafts at once): nothing of the URL is on disk', async () => {
    const { releaseCli } = await import('./pty.js');
    const { tui } = await networkForm();
    tui.kill('SIGHUP');
    await tui.exited;
    await releaseCli();
    expect(await onDisk()).toEqual([]);
  }, 30_000);

  it(':networks, e: the URL typed whole is sent; from the review on no byte carries its key', async () => {
    const { releaseCli } = await import('./pty.js');
    const { tui, K } = await networkForm();
    try {
      tui.press(K.ctrlS);
      await tui.waitForText('Review:');
      const from = tui.raw.length;
      await tui.sendReview();
      await tui.waitForText('Done');
      expect(tui.raw.slice(from)).not.toContain(PTY_KEY);
      expect(lastWrite()).toMatchObject({ method: 'PATCH', url: '/api/v1/networks/evm%3Asepolia', body: `{"rpc_urls":[{"url":"https://pty.example.net/v2/${PTY_KEY}","weight":30}]}` });
      expect(await onDisk()).toEqual([]);
    } finally {
      if (!tui.hasExited) tui.kill();
      await releaseCli();
    }
  }, 30_000);
});

describe('a server that sends RPC URLs whole (the interface document\'s sandbox)', () => {
  it("a relayer's custom_rpc_urls are masked in JSON and NDJSON (a walk read a key in a fleet's detail)", async () => {
    const contract = await startSandbox();
    try {
      const env = { RELAYER_URL: contract.url, RELAYER_API_KEY: contract.token };
      for (const output of ['json', 'ndjson']) {
        const r = await run(['relayers', '--output', output], env);
        expect(r.code, r.err).toBe(0);
        expect(r.out).toContain('https://eth-sepolia.example.com/***');
        expect(r.out).not.toContain('sk_4f9a8b7c6d5e4f3a2b1c');
        expect(r.out).not.toContain('0f1e2d3c');
      }
    } finally {
      await contract.close();
    }
  });
});
