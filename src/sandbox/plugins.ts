/**
 * POST /plugins/{id}/call. Built-in plugins: echo, logs, fail, slow.
 * Contract flavor: `data` is the plugin-call-result object with `return_value` as JSON text.
 * Real flavor: `data` is the return value itself, logs and traces in `metadata`; plugin errors use their own status.
 */
import { JsonSyntaxError, parseJson, stringifyJson } from '../api/json.js';
import { type Flavor, type SandboxResponse, badInput, fail, jsonResponse, ok } from './flavor.js';
import { ShapeError, expectObject, optional } from './validate.js';

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
}

export const PLUGIN_IDS = ['echo', 'logs', 'fail', 'slow'] as const;

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

export interface PluginContext {
  flavor: Flavor;
  slowPluginMs: number;
  /** Waits ms (resolves early when the sandbox closes). */
  sleep(ms: number): Promise<void>;
  /** Called when a call reached a plugin. */
  onCall(): void;
}

/** Render a plugin outcome per flavor. */
export function renderPluginOutcome(flavor: Flavor, out: PluginOutcome): SandboxResponse {
  if (flavor === 'real') {
    if (out.error) {
      return jsonResponse(out.error.status, {
        success: false,
        data: { code: out.error.code, details: out.error.details },
        error: out.error.message,
      });
    }
    const env: Record<string, unknown> = { success: true, data: out.returnValue ?? null, error: null };
    if (out.logs.length > 0 || out.traces.length > 0) {
      const metadata: Record<string, unknown> = {};
      if (out.logs.length > 0) metadata.logs = out.logs;
      if (out.traces.length > 0) metadata.traces = out.traces;
      env.metadata = metadata;
    }
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

export async function handlePluginCall(ctx: PluginContext, pluginId: string, rawBody: string): Promise<SandboxResponse> {
  const { flavor } = ctx;
  let params: unknown;
  try {
    const body = expectObject(parseJson(rawBody), 'struct PluginCallRequest');
    params = optional(body, 'params') ?? null;
  } catch (err) {
    if (err instanceof JsonSyntaxError || err instanceof ShapeError) return badInput(flavor, 'json', err.message);
    throw err;
  }
  if (!(PLUGIN_IDS as readonly string[]).includes(pluginId)) {
    return fail(flavor, 404, flavor === 'real' ? `Plugin with id ${pluginId} not found` : `Plugin with ID ${pluginId} not found`);
  }
  ctx.onCall();
  let outcome: PluginOutcome;
  switch (pluginId) {
    case 'echo':
      outcome = { returnValue: params, logs: [], traces: [] };
      break;
    case 'logs':
      outcome = logsPlugin();
      break;
    case 'fail':
      outcome = failPlugin();
      break;
    default: {
      // slow
      const p = params as Record<string, unknown> | null;
      const requested = typeof p === 'object' && p !== null && !Array.isArray(p) && typeof p.ms === 'number' ? p.ms : undefined;
      const ms = requested !== undefined && Number.isFinite(requested) && requested >= 0 ? requested : ctx.slowPluginMs;
      await ctx.sleep(ms);
      outcome = { returnValue: params, logs: [{ level: 'info', message: `slept ${ms} ms` }], traces: [] };
    }
  }
  return renderPluginOutcome(flavor, outcome);
}
