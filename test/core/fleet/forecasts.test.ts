/**
 * The fleet's forecasts (core/fleet/fleet.ts with `forecasts: true`, the rules of check) over loopback,
 * the sandbox's clock stepped: none asked, none read; asked, a jam forming on bsc-treasury under a
 * price spike, and a refresh carrying the chain as the last read saw it (jam_forming's trend: the
 * chain's nonce standing since the first read, what was not final then).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayerClient } from '../../../src/api/index.js';
import { Fleet } from '../../../src/core/fleet/fleet.js';
import type { JamForming } from '../../../src/core/forecast/jamForming.js';
import { forecastUnknownWords } from '../../../src/core/forecast/unknown.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';

const open: { sb: Sandbox; fleet: Fleet }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.fleet.close();
    await o.sb.close();
  }
});

async function world(forecasts: boolean): Promise<{ sb: Sandbox; fleet: Fleet }> {
  const sb = await startSandbox({ port: 0, flavor: 'real' });
  const fleet = new Fleet([{ name: 'one', url: sb.url, open: async () => ({ client: createRelayerClient({ baseUrl: sb.url, token: sb.token, timeoutMs: 10_000, maxRetries: 0 }), timeoutMs: 10_000 }) }], { now: () => sb.clock.now(), forecasts });
  const w = { sb, fleet };
  open.push(w);
  return w;
}

const formingOf = (fleet: Fleet, id: string) => fleet.rows().find((r) => r.relayerId === id)?.forecasts.find((f): f is JamForming => f.kind === 'jam_forming') ?? null;

describe('the fleet: forecasts', () => {
  it('a jam forming on bsc-treasury under a price spike; the next refresh says the chain stood since the first read, and what was not final then', async () => {
    const { sb, fleet } = await world(true);
    sb.clock.stepTime(120_000);
    sb.chain!.spike('bsc', 10);
    sb.clock.stepTime(10_000);
    await fleet.refresh();
    const first = formingOf(fleet, 'bsc-treasury');
    expect(first).toMatchObject({ signal: 'underpriced', since: null, network_price_wei: 10_000_000_000n });
    // The healthy relayers forecast nothing.
    for (const id of ['arbitrum-payouts', 'bulk-1m']) expect(fleet.rows().find((r) => r.relayerId === id)?.forecasts, id).toEqual([]);
    const at = sb.clock.now();
    sb.clock.stepTime(50_000);
    await fleet.refresh();
    const second = formingOf(fleet, 'bsc-treasury')!;
    // Still before the jam rules (90 s): the same blocker, the chain standing since the first read, more waiting behind it now.
    expect(second).toMatchObject({ signal: 'underpriced', chain_nonce: first!.chain_nonce, tx_id: first!.tx_id });
    expect(second.since).toEqual({ at: expect.any(Number), chain_nonce: first!.chain_nonce, not_final: first!.not_final });
    expect(second.since!.at).toBeLessThanOrEqual(at);
    expect(second.not_final!).toBeGreaterThan(first!.not_final!);
  }, 60_000);

  it('not asked (--forecast off): none read, no request for them', async () => {
    const { sb, fleet } = await world(false);
    sb.clock.stepTime(120_000);
    sb.chain!.spike('bsc', 10);
    sb.clock.stepTime(10_000);
    sb.rpcCalls.splice(0);
    sb.requests.splice(0);
    await fleet.refresh();
    expect(fleet.rows().flatMap((r) => r.forecasts)).toEqual([]);
    // The price read only where the jam diagnosis itself asks it (a blocker broadcast past 90 s): never on the healthy ones, nor bsc-treasury's young blocker.
    expect(sb.rpcCalls.filter((c) => c.method === 'eth_gasPrice' && ['bsc-treasury', 'arbitrum-payouts', 'bulk-1m'].includes(c.relayerId))).toEqual([]);
    // No page of confirmed transactions (balance_runway's read).
    expect(sb.requests.filter((r) => /[?&]status=confirmed/.test(r.url ?? ''))).toEqual([]);
  }, 60_000);
});

describe('the fleet: forecasts cut by the deadline', () => {
  it("a relayer whose forecasts' reads the context's deadline cut: not known, and why — never none", async () => {
    const sb = await startSandbox({ port: 0, flavor: 'real' });
    // One request's timeout 1 s: the context's read ends 1.5 s of requests in flight after it starts.
    const fleet = new Fleet([{ name: 'one', url: sb.url, open: async () => ({ client: createRelayerClient({ baseUrl: sb.url, token: sb.token, timeoutMs: 1_000, maxRetries: 0 }), timeoutMs: 1_000 }) }], { now: () => sb.clock.now(), forecasts: true });
    open.push({ sb, fleet });
    sb.clock.stop();
    // Every relayer's page of confirmed transactions (the runway's read, its forecasts' last) answered after 900 ms.
    const empty = '{"success":true,"data":[],"pagination":{"current_page":1,"per_page":100,"total_items":0}}';
    for (const id of ['sepolia-main', 'arbitrum-payouts', 'bsc-treasury', 'linea-idle', 'bulk-1m', 'holesky-test', 'optimism-relay', 'avalanche-bridge'])
      sb.inject({ status: 200, body: empty, match: { method: 'GET', pathPrefix: `/api/v1/relayers/${id}/transactions/?page=1&per_page=100&status=confirmed` }, times: 1, delayMs: 900 });
    await fleet.refresh();
    const cut = fleet.rows().filter((r) => r.forecastsNotKnown.some((u) => u.reason === 'reads_cut'));
    expect(cut.length, 'a relayer whose forecasts were cut').toBeGreaterThan(0);
    for (const r of cut) {
      expect(r.forecasts, r.relayerId!).toEqual([]);
      expect(r.forecastsNotKnown.map((u) => forecastUnknownWords(u)).join(' | ')).toMatch(/not known, because its reads did not finish at \d\d:\d\d:\d\d \(the context's deadline passed first\)/);
    }
  }, 30_000);
});
