/**
 * `:networks` and `:signers`: the server's networks and signers (GET /networks, /signers: OpenZeppelin
 * Relayer); enter shows one whole. A network's RPC URLs come masked from the API module (v1.8 sends
 * them with their API keys: api/maskUrl.ts), so no view, copy or raw JSON here can carry a key. A
 * server without the endpoints (the interface document) says so.
 */
import { useEffect } from 'react';
import { ApiError, type Network, type Signer } from '../../../api/index.js';
import { Text } from '../../components/Text.js';
import { ListBody, listStatus, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { NETWORK_COLUMNS, SIGNER_COLUMNS } from '../../../core/columns/serverRecords.js';
import type { Column } from '../../../core/columns/layout.js';
import type { Route } from '../../state/shell.js';
import { tone } from '../../theme.js';

type Row = Network | Signer;
const getId = (r: Row) => r.id;
const text = (r: Row) => `${r.id} ${(r as { network_type?: unknown; type?: unknown }).network_type ?? (r as { type?: unknown }).type ?? ''}`;
const SCOPES = ['list'] as const;

export function ServerRecordsScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'serverRecords' }>>) {
  const { client, now } = useServices();
  const shell = useShell();
  const kind = route.of;
  const list = usePagedList<Row>({
    fetch: async (q, signal) => {
      await client.detectDialect(signal);
      return kind === 'networks' ? client.listServerRecords('networks', q, { signal }) : client.listServerRecords('signers', q, { signal });
    },
    perPage: 100,
    getId,
    text,
    now,
  });
  useEffect(() => void list.refresh(), [kind]); // eslint-disable-line react-hooks/exhaustive-deps
  const unsupported = list.state.error instanceof ApiError && list.state.error.kind === 'unsupported';
  const watch = useListScreen(screenKey, list, SCOPES, height, (cmd) => {
    if (cmd !== 'open') return undefined;
    const selected = list.getSelected();
    if (!selected) return `No ${kind === 'networks' ? 'network' : 'signer'} selected`;
    shell.push({ kind: 'record', title: `${kind === 'networks' ? 'network' : 'signer'} ${selected.id}${kind === 'networks' ? ' (RPC URLs masked)' : ''}`, key: `${kind}:${selected.id}`, record: selected });
    return true;
  });
  const columns = (kind === 'networks' ? NETWORK_COLUMNS : SIGNER_COLUMNS) as readonly Column<Row>[];
  return (
    <ScreenFrame title={`relayer-tui › ${kind}`} scopes={SCOPES} width={width} height={height} status={{ ...listStatus(list, watch), error: unsupported ? null : list.state.error }}>
      {unsupported ? (
        <Text color={tone('warn')} wrap="wrap">
          {`This server offers no ${kind} (GET /${kind} is the OpenZeppelin Relayer's).`}
        </Text>
      ) : (
        <ListBody list={list} columns={columns} getId={getId} width={width} height={height} noun={kind} />
      )}
    </ScreenFrame>
  );
}
