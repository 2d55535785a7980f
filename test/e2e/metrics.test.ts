/**
 * `relayer-tui metrics --json` (issue 54.4), the built CLI against the sandbox: the real flavour's
 * figures per relayer and for the server from one read (totals since the server started, said so), the
 * limits said; a Stellar relayer whose RPC fails carries its failures in api_rpc_failures_total (the
 * only RPC failures v1.8 counts); a server without metrics (the contract flavour) is said, exit 0.
 * The sandbox's clock stepped, never slept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { cliWithSandbox, runAgainst } from './run.js';

const cli = cliWithSandbox('relayer-tui-metrics-');
beforeAll(() => cli.sandbox().clock.stop());

interface MetricsJson {
  metrics: null | { window: string; since: string | null; limits: string[]; relayers: { relayer_id: string; rpc_failures_total: number; rpc_failures: { labels: Record<string, string>; total: number }[]; created: { total: number } | null }[]; server: { rpc_latency: unknown[] } };
  why?: string;
}

describe('relayer-tui metrics', () => {
  it('--json: per relayer from one read, said as totals since the start; a Stellar relayer’s RPC failures counted', async () => {
    const sb = cli.sandbox();
    sb.setRpcFailing({ relayerId: 'stellar-testnet', afterMs: 0 });
    // Its balance and status read fail (500), each counted by the server as v1.8 counts them.
    const h = { authorization: `Bearer ${sb.token}` };
    expect((await fetch(`${sb.url}/api/v1/relayers/stellar-testnet/status`, { headers: h })).status).toBe(500);
    expect((await fetch(`${sb.url}/api/v1/relayers/stellar-testnet/balance`, { headers: h })).status).toBe(500);
    sb.clock.stepTime(60_000);
    const r = await cli.run(['metrics', '--json']);
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as MetricsJson;
    expect(j.metrics!.since).toBeNull();
    expect(j.metrics!.window).toBe("one read: totals since the server's process started (a rate needs two reads)");
    expect(j.metrics!.limits[0]).toBe("the server's metrics are per process and reset when it restarts");
    const stellar = j.metrics!.relayers.find((x) => x.relayer_id === 'stellar-testnet')!;
    expect(stellar.rpc_failures_total).toBe(2);
    expect(stellar.rpc_failures.map((c) => c.labels.operation_name).sort()).toEqual(['get_balance', 'get_status']);
    expect(j.metrics!.relayers.find((x) => x.relayer_id === 'sepolia-main')!.created!.total).toBeGreaterThan(0);

    const text = await cli.run(['metrics']);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/^stellar-testnet: 2 RPC failures \(get_balance get_account_failed: 1, get_status get_account_failed: 1\)$/m);
    expect(text.out).toMatch(/^limits: /m);
    sb.setRpcFailing(false);
  }, 30_000);
});

describe('relayer-tui metrics on a server without them', () => {
  let sb: Sandbox;
  const home = mkdtempSync(join(tmpdir(), 'relayer-tui-metrics-contract-'));
  beforeAll(async () => {
    sb = await startSandbox({ flavor: 'contract' });
  });
  afterAll(() => sb.close());

  it('says so, exit 0 (text and --json)', async () => {
    const r = await runAgainst(sb, home, ['metrics']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^no metrics: /);
    const j = JSON.parse((await runAgainst(sb, home, ['metrics', '--json'])).out) as MetricsJson;
    expect(j.metrics).toBeNull();
    expect(j.why).toMatch(/^no metrics: /);
  });
});
