/** One relayer: every field, policies, RPC URLs with weights, notification id, disabled reasons. */
import { useMemo, useState } from 'react';
import { ApiError, type Relayer } from '../../../api/index.js';
import { useScreenWatch, type RefreshOutcome } from '../../hooks/useWatch.js';
import { openRelayerOperation } from '../../actions.js';
import { useRelayerJams } from '../../relayerJams.js';
import { useSessionEvent } from '../../sessionEvents.js';
import { Text } from '../../components/Text.js';
import { DetailView, flatten } from '../../components/DetailView.js';
import { ErrorPanel } from '../../components/ErrorPanel.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { jamUnknown, RELAYER_MARK_TONE, relayerMarks } from '../../../core/relayer.js';
import { fleetBalance } from '../../../core/fleet/health.js';
import { gapEvidenceWords, jamDetail, runbookStepWords } from '../../../core/jam/words.js';
import { gapRunbook } from '../../../core/jam/runbook.js';
import type { Jam } from '../../../core/jam/diagnose.js';
import { useRelayerStatuses } from '../../relayerStatuses.js';
import { disabledReasonLines, statusLines } from './relayerLines.js';
import { aheadLines } from './aheadLines.js';
import { truncateCells } from '../../../core/text/cells.js';
import { clock } from '../../../core/time.js';
import { useRelayer } from '../../hooks/useRelayer.js';
import { useDetailScreen } from '../../hooks/useDetailScreen.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import type { Route } from '../../state/shell.js';

/**
 * An overdue gap's evidence and runbook (core/jam/runbook.ts): no key here fixes it — each step is said
 * with its command for a shell (`$ …`), or without one where none exists.
 */
function runbookLines(relayer: Relayer, jam: Jam, now: number): { label: string; value: string; tone?: 'warn' | 'muted' }[] {
  const rb = gapRunbook(relayer, jam);
  if (!rb) return [];
  const out: { label: string; value: string; tone?: 'warn' | 'muted' }[] = gapEvidenceWords(jam, now).map((value, i) => ({ label: i === 0 ? 'gap' : '', value, tone: 'warn' as const }));
  for (const p of rb.placeholders) out.push({ label: '', value: `placeholder ${p}`, tone: 'muted' });
  let n = 0;
  for (const s of rb.steps) {
    out.push({ label: s.option === 'restart' ? 'runbook' : '', value: `${s.option === 'storage' ? `${++n}.` : `${s.option}:`} ${runbookStepWords(s, rb)}` });
    if (s.command) out.push({ label: '', value: `$ ${s.command}`, tone: 'muted' });
  }
  return out;
}

export function RelayerScreen({ route, screenKey, width, height }: ScreenProps<Extract<Route, { kind: 'relayer' }>>) {
  const services = useServices();
  const { now } = services;
  const shell = useShell();
  const { relayer: read, error, loading, reload } = useRelayer(route.relayerId, route.relayer);
  // Changed from here (paused, resumed): the relayer as the server answered.
  const [changed, setChanged] = useState<Relayer | undefined>(undefined);
  useSessionEvent('relayerChanged', (e) => e.relayer.id === route.relayerId && e.answered && setChanged(e.relayer));
  const relayer = changed ?? read;
  const statuses = useRelayerStatuses(useMemo(() => [route.relayerId], [route.relayerId]));
  const live = statuses?.available() ? statuses.get(route.relayerId) : undefined;
  // A new transaction from it (a withdrawal): its figures read again.
  useSessionEvent('transactionCreated', (e) => e.relayerId === route.relayerId && statuses?.want([e.relayerId], -1));
  // Its jam diagnosis (core/jam), read as the first screen reads it: kept 20 s, read again by r.
  const jams = useRelayerJams(useMemo(() => (relayer ? [relayer] : []), [relayer]));
  const jam = jams?.jam(route.relayerId);
  const jamAt = jams?.oldestReadAt([route.relayerId]);
  const jamRead = jams?.read(route.relayerId);
  const jamsSettled = jams?.settled() ?? true;
  // Its forecasts, read with its diagnosis (check's path: core/forecast/relayerRead.ts), and the session's price and balance reads.
  const ahead = jams?.ahead(route.relayerId);
  const fields = useMemo(() => {
    if (!relayer) return [];
    const t = now();
    const low = live?.status ? fleetBalance(relayer, live.status.balance, services.context?.minBalances, services.context?.name ?? 'in use').balance?.low === true : false;
    // Every state that holds, worst first (the list's STATE shows the first).
    // Its jam not known (being read, or its reads failed): said, never `active` (a server that cannot be diagnosed at all: nothing).
    const unknown = !jams ? null : jams.available() || !jams.settled() ? jamUnknown(relayer, jamRead) : null;
    const marks = relayerMarks(relayer, { jammed: jam !== undefined, low, unknown, soon: (ahead?.forecasts.length ?? 0) > 0 });
    const notDiagnosed = jamRead?.kind === 'not_diagnosed' && (jams?.available() ?? false) ? [{ label: 'jam', value: `not diagnosed: ${jamRead.why} (read at ${clock(jamAt ?? t)})`, tone: unknown ? ('warn' as const) : ('muted' as const) }] : [];
    return [
      { label: 'state', value: marks.join(', '), tone: RELAYER_MARK_TONE[marks[0]!] },
      ...(jam ? [{ label: 'jam', value: `${jamDetail(jam, t, { kind: 'keys', via: 't, then ', runbook: 'the runbook lines below' })} (diagnosed at ${clock(jamAt ?? t)})`, tone: 'warn' as const }] : []),
      ...(jam ? runbookLines(relayer, jam, t) : []),
      ...notDiagnosed,
      ...(unknown === 'reading' ? [{ label: 'jam', value: 'reading… (its diagnosis has not come yet)', tone: 'muted' as const }] : []),
      // Where it can be diagnosed: what it is heading for (the sparklines first: at 80x24 they are on the first page).
      ...(jams?.available() ? aheadLines(services.client, relayer, ahead, jams.reads(route.relayerId), { minBalances: services.context?.minBalances, name: services.context?.name ?? 'in use' }) : []),
      ...disabledReasonLines(relayer.disabled_reason),
      ...(live ? statusLines(live, relayer, services.context?.minBalances, services.context?.name) : []),
      ...flatten(relayer, now()),
    ];
  }, [relayer, now, live, services.context, jam, jamAt, jamRead, jamsSettled, ahead]); // eslint-disable-line react-hooks/exhaustive-deps
  // Read again: the relayer and its live status (r, and watch: w refreshes this view too).
  // When it was read (r) and when what it shows last changed (watch says that: a read that changes nothing redraws nothing).
  // At first its list's read, when the list said it (else not known: no time is better than a wrong one).
  const [readAt, setReadAt] = useState<{ loadedAt: number; sameSince: number } | null>(route.readAt != null ? { loadedAt: route.readAt, sameSince: route.readAt } : null);
  const reread = async (asked: boolean): Promise<{ ok: boolean; changed: boolean; late: string; status: boolean; statusChanged: boolean }> => {
    setChanged(undefined);
    // Its jam: read again now when asked (r); watching, as the first screen keeps it (20 s).
    if (relayer) jams?.want([relayer], asked ? 0 : 20_000);
    const [r, st] = await Promise.all([reload(), statuses?.available() ? statuses.reread([route.relayerId], 2_000) : Promise.resolve(null)]);
    const moved = r.changed || !!st?.changed.length;
    const t = now();
    if (r.read) setReadAt((x) => (x && !asked && !moved ? x : { loadedAt: t, sameSince: moved || !x ? t : x.sameSince }));
    const late = st && st.notRead.length ? '; its status was not read again (no answer within 2 s, or the read failed: kept as read before)' : '';
    return { ok: r.read, changed: r.changed || !!st?.changed.length, late, status: !!st, statusChanged: !!st?.changed.length };
  };
  const watch = useScreenWatch(screenKey, false, async (): Promise<RefreshOutcome> => {
    const out = await reread(false);
    if (!out.ok) return { kind: 'error', error: new ApiError('network', `relayer ${route.relayerId}: not read again`) };
    return { kind: out.changed ? 'changed' : 'unchanged' };
  });
  const { raw, lines, scroll, cursor, scopes } = useDetailScreen(screenKey, relayer, fields, width, height, (cmd) => {
    if (cmd === 'open') {
      shell.push({ kind: 'transactions', relayerId: route.relayerId, relayer });
      return true;
    }
    // r: the relayer and its live status read again, and said.
    if (cmd === 'refresh') {
      void reread(true).then(({ ok, late, status, statusChanged }) => {
        shell.dispatch({ type: 'flash', text: ok ? `refreshed ${clock(now())}: the relayer${status ? ' and its status' : ''} read again${statusChanged ? ' (its status changed)' : ''}${late}` : `relayer ${route.relayerId}: not read again`, tone: ok && !late ? 'info' : 'warn' });
      });
      return true;
    }
    // P, X, p: the operation the key opens on this relayer (the registry's).
    return openRelayerOperation(cmd, relayer, route.relayerId, services, shell, jams?.jam(route.relayerId), readAt?.loadedAt);
  }, 'relayer');

  return (
    <ScreenFrame
      title={`relayer-tui › relayer ${relayer?.name ?? route.relayerId}${raw ? ' (raw JSON)' : ''}`}
      scopes={scopes}
      width={width}
      height={height}
      status={{ relayer: route.relayerId, error, watch, ...(readAt ?? {}) }}
    >
      {error ? (
        <ErrorPanel error={error} width={width} />
      ) : loading ? (
        <Text wrap="truncate">{truncateCells(`Loading relayer ${route.relayerId}…`, width)}</Text>
      ) : !relayer ? (
        <Text wrap="truncate">{truncateCells(`No relayer with id ${route.relayerId} in the relayers list.`, width)}</Text>
      ) : (
        <DetailView lines={lines} scroll={scroll} height={height} cursor={cursor} />
      )}
    </ScreenFrame>
  );
}
