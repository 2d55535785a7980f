/**
 * Issue 53.1–2 headless, the built CLI against the sandbox's real flavour: the jam no API call fixes
 * (`--gap-filler off`, openzeppelin-relayer #843) past the window in which v1.8's nonce-health job
 * should have filled it — `overdue`, with its evidence and the runbook's steps in `check` and `check
 * --json` — against the same window with the filler on (the gap filled, the jam gone); and a server
 * that answers not ready, said once by `check` and before a cancel is asked about.
 *
 * The sandbox's clock starts five minutes back and is stepped up to this machine's: the server's
 * machinery runs those minutes while the CLI reads with its own clock (never a sleep).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { assertBuilt } from './pty.js';
import { runAgainst } from './run.js';

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-runbook-'));
const open: Sandbox[] = [];
beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const BACK_MS = 5 * 60_000;

/** A real-flavour sandbox whose clock started five minutes ago, stepped up to now (its machinery ran those minutes). */
async function caughtUp(o: SandboxOptions): Promise<Sandbox> {
  const s = await startSandbox({ flavor: 'real', startMs: Date.now() - BACK_MS, ...o });
  open.push(s);
  s.clock.stepTime(BACK_MS);
  return s;
}

interface Step {
  kind: string;
  option: string;
  clears: string;
  words: string;
  command: string | null;
  cites: string[];
}
interface RelayerJson {
  relayer: string;
  state: string;
  jam: { cause: string; chain_nonce: number; relayer_nonce: number; since: string; gap: { overdue: boolean; due_at: string; fill_by: string; above: number; stale: { id: string; nonce: number; status: string; sent_at: string }[] } | null } | null;
  runbook: { why: string; evidence: string[]; counter_key: string; steps: Step[] } | null;
}

describe('the gap the job never fills (--gap-filler off, #843)', () => {
  it('past the job\'s window the jam is overdue, with its evidence and the runbook in check and check --json; with the filler on the same minutes fill it', async () => {
    const off = await caughtUp({ gapFiller: false });
    const r = await runAgainst(off, HOME, ['check', '--json']);
    expect(r.code, r.err).toBe(12);
    const j = JSON.parse(r.out) as { relayers: RelayerJson[] };
    const relay = j.relayers.find((x) => x.relayer === 'optimism-relay')!;
    expect(relay.state).toBe('jammed');
    const jam = relay.jam!;
    expect(jam).toMatchObject({ cause: 'no_tx_at_nonce', gap: { overdue: true, above: 2 } });
    // The job's trigger: the first transaction above is found stale 3 min (its speed, fast) after its broadcast; the NOOP a minute after.
    const stale = jam.gap!.stale[0]!;
    expect(stale).toMatchObject({ nonce: jam.chain_nonce + 1, status: 'submitted' });
    expect(Date.parse(jam.gap!.due_at) - Date.parse(stale.sent_at)).toBe(180_000);
    expect(Date.parse(jam.gap!.fill_by) - Date.parse(jam.gap!.due_at)).toBe(60_000);
    expect(Date.parse(jam.gap!.fill_by)).toBeLessThan(Date.now());
    // The runbook as data: the evidence, then each step with its command where one exists and where v1.8 does it.
    const rb = relay.runbook!;
    expect(rb.why).toBe(`no API call fills nonce ${jam.chain_nonce}: v1.8's nonce-health job should have filled it and has not`);
    expect(rb.evidence[0]).toMatch(new RegExp(`^the gap at nonce ${jam.chain_nonce}: no transaction holds it, seen since \\d\\d:\\d\\d:\\d\\d \\(open \\d+m\\); the relayer's counter ${jam.relayer_nonce}, the chain's nonce ${jam.chain_nonce}$`));
    expect(rb.evidence[2]).toMatch(/^stale above it \(2\): tx \S+ \(nonce \d+, submitted \d+m ago\) due \d\d:\d\d:\d\d; tx /);
    expect(rb.steps.map((s) => [s.kind, s.clears])).toEqual([
      ['restart', 'if_the_job_was_lost'],
      ['cancel_waiting', 'no'],
      ['stop_senders', 'yes'],
      ['read_counter', 'yes'],
      ['set_counter', 'yes'],
      ['send_filler', 'yes'],
      ['restore_counter', 'yes'],
    ]);
    const by = new Map(rb.steps.map((s) => [s.kind, s]));
    expect(rb.counter_key).toMatch(/^oz-relayer:transaction_counter:optimism-relay:0x[0-9a-f]{40}$/);
    expect(by.get('set_counter')!.command).toBe(`redis-cli -u "$REDIS_URL" SET '${rb.counter_key}' ${jam.chain_nonce}`);
    expect(by.get('send_filler')!.command).toMatch(new RegExp(`^relayer-tui send optimism-relay --to ${rb.counter_key.split(':').at(-1)} --value 0 --speed fast$`));
    expect(by.get('restore_counter')!.command).toMatch(new RegExp(`1 '${rb.counter_key}' ${jam.chain_nonce + 1} ${jam.relayer_nonce}$`));
    expect(by.get('restart')!.command).toBeNull();
    for (const s of rb.steps) for (const c of s.cites) expect(c, s.kind).toMatch(/^[a-z_/]+\.rs:\d+(-\d+)?$/);
    // No other relayer has a runbook (its jam has a fix the API offers).
    expect(j.relayers.filter((x) => x.runbook).map((x) => x.relayer)).toEqual(['optimism-relay']);

    // As text: the problem says overdue and points below; the runbook follows, each command after `$`.
    const t = await runAgainst(off, HOME, ['check']);
    const lines = t.out.split('\n');
    const at = lines.findIndex((l) => l.startsWith('optimism-relay: jammed'));
    expect(lines[at]).toMatch(/Overdue: v1\.8's nonce-health job should have filled it by \d\d:\d\d:\d\d .* No API call fills it: the runbook is in the lines below/);
    expect(lines[at + 1]).toBe(`optimism-relay: runbook — no API call fills nonce ${jam.chain_nonce} (docs/jam-runbook.md cites v1.8 for each step):`);
    expect(lines).toContain(`     $ ${by.get('set_counter')!.command}`);
    expect(t.err).toMatch(/optimism-relay \(no transaction at its nonce, overdue, 2 waiting\)/);

    // The filler on, the same five minutes: v1.8's job filled the gap with its NOOP, and nothing is overdue.
    const on = await caughtUp({ gapFiller: true });
    const o = JSON.parse((await runAgainst(on, HOME, ['check', '--json'])).out) as { relayers: RelayerJson[] };
    expect(o.relayers.find((x) => x.relayer === 'optimism-relay')).toMatchObject({ jam: null, runbook: null });
  }, 60_000);
});

describe('a server that answers not ready (GET /api/v1/ready 503)', () => {
  it('check says it once, in plain words; a cancel warns before anything is asked or sent', async () => {
    const s = await startSandbox({ flavor: 'real', ready: 'unhealthy' });
    open.push(s);
    s.clock.step(1);
    const c = await runAgainst(s, HOME, ['check']);
    expect(c.code, c.err).toBe(12);
    expect(c.out.split('\n')[0]).toMatch(/^server not ready: it answers 503, and what is sent to it may not be processed until it recovers: Redis primary pool: /);
    expect(c.out.match(/not ready/g)).toHaveLength(1);
    expect(c.err).toMatch(/^relayer-tui check: server not ready \(503\); \d+ of 15 relayers need attention; 3 jammed: /);
    // No terminal to review on: what --yes would send over is said (the readiness first), nothing is sent.
    const x = await runAgainst(s, HOME, ['cancel', 'holesky-test', '1b89699f-e832-4322-a4d9-1284f878c1cc']);
    expect(x.err.split('\n')[0]).toBe('relayer-tui cancel: warning: the server answers not ready (503): this may not be processed until it recovers');
    expect(x.err).toMatch(/not sent: no terminal to review it on/);
    expect(s.requests.some((q) => q.method === 'DELETE')).toBe(false);
    // Ready again: no such warning.
    s.setReady('healthy');
    const y = await runAgainst(s, HOME, ['cancel', 'holesky-test', '1b89699f-e832-4322-a4d9-1284f878c1cc']);
    expect(y.err).not.toMatch(/not ready/);
  }, 60_000);
});
