/**
 * Forecasts in `relayer-tui check` (issue 54, a first slice): a relayer whose network asks 80 % of its
 * gas_price_cap or more is heading for a jam at its cap — said with both figures and the command that
 * raises the cap, carried in --json, exit 17 while nothing else needs attention; --forecast off leaves
 * it out (exit 0); a relayer with room, or whose price could not be read, has none. The built CLI
 * against the sandbox's real flavour, its clock stopped (one block: no trend, said; its trend:
 * test/e2e/priceClimb.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cliWithSandbox, runAgainst } from './run.js';
import { startSandbox } from '../../src/sandbox/index.js';

const cli = cliWithSandbox('relayer-tui-forecast-');
beforeAll(() => cli.sandbox().clock.stop());

async function rpc(relayer: string, method: string): Promise<string> {
  const r = await fetch(`${cli.sandbox().url}/api/v1/relayers/${relayer}/rpc`, { method: 'POST', headers: { authorization: `Bearer ${cli.sandbox().token}`, 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) });
  return ((await r.json()) as { result: string }).result;
}
async function setCap(relayer: string, wei: bigint): Promise<void> {
  const r = await fetch(`${cli.sandbox().url}/api/v1/relayers/${relayer}`, { method: 'PATCH', headers: { authorization: `Bearer ${cli.sandbox().token}`, 'content-type': 'application/json' }, body: `{"policies":{"gas_price_cap":${wei}}}` });
  expect(r.status).toBe(200);
}

describe('relayer-tui check: heading for a jam at its cap', () => {
  it('the network at 90 % of the cap: the figures and the fix, --json, exit 17; --forecast off: exit 0; room enough: none', async () => {
    const price = BigInt(await rpc('linea-idle', 'eth_gasPrice'));
    expect(price).toBeGreaterThan(0n);
    // A cap the price is 90 % of (rounded so that it is at least 90 %).
    const cap = (price * 10n) / 9n;
    await setCap('linea-idle', cap);
    const r = await cli.run(['check', 'linea-idle']);
    expect(r.code, r.err).toBe(17);
    const percent = Number((price * 100n) / cap);
    expect(percent).toBeGreaterThanOrEqual(90);
    // The clock stands at the start: one block, no trend (said, and why): the one reading alone.
    expect(r.out).toMatch(new RegExp(`^linea-idle: heading for a jam at its cap: the network asks [\\d.]+ gwei, ${percent} % of its cap [\\d.]+ gwei, no trend: eth_feeHistory gave 1 block, fewer than 10: one reading: a rise of ${100 - percent} % jams what it sends at the cap; raise the cap before it does \\(relayer-tui policies linea-idle --set gas_price_cap=\\d+gwei, \\d+ gwei: the price \\+ 30 %\\); one reading, no trend$`, 'm'));
    expect(r.err).toMatch(/; 1 heading for trouble: linea-idle \(cap \d+ %\)\n$/);

    const j = JSON.parse((await cli.run(['check', 'linea-idle', '--json'])).out) as { relayers: { relayer: string; state: string; states: string[]; forecasts: Record<string, unknown>[] }[] };
    // Its state as the TUI's STATE says it: soon (a forecast stands), not active.
    expect([j.relayers[0]!.state, j.relayers[0]!.states]).toEqual(['soon', ['soon']]);
    expect(j.relayers[0]!.forecasts).toEqual([
      expect.objectContaining({ kind: 'cap_headroom', network_price_wei: price.toString(), cap_wei: cap.toString(), percent, threshold_percent: 80, said_for: ['threshold'], trend_change_percent: null, no_trend_because: 'eth_feeHistory gave 1 block, fewer than 10', reaches_cap_seconds: null, read_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), method: expect.stringContaining('eth_gasPrice') }),
    ]);

    const off = await cli.run(['check', 'linea-idle', '--forecast', 'off']);
    expect(off.code, off.err).toBe(0);
    expect(off.out).toBe('');
    const offJson = JSON.parse((await cli.run(['check', 'linea-idle', '--json', '--forecast', 'off'])).out) as { relayers: { state: string }[] };
    expect(offJson.relayers[0]!.state).toBe('active');

    // Room enough (the price 50 % of the cap): nothing said, exit 0.
    await setCap('linea-idle', price * 2n);
    const room = await cli.run(['check', 'linea-idle']);
    expect(room.code, room.err).toBe(0);
    expect(room.out).not.toMatch(/heading/);
  }, 30_000);

  it("eth_feeHistory failing (the node's error, as v1.8 passes it on): the one reading alone, said so; with room, a line says the trend is not known (exit 0), --json carries why", async () => {
    const price = BigInt(await rpc('linea-idle', 'eth_gasPrice'));
    const fail = { status: 200, body: '{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error","description":"RPC error occurred (code: -32601)"},"id":1}', match: { method: 'POST', pathPrefix: '/api/v1/relayers/linea-idle/rpc', rpcMethod: 'eth_feeHistory' }, times: 1 };
    await setCap('linea-idle', (price * 10n) / 9n);
    cli.sandbox().inject(fail);
    const r = await cli.run(['check', 'linea-idle']);
    expect(r.code, r.err).toBe(17);
    expect(r.out).toMatch(/^linea-idle: heading for a jam at its cap: the network asks [\d.]+ gwei, \d+ % of its cap [\d.]+ gwei, no trend: eth_feeHistory failed: JSON-RPC error -32603 from the chain's node: Internal error: one reading: /m);
    await setCap('linea-idle', price * 2n);
    cli.sandbox().inject(fail);
    const room = await cli.run(['check', 'linea-idle']);
    expect(room.code, room.err).toBe(0);
    expect(room.out).toBe("linea-idle: the trend of its network's price toward its cap not known: eth_feeHistory failed: JSON-RPC error -32603 from the chain's node: Internal error; the one reading, 50 % of its cap, is under the 80 % threshold\n");
    cli.sandbox().inject(fail);
    const j = JSON.parse((await cli.run(['check', 'linea-idle', '--json'])).out) as { relayers: { forecasts: unknown[]; cap_trend_not_known: string | null }[] };
    expect(j.relayers[0]).toMatchObject({ forecasts: [], cap_trend_not_known: "eth_feeHistory failed: JSON-RPC error -32603 from the chain's node: Internal error" });
  }, 30_000);

  it("the price not read (the relayer's /rpc failing): no forecast, never a guess", async () => {
    const price = BigInt(await rpc('linea-idle', 'eth_gasPrice'));
    await setCap('linea-idle', (price * 10n) / 9n);
    cli.sandbox().inject({ status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: { method: 'POST', pathPrefix: '/api/v1/relayers/linea-idle/rpc' }, times: 10 });
    const r = await cli.run(['check', 'linea-idle']);
    // Its diagnosis read failed too: not all read (13), and no forecast from a price never read.
    expect(r.code, r.err).toBe(13);
    expect(r.out).not.toMatch(/heading/);
  }, 30_000);

  it("the runway's transactions not read: said not known, and why, in the text and --json — never left out", async () => {
    const fail = { status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: { method: 'GET', pathPrefix: '/api/v1/relayers/sepolia-main/transactions/?page=1&per_page=100&status=confirmed' }, times: 10 };
    cli.sandbox().inject(fail);
    const r = await cli.run(['check', 'sepolia-main']);
    expect(r.out).toMatch(/^sepolia-main: the balance's runway: not known, because its confirmed transactions could not be read at \d\d:\d\d:\d\d \(.*Internal Server Error.*\)$/m);
    cli.sandbox().inject(fail);
    const j = JSON.parse((await cli.run(['check', 'sepolia-main', '--json'])).out) as { relayers: { forecasts_not_known: Record<string, unknown>[] }[] };
    expect(j.relayers[0]!.forecasts_not_known).toEqual([expect.objectContaining({ kind: 'balance_runway', reason: 'transactions_unread', why: expect.stringContaining('Internal Server Error') })]);
  }, 30_000);

  it('a server of the interface document (no relayer status, no /rpc): nothing forecast and nothing said not known — there is nothing to read', async () => {
    const sb = await startSandbox({ flavor: 'contract' });
    try {
      const r = await runAgainst(sb, cli.home, ['check']);
      expect(r.out + r.err).not.toMatch(/not known|heading for trouble/);
      const j = JSON.parse((await runAgainst(sb, cli.home, ['check', '--json'])).out) as { relayers: { relayer: string; forecasts: unknown[]; forecasts_not_known: unknown[] }[] };
      expect(j.relayers.length).toBeGreaterThan(5);
      for (const x of j.relayers) expect([x.relayer, x.forecasts, x.forecasts_not_known]).toEqual([x.relayer, [], []]);
    } finally {
      await sb.close();
    }
  }, 30_000);

  it('a relayer id not on the server: exit 5, said', async () => {
    const r = await cli.run(['check', 'no-such-relayer']);
    expect(r.code).toBe(5);
    expect(r.err).toContain('relayer not found: no-such-relayer');
  });
});
