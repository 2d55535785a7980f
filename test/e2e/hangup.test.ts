/**
 * E2E, a dropped line loses nothing (issue 31 parts 2–4): the built CLI in a real pty against a
 * sandbox in a process of its own over loopback whose mutations are applied at once and answered
 * late (`sandbox --answer-delay`). The line drops mid-send (the pty's master closed: a real SIGHUP and
 * a dead terminal): the TUI and `replace --yes` see the send to its answer and write its outcome to
 * the ledger; a second SIGTERM still ends it at once; a stdout closed early (`| head -0`) ends output
 * quietly. An outcome left unknown is said on the next start, read back from `:audit` (s) or by
 * `relayer-tui audit --settle` as a new ledger line, and `audit` exits 8 while one remains.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pty from 'node-pty';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, type Transaction } from '../../src/api/index.js';
import { KEY, TX_HEADER, assertBuilt, cliPath, disposeAll, releaseCli, runCommand, selectedRow, startCli, tableRows, type Tui } from './pty.js';

const TOKEN = 'hangup-31-token';
const dirs: string[] = [];
const sandboxes: ChildProcess[] = [];

beforeAll(assertBuilt);
afterEach(disposeAll);
afterAll(async () => {
  for (const p of sandboxes) p.kill('SIGTERM');
  await releaseCli();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** `relayer-tui sandbox` in its own process (the built CLI), its mutations answered `delayMs` late. */
async function sandboxProcess(delayMs: number): Promise<string> {
  const p = spawn(process.execPath, [cliPath(), 'sandbox', '--port', '0', '--token', TOKEN, '--answer-delay', String(delayMs)], { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' } });
  sandboxes.push(p);
  return new Promise<string>((resolve, reject) => {
    let out = '';
    p.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    p.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${out}`)));
  });
}

function stateDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'relayer-tui-hangup-'));
  dirs.push(d);
  return d;
}

type Line = Record<string, unknown> & { id: string; phase: string };
const ledgerText = (state: string): string => {
  try {
    return readFileSync(join(state, 'relayer-tui', 'audit.jsonl'), 'utf8');
  } catch {
    return '';
  }
};
const ledger = (state: string): Line[] => ledgerText(state).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

async function until<T>(what: string, f: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = f();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The draft files left under the state dir (src/ui/forms/draftStore.ts). */
const draftsLeft = (state: string): string[] => {
  try {
    return readdirSync(join(state, 'relayer-tui', 'drafts')).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
};

/** Closes the pty's master: the terminal is gone (the kernel hangs up the session: SIGHUP, then EIO). */
const dropLine = (p: pty.IPty) => (p as unknown as { destroy(): void }).destroy();

/** A transaction of sepolia-main that can be replaced (pending, sent or submitted), not one of `taken`. */
async function replaceable(url: string, taken: string[] = []): Promise<Transaction> {
  const client = createRelayerClient({ baseUrl: url, token: TOKEN });
  try {
    const items = (await client.listTransactions('sepolia-main', { perPage: 100 })).items;
    return items.find((t) => ['pending', 'sent', 'submitted'].includes(String(t.status)) && !taken.includes(t.id))!;
  } finally {
    await client.close();
  }
}

const env = (url: string, state: string) => ({ RELAYER_URL: url, RELAYER_API_KEY: TOKEN, XDG_STATE_HOME: state });

/** In the TUI: the transactions of sepolia-main, the first pending one replaced with speed fastest, `y` pressed. */
async function sendReplacement(tui: Tui): Promise<void> {
  await runCommand(tui, 'tx sepolia-main');
  const rows = await tui.waitForScreen((r) => tableRows(r, TX_HEADER).length > 0, 5000, 'sepolia-main transactions');
  const at = tableRows(rows, TX_HEADER).findIndex((r) => /^[› ] pending\s/.test(r));
  expect(at, 'a pending transaction on the first page').toBeGreaterThanOrEqual(0);
  for (let k = 0; k < at; k++) tui.press('j');
  await tui.waitForScreen((r) => /^› pending\s/.test(selectedRow(r) ?? ''), 3000, 'the pending row selected');
  tui.press('e');
  await tui.waitForText(/replace EVM (?:transaction|tx) \S+/);
  // An edit (a new value): the form's draft is on disk while it is sent.
  tui.press(KEY.ctrlU);
  tui.press('77');
  await tui.waitForText(/^› value\s+77\s*$/m);
  tui.press(KEY.ctrlS);
  await tui.waitForText('Review');
  await tui.sendReview();
  await tui.waitForText('Sending PUT');
}

describe('a send in flight when the line drops (issue 31.2)', () => {
  it('the TUI: the pty closes while the answer is held; the answer still comes and its outcome is in the ledger', async () => {
    const url = await sandboxProcess(2_500);
    const state = stateDir();
    const tui = await startCli({ env: env(url, state) });
    await sendReplacement(tui);
    const sent = await until('the sent line', () => ledger(state).find((l) => l.phase === 'sent'));
    await new Promise((r) => setTimeout(r, 200));
    const dropped = performance.now();
    dropLine(tui.proc);
    const exit = await tui.waitForExit(20_000);
    // It waited for the answer (held 2.5 s by the server), wrote it, then exited. (node-pty reports no
    // true exit code once its master is closed: 143 after a second signal is the next test's.)
    expect(exit.at - dropped).toBeGreaterThan(1_000);
    const done = ledger(state).find((l) => l.phase === 'done' && l.id === sent.id);
    expect(done, `the ledger:\n${ledgerText(state)}`).toMatchObject({ status: 200, outcome: 'applied', note: expect.stringContaining('the terminal hung up') });
    // Sent: its draft is gone too, though the form was gone before the answer (never offered again).
    expect(draftsLeft(state)).toEqual([]);
  });

  it('a second SIGTERM after the hang-up still ends it at once (the send then stays unknown)', async () => {
    const url = await sandboxProcess(30_000);
    const state = stateDir();
    const tui = await startCli({ env: env(url, state) });
    await sendReplacement(tui);
    const sent = await until('the sent line', () => ledger(state).find((l) => l.phase === 'sent'));
    tui.kill('SIGHUP');
    // Still running without drawing: waiting for the answer (a second SIGHUP changes nothing).
    await new Promise((r) => setTimeout(r, 100));
    tui.kill('SIGHUP');
    await new Promise((r) => setTimeout(r, 250));
    expect(tui.hasExited).toBe(false);
    const t0 = performance.now();
    tui.kill('SIGTERM');
    const exit = await tui.waitForExit(3_000);
    expect(exit.exitCode).toBe(143);
    expect(exit.at - t0).toBeLessThan(1_500);
    expect(ledger(state).filter((l) => l.id === sent.id).map((l) => l.phase)).toEqual(['sent']);
  });

  it('relayer-tui replace --yes on a terminal that drops mid-send: the outcome is still written', async () => {
    const url = await sandboxProcess(2_500);
    const state = stateDir();
    const tx = await replaceable(url);
    const p = pty.spawn(process.execPath, [cliPath(), 'replace', 'sepolia-main', tx.id, '--speed', 'fastest', '--yes'], {
      name: 'xterm-256color',
      cols: 100,
      rows: 30,
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', TERM: 'xterm-256color', ...env(url, state) },
    });
    const exited = new Promise<number>((r) => p.onExit(({ exitCode }) => r(exitCode)));
    p.onData(() => undefined);
    const sent = await until('the sent line', () => ledger(state).find((l) => l.phase === 'sent'));
    await new Promise((r) => setTimeout(r, 200));
    dropLine(p);
    const dropped = Date.now();
    await Promise.race([exited, new Promise<number>((_, rej) => setTimeout(() => rej(new Error('no exit within 15 s')), 15_000))]);
    // Alive until the answer came (held 2.5 s by the server), not ended by the signal.
    expect(Date.now() - dropped).toBeGreaterThan(1_000);
    const done = ledger(state).find((l) => l.phase === 'done' && l.id === sent.id);
    expect(done, `the ledger:\n${ledgerText(state)}`).toMatchObject({ status: 200, outcome: 'applied', note: expect.stringContaining('the terminal hung up') });
  });

  it('stdout closed early (| head -0): no EPIPE stack trace, the outcome recorded, the exit code the outcome\'s', async () => {
    const url = await sandboxProcess(300);
    const state = stateDir();
    const tx = await replaceable(url);
    const r = await new Promise<{ out: string; err: string }>((resolve) =>
      execFile(
        'bash',
        ['-c', `"${process.execPath}" "${cliPath()}" replace sepolia-main ${tx.id} --speed fastest --yes --json | head -c 0; echo "exit=\${PIPESTATUS[0]}"`],
        { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env(url, state) } },
        (_e, out, err) => resolve({ out, err }),
      ),
    );
    expect(r.err).not.toMatch(/EPIPE|node:events|Unhandled|\n\s+at /);
    expect(r.out.trim()).toBe('exit=0');
    const [sent, done] = ledger(state);
    expect(done).toMatchObject({ id: sent!.id, phase: 'done', outcome: 'applied' });
  });
});

describe('an unknown outcome is carried forward (issue 31.3) and :audit says where (31.4)', () => {
  it('the next start says it, :audit shows the server, s reads it back as a new ledger line', async () => {
    const url = await sandboxProcess(30_000);
    const host = new URL(url).host;
    const state = stateDir();
    // A send whose outcome is unknown: the process killed while the answer was held (the server applied it).
    const first = await startCli({ env: env(url, state) });
    await sendReplacement(first);
    const sent = await until('the sent line', () => ledger(state).find((l) => l.phase === 'sent'));
    first.kill('SIGKILL');
    await first.waitForExit();
    const before = ledgerText(state);

    // Wide enough for the notice whole in the status bar (at 80 columns it is cut, whole in :messages).
    const tui = await startCli({ env: env(url, state), cols: 140 });
    const rows = await tui.waitForText('1 send with unknown outcome');
    expect(rows.join('\n')).toMatch(/⚠ 1 send with unknown outcome: replace \S+ on relayer sepolia-main at \d\d:\d\d UTC — :audit/);
    await runCommand(tui, 'audit');
    let screen = await tui.waitForText('sent, outcome unknown');
    const row = screen.find((r) => r.includes('sent, outcome unknown'))!;
    expect(row).toContain(host);
    expect(screen.join('\n')).toMatch(/SERVER/);
    tui.press('s');
    screen = await tui.waitForText('applied (read back)');
    expect(screen.join('\n')).toContain('Read back: applied');
    // A new line; the old ones as they were.
    const after = ledgerText(state);
    expect(after.startsWith(before)).toBe(true);
    const added = after.slice(before.length).trim().split('\n').map((l) => JSON.parse(l) as Line);
    expect(added).toEqual([expect.objectContaining({ phase: 'settled', of: sent.id, outcome: 'applied', server: url })]);
  });

  it('relayer-tui audit: newest first, --unknown, exit 8 while one remains; --settle reads it back and exits 0', async () => {
    const url = await sandboxProcess(3_000);
    const state = stateDir();
    const run = (args: string[]) =>
      new Promise<{ code: number; out: string; err: string }>((resolve) =>
        execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env(url, state) } }, (e, out, err) =>
          resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
        ),
      );
    const a = await replaceable(url);
    // A timeout (1 s; the server answers after 3 s): outcome unknown, exit 8.
    const timedOut = await run(['replace', 'sepolia-main', a.id, '--speed', 'fastest', '--yes', '--timeout', '1']);
    expect(timedOut.code).toBe(8);
    const listed = await run(['audit', '--unknown', '--json']);
    expect(listed.code).toBe(8);
    const j = JSON.parse(listed.out) as { unknown: number; items: { path: string; outcome: string; outcome_unknown: boolean }[] };
    expect(j.unknown).toBe(1);
    expect(j.items).toEqual([expect.objectContaining({ path: `/api/v1/relayers/sepolia-main/transactions/${a.id}`, outcome: 'outcome unknown', outcome_unknown: true })]);
    expect(listed.err).toMatch(/1 send to 127\.0\.0\.1:\d+ with unknown outcome/);
    const before = ledgerText(state);
    const settled = await run(['audit', '--settle', '--output', 'table']);
    expect(settled.code, settled.err).toBe(0);
    expect(settled.err).toMatch(/read back: applied/);
    expect(settled.out).toMatch(/applied \(read back\)/);
    expect(ledgerText(state).startsWith(before)).toBe(true);
    expect(ledger(state).at(-1)).toMatchObject({ phase: 'settled', outcome: 'applied' });
    expect((await run(['audit', '--unknown', '--json'])).code).toBe(0);
  });
});
