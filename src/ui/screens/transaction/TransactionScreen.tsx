/** One transaction: every field, labelled; `v` shows the raw JSON as received; `e` replaces it. */
import { isCanceling, isKnownStatus } from '../../../core/status.js';
import { openTransactionOperation } from '../../actions.js';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { RelayerJamsContext } from '../../relayerJams.js';
import { ApiError } from '../../../api/index.js';
import { shortError } from '../../components/StatusBar.js';
import { DetailView, flatten } from '../../components/DetailView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { clock } from '../../../core/time.js';
import { formatWei, toBigInt } from '../../../core/amounts.js';
import { useDetailScreen } from '../../hooks/useDetailScreen.js';
import { useDirectory } from '../../directory.js';
import { useSessionEvent } from '../../sessionEvents.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { networkKind } from '../../../core/relayer.js';
import { useScreenWatch, type RefreshOutcome } from '../../hooks/useWatch.js';
import { deepEqual } from '../../state/pagedList.js';
import { relayerMismatch } from '../../../core/operations/reviewWarnings.js';

export function TransactionScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'transaction' }>>) {
  const services = useServices();
  const shell = useShell();
  const jams = useContext(RelayerJamsContext);
  const relayer = useDirectory().get(route.relayerId);
  // The route holds the transaction as listed; a replacement made from here updates it.
  const [tx, setTx] = useState(route.tx);
  const refresh = useRef<AbortController | null>(null);
  useEffect(() => () => refresh.current?.abort(), []);
  useSessionEvent('replaced', (e) => {
    if (e.relayerId === route.relayerId && e.transactionId === tx.id && e.transaction?.id === tx.id) {
      setTx(e.transaction);
      // The server's answer is a read of it: what is shown changed now.
      const at = services.now();
      setLoadedAt(at);
      setSameSince(at);
    }
  });
  // Reads this transaction again (the OpenZeppelin Relayer's GET by id): `r`, and watch (w) here too.
  const readable = () => services.client.offers('transactionById');
  const txRef = useRef(tx);
  txRef.current = tx;
  // When it was read: its list's read (or a lookup's), then each read here (the bar says it, and its age past a minute).
  const [loadedAt, setLoadedAt] = useState<number | null>(route.readAt ?? null);
  // And the read that brought what is shown: a read that changes nothing draws nothing (watch: 0 bytes);
  // the bar says it watching ("last change"), and the ages are said against it.
  const [sameSince, setSameSince] = useState<number | null>(route.readAt ?? null);
  const read = (): Promise<RefreshOutcome> => {
    refresh.current?.abort();
    const ctrl = new AbortController();
    refresh.current = ctrl;
    return services.client.getTransaction(route.relayerId, txRef.current.id, { signal: ctrl.signal }).then(
      (fresh): RefreshOutcome => {
        if (ctrl.signal.aborted) return { kind: 'aborted' };
        // Read: its time moves whether or not the transaction did (the bar says it, not watched); what is shown, only when it changed.
        const at = services.now();
        setLoadedAt(at);
        if (deepEqual(fresh, txRef.current)) {
          // (Opened with no read time: this read is the first that says when what is shown was read.)
          setSameSince((since) => since ?? at);
          return { kind: 'unchanged' };
        }
        txRef.current = fresh;
        setTx(fresh);
        setSameSince(at);
        return { kind: 'changed' };
      },
      (e: unknown): RefreshOutcome => (ctrl.signal.aborted ? { kind: 'aborted' } : { kind: 'error', error: e instanceof ApiError ? e : new ApiError('network', String(e)) }),
    );
  };
  const watch = useScreenWatch(screenKey, !readable(), read);
  const watched = watch !== null;
  const fields = useMemo(() => {
    // Ages are said against the time in the bar (`6m before 01:26:04`): watched, the read that brought what is
    // shown (a read that changes nothing draws nothing); else the last read (r moves them).
    const out = flatten(tx, (watched ? sameSince : null) ?? loadedAt ?? services.now());
    if (networkKind(relayer?.network_type, tx) === 'evm' && toBigInt(tx.value) !== undefined) {
      const i = out.findIndex((f) => f.label === 'value');
      out.splice(i + 1, 0, { label: 'value (native)', value: formatWei(tx.value, relayer?.network) });
    }
    if (isCanceling(tx))
      out.unshift({ label: '⚠ canceling', value: 'a cancel is in flight (is_canceled): a NOOP with the same nonce replaces it; it turns canceled when the NOOP is mined', tone: 'warn' });
    else if (tx.is_canceled === true) out.unshift({ label: '⚠ is_canceled', value: `a cancel was asked, and it is ${tx.status}${String(tx.status).toLowerCase() === 'confirmed' ? ': the original was mined before the NOOP (cancel lost)' : ''}`, tone: 'warn' });
    if (!isKnownStatus(tx.status)) out.unshift({ label: '⚠ status', value: `"${tx.status}" is a status this client does not know: shown as it is, counted as not final`, tone: 'warn' });
    const mismatch = relayerMismatch(route.relayerId, tx);
    if (mismatch) out.unshift({ label: '⚠ relayer_id', value: `${mismatch} (e replaces it through ${route.relayerId})`, tone: 'warn' });
    return out;
  }, [tx, relayer, services, route.relayerId, watched, sameSince, loadedAt]);
  const { raw, lines, scroll, cursor, scopes } = useDetailScreen(screenKey, tx, fields, width, height, (cmd) => {
    const opened = openTransactionOperation(cmd, tx, route.relayerId, relayer, services, shell, loadedAt, jams?.read(route.relayerId));
    if (opened !== undefined) return opened;
    if (cmd === 'refresh') {
      if (!readable()) return 'This server has no single-transaction read: refresh the list (esc, then r)';
      shell.dispatch({ type: 'flash', text: `Refreshing transaction ${tx.id}…`, tone: 'info' });
      void read().then((out) => {
        if (out.kind === 'error') shell.dispatch({ type: 'flash', text: `Refresh failed: ${shortError(out.error)}`, tone: 'bad' });
        else if (out.kind !== 'aborted') shell.dispatch({ type: 'flash', text: `refreshed ${clock(services.now())}: ${out.kind === 'changed' ? 'changed' : 'unchanged'} (${txRef.current.status})`, tone: 'info' });
      });
      return true;
    }
    return undefined;
  }, 'transaction');

  return (
    <ScreenFrame
      title={`relayer-tui › ${relayer?.name ?? route.relayerId} › transaction ${tx.id}${raw ? ' (raw JSON)' : ''}`}
      scopes={scopes}
      width={width}
      height={height}
      status={{ relayer: route.relayerId, watch, loadedAt, sameSince }}
    >
      <DetailView lines={lines} scroll={scroll} height={height} cursor={cursor} />
    </ScreenFrame>
  );
}
