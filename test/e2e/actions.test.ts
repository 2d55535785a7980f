/**
 * The operator's actions as scripts and the TUI use them, the built CLI against the sandbox's real
 * flavour over loopback (and the contract flavour, and a newer server of unknown networks): cancel,
 * cancel every pending one, pause/resume, ready, plugins — the exact request on the server's log, the
 * exit code of each outcome (14: success that changed nothing), refusals before sending, read-only,
 * the ledger; then the same in a pseudo-terminal.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, type Transaction } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startHostile, type Hostile } from '../hostile/server.js';
import { afterEach } from 'vitest';
import { assertBuilt, cliPath, disposeAll, KEY, releaseCli, runCommand, startCli } from './pty.js';

afterEach(disposeAll);

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-actions-'));
const STATE = join(HOME, 'state');
const LEDGER = join(STATE, 'relayer-tui', 'audit.jsonl');

let real: Sandbox;
let contract: Sandbox;
let newer: Hostile;
beforeAll(async () => {
  assertBuilt();
  [real, contract, newer] = await Promise.all([startSandbox({ flavor: 'real' }), startSandbox(), startHostile(['newer-server'])]);
});
afterAll(async () => {
  await Promise.all([real.close(), contract.close(), newer.close()]);
  await releaseCli();
});

interface Run {
  code: number;
  out: string;
  err: string;
}
function run(args: string[], server: { url: string; token: string } = real, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cliPath(), ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', XDG_STATE_HOME: STATE, RELAYER_URL: server.url, RELAYER_API_KEY: server.token, ...env } },
      (err, out, errOut) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut }),
    );
    child.stdin!.end('');
  });
}
const ledger = () => readFileSync(LEDGER, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
const deletes = (sb: { requests: { method: string }[] }) => sb.requests.filter((r) => r.method === 'DELETE' || r.method === 'PATCH').length;
async function txOf(rid: string, status: string): Promise<Transaction> {
  const c = createRelayerClient({ baseUrl: real.url, token: real.token });
  await c.detectDialect();
  try {
    return (await c.listTransactions(rid, { perPage: 100, status })).items[0]!;
  } finally {
    await c.close();
  }
}

describe('relayer-tui cancel', () => {
  it('EVM pending: DELETE, canceled, exit 0; the ledger says applied', async () => {
    const t = await txOf('sepolia-main', 'pending');
    const r = await run(['cancel', 'sepolia-main', t.id, '--yes', '--output', 'table']);
    expect(r.code, r.err).toBe(0);
    expect(real.requests.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/v1/relayers/sepolia-main/transactions/${t.id}`, body: '' });
    expect(r.out).toContain(`✓ Done (HTTP 200): transaction ${t.id} is canceled`);
    expect(ledger().at(-1)).toMatchObject({ phase: 'done', outcome: 'applied', status: 200, answer_id: t.id });
  });

  it('EVM sent: accepted and in flight (canceling), not "canceled"; exit 0', async () => {
    const t = await txOf('holesky-test', 'sent');
    const r = await run(['cancel', 'holesky-test', t.id, '--yes', '--json']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ id: t.id, status: 'sent', is_canceled: true });
    // stderr a JSON object a line: the review's warnings first (this one waits behind holesky-test's jam), then the outcome.
    const errs = r.err.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(errs.at(-1)).toMatchObject({ outcome: 'in flight', message: expect.stringContaining('marked canceling') });
    expect(errs.slice(0, -1)).toEqual([{ warning: expect.stringMatching(/^behind a jam: it waits behind nonce 2834 \(never broadcast\)/) }]);
    expect(ledger().at(-1)).toMatchObject({ outcome: 'in flight' });
  });

  it('Stellar: sent, warned, and its 200 with the transaction unchanged exits 14 (ledger: no effect)', async () => {
    const t = await txOf('stellar-testnet', 'pending');
    const r = await run(['cancel', 'stellar-testnet', t.id, '--yes']);
    expect(r.code).toBe(14);
    expect(r.err).toContain('warning: Stellar: the OpenZeppelin Relayer v1.8 answers a Stellar cancel with 200 and does nothing');
    expect(r.err).toMatch(/relayer-tui cancel: the server answered success but nothing changed: transaction \S+ is still pending, not canceled/);
    expect(ledger().at(-1)).toMatchObject({ outcome: 'no effect' });
  });

  it('refused before sending (exit 2): Solana, a final transaction, an unknown network type; read-only exits 10; nothing reaches the server', async () => {
    const before = deletes(real);
    const sol = await txOf('solana-devnet', 'pending');
    expect(await run(['cancel', 'solana-devnet', sol.id, '--yes'])).toMatchObject({ code: 2, err: expect.stringContaining('not sent: Solana transactions cannot be canceled') });
    const done = await txOf('sepolia-main', 'confirmed');
    expect(await run(['cancel', 'sepolia-main', done.id, '--yes'])).toMatchObject({ code: 2, err: expect.stringContaining('is confirmed: only pending, sent, submitted') });
    expect(await run(['cancel', 'sepolia-main', done.id, '--yes', '--read-only'])).toMatchObject({ code: 10, err: expect.stringContaining('cancelling transactions is disabled') });
    expect(deletes(real)).toBe(before);
    const unknown = await run(['cancel', 'apt-1', 'q-1', '--yes'], newer);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('relayer apt-1 has network type "aptos", which this client does not know');
    // Replace too: no EVM body guessed for it (it was sent and exited 0).
    const rep = await run(['replace', 'apt-1', 'q-1', '--value', '1', '--yes'], newer);
    expect(rep.code).toBe(2);
    expect(rep.err).toContain('which this client does not know');
    expect(newer.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('--all-pending: the review lists what is pending; the answer\'s ids printed; never called canceled', async () => {
    const dry = await run(['cancel', 'avalanche-bridge', '--all-pending', '--dry-run']);
    expect(dry).toMatchObject({ code: 0, out: `DELETE ${real.url}/api/v1/relayers/avalanche-bridge/transactions/pending\n` });
    // mainnet-hot is paused, as read: the server would answer 403, so it is refused before sending (2), nothing sent.
    const deletes = () => real.requests.filter((q) => q.method === 'DELETE').length;
    const before = deletes();
    const paused = await run(['cancel', 'mainnet-hot', '--all-pending', '--yes']);
    expect(paused.code).toBe(2);
    expect(paused.err).toContain('not sent: the relayer is paused: the server refuses cancels until it is resumed');
    expect(deletes()).toBe(before);
    const r = await run(['cancel', 'avalanche-bridge', '--all-pending', '--yes', '--json']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).queued_for_cancellation_transaction_ids.length).toBeGreaterThan(0);
    expect(r.err).toContain('{"warning":"v1.8: the OpenZeppelin Relayer v1.8 queues these for cancellation, but its queue re-sends');
    expect(JSON.parse(r.err.trim().split('\n').at(-1)!)).toMatchObject({ outcome: 'ok', message: expect.stringContaining('not checked: the OpenZeppelin Relayer v1.8 re-sends') });
  });

  it('a server that is not the OpenZeppelin Relayer has no cancel: exit 2, nothing sent', async () => {
    const before = contract.requests.filter((q) => q.method !== 'GET').length;
    const r = await run(['cancel', 'sepolia-main', 'x', '--yes'], contract);
    expect(r).toMatchObject({ code: 2, err: expect.stringContaining('cancelling is the OpenZeppelin Relayer’s (DELETE /relayers/{id}/transactions/{tx_id}); this server is not it') });
    expect(contract.requests.filter((q) => q.method !== 'GET').length).toBe(before);
  });
});

describe('relayer-tui pause | resume', () => {
  it('PATCH with exactly {"paused": …}; the state holds in the list; a disabled relayer refused before sending', async () => {
    const r = await run(['pause', 'bsc-treasury', '--yes']);
    expect(r.code, r.err).toBe(0);
    expect(real.requests.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/v1/relayers/bsc-treasury', body: '{"paused":true}' });
    const list = JSON.parse((await run(['relayers', '--json', '--per-page', '100'])).out) as { items: { id: string; paused: boolean }[] };
    expect(list.items.find((x) => x.id === 'bsc-treasury')!.paused).toBe(true);
    expect((await run(['resume', 'bsc-treasury', '--yes'])).code).toBe(0);
    expect(real.requests.filter((q) => q.method === 'PATCH').at(-1)!.body).toBe('{"paused":false}');
    // The ledger says which operation and on what (op, target), and audit --json shows them.
    const audit = JSON.parse((await run(['audit', '--json'])).out) as { items: { op?: string; target?: unknown; path: string }[] };
    expect(audit.items.filter((i) => i.path === '/api/v1/relayers/bsc-treasury').slice(0, 2).map((i) => [i.op, i.target])).toEqual([
      ['resume', { relayerId: 'bsc-treasury' }],
      ['pause', { relayerId: 'bsc-treasury' }],
    ]);
    // The table (120 columns) says the action in its own column: a pause and a resume never read alike.
    const table = (await run(['audit', '--output', 'table'])).out.split('\n');
    expect(table[0]).toMatch(/^TIME \(UTC\)\s+OUTCOME\s+HTTP ACTION\s/);
    expect(table.filter((l) => / (pause|resume) relayer bsc-treasury /.test(l)).map((l) => / (pause|resume) relayer/.exec(l)![1]).slice(0, 2)).toEqual(['resume', 'pause']);
    const before = deletes(real);
    expect(await run(['pause', 'polygon-ops', '--yes'])).toMatchObject({ code: 2, err: expect.stringContaining('disabled by the system') });
    expect(deletes(real)).toBe(before);
  });

  it('idempotent: a pause of a paused relayer, a resume of an active one, a policy already as asked send nothing, say so, exit 0, write no ledger line', async () => {
    const patches = () => real.requests.filter((q) => q.method === 'PATCH').length;
    const lineCount = () => (existsSync(LEDGER) ? ledger().length : 0);
    const [sent, lines] = [patches(), lineCount()];
    expect(await run(['pause', 'mainnet-hot', '--yes'])).toMatchObject({ code: 0, out: '', err: 'relayer-tui pause: relayer mainnet-hot is already paused: nothing sent\n' });
    expect(await run(['resume', 'sepolia-main', '--yes'])).toMatchObject({ code: 0, err: 'relayer-tui resume: relayer sepolia-main is already active: nothing sent\n' });
    // In JSON where errors are JSON; the same with or without a terminal, --dry-run too.
    expect(JSON.parse((await run(['pause', 'mainnet-hot', '--yes', '--json'])).err)).toEqual({ outcome: 'unchanged', message: 'relayer mainnet-hot is already paused: nothing sent' });
    expect(await run(['pause', 'mainnet-hot', '--dry-run'])).toMatchObject({ code: 0, err: expect.stringContaining('already paused: nothing sent') });
    // avalanche-bridge's cap is 30 gwei: setting it to 30 gwei changes nothing.
    expect(await run(['policies', 'avalanche-bridge', '--set', 'gas_price_cap=30gwei', '--yes'])).toMatchObject({ code: 0, err: 'relayer-tui policies: relayer avalanche-bridge is already as asked (gas_price_cap): nothing sent\n' });
    expect([patches(), lineCount()]).toEqual([sent, lines]);
  });
});

describe('relayer-tui ready', () => {
  it('exit 0 ready, degraded said as such, 15 not ready with the reason; a contract server has no endpoint (2)', async () => {
    expect(await run(['ready', '--output', 'table'])).toMatchObject({ code: 0, out: 'ready (healthy)\n' });
    real.setReady('degraded');
    const d = await run(['ready', '--output', 'table']);
    expect(d.code).toBe(0);
    expect(d.out).toMatch(/^ready but degraded: redis/);
    real.setReady('unhealthy');
    const u = await run(['ready', '--output', 'table']);
    expect(u.code).toBe(15);
    expect(u.out).toMatch(/^not ready \(HTTP 503, unhealthy\): /);
    const j = await run(['ready', '--json']);
    expect(JSON.parse(j.out)).toMatchObject({ ready: false, status: 'unhealthy' });
    real.setReady('healthy');
    // Not an error there: it answered, it has no such endpoint.
    expect(await run(['ready'], contract)).toMatchObject({ code: 0, out: expect.stringContaining('no readiness endpoint') });
  });
});

describe('relayer-tui ready without a key (walk finding: it demanded RELAYER_API_KEY for a public endpoint)', () => {
  it('a keyless probe: RELAYER_URL alone reads /ready, sends no Authorization; with no server at all it says only the URL is needed', async () => {
    const before = real.requests.length;
    const r = await run(['ready', '--output', 'table'], real, { RELAYER_API_KEY: '' });
    expect(r).toMatchObject({ code: 0, out: 'ready (healthy)\n' });
    const asked = real.requests.slice(before);
    expect(asked.map((q) => q.url)).toContain('/api/v1/ready');
    expect(asked.filter((q) => q.headers.authorization !== undefined)).toEqual([]);
    // Not ready, and nothing listening: the same answers as with a key (15, 9), never a crash.
    real.setReady('unhealthy');
    try {
      const sick = await run(['ready', '--output', 'table'], real, { RELAYER_API_KEY: '' });
      expect(sick.code).toBe(15);
      expect(sick.out).toMatch(/^not ready \(HTTP 503, unhealthy\): /);
    } finally {
      real.setReady('healthy');
    }
    const gone = await run(['ready'], { url: 'http://127.0.0.1:9', token: '' }, { RELAYER_API_KEY: '' });
    expect(gone.code).toBe(9);
    expect(gone.err).not.toContain('Cannot read properties');
    const none = await run(['ready'], real, { RELAYER_URL: '', RELAYER_API_KEY: '' });
    expect(none.code).toBe(3);
    expect(none.err).toContain('ready needs a server: RELAYER_URL (no key: /ready is public)');
  });
});

describe('plugins in full', () => {
  it('plugins lists them; a raw_response answer is success (exit 0), its bare failure exit 11; --route goes after /call; the contract server has no list', async () => {
    const l = await run(['plugins', '--json']);
    expect(JSON.parse(l.out).items.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['raw', 'routed']));
    const ok = await run(['plugin', 'raw', '--params', '{"n":1}', '--yes', '--json']);
    expect(ok.code, ok.err).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ success: true, raw: true });
    const bad = await run(['plugin', 'raw', '--params', '{"fail":true}', '--yes', '--json']);
    expect(bad.code).toBe(11);
    const routed = await run(['plugin', 'routed', '--route', '/verify', '--yes', '--json']);
    expect(routed.code, routed.err).toBe(0);
    expect(real.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/v1/plugins/routed/call/verify' });
    expect(await run(['plugins'], contract)).toMatchObject({ code: 2, err: expect.stringContaining('does not offer a list of plugins') });
  });

  it('a dry run prints the URL once, however the base URL was given (one base-URL rule)', async () => {
    const r = await run(['plugin', 'p', '--dry-run', '--url', 'http://127.0.0.1:9/api/v1']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('POST http://127.0.0.1:9/api/v1/plugins/p/call');
  });
});

describe('in the TUI (pty, 100x30)', () => {
  it('X cancels from :stuck after a review that says what happens; P pauses; X on a relayer is typed to send', async () => {
    const tui = await startCli({ args: ['--url', real.url], env: { RELAYER_API_KEY: real.token, XDG_STATE_HOME: STATE }, cols: 100, rows: 30 });
    {
      await tui.waitForText('Sepolia Main');
      tui.press('t');
      // The relayer's line: the jam's words where the first screen diagnosed it, else what the chain waits on.
      await tui.waitForText(/jammed \S+ \(blocker created \d\d:\d\d:\d\d\) at nonce 2834|waits on nonce 2834/);
      tui.press('X');
      const review = (await tui.waitForText('Review:')).join('\n');
      expect(review).toMatch(/DELETE \/api\/v1\/relayers\/holesky-test\/transactions\/1b89699f-e832-4322-a4d9-1284f878c1cc/);
      expect(review).toMatch(/what happens\s+sent \(nonce 2834 is taken\): a NOOP/);
      tui.press('y');
      const done = (await tui.waitForText('Accepted')).join(' ');
      expect(done).toMatch(/✓ Accepted, not finished yet \(HTTP 200\): transaction 1b89699f-e832-4322-a4d9-1284f878c1cc is still\s+sent, marked canceling/);
      tui.press(KEY.esc);
      await tui.waitForText(/canceling/);
      tui.press(KEY.esc);
      await tui.waitForText('Sepolia Main');
      // X on the first relayer (sorted by name: Arbitrum Payouts): typed to send.
      tui.press('X');
      await tui.waitForText('Type arbitrum-payouts and enter to send what is below');
      const sent = real.requests.filter((q) => q.method === 'DELETE').length;
      tui.press('y');
      tui.press(KEY.enter);
      await tui.waitForText('Type arbitrum-payouts exactly, then enter: nothing was sent');
      expect(real.requests.filter((q) => q.method === 'DELETE').length).toBe(sent);
      tui.press(KEY.esc);
      await tui.waitForText('Sepolia Main');
      // P pauses it; X on it then is refused before any review (v1.8 answers a paused relayer's cancels 403).
      tui.press('P');
      await tui.waitForText('Pause relayer arbitrum-payouts');
      tui.press('y');
      await tui.waitForText('✓ Done (HTTP 200): relayer arbitrum-payouts paused');
      expect(real.requests.filter((q) => q.method === 'PATCH').at(-1)).toMatchObject({ url: '/api/v1/relayers/arbitrum-payouts', body: '{"paused":true}' });
      tui.press(KEY.esc);
      await tui.waitForText(/paused\s+Arbitrum Payouts/);
      tui.press('X');
      // Said in the status bar (the whole in :messages), no review opened.
      await tui.waitForText(/Not offered: the relayer is paused: the server refus/);
      expect(real.requests.filter((q) => q.method === 'DELETE').length).toBe(sent);
    }
  });

  it(':plugins lists the server\'s plugins to choose from (a raw_response one said so on its form); :server says the readiness', async () => {
    real.setReady('degraded');
    const tui = await startCli({ args: ['--url', real.url], env: { RELAYER_API_KEY: real.token, XDG_STATE_HOME: STATE }, cols: 100, rows: 30 });
    await tui.waitForText('Sepolia Main');
    await runCommand(tui, 'plugins');
    await tui.waitForScreen((r) => r.some((l) => /^[› ] raw\s+yes\s/.test(l)), 5000, 'the plugins');
    // The raw one by the filter, enter: its call form, raw_response said.
    tui.press('/');
    tui.press('raw');
    tui.press(KEY.enter);
    await tui.waitForScreen((r) => r.some((l) => /^› raw\s/.test(l)), 5000, 'raw selected');
    tui.press(KEY.enter);
    await tui.waitForText('raw_response: its answer is its bare result');
    tui.press(KEY.esc);
    tui.press(KEY.esc);
    await runCommand(tui, 'server');
    await tui.waitForText(/readiness\s+ready but degraded: redis/);
    real.setReady('healthy');
  });

  it('the contract flavour degrades cleanly: no plugin list (type the id), P and X not offered, nothing sent', async () => {
    const tui = await startCli({ args: ['--url', contract.url], env: { RELAYER_API_KEY: contract.token, XDG_STATE_HOME: STATE }, cols: 100, rows: 30 });
    await tui.waitForText('Sepolia Main');
    const before = contract.requests.filter((q) => q.method !== 'GET').length;
    tui.press('P');
    // (The status bar cuts it, :messages has it whole.)
    await tui.waitForText(/Not offered: pausing is the OpenZeppelin Relayer’s/);
    await runCommand(tui, 'plugins');
    await tui.waitForText('This server offers no plugin list');
    tui.press(KEY.enter);
    await tui.waitForText(/› plugin id/);
    expect(contract.requests.filter((q) => q.method !== 'GET').length).toBe(before);
  });
});
