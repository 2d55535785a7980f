/**
 * `balance_runway` in `relayer-tui check` (issue 54.1, 54.3, 54.5) on the sandbox's real flavour, its
 * clock stepped, never slept; the built CLI on the sandbox's clock (onSandboxClock):
 * - 30 simulated minutes of traffic: no forecast on the healthy relayers (their seeded history and
 *   traffic are a spend their balances hold for a day: sandbox/spend.ts);
 * - the draining relayer (sepolia-main, sandbox/draining.ts: its payouts from 25 minutes take it to its
 *   minimum at 40): the first read that forecasts its runway, and the read at which its sends fail at
 *   its minimum, at least 5 simulated minutes apart (the lead time, printed);
 * - while only that forecast stands, check exits 17 and names the fix (fund its address); --forecast off: 0.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { cliWithSandbox, onSandboxClock, runAgainst } from './run.js';

const cli = cliWithSandbox('relayer-tui-runway-');

interface CheckJson {
  relayers: { relayer: string; state: string; forecasts: Record<string, unknown>[] }[];
}

const check = async (sb: Sandbox, args: string[]) => runAgainst(sb, cli.home, ['check', ...args], onSandboxClock(sb));
const json = async (sb: Sandbox, args: string[] = []) => JSON.parse((await check(sb, [...args, '--json'])).out) as CheckJson;

/** Whether a send of the relayer has failed for its minimum (v1.8's words at prepare). */
async function failedAtMinimum(sb: Sandbox, id: string): Promise<boolean> {
  const r = await fetch(`${sb.url}/api/v1/relayers/${id}/transactions?status=failed&per_page=100`, { headers: { authorization: `Bearer ${sb.token}` } });
  const page = (await r.json()) as { data: { status_reason: string | null }[] };
  return page.data.some((t) => /with an enforced minimum balance of/.test(t.status_reason ?? ''));
}

/**
 * The scenarios' relayers (draining, failing RPC, the price climbing to its cap: arbitrum-payouts from
 * 15 minutes — its spend at the climbing price is a runway too) and the seeded jams (holesky-test never
 * broadcast, avalanche-bridge at its cap, optimism-relay with no transaction at its nonce) are not the healthy ones.
 */
const SCENARIOS = new Set(['sepolia-main', 'linea-idle', 'arbitrum-payouts', 'holesky-test', 'avalanche-bridge', 'optimism-relay']);
/** The healthy relayers: active, busy (traffic or a seeded history), no scenario or seeded jam of their own. */
const HEALTHY = ['bsc-treasury', 'bulk-1m'];

describe('relayer-tui check: balance_runway on the sandbox', () => {
  it('30 simulated minutes of traffic: no forecast on any relayer but the scenarios\' (the healthy ones: bsc-treasury, bulk-1m)', async () => {
    const sb = cli.sandbox();
    sb.clock.stop();
    for (let minute = 0; minute <= 30; minute += 5) {
      if (minute) sb.clock.stepTime(5 * 60_000);
      const j = await json(sb);
      const by = new Map(j.relayers.map((r) => [r.relayer, r]));
      for (const id of HEALTHY) expect(by.get(id)?.state, `${id} at ${minute} min`).toBe('active');
      const forecast = j.relayers.filter((r) => !SCENARIOS.has(r.relayer) && r.forecasts.length > 0).map((r) => `${r.relayer}: ${r.forecasts.map((f) => f.kind).join(', ')}`);
      expect(forecast, `at ${minute} simulated minutes`).toEqual([]);
    }
  }, 120_000);

  it('the draining relayer: its runway said ≥ 5 simulated minutes before its sends fail at its minimum; exit 17 while only it stands, the fix named', async () => {
    const sb = await startSandbox({ flavor: 'real' });
    try {
      let first: number | undefined;
      let stop: number | undefined;
      for (let minute = 0; minute <= 50 && stop === undefined; minute++) {
        if (minute) sb.clock.stepTime(60_000);
        if (first === undefined) {
          const r = await check(sb, ['sepolia-main']);
          if (/heading for its minimum/.test(r.out)) {
            first = minute;
            // Only the forecast stands: exit 17, the figures and the fix as a command-line would say it.
            expect(r.code, r.err).toBe(17);
            expect(r.out).toMatch(/^sepolia-main: heading for its minimum: reaches 0\.005 ETH in ~\S+ at the spend of the last \S+ \(what its transactions read cover\) \(\d+ transactions, an upper bound: gas_limit × the price offered; so at that spend the runway is at least this, sooner if the spend rises\); then v1\.8 fails its sends; fund its address 0x[0-9a-f]{40} before$/m);
            expect(r.err).toMatch(/; 1 heading for trouble: sepolia-main \(runway ~\S+\)\n$/);
            const f = (await json(sb, ['sepolia-main'])).relayers[0]!.forecasts;
            expect(f).toEqual([expect.objectContaining({ kind: 'balance_runway', min_balance_wei: '5000000000000000', spend_is_upper_bound: true, address: expect.stringMatching(/^0x[0-9a-f]{40}$/) })]);
            const off = await check(sb, ['sepolia-main', '--forecast', 'off']);
            expect(off.code, off.err).toBe(0);
          } else expect(r.code, `${minute} min: ${r.err}`).toBe(0);
        }
        if (await failedAtMinimum(sb, 'sepolia-main')) stop = minute;
      }
      expect(first, 'a runway forecast').toBeDefined();
      expect(stop, 'its sends failing at its minimum').toBeDefined();
      const lead = stop! - first!;
      console.log(`balance_runway lead time (sepolia-main, --time-scale 1): first said at ${first} min, sends failing at its minimum at ${stop} min: ${lead} simulated minutes ahead`);
      expect(lead).toBeGreaterThanOrEqual(5);
    } finally {
      await sb.close();
    }
  }, 180_000);
});
