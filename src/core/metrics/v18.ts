/**
 * What OpenZeppelin Relayer v1.8.0 serves as metrics, read from its source (file:line at v1.8.0):
 *
 * - Routes (src/api/routes/metrics.rs, mounted under /api/v1 behind the API key, routes/mod.rs:27):
 *   `GET /api/v1/metrics` answers a JSON array of the metric families' names (metrics.rs:36-45: only
 *   families the registry gathers, and the prometheus crate leaves out a family with no sample yet);
 *   `GET /api/v1/metrics/{name}` one family as text, 404 `Metric not found` (metrics.rs:75-93);
 *   `GET /api/v1/debug/metrics/scrape` refreshes the system gauges and answers every family in the
 *   Prometheus text format, `content-type: text/plain;` (metrics.rs:110-117). With METRICS_ENABLED the
 *   same on METRICS_PORT (8081) without prefix or key (config/server_config.rs:65-66, 428-430).
 * - The families (src/metrics/mod.rs): registered in one Registry (mod.rs:57) and written by the
 *   crate's TextEncoder (mod.rs:361-367): `# HELP`, `# TYPE`, then each sample, labels sorted by name,
 *   a histogram's `_bucket{…,le="…"}` (cumulative, `+Inf` last), `_sum`, `_count`.
 * - Limits: kept in the process's memory (lazy_static, mod.rs:55): per process, reset on restart.
 *   `transactions_by_status` is set only by the Redis repository (repositories/transaction/
 *   transaction_redis.rs), as are the stages `creation_to_submission`, `submission_to_confirmation`
 *   and `creation_to_confirmation` (transaction_redis.rs:921, 984, 1005).
 * - `api_rpc_failures_total` is counted only by a Stellar relayer's balance and status reads
 *   (domain/relayer/stellar/stellar_relayer.rs:569, 609): an EVM or Solana relayer's RPC failing
 *   counts nothing there. `rpc_call_latency_seconds` is observed on a successful call only, labelled
 *   `relayer_id="unknown", network_type="unknown"` (services/provider/retry.rs:407-411, 425-429):
 *   server-wide, not per relayer, and blind to failures.
 * - A relayer whose health check fails (its RPC among them) is disabled by v1.8 at its initialisation
 *   (domain/relayer/evm/evm_relayer.rs:642-705: check_health collects RpcValidationFailed, then
 *   initialize_relayer calls disable_relayer; solana_relayer.rs:1140-1146 the same); the health-check
 *   job only tries to re-enable disabled ones (jobs/handlers/relayer_health_check_handler.rs:148).
 */

export type MetricType = 'counter' | 'gauge' | 'histogram';

export interface MetricDef {
  name: string;
  help: string;
  type: MetricType;
  labels: readonly string[];
  buckets?: readonly number[];
}

/** The families of mod.rs whose figures this client shows, with their help text, labels and buckets as there. */
export const V18_METRICS = {
  api_rpc_failures_total: { name: 'api_rpc_failures_total', help: 'Total number of RPC failures during API requests (before transaction creation)', type: 'counter', labels: ['relayer_id', 'network_type', 'operation_name', 'error_type'] },
  rpc_call_latency_seconds: { name: 'rpc_call_latency_seconds', help: 'RPC call latency in seconds', type: 'histogram', labels: ['relayer_id', 'network_type', 'operation_name'], buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0] },
  transactions_created_total: { name: 'transactions_created_total', help: 'Total number of transactions created', type: 'counter', labels: ['relayer_id', 'network_type'] },
  transactions_submitted_total: { name: 'transactions_submitted_total', help: 'Total number of transactions submitted to the network', type: 'counter', labels: ['relayer_id', 'network_type'] },
  transactions_success_total: { name: 'transactions_success_total', help: 'Total number of successful transactions', type: 'counter', labels: ['relayer_id', 'network_type'] },
  transactions_failed_total: { name: 'transactions_failed_total', help: 'Total number of failed transactions', type: 'counter', labels: ['relayer_id', 'network_type', 'failure_reason', 'previous_status'] },
  transactions_by_status: { name: 'transactions_by_status', help: 'Current number of transactions by status', type: 'gauge', labels: ['relayer_id', 'network_type', 'status'] },
  transaction_processing_seconds: { name: 'transaction_processing_seconds', help: 'Transaction processing time in seconds', type: 'histogram', labels: ['relayer_id', 'network_type', 'stage'], buckets: [0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0] },
  queue_pickup_latency_seconds: { name: 'queue_pickup_latency_seconds', help: 'Queue pickup latency in seconds (send to consumer pickup)', type: 'histogram', labels: ['queue_type', 'backend'], buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0, 3600.0, 14400.0, 86400.0] },
  requests_total: { name: 'requests_total', help: 'Total number of HTTP requests', type: 'counter', labels: ['endpoint', 'method', 'status'] },
  file_descriptors_count: { name: 'file_descriptors_count', help: 'Current file descriptor count', type: 'gauge', labels: [] },
  memory_usage_bytes: { name: 'memory_usage_bytes', help: 'Memory usage in bytes', type: 'gauge', labels: [] },
} as const satisfies Record<string, MetricDef>;

/** The stages of `transaction_processing_seconds` (mod.rs:13-16; transaction_redis.rs:921, 984, 1005), in pipeline order. */
export const PROCESSING_STAGES = ['request_queue_dwell', 'prepare_duration', 'submission_queue_dwell', 'submit_duration', 'creation_to_submission', 'submission_to_confirmation', 'creation_to_confirmation'] as const;

/** The metrics' limits, said wherever they are shown. */
export const METRICS_LIMITS = [
  "the server's metrics are per process and reset when it restarts",
  'transactions_by_status and the creation/submission/confirmation stages are kept only with the Redis repository',
  'api_rpc_failures_total counts only Stellar relayers\' balance and status reads in v1.8; rpc_call_latency_seconds is server-wide (relayer_id "unknown") and counts successful calls only',
] as const;
