/** `:plugin <id>`: edit the params (JSON), review, call; the last params per plugin stay for the session. */
import { useMemo, useState } from 'react';
import type { PluginCallResult } from '../../../api/index.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { PluginResult, pluginResultLines } from './PluginResult.js';
import { pluginForm, pluginInitialValues } from '../../../core/operations/plugin.js';
import { pluginTimeout } from '../../../core/columns/plugins.js';

export function PluginScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'plugin' }>>) {
  // Room for the fields above params (plugin id, route, method: a line and a hint each) and the intro: params fits whole
  // (a walk saw '↓ params below' over ten blank rows once method was added).
  const rows = Math.max(3, Math.min(16, height - 11));
  const definition = useMemo(() => pluginForm(rows, route.pluginId !== '', route.info), [rows, route.pluginId, route.info]);
  const form = useForm({
    draftKey: `plugin:${route.pluginId}`,
    definition,
    initialValues: pluginInitialValues(route.pluginId),
    keepAfterSend: true,
    persist: { form: 'plugin', target: route.pluginId },
  });
  const [showTraces, setShowTraces] = useState(false);
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › plugin ${form.state.values.plugin_id ?? route.pluginId}`}
      unknownNext="Nothing was resent. The plugin may have run: check what it does before calling it again."
      result={(value, scroll, rows) => (
        <PluginResult result={value as PluginCallResult} showTraces={showTraces} scroll={scroll} height={rows} width={width} />
      )}
      resultRows={(value) => pluginResultLines(value as PluginCallResult, showTraces, width).length}
      resultHint="t traces"
      intro={
        route.info
          ? [{ text: `  ${route.info.raw_response ? 'raw_response: its answer is its bare result' : 'answers in the envelope'} · timeout ${pluginTimeout(route.info.timeout)}${route.info.emit_logs ? ' · logs' : ''}${route.info.emit_traces ? ' · traces' : ''} · GET ${route.info.allow_get_invocation ? 'allowed' : 'not allowed'}`, tone: 'muted' }]
          : undefined
      }
      resultKeys={(key) => {
        if (key.name !== 't') return false;
        setShowTraces((t) => !t);
        return true;
      }}
    />
  );
}
