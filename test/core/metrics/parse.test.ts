import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_LABEL_VALUE_LENGTH, MAX_LABELS, MAX_METRICS_BYTES, MAX_SAMPLES, parseMetricsText, parseValue } from '../../../src/core/metrics/parse.js';
import { metricsFigures, quantile } from '../../../src/core/metrics/figures.js';

// v1.8's own output format: families and labels from src/metrics/mod.rs, written as the prometheus crate's TextEncoder does.
const SAMPLE = readFileSync(new URL('../../fixtures/metrics-v18.txt', import.meta.url), 'utf8');

describe('the Prometheus text format (v1.8-shaped)', () => {
  it('reads families, types, help and samples with their labels', () => {
    const p = parseMetricsText(SAMPLE);
    expect(p.skipped).toBe(0);
    expect(p.truncated).toBe(false);
    expect([...p.families.keys()]).toEqual(['api_rpc_failures_total', 'file_descriptors_count', 'memory_usage_bytes', 'queue_pickup_latency_seconds', 'rpc_call_latency_seconds', 'transaction_processing_seconds', 'transactions_created_total', 'transactions_failed_total']);
    const f = p.families.get('api_rpc_failures_total')!;
    expect(f.type).toBe('counter');
    expect(f.help).toBe('Total number of RPC failures during API requests (before transaction creation)');
    expect(f.samples[0]).toEqual({ name: 'api_rpc_failures_total', labels: { error_type: 'get_account_failed', network_type: 'stellar', operation_name: 'get_balance', relayer_id: 'stellar-mainnet' }, value: 3 });
    const h = p.families.get('queue_pickup_latency_seconds')!;
    expect(h.type).toBe('histogram');
    expect(h.samples).toHaveLength(21);
    expect(h.samples.at(-3)!.labels.le).toBe('+Inf');
  });

  it('makes figures per relayer and for the server from one read (totals)', () => {
    const f = metricsFigures({ at: 1000, parsed: parseMetricsText(SAMPLE) });
    expect(f.since).toBeNull();
    const stellar = f.relayers.find((r) => r.relayer_id === 'stellar-mainnet')!;
    expect(stellar.rpc_failures_total).toBe(5);
    expect(stellar.rpc_failures_delta).toBeNull();
    const sepolia = f.relayers.find((r) => r.relayer_id === 'sepolia-main')!;
    expect(sepolia.failed[0]!.labels.failure_reason).toBe('expired');
    expect(sepolia.stages[0]!.stage).toBe('submit_duration');
    expect(sepolia.stages[0]!.count).toBe(4);
    expect(sepolia.stages[0]!.mean).toBeCloseTo(0.85);
    // "unknown" is v1.8's label where it cannot say which relayer (retry.rs): not a relayer.
    expect(f.relayers.map((r) => r.relayer_id)).not.toContain('unknown');
    expect(f.server.rpc_latency[0]!.relayer_id).toBe('unknown');
    expect(f.server.queue_pickup[0]!.p50!.seconds).toBeCloseTo(0.0875);
    expect(f.server.file_descriptors).toBe(41);
  });

  it('makes rates from two reads, and says a restart when a counter went down', () => {
    const a = parseMetricsText(SAMPLE);
    const b = parseMetricsText(SAMPLE.replace('operation_name="get_balance",relayer_id="stellar-mainnet"} 3', 'operation_name="get_balance",relayer_id="stellar-mainnet"} 9'));
    const f = metricsFigures({ at: 121_000, parsed: b }, { at: 1_000, parsed: a });
    const stellar = f.relayers.find((r) => r.relayer_id === 'stellar-mainnet')!;
    expect(stellar.rpc_failures_delta).toBe(6);
    expect(stellar.rpc_failures.find((c) => c.labels.operation_name === 'get_balance')!.per_minute).toBeCloseTo(3);
    expect(f.reset).toBe(false);
    const g = metricsFigures({ at: 121_000, parsed: a }, { at: 1_000, parsed: b });
    expect(g.reset).toBe(true);
  });

  it('reads a percentile in the +Inf bucket as over the last bound', () => {
    expect(quantile(0.95, [{ le: 1, count: 1 }, { le: Infinity, count: 10 }])).toEqual({ seconds: 1, over: true });
    expect(quantile(0.5, [{ le: Infinity, count: 0 }])).toBeNull();
  });
});

describe('hostile text', () => {
  it('skips and counts lines that are not the format, keeps the rest', () => {
    const p = parseMetricsText(['garbage here', 'ok_total 1', 'bad{a="1" 2', 'x{a=1} 3', 'y{1a="b"} 4', 'z NaNx', 'w 1 notatime', '<html>', 'v{a="1",a="2"} 5', '# TYPE t wrongtype', 'good{a="x"} 7'].join('\n'));
    expect(p.skipped).toBe(9);
    expect([...p.families.keys()].sort()).toEqual(['good', 'ok_total']);
  });

  it('keeps label values as sent (escapes read) and never lets a label reach a prototype', () => {
    const p = parseMetricsText('m{__proto__="x",relayer_id="\u001b[31mred\\"q\\\\\\n"} 1\n');
    const s = p.families.get('m')!.samples[0]!;
    expect(s.labels.relayer_id).toBe('\u001b[31mred"q\\\n');
    expect(Object.getPrototypeOf(s.labels)).toBeNull();
    expect(s.labels.__proto__).toBe('x');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('caps label values, label counts, samples and bytes', () => {
    expect(parseMetricsText(`m{a="${'x'.repeat(MAX_LABEL_VALUE_LENGTH + 1)}"} 1`).skipped).toBe(1);
    const many = Array.from({ length: MAX_LABELS + 1 }, (_, i) => `l${i}="v"`).join(',');
    expect(parseMetricsText(`m{${many}} 1`).skipped).toBe(1);
    const lots = parseMetricsText(Array.from({ length: MAX_SAMPLES + 5 }, (_, i) => `m{i="${i}"} 1`).join('\n'));
    expect(lots.truncated).toBe(true);
    expect(lots.families.get('m')!.samples).toHaveLength(MAX_SAMPLES);
    const big = parseMetricsText(`a 1\n${'# pad\n'.repeat(Math.ceil(MAX_METRICS_BYTES / 6))}b 2\n`);
    expect(big.truncated).toBe(true);
    expect(big.families.has('a')).toBe(true);
    expect(big.families.has('b')).toBe(false);
  });

  it('reads values as the format and Rust write them', () => {
    expect(parseValue('+Inf')).toBe(Infinity);
    expect(parseValue('inf')).toBe(Infinity);
    expect(parseValue('-Inf')).toBe(-Infinity);
    expect(parseValue('NaN')).toBeNaN();
    expect(parseValue('1e3')).toBe(1000);
    expect(parseValue('0x10')).toBeNull();
    expect(parseValue('')).toBeNull();
  });
});
