/**
 * The real flavour's metrics, as v1.8 serves them (core/metrics/v18.ts cites its source): behind the
 * API key, `GET /api/v1/metrics` (the names, a bare JSON array), `/api/v1/metrics/{name}` (one family,
 * or 404 `Metric not found`) and `/api/v1/debug/metrics/scrape` (every family, `text/plain;`), written
 * as the prometheus crate's TextEncoder writes them: families by name, `# HELP`/`# TYPE`, labels
 * sorted by name, a histogram's cumulative `_bucket`s with `le` last and `+Inf`, `_sum`, `_count`;
 * a family with no sample yet left out (the crate's gather prunes it).
 *
 * What they reflect is this sandbox's own state since it started (per process, as v1.8's):
 * - per relayer, from the transactions made since the start (v1.8's Redis repository counts on each
 *   change of status, transaction_redis.rs:900-1060): created, submitted (broadcast), confirmed, failed /
 *   expired / canceled by `failure_reason` and `previous_status` (taken as `submitted` when it was
 *   broadcast, else `pending`), `transactions_by_status`, the stages `creation_to_submission`,
 *   `submission_to_confirmation`, `creation_to_confirmation` (whole seconds, as `num_seconds()`);
 * - `rpc_call_latency_seconds` for each JSON-RPC passthrough call answered, labelled as v1.8 labels it
 *   (`relayer_id="unknown"`, `network_type="unknown"`: retry.rs:409), the seconds the server held it;
 * - `api_rpc_failures_total`: only where v1.8 counts it, a Stellar relayer's balance or status read
 *   whose RPC failed (stellar_relayer.rs:569, 609) — the failing-RPC scenario is an EVM relayer, which
 *   v1.8 counts nowhere; `requests_total` per endpoint, method and status; `file_descriptors_count` and
 *   `memory_usage_bytes` of this process.
 * Not here: `queue_pickup_latency_seconds` (v1.8.0 observes it in its Pub/Sub worker only,
 * queues/pubsub/worker.rs:254; this sandbox is a Redis deployment) and the queue stages
 * (request_queue_dwell, prepare_duration, submission_queue_dwell, submit_duration: it has no queues).
 */
import { readdirSync } from 'node:fs';
import { V18_METRICS, type MetricDef } from '../core/metrics/v18.js';
import type { SandboxData } from './data.js';
import { BULK_RELAYER_ID, type Tx } from './models.js';

type Labels = Record<string, string>;

interface Series {
  def: MetricDef;
  labels: Labels;
  value: number;
  /** Histograms: observations per bucket (not cumulative), their sum and count. */
  buckets?: number[];
  sum?: number;
  count?: number;
}

/** Rust's f64 Display: integers without a point, others as the shortest decimal (JS's is the same below 1e21). */
function num(v: number): string {
  if (v === Infinity) return 'inf';
  if (Number.isNaN(v)) return 'NaN';
  return String(v);
}

function escapeLabel(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.keys(labels)
    .sort()
    .map((k) => `${k}="${escapeLabel(labels[k]!)}"`);
  if (extra) pairs.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

/** The metrics this sandbox counts as it runs (the rest is read from its data at each scrape). */
export class SandboxMetrics {
  private readonly live = new Map<string, Series>();

  constructor(
    private readonly data: SandboxData,
    private readonly now: () => number,
  ) {}

  private series(def: MetricDef, labels: Labels): Series {
    const k = `${def.name}${JSON.stringify(Object.entries(labels).sort())}`;
    let s = this.live.get(k);
    if (!s) {
      s = { def, labels, value: 0, ...(def.type === 'histogram' ? { buckets: new Array<number>((def.buckets?.length ?? 0) + 1).fill(0), sum: 0, count: 0 } : {}) };
      this.live.set(k, s);
    }
    return s;
  }

  /** A request answered (v1.8's middleware counts each: metrics/middleware.rs). */
  countRequest(endpoint: string, method: string, status: number): void {
    this.series(V18_METRICS.requests_total, { endpoint, method, status: String(status) }).value++;
  }

  /** A JSON-RPC passthrough call answered with a result, held `seconds` (v1.8 observes successes only, labelled unknown). */
  observeRpc(operation: string, seconds: number): void {
    observe(this.series(V18_METRICS.rpc_call_latency_seconds, { relayer_id: 'unknown', network_type: 'unknown', operation_name: operation }), seconds);
  }

  /** A Stellar relayer's balance or status read whose RPC failed (stellar_relayer.rs:569, 609). */
  countApiRpcFailure(relayerId: string, operation: 'get_balance' | 'get_status'): void {
    this.series(V18_METRICS.api_rpc_failures_total, { relayer_id: relayerId, network_type: 'stellar', operation_name: operation, error_type: 'get_account_failed' }).value++;
  }

  /** Every series, the live ones and those made from the data now. */
  private all(): Series[] {
    const out = [...this.live.values()];
    const M = V18_METRICS;
    for (const r of this.data.relayers) {
      // bulk-1m's million were seeded before the start: none of them counts (and none is scanned).
      if (r.id === BULK_RELAYER_ID) continue;
      const txs = this.data.listTransactions(r.id, 0, Number.MAX_SAFE_INTEGER).items.filter((t) => t.created_at >= this.data.startMs);
      if (txs.length === 0) continue;
      const base = { relayer_id: r.id, network_type: r.network_type };
      const counter = (def: MetricDef, labels: Labels, value: number) => value > 0 && out.push({ def, labels, value });
      const hist = (stage: string) => ({ def: M.transaction_processing_seconds as MetricDef, labels: { ...base, stage }, value: 0, buckets: new Array<number>(M.transaction_processing_seconds.buckets.length + 1).fill(0), sum: 0, count: 0 });
      const stages = { creation_to_submission: hist('creation_to_submission'), submission_to_confirmation: hist('submission_to_confirmation'), creation_to_confirmation: hist('creation_to_confirmation') };
      const failed = new Map<string, number>();
      const byStatus = new Map<string, number>();
      for (const t of txs) {
        byStatus.set(t.status, (byStatus.get(t.status) ?? 0) + 1);
        if (t.sent_at !== null) observe(stages.creation_to_submission, secs(t.sent_at - t.created_at));
        if (t.status === 'confirmed' && t.confirmed_at !== null) {
          if (t.sent_at !== null) observe(stages.submission_to_confirmation, secs(t.confirmed_at - t.sent_at));
          observe(stages.creation_to_confirmation, secs(t.confirmed_at - t.created_at));
        }
        const reason = failureReason(t);
        if (reason) {
          const k = JSON.stringify([reason, t.sent_at !== null ? 'submitted' : 'pending']);
          failed.set(k, (failed.get(k) ?? 0) + 1);
        }
      }
      counter(M.transactions_created_total, base, txs.length);
      counter(M.transactions_submitted_total, base, txs.filter((t) => t.sent_at !== null).length);
      counter(M.transactions_success_total, base, byStatus.get('confirmed') ?? 0);
      for (const [k, n] of failed) {
        const [failure_reason, previous_status] = JSON.parse(k) as [string, string];
        counter(M.transactions_failed_total, { ...base, failure_reason, previous_status }, n);
      }
      for (const [status, n] of byStatus) counter(M.transactions_by_status, { ...base, status }, n);
      for (const s of Object.values(stages)) if (s.count > 0) out.push(s);
    }
    out.push({ def: M.file_descriptors_count, labels: {}, value: openFds() });
    out.push({ def: M.memory_usage_bytes, labels: {}, value: process.memoryUsage().rss });
    return out;
  }

  /** The names of the families that have a sample (GET /api/v1/metrics). */
  names(): string[] {
    return [...new Set(this.all().map((s) => s.def.name))].sort();
  }

  /** Every family (or the one named) in the text format; null when there is no such family. */
  text(only?: string): string | null {
    const byFamily = new Map<string, Series[]>();
    for (const s of this.all()) {
      if (only !== undefined && s.def.name !== only) continue;
      byFamily.set(s.def.name, [...(byFamily.get(s.def.name) ?? []), s]);
    }
    if (only !== undefined && !byFamily.has(only)) return null;
    const lines: string[] = [];
    for (const name of [...byFamily.keys()].sort()) {
      const list = byFamily.get(name)!.sort((a, b) => labelText(a.labels).localeCompare(labelText(b.labels)));
      const def = list[0]!.def;
      lines.push(`# HELP ${name} ${def.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${def.type}`);
      for (const s of list) {
        if (def.type !== 'histogram') {
          lines.push(`${name}${labelText(s.labels)} ${num(s.value)}`);
          continue;
        }
        let cumulative = 0;
        def.buckets!.forEach((le, i) => {
          cumulative += s.buckets![i]!;
          lines.push(`${name}_bucket${labelText(s.labels, ['le', num(le)])} ${cumulative}`);
        });
        lines.push(`${name}_bucket${labelText(s.labels, ['le', '+Inf'])} ${s.count}`, `${name}_sum${labelText(s.labels)} ${num(s.sum!)}`, `${name}_count${labelText(s.labels)} ${s.count}`);
      }
    }
    return lines.length ? `${lines.join('\n')}\n` : '';
  }
}

function observe(s: Series, seconds: number): void {
  const bounds = s.def.buckets!;
  const i = bounds.findIndex((le) => seconds <= le);
  s.buckets![i === -1 ? bounds.length : i]!++;
  s.sum! += seconds;
  s.count!++;
}

/** Whole seconds, as chrono's num_seconds() (toward zero). */
function secs(ms: number): number {
  return Math.trunc(ms / 1000);
}

/** v1.8's failure_reason (transaction_redis.rs:1012-1055): `expired`, `canceled`; a failed one's `submission_failed` / `preparation_failed` by its reason's prefix, else `failed`. */
function failureReason(t: Tx): string | null {
  if (t.status === 'expired') return 'expired';
  if (t.status === 'canceled') return 'canceled';
  if (t.status === 'failed') return t.status_reason?.startsWith('Submission failed:') ? 'submission_failed' : t.status_reason?.startsWith('Preparation failed:') ? 'preparation_failed' : 'failed';
  return null;
}

function openFds(): number {
  try {
    // Linux, as v1.8 counts them (metrics/mod.rs:370-377).
    return readdirSync('/proc/self/fd').length;
  } catch {
    return 0;
  }
}
