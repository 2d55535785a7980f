/** Every relayer's state at a glance; enter opens its transactions, i its detail. */
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Relayer } from '../../../api/index.js';
import { ListBody, listStatus, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useDirectory } from '../../directory.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { useRelayerStatuses } from '../../relayerStatuses.js';
import { RelayerJamsContext, useRelayerJams } from '../../relayerJams.js';
import { jamsLine } from '../../../core/jam/words.js';
import { Text } from '../../components/Text.js';
import { tone } from '../../theme.js';
import { useSessionEvent } from '../../sessionEvents.js';
import type { TriageResult } from '../../../core/triage/scan.js';
import { relayerColumns, relayerSearchText, sortRelayers } from '../../../core/columns/relayers.js';
import { RELAYERS_PER_PAGE } from './pageSize.js';
import { openAction, openPolicies } from '../../actions.js';

const getId = (r: Relayer) => r.id;
const SCOPES = ['relayers', 'list'] as const;

export function RelayersScreen({ screenKey, width, height }: ScreenProps) {
  const services = useServices();
  const { client, now, initialRelayers, pendingRelayers } = services;
  const directory = useDirectory();
  const shell = useShell();
  const pending = useRef(pendingRelayers);
  const jamStore = useRef(useContext(RelayerJamsContext));
  const list = usePagedList<Relayer>({
    fetch: (q, signal) => {
      // The start-up request, if still running, is this screen's first page: take it over.
      const p = pending.current;
      pending.current = undefined;
      if (p && q.page === 1 && q.perPage === RELAYERS_PER_PAGE) {
        signal.addEventListener('abort', p.abort, { once: true });
        // Its failure is this page's: never asked again unsaid (a second wait of the whole timeout).
        return p.promise;
      }
      p?.abort();
      // Each read of the list (r, watch) asks for the jams again too (those read more than 20 s ago).
      return client.listRelayers(q, { signal }).then((page) => {
        jamStore.current?.want(page.items);
        return page;
      });
    },
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
  // A relayer paused or resumed (or its pending ones canceled): read the page again, the same row selected.
  useSessionEvent('relayerChanged', (e) => void list.refresh(e.relayer.id));
  // Live state for the relayers of this page, where the server offers it (after the first frame).
  const statuses = useRelayerStatuses(useMemo(() => state.items.map(getId), [state.items]));
  const available = statuses?.available() ?? false;
  // The last triage's counts per relayer (a column once :stuck has run; never a request of its own).
  const [triaged, setTriaged] = useState<TriageResult | null>(null);
  useSessionEvent('triaged', setTriaged);
  // The jam diagnosis and readiness, read after the first frame for the relayers of this page.
  const jams = useRelayerJams(state.items);
  const jammed = jams ? jams.jams(state.items.map(getId)) : [];
  const notReady = jams?.readiness && jams.readiness.state !== 'ready' ? jams.readiness : null;
  const line = notReady ? `server ${notReady.summary}` : jammed.length ? jamsLine(jammed, width) : null;
  const bodyHeight = line ? height - 1 : height;
  const columns = useMemo(() => relayerColumns(available ? statuses : null, now, triaged, jams?.available() ? jams : null), [available, statuses, now, triaged, jams, jammed.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const watch = useListScreen(screenKey, list, SCOPES, bodyHeight, (cmd) => {
    if (cmd === 'triage') {
      // The worst jam first: the cursor on its blocker (most waiting, then oldest).
      const worst = jammed.find((j) => j.jam.blocker_id !== null);
      shell.push(worst ? { kind: 'stuck', focus: worst.jam.blocker_id! } : { kind: 'stuck' });
      return true;
    }
    if (cmd === 'fleet') {
      shell.push({ kind: 'fleet', names: [] });
      return true;
    }
    if (cmd !== 'open' && cmd !== 'info' && cmd !== 'pause' && cmd !== 'cancelPending' && cmd !== 'policies') return undefined;
    const selected = list.getSelected();
    if (!selected) return 'No relayer selected';
    if (cmd === 'policies') return openPolicies(selected, selected.id, services, shell.push, jams?.jam(selected.id));
    if (cmd === 'pause') return openAction({ kind: 'operation', op: selected.paused ? 'resume' : 'pause', relayerId: selected.id }, services, selected, shell.push);
    if (cmd === 'cancelPending') return openAction({ kind: 'operation', op: 'cancel-pending', relayerId: selected.id }, services, selected, shell.push);
    shell.push({ kind: cmd === 'open' ? 'transactions' : 'relayer', relayerId: selected.id, relayer: selected });
    return true;
  });

  return (
    <ScreenFrame
      title="relayer-tui › relayers"
      scopes={SCOPES}
      width={width}
      height={height}
      status={listStatus(list, watch)}
    >
      {line ? (
        <Text wrap="truncate" color={tone(notReady?.state === 'not ready' ? 'bad' : 'warn')}>
          {line}
        </Text>
      ) : null}
      <ListBody list={list} columns={columns} getId={getId} width={width} height={bodyHeight} noun="relayers" />
    </ScreenFrame>
  );
}
