/** Call a plugin: its id and free-form JSON params (big integers kept exactly). */
import { parseJson, pluginRoute, preparePluginCall } from '../../api/index.js';
import type { FormDefinition, Values } from './types.js';
import { apiFieldErrors, jsonCheck, required } from './validators.js';
import { pluginEffect } from './effects.js';

export const DEFAULT_PARAMS = '{}';

export function pluginInitialValues(pluginId: string, route = ''): Values {
  return { plugin_id: pluginId, route, params: DEFAULT_PARAMS };
}

export function pluginForm(rows: number, focusParams: boolean): FormDefinition {
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
      {
        name: 'params',
        label: 'params',
        kind: 'json',
        rows,
        // `{}` until something is typed: the first key replaces it.
        placeholder: true,
        hint: 'any JSON value; numbers are sent exactly as typed',
        validate: jsonCheck,
      },
    ],
    focus: focusParams ? 'params' : 'plugin_id',
    build: (v) => {
      const pluginId = (v.plugin_id ?? '').trim();
      let params: unknown;
      try {
        params = parseJson(v.params ?? '', { exactNumbers: true });
      } catch {
        return { errors: { params: jsonCheck(v.params ?? '') ?? 'not valid JSON' } };
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
