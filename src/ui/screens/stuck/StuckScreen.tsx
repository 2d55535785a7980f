/**
 * `:stuck` (t on the relayers): every relayer's non-final transactions, oldest first, with what is
 * wrong in words, a summary line per relayer, and what was scanned. A list like any other: watched
 * with w, enter opens a transaction, e opens its replacement one step up.
 */
import { openRelayerOperation, openTransactionOperation } from '../../actions.js';
import { keyOperationOn, opensOnTransaction } from '../../../core/operations/registry.js';
import { RelayerJamsContext, type Clearing } from '../../relayerJams.js';
import { actionMisfit, clearedBrief, jamFixes, jamWords, runbookBrief, type JamFix } from '../../../core/jam/words.js';
import { BINDINGS, type Command } from '../../keymap.js';
import type { FooterLead } from '../../components/Footer.js';
import { gapRunbook } from '../../../core/jam/runbook.js';
import { notReadyLine, type ReadinessWords } from '../../../core/readiness.js';
import { worseJam, type Jam } from '../../../core/jam/diagnose.js';
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { errorWords, type Page } from '../../../api/index.js';
import { ListBody, listStatus, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { ageChangesAt, ageMs } from '../../../core/time.js';
import { earliest, useTickAt } from '../../hooks/useTickAt.js';
import { thousands } from '../../../core/text/values.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { filterRows } from '../../state/pagedList.js';
import { truncateCells, wrapCells } from '../../../core/text/cells.js';
import { sanitize } from '../../../core/text/sanitize.js';
import { useServices } from '../../services.js';
import { useSessionEvent, useSessionEvents } from '../../sessionEvents.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { tone } from '../../theme.js';
import { gapWords, nonceOf, uncheckedWords, type StuckRow } from '../../../core/triage/rules.js';
import { triage, type TriageResult } from '../../../core/triage/scan.js';
import { STUCK_COLUMNS, stuckSearchText } from '../../../core/columns/stuck.js';

const SCOPES = ['stuck', 'list'] as const;
const getId = (r: StuckRow) => r.tx.id;
/** All rows are one page: the scan is bounded, not the list. */
const ALL = 1_000_000;

/** The summary lines: one per relayer with something stuck (as many as fit), and what was scanned. */
function summaryLines(
  t: TriageResult | null,
  now: number,
  height: number,
  width: number,
  filter = '',
  jamOf: (id: string) => Jam | undefined = () => undefined,
  focusId?: string,
  readiness?: ReadinessWords | null,
  cleared: readonly Clearing[] = [],
): { text: string; tone: 'bad' | 'warn' | 'muted' | 'plain' }[] {
  // The server not ready, first: whatever is fixed from here may not be processed until it recovers.
  const ready = readiness && readiness.state !== 'ready' ? wrapCells(notReadyLine(readiness), width, 2).slice(0, 2).map((text) => ({ text, tone: readiness.state === 'not ready' ? ('bad' as const) : ('warn' as const) })) : [];
  if (!t) return ready;
  // A third of the body.
  const max = Math.max(1, Math.floor(height / 3));
  // The jammed first, worst first (most waiting, then oldest: the first screen's order and t's cursor), then the rest as scanned.
  const rank = (id: string) => jamOf(id);
  const stuck = t.relayers
    .filter((r) => r.count > 0 || r.error)
    .map((r, i) => ({ r, i, jam: rank(r.relayer.id) }))
    .sort((a, b) => (a.jam && b.jam ? worseJam(a.jam, b.jam) : a.jam ? -1 : b.jam ? 1 : a.i - b.i))
    .map((x) => x.r);
  // The relayers' lines follow the `/` filter: any line cut for room is read by filtering for its relayer.
  const lineFor = filterRows(stuck, filter, (r) => `${r.relayer.id} ${r.relayer.name ?? ''}`);
  const ignored = t.relayers.filter((r) => r.filterIgnored).length;
  const how = ignored
    ? `read newest first (the server ignored its status filter${ignored < t.relayers.length ? ` for ${ignored} relayers` : ''})`
    : t.relayers.some((r) => r.how === 'server filter')
      ? 'filtered by the server, gaps checked against every status'
      : 'read newest first';
  const skipped = t.relayers.filter((r) => r.skipped);
  const head = `${thousands(t.rows.length)} not final in ${stuck.filter((r) => r.count).length} of ${t.relayers.length} relayers · ${t.requests} requests, ${how}${skipped.length ? ` · ${skipped.length} cut short (${skipped.map((r) => r.relayer.id).slice(0, 2).join(', ')}${skipped.length > 2 ? ', …' : ''})` : ''}${t.relayersSkipped ? ` · ${thousands(t.relayersSkipped)} relayers not read` : ''}`;
  // Wrapped (two rows at most), never cut mid-word at the edge of an 80-column terminal.
  const lines: { text: string; tone: 'bad' | 'warn' | 'muted' | 'plain' }[] = [...ready, ...wrapCells(head, width, 2, 2).map((text) => ({ text, tone: 'muted' as const }))];
  // The jams seen to clear, with their figures, until the relayer's next read after they were seen (issue 53.4).
  for (const c of cleared) lines.push(...wrapCells(clearedBrief(c), width, 2).map((text) => ({ text, tone: 'plain' as const })));
  // Each relayer's line wrapped whole, then laid out: the one under the cursor whole (its fix is the
  // line's point: at 80x24 a capped jam's `p` was cut from it), its rows kept while the others fill what is left.
  const made = lineFor.map((r) => {
    const parts = r.error
      ? [`✗ ${errorWords(r.error)}`]
      : [`${r.count} not final`, r.oldestMs !== null ? `oldest ${ageMs(now - r.oldestMs)}` : '', gapWords(r.gaps), uncheckedWords(r.gaps.unchecked), r.skipped ?? ''];
    // The diagnosis where the first screen has one (its cause, what waits, the fix: core/jam), else what the chain waits on.
    // A jam's words say its age and what waits: the scan's count and oldest age before them said it twice, in less room.
    const jam = jamOf(r.relayer.id);
    if (jam && !r.error) parts.splice(0, 2, jamWords(r.relayer.id, jam, now, { kind: 'keys' }).replace(`${r.relayer.id}: `, ''));
    else if (r.chain) parts.push(r.chain.words);
    // Wrapped, not cut mid-word: what the chain waits on is the line's point — whole for the relayer
    // under the cursor (the one acted on: its fix said in full),
    // at most 3 rows for the others, a cut one ending in '…' (the cursor on its row shows it whole).
    const tone: 'warn' | 'plain' = r.gaps.count || r.error || r.chain?.behind || jam ? 'warn' : 'plain';
    const whole = r.relayer.id === focusId;
    const all = wrapCells(`${r.relayer.id}: ${parts.filter(Boolean).join(' · ')}`, width, 2);
    // The jam no API call fixes, under the cursor: its runbook in brief (whole in the detail and check), in rows of its own.
    const rb = whole && jam && !r.error ? gapRunbook(r.relayer, jam) : null;
    const runbook = rb ? runbookBrief(rb, "the relayer's detail (i on the first screen), or relayer-tui check").flatMap((l) => wrapCells(l, width, 2)).slice(0, 5) : [];
    return { all, tone, whole, runbook };
  });
  // The one under the cursor may take two rows past the third of the body to be whole; the others, in
  // order (worst first), take what is left — at most 3 rows each, a cut one ending in '…' — until one
  // does not fit: from there they are counted (`… and N more`), never skipped for a later one.
  const limit = max + (focusId !== undefined ? 2 : 0);
  const focused = made.find((m) => m.whole);
  let reserved = focused ? Math.min(focused.all.length, Math.max(1, limit - lines.length)) : 0;
  let shown = 0;
  let full = false;
  for (const [i, m] of made.entries()) {
    // A row kept for `… and N more` while more follow (not taken from the one under the cursor).
    const more = i + 1 < made.length ? 1 : 0;
    if (!m.whole && full) continue;
    const fit = m.whole ? Math.min(m.all.length, Math.max(1, limit - lines.length)) : Math.min(m.all.length, 3, limit - lines.length - reserved - more);
    if (fit <= 0) {
      full = true;
      continue;
    }
    const rows = m.all.slice(0, fit);
    if (fit < m.all.length) rows[fit - 1] = truncateCells(`${rows[fit - 1]!} ${m.all[fit]!.trim()}`, width);
    lines.push(...rows.map((text) => ({ text, tone: m.tone })));
    shown++;
    if (m.whole) {
      reserved = 0;
      lines.push(...m.runbook.map((text) => ({ text, tone: 'warn' as const })));
    }
  }
  if (shown < made.length) lines.push({ text: `… and ${made.length - shown} more relayers (/ and a relayer's id shows its line)`, tone: 'muted' });
  return lines;
}

/** When the summary next reads differently by the clock alone: an oldest or a jam's age turning, a re-price time passing. */
function summaryChangesAt(t: TriageResult | null, now: number, jamOf: (id: string) => Jam | undefined): number | null {
  if (!t) return null;
  return earliest(
    t.relayers.flatMap((r) => {
      const jam = jamOf(r.relayer.id);
      return [ageChangesAt(r.oldestMs, now), jam ? ageChangesAt(jam.since, now) : null, jam?.next_reprice_at && jam.next_reprice_at > now ? jam.next_reprice_at : null];
    }),
  );
}

/** The key of a stuck-screen command, as the keymap binds it (one table of keys). */
function keyOf(command: Command): string {
  return BINDINGS.find((b) => b.scope === 'stuck' && b.command === command)?.label ?? '?';
}

const FIX_COMMAND: Record<JamFix['action'], Command> = { cap: 'policies', bump: 'edit', cancel: 'cancel' };

/**
 * The footer for the row under the cursor whose relayer is jammed: the fixes that work for its jam
 * first (core/jam jamFixes: `p raise cap` at the cap), the keys that do not work there left out (`e`
 * on a capped blocker, `e` and `X` on a gap). No jam: the keymap's footer as it is.
 */
function fixHints(row: StuckRow | undefined, jamOf: (id: string) => Jam | undefined): FooterLead | undefined {
  const jam = row ? jamOf(row.relayer.id) : undefined;
  if (!row || !jam) return undefined;
  const fixes = jamFixes(jam, nonceOf(row.tx));
  const lead = fixes.map((f) => ({ label: keyOf(FIX_COMMAND[f.action]), hint: f.hint, command: FIX_COMMAND[f.action] }));
  const omit = new Set<Command>((['edit', 'cancel'] as const).filter((c) => !lead.some((l) => l.command === c)));
  return { lead, omit };
}

export function StuckScreen({ route, screenKey, width, height }: ScreenProps) {
  const services = useServices();
  const { client, now } = services;
  const shell = useShell();
  const jams = useContext(RelayerJamsContext);
  // Each diagnosis as it comes (the scan asks for them again): the summary and the flags follow it.
  const [, setJamsVersion] = useState(0);
  useEffect(() => jams?.subscribe(() => setJamsVersion((v) => v + 1)), [jams]);
  const result = useRef<TriageResult | null>(null);
  const events = useSessionEvents();
  const list = usePagedList<StuckRow>({
    fetch: async (_q, signal): Promise<Page<StuckRow>> => {
      const t = await triage(client, { now, signal });
      result.current = t;
      // The diagnoses of the relayers with something not final, read again with this scan (the summary's words).
      jams?.want(t.relayers.filter((r) => r.count > 0).map((r) => r.relayer), 0);
      events.emit('triaged', t);
      return { items: t.rows, page: 1, perPage: ALL, totalItems: t.rows.length };
    },
    perPage: ALL,
    getId,
    text: stuckSearchText,
    now,
  });
  // From the relayers' `t`: the cursor on the blocker of the worst jam, once the scan has it.
  const focus = route.kind === 'stuck' ? route.focus : undefined;
  useEffect(() => void list.refresh(focus), []); // eslint-disable-line react-hooks/exhaustive-deps
  useSessionEvent('replaced', (e) => void list.refresh(e.transactionId));
  // A jam followed after a fix (or seen to clear) ended: scanned again, so no cleared jam stays on screen;
  // cleared, the cursor goes to the blocker of the next jam, worst first (issue 53.4: it stayed on the cleared relayer).
  useSessionEvent('jamEnded', (e) => {
    const selected = list.getSelected();
    const ids = result.current?.relayers.map((r) => r.relayer.id).filter((id) => id !== e.relayerId) ?? [];
    const next = e.cleared && selected?.relayer.id === e.relayerId ? jams?.jams(ids).find((j) => j.jam.blocker_id)?.jam.blocker_id : undefined;
    void list.refresh(next ?? (selected ? getId(selected) : undefined));
  });

  // The summary takes up to a third of the body; the table the rest.
  const cleared = result.current && jams ? jams.cleared(result.current.relayers.map((r) => r.relayer.id)) : [];
  const summary = summaryLines(result.current, now(), height, width, list.state.filter, (id) => jams?.jam(id), list.getSelected()?.relayer.id, jams?.readiness, cleared);
  const clearedIds = cleared.map((c) => c.relayerId).join(' ');
  useEffect(() => {
    if (clearedIds) jams?.seen(clearedIds.split(' '));
  }, [clearedIds, jams]);
  const bodyRows = Math.max(3, height - summary.length);
  // The summary's ages (oldest 15s, jammed 3m) turn as the table's do.
  useTickAt((t) => summaryChangesAt(result.current, t, (id) => jams?.jam(id)), now);
  // The jams' words on their rows (the blocker's cause, what waits behind it), as they are read.
  const columns = useMemo(() => STUCK_COLUMNS(now, (id) => jams?.jam(id)), [now, jams]);
  const watch = useListScreen(screenKey, list, SCOPES, bodyRows, (cmd) => {
    if (cmd !== 'open' && cmd !== 'policies' && !opensOnTransaction(cmd)) return undefined;
    const row = list.getSelected();
    if (!row) return 'No transaction selected';
    if (cmd === 'policies') return openRelayerOperation(cmd, row.relayer, row.relayer.id, services, shell, jams?.jam(row.relayer.id));
    if (cmd === 'open') {
      shell.push({ kind: 'transaction', relayerId: row.relayer.id, tx: row.tx, readAt: list.meta.current.loadedAt });
      return true;
    }
    // An action that does not fit the jam's cause is not opened: the words say why and what does fit.
    const jam = jams?.jam(row.relayer.id);
    const misfit = jam ? actionMisfit(jam, keyOperationOn(cmd, 'txId') === 'cancel' ? 'cancel' : 'bump', nonceOf(row.tx)) : null;
    if (misfit) return `${row.relayer.id}: ${misfit}`;
    return openTransactionOperation(cmd, row.tx, row.relayer.id, row.relayer, services, shell, list.meta.current.loadedAt, jams?.read(row.relayer.id), true);
  });
  const footerLead = fixHints(list.getSelected(), (id) => jams?.jam(id));
  return (
    <ScreenFrame title="relayer-tui › stuck: transactions not final, oldest first" scopes={SCOPES} width={width} height={height} status={{ ...listStatus(list, watch), page: undefined }} {...(footerLead ? { footerLead } : {})}>
      <Box flexDirection="column" height={height}>
        {summary.map((l, i) => (
          <Text key={i} wrap="truncate" color={tone(l.tone)}>
            {sanitize(l.text)}
          </Text>
        ))}
        <ListBody list={list} columns={columns} getId={getId} width={width} height={bodyRows} noun="transactions not final" />
      </Box>
    </ScreenFrame>
  );
}
