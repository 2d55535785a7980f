/** Every relayer's state at a glance; enter opens its transactions, i its detail. */
import { useEffect } from 'react';
import type { Relayer } from '../../../api/index.js';
import { ListBody, listStatus, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useDirectory } from '../../directory.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { RELAYER_COLUMNS, relayerSearchText, sortRelayers } from './columns.js';
import { RELAYERS_PER_PAGE } from './pageSize.js';

const getId = (r: Relayer) => r.id;
const SCOPES = ['relayers', 'list'] as const;

export function RelayersScreen({ screenKey, width, height }: ScreenProps) {
  const { client, now, initialRelayers } = useServices();
  const directory = useDirectory();
  const shell = useShell();
  const list = usePagedList<Relayer>({
    fetch: (q, signal) => client.listRelayers(q, { signal }),
    perPage: RELAYERS_PER_PAGE,
    getId,
    text: relayerSearchText,
    order: sortRelayers,
    now,
    initial: initialRelayers,
  });
  const { state } = list;

  useEffect(() => {
    if (!initialRelayers) list.refresh();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => directory.add(state.items), [state.items, directory]);

  useListScreen(screenKey, list, SCOPES, height, (cmd) => {
    if (cmd !== 'open' && cmd !== 'info') return undefined;
    const selected = list.getSelected();
    if (!selected) return 'No relayer selected';
    shell.push(cmd === 'open' ? { kind: 'transactions', relayerId: selected.id } : { kind: 'relayer', relayerId: selected.id });
    return true;
  });

  return (
    <ScreenFrame
      title="relayer-tui › relayers"
      scopes={SCOPES}
      width={width}
      height={height}
      status={listStatus(list)}
    >
      <ListBody list={list} columns={RELAYER_COLUMNS} getId={getId} width={width} height={height} noun="relayers" />
    </ScreenFrame>
  );
}
