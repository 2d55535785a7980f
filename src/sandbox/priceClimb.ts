/**
 * The price-climb scenario (issue 54.3, real flavour): one relayer's network price climbs toward its
 * gas_price_cap and then jams it there (openzeppelin-relayer#808: v1.8 holds every quote and every
 * re-price at the cap, price_calculator.rs:558-579), time-scaled, so that a client can be seen to say
 * `cap_headroom` before the jam. Default: arbitrum-payouts (Arbitrum One: no other relayer of the seeds
 * is on it), from 15 minutes after the start at `--time-scale 1` (15/n at n); `--price-climb
 * <id@min|off>` moves or ends it.
 *
 * The curve, in simulated minutes after its start (CLIMB_POINTS; the network's price = base fee + tip,
 * what `eth_gasPrice` answers, the base fee set block by block and so in `eth_feeHistory`):
 * - from the network's price when it starts to 70 % of the relayer's cap in 3 minutes (a spike begins);
 * - then up evenly to the cap at 10 minutes (80 % of it at ~5 min 20 s);
 * - then past it, to 110 % at 11 minutes, and held there: what the relayer sends is quoted at its cap,
 *   under the network's price, and waits; every re-price stops at the cap — the jam `price_cap`, said
 *   by a client once what waits is past its first minute and a half (~1 min 40 s after the crossing).
 * The cap is the relayer's when the climb starts: raising it over 110 % (the fix) clears the jam at
 * the next re-price, as on avalanche-bridge. A relayer with no cap has no climb.
 */
import type { PriceClimb } from './types.js';
import type { SandboxData } from './data.js';
import type { SandboxClock } from './chain/clock.js';
import type { FeeMarket } from './chain/fees.js';

/** The seeded climb: arbitrum-payouts' network, from 15 minutes after the start at --time-scale 1. */
export const DEFAULT_PRICE_CLIMB: PriceClimb = { relayerId: 'arbitrum-payouts', afterMs: 15 * 60_000 };

const MIN = 60_000;
/** The curve's points after its start: [simulated ms, the price as per mille of the cap]; before the first, the price at the start. */
export const CLIMB_POINTS: readonly (readonly [number, number])[] = [
  [3 * MIN, 700],
  [10 * MIN, 1000],
  [11 * MIN, 1100],
];
/** When the price reaches the cap, in simulated ms after the climb's start. */
export const CLIMB_AT_CAP_MS = 10 * MIN;

/** `--price-climb <id@min|off>`: the relayer and the minutes (at --time-scale 1) after the start when its network's price starts to climb. */
export function parsePriceClimb(raw: string): PriceClimb | false | Error {
  if (raw === 'off') return false;
  const m = /^([^@\s]+)@(\d{1,4}(?:\.\d{1,3})?)$/.exec(raw);
  if (!m) return new Error(`--price-climb must be <relayer-id>@<minutes> (e.g. arbitrum-payouts@15) or off, got "${raw}"`);
  return { relayerId: m[1]!, afterMs: Math.round(Number(m[2]) * 60_000) };
}

/**
 * The network's price `elapsedMs` (simulated) after the climb's start, from `startPrice` then, against
 * the cap: linear between CLIMB_POINTS, held at the last. Before the start: the start price.
 */
export function climbPrice(startPrice: bigint, cap: bigint, elapsedMs: number): bigint {
  let fromMs = 0;
  let from = startPrice;
  for (const [atMs, perMille] of CLIMB_POINTS) {
    const to = (cap * BigInt(perMille)) / 1000n;
    if (elapsedMs < atMs) {
      const done = Math.max(0, elapsedMs - fromMs);
      return from + ((to - from) * BigInt(Math.round(done))) / BigInt(atMs - fromMs);
    }
    fromMs = atMs;
    from = to;
  }
  return from;
}

/** When the climb starts on the sandbox's clock: `afterMs` after the start, divided by the time scale. */
export function climbStart(c: PriceClimb, startMs: number, timeScale: number): number {
  return startMs + c.afterMs / timeScale;
}

/**
 * The climb as the chain drives it, a block at a time: from its start, the climbing relayer's network
 * price is set on the curve — from what the network asked then, against the relayer's cap then.
 */
export class ClimbDriver {
  /** The scenario, and once it started: its market, the price then, the cap then. */
  private c: { scenario: PriceClimb; from?: { market: FeeMarket; price: bigint; cap: bigint } } | undefined;

  constructor(
    c: PriceClimb | false,
    private readonly data: SandboxData,
    private readonly clock: SandboxClock,
    private readonly market: (network: string) => FeeMarket,
  ) {
    this.c = c ? { scenario: c } : undefined;
  }

  /** The climb from now on (false: none); a price it held is let go. */
  set(c: PriceClimb | false): void {
    if (this.c?.from) this.c.from.market.holdPrice(undefined);
    this.c = c ? { scenario: c } : undefined;
  }

  /** At this block: the price on the curve (nothing before its start, or for a relayer without a cap). */
  at(now: number): void {
    const c = this.c;
    if (!c) return;
    const start = climbStart(c.scenario, this.data.startMs, this.clock.timeScale);
    if (now < start) return;
    if (!c.from) {
      const r = this.data.relayer(c.scenario.relayerId);
      const cap = r && r.network_type === 'evm' ? r.policies.gas_price_cap : undefined;
      if (!r || (typeof cap !== 'number' && typeof cap !== 'bigint')) return void (this.c = undefined);
      const market = this.market(r.network);
      c.from = { market, price: market.gasPrice(), cap: BigInt(cap) };
    }
    c.from.market.holdPrice(climbPrice(c.from.price, c.from.cap, (now - start) * this.clock.timeScale));
  }
}
