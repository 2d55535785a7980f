/**
 * The TUI's :fleet says what each relayer is heading for (issue 54.2: the fleet and `fleet --check`), read
 * as `relayer-tui fleet` reads it (core/fleet/fleet.ts `forecasts: true`) — against the sandbox's real
 * flavour over loopback, its clock stopped and stepped (never slept), the app's clock the sandbox's:
 * arbitrum-payouts, its network's price climbing toward its cap from 15 simulated minutes, says STATE
 * `soon` and its cap's mark, sorted after today's trouble, and the summary names the context and the
 * stop; bsc-treasury (healthy) says none. Read again with only the app's clock moved (each forecast's
 * read time differs, nothing shown does), no row is marked changed.
 */
import { afterEach, expect, it } from 'vitest';
import { createRelayerClient } from '../../src/api/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { renderApp, type Harness } from './helpers.js';
import { frameLines, statusLine, tableRows } from './support.js';
import { clock } from '../../src/core/time.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

/** A fleet row by its relayer's id, with its changed mark (`*`) and without the cursor. */
const fleetRow = (f: string, id: string) => frameLines(f).find((l) => /^[› ][ *]\S/.test(l) && l.includes(` ${id} `)) ?? '';

it("the fleet: arbitrum-payouts heading for its cap says soon and its mark, the summary names where and for what; bsc-treasury none; read again alike, nothing marked", async () => {
  let sb: Sandbox | undefined;
  // The app's clock: the sandbox's, and `ahead` more (moved alone to read again at a later time with nothing else changed).
  let ahead = 0;
  h = await renderApp({
    sandbox: { flavor: 'real' },
    columns: 200,
    rows: 40,
    services: {
      now: () => (sb?.clock.now() ?? Date.now()) + ahead,
      // One context, the sandbox, as a config file's fleet opens it (config/fleetSources.ts).
      openFleet: () => ({ title: 'sandbox', sources: [{ name: 'sandbox', url: sb!.url, open: async () => ({ client: createRelayerClient({ baseUrl: sb!.url, token: sb!.token, timeoutMs: 10_000, maxRetries: 0 }), timeoutMs: 10_000 }) }] }),
    },
  });
  sb = h.sandbox;
  sb.clock.stop();
  await h.waitFor((f) => f.includes('Arbitrum Payouts'), 'the relayers');
  // 18 simulated minutes: arbitrum-payouts' network climbs toward its 100 gwei cap from 15 (70 % of it at 18, at it at 25).
  sb.clock.stepTime(18 * 60_000);
  await h.press('F');
  const done = (f: string) => /^\S.* · 1 heading for trouble/m.test(f) && !/still loading|reading…|checking…/.test(f);
  const f = await h.waitFor(done, 'the fleet read, its forecasts with it');
  const summary = frameLines(f).find((l) => /heading for trouble/.test(l)) ?? '';
  // (Its balance's runway too, at the spend of its traffic over those minutes: the same relayer, counted under each stop.)
  expect(summary).toMatch(/ · 1 heading for trouble \(sandbox: 1 for a jam at its cap(, 1 for its minimum balance)?\)$/);
  const cap = fleetRow(f, 'arbitrum-payouts');
  expect(cap).toMatch(/ arbitrum-payouts +soon +ahead: cap \d+ %(, at it in ~\d+m)?\b/);
  expect(fleetRow(f, 'bsc-treasury')).toMatch(/ bsc-treasury +ok /);
  expect(fleetRow(f, 'bsc-treasury')).not.toMatch(/soon|ahead|not known/);
  // After today's trouble (the jammed, the disabled, the paused), before the rows that are ok.
  const rows = tableRows(f);
  const at = rows.findIndex((r) => r.includes(' arbitrum-payouts '));
  expect(rows.slice(0, at).some((r) => / ok /.test(r)), rows.join('\n')).toBe(false);
  expect(rows.slice(at + 1).every((r) => / (ok|soon) /.test(r)), rows.join('\n')).toBe(true);

  // Read again a second later by the app's clock, the sandbox's standing: every forecast's read time moves, nothing shown does.
  ahead = 1_000;
  await h.press('r');
  // Over when the bar says the context's read ended at the app's new time (the fleet's time: its oldest context's read).
  const again = await h.waitFor((x) => statusLine(x).includes(` ${clock(sb!.clock.now() + ahead)} `) && done(x), 'read again');
  expect(frameLines(again).filter((l) => /^[› ]\*/.test(l))).toEqual([]);
  expect(statusLine(again)).toMatch(/refreshed \d\d:\d\d:\d\d, unchanged/);
  expect(fleetRow(again, 'arbitrum-payouts')).toMatch(/ soon +ahead: cap /);
}, 60_000);
