/** `:plugin <id>`: edit the params (JSON), review, call; the last params per plugin stay for the session. */
import { useMemo, useState } from 'react';
import type { PluginCallResult } from '../../../api/index.js';
import { FormScreen } from '../../components/FormScreen.js';
import { useForm } from '../../forms/useForm.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { PluginResult, pluginResultLines } from './PluginResult.js';
import { pluginForm, pluginInitialValues } from './pluginForm.js';

export function PluginScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'plugin' }>>) {
  const rows = Math.max(3, Math.min(16, height - 8));
  const definition = useMemo(() => pluginForm(rows, route.pluginId !== ''), [rows, route.pluginId]);
  const form = useForm({
    draftKey: `plugin:${route.pluginId}`,
    definition,
    initialValues: pluginInitialValues(route.pluginId),
    mutation: 'plugin',
    keepAfterSend: true,
  });
  const [showTraces, setShowTraces] = useState(false);
  const [scroll, setScroll] = useState(0);
  const phase = form.state.phase;
  const resultHeight = height - 2;
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › plugin ${form.state.values.plugin_id ?? route.pluginId}`}
      unknownNext="Nothing was resent. The plugin may have run: check what it does before calling it again."
      result={(value) => <PluginResult result={value as PluginCallResult} showTraces={showTraces} scroll={scroll} height={resultHeight} width={width} />}
      resultKeys={(key) => {
        if (phase.kind !== 'done') return false;
        const count = pluginResultLines(phase.result as PluginCallResult, showTraces, width).length;
        if (key.name === 't') setShowTraces((t) => !t);
        else if (key.name === 'j' || key.name === 'down') setScroll((s) => Math.min(Math.max(0, count - resultHeight), s + 1));
        else if (key.name === 'k' || key.name === 'up') setScroll((s) => Math.max(0, s - 1));
        else return false;
        return true;
      }}
    />
  );
}
