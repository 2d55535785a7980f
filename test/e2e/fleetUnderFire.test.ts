/**
 * E2E, the fleet under fire (issue 27): the built CLI against hostile servers each in a process of its
 * own over loopback — a link that drips (alive, never done), a server with 10,000 relayers, one whose
 * balances cannot be read and whose ids look alike, that one again under a second name, and a context
 * whose token_command hangs. Headless (`fleet --check`, `--json`) and the TUI in a pty.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/api/index.js';
import { hostileProcess, type HostileProcess } from '../hostile/process.js';
import { Tui, assertBuilt, cliPath, releaseCli, selectedRow } from './pty.js';

let servers: HostileProcess[] = [];
let dir: string;
const tuis: Tui[] = [];
/** A sleep no one else runs: what the hanging token_command starts, looked for after the CLI exits. */
const MARK = `sleep 31.${process.pid % 1000}`;

beforeAll(async () => {
  assertBuilt();
  servers = await Promise.all([['drip'], ['ten-thousand-relayers'], ['odd-balances']].map((m) => hostileProcess(m)));
  const [drip, many, odd] = servers;
  dir = mkdtempSync(join(tmpdir(), 'relayer-tui-fire-'));
  writeFileSync(
    join(dir, 'config.yaml'),
    `current_context: odd
contexts:
  drip:
    url: ${drip!.url}
    token_env: KEY
    timeout: 2
  many:
    url: ${many!.url}
    token_env: KEY
  odd:
    url: ${odd!.url}
    token_env: KEY
  odd-too:
    url: ${odd!.url}
    token_env: KEY
  tok:
    url: ${odd!.url}
    token_command: "${MARK}"
    timeout: 2
`,
  );
  chmodSync(join(dir, 'config.yaml'), 0o600);
});
afterEach(async () => {
  await Promise.all(tuis.splice(0).map((t) => t.dispose()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await releaseCli();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ RELAYER_TUI_CONFIG_DIR: dir, XDG_STATE_HOME: join(dir, 'state'), KEY: servers[0]!.token });

function run(args: string[]): Promise<{ code: number; out: string; err: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env() }, maxBuffer: 64 * 1024 * 1024 }, (err, out, errOut) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out, err: errOut, ms: Date.now() - t0 }),
    );
  });
}

/** Processes still running the hanging token_command's sleep. */
const leftOver = () => {
  try {
    return execFileSync('pgrep', ['-f', MARK], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

describe('the fleet under fire, headless', () => {
  it('--check: the deadlines hold (drip, hanging token_command), what was not read and what cannot be read are said; exit 13; nothing left running', async () => {
    const r = await run(['fleet', '--check']);
    expect(r.code, r.err).toBe(13);
    // Each context's deadline is its timeout and a little: a dripping link and a hanging token_command
    // end at about 2.5 s, not when each request's own timer ends one after another (6 relayers, 2 at a time).
    expect(r.ms).toBeLessThan(8000);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toContain('tok: no token: The token_command of context tok did not finish within 2 s (stopped, with what it started)');
    const drips = lines.filter((l) => l.startsWith('drip/'));
    expect(drips).toHaveLength(6);
    expect(drips.filter((l) => /: transactions not read: timed out after 2\.5 s$/.test(l)).length).toBeGreaterThan(0);
    // An answer that began and never finished is not "no answer".
    expect(drips.every((l) => /: transactions not read: (timed out after 2\.5 s|The answer from 127\.0\.0\.1:\d+ did not finish within 2 s)$/.test(l)), drips.join('\n')).toBe(true);
    expect(lines).toContain('many: relayers not all read: 1,000 of the 10,000 it says it has (the fleet reads 10 pages of 100); a relayer beyond them is not checked');
    expect(lines).toEqual(expect.arrayContaining(['odd/lots-balance: balance unreadable: lots', 'odd/negative-balance: balance unreadable: -5']));
    // 80 digits is a balance (≈1e61 ETH), and 2 ETH needs nothing: neither is a problem's line.
    expect(lines.filter((l) => /huge-balance|prod-main|pr\\u043ed-main/.test(l) && !/: not known, because /.test(l))).toEqual([]);
    // Their forecasts a failed read left unmade (the server's /rpc answers 404) are said, as check says them, never left out.
    // Whichever of the two was read first met the 404; the other was refused without asking, and says the 404 it rests on.
    const rpcUnknown = /: whether its RPC fails: not known, because the network's price could not be read at \d\d:\d\d:\d\d \((404 This server does not offer JSON-RPC reads of the chain \(POST \/relayers\/\{id\}\/rpc\)|This server does not offer JSON-RPC reads of the chain \(POST \/relayers\/\{id\}\/rpc\) \(an earlier request of it answered 404; not asked again\))\)$/;
    for (const id of ['prod-main', 'pr\\u043ed-main']) expect(lines.filter((l) => l.startsWith(`odd/${id}: whether its RPC fails`)).filter((l) => rpcUnknown.test(l)), id).toHaveLength(1);
    // Two contexts (and the token one) on one server: its relayers counted once, and said.
    expect(r.err).toMatch(/ 1,011 relayers · /);
    expect(r.err).toContain('1 not all read (many)');
    expect(r.err).toContain('odd and odd-too and tok: one server');
    expect(leftOver()).toBe('');
  });

  it('--json: the look-alike id written as its code point, the exact bytes for a machine; a huge balance exact; the unread context said', async () => {
    const r = await run(['fleet', 'odd', 'many', '--json']);
    expect(r.code, r.err).toBe(13);
    expect(r.out).toContain('"pr\\u043ed-main"');
    expect(r.out).not.toContain('prоd-main');
    const j = parseJson(r.out) as { relayers: { relayer: string; balance: { amount: string } | null; trouble: string; problems: string[] }[]; contexts: { name: string; state: string; not_all_read: string | null }[] };
    const byId = new Map(j.relayers.map((x) => [x.relayer, x]));
    expect(byId.get('pr\u043ed-main')?.trouble).toBe('ok');
    expect(byId.get('huge-balance')?.balance?.amount).toBe('9'.repeat(80));
    expect(byId.get('lots-balance')).toMatchObject({ balance: null, trouble: expect.not.stringMatching(/^ok$/) });
    expect(j.contexts.find((c) => c.name === 'many')).toMatchObject({ state: 'ok', not_all_read: expect.stringMatching(/^relayers not all read: 1,000 of the 10,000/) });
    expect(j.contexts.find((c) => c.name === 'odd')?.not_all_read).toBeNull();
  });
});

describe('the fleet under fire, in the TUI (e2e)', () => {
  it('F: the unread context and the unreadable balances need attention, the look-alike is marked, the huge balance shown as a number', async () => {
    const tui = new Tui({ cols: 200, rows: 30, env: env() });
    tuis.push(tui);
    await tui.waitForText('Odd prod-main', 10_000);
    await tui.waitForRawMode();
    tui.press('F');
    const rows = await tui.waitForScreen((s) => /5 contexts · /.test(s[1] ?? '') && !/still loading/.test(s[1] ?? ''), 25_000, 'the fleet read'); // 1,000 relayers' reads: 10 s ran out once on a machine at load 5
    // The summary names what could not be read, without the reasons pushing it off its line.
    // Counted as the relayers are: odd's two unreadable balances once, though odd-too names the same
    // server; relayers only — the contexts' own troubles (tok, many) are named after the count.
    // (Its /rpc answering 404, odd's two active EVM relayers' forecasts are not known: counted once, said after today's, as `check` says them.)
    expect(rows[1]).toBe('5 contexts · 1,011 relayers · 1,008 need attention · 1 not opened (tok) · 1 not all read (many) · 2 not forecast, a read failed (odd: 2; odd-too: 2) · odd and odd-too and tok: one server');
    expect(rows.join('\n')).toMatch(/many\s+—\s+not all read\s+relayers not all read: 1,000 of the 10,000/);
    tui.press('/');
    tui.press('odd');
    tui.press('\r');
    const odd = await tui.waitForScreen((s) => s.some((r) => r.startsWith('/odd')) && s.filter((r) => /^[› ] odd /.test(r)).length === 5, 3000, 'the odd rows');
    const row = (id: string) => odd.find((r) => r.startsWith(`  odd `) && r.includes(` ${id} `)) ?? odd.find((r) => r.startsWith('› odd ') && r.includes(` ${id} `)) ?? '';
    // STATE never says ok beside what needs attention: a balance that cannot be read leaves it unchecked.
    expect(row('lots-balance')).toMatch(/ unchecked\s+balance unreadable: lots\s+—/);
    expect(row('negative-balance')).toMatch(/ unchecked\s+balance unreadable: -5\s+—/);
    expect(row('huge-balance')).toMatch(/ ok\s+≈9\.99e61 ETH /);
    // The look-alike: its code point where the id is shown; the plain one as it is.
    // (Each says that its forecast could not be made: its /rpc answered 404.)
    expect(row('pr\\u043ed-main')).toMatch(/ ok\s+not known \(a read failed; i says why\): whether its RPC fails\s+2 ETH /);
    expect(row('prod-main')).toMatch(/ ok\s+not known \(a read failed; i says why\): whether its RPC fails\s+2 ETH /);
  }, 45_000);
});
