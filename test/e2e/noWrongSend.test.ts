/**
 * Issue 51, "no wrong send", the headless face: the built CLI against the sandbox's real flavour over
 * loopback. What the client already knows the server will refuse, or take and fail, is refused before
 * sending (exit 2), and the sandbox's own request log shows nothing was sent; what v1.8 takes and
 * changes (a max fee over the cap) is warned; the relayers table says what it read.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { cliWithSandbox, runAgainst } from './run.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { RX1, wrongChecksum } from '../fixtures/addresses.js';
import { checksumAddress } from '../../src/core/address.js';
import { cliPath } from './pty.js';

const cli = cliWithSandbox('relayer-tui-no-wrong-send-');
const HOME = cli.home;
let r: Sandbox;
beforeAll(() => {
  r = cli.sandbox();
  r.clock.stop();
});
const run = (args: string[]) => cli.run(args);
/** Every request that could change something (a JSON-RPC read through the passthrough is not one). */
const writes = () => r.requests.filter((q) => q.method !== 'GET' && !q.url.endsWith('/rpc'));
const get = async (path: string) => ((await (await fetch(`${r.url}/api/v1${path}`, { headers: { authorization: `Bearer ${r.token}` } })).json()) as { data: Record<string, unknown> }).data;

const WRONG = wrongChecksum(RX1);

describe('an EVM address with a wrong EIP-55 checksum', () => {
  it('refused on send --to, withdraw --to and a replace --body to (exit 2, nothing sent); its checksummed form and all-lowercase pass', async () => {
    const before = writes().length;
    const send = await run(['send', 'sepolia-main', '--to', WRONG, '--value', '1', '--speed', 'fast', '--yes']);
    expect(send.code, send.err).toBe(2);
    expect(send.err).toContain(`--to "${WRONG}": its EIP-55 checksum does not match (a typo?): checksummed it reads ${checksumAddress(RX1)}`);
    const withdraw = await run(['withdraw', 'bsc-treasury', '--to', WRONG, '--value', '1', '--yes']);
    expect(withdraw.code, withdraw.err).toBe(2);
    expect(withdraw.err).toContain('its EIP-55 checksum does not match');
    const pending = (await fetch(`${r.url}/api/v1/relayers/sepolia-main/transactions?status=pending&per_page=1`, { headers: { authorization: `Bearer ${r.token}` } }).then((x) => x.json()) as { data: { id: string }[] }).data[0]!;
    const body = join(HOME, 'replace.json');
    writeFileSync(body, JSON.stringify({ value: 1, to: WRONG, speed: 'fast' }));
    const replace = await run(['replace', 'sepolia-main', pending.id, '--body', body, '--yes']);
    expect(replace.code, replace.err).toBe(2);
    expect(replace.err).toContain('--body: to: its EIP-55 checksum does not match');
    expect(writes().length).toBe(before);
    for (const to of [checksumAddress(RX1), RX1]) {
      const dry = await run(['send', 'sepolia-main', '--to', to, '--value', '1', '--speed', 'fast', '--dry-run']);
      expect(dry.code, dry.err).toBe(0);
    }
  });
});

describe("a send's price and what it costs", () => {
  it('max_fee_per_gas above gas_price_cap: warned that v1.8 lowers it to the cap (it takes it), then sent', async () => {
    const cap = BigInt(String(((await get('/relayers/linea-idle')).policies as Record<string, unknown>).gas_price_cap));
    const over = (cap + 50_000_000_000n).toString();
    const sent = await run(['send', 'linea-idle', '--to', RX1, '--value', '1', '--max-fee-per-gas', over, '--max-priority-fee-per-gas', '1gwei', '--yes', '--output', 'table']);
    expect(sent.code, sent.err).toBe(0);
    expect(sent.err).toMatch(/warning: max fee: [\d.]+ gwei is above the relayer's gas_price_cap [\d.]+ gwei: v1\.8 takes it and lowers it to the cap when it prices it/);
  });

  it('a speed-priced send that leaves the gas unpaid over min_balance: refused (exit 2, nothing sent), its gas estimated in words', async () => {
    const relayer = await get('/relayers/linea-idle');
    const min = BigInt(String((relayer.policies as Record<string, unknown>).min_balance));
    const balance = BigInt(String((await get('/relayers/linea-idle/status')).balance));
    // All over its minimum but 1,000 wei: a transfer's gas at any speed costs more.
    const value = (balance - min - 1_000n).toString();
    const before = writes().length;
    const fast = await run(['send', 'linea-idle', '--to', RX1, '--value', value, '--speed', 'fast', '--yes']);
    expect(fast.code, fast.err).toBe(2);
    expect(fast.err).toMatch(/more than the relayer can pay over its min_balance: .* and its gas at speed fast costs about [\d.]+ ETH \(an estimate: 21000 gas × [\d.]+ gwei\)/);
    expect(writes().length).toBe(before);
  });
});

describe('what the client has read that makes the server refuse: refused before sending, nothing sent', () => {
  it('cancel --all-pending, cancel and replace on a paused relayer (exit 2, the warning\'s words)', async () => {
    const tx = (await fetch(`${r.url}/api/v1/relayers/mainnet-hot/transactions?per_page=1`, { headers: { authorization: `Bearer ${r.token}` } }).then((x) => x.json()) as { data: { id: string }[] }).data[0]!;
    const before = writes().length;
    const all = await run(['cancel', 'mainnet-hot', '--all-pending', '--yes']);
    expect(all.code, all.err).toBe(2);
    expect(all.err).toContain('not sent: the relayer is paused: the server refuses cancels until it is resumed');
    const one = await run(['cancel', 'mainnet-hot', tx.id, '--yes']);
    expect(one.code, one.err).toBe(2);
    expect(one.err).toContain('not sent: the relayer is paused: the server refuses cancels');
    const replace = await run(['replace', 'mainnet-hot', tx.id, '--speed', 'fastest', '--yes']);
    expect(replace.code, replace.err).toBe(2);
    expect(replace.err).toContain('not sent: the relayer is paused: the server refuses replacements');
    expect(writes().length).toBe(before);
  });

  it('deleting a notification relayers use (exit 2, naming them)', async () => {
    const before = writes().length;
    const del = await run(['notifications', 'delete', 'ops-webhook', '--yes']);
    expect(del.code, del.err).toBe(2);
    expect(del.err).toMatch(/not sent: notification ops-webhook is used by \d+ relayer\(s\): .*Sepolia Main.* — the OpenZeppelin Relayer refuses to delete it \(400\)/);
    expect(writes().length).toBe(before);
  });

  it('--notification naming one that does not exist (read first: 404), exit 2; one that exists goes to the review', async () => {
    const before = writes().length;
    const bad = await run(['policies', 'sepolia-main', '--notification', 'no-such-hook', '--yes']);
    expect(bad.code, bad.err).toBe(2);
    expect(bad.err).toContain('not sent: notification no-such-hook does not exist on this server (GET /notifications/no-such-hook answered 404)');
    expect(writes().length).toBe(before);
    expect(r.requests.some((q) => q.method === 'GET' && q.url === '/api/v1/notifications/no-such-hook')).toBe(true);
    const good = await run(['policies', 'holesky-test', '--notification', 'ops-webhook', '--dry-run']);
    expect(good.code, good.err).toBe(0);
    expect(good.out).toContain('{"notification_id":"ops-webhook"}');
  });
});

describe('relayer-tui relayers', () => {
  it('the table: STATE as read (paused, disabled; active? where no jam was diagnosed, said under it) and BALANCE from /status', async () => {
    const t = await run(['relayers', '--output', 'table', '--per-page', '50']);
    expect(t.code, t.err).toBe(0);
    const [head, ...rows] = t.out.trimEnd().split('\n');
    expect(head).toMatch(/^STATE\s+NAME\s+BALANCE\s/);
    expect(rows.find((l) => l.includes('mainnet-hot'))).toMatch(/^paused\s+Mainnet Hot Wallet\s+[\d.]+… ETH/);
    expect(rows.find((l) => l.includes('linea-idle'))).toMatch(/^active\?\s+Linea Idle\s+[\d.]+… ETH/);
    expect(rows.some((l) => /^active\s/.test(l))).toBe(false);
    expect(t.err).toContain('STATE active?: not disabled, paused or low as read; whether it is jammed is not diagnosed here (relayer-tui check diagnoses jams)');
  });

  it('on a server known not to be the OpenZeppelin Relayer, the note under the table says no jam can be diagnosed there, check included (it pointed at check; a walk finding)', async () => {
    const contract = await startSandbox({ port: 0 });
    try {
      const t = await runAgainst(contract, HOME, ['relayers', '--output', 'table', '--per-page', '50']);
      expect(t.code, t.err).toBe(0);
      expect(t.out).toMatch(/^active\?\s+Holesky Test/m);
      expect(t.err).toContain('whether it is jammed is not known: this server is not the OpenZeppelin Relayer (no relayer status or JSON-RPC passthrough to read the chain through), so relayer-tui check cannot diagnose it either');
      expect(t.err).not.toContain('check diagnoses jams');
    } finally {
      await contract.close();
    }
  });

  it("the context's min_balance makes a relayer low (the higher minimum, as the TUI and check); a status not read is `?`, never `active?`, and said under the table", async () => {
    const dir = mkdtempSync(join(HOME, 'cfg-'));
    writeFileSync(join(dir, 'config.yaml'), `current_context: ops\ncontexts:\n  ops:\n    url: ${r.url}\n    token_env: OPS_KEY\n    min_balance: { linea: 5 ETH }\n`);
    r.inject({ status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: { method: 'GET', pathPrefix: '/api/v1/relayers/arbitrum-payouts/status' }, times: 3 });
    const t = await new Promise<{ code: number; out: string; err: string }>((resolve) => {
      const child = execFile(process.execPath, [cliPath(), 'relayers', '--output', 'table', '--per-page', '50'], { env: { PATH: process.env.PATH ?? '', HOME, XDG_STATE_HOME: join(HOME, 's'), RELAYER_TUI_CONFIG_DIR: dir, OPS_KEY: r.token } }, (e, out, err) =>
        resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
      );
      child.stdin?.end('');
    });
    expect(t.code, t.err).toBe(0);
    const rows = t.out.trimEnd().split('\n');
    // linea-idle holds about 0.62 ETH: under the context's 5 ETH for linea (its own policy asks less).
    expect(rows.find((l) => l.includes('linea-idle'))).toMatch(/^low\s+Linea Idle\s/);
    expect(rows.find((l) => l.includes('arbitrum-payouts'))).toMatch(/^\?\s+Arbitrum Payouts\s+\?/);
    expect(t.err).toContain('STATE ?: its status (balance) could not be read, so whether it is low is not known: BALANCE says why it is ? (1: arbitrum-payouts)');
  });

  it('--json reads the list alone: no status read added', async () => {
    const from = r.requests.length;
    const j = await run(['relayers', '--json']);
    expect(j.code, j.err).toBe(0);
    expect(r.requests.slice(from).filter((q) => q.url.includes('/status'))).toEqual([]);
  });
});
