/**
 * E2E: the terminal itself, with the built CLI in a real pseudo-terminal: resizing redraws a clean
 * frame, the first screen holds still after its first frame (no row moves under the cursor when the
 * diagnosis comes), and every way out (q, ctrl+c, SIGTERM, SIGHUP) leaves the alternate screen and
 * shows the cursor.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENTER_ALT, HIDE_CURSOR, KEY, LEAVE_ALT, SHOW_CURSOR, assertBuilt, disposeAll, releaseCli, replayFrames, selectedRow, startCli, startContractCli, statusRow, tableRows, type Tui } from './pty.js';

beforeAll(assertBuilt);
afterEach(disposeAll);
afterAll(releaseCli);

/**
 * A screen with the parts that legitimately differ between two CLIs blanked: the data age and
 * latency in the status bar, the AGE column of transactions, and the selection marker.
 */
function normalize(rows: string[]): string[] {
  return rows.map((r) => {
    if (r.startsWith('SANDBOX')) return r.replace(/ │ \d\d:\d\d:\d\d.*$/, '');
    if (/^[› ] \S/.test(r)) return ` ${r.slice(1)}`.replace(/\s+\d+[smhd]$/, '');
    return r;
  });
}

interface Scenario {
  name: string;
  /** Brings a freshly started CLI to the screen under test. */
  open: (tui: Tui) => Promise<void>;
  /** The screen under test is fully drawn. */
  ready: (rows: string[]) => boolean;
}

const relayers: Scenario = {
  name: 'the relayers table',
  open: async () => undefined,
  // The dialect known (a contract server: the line above the table says the jams cannot be diagnosed); at
  // 60x20 the window holds 14 of the 15 relayers.
  ready: (rows) => rows[0] === 'relayer-tui › relayers' && (rows[1] ?? '').startsWith('jams not diagnosed') && rows.some((r) => r.includes('Sepolia Main')) && statusRow(rows) > 0,
};

const bulk: Scenario = {
  name: 'a bulk-1m transactions page',
  open: async (tui) => {
    tui.press(':');
    await tui.waitForScreen((rows) => rows.some((r) => r.startsWith(':')), 3000, 'the command palette');
    tui.press('tx bulk-1m');
    await tui.waitForText(':tx bulk-1m', 3000);
    tui.press(KEY.enter);
    await tui.waitForScreen(bulk.ready, 5000, 'bulk-1m');
  },
  ready: (rows) =>
    rows[0]!.includes('Bulk 1M (load test) › transactions') && rows.some((r) => /^[› ] \S+\s+999999\s/.test(r)) && /page 1\//.test(rows[statusRow(rows)] ?? ''),
};

async function resizeScenario(sc: Scenario): Promise<void> {
  // Reference frames: what a CLI started at each size shows (started alongside, to save time).
  const [tui, ref80, ref60] = await Promise.all([startContractCli({ cols: 100, rows: 30 }), startContractCli({ cols: 80, rows: 24 }), startContractCli({ cols: 60, rows: 20 })]);
  await Promise.all([tui, ref80, ref60].map((t) => sc.open(t)));
  await tui.waitForScreen(sc.ready, 5000, `${sc.name} at 100x30`);
  for (const [ref, cols, rows] of [
    [ref80, 80, 24],
    [ref60, 60, 20],
  ] as const) {
    const expected = normalize(await ref.waitForScreen(sc.ready, 5000, `the reference frame at ${cols}x${rows}`));
    tui.resize(cols, rows);
    // Waits until the resized CLI shows the frame a fresh CLI shows at this size: the frame redrew
    // and nothing of the old layout is left anywhere (no old wider row, no second status bar).
    let last: string[] = [];
    try {
      await tui.waitForScreen(
        (r) => {
          last = r;
          return sc.ready(r) && JSON.stringify(normalize(r)) === JSON.stringify(expected);
        },
        5000,
        `the ${cols}x${rows} frame`,
      );
    } catch (e) {
      expect(normalize(last), `${sc.name}: ${cols}x${rows} after resize vs a fresh CLI at that size`).toEqual(expected);
      throw e;
    }
    const screen = tui.screen();
    const bar = statusRow(screen);
    expect(bar, `status bar on screen at ${cols}x${rows}`).toBeGreaterThan(0);
    expect(screen.filter((r) => r.includes('SANDBOX'))).toHaveLength(1);
    // The frame stays within rows-1 lines: the last row is empty.
    expect(bar).toBeLessThanOrEqual(rows - 2);
    expect(screen[rows - 1]).toBe('');
    for (const r of screen) expect(r.length).toBeLessThanOrEqual(cols);
  }
}

describe('terminal (e2e, built CLI in a pty)', () => {
  it('redraws a clean relayers frame when resized 100x30 → 80x24 → 60x20', () => resizeScenario(relayers));
  it('redraws a clean transactions frame (bulk-1m) when resized 100x30 → 80x24 → 60x20', () => resizeScenario(bulk));
});

/**
 * The restore contract. From the raw byte stream: after its last frame the CLI left the alternate
 * screen and showed the cursor, with nothing drawn after. Raw mode cannot be asked of the child, but
 * the pty's line discipline can be read from outside with `stty -F /dev/pts/N`: the harness reads it
 * the moment the leave sequence arrives (the CLI turns raw mode off just before writing it), and it
 * must be back to canonical input with echo.
 */
function expectRestored(tui: Tui): void {
  expect(tui.termiosAtLeave, 'termios when the CLI left the alternate screen').toEqual({ icanon: true, echo: true });
  const raw = tui.raw;
  const enter = raw.indexOf(ENTER_ALT);
  expect(enter, 'entered the alternate screen').toBeGreaterThanOrEqual(0);
  expect(raw.indexOf('SANDBOX'), 'the first frame came after entering the alternate screen').toBeGreaterThan(enter);
  const leave = raw.lastIndexOf(LEAVE_ALT);
  expect(leave, 'left the alternate screen').toBeGreaterThan(raw.lastIndexOf(ENTER_ALT));
  const show = raw.lastIndexOf(SHOW_CURSOR);
  expect(show, 'cursor shown after it was last hidden').toBeGreaterThan(raw.lastIndexOf(HIDE_CURSOR));
  const lastFrame = raw.lastIndexOf('SANDBOX'); // the status bar is in every frame
  expect(leave, 'left the alternate screen after the last frame').toBeGreaterThan(lastFrame);
  expect(show, 'showed the cursor after the last frame').toBeGreaterThan(lastFrame);
  // Nothing but cursor-show after leaving: no frame drawn into the normal screen.
  const tail = raw.slice(leave + LEAVE_ALT.length).replaceAll(SHOW_CURSOR, '');
  expect(JSON.stringify(tail), 'bytes after leaving the alternate screen').toBe('""');
}

describe('the first screen holds still after its first frame (e2e, issue 55)', () => {
  /** The relayers table's column header, with or without the status columns (BALANCE, PEND, LAST OK come after the first frame). */
  const HEADER = /^\s+STATE\s+NAME\s/;
  /** Its row, -1 where the table is not on screen. */
  const headerAt = (rows: string[]) => rows.findIndex((r) => HEADER.test(r));

  it("j right after the first frame (npm start's real flavour) selects the second relayer, and no later frame moves the table", async () => {
    // The default sandbox: its chain running, the server's dialect detected beside the first page, the jams diagnosed after the first frame.
    const tui = await startCli({ cols: 100, rows: 30 });
    const first = tui.screen();
    const h = headerAt(first);
    expect(h, first.join('\n')).toBeGreaterThan(0);
    const [one, two] = tableRows(first, HEADER).map((r) => r.slice(2).trim().split(/\s{2,}/)[1]!);
    expect(selectedRow(first)).toContain(one!);
    tui.press('j');
    await tui.waitForScreen((r) => (selectedRow(r) ?? '').includes(two!), 5000, `${two} selected`);
    // Until the diagnosis has come (every relayer shown diagnosed, their figures read) and the screen is still.
    await tui.waitForScreen((r) => r.some((l) => /^\d+ jammed /.test(l)) && !/being diagnosed|reading/.test(r.join('\n')) && r.some((l) => HEADER.test(l) && / PEND /.test(l)), 15_000, 'every relayer diagnosed');
    await tui.quiet(300);
    const last = tui.screen();
    expect(headerAt(last)).toBe(h);
    expect(last[h + 2]!.startsWith('›'), last.join('\n')).toBe(true);
    expect(selectedRow(last)).toContain(two!);
    // Every frame drawn, from the first with the table on: its header and first row where the first frame had them.
    const frames = (await replayFrames(tui.raw, 100, 30)).filter((r) => headerAt(r) >= 0);
    expect(frames.length).toBeGreaterThan(3);
    const moved = frames.map((r, i) => ({ i, at: headerAt(r), row: r[h + 1] ?? '' })).filter((f) => f.at !== h || !f.row.includes(one!));
    expect(moved, `frames where the table moved (header at row ${h}):\n${moved.map((f) => `#${f.i}: header at ${f.at}`).join('\n')}`).toEqual([]);
  }, 30_000);

  it('a server that cannot diagnose jams (the contract flavour): the line kept, saying so, and the table never moves', async () => {
    const tui = await startContractCli({ cols: 100, rows: 30 });
    const h = headerAt(tui.screen());
    // The dialect known: no row reads reading… any more.
    await tui.waitForScreen((r) => !r.join('\n').includes('reading…') && r.some((l) => /^[› ] active /.test(l)), 5000, 'the dialect known');
    await tui.quiet(200);
    const last = tui.screen();
    expect(headerAt(last), last.join('\n')).toBe(h);
    expect(last[h - 1]).toBe('jams not diagnosed: not the OpenZeppelin Relayer (no relayer status or JSON-RPC)');
    const frames = (await replayFrames(tui.raw, 100, 30)).filter((r) => headerAt(r) >= 0);
    // Before the dialect was known the line said the relayers were being read; never an all-clear, never nothing.
    const said = new Set(frames.map((r) => r[h - 1]));
    said.delete('reading the relayers… (jams, balances and readiness not known yet)');
    expect([...said]).toEqual([last[h - 1]]);
    expect(frames.filter((r) => headerAt(r) !== h)).toEqual([]);
  });
});

describe('exit paths restore the terminal (e2e)', () => {
  it('q quits with exit code 0', async () => {
    const tui = await startContractCli();
    tui.press('q');
    const exit = await tui.waitForExit();
    expect(exit.exitCode).toBe(0);
    expectRestored(tui);
  });

  it("Node's own warnings while the screen is up are kept off it and said after it is restored", async () => {
    // A preload that makes Node warn once the screen is up (when the test writes a file), as a
    // MaxListenersExceededWarning once did (printed to stderr over the frame, it scrolled the screen by
    // two lines); it writes another file once the warning is emitted.
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-warn-'));
    const preload = join(dir, 'warn.cjs');
    const [go, warned] = [join(dir, 'go'), join(dir, 'warned')];
    writeFileSync(
      preload,
      `const fs = require('node:fs');\nfs.watch(${JSON.stringify(dir)}, () => { if (fs.existsSync(${JSON.stringify(go)}) && !fs.existsSync(${JSON.stringify(warned)})) { process.emitWarning('a test warning', 'TestWarning'); setImmediate(() => fs.writeFileSync(${JSON.stringify(warned)}, '')); } }).unref();\n`,
    );
    const tui = await startContractCli({ env: { NODE_OPTIONS: `--require ${preload}` } });
    writeFileSync(go, '');
    for (let i = 0; i < 200 && !existsSync(warned); i++) await new Promise((r) => setTimeout(r, 10));
    expect(existsSync(warned)).toBe(true);
    await tui.quiet(100);
    expect(tui.raw).not.toContain('a test warning');
    tui.press('q');
    const exit = await tui.waitForExit();
    expect(exit.exitCode).toBe(0);
    const after = tui.raw.slice(tui.raw.lastIndexOf(LEAVE_ALT));
    expect(after).toContain('Node warned while the screen was up:');
    expect(after).toContain('TestWarning: a test warning');
  });

  it('ctrl+c quits with exit code 0', async () => {
    const tui = await startContractCli();
    tui.press(KEY.ctrlC);
    const exit = await tui.waitForExit();
    expect(exit.exitCode).toBe(0);
    expectRestored(tui);
  });

  it('SIGTERM: exits (143) and restores', async () => {
    const tui = await startContractCli();
    tui.kill('SIGTERM');
    const exit = await tui.waitForExit();
    // The handler ran and exited on its own (128 + 15), rather than the default action killing it.
    expect(exit).toMatchObject({ exitCode: 143 });
    expectRestored(tui);
  });

  it('SIGHUP (an SSH drop): exits (129) and restores', async () => {
    const tui = await startContractCli();
    tui.kill('SIGHUP');
    const exit = await tui.waitForExit();
    expect(exit).toMatchObject({ exitCode: 129 });
    expectRestored(tui);
  });
});
