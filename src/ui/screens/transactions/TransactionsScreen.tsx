/** One server page of a relayer's transactions; the page size fits the window (or --per-page). */
import { useEffect, useMemo } from 'react';
import type { Transaction } from '../../../api/index.js';
import { goToPage, ListBody, listCommand, tableRows, useListKeys } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { ErrorPanel } from '../../components/ErrorPanel.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useRelayer } from '../../hooks/useRelayer.js';
import { useServices } from '../../services.js';
import { useScreenHandle, useShell, type ScreenProps } from '../../shellContext.js';
import { mutationBlocked } from '../../mutations.js';
import { useSessionEvent } from '../../sessionEvents.js';
import type { Route } from '../../state/shell.js';
import { networkKind, transactionColumns, transactionSearchText } from './columns.js';

const getId = (t: Transaction) => t.id;
const SCOPES = ['transactions', 'list'] as const;

export function TransactionsScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'transactions' }>>) {
  const services = useServices();
  const { client, now } = services;
  const shell = useShell();
  const { relayerId } = route;
  const { relayer, error: relayerError } = useRelayer(relayerId);
  const fitRows = tableRows(height, false);
  const perPage = services.perPage ?? fitRows;
  const list = usePagedList<Transaction>({
    fetch: (q, signal) => client.listTransactions(relayerId, q, { signal }),
    perPage,
    getId,
    text: transactionSearchText,
    now,
  });
  const { state, selected } = list;

  useEffect(() => list.refresh(), []); // eslint-disable-line react-hooks/exhaustive-deps
  // After a replacement: refresh and select the replaced transaction.
  useSessionEvent('replaced', (e) => {
    if (e.relayerId === relayerId) list.refresh(e.transactionId);
  });
  useEffect(() => list.resize(perPage), [perPage]); // eslint-disable-line react-hooks/exhaustive-deps

  const kind = networkKind(relayer?.network_type, state.items[0]);
  const columns = useMemo(() => transactionColumns(kind, relayer?.network, now), [kind, relayer?.network, now]);
  const rows = tableRows(height, state.filterEditing || state.filter !== '');

  useScreenHandle(screenKey, {
    scopes: SCOPES,
    // Read live: keys later in the same input chunk as `/` must already go to the filter.
    get textEntry() {
      return list.getState().filterEditing;
    },
    onKey: useListKeys(list),
    goToPage: (page) => goToPage(list, page),
    onCommand: (cmd) => {
      if (cmd === 'open' || cmd === 'edit') {
        if (!selected) return 'No transaction selected';
        if (cmd === 'edit') {
          const blocked = mutationBlocked(services, 'replace');
          if (blocked) return blocked;
          shell.push({ kind: 'replace', relayerId, tx: selected });
        } else shell.push({ kind: 'transaction', relayerId, tx: selected });
        return true;
      }
      return listCommand(list, cmd, rows);
    },
  });

  const title = `relayer-tui › ${relayer?.name ?? relayerId} › transactions${relayer ? ` (${kind})` : ''}`;
  return (
    <ScreenFrame
      title={title}
      scopes={SCOPES}
      width={width}
      height={height}
      status={{
        relayer: relayerId,
        page: state.page,
        pages: list.pages,
        totalItems: state.totalItems,
        loadedAt: list.meta.current.loadedAt,
        latencyMs: list.meta.current.latencyMs,
        error: state.error ?? relayerError ?? null,
        activity: state.loading === 'page' ? `loading page ${state.pendingPage}…` : null,
      }}
    >
      {relayerError && state.items.length === 0 && !state.error ? (
        <ErrorPanel error={relayerError} width={width} />
      ) : (
        <ListBody list={list} columns={columns} getId={getId} width={width} height={height} noun="transactions" />
      )}
    </ScreenFrame>
  );
}
