/**
 * E2E, the fleet: the built CLI against several servers at once over loopback — two sandboxes (one
 * of each flavour), a server that never answers, one that refuses the key, one whose every text is
 * hostile, and a context whose token_command fails. Headless (`fleet --check`, ndjson) and the TUI in
 * a pty (rows as they arrive, drill-down and back, read-only of the drilled context).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { RecordedRequest } from '../../src/sandbox/types.js';
import { unsafeBytes } from '../hostile/bytes.js';
import { startHostile, type Hostile } from '../hostile/server.js';
import { KEY, Tui, assertBuilt, cliPath, releaseCli, runCommand, selectedRow } from './pty.js';
import { clockPreload, moveClock, onSandboxClock } from './run.js';

let contract: Sandbox;
let real: Sandbox;
let hang: Hostile;
let locked: Hostile;
let evil: Hostile;
let dir: string;
const tuis: Tui[] = [];

beforeAll(async () => {
  assertBuilt();
  [contract, real, hang, locked, evil] = await Promise.all([startSandbox(), startSandbox({ flavor: 'real' }), startHostile(['hang']), startHostile([], { token: 'right' }), startHostile(['escapes'])]);
  dir = mkdtempSync(join(tmpdir(), 'relayer-tui-fleet-'));
  const config = `current_context: alpha
contexts:
  alpha:
    url: ${contract.url}
    token_env: KEY_ALPHA
  prod-beta:
    url: ${real.url}
    token_env: KEY_BETA
  staging-beta:
    url: ${real.url}
    token_env: KEY_BETA
  hanging:
    url: ${hang.url}
    token_env: KEY_HANG
    timeout: 1
  locked:
    url: ${locked.url}
    token_env: KEY_HANG
  evil:
    url: ${evil.url}
    token_env: KEY_EVIL
  nokey:
    url: ${contract.url}
    token_command: "exit 3"
fleets:
  healthy: [alpha, staging-beta]
`;
  writeFileSync(join(dir, 'config.yaml'), config);
  chmodSync(join(dir, 'config.yaml'), 0o600);
});
afterEach(async () => {
  await Promise.all(tuis.splice(0).map((t) => t.dispose()));
});
afterAll(async () => {
  await Promise.all([contract.close(), real.close(), hang.close(), locked.close(), evil.close()]);
  await releaseCli();
});

/** What alpha (the contract sandbox) was asked after `mark` (its last request then: its record keeps the last 500, so a count would stand still). */
function askedSince(mark: unknown): RecordedRequest[] {
  return contract.requests.slice(contract.requests.lastIndexOf(mark as RecordedRequest) + 1);
}

/** Resolves once alpha has been read `n` more times, whole: its relayers' list asked `n` times, then nothing for 300 ms (0: asked nothing for 300 ms). */
async function alphaReads(n: number, timeoutMs = 15_000): Promise<void> {
  const mark = contract.requests.at(-1);
  const end = Date.now() + timeoutMs;
  for (let seen = 0, quietSince = Date.now(); Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    const asked = askedSince(mark);
    if (asked.length !== seen) [seen, quietSince] = [asked.length, Date.now()];
    else if (asked.filter((r) => r.method === 'GET' && /^\/api\/v1\/relayers(\?|$)/.test(r.url)).length >= n && Date.now() - quietSince >= 300) return;
  }
  throw new Error(`alpha was not read ${n} more times within ${timeoutMs} ms`);
}

const env = () => ({ RELAYER_TUI_CONFIG_DIR: dir, XDG_STATE_HOME: join(dir, 'state'), KEY_ALPHA: contract.token, KEY_BETA: real.token, KEY_HANG: hang.token, KEY_EVIL: evil.token });

function run(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; out: string; err: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env(), ...extra }, maxBuffer: 64 * 1024 * 1024 }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut, ms: Date.now() - t0 }),
    );
  });
}

describe('relayer-tui fleet (headless)', () => {
  it('--check: one line per problem, the unreadable contexts first, exit 13; nothing a terminal would act on', async () => {
    const r = await run(['fleet', '--check']);
    expect(r.code).toBe(13);
    const lines = r.out.trimEnd().split('\n');
    expect(lines.slice(0, 3).sort()).toEqual([
      // The request's own timeout (the context's 1 s): the read's deadline comes a little after it.
      expect.stringMatching(/^hanging: unreachable: No answer from 127\.0\.0\.1:\d+ within 1 s$/),
      'locked: unreachable: 401 Unauthorized',
      'nokey: no token: The token_command of context nokey failed (exit status 3)',
    ]);
    // The fixture's transaction has a fixed date: its age grows with the clock.
    // Its second transaction's status is not one the client knows (server text with escapes): counted, never fine.
    expect(lines.some((l) => /^evil\/esc-x: 2 stuck \(oldest \d+d\): unknown status, old, not signed after 5m$/.test(l)), lines.join('\n')).toBe(true);
    // The real server's jam: the transaction everything waits on, named.
    // The real server's jam, diagnosed as `check` does (core/jam): the blocker, its cause, what waits behind it.
    expect(lines.filter((l) => l.startsWith('prod-beta/holesky-test: '))).toEqual([expect.stringMatching(/^prod-beta\/holesky-test: jammed \d+[smhd] \(blocker created \d\d:\d\d:\d\d\) at nonce 2834 — tx 1b89699f…c1cc was signed and never broadcast: every re-send refused .*; \d+ waiting\. Bump it at a faster speed \(relayer-tui --context prod-beta replace holesky-test 1b89699f-e832-4322-a4d9-1284f878c1cc --speed fastest\)/)]);
    // The contract's server has no chain to read: its triage words stay.
    expect(lines).toContain('alpha/holesky-test: nonce gap at 2838');
    expect(lines.some((l) => /^prod-beta\/mainnet-hot: low balance: .* ETH < 100 ETH \(its policies\.min_balance\)$/.test(l))).toBe(true);
    expect(unsafeBytes(r.out)).toEqual([]);
    expect(unsafeBytes(r.err)).toEqual([]);
    expect(r.err).toMatch(/^relayer-tui fleet: 7 contexts · \d+ relayers · \d+ need attention · 2 unreachable \(.*· 1 not opened \(nokey\)/m);
    // The hanging server held only its own row: the whole read took about its timeout, not more.
    expect(r.ms).toBeLessThan(4000);
  });

  it("the hostile server's texts are data: the table shows them as placeholders, JSON escapes them", async () => {
    const table = await run(['fleet', 'evil', '--output', 'table']);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/evil\s+esc-x\s/);
    expect(unsafeBytes(table.out)).toEqual([]);
    const nd = await run(['fleet', 'evil', '--output', 'ndjson']);
    expect(unsafeBytes(nd.out)).toEqual([]);
    expect((parseJson(nd.out.trim()) as { network: string }).network).toBe('net\x1b]0;PWNED-TITLE\x07');
  });

  it('a fleet by name, healthy: exit 12 (relayers need attention); ndjson: one object per relayer with its context, exact', async () => {
    const r = await run(['fleet', 'healthy', '--check']);
    expect(r.code).toBe(12);
    expect(r.out.split('\n').every((l) => l === '' || /^(alpha|staging-beta)\//.test(l))).toBe(true);
    const nd = await run(['fleet', 'alpha', '--output', 'ndjson']);
    expect(nd.code).toBe(0);
    const rows = nd.out.trimEnd().split('\n').map((l) => parseJson(l) as { context: string; relayer: string; trouble: string; balance: unknown });
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((x) => x.context))).toEqual(new Set(['alpha']));
    expect(rows.find((x) => x.relayer === 'base-batch')).toMatchObject({ trouble: 'disabled', balance: null });
    // A record's problems name their fix as a command a shell runs, never a TUI key.
    const beta = (await run(['fleet', 'staging-beta', '--output', 'ndjson'])).out.trimEnd().split('\n').map((l) => parseJson(l) as { relayer: string; problems: string[] });
    expect(beta.find((x) => x.relayer === 'holesky-test')!.problems[0]).toMatch(/Bump it at a faster speed \(relayer-tui --context staging-beta replace holesky-test \S+ --speed fastest\) or cancel it \(relayer-tui --context staging-beta cancel holesky-test /);
    const ignored = await run(['fleet', '--url', contract.url]);
    expect(ignored.code).toBe(2);
    expect(ignored.err).toMatch(/--url does not apply \(name fleets or contexts/);
    // A config file YAML cannot read: every one of its errors on stderr, not only the first line.
    const broken = mkdtempSync(join(tmpdir(), 'relayer-tui-fleet-broken-'));
    writeFileSync(join(broken, 'config.yaml'), 'contexts:\n  a:\n    url: [\n', { mode: 0o600 });
    const unreadable = await run(['fleet'], { RELAYER_TUI_CONFIG_DIR: broken });
    expect(unreadable.code).toBe(3);
    expect(unreadable.err).toMatch(/^relayer-tui fleet: the config file cannot be used:\n  .*config\.yaml:\d+: /);
    const unknown = await run(['fleet', 'nosuch']);
    expect(unknown.code).toBe(3);
    expect(unknown.err).toMatch(/No fleet or context named nosuch .* \(fleets: healthy; contexts: alpha, prod-beta/);
  });
});

describe(':fleet in the TUI (e2e)', () => {
  const start = (extra: Record<string, string> = {}) => {
    const t = new Tui({ cols: 120, rows: 40, env: { ...env(), ...extra } });
    tuis.push(t);
    return t;
  };

  it('rows appear as contexts answer (the hanging one holds nothing up); unreachable ones say why; the raw bytes hold no server escape', async () => {
    const tui = start();
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    tui.press('F');
    // The sandboxes' rows while the hanging server is still being read.
    const early = await tui.waitForScreen((rows) => rows.some((r) => /^\S*\s*staging-beta\s+\S+/.test(r.slice(2))) && rows.join('\n').includes('hanging: reading…'), 5000, 'rows while the hanging server is read');
    expect(early.join('\n')).toMatch(/still loading/);
    const done = await tui.waitForText(/hanging: ✗ No answer from .* within 1 s/, 5000);
    const text = done.join('\n');
    expect(text).toMatch(/7 contexts · \d+ relayers · \d+ need attention · 2 unreachable \(.*\) · 1 not opened \(nokey\)/);
    expect(text).toMatch(/locked\s+—\s+unreachable\s+401 Unauthorized/);
    expect(text).toContain('nokey: ✗ no token: The token_command of context nokey failed (exit status 3)');
    expect(text).toMatch(/nokey\s+—\s+no token\s+The token_comm/);
    // Rows arriving are not changes: nothing is marked after the first read.
    expect(text).not.toMatch(/^.\*/m);
    // i: a row whole, its problem in full (the table cuts it to its column).
    tui.press('/');
    tui.press('nokey');
    tui.press(KEY.enter);
    await tui.waitForScreen((rows) => /^› nokey\s/.test(selectedRow(rows) ?? ''), 3000, 'the nokey row');
    tui.press('i');
    await tui.waitForText('no token: The token_command of context nokey failed (exit status 3)', 3000);
    // As of when its context was read, or tried (a walk found no time anywhere in this view).
    await tui.waitForScreen((rows) => rows.some((r) => /^as_of\s+\d{4}-\d\d-\d\dT[\d:.]+Z \(\d\d:\d\d:\d\d\)/.test(r)), 3000, 'as_of');
    expect(unsafeBytes(tui.raw)).toEqual([]);
  });

  /** The healthy fleet read, filtered to one row (`context relayer`), until `selected` holds of the selected row. */
  async function fleetRow(filter: string, selected: RegExp, timeoutMs = 3000, extra: Record<string, string> = {}): Promise<Tui> {
    const tui = start(extra);
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'fleet healthy');
    await tui.waitForScreen((rows) => rows.join('\n').includes('2 contexts · 30 relayers'), 5000, 'the healthy fleet read');
    tui.press('/');
    tui.press(filter);
    tui.press(KEY.enter);
    await tui.waitForScreen((rows) => selected.test(selectedRow(rows) ?? ''), timeoutMs, 'the row selected');
    return tui;
  }

  it('enter drills into another context (its accent, read-only and dialect), esc comes back to the fleet as it was, not read again', async () => {
    // The CLI's clock from a file the test writes (sandboxClock.mjs): moved on a minute before the drill-down, so a time taken at the switch would differ.
    const clockFile = join(mkdtempSync(join(tmpdir(), 'relayer-tui-fleet-clock-')), 'skew');
    writeFileSync(clockFile, '0');
    const tui = await fleetRow('staging-beta sepolia-main', /sepolia-main/, 3000, { NODE_OPTIONS: `--import ${clockPreload}`, SANDBOX_CLOCK_FILE: clockFile });
    // The whole read over first (a loaded machine answers later than the summary's count): alpha asked
    // nothing for 300 ms.
    await alphaReads(0);
    const alphaMark = contract.requests.at(-1);
    // The bar's read time: the fleet's (its contexts' read), not the moment it is shown again.
    const barTime = (rows: string[]) => /\b\d\d:\d\d:\d\d\b/.exec(rows.find((r) => r.startsWith('ctx ')) ?? '')?.[0];
    // (No time until every context has been read: then the oldest read's.)
    const readAt = barTime(await tui.waitForScreen((rows) => barTime(rows) !== undefined, 10_000, 'the fleet read whole'));
    await moveClock(clockFile, 60_000);
    tui.press(KEY.enter);
    const tx = await tui.waitForScreen((rows) => rows.some((r) => r.startsWith('ctx staging-beta ')) && rows[0]!.includes('transactions'), 5000, 'the drilled context');
    expect(tx[0]).toContain('Sepolia Main');
    tui.press(KEY.esc);
    const back = await tui.waitForScreen((rows) => rows[0]!.includes('fleet: healthy'), 3000, 'the fleet again');
    expect(back.join('\n')).toContain('/staging-beta sepolia-main');
    expect(selectedRow(back)).toMatch(/staging-beta\s+sepolia-main\s/);
    // Not read again: nothing more was asked of alpha (the fleet's other context) since the drill-down.
    expect(askedSince(alphaMark)).toEqual([]);
    expect(barTime(back)).toBe(readAt);
  });

  it("a jam's row: i names the fix with the keys that reach it (enter, then e), enter opens the transactions on the blocker, not the newest", async () => {
    // (Selected once diagnosed: jammed.)
    const tui = await fleetRow('staging-beta holesky-test', /staging-beta\s+holesky-test\s+jammed/, 10_000);
    tui.press('i');
    const record = (await tui.waitForScreen((rows) => rows.join('\n').includes('last_confirmed_at'), 5000, 'the row whole')).join(' ').replace(/\s+/g, ' ');
    // Keys the fleet has (a walk read "Bump it (e)", which the fleet does not have).
    expect(record).toMatch(/Bump it at a faster speed \(enter, then e\) or cancel it \(enter, then X/);
    expect(record).not.toMatch(/\((e|X)[):]/);
    tui.press(KEY.esc);
    await tui.waitForScreen((rows) => rows[0]!.includes('fleet: healthy'), 3000, 'the fleet again');
    tui.press(KEY.enter);
    const tx = await tui.waitForScreen((rows) => rows[0]!.includes('transactions') && /^›\s+\S+\s+2834\s/.test(selectedRow(rows) ?? ''), 10_000, 'the blocker (nonce 2834) selected');
    expect(tx.join('\n')).toMatch(/nonce 2834: found/);
  });

  it('back from a drill-down without a filter, the same row is selected and on screen (the last row here)', async () => {
    const tui = start();
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'fleet healthy');
    await tui.waitForScreen((rows) => rows.join('\n').includes('2 contexts · 30 relayers') && !/still loading|checking…/.test(rows.join('\n')), 5000, 'the fleet read');
    tui.press('G');
    // The selected row is the table's last (the row under it blank): not row 0 before G was read, which is a
    // staging-beta row too whenever its jam is the worst (CI failed on Node 24 on exactly that, once).
    const isLast = (rows: string[]) => {
      const i = rows.findIndex((r) => r.startsWith('› '));
      return i >= 0 && (rows[i + 1] ?? '').trim() === '' && /^› staging-beta\s/.test(rows[i]!);
    };
    const last = (await tui.waitForScreen(isLast, 3000, 'the last row'))!;
    const row = selectedRow(last)!;
    tui.press(KEY.enter);
    await tui.waitForScreen((rows) => rows.some((r) => r.startsWith('ctx staging-beta ')) && rows[0]!.includes('transactions'), 5000, 'the drilled context');
    tui.press(KEY.esc);
    const back = await tui.waitForScreen((rows) => rows[0]!.includes('fleet: healthy'), 3000, 'the fleet again');
    // The same row (an age in it may have turned meanwhile: `8m` → `9m`, a clock time's day passing).
    const aged = (r: string | undefined) => r?.replace(/\b\d+[smhd]\b/g, '#');
    expect(aged(selectedRow(back))).toBe(aged(row));
  });

  it('watched, an unchanged fleet is read again and writes nothing', async () => {
    // The CLI's clock from the real sandbox's (still) time: the fleet reads forecasts, and a seeded transaction of a
    // healthy relayer, submitted at the sandbox's time, read by a CLI whose time ran on since the sandbox started
    // (a minute under load) reads as not mined that long — a jam forming, true of what it read; here it is not.
    const tui = new Tui({ cols: 120, rows: 40, env: { ...env(), ...onSandboxClock(real) }, args: ['--watch', '2'] });
    tuis.push(tui);
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'fleet healthy');
    await tui.waitForScreen((rows) => rows.join('\n').includes('2 contexts · 30 relayers') && !/still loading|checking…/.test(rows.join('\n')), 5000, 'the healthy fleet read');
    await tui.waitForText(/watch 2s/, 3000);
    // Let the first watch read pass, then count: two more reads of both servers, no byte written.
    await alphaReads(1);
    await tui.flushed();
    const before = tui.screen();
    const bytes = tui.raw.length;
    await alphaReads(2);
    await tui.flushed();
    // The only writes allowed are ages turning (an OLDEST `59s` → `1m` while we wait): those rows
    // alone, differing in nothing but an age, and no more bytes than those rows hold.
    const after = tui.screen();
    const age = /\b\d+[smhd]\b/g;
    const changed = after.map((r, i) => (r === before[i] ? -1 : i)).filter((i) => i >= 0);
    for (const i of changed) expect(after[i]!.replace(age, '#')).toBe(before[i]!.replace(age, '#'));
    const written = tui.raw.slice(bytes);
    if (changed.length === 0) expect(written).toBe('');
    else expect(written.length).toBeLessThan(changed.length * 400);
  });

  it("back on the fleet after changing a relayer through it: that context is read again, the row shows the change (a walk read the cap from before its own edit)", async () => {
    const tui = new Tui({ cols: 120, rows: 40, env: env() });
    tuis.push(tui);
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'fleet healthy');
    await tui.waitForScreen((rows) => rows.join('\n').includes('2 contexts · 30 relayers') && !/still loading|checking…/.test(rows.join('\n')), 5000, 'the fleet read');
    const row = (rows: string[]) => rows.find((r) => /^[› ][ *]staging-beta\s+bsc-treasury\s/.test(r)) ?? '';
    expect(row(tui.screen())).not.toMatch(/low balance/);
    tui.press('/');
    tui.press('staging-beta bsc-treasury');
    tui.press(KEY.enter);
    await tui.waitForScreen((rows) => /^› staging-beta\s+bsc-treasury/.test(selectedRow(rows) ?? ''), 3000, 'its row');
    tui.press(KEY.enter);
    await tui.waitForScreen((rows) => rows.some((r) => r.startsWith('ctx staging-beta ')) && rows[0]!.includes('transactions'), 5000, 'its transactions');
    // p: its policies; min_balance raised over its balance (the fleet then says low balance).
    tui.press('p');
    await tui.waitForScreen((rows) => rows[0]!.includes('policies') && rows.some((r) => /^\s*› gas_price_cap/.test(r) || /gas_price_cap/.test(r)), 5000, 'the policy editor');
    tui.press(KEY.tab);
    tui.press('\x15');
    tui.press('5bnb');
    tui.press('\x13');
    await tui.waitForText('Review: y sends exactly this', 3000);
    await tui.sendReview();
    await tui.waitForText('policies now, as the server answered:', 5000);
    tui.press(KEY.esc);
    await tui.waitForScreen((rows) => rows[0]!.includes('transactions'), 3000, 'the transactions again');
    tui.press(KEY.esc);
    const back = await tui.waitForScreen((rows) => rows[0]!.includes('fleet:') && /low balance/.test(row(rows)), 8000, 'the fleet, its row read again');
    // Marked as changed by the read, its balance warned.
    expect(row(back)).toMatch(/^›\*staging-beta\s+bsc-treasury\s+low\s+low balance: .*⚠/);
  });

  it('a mutation reached from the fleet obeys the drilled context: prod-beta (prod*) refuses; staging-beta reviews, naming its context', async () => {
    const tui = start();
    await tui.waitForText('Sepolia Main', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'fleet prod-beta staging-beta');
    // Both contexts name the same server: its 15 relayers counted once, said (issue 27.8).
    await tui.waitForScreen((rows) => rows.join('\n').includes('2 contexts · 15 relayers') && rows.join('\n').includes('prod-beta and staging-beta: one server'), 5000, 'the fleet read');
    for (const ctx of ['prod-beta', 'staging-beta']) {
      tui.press('/');
      tui.press(`${ctx} sepolia-main `);
      tui.press(KEY.enter);
      await tui.waitForScreen((rows) => (selectedRow(rows) ?? '').includes(ctx), 3000, `${ctx}'s row`);
      tui.press(KEY.enter);
      await tui.waitForScreen((rows) => rows.some((r) => r.startsWith(`ctx ${ctx} `)) && rows[0]!.includes('transactions'), 5000, ctx);
      await tui.waitForScreen((rows) => selectedRow(rows) !== undefined && /pending/.test(selectedRow(rows)!), 5000, 'a pending transaction selected');
      tui.press('e');
      if (ctx === 'prod-beta') {
        await tui.waitForText(/Read-only \(context prod-beta \(named prod\*/, 3000);
        tui.press(KEY.esc);
        const again = await tui.waitForScreen((rows) => rows[0]!.includes('fleet:'), 3000, 'the fleet again');
        // As it was: the filter and the selection; no row marked (it was not read again).
        expect(again.join('\n')).toContain('/prod-beta sepolia-main');
        expect(selectedRow(again)).toMatch(/^› prod-beta\s+sepolia-main\s/);
        tui.press(KEY.esc); // clears the filter
        await tui.waitForScreen((rows) => !rows.join('\n').includes('/prod-beta'), 3000, 'the filter cleared');
      } else {
        await tui.waitForScreen((rows) => rows[0]!.includes('replace'), 3000, 'the form');
        tui.press('\x13');
        // The context first in the title: a narrow screen cuts the id, never the context.
        await tui.waitForScreen((rows) => rows[0]!.startsWith('relayer-tui › review for context staging-beta · replace '), 3000, 'the review, its context first');
      }
    }
  });
});
