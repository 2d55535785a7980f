/** rpc_failing from the server's metrics: api_rpc_failures_total rising between two reads, and only then. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metricsFigures } from '../../../src/core/metrics/figures.js';
import { parseMetricsText } from '../../../src/core/metrics/parse.js';
import { rpcFailingFromMetrics } from '../../../src/core/forecast/rpcFailing.js';
import { forecastJson, forecastWords } from '../../../src/core/forecast/forecast.js';

const SAMPLE = readFileSync(new URL('../../fixtures/metrics-v18.txt', import.meta.url), 'utf8');

describe('rpc_failing from api_rpc_failures_total', () => {
  it('rising between two reads: a forecast with the count and window; one read or no rise: none', () => {
    const a = { at: 0, parsed: parseMetricsText(SAMPLE) };
    const b = { at: 120_000, parsed: parseMetricsText(SAMPLE.replace('relayer_id="stellar-mainnet"} 2', 'relayer_id="stellar-mainnet"} 6')) };
    const risen = metricsFigures(b, a).relayers.find((r) => r.relayer_id === 'stellar-mainnet')!;
    const f = rpcFailingFromMetrics('stellar-mainnet', risen.rpc_failures_delta, b.at - a.at, b.at)!;
    expect(f).toMatchObject({ kind: 'rpc_failing', source: 'metrics', failures: 4, window_ms: 120_000 });
    expect(forecastWords(f, { kind: 'commands', relayerId: 'stellar-mainnet' })).toMatch(/^its RPC is failing: the server counted 4 RPC failures of its reads in the last 2m \(api_rpc_failures_total\); v1\.8 disables a relayer whose health check fails/);
    expect(forecastJson(f)).toMatchObject({ kind: 'rpc_failing', source: 'metrics', failures: 4, window_seconds: 120 });
    // One read (no delta), or the same count twice: none.
    const one = metricsFigures(a).relayers.find((r) => r.relayer_id === 'stellar-mainnet')!;
    expect(rpcFailingFromMetrics('stellar-mainnet', one.rpc_failures_delta, null, a.at)).toBeNull();
    const same = metricsFigures({ at: 60_000, parsed: parseMetricsText(SAMPLE) }, a).relayers.find((r) => r.relayer_id === 'stellar-mainnet')!;
    expect(rpcFailingFromMetrics('stellar-mainnet', same.rpc_failures_delta, 60_000, 60_000)).toBeNull();
  });
});
