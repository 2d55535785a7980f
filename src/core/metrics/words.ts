/**
 * The server's metrics in words (headless `metrics` and the `:metrics` screen) and as JSON. Server text
 * (relayer ids, label values) goes through sanitize() here, capped; the JSON keeps it as sent (JSON
 * escapes it). One read says totals since the server's process started (no rate from one read); two
 * say what changed over the span between them, per minute, and the percentiles of what was observed
 * in it. The limits are said with every read (METRICS_LIMITS).
 */
import { sanitize } from '../text/sanitize.js';
import { ageMs } from '../time.js';
import type { CounterFigure, HistogramFigures, MetricsFigures, Quantile, RelayerMetrics } from './figures.js';
import { METRICS_LIMITS } from './v18.js';

const MAX_SHOWN = 64;

/** A server label value as display text: sanitized, capped. */
export function labelText(v: string | undefined): string {
  const s = sanitize(v ?? '');
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN - 1)}…` : s;
}

function secs(q: Quantile | null): string {
  if (!q) return '—';
  const v = q.seconds < 1 ? `${Math.round(q.seconds * 1000)} ms` : `${Number(q.seconds.toFixed(2))} s`;
  return q.over ? `over ${v}` : v;
}

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2)));
}

/** What a figure is over: "since the process started" (one read) or the span between the reads. */
export function windowWords(f: MetricsFigures): string {
  if (f.since === null) return "one read: totals since the server's process started (a rate needs two reads)";
  const span = `over the ${ageMs(f.read_at - f.since)} between two reads`;
  return f.reset ? `${span} — a counter went down between them: the server restarted, so these are its totals since then` : span;
}

function counterWords(c: CounterFigure | null, what: string): string | null {
  if (!c) return null;
  if (c.delta === null) return `${num(c.total)} ${what}`;
  return `${num(c.delta)} ${what} (${num(c.per_minute ?? 0)}/min)`;
}

function histogramWords(h: HistogramFigures): string {
  if (h.count === 0) return 'none observed';
  return `${num(h.count)} observed, p50 ${secs(h.p50)}, p95 ${secs(h.p95)}`;
}

/** One relayer's figures in one line (its id sanitized). */
export function relayerMetricsLine(r: RelayerMetrics): string {
  const parts = [counterWords(r.created, 'created'), counterWords(r.submitted, 'submitted'), counterWords(r.success, 'confirmed')].filter((x): x is string => x !== null);
  for (const c of r.failed) parts.push(`${counterWords(c, `${labelText(c.labels.failure_reason)} (after ${labelText(c.labels.previous_status)})`)}`);
  if (r.rpc_failures.length) {
    const n = r.rpc_failures_delta ?? r.rpc_failures_total;
    parts.push(`${num(n)} RPC failure${n === 1 ? '' : 's'} (${r.rpc_failures.map((c) => `${labelText(c.labels.operation_name)} ${labelText(c.labels.error_type)}: ${num(c.delta ?? c.total)}`).join(', ')})`);
  }
  for (const s of r.stages) parts.push(`${labelText(s.stage)} ${histogramWords(s)}`);
  if (r.by_status.length) parts.push(`now by status ${r.by_status.map((b) => `${labelText(b.status)} ${num(b.count)}`).join(', ')}`);
  return `${labelText(r.relayer_id)}: ${parts.join('; ') || 'nothing counted'}`;
}

/** The server's own lines: JSON-RPC latency (server-wide in v1.8), queue pickup, file descriptors, memory. */
export function serverMetricsLines(f: MetricsFigures): string[] {
  const out: string[] = [];
  if (f.server.rpc_latency.length)
    out.push(`JSON-RPC calls (server-wide: v1.8 labels them relayer_id "unknown", successes only): ${f.server.rpc_latency.map((h) => `${labelText(h.operation_name)} ${histogramWords(h)}`).join('; ')}`);
  else out.push('JSON-RPC calls: none observed');
  if (f.server.queue_pickup.length) out.push(`queue pickup: ${f.server.queue_pickup.map((h) => `${labelText(h.queue_type)} (${labelText(h.backend)}) ${histogramWords(h)}`).join('; ')}`);
  else out.push('queue pickup: not served (v1.8.0 observes it in its Pub/Sub worker only)');
  const fd = f.server.file_descriptors;
  const mem = f.server.memory_bytes;
  out.push(`file descriptors ${fd === null ? 'not served' : num(fd)}, memory ${mem === null ? 'not served' : `${num(mem / 1024 / 1024)} MiB`}`);
  return out;
}

/** Every line of a read: the window, the server, each relayer, what was not read, the limits. */
export function metricsLines(f: MetricsFigures): string[] {
  const out = [`metrics: ${windowWords(f)}`, ...serverMetricsLines(f).map((l) => `server: ${l}`)];
  if (f.relayers.length === 0) out.push('relayers: none counted since the server started');
  for (const r of f.relayers) out.push(relayerMetricsLine(r));
  if (f.skipped) out.push(`${f.skipped} line${f.skipped === 1 ? '' : 's'} of the text not read (not the format)`);
  if (f.truncated) out.push('the text was over the size cap: the rest not read');
  out.push(`limits: ${METRICS_LIMITS.join('; ')}`);
  return out;
}

/** A server without metrics, said plainly (not an error): the interface document's, or metrics off. */
export function noMetricsWords(why: string): string {
  return `no metrics: ${why} (v1.8 serves them behind the API key at GET /api/v1/debug/metrics/scrape; a server of the interface document has none)`;
}

/** The figures as JSON: times as ISO, the window and the limits said. */
export function metricsJson(f: MetricsFigures): Record<string, unknown> {
  return {
    read_at: new Date(f.read_at).toISOString(),
    since: f.since === null ? null : new Date(f.since).toISOString(),
    window: windowWords(f),
    reset: f.reset,
    relayers: f.relayers,
    server: f.server,
    families: f.families,
    skipped_lines: f.skipped,
    truncated: f.truncated,
    limits: METRICS_LIMITS,
  };
}
