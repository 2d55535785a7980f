/** Call a plugin: its id and free-form JSON params (big integers kept exactly). */
import { parseJson, preparePluginCall } from '../../api/index.js';
import type { FormDefinition, Values } from './types.js';
import { apiFieldErrors, jsonCheck, required } from './validators.js';

export const DEFAULT_PARAMS = '{}';

export function pluginInitialValues(pluginId: string): Values {
  return { plugin_id: pluginId, params: DEFAULT_PARAMS };
}

export function pluginForm(rows: number, focusParams: boolean): FormDefinition {
  return {
    fields: [
      { name: 'plugin_id', label: 'plugin id', kind: 'text', hint: 'required, e.g. echo', validate: required() },
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
        const prepared = preparePluginCall(pluginId, params);
        return { request: { prepared, send: (client, options) => client.callPlugin(pluginId, params, options) } };
      } catch (e) {
        return { errors: apiFieldErrors(e) };
      }
    },
  };
}
