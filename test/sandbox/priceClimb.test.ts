/**
 * The price-climb scenario (sandbox/priceClimb.ts): arbitrum-payouts' network price climbs toward its
 * gas_price_cap from 15 minutes after the start and jams it there (#808) — over loopback HTTP, the
 * clock stepped (never slept): eth_gasPrice and eth_feeHistory follow the curve block by block, what it
 * sends after the crossing waits at its cap; --price-climb moves it, off ends it; the curve's maths.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { climbPrice, parsePriceClimb } from '../../src/sandbox/priceClimb.js';
import { SANDBOX_USAGE } from '../../src/sandbox/cli.js';
import { parseSandboxArgs } from '../../src/sandbox/index.js';
import { complete } from '../../src/completion/index.js';
import { api, call, realSandboxes } from './http.js';

const GWEI = 1_000_000_000n;
const CAP = 100n * GWEI;
const MIN = 60_000;
const { sandbox, rpc } = realSandboxes('climb-token');
const price = async (sb: Sandbox, relayer = 'arbitrum-payouts') => BigInt(String(await rpc(sb, relayer, 'eth_gasPrice')));

describe('the climb curve', () => {
  it('from the price at its start to 70 % of the cap at 3 min, the cap at 10, 110 % at 11 and held', () => {
    const p0 = GWEI / 100n;
    expect(climbPrice(p0, CAP, 0)).toBe(p0);
    expect(climbPrice(p0, CAP, 3 * MIN)).toBe(70n * GWEI);
    expect(climbPrice(p0, CAP, 6.5 * MIN)).toBe(85n * GWEI);
    expect(climbPrice(p0, CAP, 10 * MIN)).toBe(CAP);
    expect(climbPrice(p0, CAP, 11 * MIN)).toBe(110n * GWEI);
    expect(climbPrice(p0, CAP, 60 * MIN)).toBe(110n * GWEI);
    // Rising all along: never a step down.
    let last = 0n;
    for (let ms = 0; ms <= 12 * MIN; ms += 2_000) {
      const p = climbPrice(p0, CAP, ms);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });

  it('--price-climb <id@min|off>; listed in --help with when it arrives, and completed', async () => {
    expect(parseSandboxArgs(['--price-climb', 'bsc-treasury@2.5'])).toMatchObject({ priceClimb: { relayerId: 'bsc-treasury', afterMs: 150_000 } });
    expect(parseSandboxArgs(['--price-climb', 'off'])).toMatchObject({ priceClimb: false });
    expect(parseSandboxArgs(['--price-climb', 'soon'])).toBeInstanceOf(Error);
    expect(SANDBOX_USAGE).toMatch(/^  arbitrum-payouts +its network's price climbs toward its gas_price_cap \(100 gwei\) from 15 minutes\n +after the start \(at --time-scale 1;/m);
    expect(SANDBOX_USAGE).toMatch(/^  --price-climb <id@min\|off> +Whose network's price climbs/m);
    expect(await complete(['sandbox', '--price-climb', ''], {})).toEqual(['arbitrum-payouts@15', 'off']);
    expect(parsePriceClimb('arbitrum-payouts@15')).toEqual({ relayerId: 'arbitrum-payouts', afterMs: 15 * MIN });
    expect(parsePriceClimb('bsc-treasury@2.5')).toEqual({ relayerId: 'bsc-treasury', afterMs: 150_000 });
    expect(parsePriceClimb('off')).toBe(false);
    expect(parsePriceClimb('arbitrum-payouts')).toBeInstanceOf(Error);
  });
});

describe('arbitrum-payouts: its network climbs to its cap and jams it there', () => {
  it('eth_gasPrice and eth_feeHistory follow the curve from 15 minutes; what it sends after the crossing waits at its cap', async () => {
    const sb = await sandbox();
    sb.clock.stepTime(15 * MIN - 2_000);
    const before = await price(sb);
    expect(before).toBeLessThan(GWEI);
    sb.clock.stepTime(3 * MIN);
    const at18 = await price(sb);
    expect(at18).toBeGreaterThanOrEqual(69n * GWEI);
    expect(at18).toBeLessThanOrEqual(70n * GWEI);
    // The last blocks' base fees (+ the median tip: 0 on Arbitrum) are the curve's, block by block.
    const h = (await rpc(sb, 'arbitrum-payouts', 'eth_feeHistory', ['0x5a', 'latest', [50]])) as { baseFeePerGas: string[]; reward: string[][] };
    const fees = h.baseFeePerGas.slice(0, -1).map((x, i) => BigInt(x) + BigInt(h.reward[i]![0]!));
    expect(fees).toHaveLength(90);
    expect(fees.at(-1)).toBe(at18);
    expect(fees[0]).toBeLessThan(GWEI);
    for (let i = 1; i < fees.length; i++) expect(fees[i]!).toBeGreaterThanOrEqual(fees[i - 1]!);
    // Other networks wander as before.
    expect(await price(sb, 'bsc-treasury')).toBeLessThan(5n * GWEI);
    sb.clock.stepTime(9 * MIN);
    expect(await price(sb)).toBe(110n * GWEI);
    // Past the cap: what it sends is quoted at its cap and the chain's nonce stands.
    const addr = (await call(sb, 'GET', api('/relayers/arbitrum-payouts'))).json.data.address as string;
    const nonce = Number(await rpc(sb, 'arbitrum-payouts', 'eth_getTransactionCount', [addr, 'latest']));
    sb.clock.stepTime(5 * MIN);
    expect(Number(await rpc(sb, 'arbitrum-payouts', 'eth_getTransactionCount', [addr, 'latest']))).toBe(nonce);
    const waiting = (await call(sb, 'GET', api('/relayers/arbitrum-payouts/transactions?status=submitted&per_page=100'))).json.data as { max_fee_per_gas: string | number }[];
    expect(waiting.length).toBeGreaterThan(0);
    for (const t of waiting) expect(BigInt(t.max_fee_per_gas)).toBeLessThanOrEqual(CAP);
  }, 60_000);

  it('an hour jammed at its cap: what waits stays bounded (its traffic holds back at 50 not final), an hour of blocks stays quick', async () => {
    const sb = await sandbox();
    sb.clock.stepTime(90 * MIN);
    const status = (await call(sb, 'GET', api('/relayers/arbitrum-payouts/status'))).json.data as { pending_transactions_count: number };
    expect(status.pending_transactions_count).toBeGreaterThan(20);
    expect(status.pending_transactions_count).toBeLessThanOrEqual(50);
    // The fix check names (the price + 30 %: 143 gwei) clears it at the next re-prices.
    const addr = (await call(sb, 'GET', api('/relayers/arbitrum-payouts'))).json.data.address as string;
    const nonce = Number(await rpc(sb, 'arbitrum-payouts', 'eth_getTransactionCount', [addr, 'latest']));
    expect((await call(sb, 'PATCH', api('/relayers/arbitrum-payouts'), { body: { policies: { gas_price_cap: 143_000_000_000 } } })).status).toBe(200);
    sb.clock.stepTime(10 * MIN);
    expect(Number(await rpc(sb, 'arbitrum-payouts', 'eth_getTransactionCount', [addr, 'latest']))).toBeGreaterThan(nonce + 20);
  }, 60_000);

  it('--price-climb off: no climb; another relayer at another minute: its network climbs then', async () => {
    const off = await sandbox({ priceClimb: false });
    off.clock.stepTime(30 * MIN);
    expect(await price(off)).toBeLessThan(GWEI);
    const moved = await sandbox({ priceClimb: { relayerId: 'bsc-treasury', afterMs: 2 * MIN } });
    moved.clock.stepTime(2 * MIN + 3 * MIN);
    expect(await price(moved, 'bsc-treasury')).toBeGreaterThanOrEqual(69n * GWEI);
    expect(await price(moved)).toBeLessThan(GWEI);
  }, 60_000);
});
