/**
 * `:networks`, `:signers` and `:notifications`: the server's (GET /networks, /signers, /notifications:
 * OpenZeppelin Relayer); enter shows one whole; on a notification e changes it and D deletes it. A network's RPC URLs come masked from the API module (v1.8 sends
 * them with their API keys: api/maskUrl.ts), so no view, copy or raw JSON here can carry a key. A
 * server without the endpoints (the interface document) says so.
 */
import { useEffect } from 'react';
import { ApiError, type Network, type Page, type Signer } from '../../../api/index.js';
import { Text } from '../../components/Text.js';
import { ListBody, listStatus, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { NOTIFICATION_USE_COLUMNS, RECORD_COLUMNS, type NotificationUse } from '../../../core/columns/serverRecords.js';
import { relayersByNotification, withUse } from '../../../core/lookup.js';
import { mutationBlocked } from '../../mutations.js';
import { useSessionEvent } from '../../sessionEvents.js';
import { keyOperationOn } from '../../../core/operations/registry.js';
import { isSpecKind } from '../../../core/operations/specs.js';
import { openSpecOperation } from '../../actions.js';
import type { Column } from '../../../core/columns/layout.js';
import type { Route } from '../../state/shell.js';
import { tone } from '../../theme.js';

type Row = Network | Signer | NotificationUse;
const getId = (r: Row) => r.id;
const text = (r: Row) => `${r.id} ${(r as { network_type?: unknown; type?: unknown }).network_type ?? (r as { type?: unknown }).type ?? ''}`;
const SCOPES = ['list'] as const;
const NOTIFICATION_SCOPES = ['notifications', 'list'] as const;
const NETWORK_SCOPES = ['networks', 'list'] as const;

/** The server's record alone: a notification's USED BY is ours (read from the relayers), never part of what is shown as its record or edited. */
function serverRecord(r: Row | undefined): Row | undefined {
  if (!r || !('used_by' in r)) return r;
  const { used_by: _used, ...record } = r;
  return record;
}

export function ServerRecordsScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'serverRecords' }>>) {
  const services = useServices();
  const { client, now } = services;
  const shell = useShell();
  const kind = route.of;
  const list = usePagedList<Row>({
    fetch: async (q, signal) => {
      await client.detectDialect(signal);
      if (kind !== 'notifications') return client.listServerRecords(kind as 'networks', q, { signal }) as Promise<Page<Row>>;
      // Notifications: which relayers use each (USED BY) read with every read of the page (r, watch, a
      // change from here), as part of its rows: never older than the rows beside it, and a change of it
      // is a change of the page (never "unchanged").
      const [page, by] = await Promise.all([client.listServerRecords('notifications', q, { signal }), relayersByNotification(client, signal).catch(() => undefined)]);
      return { ...page, items: withUse(page.items, by) };
    },
    perPage: 100,
    getId,
    text,
    now,
  });
  useEffect(() => void list.refresh(), [kind]); // eslint-disable-line react-hooks/exhaustive-deps
  const unsupported = list.state.error instanceof ApiError && list.state.error.kind === 'unsupported';
  // A notification changed or deleted from here: its page read again.
  useSessionEvent('notificationsChanged', () => kind === 'notifications' && void list.refresh());
  const scopes = kind === 'notifications' ? NOTIFICATION_SCOPES : kind === 'networks' ? NETWORK_SCOPES : SCOPES;
  // A network's RPC URLs changed from here: its page read again.
  useSessionEvent('networksChanged', () => kind === 'networks' && void list.refresh());
  const noun = kind.slice(0, -1);
  const watch = useListScreen(screenKey, list, scopes, height, (cmd) => {
    // e, D on a notification, e on a network: the operation its key opens (the registry's), refused at the key read-only.
    const op = kind === 'notifications' ? keyOperationOn(cmd, 'notificationId') : kind === 'networks' ? keyOperationOn(cmd, 'networkId') : null;
    if (op && isSpecKind(op)) {
      const blocked = mutationBlocked(services, op);
      if (blocked) return blocked;
      const selected = serverRecord(list.getSelected());
      if (!selected) return `No ${noun} selected`;
      // Each opens on its target through its spec (a notification's change or delete, a network's RPC URLs).
      return openSpecOperation(op, kind === 'networks' ? { networkId: selected.id } : { notificationId: selected.id }, undefined, services, shell);
    }
    if (cmd !== 'open') return undefined;
    const selected = serverRecord(list.getSelected());
    if (!selected) return `No ${noun} selected`;
    shell.push({ kind: 'record', title: `${noun} ${selected.id}${kind === 'networks' ? ' (RPC URLs masked)' : ''}`, key: `${kind}:${selected.id}`, record: selected, readAt: list.meta.current.loadedAt });
    return true;
  });
  const columns = (kind === 'notifications' ? NOTIFICATION_USE_COLUMNS : RECORD_COLUMNS[kind]) as readonly Column<Row>[];
  return (
    <ScreenFrame title={`relayer-tui › ${kind}`} scopes={scopes} width={width} height={height} status={{ ...listStatus(list, watch), error: unsupported ? null : list.state.error }}>
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
