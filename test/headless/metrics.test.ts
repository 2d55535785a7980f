/**
 * `metrics --over S` in-process against the sandbox over loopback: the wait between the two reads is
 * the test's (it steps the sandbox's clock and makes a Stellar relayer's reads fail), never a sleep;
 * what rose between the reads is a rate, and api_rpc_failures_total rising is an rpc_failing forecast.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, type RelayerClient } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runMetrics } from '../../src/headless/metrics.js';
import type { HeadlessOptions } from '../../src/cli/grammar.js';

let sb: Sandbox;
let client: RelayerClient;
beforeAll(async () => {
  sb = await startSandbox({ flavor: 'real', port: 0 });
  client = createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const collect = () => {
  const s = new PassThrough();
  let text = '';
  s.on('data', (c: Buffer) => (text += c.toString()));
  return { s, text: () => text };
};

describe('metrics --over', () => {
  it('two reads: the window, the failures between them, and rpc_failing from them', async () => {
    const out = collect();
    const err = collect();
    const o = { output: 'json', flags: { over: '60' } } as unknown as HeadlessOptions;
    sb.setRpcFailing({ relayerId: 'stellar-testnet', afterMs: 0 });
    const h = { authorization: `Bearer ${sb.token}` };
    const code = await runMetrics(client, o, [], { out: out.s, err: err.s }, (code, message) => (err.s.write(message), code), async () => {
      // Between the two reads: three failing reads of the Stellar relayer, a minute of the sandbox's clock.
      for (const what of ['status', 'balance', 'status']) await fetch(`${sb.url}/api/v1/relayers/stellar-testnet/${what}`, { headers: h });
      sb.clock.stepTime(60_000);
    });
    expect(code, err.text()).toBe(0);
    const j = JSON.parse(out.text()) as { metrics: { since: string | null; window: string; forecasts: Record<string, unknown>[]; relayers: { relayer_id: string; rpc_failures_delta: number }[] } };
    expect(j.metrics.since).not.toBeNull();
    expect(j.metrics.window).toMatch(/between two reads$/);
    expect(j.metrics.relayers.find((r) => r.relayer_id === 'stellar-testnet')!.rpc_failures_delta).toBe(3);
    expect(j.metrics.forecasts).toEqual([expect.objectContaining({ relayer: 'stellar-testnet', kind: 'rpc_failing', source: 'metrics', failures: 3 })]);
    // No failing relayer other than it.
    expect(j.metrics.forecasts.every((f) => f.relayer === 'stellar-testnet')).toBe(true);
    sb.setRpcFailing(false);
  });
});
