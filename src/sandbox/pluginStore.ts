/**
 * One sandbox's plugins (a copy of PLUGINS each: a PATCH changes what that sandbox's later GETs and
 * calls see, not another's), and PATCH /plugins/{id} as v1.8 takes it (src/api/routes/plugin.rs:234-243,
 * src/api/controllers/plugin.rs:220-254, src/models/plugin.rs:57-134):
 * - the body is read as UpdatePluginRequest (deny_unknown_fields): `timeout` (u64 seconds),
 *   `emit_logs`, `emit_traces`, `raw_response`, `allow_get_invocation`, `forward_logs` (booleans),
 *   `config` (a JSON object) — every one optional; `null` for any of them changes nothing. `config: null`
 *   too: the field is an Option<Option<Map>> without a double-option deserializer, so serde reads null
 *   as "absent" (the docs say it clears the config; the code does not). `config: {}` empties it.
 *   A body that does not read: 400 text/plain `Json deserialize error: … at line L column C` (typedBody.ts),
 *   before the plugin is looked up;
 * - 404 `Plugin with id <id> not found` (plugin.rs:237-241);
 * - `timeout: 0`: 400 `Timeout must be greater than 0` (apply_update, plugin.rs:95-100: the
 *   PluginValidationError's inner text, not its Display);
 * - 200 with the whole plugin as GET /plugins/{id} answers it (PluginModel: timeout as {secs, nanos}).
 * What a call then sees: emit_logs / emit_traces (metadata), raw_response, allow_get_invocation (405
 * otherwise), config, and timeout (plugins.ts: past it a call answers 504).
 */
import { type SandboxResponse, badInput, fail, ok, readJsonBody } from './flavor.js';
import { PLUGINS, type PluginSpec, renderPlugin } from './plugins.js';
import { asValue, readTyped } from './serde.js';
import { type BodyField, readBody } from './typedBody.js';

const bool = (v: unknown) => readTyped({ k: 'opt', t: { k: 'bool' } }, v);
const UPDATE_PLUGIN_REQUEST: BodyField[] = [
  { name: 'timeout', read: (v) => readTyped({ k: 'opt', t: { k: 'uint', name: 'u64', max: (1n << 64n) - 1n } }, v) },
  { name: 'emit_logs', read: bool },
  { name: 'emit_traces', read: bool },
  { name: 'raw_response', read: bool },
  { name: 'allow_get_invocation', read: bool },
  { name: 'config', read: (v) => readTyped({ k: 'opt', t: { k: 'map' } }, v), dflt: true },
  { name: 'forward_logs', read: bool },
];

export class PluginStore {
  private readonly byId = new Map<string, PluginSpec>();

  constructor() {
    for (const p of PLUGINS) this.byId.set(p.id, { ...p, config: p.config === null ? null : structuredClone(p.config) });
  }

  all(): PluginSpec[] {
    return [...this.byId.values()];
  }

  find(id: string): PluginSpec | undefined {
    return this.byId.get(id);
  }

  /** PATCH /plugins/{id} (the real flavour's). */
  update(id: string, rawBody: string): SandboxResponse {
    const json = readJsonBody('real', rawBody);
    if ('response' in json) return json.response;
    const read = readBody(rawBody, 'UpdatePluginRequest', UPDATE_PLUGIN_REQUEST);
    if ('error' in read) return badInput('real', 'json', read.error);
    const p = this.byId.get(id);
    if (!p) return fail('real', 404, `Plugin with id ${id} not found`);
    const u = read.value;
    if (u.timeout !== undefined && BigInt(u.timeout as number | bigint) === 0n) return fail('real', 400, 'Timeout must be greater than 0');
    const next: PluginSpec = { ...p };
    if (u.timeout !== undefined) next.timeoutSecs = u.timeout as number | bigint;
    for (const k of ['emit_logs', 'emit_traces', 'raw_response', 'allow_get_invocation', 'forward_logs'] as const) {
      if (typeof u[k] === 'boolean') next[k] = u[k];
    }
    if (u.config !== undefined) next.config = asValue(u.config) as Record<string, unknown>;
    this.byId.set(id, next);
    return ok(renderPlugin(next));
  }
}
