/**
 * The server's metrics as figures (data; words.ts says them): per relayer and for the server, from one
 * read (totals since the server's process started: said so) or two (what changed between them: rates
 * per minute, percentiles of what was observed in between). A counter that went down between the two
 * reads means the process restarted: the second read's totals are then the window (said as a reset).
 */
import { PROCESSING_STAGES, V18_METRICS } from './v18.js';
import type { Family, ParsedMetrics, Sample } from './parse.js';

export interface MetricsRead {
  /** When it was read (ms). */
  at: number;
  parsed: ParsedMetrics;
}

/** A percentile from a histogram's buckets: its value, or over the last finite bound (`over`). */
export interface Quantile {
  seconds: number;
  /** The rank fell in the `+Inf` bucket: the figure is the last finite bound, and more. */
  over: boolean;
}

export interface HistogramFigures {
  /** Observations in the window (or since the start, one read). */
  count: number;
  /** Mean seconds (sum / count), null with no observation. */
  mean: number | null;
  p50: Quantile | null;
  p95: Quantile | null;
}

export interface CounterFigure {
  labels: Record<string, string>;
  total: number;
  /** What it rose by between the two reads (null: one read). */
  delta: number | null;
  /** Per minute over the two reads (null: one read). */
  per_minute: number | null;
}

export interface RelayerMetrics {
  relayer_id: string;
  network_type: string;
  rpc_failures: CounterFigure[];
  rpc_failures_total: number;
  rpc_failures_delta: number | null;
  created: CounterFigure | null;
  submitted: CounterFigure | null;
  success: CounterFigure | null;
  failed: CounterFigure[];
  by_status: { status: string; count: number }[];
  stages: ({ stage: string } & HistogramFigures)[];
}

export interface ServerMetrics {
  queue_pickup: ({ queue_type: string; backend: string } & HistogramFigures)[];
  rpc_latency: ({ relayer_id: string; operation_name: string } & HistogramFigures)[];
  file_descriptors: number | null;
  memory_bytes: number | null;
}

export interface MetricsFigures {
  read_at: number;
  /** The earlier read the rates are over, or null (one read: totals since the process started). */
  since: number | null;
  /** A counter went down between the reads: the server restarted; the window is then the second read's totals. */
  reset: boolean;
  relayers: RelayerMetrics[];
  server: ServerMetrics;
  /** Families the server has (its list of names, as v1.8's /metrics gives it). */
  families: string[];
  skipped: number;
  truncated: boolean;
}

const key = (labels: Readonly<Record<string, string>>, drop: readonly string[] = []): string =>
  JSON.stringify(
    Object.keys(labels)
      .filter((k) => !drop.includes(k))
      .sort()
      .map((k) => [k, labels[k]]),
  );

const plain = (labels: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const k of Object.keys(labels).sort()) if (k !== '__proto__') out[k] = labels[k]!;
  return out;
};

function samplesOf(p: ParsedMetrics, name: string): Sample[] {
  const f: Family | undefined = p.families.get(name);
  return f ? f.samples.filter((s) => s.name === name && Number.isFinite(s.value)) : [];
}

/** The histogram_quantile rule: linear within the bucket the rank falls in; the `+Inf` bucket gives its lower bound, `over`. */
export function quantile(q: number, buckets: readonly { le: number; count: number }[]): Quantile | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const b of sorted) {
    if (b.count >= rank) {
      if (!Number.isFinite(b.le)) return { seconds: prevLe, over: true };
      const inBucket = b.count - prevCount;
      return { seconds: inBucket > 0 ? prevLe + ((b.le - prevLe) * (rank - prevCount)) / inBucket : b.le, over: false };
    }
    prevLe = Number.isFinite(b.le) ? b.le : prevLe;
    prevCount = b.count;
  }
  return { seconds: prevLe, over: true };
}

interface HistogramSeries {
  labels: Record<string, string>;
  buckets: { le: number; count: number }[];
  sum: number;
  count: number;
}

function histograms(p: ParsedMetrics, name: string): Map<string, HistogramSeries> {
  const out = new Map<string, HistogramSeries>();
  const f = p.families.get(name);
  if (!f || f.type !== 'histogram') return out;
  const get = (labels: Readonly<Record<string, string>>) => {
    const k = key(labels, ['le']);
    let h = out.get(k);
    if (!h) {
      const l = plain(labels);
      delete l.le;
      h = { labels: l, buckets: [], sum: 0, count: 0 };
      out.set(k, h);
    }
    return h;
  };
  for (const s of f.samples) {
    if (s.name === `${name}_bucket`) {
      const le = s.labels.le === undefined ? NaN : s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
      if (!Number.isNaN(le) && Number.isFinite(s.value)) get(s.labels).buckets.push({ le, count: s.value });
    } else if (s.name === `${name}_sum` && Number.isFinite(s.value)) get(s.labels).sum = s.value;
    else if (s.name === `${name}_count` && Number.isFinite(s.value)) get(s.labels).count = s.value;
  }
  return out;
}

function figuresOf(now: HistogramSeries, before: HistogramSeries | undefined, reset: boolean): HistogramFigures {
  const b = reset ? undefined : before;
  const buckets = now.buckets.map((x) => ({ le: x.le, count: x.count - (b?.buckets.find((y) => y.le === x.le)?.count ?? 0) }));
  const count = now.count - (b?.count ?? 0);
  const sum = now.sum - (b?.sum ?? 0);
  return { count, mean: count > 0 ? sum / count : null, p50: quantile(0.5, buckets), p95: quantile(0.95, buckets) };
}

function counters(now: ParsedMetrics, before: ParsedMetrics | null, name: string, minutes: number | null, reset: boolean): CounterFigure[] {
  const prev = new Map(before ? samplesOf(before, name).map((s) => [key(s.labels), s.value]) : []);
  return samplesOf(now, name).map((s) => {
    const delta = before === null ? null : reset ? s.value : s.value - (prev.get(key(s.labels)) ?? 0);
    return { labels: plain(s.labels), total: s.value, delta, per_minute: delta !== null && minutes ? delta / minutes : null };
  });
}

/** Any counter (or histogram count) lower in the later read: the process restarted between them. */
function wasReset(now: ParsedMetrics, before: ParsedMetrics): boolean {
  for (const f of now.families.values()) {
    if (f.type !== 'counter' && f.type !== 'histogram') continue;
    const prev = before.families.get(f.name);
    if (!prev) continue;
    const old = new Map(prev.samples.map((s) => [`${s.name}${key(s.labels)}`, s.value]));
    for (const s of f.samples) {
      const o = old.get(`${s.name}${key(s.labels)}`);
      if (o !== undefined && s.value < o) return true;
    }
  }
  return false;
}

/** The figures of the latest read, against the one before it where there is one. */
export function metricsFigures(latest: MetricsRead, previous?: MetricsRead | null): MetricsFigures {
  const now = latest.parsed;
  const before = previous?.parsed ?? null;
  const reset = before !== null && wasReset(now, before);
  const minutes = previous ? Math.max(1e-9, (latest.at - previous.at) / 60_000) : null;
  const relayers = new Map<string, RelayerMetrics>();
  const relayer = (labels: Readonly<Record<string, string>>): RelayerMetrics | null => {
    const id = labels.relayer_id;
    // v1.8 labels what it cannot attribute "unknown" (retry.rs:409): not a relayer.
    if (id === undefined || id === 'unknown') return null;
    let r = relayers.get(id);
    if (!r) {
      r = { relayer_id: id, network_type: labels.network_type ?? '', rpc_failures: [], rpc_failures_total: 0, rpc_failures_delta: before ? 0 : null, created: null, submitted: null, success: null, failed: [], by_status: [], stages: [] };
      relayers.set(id, r);
    }
    return r;
  };
  const M = V18_METRICS;
  for (const c of counters(now, before, M.api_rpc_failures_total.name, minutes, reset)) {
    const r = relayer(c.labels);
    if (!r) continue;
    r.rpc_failures.push(c);
    r.rpc_failures_total += c.total;
    if (c.delta !== null) r.rpc_failures_delta = (r.rpc_failures_delta ?? 0) + c.delta;
  }
  for (const [field, name] of [['created', M.transactions_created_total.name], ['submitted', M.transactions_submitted_total.name], ['success', M.transactions_success_total.name]] as const) {
    for (const c of counters(now, before, name, minutes, reset)) {
      const r = relayer(c.labels);
      if (r) r[field] = c;
    }
  }
  for (const c of counters(now, before, M.transactions_failed_total.name, minutes, reset)) relayer(c.labels)?.failed.push(c);
  for (const s of samplesOf(now, M.transactions_by_status.name)) relayer(s.labels)?.by_status.push({ status: s.labels.status ?? '', count: s.value });
  const prevStages = before ? histograms(before, M.transaction_processing_seconds.name) : new Map<string, HistogramSeries>();
  for (const [k, h] of histograms(now, M.transaction_processing_seconds.name)) relayer(h.labels)?.stages.push({ stage: h.labels.stage ?? '', ...figuresOf(h, prevStages.get(k), reset) });
  for (const r of relayers.values()) r.stages.sort((a, b) => order(a.stage) - order(b.stage));
  const prevPickup = before ? histograms(before, M.queue_pickup_latency_seconds.name) : new Map<string, HistogramSeries>();
  const prevRpc = before ? histograms(before, M.rpc_call_latency_seconds.name) : new Map<string, HistogramSeries>();
  const gauge = (name: string) => samplesOf(now, name)[0]?.value ?? null;
  return {
    read_at: latest.at,
    since: previous?.at ?? null,
    reset,
    relayers: [...relayers.values()].sort((a, b) => a.relayer_id.localeCompare(b.relayer_id)),
    server: {
      queue_pickup: [...histograms(now, M.queue_pickup_latency_seconds.name)].map(([k, h]) => ({ queue_type: h.labels.queue_type ?? '', backend: h.labels.backend ?? '', ...figuresOf(h, prevPickup.get(k), reset) })),
      rpc_latency: [...histograms(now, M.rpc_call_latency_seconds.name)].map(([k, h]) => ({ relayer_id: h.labels.relayer_id ?? '', operation_name: h.labels.operation_name ?? '', ...figuresOf(h, prevRpc.get(k), reset) })),
      file_descriptors: gauge(M.file_descriptors_count.name),
      memory_bytes: gauge(M.memory_usage_bytes.name),
    },
    families: [...now.families.keys()].sort(),
    skipped: now.skipped,
    truncated: now.truncated,
  };
}

function order(stage: string): number {
  const i = (PROCESSING_STAGES as readonly string[]).indexOf(stage);
  return i === -1 ? PROCESSING_STAGES.length : i;
}
