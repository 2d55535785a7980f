/**
 * Issue 54's "done when", in the TUI: the built CLI in a pty against the sandbox's real flavour at
 * --time-scale 6 (this process's: its clock stopped and stepped a simulated minute at a time, the CLI's
 * clock following it through sandboxClock.mjs's file), r read at each step: the first screen's line
 * names, with its figure, the coming cap jam (arbitrum-payouts' price climb, from 15 simulated minutes:
 * said before its row reads jammed), the failing RPC (linea-idle, from 20) and the draining balance
 * (sepolia-main: STATE `soon`, BALANCE with its runway) before its sends fail for its balance (40) — at
 * 200 columns, where the line has room for all three and their read time (at 80 it counts them: `3 heading for trouble`,
 * each row marked) — and then, at 80x24, the detail draws both sparklines. The lead times are printed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, disposeAll, releaseCli, tableRows, Tui } from './pty.js';

const SCALE = 6;
/** A simulated minute at --time-scale 6: the scenarios' times are divided by the scale, the clock runs at one second a second. */
const SIM_MINUTE = 60_000 / SCALE;

let sb: Sandbox;
beforeAll(async () => {
  assertBuilt();
  sb = await startSandbox({ flavor: 'real', timeScale: SCALE });
  sb.clock.stop();
});
afterAll(async () => {
  await disposeAll();
  await sb.close();
  await releaseCli();
});

/**
 * How many of the relayer's sends failed for its balance: v1.8's words at prepare for its minimum
 * ("… with an enforced minimum balance of …"), or for a balance short of the send ("Insufficient
 * balance: …": at --time-scale 6 the draining scenario's payouts are refused so, its balance held over
 * its minimum — the sandbox's, noted in the report).
 */
async function balanceFailures(id: string): Promise<number> {
  const r = await fetch(`${sb.url}/api/v1/relayers/${id}/transactions?status=failed&per_page=100`, { headers: { authorization: `Bearer ${sb.token}` } });
  const page = (await r.json()) as { data: { status_reason: string | null }[] };
  return page.data.filter((t) => /with an enforced minimum balance of|^Insufficient balance: /.test(t.status_reason ?? '')).length;
}

describe('forecasts on the first screen at 80x24 (e2e)', () => {
  it('the failing RPC and the draining balance said before each stop; the detail draws both sparklines', async () => {
    const clockFile = join(mkdtempSync(join(tmpdir(), 'relayer-tui-forecast-clock-')), 'skew');
    const follow = () => writeFileSync(clockFile, String(sb.clock.now() - Date.now()));
    follow();
    const preload = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'sandboxClock.mjs')).href;
    const tui = new Tui({ cols: 200, rows: 24, env: { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token, NODE_OPTIONS: `--import ${preload}`, SANDBOX_CLOCK_FILE: clockFile } });
    try {
      await tui.waitForText('Sepolia Main', 15_000);
      await tui.waitForRawMode();
      await tui.waitForScreen((s) => !/reading…/.test(s.join('\n')), 15_000, 'the first diagnosis');
      const row = (s: string[], name: string) => tableRows(s, /^\s+STATE\s+NAME/).find((r) => r.includes(name)) ?? '';
      let rpcSaid: number | undefined;
      let runwaySaid: number | undefined;
      let stop: number | undefined;
      let rpcFails: number | undefined;
      let capSaid: number | undefined;
      let capJam: number | undefined;
      const failedBefore = await balanceFailures('sepolia-main');
      for (let minute = 0; minute <= 70 && stop === undefined; minute++) {
        if (minute) {
          sb.clock.stepTime(SIM_MINUTE);
          follow();
        }
        // r: every diagnosis (and its forecasts) read again; waited for through the sandbox's log: sepolia-main's last read of its turn.
        const before = new Set(sb.requests);
        tui.press('r');
        const fresh = () => sb.requests.filter((q) => !before.has(q));
        // Read, and the sandbox then quiet (no relayer's read of this round still on its way: one still pending is skipped by the next r):
        // 120 ms; 300 from linea-idle's failing RPC until the line names it (the CLI asks a read answered 500 again after ~250 ms,
        // then ~500 ms: its read is waited for, its retries in the sandbox's log).
        const failing = sb.clock.now() - sb.clock.startMs >= (20 * 60_000) / SCALE;
        const settleMs = failing && rpcSaid === undefined ? 300 : 120;
        let last = sb.requests.at(-1);
        let lastAt = performance.now();
        await expect
          .poll(
            () => {
              if (sb.requests.at(-1) !== last) [last, lastAt] = [sb.requests.at(-1), performance.now()];
              // (Or the round over without it, quiet 1.5 s: its read still on its way when r came is skipped by r, and said at the next step.)
              const quiet = performance.now() - lastAt;
              return fresh().some((q) => /\/relayers\/sepolia-main\/transactions\/?\?.*status=confirmed/.test(q.url)) ? quiet >= settleMs : fresh().length > 0 && quiet >= 1500;
            },
            { timeout: 15_000, interval: 20 },
          )
          .toBe(true)
          .catch((e: unknown) => {
            throw new Error(`minute ${minute}: ${fresh().map((q) => q.url).join(' ')}\n${tui.screen().join('\n')}`, { cause: e });
          });
        await tui.quiet(settleMs);
        const s = tui.screen();
        const line = s[1] ?? ''; if (process.env.DBG) console.log('M', minute, line);
        if (rpcFails === undefined && failing) rpcFails = minute;
        const ahead = /heading for trouble(?: as of [\d:]+| \(read [\d:–]+\))?: (.*)$/.exec(line)?.[1] ?? '';
        if (rpcSaid === undefined && /\blinea-idle\b/.test(ahead)) rpcSaid = minute;
        if (capSaid === undefined && /\barbitrum-payouts \(cap \d+ %/.test(ahead)) capSaid = minute;
        if (capJam === undefined && /^[› ][ *]jammed\s/.test(row(s, 'Arbitrum Payouts'))) capJam = minute;
        if (runwaySaid === undefined && /^[› ][ *]soon\s.*~\d+[smh]\s/.test(row(s, 'Sepolia Main')) && /\bsepolia-main\b/.test(ahead)) runwaySaid = minute;
        if ((await balanceFailures('sepolia-main')) > failedBefore) stop = minute;
      }
      console.log(`forecasts in the TUI at 200 columns (--time-scale ${SCALE}, simulated minutes): arbitrum-payouts' cap said from ${capSaid}, its row jammed at ${capJam}: ${capJam! - capSaid!} ahead; linea-idle's RPC fails from ${rpcFails}, said from ${rpcSaid}; sepolia-main's runway said from ${runwaySaid}, its sends failing for its balance at ${stop}: ${stop! - runwaySaid!} simulated minutes ahead`);
      expect(capSaid, 'the coming cap jam said on the first screen').toBeDefined();
      expect(capJam, "arbitrum-payouts jammed at its cap").toBeDefined();
      expect(capJam! - capSaid!).toBeGreaterThanOrEqual(5);
      expect(rpcSaid, 'the failing RPC said on the first screen').toBeDefined();
      // Within a few reads of its first failure (the CLI retries a failed read with backoff: a round of r may find linea-idle's read still on its way);
      // the stop it forecasts (v1.8's disable) comes at the server's next start.
      expect(rpcSaid!).toBeGreaterThanOrEqual(rpcFails!);
      expect(rpcSaid!).toBeLessThanOrEqual(rpcFails! + 3);
      expect(runwaySaid, "sepolia-main's runway said on the first screen").toBeDefined();
      expect(stop, 'its sends failing for its balance').toBeDefined();
      expect(stop! - runwaySaid!).toBeGreaterThanOrEqual(5);
      // The detail at 80x24: both sparklines on its first page, each over the reads of the session.
      tui.resize(80, 24);
      tui.press('/');
      tui.press('sepolia-main');
      tui.press('\r');
      await tui.waitForScreen((s) => /^›/.test(tableRows(s, /^\s+STATE\s+NAME/)[0] ?? ''), 5_000, 'the filter');
      tui.press('i');
      const d = await tui.waitForScreen((s) => s.some((l) => l.startsWith('price vs cap')) && s.some((l) => l.startsWith('balance vs minimum')), 10_000, 'the sparklines');
      expect(d.find((l) => l.startsWith('price vs cap'))).toMatch(/^price vs cap\s+[▁▂▃▄▅▆▇█]{10,} \d/);
      expect(d.find((l) => l.startsWith('balance vs minimum'))).toMatch(/^balance vs minimum\s+[▁▂▃▄▅▆▇█]{10,} \d/);
    } finally {
      await tui.dispose();
    }
  }, 240_000);
});
