/**
 * A plugin's settings changed: PATCH /plugins/{id} (OpenZeppelin Relayer v1.8, src/models/plugin.rs
 * UpdatePluginRequest, `deny_unknown_fields`; apply_update) with only what changes, reviewed before →
 * after, the answer checked against it. v1.8's rules: `timeout` whole seconds above 0 (400 "Invalid
 * timeout: Timeout must be greater than 0"); `config` a JSON object. Its docs say `"config": null`
 * clears the config, but the field is `Option<Option<Map>>` without a double-option reader, and serde
 * reads a JSON null there as absent: v1.8 keeps the config. The review says so; `{}` empties it.
 * An executable spec with a form (spec.ts): `e` on a plugin (`:plugins`) opens it in the one generic
 * screen, each setting prefilled as listed and only what was changed sent; `relayer-tui plugins update
 * ID --plugin-timeout S --emit-logs on|off …` sends only what its flags give.
 */
import { parseJson, preparePluginUpdate, stringifyJson, type PluginInfo, type PluginUpdate, type RelayerClient } from '../../api/index.js';
import { displayText } from '../text/values.js';
import { readPlugin } from './plugin.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import type { ReviewLine } from './review.js';
import type { Built, FlagArgs, Flagged, NotFound, OperationSpec, SpecInput } from './spec.js';
import type { BuiltRequest, Effect, FieldSpec, Values } from './types.js';

const FLAGS = ['emit_logs', 'emit_traces', 'raw_response', 'allow_get_invocation', 'forward_logs'] as const;
type Flag = (typeof FLAGS)[number];

/** A plugin's timeout as the server writes it (a Duration `{secs, nanos}`, or seconds): whole seconds, or undefined. */
export function timeoutSeconds(t: unknown): number | undefined {
  if (typeof t === 'number') return t;
  const secs = (t as { secs?: unknown } | null)?.secs;
  return typeof secs === 'number' ? secs : undefined;
}

const configText = (c: unknown) => (c === undefined || c === null ? '(none)' : displayText(stringifyJson(c)));
const onOff = (v: unknown) => (v === true ? 'on' : v === false ? 'off' : '?');

/** What came back against the update: each key as asked. */
export function pluginUpdateEffect(body: PluginUpdate): (answer: unknown) => Effect {
  return (answer) => {
    const p = answer as PluginInfo | null;
    if (!p || typeof p !== 'object') return { kind: 'unchecked', words: 'the answer carries no plugin to compare' };
    const off: string[] = [];
    if (body.timeout !== undefined && timeoutSeconds(p.timeout) !== body.timeout) off.push(`timeout: asked ${body.timeout}s, the server has ${displayText(timeoutSeconds(p.timeout) ?? '?')}s`);
    for (const k of FLAGS) if (body[k] !== undefined && p[k] !== body[k]) off.push(`${k}: asked ${onOff(body[k])}, the server has ${onOff(p[k])}`);
    if (body.config !== undefined) {
      const has = p.config === undefined || p.config === null ? null : stringifyJson(p.config);
      const asked = body.config === null ? null : stringifyJson(body.config);
      if (has !== asked) off.push(`config: asked ${asked === null ? 'cleared' : displayText(asked)}, the server has ${configText(p.config)}${body.config === null ? ' (v1.8 reads "config": null as absent; {} empties it)' : ''}`);
    }
    const keys = Object.keys(body).join(', ');
    return off.length ? { kind: 'not as asked', words: off.join('; ') } : { kind: 'as asked', words: `plugin settings set as asked (${keys})` };
  };
}

/** What a plugin's change rests on: the plugin as listed (undefined: not read), and whether the server offers PATCH /plugins/{id}. */
export interface PluginUpdateInput extends SpecInput {
  target: OperationTarget & { pluginId: string };
  plugin: PluginInfo | undefined;
  offered: boolean | undefined;
}

/** The update, reviewed: before → after for each setting asked, and what v1.8 does with `"config": null`. */
function pluginUpdateRequest(pluginId: string, before: PluginInfo | undefined, body: PluginUpdate): BuiltRequest {
  const review: ReviewLine[] = [];
  if (body.timeout !== undefined) review.push({ label: 'timeout', value: `${before ? `${displayText(timeoutSeconds(before.timeout) ?? '?')}s` : '?'} → ${body.timeout}s` });
  for (const k of FLAGS) if (body[k] !== undefined) review.push({ label: k, value: `${before ? onOff(before[k]) : '?'} → ${onOff(body[k])}` });
  if (body.config !== undefined) {
    review.push({ label: 'config', value: `${before ? configText(before.config) : '?'} → ${body.config === null ? '(cleared)' : configText(body.config)}` });
    if (body.config === null) review.push({ label: '⚠ config null', value: 'v1.8 reads "config": null as not given (its docs say it clears): the config may stay as it is; send {} to empty it. What comes back is checked', tone: 'warn' });
  }
  const unchanged = before !== undefined && pluginUpdateEffect(body)(before).kind === 'as asked';
  if (unchanged) review.push({ label: '⚠ already', value: `plugin ${pluginId} is already as asked: nothing will change`, tone: 'warn' });
  return {
    ...(unchanged ? { already: `plugin ${pluginId} is already as asked (${Object.keys(body).join(', ')})` } : {}),
    op: 'plugin-update',
    target: { pluginId },
    what: `Change the settings of plugin ${pluginId}`,
    prepared: preparePluginUpdate(pluginId, body),
    review,
    send: (client, options) => client.updatePlugin(pluginId, body, options),
    effect: pluginUpdateEffect(body),
  };
}

/** on/off (true/false, yes/no) as the form's `on` or `off`, or undefined. */
function readOnOff(v: string): 'on' | 'off' | undefined {
  const t = v.trim().toLowerCase();
  return ['on', 'true', 'yes'].includes(t) ? 'on' : ['off', 'false', 'no'].includes(t) ? 'off' : undefined;
}

/** The config as typed: a JSON object, `null` (or nothing), or what is wrong with it. */
function readConfig(text: string): { config: Record<string, unknown> | null } | { error: string } {
  let v: unknown;
  try {
    v = parseJson(text.trim() === '' ? 'null' : text);
  } catch {
    return { error: 'not valid JSON: a JSON object ({"key": value}), or null' };
  }
  if (v === null) return { config: null };
  if (typeof v !== 'object' || Array.isArray(v)) return { error: 'a JSON object ({"key": value}), or null: v1.8 keeps a plugin\'s config as an object' };
  return { config: v as Record<string, unknown> };
}

const wholeSeconds = (v: string) => /^\d{1,9}$/.test(v.trim()) && Number(v) > 0;

/** Each on/off setting's flag (`--allow-get` for allow_get_invocation: the others by their names). */
const flagOf = (k: Flag) => (k === 'allow_get_invocation' ? 'allow-get' : k.replace(/_/g, '-'));

/**
 * The flags (`--plugin-timeout S`, `--emit-logs on|off`, …, `--plugin-config JSON` or
 * `--plugin-config-file FILE`) as the form's values: only those given (each sent as asked), or what is wrong.
 */
function fromFlags({ flags, files }: FlagArgs): Flagged {
  const values: Values = {};
  const given: Record<string, string> = {};
  // --plugin-timeout: --timeout is every command's HTTP timeout.
  const t = flags['plugin-timeout'];
  if (t !== undefined) {
    if (!wholeSeconds(t)) return { usage: `--plugin-timeout ${t}: whole seconds, more than 0 (the server refuses 0)` };
    values.timeout = t.trim();
    given.timeout = 'plugin-timeout';
  }
  for (const k of FLAGS) {
    const v = flags[flagOf(k)];
    if (v === undefined) continue;
    const b = readOnOff(v);
    if (b === undefined) return { usage: `--${flagOf(k)} ${v}: on or off` };
    values[k] = b;
    given[k] = flagOf(k);
  }
  const fromFile = files?.['plugin-config-file'];
  if (flags['plugin-config'] !== undefined && fromFile !== undefined) return { usage: 'give the config once: --plugin-config or --plugin-config-file' };
  const config = flags['plugin-config'] ?? fromFile;
  if (config !== undefined) {
    const flag = fromFile !== undefined ? 'plugin-config-file' : 'plugin-config';
    const c = readConfig(config);
    if ('error' in c) return { usage: `--${flag}: ${c.error}` };
    values.config = config;
    given.config = flag;
  }
  if (Object.keys(values).length === 0) return { usage: 'nothing to change: give --plugin-timeout, --emit-logs, --emit-traces, --raw-response, --allow-get, --forward-logs or --plugin-config' };
  return { values, given };
}

/** The request for the settings asked (`asked`: those given, or changed on the form), or why not. */
function build(i: PluginUpdateInput, v: Values, asked: ReadonlySet<string>): Built {
  const body: PluginUpdate = {};
  if (asked.has('timeout')) body.timeout = Number(v.timeout);
  for (const k of FLAGS) if (asked.has(k)) body[k] = v[k] === 'on';
  if (asked.has('config')) {
    const c = readConfig(v.config ?? '');
    if ('error' in c) return { errors: { config: c.error } };
    body.config = c.config;
  }
  if (Object.keys(body).length === 0) return { errors: { _form: 'nothing changed: every setting is as it is now' } };
  return { request: pluginUpdateRequest(i.target.pluginId, i.plugin, body) };
}

/** The form's values: the plugin's settings as read. */
function valuesOf(p: PluginInfo | undefined): Values {
  const out: Values = { timeout: String(timeoutSeconds(p?.timeout) ?? ''), config: p?.config === undefined || p?.config === null ? '' : stringifyJson(p.config, 2) };
  for (const k of FLAGS) out[k] = p?.[k] === true ? 'on' : 'off';
  return out;
}

/** The plugin as listed now (the review's before); not among the server's plugins: not found (where the server has a list). */
async function read(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<PluginUpdateInput | NotFound> {
  const pluginId = target.pluginId ?? '';
  await client.detectDialect(signal);
  const plugin = await readPlugin(client, pluginId, signal);
  if (!plugin && client.supports('plugins') !== false) return { notFound: { what: 'plugin', id: pluginId } };
  return { target: { pluginId }, plugin, offered: client.supports('plugins') };
}

export const pluginUpdateSpec: OperationSpec<'plugin-update', PluginUpdateInput> = {
  kind: 'plugin-update',
  entry: OPERATIONS['plugin-update'],
  read,
  // The list's row: the form opens on it at once.
  known: (client, target, _relayer, seen) => (seen?.plugin && seen.plugin.id === target.pluginId ? { target: { pluginId: seen.plugin.id }, plugin: seen.plugin, offered: client.supports('plugins') } : null),
  refusal: (i) => (i.offered === false ? { kind: 'not-offered', doing: "changing a plugin's settings", endpoint: 'PATCH /plugins/{id}' } : null),
  // Each setting prefilled as it is; only what is changed is sent.
  form: (i) => {
    const choice = (name: Flag, hint: string): FieldSpec => ({ name, label: name, kind: 'choice', options: ['on', 'off'], hint });
    return {
      title: `plugin ${i.target.pluginId} › settings`,
      fields: [
        { name: 'timeout', label: 'timeout', kind: 'text', hint: 'whole seconds, more than 0', validate: (v) => (wholeSeconds(v) ? null : 'whole seconds, more than 0') },
        choice('emit_logs', "the call's answer carries the plugin's logs"),
        choice('emit_traces', "the call's answer carries its traces"),
        choice('raw_response', 'answer with the bare result (no {success, data} envelope)'),
        choice('allow_get_invocation', 'GET …/call may run it (else 405)'),
        choice('forward_logs', "the plugin's logs go to the server's own log"),
        { name: 'config', label: 'config', kind: 'json', rows: 5, hint: 'a JSON object: the plugin\'s own settings ({} empties it)', validate: (v) => { const c = readConfig(v); return 'error' in c ? c.error : null; } },
      ],
      focus: 'timeout',
      initial: valuesOf(i.plugin),
      unknownNext: () => 'Nothing was resent. Look at the plugin (i on it in :plugins) to see whether its settings changed.',
    };
  },
  fromFlags,
  fileOptions: ['plugin-config-file'],
  build,
  reviewNotes: (i) => (i.plugin ? [] : [{ label: '⚠ before', value: `plugin ${i.target.pluginId} could not be read first: its settings now are not known`, tone: 'warn' as const }]),
  // Built against its settings as listed: sent only if they are still so.
  basis: (i) => `plugin ${i.plugin ? stringifyJson(valuesOf(i.plugin)) : 'unread'}`,
  events: (_answer, i) => [{ kind: 'plugin', pluginId: i.target.pluginId }],
};
