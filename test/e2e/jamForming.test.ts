/**
 * `jam_forming` (issue 54.1) on the sandbox's real flavour, its clock stepped, never slept; the built CLI
 * on the sandbox's clock (onSandboxClock):
 * - the seeded relayers at the start and over 30 simulated minutes (10 s steps for the first 3, then a
 *   minute a step): it fires on none — the seeded jams (holesky-test, avalanche-bridge, optimism-relay)
 *   are jams from their first read (their rules already met), and the healthy relayers' transactions are
 *   mined within blocks;
 * - a jam that forms: the network's price held over what bsc-treasury's transaction at the chain's nonce
 *   offers (the sandbox's spike, as `--gas-spike` at the start): said (underpriced, exit 17 while only it
 *   stands, the fix as commands) before the jam rules call it `underpriced`, the lead time printed;
 * - `fleet --check` on two deployments (one relayer each), one forming a jam: a line per forecast after
 *   the problems, exit 17, its JSON's `forecasts`; `--forecast off`: 0.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { cliWithSandbox, onSandboxClock, runAgainst } from './run.js';

const cli = cliWithSandbox('relayer-tui-forming-');

interface CheckJson {
  relayers: { relayer: string; jam: { cause: string } | null; forecasts: Record<string, unknown>[] }[];
}
const check = async (sb: Sandbox, args: string[]) => runAgainst(sb, cli.home, ['check', ...args], onSandboxClock(sb));
const json = async (sb: Sandbox, args: string[] = []) => JSON.parse((await check(sb, [...args, '--json'])).out) as CheckJson;

/** The healthy relayers (as test/e2e/runway.test.ts lists them): active, busy, no scenario or seeded jam of their own (arbitrum-payouts' price climbs from 15 minutes). */
const HEALTHY = ['bsc-treasury', 'bulk-1m'];

describe('relayer-tui check: jam_forming on the sandbox', () => {
  it('the seeded relayers over 30 simulated minutes: no jam forming on any (the seeded jams are jams from the start; the healthy relayers mine within blocks)', async () => {
    const sb = cli.sandbox();
    sb.clock.stop();
    // linea-idle's RPC is left working (its failure, from 20 minutes, is rpcFailing.test.ts's): every
    // check after it would wait out the CLI's retries of its 500s in wall time, and it is diagnosed here.
    sb.setRpcFailing(false);
    let s = 0;
    const seen: string[] = [];
    for (const step of [0, ...Array<number>(18).fill(10), ...Array<number>(27).fill(60)]) {
      if (step) sb.clock.stepTime(step * 1000);
      s += step;
      const j = await json(sb);
      const by = new Map(j.relayers.map((r) => [r.relayer, r]));
      for (const id of HEALTHY) expect(by.get(id)?.jam ?? null, `${id} at ${s} s`).toBeNull();
      // arbitrum-payouts' climb (a scenario's: its jam at the cap forms as its price passes what it sent) aside.
      seen.push(...j.relayers.filter((r) => r.relayer !== 'arbitrum-payouts' && r.forecasts.some((f) => f.kind === 'jam_forming')).map((r) => `${r.relayer} at ${s} s`));
    }
    expect(s).toBe(30 * 60);
    expect(seen).toEqual([]);
  }, 240_000);

  it('bsc-treasury under a price spike: the jam forming said before the jam rules call it one (lead time printed); exit 17 while only it stands; --forecast off: 0', async () => {
    const sb = await startSandbox({ flavor: 'real' });
    try {
      sb.clock.stepTime(120_000);
      // The network's price held at 10 gwei (BSC asks ~2): what bsc-treasury broadcast before is priced under it.
      sb.chain!.spike('bsc', 10);
      let first: number | undefined;
      let jammed: number | undefined;
      for (let s = 0; s <= 300 && jammed === undefined; s += 10) {
        if (s) sb.clock.stepTime(10_000);
        const r = await check(sb, ['bsc-treasury']);
        if (/: jammed /.test(r.out)) {
          jammed = s;
          expect(r.out).toMatch(/^bsc-treasury: jammed \S+ \(blocker created \S+\) at nonce \d+ — tx \S+ offers [\d.]+ gwei, under the network's 10 gwei;/m);
          // A jam stands: no forecast of it.
          expect(r.out).not.toMatch(/a jam forming/);
          expect(r.code).toBe(12);
        } else if (/a jam forming/.test(r.out)) {
          if (first === undefined) {
            first = s;
            expect(r.code, r.err).toBe(17);
            expect(r.out).toMatch(/^bsc-treasury: a jam forming: nonce (\d+) \(\S+, submitted, \w+\) not mined after \d+s — it offers [\d.]+ gwei, the network asks 10 gwei: the chain will not take it before v1\.8 re-prices it at \S+, in \S+ at the earliest \(later if it was re-priced before: how often is not served\); the jam rules call it a jam at \S+, in \S+; bump it \(relayer-tui replace bsc-treasury (\S+) --speed fastest\) or cancel it \(relayer-tui cancel bsc-treasury \2\) before; one reading: the price may fall back under its offer$/m);
            // (The spike is also a trend toward its cap: cap_headroom beside it.)
            expect(r.err).toMatch(/; 1 heading for trouble: bsc-treasury \((?:cap \d+ %(?:, at it in ~\S+)?, )?jam forming \(underpriced\)\)\n$/);
            const f = (await json(sb, ['bsc-treasury'])).relayers[0]!.forecasts.filter((x) => x.kind === 'jam_forming');
            expect(f).toEqual([expect.objectContaining({ kind: 'jam_forming', signal: 'underpriced', tx_status: 'submitted', network_price_wei: '10000000000', next_reprice_is_earliest: true, jam_at: expect.any(String) })]);
            expect(BigInt(f[0]!.offered_wei as string)).toBeLessThan(10_000_000_000n);
            const off = await check(sb, ['bsc-treasury', '--forecast', 'off']);
            expect(off.code, off.err).toBe(0);
          }
        } else expect(r.code, `${s} s: ${r.out}${r.err}`).toBe(0);
      }
      expect(first, 'a jam forming said').toBeDefined();
      expect(jammed, 'the jam rules met').toBeDefined();
      const lead = jammed! - first!;
      console.log(`jam_forming lead time (bsc-treasury, its network's price spiked to 10 gwei): first said ${first} s after the spike, the jam rules met at ${jammed} s: ${lead} simulated seconds ahead (the rules call a broadcast blocker a jam at 90 s)`);
      expect(lead).toBeGreaterThanOrEqual(30);
    } finally {
      await sb.close();
    }
  }, 180_000);
});

describe('relayer-tui fleet --check: forecasts', () => {
  it('two deployments, one forming a jam: its forecast line after the problems, exit 17, in its JSON; --forecast off: 0', async () => {
    // One relayer each (the seeds cycled from the first: sepolia-main; no traffic in a deployment of a profile).
    const [a, b] = await Promise.all([startSandbox({ flavor: 'real', profile: { relayers: 1 } }), startSandbox({ flavor: 'real', profile: { relayers: 1 } })]);
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-forming-fleet-'));
    try {
      writeFileSync(join(dir, 'config.yaml'), `current_context: east\ncontexts:\n  east:\n    url: ${a.url}\n    token_env: KEY_A\n  west:\n    url: ${b.url}\n    token_env: KEY_B\nfleets:\n  both: [east, west]\n`);
      chmodSync(join(dir, 'config.yaml'), 0o600);
      const fleet = (args: string[]) => runAgainst(a, cli.home, ['fleet', 'both', ...args], { ...onSandboxClock(a), RELAYER_TUI_CONFIG_DIR: dir, XDG_STATE_HOME: join(dir, 'state'), KEY_A: a.token, KEY_B: b.token });
      for (const sb of [a, b]) sb.clock.stepTime(120_000);
      const calm = await fleet(['--check']);
      expect(calm.code, calm.out + calm.err).toBe(0);
      expect(calm.out).toBe('');
      // West's sepolia-main sends (a deployment of one relayer has no traffic of its own): broadcast at the
      // next block, priced for the network as it is; then its network asks 30 gwei (30 % of its 100 gwei
      // cap: no cap_headroom), and what it broadcast waits.
      const auth = { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' };
      const to = ((await (await fetch(`${b.url}/api/v1/relayers/sepolia-main`, { headers: auth })).json()) as { data: { policies: { whitelist_receivers: string[] } } }).data.policies.whitelist_receivers[0];
      const sent = await fetch(`${b.url}/api/v1/relayers/sepolia-main/transactions`, { method: 'POST', headers: auth, body: JSON.stringify({ to, value: 1, gas_limit: 21000, speed: 'fast' }) });
      expect(sent.status, await sent.clone().text()).toBe(200);
      for (const sb of [a, b]) sb.clock.step(1);
      b.chain!.spike('sepolia', 30);
      for (const sb of [a, b]) sb.clock.stepTime(10_000);
      const r = await fleet(['--check']);
      expect(r.code, r.out + r.err).toBe(17);
      // (The spike is also a trend toward its cap: its cap_headroom line first, then the jam forming.)
      expect(r.out).toMatch(/^west\/sepolia-main: heading for a jam at its cap: /);
      expect(r.out).toMatch(/^west\/sepolia-main: a jam forming: nonce \d+ \(\S+, submitted, \w+\) not mined after \d+s — it offers [\d.]+ gwei, the network asks 30 gwei: .*; bump it \(relayer-tui --context west replace sepolia-main \S+ --speed fastest\) or cancel it \(relayer-tui --context west cancel sepolia-main \S+\) before; /m);
      expect(r.out.trimEnd().split('\n')).toHaveLength(2);
      // How many, in which context, for which stop (core/fleet/ahead.ts: the TUI's :fleet says the same).
      expect(r.err).toMatch(/^relayer-tui fleet: 2 contexts · 2 relayers · nothing needs attention · 1 heading for trouble \(west: 1 for a jam at its cap, 1 for a jam forming\)\n$/);
      const j = JSON.parse((await fleet(['--check', '--json'])).out) as { relayers: { context: string; relayer: string; needs_attention: boolean; forecasts: Record<string, unknown>[] }[]; forecasts: string[]; problems: string[] };
      expect(j.problems).toEqual([]);
      expect(j.forecasts).toEqual([expect.stringMatching(/^west\/sepolia-main: heading for a jam at its cap: /), expect.stringMatching(/^west\/sepolia-main: a jam forming: /)]);
      const west = j.relayers.find((x) => x.context === 'west')!;
      expect(west.needs_attention).toBe(false);
      expect(west.forecasts).toEqual([expect.objectContaining({ kind: 'cap_headroom' }), expect.objectContaining({ kind: 'jam_forming', signal: 'underpriced', network_price_wei: '30000000000' })]);
      expect(j.relayers.find((x) => x.context === 'east')!.forecasts).toEqual([]);
      const off = await fleet(['--check', '--forecast', 'off']);
      expect(off.code, off.out + off.err).toBe(0);
      expect(off.out).toBe('');
      expect((await fleet(['--check', '--forecast', 'maybe'])).code).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 120_000);
});
