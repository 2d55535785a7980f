/**
 * Call a plugin: its id and free-form JSON params (big integers kept exactly), by POST; or by GET
 * (OpenZeppelin Relayer: a plugin with `allow_get_invocation`, else 405) with no body — the plugin
 * sees `{}` as its params and the query given.
 */
import { parseJson, pluginRoute, preparePluginCall, preparePluginGet, type PluginInfo, type RelayerClient } from '../../api/index.js';
import type { FormDefinition, Values } from './types.js';
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

export function pluginInitialValues(pluginId: string, route = ''): Values {
  return { plugin_id: pluginId, route, method: 'POST', query: '', params: DEFAULT_PARAMS };
}

/** `k=v` items (a line each, or `&`-joined) into the query, or what is wrong with one. */
export function readQuery(text: string): { query: [string, string][] } | { error: string } {
  const query: [string, string][] = [];
  for (const item of text.split(/[\n&]/).map((x) => x.trim()).filter(Boolean)) {
    const eq = item.indexOf('=');
    if (eq < 1) return { error: `"${item}": write key=value` };
    query.push([item.slice(0, eq), item.slice(eq + 1)]);
  }
  return { query };
}

/** `info`: the plugin as listed (its allow_get_invocation decides whether GET is refused before sending). */
export function pluginForm(rows: number, focusParams: boolean, info?: PluginInfo): FormDefinition {
  const isGet = (all: Readonly<Record<string, string>>) => all.method === 'GET';
  return {
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
        rows,
        // `{}` until something is typed: the first key replaces it.
        placeholder: true,
        hint: 'any JSON value; numbers are sent exactly as typed',
        validate: (v) => jsonCheck(v, 'use null for no params'),
      },
    ],
    focus: focusParams ? 'params' : 'plugin_id',
    build: (v) => {
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
              review: [{ label: 'GET', value: 'no body: the plugin sees {} as its params, and the query above' }],
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
    },
  };
}
