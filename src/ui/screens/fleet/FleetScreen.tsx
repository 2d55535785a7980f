/**
 * `:fleet [NAME…]` (F on the relayers): every relayer of several contexts, worst first, as the rows
 * arrive — a slow or unreachable server is one row and holds nothing up. The rules are the core's
 * (src/core/fleet/health.ts), the same as `relayer-tui fleet`. enter switches to the row's context (as
 * :ctx) and opens the relayer's transactions; esc comes back here as it was (not read again). w
 * watches (each context backing off on its own), r reads again, / filters across all, c shows the
 * contexts with their reachability and latency. What each relayer is heading for is read as `relayer-tui
 * fleet` reads it (core/forecast, fleetView.ts): STATE `soon`, its marks, the summary naming where and
 * for which stop; a row read again alike but for its forecasts' read times is not marked (`same`).
 */
import { clock, readBandsWords, type ReadBands } from '../../../core/time.js';
import { Box } from 'ink';
import { useCallback, useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import { FLEET_COLUMNS, fleetSearchText } from '../../../core/columns/fleet.js';
import type { ContextState } from '../../../core/fleet/fleet.js';
import { fleetRowRecord, needsAttention, summaryLine, type FleetRow } from '../../../core/fleet/health.js';
import { rowAsShown } from '../../../core/fleet/ahead.js';
import { deepEqual } from '../../state/pagedList.js';
import { problemWords } from '../../../core/fleet/problems.js';
import type { FixFace } from '../../../core/jam/words.js';
import { sanitize } from '../../../core/text/sanitize.js';
import { wrapCells } from '../../../core/text/cells.js';
import { thousands } from '../../../core/text/values.js';
import { ListBody, listStatus, tableRows, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { Text } from '../../components/Text.js';
import { useFleetSessions } from '../../fleetSessions.js';
import { FleetView } from './fleetView.js';
import { useStoreList } from '../../hooks/useStoreList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';
import { tone } from '../../theme.js';

const SCOPES = ['fleet', 'list'] as const;
/** A jam's fix from the fleet: enter opens the relayer's transactions on the blocker, where e and X act (the fleet has no e or X of its own). */
const FLEET_KEYS: FixFace = { kind: 'keys', via: 'enter, then ', capVia: 'enter, then ' };
const getId = (r: FleetRow) => r.key;
/** Rows arriving are drawn at most this often (a thousand relayers answer within a second or two). */
const ARRIVALS_MS = 100;

type FleetRoute = Extract<Route, { kind: 'fleet' }>;

/** A row arriving (it was being read) is not a change: only a row read before and read differently is marked. */
const markable = (before: FleetRow) => !before.loading;
/** Two reads of a row alike as shown (core/fleet/ahead.ts): a forecast read again differs by its read time, and is no change. */
const same = (a: FleetRow, b: FleetRow) => a === b || deepEqual(rowAsShown(a), rowAsShown(b));

export function FleetScreen(props: ScreenProps<FleetRoute>) {
  const sessions = useFleetSessions();
  const forecast = useServices().forecast !== false;
  const view = useMemo(() => sessions.get(props.route.names, (title, sources, now) => new FleetView(title, sources, now, forecast)), [sessions, props.route.names.join(' ')]); // eslint-disable-line react-hooks/exhaustive-deps
  if ('error' in view)
    return (
      <ScreenFrame title="relayer-tui › fleet" scopes={[]} width={props.width} height={props.height} status={{}}>
        <Text color={tone('bad')} wrap="wrap">
          {sanitize(view.error)}
        </Text>
      </ScreenFrame>
    );
  return <FleetBody {...props} view={view} />;
}

/** A context's read time as its band (`≤ 25 ms`, `≤ 250 ms`, `≤ 1 s`): it holds still between refreshes of a server answering alike. */
export function latencyWords(bands: ReadBands | null): string {
  return bands === null ? '—' : readBandsWords(bands);
}

/** One line a context: whether it was read, how fast it answered, how many relayers and what needs attention. */
export function contextLine(c: ContextState, attentionIn: ReadonlyMap<string, number>, readiness?: FleetRow): { text: string; tone: 'bad' | 'warn' | 'muted' | 'plain' } {
  // Once listed, its relayers are rows of the table (and counted in the summary) while their
  // transactions are still read: the line says how many, so the lines add up to the summary.
  if (c.phase === 'loading' && c.latencyMs !== null) return { text: `${c.name}: ${thousands(c.relayers)} relayers listed, reading their transactions…`, tone: 'muted' };
  if (c.phase === 'loading') return { text: `${c.name}: reading…${c.url ? ` ${c.url}` : ''}`, tone: 'muted' };
  if (c.phase === 'unreachable' || c.phase === 'not opened') return { text: `${c.name}: ✗ ${c.error ?? 'unreachable'}`, tone: 'bad' };
  const attention = attentionIn.get(c.name) ?? 0;
  const rest = `${latencyWords(c.readBands)} · ${thousands(c.relayers)} relayers${attention ? ` · ${thousands(attention)} need attention` : ''}${c.retryAt !== null ? ' · backing off' : ''}`;
  // Answering is not ready: a server whose /ready says not ready (or degraded) never gets a ✓.
  const ready = readiness?.problems[0];
  // (The count before the reason, which may be long: the lines add up to the summary at any width.)
  if (ready) return { text: `${c.name}: ${ready.kind === 'not-ready' ? '✗' : '⚠'} ${rest} · ${problemWords(ready)}`, tone: ready.kind === 'not-ready' ? 'bad' : 'warn' };
  return { text: `${c.name}: ✓ ${rest}`, tone: attention ? 'warn' : 'plain' };
}

/**
 * When the fleet was read, as its oldest context's read (null: one not read yet): the bar's time is the
 * fleet's (kept across a drill-down), not the moment this screen was mounted in a new context's app.
 */
function oldestRead(contexts: readonly ContextState[]): number | null {
  let at: number | null = null;
  for (const c of contexts) {
    if (c.at === null) return null;
    at = at === null ? c.at : Math.min(at, c.at);
  }
  return at;
}

function FleetBody({ route, screenKey, width, height, view, active }: ScreenProps<FleetRoute> & { view: FleetView }) {
  const services = useServices();
  const { now } = services;
  const shell = useShell();
  const fleet = view.fleet;
  // c shows or hides the contexts: drawn again at once.
  const [, redraw] = useReducer((x: number) => x + 1, 0);
  // What the lines above the table show of the contexts, read from the store: drawn again when it changes (rows alone may not).
  const subscribe = useCallback((fn: () => void) => view.subscribe(fn), [view]);
  useSyncExternalStore(
    subscribe,
    () => fleet.contexts().map((c) => `${c.phase}${c.error ?? ''}${view.showContexts ? latencyWords(c.readBands) + c.relayers + (c.retryAt !== null) : ''}`).join('|'),
  );
  // The Fleet store read as it changes (rows arriving, a few times a second at most), worst first; after
  // a whole read, a row that changes is marked. r and watch read every context again (each one's own backoff decides).
  const list = useStoreList<FleetRow>({
    subscribe,
    rows: () => fleet.rows(),
    everyMs: ARRIVALS_MS,
    read: () => view.read(),
    marking: () => view.readOnce,
    remembered: () => view.cursor,
    markable,
    same,
    getId,
    text: fleetSearchText,
    now,
  });

  const selected = list.visible[list.state.cursor];
  // Saved as they change (once restored below: the first render's defaults must not overwrite them).
  const restored = useRef(false);
  useEffect(() => {
    if (!restored.current) return;
    view.cursor = selected ? getId(selected) : view.cursor;
    view.filter = list.state.filterEditing ? view.filter : list.state.filter;
  });

  const contexts = fleet.contexts();
  // Relayers needing attention per context (as the summary counts them), and each context's own
  // readiness row (its /ready not ready or degraded), found once a render (not once a context).
  const attentionIn = new Map<string, number>();
  const readinessIn = new Map<string, FleetRow>();
  for (const r of fleet.rows()) {
    if (r.relayerId !== null && needsAttention(r)) attentionIn.set(r.context, (attentionIn.get(r.context) ?? 0) + 1);
    else if (r.trouble === 'not-ready' || r.trouble === 'degraded') readinessIn.set(r.context, r);
  }
  const problemContexts = contexts.filter((c) => c.phase !== 'ok' || readinessIn.has(c.name));
  const shown = view.showContexts ? contexts : problemContexts;
  const maxLines = Math.max(0, Math.floor(height / 3) - 1);
  const lines = shown.slice(0, maxLines).map((c) => contextLine(c, attentionIn, readinessIn.get(c.name)));
  if (shown.length > maxLines && maxLines > 0) lines[maxLines - 1] = { text: `… and ${shown.length - maxLines + 1} more contexts${view.showContexts ? ' (a taller terminal shows them; c hides them)' : ' not read (c lists every context)'}`, tone: 'muted' };
  // The summary wrapped, never cut mid-word: what follows "need attention" is the point — three rows where
  // the terminal is tall enough (24 at 80 columns holds today's trouble and what is heading for it whole), else two.
  const head = wrapCells(summaryLine(fleet.rows(), contexts.length, fleet.loading(), fleet.serverOf()), width, 2, height >= 20 ? 3 : 2);
  const bodyRows = Math.max(3, height - head.length - lines.length);
  const columns = useMemo(() => FLEET_COLUMNS(now, () => FLEET_KEYS), [now]);

  // Back from a drill-down: the filter and the selected row as they were (scrolled into view); the first time, the first read.
  useEffect(() => {
    if (view.filter) {
      list.dispatch({ type: 'filterChange', text: view.filter });
      list.dispatch({ type: 'filterKeep' });
    }
    if (view.cursor) list.dispatch({ type: 'select', id: view.cursor, getId, visible: list.getVisible(), height: tableRows(bodyRows, view.filter !== '') });
    restored.current = true;
    if (!view.started) void list.refresh();
  }, [view]); // eslint-disable-line react-hooks/exhaustive-deps
  // Shown again (it stays mounted under a drill-down) after the operator changed a relayer of one of its
  // contexts: read again now, so no row shows the relayer as it was before the edit.
  useEffect(() => {
    if (!active || !view.started || view.changedSince.size === 0) return;
    const names = [...view.changedSince.keys()].map((k) => k.replace('\u0000', ' '));
    shell.dispatch({ type: 'flash', text: `Reading the fleet again: you changed ${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''} since it was read`, tone: 'info' });
    void list.refresh();
  }, [active]); // eslint-disable-line react-hooks/exhaustive-deps

  const watch = useListScreen(screenKey, list, SCOPES, bodyRows, (cmd) => {
    if (cmd === 'contexts') {
      view.showContexts = !view.showContexts;
      redraw();
      shell.dispatch({ type: 'flash', text: view.showContexts ? 'every context, with its latency (c hides them)' : 'the relayers; contexts only when they could not be read (c lists them all)', tone: 'info' });
      return true;
    }
    if (cmd !== 'open' && cmd !== 'info') return undefined;
    const shown = list.getSelected();
    if (!shown) return 'Nothing selected';
    // As the store has it now: a row taken alike as shown (`same`) may carry older read times than its last read.
    const row = fleet.rows().find((r) => r.key === shown.key) ?? shown;
    // i: the row whole (the table cuts NEEDS ATTENTION to its column; here every problem is in full).
    if (cmd === 'info') {
      // When its context was last read (or tried): the row is as of then, and the view says so.
      const at = fleet.contexts().find((c) => c.name === row.context)?.at ?? null;
      return shell.push({ kind: 'record', title: `fleet › ${row.key}`, key: `fleet:${row.key}`, record: { as_of: at === null ? 'not read yet' : `${new Date(at).toISOString()} (${clock(at)})`, ...fleetRowRecord(row, now(), FLEET_KEYS), as_sent: row.relayer }, readAt: at }), true;
    }
    if (row.relayerId === null) {
      if (row.loading || row.state.kind !== 'problem') return `${row.context} is still being read`;
      const words = problemWords(row.state.problem, now(), { labelled: row.state.problem.kind !== 'unreachable' });
      // A context's own row: its readiness (read, and its relayers are rows of their own), or why it was not read.
      if (row.trouble === 'not-ready' || row.trouble === 'degraded') return `${row.context} answered, ${words}: its relayers are rows of their own (enter on one opens it)`;
      return `${row.context} could not be read: ${words}`;
    }
    // Saved now, not after the next render: the keys of one chunk (the filter's enter, then this one) come first.
    view.cursor = row.key;
    view.filter = list.getState().filter;
    // A jam opens on its nonce (the blocker selected: e and X act on it), not on the newest transaction.
    const open: Route = { kind: 'transactions', relayerId: row.relayerId, ...(row.relayer ? { relayer: row.relayer } : {}), ...(row.jam ? { nonce: String(row.jam.chain_nonce) } : {}) };
    // The context in use already: no switch, the transactions on top of the fleet.
    if (services.context?.name === row.context) {
      shell.push(open);
      return true;
    }
    if (!services.switchContext) return 'No contexts to switch to here';
    shell.dispatch({ type: 'flash', text: `Switching to ${row.context}…`, tone: 'info' });
    void services.switchContext(row.context, [{ kind: 'relayers' }, route, open]).then((why) => why && shell.dispatch({ type: 'flash', text: why, tone: 'bad' }));
    return true;
  });
  return (
    <ScreenFrame title={`relayer-tui › fleet: ${view.title}, worst first`} scopes={SCOPES} width={width} height={height} status={{ ...listStatus(list, watch), loadedAt: oldestRead(contexts), page: undefined }}>
      <Box flexDirection="column" height={height}>
        {head.map((l, i) => (
          <Text key={`s${i}`} wrap="truncate" color={tone('muted')}>
            {l}
          </Text>
        ))}
        {lines.map((l, i) => (
          <Text key={i} wrap="truncate" color={tone(l.tone)}>
            {sanitize(l.text)}
          </Text>
        ))}
        <ListBody list={list} columns={columns} getId={getId} width={width} height={bodyRows} noun="relayers" />
      </Box>
    </ScreenFrame>
  );
}
