/**
 * v1.8's metrics over loopback (issue 54.4): the real flavour serves them behind the key as v1.8 does
 * (/api/v1/metrics the names, /metrics/{name} one family, /debug/metrics/scrape the text), reflecting
 * what it did since it started; the contract flavour has none, and the client says so (`unsupported`),
 * not an error of the server. The failing-RPC scenario (linea-idle, time-scaled) answers v1.8's
 * transport error through /rpc once its time has come, the clock stepped.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/index.js';
import { parseMetricsText } from '../../src/core/metrics/parse.js';
import { metricsFigures } from '../../src/core/metrics/figures.js';
import { useSandbox } from './helpers.js';

describe('metrics: the real flavour', () => {
  const ctx = useSandbox({ flavor: 'real', timeScale: 6 });

  it('asks for the key, as v1.8 does', async () => {
    const r = await fetch(`${ctx.sandbox.url}/api/v1/debug/metrics/scrape`);
    expect(r.status).toBe(401);
  });

  it('serves its own state in the text format: transactions made since it started, JSON-RPC latency labelled unknown', async () => {
    await ctx.client.rpcRead('sepolia-main', 'eth_gasPrice', []);
    // Traffic: sepolia-main receives transactions every few seconds; a minute of blocks.
    ctx.sandbox.clock.stepTime(60_000);
    const text = await ctx.client.metricsText();
    expect(text).toMatch(/^# HELP /);
    expect(text).toContain('# TYPE transactions_created_total counter\n');
    expect(text).toMatch(/^transactions_created_total\{network_type="evm",relayer_id="sepolia-main"\} \d+$/m);
    expect(text).toMatch(/^rpc_call_latency_seconds_bucket\{network_type="unknown",operation_name="eth_gasPrice",relayer_id="unknown",le="0\.01"\} \d+$/m);
    expect(text).toMatch(/^rpc_call_latency_seconds_bucket\{[^}]*le="\+Inf"\} 1$/m);
    const parsed = parseMetricsText(text);
    expect(parsed.skipped).toBe(0);
    const f = metricsFigures({ at: Date.now(), parsed });
    const sepolia = f.relayers.find((r) => r.relayer_id === 'sepolia-main')!;
    expect(sepolia.created!.total).toBeGreaterThan(0);
    expect(f.server.rpc_latency[0]!.count).toBe(1);
    // Families in name order, each with HELP then TYPE (the crate's gather and TextEncoder).
    const names = [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!);
    expect(names).toEqual([...names].sort());
  });

  it('/api/v1/metrics lists the names (a bare array); /metrics/{name} one family, else 404 "Metric not found"', async () => {
    const h = { authorization: `Bearer ${ctx.sandbox.token}` };
    const list = (await (await fetch(`${ctx.sandbox.url}/api/v1/metrics`, { headers: h })).json()) as string[];
    expect(list).toContain('transactions_created_total');
    expect(list).toContain('file_descriptors_count');
    const one = await fetch(`${ctx.sandbox.url}/api/v1/metrics/file_descriptors_count`, { headers: h });
    expect(one.status).toBe(200);
    expect(await one.text()).toMatch(/^# HELP file_descriptors_count Current file descriptor count\n# TYPE file_descriptors_count gauge\nfile_descriptors_count \d+\n$/);
    const none = await fetch(`${ctx.sandbox.url}/api/v1/metrics/no_such_metric`, { headers: h });
    expect(none.status).toBe(404);
    expect(await none.text()).toBe('Metric not found');
  });

  it("linea-idle's RPC fails once its time has come (20 min / 6), with v1.8's words; healthy before", async () => {
    // Before: it answers.
    await expect(ctx.client.rpcRead('linea-idle', 'eth_gasPrice', [])).resolves.toBeDefined();
    ctx.sandbox.clock.stepTime(Math.ceil((20 * 60_000) / 6));
    const e = await ctx.client.rpcRead('linea-idle', 'eth_gasPrice', []).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).data).toEqual({ rpc_error: { code: -32603, message: 'Internal error', description: 'Network error occurred. Please try again later' } });
    await expect(ctx.client.relayerStatus('linea-idle')).rejects.toMatchObject({ status: 500 });
    // Another relayer's RPC still answers.
    await expect(ctx.client.rpcRead('sepolia-main', 'eth_gasPrice', [])).resolves.toBeDefined();
  });
});

describe('metrics: the contract flavour has none', () => {
  const ctx = useSandbox({ flavor: 'contract' });

  it('404 as a server without the route; the client says the server does not offer them', async () => {
    const r = await fetch(`${ctx.sandbox.url}/api/v1/debug/metrics/scrape`, { headers: { authorization: `Bearer ${ctx.sandbox.token}` } });
    expect(r.status).toBe(404);
    const e = await ctx.client.metricsText().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('unsupported');
  });
});

describe('metrics: a real server whose route is missing (metrics disabled behind a proxy)', () => {
  const ctx = useSandbox({ flavor: 'real' });

  it('a 404 there is "does not offer", not a failure', async () => {
    await ctx.client.detectDialect();
    ctx.sandbox.inject({ status: 404, body: '{"success":false,"error":"Not found"}', match: { pathPrefix: '/api/v1/debug/metrics' } });
    const e = await ctx.client.metricsText().catch((x: unknown) => x);
    expect((e as ApiError).kind).toBe('unsupported');
    expect((e as ApiError).message).toContain('does not offer metrics');
  });
});
