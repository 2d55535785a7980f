/**
 * `:plugins` (and `:plugin` without an id): the server's plugins (GET /plugins, OpenZeppelin Relayer),
 * chosen from a list instead of typed — enter opens the call form for the selected one, i shows it
 * whole (its `config` as data). A server without the list (the interface document) says so, and
 * enter opens the form to type the id.
 */
import { useEffect, useMemo } from 'react';
import { ApiError, type PluginInfo } from '../../../api/index.js';
import { Text } from '../../components/Text.js';
import { ListBody, listStatus, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { PLUGIN_COLUMNS } from '../../../core/columns/plugins.js';
import { wrapCells } from '../../../core/text/cells.js';
import { tone } from '../../theme.js';
import { mutationBlocked } from '../../mutations.js';
import { keyOperationOn } from '../../../core/operations/registry.js';
import { isSpecKind } from '../../../core/operations/specs.js';
import { openSpecOperation } from '../../actions.js';
import { useSessionEvent } from '../../sessionEvents.js';

const getId = (p: PluginInfo) => p.id;
const text = (p: PluginInfo) => `${p.id} ${p.path ?? ''}`;
const SCOPES = ['plugins', 'list'] as const;

export function PluginsScreen({ screenKey, width, height }: ScreenProps) {
  const services = useServices();
  const { client, now } = services;
  const shell = useShell();
  const list = usePagedList<PluginInfo>({
    fetch: async (q, signal) => {
      await client.detectDialect(signal);
      return client.listPlugins(q, { signal });
    },
    perPage: 100,
    getId,
    text,
    now,
  });
  useEffect(() => void list.refresh(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const unsupported = list.state.error instanceof ApiError && list.state.error.kind === 'unsupported';
  // A plugin's settings changed from here: the list read again.
  useSessionEvent('pluginsChanged', () => void list.refresh());
  const watch = useListScreen(screenKey, list, SCOPES, height, (cmd) => {
    // e: the plugin's settings (the registry's operation for the key, its spec's), refused at the key read-only.
    const op = keyOperationOn(cmd, 'pluginId');
    if (op && isSpecKind(op)) {
      const blocked = mutationBlocked(services, op);
      if (blocked) return blocked;
      if (unsupported) return "This server has no plugin list, and no PATCH /plugins/{id}: a plugin's settings cannot be changed here";
      const selected = list.getSelected();
      if (!selected) return 'No plugin selected';
      return openSpecOperation(op, { pluginId: selected.id }, undefined, services, shell, list.meta.current.loadedAt, { plugin: selected });
    }
    if (cmd !== 'open' && cmd !== 'info') return undefined;
    const selected = list.getSelected();
    // Calling one is a mutation: refused at the key when read-only (as e, X and P are).
    const blocked = cmd === 'open' ? mutationBlocked(services, 'plugin-call') : null;
    if (blocked) return blocked;
    // No list here: the form, to type the id.
    if (cmd === 'open' && (unsupported || !selected)) return openSpecOperation('plugin-call', { pluginId: '' }, undefined, services, shell);
    if (!selected) return 'No plugin selected';
    if (cmd === 'open') return openSpecOperation('plugin-call', { pluginId: selected.id }, undefined, services, shell, list.meta.current.loadedAt, { plugin: selected });
    shell.push({ kind: 'record', title: `plugin ${selected.id}`, key: `plugin:${selected.id}`, record: selected, readAt: list.meta.current.loadedAt });
    return true;
  });
  const note = useMemo(
    () => (unsupported ? wrapCells(`This server offers no plugin list (GET /plugins is the OpenZeppelin Relayer's). enter opens the call form to type the plugin's id.`, width).slice(0, 4) : []),
    [unsupported, list.state.error, width],
  );
  return (
    <ScreenFrame title="relayer-tui › plugins" scopes={SCOPES} width={width} height={height} status={{ ...listStatus(list, watch), error: unsupported ? null : list.state.error }}>
      {unsupported ? (
        note.map((l, i) => (
          <Text key={i} color={tone('warn')} wrap="truncate">
            {l}
          </Text>
        ))
      ) : (
        <ListBody list={list} columns={PLUGIN_COLUMNS} getId={getId} width={width} height={height} noun="plugins" />
      )}
    </ScreenFrame>
  );
}
