/**
 * `rpc_failing`: a relayer's RPC answering errors — to the client's own reads through its JSON-RPC
 * passthrough (v1.8 passes the node's failure on as `{code, message, description}`,
 * utils/error_sanitization.rs:40-96), and/or `api_rpc_failures_total` rising between two reads of the
 * server's metrics (v1.8 counts it for a Stellar relayer's balance and status reads only,
 * stellar_relayer.rs:569, 609). Why it is a stop ahead: v1.8 runs a relayer's health check — its RPC
 * validated among the checks — when it initialises the relayer, and disables it when the check fails
 * (domain/relayer/evm/evm_relayer.rs:642-705, solana_relayer.rs:1140-1146): the next restart disables
 * a relayer whose RPC still fails (openzeppelin-relayer#539), and what it sends meanwhile cannot reach
 * the chain. The error's text is the server's: kept as sent here, sanitized where it is said.
 */
import type { ApiError } from '../../api/index.js';

export interface RpcError {
  code: number | null;
  message: string | null;
  description: string | null;
}

export type RpcFailing = {
  kind: 'rpc_failing';
  relayer_id: string;
  /** What it rests on: the client's own /rpc read failing, or the server's counter rising between two reads. */
  source: 'rpc_read' | 'metrics';
  /** The node's failure as the server passed it on (rpc_read), or null. */
  error: RpcError | null;
  /** metrics: the failures counted between the two reads, over `window_ms`; rpc_read: null. */
  failures: number | null;
  window_ms: number | null;
  read_at: number;
  method: string;
};

/** The node's failure a JSON-RPC read was answered with (the client keeps it as the error's data), or null: not a node's failure. */
export function rpcErrorOf(e: unknown): RpcError | null {
  const data = (e as ApiError | undefined)?.data as { rpc_error?: unknown } | undefined;
  const r = data && typeof data === 'object' ? data.rpc_error : undefined;
  if (!r || typeof r !== 'object') return null;
  const o = r as Record<string, unknown>;
  return { code: typeof o.code === 'number' ? o.code : null, message: typeof o.message === 'string' ? o.message : null, description: typeof o.description === 'string' ? o.description : null };
}

/** The forecast from the client's own read through /rpc that the server answered with the node's failure. */
export function rpcFailingFromRead(relayerId: string, error: RpcError, rpcMethod: string, readAt: number): RpcFailing {
  return { kind: 'rpc_failing', relayer_id: relayerId, source: 'rpc_read', error, failures: null, window_ms: null, read_at: readAt, method: `${rpcMethod} read once through the relayer's /rpc, answered with the node's failure (JSON-RPC error; the server itself answered)` };
}

/** The forecast from api_rpc_failures_total rising between two reads of the server's metrics, or null (not rising). */
export function rpcFailingFromMetrics(relayerId: string, delta: number | null, windowMs: number | null, readAt: number): RpcFailing | null {
  if (delta === null || windowMs === null || delta <= 0) return null;
  return { kind: 'rpc_failing', relayer_id: relayerId, source: 'metrics', error: null, failures: delta, window_ms: windowMs, read_at: readAt, method: 'api_rpc_failures_total read twice (GET /api/v1/debug/metrics/scrape): it rose between the reads' };
}

/** The node's failure in one line (server text: the caller sanitizes). */
export function rpcErrorText(e: RpcError): string {
  const text = [e.message, e.description].filter((x): x is string => !!x).join(': ') || 'no message';
  return `"${text.slice(0, 300)}"${e.code !== null ? ` (JSON-RPC ${e.code})` : ''}`;
}
