/**
 * Call a plugin: its id and free-form JSON params (big integers kept exactly), by POST; or by GET
 * (OpenZeppelin Relayer: a plugin with `allow_get_invocation`, else 405) with no body — the plugin
 * sees `{}` as its params and the query given.
 * An executable spec with a form (spec.ts): `:plugin ID` (enter on a plugin in `:plugins`) opens it in
 * the one generic screen, its params a multi-line JSON editor (invalid JSON pointed at by line and
 * column before anything is sent; the params kept after a call); `relayer-tui plugin ID --params JSON |
 * --params-file FILE | - | --get [--query K=V]…` fills the same form from its flags.
 */
import { parseJson, pluginRoute, preparePluginCall, preparePluginGet, type PluginInfo, type RelayerClient } from '../../api/index.js';
import { pluginTimeout } from '../columns/plugins.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import type { Built, FlagArgs, Flagged, OperationSpec, SpecInput } from './spec.js';
import type { Values } from './types.js';
import { apiFieldErrors, jsonCheck, required } from './validators.js';
import { pluginEffect } from './effects.js';

export const DEFAULT_PARAMS = '{}';

/** The plugin as listed (GET /plugins/{id} is not asked: the list has every field), or undefined (not listed, or no list here). */
export async function readPlugin(client: RelayerClient, id: string, signal?: AbortSignal): Promise<PluginInfo | undefined> {
  if (!client.offers('plugins')) return undefined;
  for (let page = 1; page <= 20; page++) {
    const p = await client.listPlugins({ page, perPage: 100 }, signal ? { signal } : {}).catch(() => undefined);
    const found = p?.items.find((x) => x.id === id);
    if (found || !p || p.items.length < 100) return found;
  }
  return undefined;
}

/** `k=v` items (a line each, or `&`-joined) into the query, or what is wrong with one. */
function readQuery(text: string): { query: [string, string][] } | { error: string } {
  const query: [string, string][] = [];
  for (const item of text.split(/[\n&]/).map((x) => x.trim()).filter(Boolean)) {
    const eq = item.indexOf('=');
    if (eq < 1) return { error: `"${item}": write key=value` };
    query.push([item.slice(0, eq), item.slice(eq + 1)]);
  }
  return { query };
}

/** What a call rests on: the plugin as listed (its allow_get_invocation decides whether GET is refused before sending; undefined: not known). */
export interface PluginCallInput extends SpecInput {
  target: OperationTarget & { pluginId: string };
  info: PluginInfo | undefined;
}

const isGet = (all: Readonly<Record<string, string>>) => all.method === 'GET';

/** The call the values make (the plugin id as typed), or why not, on its field. */
function build(info: PluginInfo | undefined, v: Values): Built {
  const pluginId = (v.plugin_id ?? '').trim();
  if (isGet(v)) {
    if (info && info.id === pluginId && info.allow_get_invocation !== true) return { errors: { _form: `plugin ${pluginId} does not allow GET (allow_get_invocation is off): the server answers 405. POST it, or turn it on (plugins update ${pluginId} --allow-get on)` } };
    const q = readQuery(v.query ?? '');
    if ('error' in q) return { errors: { query: q.error } };
    try {
      const route = (v.route ?? '').trim();
      return {
        request: {
          op: 'plugin-call',
          target: { pluginId },
          what: `Call plugin ${pluginId} by GET${route ? ` at route ${route}` : ''}`,
          prepared: preparePluginGet(pluginId, route, q.query),
          review: [
            { label: 'GET', value: `no body: the plugin sees {} as its params${q.query.length ? ', and the query above' : ', and no query'}` },
            // Whether it allows GET was read from the list where it is listed; else said not known (never taken as allowed).
            ...(info && info.id === pluginId ? [] : [{ label: 'allow_get', value: "not known: the plugin was not found in the server's list (or the list could not be read); the server answers 405 where it is off" }]),
          ],
          send: (client, options) => client.callPlugin(pluginId, {}, { ...options, route, get: q.query }),
          effect: pluginEffect,
        },
      };
    } catch (e) {
      return { errors: apiFieldErrors(e) };
    }
  }
  let params: unknown;
  try {
    params = parseJson(v.params ?? '', { exactNumbers: true });
  } catch {
    return { errors: { params: jsonCheck(v.params ?? '', 'use null for no params') ?? 'not valid JSON' } };
  }
  try {
    const route = (v.route ?? '').trim();
    const prepared = preparePluginCall(pluginId, params, route);
    return {
      request: {
        op: 'plugin-call',
        target: { pluginId },
        what: `Call plugin ${pluginId}${route ? ` at route ${route}` : ''}`,
        prepared,
        send: (client, options) => client.callPlugin(pluginId, params, { ...options, route }),
        effect: pluginEffect,
      },
    };
  } catch (e) {
    return { errors: apiFieldErrors(e) };
  }
}

/**
 * `--params JSON`, `--params-file FILE` or `-` (standard input), once; or `--get` with `--query K=V`
 * repeated (no body); `--route /PATH` either way.
 */
function fromFlags({ flags, lists, files }: FlagArgs): Flagged {
  const sources = (['params', 'params-file', '-'] as const).filter((s) => (s === 'params' ? flags.params : files?.[s]) !== undefined);
  const named = (s: string) => (s === '-' ? '-' : `--${s}`);
  if (sources.length > 1) return { usage: `give the params once: ${sources.map(named).join(' or ')}` };
  const get = flags.get !== undefined;
  const query = lists.query ?? [];
  if (get && sources.length) return { usage: `--get sends no body (the plugin sees {} as its params): not with ${named(sources[0]!)}; give --query K=V instead` };
  if (!get && query.length) return { usage: '--query goes with --get (a POST carries --params)' };
  const from = sources[0];
  const values: Values = { ...(flags.route !== undefined ? { route: flags.route } : {}), ...(get ? { method: 'GET', query: query.map((q) => q.trim()).join('\n') } : {}), ...(from ? { params: from === 'params' ? flags.params! : files![from]! } : {}) };
  const given: Record<string, string> = { ...(flags.route !== undefined ? { route: 'route' } : {}), ...(get ? { method: 'get', query: 'query' } : {}), ...(from ? { params: from } : {}) };
  return { values, given };
}

export const pluginCallSpec: OperationSpec<'plugin-call', PluginCallInput> = {
  kind: 'plugin-call',
  entry: OPERATIONS['plugin-call'],
  // The plugin as listed: whether GET is allowed, and what the form says of it.
  read: async (client, target, signal) => {
    await client.detectDialect(signal);
    const pluginId = target.pluginId ?? '';
    return { target: { pluginId }, info: await readPlugin(client, pluginId, signal) };
  },
  // The form opens at once: on the :plugins row where it was chosen there, else knowing nothing of the plugin (as typed at :plugin).
  known: (_client, target, _relayer, seen) => ({ target: { pluginId: target.pluginId ?? '' }, info: seen?.plugin && seen.plugin.id === target.pluginId ? seen.plugin : undefined }),
  refusal: () => null,
  standsAsTyped: true,
  form: (i) => {
    const info = i.info;
    return {
      title: (v) => `plugin ${v.plugin_id ?? i.target.pluginId}`,
      fields: [
        { name: 'plugin_id', label: 'plugin id', kind: 'text', hint: 'required, e.g. echo', validate: required() },
        {
          name: 'route',
          label: 'route',
          kind: 'text',
          hint: 'optional, e.g. /verify: POST /plugins/{id}/call/verify (OpenZeppelin Relayer)',
          validate: (v) => {
            try {
              pluginRoute(v);
              return null;
            } catch (e) {
              return apiFieldErrors(e).route ?? 'not a route';
            }
          },
        },
        { name: 'method', label: 'method', kind: 'choice', options: ['POST', 'GET'], hint: 'POST sends params; GET only where the plugin allows it (allow_get_invocation)' },
        { name: 'query', label: 'query', kind: 'text', hint: 'key=value&key=value: what a GET passes the plugin', hidden: (all) => !isGet(all), validate: (v) => { const q = readQuery(v); return 'error' in q ? q.error : null; } },
        {
          name: 'params',
          label: 'params',
          kind: 'json',
          hidden: isGet,
          // The rows the screen has left, 16 at most.
          rows: 16,
          fill: true,
          // `{}` until something is typed: the first key replaces it.
          placeholder: true,
          hint: 'any JSON value; numbers are sent exactly as typed',
          validate: (v) => jsonCheck(v, 'use null for no params'),
        },
      ],
      focus: i.target.pluginId !== '' ? 'params' : 'plugin_id',
      initial: { plugin_id: i.target.pluginId, route: '', method: 'POST', query: '', params: DEFAULT_PARAMS },
      ...(info ? { intro: [`${info.raw_response ? 'raw_response: its answer is its bare result' : 'answers in the envelope'} · timeout ${pluginTimeout(info.timeout)}${info.emit_logs ? ' · logs' : ''}${info.emit_traces ? ' · traces' : ''} · GET ${info.allow_get_invocation ? 'allowed' : 'not allowed'}`] } : {}),
      keepAfterSend: true,
      unknownNext: () => 'Nothing was resent. The plugin may have run: check what it does before calling it again.',
    };
  },
  fromFlags,
  fileOptions: ['params-file'],
  stdinArgument: 'params',
  build: (i, v) => build(i.info, v),
  reviewNotes: () => [],
  // A GET rests on the plugin allowing it.
  basis: (i) => `plugin ${i.info ? `allow_get_invocation ${i.info.allow_get_invocation === true}` : 'unread'}`,
  // What a call did is the plugin's own: no list behind holds it.
  events: () => [],
};
