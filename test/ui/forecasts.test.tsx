/**
 * Forecasts in the TUI (issue 54.2), the same as check's (one path: core/forecast/relayerRead.ts),
 * against the sandbox's real flavour over loopback, its clock stepped (never slept) and the app's clock
 * the sandbox's: the draining relayer's runway in the list (STATE `soon`, BALANCE with its runway), the
 * first screen's line and the detail, with the figure `check --json` gives at the same sandbox time;
 * the failing RPC's forecast with the node's error text; no forecast on the healthy relayers; the
 * detail's two sparklines at 80 columns; the line's row there from the first frame (j moves one row).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { cursorRow, frameLines, headLine, relayerRow, relayerState, tableRows } from './support.js';
import { onSandboxClock, runAgainst } from '../e2e/run.js';
import { assertBuilt } from '../e2e/pty.js';
import { cellWidth } from '../../src/core/text/cells.js';
import { ageMs } from '../../src/core/time.js';
import type { Sandbox } from '../../src/sandbox/index.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});
const flat = (s: string) => s.replace(/\n\s*/g, ' ');
/** The healthy relayers (test/e2e/runway.test.ts): active, busy, no scenario or seeded jam of their own. */
const HEALTHY = ['arbitrum-payouts', 'bsc-treasury', 'bulk-1m'];

/** The app on the sandbox's clock: what it ages and forecasts is aged on the sandbox's time, as check's (onSandboxClock). */
async function render(columns: number, rows: number, o: { forecast?: boolean } = {}): Promise<Harness> {
  let sb: Sandbox | undefined;
  const app = await renderApp({ sandbox: { flavor: 'real' }, columns, rows, services: { now: () => sb?.clock.now() ?? Date.now(), ...o } });
  sb = app.sandbox;
  return app;
}

/** The sandbox's clock moved on, and every diagnosis (and its forecasts) read again (r), until `done`. */
async function stepAndRead(x: Harness, ms: number, done: (f: string) => boolean, what: string): Promise<string> {
  x.sandbox.clock.stepTime(ms);
  await x.press('r');
  return x.waitFor((f) => done(f) && !/being diagnosed|reading…/.test(f), what);
}

async function openDetail(x: Harness, id: string): Promise<string> {
  await x.press('/', ...id, '\r');
  await x.waitFor((f) => cursorRow(f).includes(id), `the row of ${id}`);
  await x.press('i');
  return x.waitFor((f) => f.includes('relayer-tui › relayer ') && /^ahead\s/m.test(f), `${id}'s detail`);
}

describe('forecasts in the TUI', () => {
  it("the draining relayer: its runway in STATE, BALANCE, the first screen's line and the detail — check --json's figure at the same sandbox time; none on the healthy relayers", async () => {
    assertBuilt();
    h = await render(700, 40);
    const sb = h.sandbox;
    sb.clock.stop();
    // At the start: nothing heading for trouble, no row `soon`.
    const start = await h.waitFor((f) => /^3 jammed /.test(headLine(f)) && !/being diagnosed/.test(f), 'the first diagnosis');
    expect(headLine(start)).not.toMatch(/heading for trouble/);
    expect(tableRows(start).filter((r) => r.startsWith('soon'))).toEqual([]);
    // 27 simulated minutes: sepolia-main's payouts began at 25 (its runway said from 26 by check: test/e2e/runway.test.ts).
    const f = await stepAndRead(h, 27 * 60_000, (x) => /sepolia-main \(runway ~\d+[smh]\)/.test(headLine(x)), 'the runway in the line');
    const tui = /sepolia-main \(runway ~(\d+[smh])\)/.exec(headLine(f))![1]!;
    // check --json at the same moment of the sandbox's clock: the same figure.
    const home = mkdtempSync(join(tmpdir(), 'relayer-tui-forecasts-'));
    const j = JSON.parse((await runAgainst(sb, home, ['check', 'sepolia-main', '--json'], onSandboxClock(sb))).out) as { relayers: { forecasts: { kind: string; runway_seconds: number }[] }[] };
    const runway = j.relayers[0]!.forecasts.find((x) => x.kind === 'balance_runway');
    expect(runway, 'check forecasts the runway').toBeDefined();
    expect(tui).toBe(ageMs(runway!.runway_seconds * 1000));
    // With when it was read (a time-to-go dates).
    expect(headLine(f)).toMatch(/\d+ heading for trouble (?:as of \d\d:\d\d:\d\d|\(read [\d:–]+\)): .*sepolia-main \(runway ~\d+[smh]\)/);
    // The row: STATE soon (nothing of today's holds), BALANCE with the runway.
    expect(relayerState(f, 'sepolia-main')).toBe('soon');
    expect(relayerRow(f, 'sepolia-main')).toMatch(new RegExp(`ETH ~${tui}\\b`));
    // The healthy relayers: active, not named in the line.
    for (const id of HEALTHY) {
      expect(relayerState(f, id), id).toBe('active');
      expect(headLine(f)).not.toContain(id);
    }
    // The detail: the forecast with its figures, its fix and its read time — the same runway.
    const d = flat(await openDetail(h, 'sepolia-main'));
    expect(d).toMatch(new RegExp(`heading for its minimum: reaches 0\\.005 ETH in ~${tui} at the spend of the last \\S+ \\(what its transactions read cover\\) \\(\\d+ transactions, an upper bound: .* fund its address 0x[0-9a-f]{40} before \\(read at \\d\\d:\\d\\d:\\d\\d\\)`));
    expect(d).toMatch(/state\s+soon\b/);
  }, 60_000);

  it('--forecast off: no forecast read or said where the runway and the failing RPC would be — the diagnosis alone, as before forecasts', async () => {
    h = await render(700, 40, { forecast: false });
    const sb = h.sandbox;
    sb.clock.stop();
    await h.waitFor((f) => /^3 jammed /.test(headLine(f)) && !/being diagnosed/.test(f), 'the first diagnosis');
    // Past sepolia-main's runway (27) and linea-idle's failing RPC (20): read again.
    sb.clock.stepTime(27 * 60_000);
    const asked = sb.requests.length;
    await h.press('r');
    await h.waitFor(() => sb.requests.slice(asked).some((q) => /\/relayers\/sepolia-main\/rpc/.test(q.url)) && !/being diagnosed|reading…/.test(h!.frame()), 'the diagnoses read again');
    const f = h.frame();
    expect(headLine(f)).not.toMatch(/heading for trouble/);
    expect(tableRows(f).filter((r) => r.startsWith('soon'))).toEqual([]);
    // None of the forecasts' own reads: no trend, no page of confirmed transactions.
    expect(sb.rpcCalls.filter((c) => c.method === 'eth_feeHistory')).toEqual([]);
    expect(sb.requests.filter((q) => /status=confirmed/.test(q.url)).map((q) => q.url)).toEqual([]);
  }, 60_000);

  it("the failing RPC: the forecast with the node's error text in the line and the detail; its runway and headroom not known, said why", async () => {
    h = await render(700, 40);
    const sb = h.sandbox;
    sb.clock.stop();
    await h.waitFor((f) => /^3 jammed /.test(headLine(f)) && !/being diagnosed/.test(f), 'the first diagnosis');
    expect(headLine(h.frame())).not.toMatch(/linea-idle \(RPC failing\)/);
    // linea-idle's RPC fails from 20 simulated minutes.
    const f = await stepAndRead(h, 20 * 60_000, (x) => /linea-idle \(RPC failing\)/.test(headLine(x)), 'the failing RPC in the line');
    expect(headLine(f)).toMatch(/heading for trouble (?:as of \d\d:\d\d:\d\d|\(read [\d:–]+\)): .*linea-idle \(RPC failing\)/);
    const d = flat(await openDetail(h, 'linea-idle'));
    expect(d).toContain(`its RPC is failing: its /rpc answered this read with the node's failure "Internal error: Network error occurred. Please try again later" (JSON-RPC -32603)`);
    expect(d).toMatch(/fix its RPC before \(p: its RPC URLs\); one read: a passing fault of the node is not told apart \(read at \d\d:\d\d:\d\d\)/);
    expect(d).toMatch(/the balance's runway: not known, because its RPC is failing \(read at \d\d:\d\d:\d\d\): its balance is read through it/);
  }, 60_000);

  it('the detail at 80 columns: the two sparklines over the reads of the session, each row within 80 cells', async () => {
    h = await render(80, 24);
    const sb = h.sandbox;
    sb.clock.stop();
    await h.waitFor((f) => tableRows(f).length > 0 && !/reading…/.test(f), 'the first diagnosis');
    // From 24 simulated minutes (the payouts from 25), a read a minute (r in the detail reads its diagnosis again).
    sb.clock.stepTime(24 * 60_000);
    let d = await openDetail(h, 'sepolia-main');
    const reads = (f: string) => Number(/(\d+) reads? (?:at )?\d\d:\d\d:\d\d/.exec(flat(f))?.[1] ?? 0);
    for (let n = reads(d); n < 5; ) {
      sb.clock.stepTime(60_000);
      await h.press('r');
      d = await h.waitFor((f) => reads(f) > n, `read ${n + 1}`);
      n = reads(d);
    }
    const lines = frameLines(d);
    for (const l of lines) expect(cellWidth(l), l).toBeLessThanOrEqual(80);
    expect(lines.length).toBeLessThanOrEqual(24);
    // Both on the first page: the price against its cap, the balance against its minimum, a block a read.
    const price = lines.find((l) => l.startsWith('price vs cap'));
    const balance = lines.find((l) => l.startsWith('balance vs minimum'));
    expect(price, d).toMatch(/^price vs cap\s+[▁▂▃▄▅▆▇█]{5,} \d/);
    expect(balance, d).toMatch(/^balance vs minimum\s+[▁▂▃▄▅▆▇█]{5,} \d/);
    // The balance falls with the payouts: its last block lower than its first.
    const blocks = /[▁▂▃▄▅▆▇█]{5,}/.exec(balance!)![0]!;
    expect('▁▂▃▄▅▆▇█'.indexOf(blocks.at(-1)!)).toBeLessThan('▁▂▃▄▅▆▇█'.indexOf(blocks[0]!));
  }, 60_000);

  it("the line's row is there from the first frame: j moves one row, and the forecasts coming move no row", async () => {
    h = await render(120, 30);
    const sb = h.sandbox;
    sb.clock.stop();
    const first = await h.waitFor((f) => tableRows(f).length > 2, 'the first rows');
    const nameOf = (row: string) => /\s([a-z][a-z0-9]*-[a-z0-9-]+)\s/.exec(row)?.[1] ?? row;
    const second = nameOf(tableRows(first)[1]!);
    const top = frameLines(first).findIndex((l) => /^›[ *]/.test(l));
    await h.press('j');
    const moved = await h.waitFor((f) => nameOf(cursorRow(f)) === second, 'the cursor one row down');
    expect(frameLines(moved).findIndex((l) => /^›[ *]/.test(l))).toBe(top + 1);
    // The forecasts come (the runway of sepolia-main, the failing RPC of linea-idle): the cursor's row stays where it was.
    const later = await stepAndRead(h, 27 * 60_000, (f) => /heading for trouble/.test(headLine(f)), 'the forecasts in the line');
    expect(nameOf(cursorRow(later))).toBe(second);
    expect(frameLines(later).findIndex((l) => /^›[ *]/.test(l))).toBe(top + 1);
  }, 60_000);
});
