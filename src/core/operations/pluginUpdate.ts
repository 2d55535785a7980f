/**
 * A plugin's settings changed: PATCH /plugins/{id} (OpenZeppelin Relayer v1.8, src/models/plugin.rs
 * UpdatePluginRequest, `deny_unknown_fields`; apply_update) with only what changes, reviewed before →
 * after, the answer checked against it. v1.8's rules: `timeout` whole seconds above 0 (400 "Invalid
 * timeout: Timeout must be greater than 0"); `config` a JSON object. Its docs say `"config": null`
 * clears the config, but the field is `Option<Option<Map>>` without a double-option reader, and serde
 * reads a JSON null there as absent: v1.8 keeps the config. The review says so; `{}` empties it.
 */
import { parseJson, preparePluginUpdate, stringifyJson, type PluginInfo, type PluginUpdate } from '../../api/index.js';
import { displayText } from '../text/values.js';
import type { Refusal } from './cancel.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, Effect, FieldSpec, FormDefinition } from './types.js';

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

/** The update, reviewed; refused where the server has no such endpoint. */
export function pluginUpdateRequest(pluginId: string, before: PluginInfo | undefined, body: PluginUpdate, offered: boolean | undefined): BuiltRequest | Refusal {
  if (offered === false) return { refuse: "this server (not the OpenZeppelin Relayer) has no PATCH /plugins/{id}: a plugin's settings cannot be changed here" };
  const review: ReviewLine[] = [];
  if (!before) review.push({ label: '⚠ before', value: `plugin ${pluginId} could not be read first: its settings now are not known`, tone: 'warn' });
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

/** on/off (true/false, yes/no) into a boolean, or undefined. */
function readOnOff(v: string): boolean | undefined {
  const t = v.trim().toLowerCase();
  return ['on', 'true', 'yes'].includes(t) ? true : ['off', 'false', 'no'].includes(t) ? false : undefined;
}

/** The config as typed: a JSON object, `null`, or what is wrong with it. */
function readConfig(text: string): { config: Record<string, unknown> | null } | { error: string } {
  let v: unknown;
  try {
    v = parseJson(text);
  } catch {
    return { error: 'not valid JSON: a JSON object ({"key": value}), or null' };
  }
  if (v === null) return { config: null };
  if (typeof v !== 'object' || Array.isArray(v)) return { error: 'a JSON object ({"key": value}), or null: v1.8 keeps a plugin\'s config as an object' };
  return { config: v as Record<string, unknown> };
}

/** The flags (`--plugin-timeout S`, `--emit-logs on|off`, …, `--plugin-config JSON`) into the update, or what is wrong. */
export function pluginUpdateFromFlags(flags: Readonly<Record<string, string | undefined>>): { body: PluginUpdate } | { error: string } {
  const body: PluginUpdate = {};
  // --plugin-timeout: --timeout is every command's HTTP timeout.
  const t = flags['plugin-timeout'];
  if (t !== undefined) {
    if (!/^\d{1,9}$/.test(t.trim()) || Number(t) === 0) return { error: `--plugin-timeout ${t}: whole seconds, more than 0 (the server refuses 0)` };
    body.timeout = Number(t);
  }
  for (const k of FLAGS) {
    const flag = `--${k === 'allow_get_invocation' ? 'allow-get' : k.replace(/_/g, '-')}`;
    const v = flags[flag.slice(2)];
    if (v === undefined) continue;
    const b = readOnOff(v);
    if (b === undefined) return { error: `${flag} ${v}: on or off` };
    body[k as Flag] = b;
  }
  if (flags['plugin-config'] !== undefined) {
    const c = readConfig(flags['plugin-config']);
    if ('error' in c) return { error: `--plugin-config: ${c.error}` };
    body.config = c.config;
  }
  if (Object.keys(body).length === 0) return { error: 'nothing to change: give --plugin-timeout, --emit-logs, --emit-traces, --raw-response, --allow-get, --forward-logs or --plugin-config' };
  return { body };
}

/** The form (`e` on a plugin): each setting prefilled as it is; only what differs is sent. */
export function pluginUpdateForm(pluginId: string, before: PluginInfo | undefined, offered: boolean | undefined): FormDefinition {
  const now = pluginUpdateValues(before);
  const choice = (name: Flag, hint: string): FieldSpec => ({ name, label: name, kind: 'choice', options: ['on', 'off'], hint });
  return {
    fields: [
      { name: 'timeout', label: 'timeout', kind: 'text', hint: 'whole seconds, more than 0', validate: (v) => (/^\d{1,9}$/.test(v.trim()) && Number(v) > 0 ? null : 'whole seconds, more than 0') },
      choice('emit_logs', "the call's answer carries the plugin's logs"),
      choice('emit_traces', "the call's answer carries its traces"),
      choice('raw_response', 'answer with the bare result (no {success, data} envelope)'),
      choice('allow_get_invocation', 'GET …/call may run it (else 405)'),
      choice('forward_logs', "the plugin's logs go to the server's own log"),
      { name: 'config', label: 'config', kind: 'json', rows: 5, hint: 'a JSON object: the plugin\'s own settings ({} empties it)', validate: (v) => { const c = readConfig(v.trim() === '' ? 'null' : v); return 'error' in c ? c.error : null; } },
    ],
    focus: 'timeout',
    build: (v): { request: BuiltRequest } | { errors: Record<string, string> } => {
      const body: PluginUpdate = {};
      if ((v.timeout ?? '').trim() !== now.timeout) body.timeout = Number(v.timeout);
      for (const k of FLAGS) if (v[k] !== now[k]) body[k] = v[k] === 'on';
      if ((v.config ?? '').trim() !== now.config!.trim()) {
        const c = readConfig((v.config ?? '').trim() === '' ? 'null' : v.config!);
        if ('error' in c) return { errors: { config: c.error } };
        body.config = c.config;
      }
      if (Object.keys(body).length === 0) return { errors: { _form: 'nothing changed: every setting is as it is now' } };
      const built = pluginUpdateRequest(pluginId, before, body, offered);
      return 'refuse' in built ? { errors: { _form: built.refuse } } : { request: built };
    },
  };
}

/** The form's values: the plugin's settings as read. */
export function pluginUpdateValues(p: PluginInfo | undefined): Record<string, string> {
  const out: Record<string, string> = { timeout: String(timeoutSeconds(p?.timeout) ?? ''), config: p?.config === undefined || p?.config === null ? '' : stringifyJson(p.config, 2) };
  for (const k of FLAGS) out[k] = p?.[k] === true ? 'on' : 'off';
  return out;
}
