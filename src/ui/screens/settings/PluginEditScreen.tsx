/**
 * `e` on a plugin (`:plugins`): its settings — timeout, logs, traces, raw response, GET, its config —
 * prefilled as listed; one PATCH of only what changes, reviewed (core/operations/pluginUpdate.ts).
 */
import { useMemo } from 'react';
import { useForm } from '../../forms/useForm.js';
import { RecordFormScreen } from './RecordFormScreen.js';
import { useServices } from '../../services.js';
import { useSessionEvents } from '../../sessionEvents.js';
import type { ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { pluginUpdateForm, pluginUpdateValues } from '../../../core/operations/pluginUpdate.js';

export function PluginEditScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'pluginEdit' }>>) {
  const { client } = useServices();
  const events = useSessionEvents();
  const p = route.plugin;
  const definition = useMemo(() => pluginUpdateForm(p.id, p, client.supports('plugins')), [p, client]);
  const initialValues = useMemo(() => pluginUpdateValues(p), [p]);
  const form = useForm({ draftKey: `plugin-settings:${p.id}`, definition, initialValues, onSent: () => events.emit('pluginsChanged', { id: p.id }) });
  return (
    <RecordFormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={`relayer-tui › plugin ${p.id} › settings`}
      unknownNext="Nothing was resent. Look at the plugin (i on it in :plugins) to see whether its settings changed."
    />
  );
}
