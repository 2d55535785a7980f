/**
 * `relayer-tui replace | plugin | notify` as scripts run them: the built CLI as a child process with
 * no TTY, against the sandbox (or the hostile server) over loopback. What reached the server is read
 * from the server's own request log, byte for byte; every exit code has its case.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, type Transaction } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { FORBIDDEN_RAW, startHostile } from '../hostile/server.js';
import { assertBuilt, cliPath, releaseCli } from './pty.js';

const U128_MAX = '340282366920938463463374607431768211455';
const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-headless-'));
const STATE = join(HOME, 'state');

let sb: Sandbox;
let pending: Transaction[];
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox();
  const client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
  pending = (await client.listTransactions('sepolia-main', { perPage: 100 })).items.filter((t) => t.status === 'pending' || t.status === 'sent' || t.status === 'submitted');
  await client.close();
});
afterAll(async () => {
  await sb.close();
  await releaseCli();
});

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(args: string[], opts: { env?: Record<string, string>; stdin?: string; server?: { url: string; token: string } } = {}): Promise<Run> {
  const server = opts.server ?? sb;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cliPath(), ...args],
      {
        env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', XDG_STATE_HOME: STATE, RELAYER_URL: server.url, RELAYER_API_KEY: server.token, ...opts.env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, out, errOut) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    );
    child.stdin!.end(opts.stdin ?? '');
  });
}

const puts = () => sb.requests.filter((r) => r.method === 'PUT').length;
const lastPut = () => sb.requests.filter((r) => r.method === 'PUT').at(-1)!;
const posts = (path: string) => sb.requests.filter((r) => r.method === 'POST' && r.url.startsWith(path));

describe('relayer-tui replace', () => {
  it('--dry-run prints the exact request and sends nothing', async () => {
    const tx = pending[0]!;
    const before = puts();
    const r = await run(['replace', 'sepolia-main', tx.id, '--speed', 'fastest', '--dry-run']);
    expect(r.code).toBe(0);
    const [line, type, blank, body] = r.out.split('\n');
    expect(line).toBe(`PUT ${sb.url}/api/v1/relayers/sepolia-main/transactions/${tx.id}`);
    expect([type, blank]).toEqual(['Content-Type: application/json', '']);
    // The form's body: the transaction's own values with the flag applied.
    expect(JSON.parse(body!)).toEqual({ value: Number(tx.value), to: tx.to, data: tx.data, gas_limit: tx.gas_limit, speed: 'fastest' });
    expect(puts()).toBe(before);
  });

  it('--gas-price "20 gwei" (issue 18.9): the exact wei on the wire; a price below the original refused (issue 18.2)', async () => {
    const legacy = pending.find((t) => t.gas_price != null)!;
    const up = ((BigInt(String(legacy.gas_price)) / 1_000_000_000n + 10n) * 1_000_000_000n).toString();
    const r = await run(['replace', 'sepolia-main', legacy.id, '--gas-price', `${BigInt(up) / 1_000_000_000n} gwei`, '--speed', 'fastest', '--dry-run']);
    expect(r.code).toBe(0);
    const body = r.out.split('\n')[3]!;
    expect(body).toBe(`{"value":${String(legacy.value)},"to":"${legacy.to}","data":"${legacy.data}","gas_limit":${legacy.gas_limit},"gas_price":${up},"speed":"fastest"}`);
    const before = puts();
    const low = await run(['replace', 'sepolia-main', legacy.id, '--gas-price', '1 gwei', '--yes']);
    expect(low.code).toBe(2);
    expect(low.err).toMatch(/--gas-price "1 gwei": below the transaction's own \d+ wei: a replacement must pay more/);
    expect(puts()).toBe(before);
  });

  it('without a terminal and without --yes it refuses, and sends nothing', async () => {
    const before = puts();
    const r = await run(['replace', 'sepolia-main', pending[0]!.id, '--speed', 'fast']);
    expect(r.code).toBe(2);
    // The review's warnings come first (said even when refused for want of a terminal), the refusal last.
    expect(r.err.endsWith('\nrelayer-tui replace: not sent: no terminal to review it on. Check it with --dry-run, then send with --yes\n')).toBe(true);
    expect(r.err.split('\n').slice(0, -2).every((l) => l.startsWith('relayer-tui replace: warning: '))).toBe(true);
    expect(r.out).toBe('');
    expect(puts()).toBe(before);
  });

  it("--speed slower than the transaction's own: the review's warning on stderr, as the TUI's review says it (issue 28 walk)", async () => {
    const tx = pending.slice(3).find((t) => t.speed === 'fast')!;
    const r = await run(['replace', 'sepolia-main', tx.id, '--speed', 'safeLow', '--yes']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('relayer-tui replace: warning: speed: fast → safeLow is slower: the replacement may be priced below the one it replaces, and a server refuses an underpriced replacement\n');
    expect(JSON.parse(lastPut().body)).toMatchObject({ speed: 'safeLow' });
  });

  it('u128 max round-trips byte-exact: --body - in, the request, and txs --json out', async () => {
    const tx = pending[1]!;
    const body = `{"value": ${U128_MAX}, "speed": "fast"}`;
    const r = await run(['replace', 'sepolia-main', tx.id, '--body', '-', '--yes', '--json'], { stdin: body });
    expect(r.code).toBe(0);
    expect(lastPut().body).toBe(`{"value":${U128_MAX},"speed":"fast"}`);
    expect(r.out).toContain(`"value": "${U128_MAX}"`);
    const listed = await run(['txs', 'sepolia-main', '--all']);
    const line = listed.out.split('\n').find((l) => l.includes(tx.id))!;
    expect(line).toContain(`"value":"${U128_MAX}"`);
    // …and what txs printed goes back in unchanged.
    const again = await run(['replace', 'sepolia-main', tx.id, '--body', '-', '--dry-run'], { stdin: `{"value":${/"value":"(\d+)"/.exec(line)![1]}}` });
    expect(again.out.split('\n')[3]).toBe(`{"value":${U128_MAX}}`);
  });

  it('fields as flags: units, the same checks as the form, the transaction as the start', async () => {
    const tx = pending[2]!;
    // Prices above the transaction's own (a lower one is refused: the next test's cases).
    const fee = (BigInt(String(tx.max_fee_per_gas ?? 30_000_000_000)) * 2n).toString();
    const tip = (BigInt(String(tx.max_priority_fee_per_gas ?? 1_000_000_000)) * 2n).toString();
    const r = await run(['replace', 'sepolia-main', tx.id, '--value', '1.5 ETH', '--max-fee-per-gas', fee, '--max-priority-fee-per-gas', tip, '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(lastPut().body)).toEqual({
      value: 1500000000000000000,
      to: tx.to,
      data: tx.data,
      gas_limit: tx.gas_limit,
      max_fee_per_gas: Number(fee),
      max_priority_fee_per_gas: Number(tip),
      ...(tx.speed ? { speed: tx.speed } : {}),
    });
    expect(lastPut().body).toContain('"value":1500000000000000000');
    expect(JSON.parse(r.out).id).toBe(tx.id);
  });

  it('invalid input is pointed at before anything is sent (exit 2)', async () => {
    const before = puts();
    const id = pending[0]!.id;
    const cases: [string[], string | undefined, RegExp][] = [
      [['--speed', 'warp'], undefined, /--speed "warp": must be one of safeLow, average, fast, fastest/],
      [['--gas-price', '1', '--max-fee-per-gas', '2'], undefined, /--gas-price "1": not with max_fee_per_gas/],
      [['--value', '0.5 wei'], undefined, /--value "0.5 wei": not a whole number of wei/],
      [['--value', U128_MAX + '0'], undefined, /--value .*out of range: above the u128 maximum/],
      [['--body', '-'], '{"value": 1,}', /--body: not valid JSON at line 1, column 13/],
      [['--body', '-'], '{"value": 1.5}', /--body: value: must be a whole number/],
      [['--body', '-'], '{"transaction": "AAAA"}', /--body is a Solana body, but relayer sepolia-main is evm/],
      [['--transaction', 'AAAA'], undefined, /--transaction is for Solana relayers/],
      [['--body', '-', '--value', '1'], '{}', /--body is the whole body: not with --value/],
      [[], undefined, /nothing to send/],
    ];
    for (const [flags, stdin, message] of cases) {
      const r = await run(['replace', 'sepolia-main', id, ...flags, '--yes'], { stdin });
      expect({ flags, code: r.code }).toEqual({ flags, code: 2 });
      expect(r.err).toMatch(message);
    }
    expect(puts()).toBe(before);
  });

  it('not found (5), read-only (10, and --dry-run still works), paused relayer (4)', async () => {
    expect((await run(['replace', 'nope', 'x', '--speed', 'fast', '--yes'])).code).toBe(5);
    const nf = await run(['replace', 'sepolia-main', 'no-such-tx', '--speed', 'fast', '--yes']);
    expect(nf.code).toBe(5);
    // Said which way it was looked for (issue 18.5): no by-id lookup here, so every page was read.
    expect(nf.err).toMatch(/Transaction no-such-tx not among relayer sepolia-main's 60 transactions \(the server has no by-id lookup\): .*--body/);
    const before = puts();
    const ro = await run(['replace', 'sepolia-main', pending[0]!.id, '--speed', 'fast', '--yes', '--read-only']);
    expect(ro.code).toBe(10);
    // The one read-only refusal (issue 20), as the TUI says it.
    expect(ro.err).toMatch(/Read-only \(--read-only\): replacing a transaction is disabled\. --dry-run shows what would be sent/);
    expect((await run(['replace', 'sepolia-main', pending[0]!.id, '--speed', 'fast', '--yes'], { env: { RELAYER_TUI_READ_ONLY: '1' } })).code).toBe(10);
    expect((await run(['replace', 'sepolia-main', pending[0]!.id, '--speed', 'fast', '--dry-run', '--read-only'])).code).toBe(0);
    expect(puts()).toBe(before);
    // The OpenZeppelin Relayer refuses a paused relayer's replacements with 403: refused here, as read, nothing sent (exit 2).
    const real = await startSandbox({ flavor: 'real' });
    try {
      const client = createRelayerClient({ baseUrl: real.url, token: real.token });
      const tx = (await client.listTransactions('mainnet-hot', { perPage: 5 })).items[0]!;
      await client.close();
      const paused = await run(['replace', 'mainnet-hot', tx.id, '--body', '-', '--yes'], { stdin: '{"value":1}', server: real });
      expect(paused.code).toBe(2);
      expect(paused.err).toContain('not sent: the relayer is paused: the server refuses replacements until it is resumed');
      expect(real.requests.filter((q) => q.method === 'PUT')).toEqual([]);
    } finally {
      await real.close();
    }
  });

  it('every send is in the audit ledger, sent then done', async () => {
    const lines = readFileSync(join(STATE, 'relayer-tui', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const put = lines.filter((l) => l.method === 'PUT');
    expect(put.length).toBeGreaterThanOrEqual(2);
    const sent = put.at(-1)!;
    // (The paused relayer's replacement is refused before sending now: the last PUT is one that went through.)
    expect(lines.find((l) => l.id === sent.id && l.phase === 'done')).toMatchObject({ outcome: 'applied', status: 200 });
  });
});

describe('outcomes the client cannot know, and refusals (hostile server)', () => {
  it('a 502 gateway page after a PUT is "outcome unknown" (8); a 400 refusal is 2; a 403 is 4', async () => {
    for (const [mode, code, message] of [
      ['mutation-502-html', 8, /outcome unknown: the request was sent and may have been applied/],
      ['mutation-reset', 8, /outcome unknown/],
      ['mutation-refused', 2, /refused by the server: nothing was applied: Bad Request: value is required/],
      ['mutation-paused', 4, /refused by the server: .*Relayer paused/],
    ] as const) {
      const h = await startHostile([mode]);
      try {
        const r = await run(['replace', 'ok-relayer', 'tx-1', '--body', '-', '--yes'], { stdin: '{"value": 2}', server: h });
        expect({ mode, code: r.code }).toEqual({ mode, code });
        expect(r.err).toMatch(message);
        expect(h.requests.filter((q) => q.method === 'PUT')).toHaveLength(1);
        const j = await run(['plugin', 'p', '--yes', '--json'], { server: h });
        if (code === 8) expect(JSON.parse(j.err)).toMatchObject({ error: { outcome: 'unknown' } });
      } finally {
        await h.close();
      }
    }
  });

  it('server text in a mutation\'s answer and warnings reaches the terminal inert', async () => {
    const h = await startHostile(['escapes']);
    try {
      // The transaction's status carries a C1 CSI (a warning quotes it); the refusal, the plugin's
      // answer and the notification carry every escape class.
      for (const [args, shows] of [
        [['replace', 'esc-x', 'tx-1', '--body', '-', '--yes'], /warning: status: pending\\u009b.*\n(?:.*warning: price: .*\n)?.*refused ␛\]0;/],
        [['replace', 'esc-x', 'tx-1', '--body', '-', '--yes', '--json'], /^{"warning":"status: pending\\u009b2J.*\n(?:{"warning":"price: .*\n)?{"error":{"kind":"bad_request","status":400,"message":"refused by the server: nothing was applied: refused \\u001b\]0;/],
        [['plugin', 'p', '--yes'], /"msg \\u001b\]0;/],
        [['notify', '--url', 'https://ops.example.com/h', '--yes'], /"id": "n\\u001b\]0;/],
      ] as const) {
        const r = await run([...args], { stdin: '{"value": 2}', server: h });
        expect(r.out + r.err).toMatch(shows);
        expect(r.out + r.err).not.toMatch(FORBIDDEN_RAW);
        expect(r.out + r.err).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
      }
    } finally {
      await h.close();
    }
  });

  it("a plugin's own error is its answer: printed, exit 11", async () => {
    const h = await startHostile(['plugin-error']);
    try {
      const r = await run(['plugin', 'p', '--yes', '--json'], { server: h });
      expect(r.code).toBe(11);
      expect(JSON.parse(r.out)).toMatchObject({ success: false, code: 'E_PLUGIN' });
      expect(JSON.parse(r.err)).toEqual({ error: { kind: 'plugin_failed', status: null, message: 'the plugin reported a failure: Plugin failed (code "E_PLUGIN")' } });
      const text = await run(['plugin', 'p', '--yes'], { server: h });
      expect(text.err).toBe('relayer-tui plugin: the plugin reported a failure: Plugin failed (code "E_PLUGIN")\n');
    } finally {
      await h.close();
    }
  });
});

describe('relayer-tui plugin', () => {
  it('params exact as written, from --params, a file or stdin', async () => {
    const r = await run(['plugin', 'echo', '--params', '{"amount": 12345678901234567890, "f": 0.1000000000000000000001}', '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(posts('/api/v1/plugins/echo').at(-1)!.body).toBe('{"params":{"amount":12345678901234567890,"f":0.1000000000000000000001}}');
    expect(JSON.parse(r.out)).toMatchObject({ success: true });
    const file = join(HOME, 'params.json');
    writeFileSync(file, `[${U128_MAX}]`);
    expect((await run(['plugin', 'echo', '--params-file', file, '--yes'])).code).toBe(0);
    expect(posts('/api/v1/plugins/echo').at(-1)!.body).toBe(`{"params":[${U128_MAX}]}`);
    expect((await run(['plugin', 'echo', '-', '--yes'], { stdin: '"from stdin"' })).code).toBe(0);
    expect(posts('/api/v1/plugins/echo').at(-1)!.body).toBe('{"params":"from stdin"}');
  });

  it('invalid JSON is refused with line and column, nothing sent; a failing plugin exits 11; an unknown one 5', async () => {
    const before = posts('/api/v1/plugins/').length;
    const bad = await run(['plugin', 'echo', '--params', '{\n  "a": }', '--yes']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--params .*not valid JSON at line 2, column 8/);
    expect(posts('/api/v1/plugins/').length).toBe(before);
    const fail = await run(['plugin', 'fail', '--yes']);
    expect(fail.code).toBe(11);
    expect(fail.out).toMatch(/^✗ The plugin reported a failure|"success": false/m);
    expect((await run(['plugin', 'nope', '--yes'])).code).toBe(5);
    expect((await run(['plugin', 'echo', '--params', '1', '--params-file', 'x', '--yes'])).code).toBe(2);
  });

  it('not sent when the server cannot be reached (9)', async () => {
    const r = await run(['plugin', 'echo', '--yes'], { server: { url: 'http://127.0.0.1:9', token: 't' } });
    expect(r.code).toBe(9);
    expect(r.err).toMatch(/not sent/);
  });
});

describe('relayer-tui notify', () => {
  it('the signing key from a file or a variable, never on the command line, never printed or logged', async () => {
    const key = 'k'.repeat(40);
    const file = join(HOME, 'hook.key');
    writeFileSync(file, `${key}\n`);
    chmodSync(file, 0o600);
    const r = await run(['notify', '--url', 'https://ops.example.com/hook', '--id', 'hl-file', '--signing-key-file', file, '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(sb.getNotification('hl-file')?.signing_key).toBe(key);
    const e = await run(['notify', '--url', 'https://ops.example.com/hook', '--id', 'hl-env', '--signing-key-env', 'HOOK_KEY', '--yes'], { env: { HOOK_KEY: key } });
    expect(e.code).toBe(0);
    expect(sb.getNotification('hl-env')?.signing_key).toBe(key);
    const dry = await run(['notify', '--url', 'https://ops.example.com/hook', '--signing-key-env', 'HOOK_KEY', '--dry-run'], { env: { HOOK_KEY: key } });
    expect(dry.out).toContain('"signing_key": "•••• (40 chars)"');
    for (const x of [r, e, dry]) expect(x.out + x.err).not.toContain(key);
    expect(readFileSync(join(STATE, 'relayer-tui', 'audit.jsonl'), 'utf8')).not.toContain(key);
    const argv = await run(['notify', '--url', 'https://ops.example.com/hook', '--signing-key', key, '--yes']);
    expect(argv.code).toBe(2);
    expect(argv.err).toMatch(/--signing-key is not accepted: .*ps/);
    expect(argv.err).not.toContain(key);
  });

  it('checks as the form does; a taken id is refused (2); --url is the webhook, --server the relayer', async () => {
    expect((await run(['notify', '--url', 'ftp://x', '--yes'])).err).toMatch(/--url "ftp:\/\/x": not an absolute http\(s\) URL/);
    expect((await run(['notify', '--yes'])).err).toMatch(/--url "": required/);
    const dup = await run(['notify', '--url', 'https://ops.example.com/hook', '--id', 'hl-file', '--yes']);
    expect(dup.code).toBe(2);
    expect(dup.err).toMatch(/HTTP 409: refused by the server/);
    const viaServer = await run(['notify', '--server', sb.url, '--url', 'https://ops.example.com/x', '--id', 'hl-server', '--yes'], { env: { RELAYER_URL: '' } });
    expect(viaServer.code).toBe(0);
    expect(sb.getNotification('hl-server')?.url).toBe('https://ops.example.com/x');
  });
});

describe('the lists\u2019 error classes, help', () => {
  it('rate limited (6), server error (7), config (3)', async () => {
    sb.inject({ status: 429, body: JSON.stringify({ success: false, data: null, message: 'Too Many Requests' }), match: { pathPrefix: '/api/v1/relayers' }, times: 3 });
    expect((await run(['relayers'])).code).toBe(6);
    sb.inject({ status: 500, body: JSON.stringify({ success: false, data: null, message: 'Internal Server Error' }), match: { pathPrefix: '/api/v1/relayers' }, times: 3 });
    const five = await run(['relayers']);
    expect(five.code).toBe(7);
    // Retried twice (a GET after a 5xx), and said: never a silent retry.
    expect(five.err).toBe('relayer-tui relayers: HTTP 500: Internal Server Error (3 tries)\n');
    expect((await run(['relayers', '--context', 'nope'])).code).toBe(3);
  });

  it('each subcommand has its own --help with examples', async () => {
    for (const cmd of ['relayers', 'txs', 'replace', 'plugin', 'notify']) {
      const r = await run([cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^relayer-tui ${cmd}: `));
      expect(r.out).toContain('Examples:');
      expect(r.out).toContain('Exit codes:');
    }
  });
});
