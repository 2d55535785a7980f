/** Every relayer's state at a glance; enter opens its transactions, i its detail. */
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Relayer } from '../../../api/index.js';
import { ListBody, listStatus, offScreen, tableRows, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useDirectory } from '../../directory.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { RelayerStatusesContext, useRelayerStatuses } from '../../relayerStatuses.js';
import { RelayerJamsContext, useRelayerJams } from '../../relayerJams.js';
import { useAhead } from '../../relayerForecasts.js';
import { Text } from '../../components/Text.js';
import { tone } from '../../theme.js';
import { useSessionEvent } from '../../sessionEvents.js';
import type { TriageResult } from '../../../core/triage/scan.js';
import { lowFromStatuses, lowOnes, relayerColumns, relayerSearchText, sortRelayers, type JamSource } from '../../../core/columns/relayers.js';
import { relayersHead, type RelayersHead } from '../../../core/columns/relayersLine.js';
import { jamUnknown, relayerState } from '../../../core/relayer.js';
import { RELAYERS_PER_PAGE } from './pageSize.js';
import { opensOnRelayer } from '../../../core/operations/registry.js';
import { loadScreens, loadedScreens } from '../later.js';
import { clock } from '../../../core/time.js';
import { notReadyLine } from '../../../core/readiness.js';
import { sanitize } from '../../../core/text/sanitize.js';
import type { StatusInfo } from '../../components/StatusBar.js';

const getId = (r: Relayer) => r.id;
const SCOPES = ['relayers', 'list'] as const;

export function RelayersScreen({ screenKey, width, height }: ScreenProps) {
  const services = useServices();
  const { client, now, initialRelayers, pendingRelayers } = services;
  const directory = useDirectory();
  const shell = useShell();
  const pending = useRef(pendingRelayers);
  const jamStore = useRef(useContext(RelayerJamsContext));
  const statusStore = useRef(useContext(RelayerStatusesContext));
  // What the last re-read of the statuses found (r says it).
  const reread = useRef<{ changed: string[]; notRead: string[]; read: number } | null>(null);
  const shown = useRef(0);
  const forceJams = useRef(false);
  // The read is r's (r says what it found itself), and the late ones last said (said again only when they change).
  const byR = useRef(false);
  const lastLate = useRef('');
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
      // Each read of the list (r, watch) asks for the jams again too (those read more than 20 s ago),
      // and, once the list is on screen, the status of every relayer of the page (PEND, BALANCE, LAST
      // OK come from it): read again and compared before the read is done, within 2 s (a slow server's
      // figures keep their own time, and are said not read again).
      return client.listRelayers(q, { signal }).then(async (page) => {
        // r diagnoses them all again (watch: those older than 20 s).
        jamStore.current?.want(page.items, forceJams.current ? 0 : undefined);
        forceJams.current = false;
        const store = statusStore.current;
        if (store && shown.current > 0) {
          const said = byR.current;
          byR.current = false;
          reread.current = await store.reread(page.items.map(getId), REREAD_BUDGET_MS);
          // Not r (watch, coming back to the list): the rows marked ? are named all the same, once per set
          // (said in the status bar and kept in :messages).
          const late = reread.current.notRead.join(', ');
          if (!said && late && late !== lastLate.current && !signal.aborted) shell.dispatch({ type: 'flash', text: `${reread.current.notRead.length} status${reread.current.notRead.length === 1 ? '' : 'es'} not read again with the list (no answer within ${REREAD_BUDGET_MS / 1000} s, or the read failed: kept as read before, marked ?): ${late}`, tone: 'warn' });
          lastLate.current = late;
          // Rows whose PEND, BALANCE or LAST OK this read found changed: marked * as a changed row is.
          return { ...page, marks: reread.current.changed };
        }
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
  shown.current = state.items.length;

  useEffect(() => {
    if (!initialRelayers) list.refresh();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => directory.add(state.items), [state.items, directory]);
  // A relayer paused or resumed (or its pending ones canceled): read the page again, the same row selected.
  useSessionEvent('relayerChanged', (e) => void list.refresh(e.relayer.id));
  // Live state for the relayers of this page, where the server offers it (after the first frame).
  const statuses = useRelayerStatuses(useMemo(() => state.items.map(getId), [state.items]));
  // A jam ended (cleared, or its follow's deadline): that relayer's figures read again (a cleared jam moves its PEND).
  useSessionEvent('jamEnded', (e) => statuses?.want([e.relayerId], -1));
  // A new transaction from one (a withdrawal): its row and its figures (balance, pending) read again.
  useSessionEvent('transactionCreated', (e) => {
    void list.refresh(e.relayerId);
    statuses?.want([e.relayerId], -1);
  });
  const available = statuses?.available() ?? false;
  // The last triage's counts per relayer (a column once :stuck has run; never a request of its own).
  const [triaged, setTriaged] = useState<TriageResult | null>(null);
  useSessionEvent('triaged', setTriaged);
  // The jam diagnosis and readiness, read after the first frame for the relayers of this page.
  const jams = useRelayerJams(state.items);
  const jammed = jams ? jams.jams(state.items.map(getId)) : [];
  const notReady = jams?.readiness && jams.readiness.state !== 'ready' ? jams.readiness : null;
  // Under its minimum balance (the higher of its policy's and the context's): STATE and BALANCE say it, and this line after the jams.
  const low = useMemo(() => (available ? lowFromStatuses(statuses!, services.context?.minBalances, services.context?.name ?? 'in use') : undefined), [available, statuses, services.context]);
  const lows = available ? lowOnes(state.items, statuses!, services.context?.minBalances, services.context?.name ?? 'in use') : [];
  // Whether the jams can be diagnosed is not known before the server's dialect is: every row reads `reading…` till then (never `active`).
  const settled = jams?.settled() ?? true;
  const jamSource = jams?.available() ? jams : jams && !settled ? READING : null;
  // Active relayers whose jam is not known: not diagnosed (their reads failed: why), or not read yet. Never left out of the line (its all-clear rests on the rest).
  const notDiagnosed: { relayerId: string; why: string }[] = [];
  let reading = 0;
  let diagnosed = 0;
  if (jamSource)
    for (const r of state.items) {
      if (relayerState(r) !== 'active') continue;
      const read = jamSource.read(r.id);
      const unknown = jamUnknown(r, read);
      if (unknown === 'reading') reading++;
      else if (unknown === 'not_diagnosed' && read?.kind === 'not_diagnosed') notDiagnosed.push({ relayerId: r.id, why: read.why });
      else if (read?.kind === 'diagnosed') diagnosed++;
    }
  const cleared = jams?.cleared(state.items.map(getId)) ?? [];
  // Heading for trouble (core/forecast): read with each diagnosis, as check reads them (no read of their own).
  const ahead = useAhead(state.items, jams);
  // Readiness stands above the jams, never in their place (issue 53.2: a 503 had hidden the jam count).
  const readyRow = notReady ? sanitize(notReadyLine(notReady)) : null;
  // The line has its row from the first frame on, whatever it says: no row of the table moves under the cursor when the diagnosis comes.
  const head: RelayersHead = !state.items.length && state.error
    ? { kind: 'unread' }
    : !jamSource
      ? { kind: 'undiagnosable' }
      : !settled || (!state.items.length && state.loading === 'first')
        ? { kind: 'reading' }
        : // No jam counted or named from a partial first read: a relayer shown still being diagnosed for the first time holds the count back (its row reads `reading…`).
          reading > 0
          ? { kind: 'diagnosing', read: diagnosed + notDiagnosed.length, of: diagnosed + notDiagnosed.length + reading }
          : { kind: 'facts', facts: { jams: jammed, jamsAsOf: jams!.readSpan(state.items.map(getId)), low: lows, notDiagnosed, reading, cleared, ahead: ahead.ahead }, diagnosed, lowsRead: available && state.items.every((r) => statuses!.get(r.id)?.status !== undefined) };
  const line = relayersHead(head, width);
  // The clearings drawn: each goes at its relayer's next read from now (kept till the operator has seen it).
  const clearedIds = cleared.map((c) => c.relayerId).join(' ');
  useEffect(() => {
    if (head.kind === 'facts' && clearedIds) jams?.seen(clearedIds.split(' '));
  }, [clearedIds, head.kind, jams]);
  const bodyHeight = height - 1 - (readyRow ? 1 : 0);
  // Built again when a STATE word may change its width (the table's layout is kept while its columns are: `not diagnosed` was cut to `not dia…`).
  const columns = useMemo(() => relayerColumns(available ? statuses : null, now, triaged, jamSource, low, ahead.source), [available, statuses, now, triaged, jamSource, jammed.length, low, notDiagnosed.length, reading, lows.length, ahead.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const watch = useListScreen(screenKey, list, SCOPES, bodyHeight, (cmd) => {
    // r: the list and the statuses it shows read again; "unchanged" said only of what was read again and compared.
    if (cmd === 'refresh' && statuses?.available()) {
      reread.current = null;
      forceJams.current = true;
      byR.current = true;
      void list.refresh().then((out) => {
        if (out.kind !== 'changed' && out.kind !== 'unchanged') return;
        const r = reread.current as { changed: string[]; notRead: string[]; read: number } | null;
        const rows = out.kind === 'changed' ? list.getState().changed.size : 0;
        const parts = [rows ? `${rows} row${rows === 1 ? '' : 's'} changed (marked *${offScreen(list, tableRows(bodyHeight, list.getState().filterEditing || list.getState().filter !== ''))})` : ''];
        // Every one named (the status bar shows what fits; :messages keeps the whole line).
        if (r?.changed.length) parts.push(`PEND/BALANCE/LAST OK changed (${r.changed.length}): ${r.changed.join(', ')}`);
        const same = !rows && !r?.changed.length;
        const said = same ? `refreshed ${clock(now())}, unchanged (the list and ${r?.read ?? 0} statuses read again)` : `refreshed ${clock(now())}: ${parts.filter(Boolean).join('; ')}`;
        // Named, as the changed ones are.
        const late = r?.notRead.length ? `; ${r.notRead.length} status${r.notRead.length === 1 ? '' : 'es'} not read again (no answer within ${REREAD_BUDGET_MS / 1000} s, or the read failed: kept as read before, marked ?): ${r.notRead.join(', ')}` : '';
        shell.dispatch({ type: 'flash', text: `${said}${late}`, tone: late ? 'warn' : 'info' });
      });
      return true;
    }
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
    if (cmd !== 'open' && cmd !== 'info' && !opensOnRelayer(cmd)) return undefined;
    const selected = list.getSelected();
    if (!selected) return 'No relayer selected';
    // P, X, p: the operation the key opens on the selected relayer (the registry's), with the screens
    // it opens (loaded in the microtasks after the first frame: before any key is read).
    if (cmd !== 'open' && cmd !== 'info') {
      const jam = jams?.jam(selected.id);
      const readAt = list.meta.current.loadedAt;
      const open = (later: NonNullable<ReturnType<typeof loadedScreens>>) => later.openRelayerOperation(cmd, selected, selected.id, services, shell, jam, readAt);
      const later = loadedScreens();
      if (later) return open(later);
      // A key typed ahead of the load (it is asked for with the first frame): opened once they are there, never dropped.
      void loadScreens().then((m) => {
        const out = open(m);
        if (typeof out === 'string') shell.dispatch({ type: 'flash', text: out, tone: 'warn' });
      });
      return true;
    }
    shell.push(cmd === 'open' ? { kind: 'transactions', relayerId: selected.id, relayer: selected } : { kind: 'relayer', relayerId: selected.id, relayer: selected, readAt: list.meta.current.loadedAt });
    return true;
  });

  return (
    <ScreenFrame
      title="relayer-tui › relayers"
      scopes={SCOPES}
      width={width}
      height={height}
      status={withFigures(listStatus(list, watch), available ? statuses!.figuresChangedAt(list.visible.map(getId)) : null)}
    >
      {readyRow ? (
        <Text wrap="truncate" color={tone(notReady?.state === 'not ready' ? 'bad' : 'warn')}>
          {readyRow}
        </Text>
      ) : null}
      <Text wrap="truncate" color={tone(head.kind === 'facts' && (jammed.length || lows.length || notDiagnosed.length || reading || ahead.ahead.length) ? 'warn' : 'muted')}>
        {line}
      </Text>
      <ListBody list={list} columns={columns} getId={getId} width={width} height={bodyHeight} noun="relayers" />
    </ScreenFrame>
  );
}

/** Before the server's dialect is known: no diagnosis yet, every relayer's jam being read. */
const READING: JamSource = { jam: () => undefined, read: () => undefined };

/** How long `r` and watch wait for the statuses of the page to be read again. */
const REREAD_BUDGET_MS = 2_000;

/** Watching, "last change" counts the figures of the rows shown too (a PEND that moved is a change, whichever read saw it); not those a filter hides. */
function withFigures(info: StatusInfo, figuresChangedAt: number | null): StatusInfo {
  if (figuresChangedAt === null || info.sameSince == null || figuresChangedAt <= info.sameSince) return info;
  return { ...info, sameSince: figuresChangedAt };
}
