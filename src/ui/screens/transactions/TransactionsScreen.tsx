/** One server page of a relayer's transactions; the page size fits the window (or --per-page). */
import { openRelayerOperation, openTransactionOperation } from '../../actions.js';
import { opensOnTransaction } from '../../../core/operations/registry.js';
import { RelayerJamsContext } from '../../relayerJams.js';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { TRANSACTION_STATUSES, type Transaction } from '../../../api/index.js';
import { ListBody, listStatus, tableRows, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { ErrorPanel } from '../../components/ErrorPanel.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useRelayer } from '../../hooks/useRelayer.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { relayerState, networkKind } from '../../../core/relayer.js';
import { useSessionEvent } from '../../sessionEvents.js';
import type { Route } from '../../state/shell.js';
import { transactionColumns, transactionSearchText } from '../../../core/columns/transactions.js';
import { findByIdOrHash, findByNonce } from '../../../core/find.js';

const getId = (t: Transaction) => t.id;

/** All statuses, then each status in turn, then all again. */
function nextStatus(current: string | undefined): string | undefined {
  const i = current === undefined ? -1 : TRANSACTION_STATUSES.indexOf(current as (typeof TRANSACTION_STATUSES)[number]);
  return TRANSACTION_STATUSES[i + 1];
}
const SCOPES = ['transactions', 'list'] as const;

export function TransactionsScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'transactions' }>>) {
  const services = useServices();
  const { client, now } = services;
  const shell = useShell();
  const jams = useContext(RelayerJamsContext);
  const { relayerId } = route;
  const { relayer, error: relayerError } = useRelayer(relayerId, route.relayer);
  const fitRows = tableRows(height, false);
  const perPage = services.perPage ?? fitRows;
  // The server-side status filter (s cycles it): a ref, so a load started in the same key sees it.
  const status = useRef(route.status);
  const list = usePagedList<Transaction>({
    fetch: (q, signal) => client.listTransactions(relayerId, { ...q, status: status.current }, { signal }),
    perPage,
    getId,
    text: transactionSearchText,
    now,
  });
  const { state } = list;

  // Opened at a nonce (the fleet's enter on a jam): the transaction there is found and selected once the list is read.
  useEffect(() => void list.refresh().then(() => route.nonce !== undefined && find('nonce', route.nonce)), []); // eslint-disable-line react-hooks/exhaustive-deps
  // After a replacement: refresh and select the replaced transaction.
  useSessionEvent('replaced', (e) => {
    if (e.relayerId === relayerId) list.refresh(e.transactionId);
  });
  useEffect(() => list.resize(perPage), [perPage]); // eslint-disable-line react-hooks/exhaustive-deps

  const kind = networkKind(relayer?.network_type, state.items[0]);
  const columns = useMemo(() => transactionColumns(kind, relayer?.network, now), [kind, relayer?.network, now]);
  // :nonce N / :find <id|hash>: the transaction selected on its page, or its detail opened.
  const find = (by: 'nonce' | 'text', value: string) => {
    const lookup = by === 'nonce' ? findByNonce(client, relayerId, value, list.getState().perPage, list.getState().items) : findByIdOrHash(client, relayerId, value, list.getState().items);
    lookup.then(
      (f) => {
        if ('message' in f) return shell.dispatch({ type: 'flash', text: f.message, tone: 'warn' });
        // Which way it was found, said (kept in :messages).
        shell.dispatch({ type: 'flash', text: `${by === 'nonce' ? `nonce ${value}` : value}: found ${f.how}`, tone: 'info' });
        if (f.page !== undefined) return void list.load(f.page, 'page', undefined, f.tx.id, true);
        const shown = list.getVisible().some((t) => t.id === f.tx.id);
        if (shown) list.dispatch({ type: 'select', id: f.tx.id, getId, visible: list.getVisible(), height: fitRows });
        else shell.push({ kind: 'transaction', relayerId, tx: f.tx, readAt: services.now() });
      },
      (e: unknown) => shell.dispatch({ type: 'flash', text: `${by === 'nonce' ? ':nonce' : ':find'}: ${e instanceof Error ? e.message : String(e)}`, tone: 'bad' }),
    );
    return true;
  };
  const watch = useListScreen(screenKey, list, SCOPES, height, (cmd) => {
    if (cmd === 'statusFilter') {
      if (!client.offers('statusFilter'))
        return 'No status filter here (OpenZeppelin Relayer only): / filters the loaded rows';
      status.current = nextStatus(status.current);
      list.goToPage(1);
      return true;
    }
    // p: its relayer's policies (a jam at its cap: the cap proposed), as on the relayers list.
    if (cmd === 'policies') return openRelayerOperation(cmd, relayer, relayerId, services, shell, jams?.jam(relayerId));
    if (cmd !== 'open' && !opensOnTransaction(cmd)) return undefined;
    const selected = list.getSelected();
    if (!selected) return 'No transaction selected';
    if (cmd === 'open') {
      shell.push({ kind: 'transaction', relayerId, tx: selected, readAt: list.meta.current.loadedAt });
      return true;
    }
    return openTransactionOperation(cmd, selected, relayerId, relayer, services, shell, list.meta.current.loadedAt, jams?.read(relayerId));
  }, find);

  // The one rule (core/relayer.ts): disabled before paused.
  const relayerNow = relayer ? relayerState(relayer) : 'active';
  const blocked = relayerNow === 'active' ? '' : ` · ${relayerNow.toUpperCase()}: replacements are refused`;
  const title = `relayer-tui › ${relayer?.name ?? relayerId} › transactions${relayer ? ` (${kind})` : ''}${status.current ? ` · status=${status.current}` : ''}${blocked}`;
  return (
    <ScreenFrame
      title={title}
      scopes={SCOPES}
      width={width}
      height={height}
      status={{ ...listStatus(list, watch), relayer: relayerId, error: state.error ?? relayerError ?? null }}
    >
      {relayerError && state.items.length === 0 && !state.error ? (
        <ErrorPanel error={relayerError} width={width} />
      ) : (
        <ListBody list={list} columns={columns} getId={getId} width={width} height={height} noun="transactions" />
      )}
    </ScreenFrame>
  );
}
