/**
 * The sandbox's plugins and their calls.
 *
 * Contract flavor: POST /plugins/{id}/call only; `data` is the plugin-call-result object with
 * `return_value` as JSON text.
 *
 * Real flavor, as OpenZeppelin Relayer v1.8 (src/api/routes/plugin.rs, src/api/controllers/plugin.rs,
 * src/models/plugin.rs, src/services/plugins/mod.rs):
 * - GET /plugins?page&per_page and GET /plugins/{id}: the plugin's settings (`timeout` as serde writes a
 *   Duration, `config` null when it has none); 404 `Plugin with id X not found`.
 * - POST /plugins/{id}/call{route}: the body must be JSON (else 400 envelope `Invalid JSON: …`); a body
 *   with `params` gives them, any other body is the params whole. The route (`/verify` in
 *   …/call/verify, else `?route=`) and the method reach the plugin, which does with them what it
 *   will (one without routes ignores them).
 * - GET /plugins/{id}/call{route}: 404 unknown plugin, then 405 unless `allow_get_invocation`; params `{}`.
 * - The answer: `data` is the return value, `metadata` holds logs and traces when the plugin emits them
 *   (emit_logs / emit_traces); a plugin's error has its own status, `data: {code?, details?}` and its
 *   message under `error`. With `raw_response` neither is wrapped: the bare return value, or the bare
 *   `{code, details}` with its status.
 */
import { JsonSyntaxError, parseJson, stringifyJson } from '../api/json.js';
import { type Flavor, type SandboxResponse, badInput, fail, jsonResponse, ok } from './flavor.js';
import { ShapeError, expectObject, isObject, optional } from './validate.js';

export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'result';
export interface LogEntry {
  level: LogLevel;
  message: string;
}

export interface PluginOutcome {
  /** Plugin's return value (success) or undefined on error. */
  returnValue?: unknown;
  error?: { status: number; message: string; code: string; details: unknown };
  logs: LogEntry[];
  traces: unknown[];
  /** No `metadata` whatever the plugin's settings (v1.8's timeout answer). */
  noMetadata?: true;
}

/** What a call brings the plugin besides its params (the real server's PluginCallRequest). */
export interface PluginCall {
  params: unknown;
  /** '' for …/call, '/verify' for …/call/verify. */
  route: string;
  method: 'GET' | 'POST';
  query: Record<string, string[]>;
}

export interface PluginContext {
  flavor: Flavor;
  slowPluginMs: number;
  /** Waits ms (resolves early when the sandbox closes). */
  sleep(ms: number): Promise<void>;
  /** Called when a call reached a plugin. */
  onCall(): void;
  /** This sandbox's plugins (pluginStore.ts); the seeded ones when absent. */
  find?: (id: string) => PluginSpec | undefined;
}

/** One plugin: the settings the real server lists, and what it does. */
export interface PluginSpec {
  id: string;
  path: string;
  /** Seconds (a u64: bigint past 2^53 after a PATCH). */
  timeoutSecs: number | bigint;
  emit_logs: boolean;
  emit_traces: boolean;
  raw_response: boolean;
  allow_get_invocation: boolean;
  config: Record<string, unknown> | null;
  forward_logs: boolean;
  run(call: PluginCall, ctx: PluginContext): PluginOutcome | Promise<PluginOutcome>;
}

const LONG_MESSAGE =
  'Batch summary: ' +
  Array.from(
    { length: 12 },
    (_, i) => `item ${i + 1} -> relayer sepolia-main, nonce ${4100 + i}, gas estimate ${21000 + i * 1375}, status queued`,
  ).join('; ') +
  '. All items were accepted by the relayer and will be submitted in nonce order; check the transaction list for progress.';

function logsPlugin(): PluginOutcome {
  const returnValue = { ok: true, processed: 3 };
  return {
    returnValue,
    logs: [
      { level: 'log', message: 'plugin "logs" started' },
      { level: 'info', message: 'processing 3 items for relayer sepolia-main' },
      { level: 'debug', message: 'item 1: to=0x1111111111111111111111111111111111111111 value=1500000000000000000' },
      { level: 'warn', message: 'gas price 48 gwei is above the configured soft limit of 40 gwei' },
      { level: 'error', message: 'item 2: RPC timeout after 5000 ms, retrying (attempt 2 of 3)' },
      { level: 'info', message: LONG_MESSAGE },
      { level: 'debug', message: 'item 3: simulated successfully' },
      { level: 'result', message: stringifyJson(returnValue) },
    ],
    traces: [
      { relayerId: 'sepolia-main', method: 'sendTransaction', payload: { to: '0x1111111111111111111111111111111111111111', value: '1500000000000000000' } },
      { relayerId: 'sepolia-main', method: 'getTransaction', payload: { id: 'a1b2c3d4-0000-4000-8000-000000000001' } },
      { relayerId: 'sepolia-main', method: 'sendTransaction', payload: { to: '0x2222222222222222222222222222222222222222', value: '0' }, retries: 1 },
    ],
  };
}

const FAIL_MESSAGE = 'Plugin execution failed: insufficient balance for relayer sepolia-main';

function failPlugin(): PluginOutcome {
  return {
    error: {
      status: 422,
      message: FAIL_MESSAGE,
      code: 'INSUFFICIENT_BALANCE',
      details: { relayer_id: 'sepolia-main', required: '1500000000000000000', available: '1200000000000000' },
    },
    logs: [
      { level: 'info', message: 'checking balance of relayer sepolia-main' },
      { level: 'error', message: 'balance 1200000000000000 is below the required 1500000000000000000' },
    ],
    traces: [],
  };
}

/** `raw` answers bare: its params back, or (params.fail) a handler error of its own. */
function rawPlugin(call: PluginCall): PluginOutcome {
  const p = call.params;
  if (isObject(p) && p.fail === true) {
    return {
      error: { status: 400, message: 'Signature rejected', code: 'INVALID_SIGNATURE', details: { field: 'signature', reason: 'does not recover to the sender' } },
      logs: [],
      traces: [],
    };
  }
  return { returnValue: { received: p, method: call.method }, logs: [], traces: [] };
}

/** The routes `routed` answers; any other is its own 404. */
export const ROUTED_ROUTES = ['', '/verify', '/quote'] as const;

/** `routed` sees the route, the method and the query it was called with, and says them back. */
function routedPlugin(call: PluginCall): PluginOutcome {
  const logs: LogEntry[] = [{ level: 'info', message: `${call.method} ${call.route || '/'}` }];
  if (!(ROUTED_ROUTES as readonly string[]).includes(call.route)) {
    return { error: { status: 404, message: `No route ${call.route}`, code: 'ROUTE_NOT_FOUND', details: { route: call.route, routes: ROUTED_ROUTES.filter((r) => r) } }, logs, traces: [] };
  }
  const answer: Record<string, unknown> = { route: call.route, method: call.method, query: call.query, params: call.params };
  if (call.route === '/verify') answer.verified = true;
  if (call.route === '/quote') answer.quote = { fee: '21000000000000', token: 'ETH' };
  return { returnValue: answer, logs, traces: [] };
}

async function slowPlugin(call: PluginCall, ctx: PluginContext): Promise<PluginOutcome> {
  const p = call.params as Record<string, unknown> | null;
  const requested = typeof p === 'object' && p !== null && !Array.isArray(p) && typeof p.ms === 'number' ? p.ms : undefined;
  const ms = requested !== undefined && Number.isFinite(requested) && requested >= 0 ? requested : ctx.slowPluginMs;
  await ctx.sleep(ms);
  return { returnValue: call.params, logs: [{ level: 'info', message: `slept ${ms} ms` }], traces: [] };
}

const plugin = (id: string, over: Partial<PluginSpec> & Pick<PluginSpec, 'run'>): PluginSpec => ({
  id,
  path: `plugins/${id}.ts`,
  timeoutSecs: 300, // DEFAULT_PLUGIN_TIMEOUT_SECONDS
  emit_logs: false,
  emit_traces: false,
  raw_response: false,
  allow_get_invocation: false,
  config: null,
  forward_logs: false,
  ...over,
});

export const PLUGINS: readonly PluginSpec[] = [
  plugin('echo', { run: (c) => ({ returnValue: c.params, logs: [], traces: [] }) }),
  plugin('logs', { emit_logs: true, emit_traces: true, forward_logs: true, run: logsPlugin }),
  plugin('fail', { emit_logs: true, run: failPlugin }),
  plugin('slow', { timeoutSecs: 30, emit_logs: true, run: slowPlugin }),
  plugin('raw', { path: 'plugins/webhooks/raw.ts', raw_response: true, run: rawPlugin }),
  plugin('routed', {
    path: 'plugins/kyc/index.ts',
    timeoutSecs: 15,
    emit_logs: true,
    allow_get_invocation: true,
    config: { network: 'sepolia', relayer_id: 'sepolia-main', max_fee_wei: '2000000000000000', allowed_routes: ['/verify', '/quote'], retries: 3 },
    run: routedPlugin,
  }),
];

export const PLUGIN_IDS: readonly string[] = PLUGINS.map((p) => p.id);

/** A plugin as GET /plugins renders it (serde's field order; a Duration is {secs, nanos}). */
export function renderPlugin(p: PluginSpec): Record<string, unknown> {
  return {
    id: p.id,
    path: p.path,
    timeout: { secs: p.timeoutSecs, nanos: 0 },
    emit_logs: p.emit_logs,
    emit_traces: p.emit_traces,
    raw_response: p.raw_response,
    allow_get_invocation: p.allow_get_invocation,
    config: p.config,
    forward_logs: p.forward_logs,
  };
}

export function findPlugin(id: string): PluginSpec | undefined {
  return PLUGINS.find((p) => p.id === id);
}

/** Render a plugin outcome per flavor (and, real flavor, per the plugin's settings). */
export function renderPluginOutcome(flavor: Flavor, out: PluginOutcome, spec?: PluginSpec): SandboxResponse {
  if (flavor === 'real') {
    const emitLogs = spec ? spec.emit_logs : out.logs.length > 0;
    const emitTraces = spec ? spec.emit_traces : out.traces.length > 0;
    let metadata: Record<string, unknown> | undefined;
    if ((emitLogs || emitTraces) && !out.noMetadata) {
      metadata = {};
      if (emitLogs) metadata.logs = out.logs;
      if (emitTraces) metadata.traces = out.traces;
    }
    if (out.error) {
      const error = { code: out.error.code, details: out.error.details };
      if (spec?.raw_response) return jsonResponse(out.error.status, error);
      const env: Record<string, unknown> = { success: false, data: error, error: out.error.message };
      if (metadata) env.metadata = metadata;
      return jsonResponse(out.error.status, env);
    }
    if (spec?.raw_response) return jsonResponse(200, out.returnValue ?? null);
    const env: Record<string, unknown> = { success: true, data: out.returnValue ?? null, error: null };
    if (metadata) env.metadata = metadata;
    return jsonResponse(200, env);
  }
  if (out.error) {
    return ok({
      success: false,
      message: 'Plugin returned an error',
      error: out.error.message,
      return_value: '',
      logs: out.logs,
      traces: [],
    });
  }
  return ok({
    success: true,
    message: 'Plugin called successfully',
    error: '',
    return_value: stringifyJson(out.returnValue ?? null),
    logs: out.logs,
    traces: out.traces,
  });
}

function queryOf(query: URLSearchParams): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of query) (out[k] ??= []).push(v);
  return out;
}

/**
 * A plugin call. `route` is what follows `/call` in the path; `method` GET only reaches here in the
 * real flavour. The contract flavour takes `params` from the body (null without), as its document says.
 */
export async function handlePluginCall(
  ctx: PluginContext,
  pluginId: string,
  rawBody: string,
  call: { method?: 'GET' | 'POST'; route?: string; query?: URLSearchParams } = {},
): Promise<SandboxResponse> {
  const { flavor } = ctx;
  const method = call.method ?? 'POST';
  const query = call.query ?? new URLSearchParams();
  let params: unknown;
  if (flavor === 'real') {
    if (method === 'POST') {
      let body: unknown;
      try {
        body = parseJson(rawBody);
      } catch (err) {
        if (err instanceof JsonSyntaxError) return fail(flavor, 400, `Invalid JSON: ${err.message}`);
        throw err;
      }
      params = isObject(body) && 'params' in body ? body.params : body;
    } else {
      params = {};
    }
  } else {
    try {
      const body = expectObject(parseJson(rawBody), 'struct PluginCallRequest');
      params = optional(body, 'params') ?? null;
    } catch (err) {
      if (err instanceof JsonSyntaxError || err instanceof ShapeError) return badInput(flavor, 'json', err.message);
      throw err;
    }
  }
  const spec = (ctx.find ?? findPlugin)(pluginId);
  if (!spec) return fail(flavor, 404, flavor === 'real' ? `Plugin with id ${pluginId} not found` : `Plugin with ID ${pluginId} not found`);
  if (method === 'GET' && !spec.allow_get_invocation) {
    return fail(flavor, 405, "GET requests are not enabled for this plugin. Set 'allow_get_invocation: true' in plugin configuration to enable.");
  }
  ctx.onCall();
  // The route from the path, else the query's `route` (resolve_route).
  const route = call.route || (query.get('route') ?? '');
  const running = Promise.resolve(spec.run({ params, route, method, query: queryOf(query) }, ctx));
  const outcome = flavor === 'real' ? await withinTimeout(running, spec.timeoutSecs) : await running;
  return renderPluginOutcome(flavor, outcome, flavor === 'real' ? spec : undefined);
}

/** Longest wait a timer can hold (Node fires a longer one at once). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The plugin's answer, or v1.8's when it takes longer than its timeout (src/services/plugins/runner.rs:219-240
 * tokio::time::timeout → ScriptTimeout; src/services/plugins/mod.rs:363-378: 504, code TIMEOUT, no
 * details, no metadata, `Plugin execution timed out after N seconds`).
 */
async function withinTimeout(running: Promise<PluginOutcome>, secs: number | bigint): Promise<PluginOutcome> {
  const ms = Number(secs) * 1000;
  if (ms > MAX_TIMER_MS) return running;
  const timedOut: PluginOutcome = { error: { status: 504, message: `Plugin execution timed out after ${secs} seconds`, code: 'TIMEOUT', details: undefined }, logs: [], traces: [], noMetadata: true };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PluginOutcome>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), ms);
    timer.unref();
  });
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}
