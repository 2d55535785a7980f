/**
 * `rpc_failing` in `relayer-tui check` (issue 54.1, 54.3): the sandbox's linea-idle, whose RPC starts
 * failing 20 simulated minutes after the start. Before, and on a healthy relayer after, no rpc_failing;
 * after, check says it with the node's failure as the server passed it on (sanitized) and v1.8's
 * disable, carries it in --json, and exits 17 while nothing else stands; a hostile error text is said
 * with its controls visible. The built CLI against the real flavour, its clock stepped, never slept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cliWithSandbox } from './run.js';

const cli = cliWithSandbox('relayer-tui-rpc-failing-');
beforeAll(() => cli.sandbox().clock.stop());

interface CheckJson {
  relayers: { relayer: string; forecasts: Record<string, unknown>[]; diagnosed: boolean; not_diagnosed_because: string | null }[];
}
const forecastsOf = async (id: string) => (JSON.parse((await cli.run(['check', id, '--json'])).out) as CheckJson).relayers[0]!;

describe('relayer-tui check: a relayer whose RPC fails', () => {
  it('none before its time; after it: said with the error and the disable, --json, exit 17; a healthy relayer none', async () => {
    const before = await cli.run(['check', 'linea-idle']);
    expect(before.code, before.err).toBe(0);
    expect((await forecastsOf('linea-idle')).forecasts.filter((f) => f.kind === 'rpc_failing')).toEqual([]);

    cli.sandbox().clock.stepTime(20 * 60_000);
    const r = await cli.run(['check', 'linea-idle']);
    expect(r.code, r.err).toBe(17);
    expect(r.out).toMatch(
      /^linea-idle: its RPC is failing: its \/rpc answered this read with the node's failure "Internal error: Network error occurred\. Please try again later" \(JSON-RPC -32603\); v1\.8 disables a relayer whose health check fails \(its RPC validated among the checks\) when it next initialises it: at the next start \(domain\/relayer\/evm\/evm_relayer\.rs:642-705\), and what it sends meanwhile cannot reach the chain; fix its RPC before \(relayer-tui policies linea-idle --rpc-url <url>, or its network's: relayer-tui networks update <network>\); one read: a passing fault of the node is not told apart$/m,
    );
    expect(r.err).toMatch(/1 heading for trouble: linea-idle \(RPC failing\)/);
    const j = await forecastsOf('linea-idle');
    expect(j.diagnosed).toBe(false);
    expect(j.forecasts[0]).toEqual({
      kind: 'rpc_failing',
      source: 'rpc_read',
      error: { code: -32603, message: 'Internal error', description: 'Network error occurred. Please try again later' },
      failures: null,
      window_seconds: null,
      read_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      method: expect.stringContaining('eth_gasPrice'),
      disables: expect.stringContaining('evm_relayer.rs:642-705'),
    });

    // A healthy relayer over the same 20 minutes: none.
    const healthy = await forecastsOf('sepolia-main');
    expect(healthy.forecasts.filter((f) => f.kind === 'rpc_failing')).toEqual([]);
    const off = await cli.run(['check', 'linea-idle', '--forecast', 'off']);
    expect(off.out).not.toMatch(/RPC is failing/);
  }, 60_000);

  it("the node's error text is the server's: its controls said visibly, never written raw", async () => {
    cli.sandbox().inject({ status: 200, body: '{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error","description":"\\u001b[31mred\\u001b]0;title\\u0007 and\\nline"},"id":1}', match: { method: 'POST', pathPrefix: '/api/v1/relayers/sepolia-main/rpc' }, times: 10 });
    const r = await cli.run(['check', 'sepolia-main']);
    expect(r.out).toContain('its RPC is failing');
    expect(r.out).not.toContain('\u001b');
    expect(r.out).not.toContain('\u0007');
    expect(r.out).toContain('␛[31mred');
  }, 30_000);
});
