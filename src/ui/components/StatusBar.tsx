/**
 * The status bar: server, read-only/read-write, relayer, page x of y, data age, latency, last error.
 * Segments drop from the right-hand priority list when the terminal is narrow. A read's time is a clock
 * time; past a minute (not watched) its age beside it, redrawn once a minute (idle writes that alone).
 */
import { Text } from './Text.js';
import type { ApiError } from '../../api/index.js';
import { ageChangesAt, ageMs, clock } from '../../core/time.js';
import { useTickAt } from '../hooks/useTickAt.js';
import { thousands } from '../../core/text/values.js';
import type { WatchInfo } from '../hooks/useWatch.js';
import { cellWidth, headCells, truncateCells } from '../../core/text/cells.js';
import { sanitize } from '../../core/text/sanitize.js';
import { useServices } from '../services.js';
import { useShell } from '../shellContext.js';
import { accentColor, tone } from '../theme.js';

export interface StatusInfo {
  relayer?: string;
  page?: number;
  pages?: number | null;
  totalItems?: number | null;
  loadedAt?: number | null;
  /** Since when what is shown has been the same (the read that brought it); watching, the bar says this. */
  sameSince?: number | null;
  latencyMs?: number | null;
  /** The read time as its band (`≤ 25 ms`), said instead while watched. */
  readBand?: string | null;
  error?: ApiError | null;
  /** e.g. "loading page 3…" */
  activity?: string | null;
  /** Something odd about the data shown (a page cut to its size), in the warning colour. */
  warning?: string | null;
  /** Watch mode on this view, and its retry after failures. */
  watch?: WatchInfo | null;
}

export function shortError(e: ApiError): string {
  return `${e.status ? `${e.status} ` : ''}${e.message.length > 500 ? e.message.slice(0, 500) : e.message}`;
}

interface Segment {
  text: string;
  color?: string;
  priority: number;
  /** A message: cut to its first line, with `… (:messages)` when any of it does not fit. */
  message?: boolean;
  /** The message has more than it says (more warnings): always point at :messages. */
  more?: boolean;
  /** Said thus when the line is too narrow, before anything is dropped. */
  short?: string;
}

export const MORE = ' … (:messages)';
/** A read older than this (not watched) says its age in the bar. */
const OLD_AFTER_MS = 60_000;

export function StatusBar({ info, width }: { info: StatusInfo; width: number }) {
  const { serverLabel, readOnly, cleartext, context, now } = useServices();
  const { state } = useShell();
  // Not watched, a read older than a minute says its age beside its time, turning once a minute (its
  // time alone would have to be compared with the wall clock's).
  const readAt = !info.watch && info.loadedAt != null ? info.loadedAt : null;
  useTickAt((t) => (readAt === null ? null : t - readAt < OLD_AFTER_MS ? readAt + OLD_AFTER_MS : ageChangesAt(readAt, t)), now);
  const oldFor = readAt !== null && now() - readAt >= OLD_AFTER_MS ? ageMs(now() - readAt) : null;
  const segs: Segment[] = [
    // The context in words, in its own colour (a production context stands out).
    ...(context ? [{ text: `ctx ${context.name}`, color: accentColor(context.accent), priority: 0 }] : []),
    { text: serverLabel, color: tone('accent'), priority: 0 },
    // In words and colour, never dropped: the API key crosses the network unencrypted.
    ...(cleartext ? [{ text: 'http! cleartext', color: tone('warn'), priority: 0 }] : []),
    { text: readOnly ? 'READ-ONLY' : 'rw', color: readOnly ? tone('warn') : undefined, priority: 1 },
  ];
  if (info.relayer) segs.push({ text: info.relayer, priority: 3 });
  if (info.page !== undefined)
    segs.push({
      text: `page ${thousands(info.page)}/${info.pages == null ? '?' : thousands(info.pages)}${info.totalItems == null ? '' : ` (${thousands(info.totalItems)})`}`,
      priority: 2,
    });
  if (info.warning) segs.push({ text: `⚠ ${info.warning}`, color: tone('warn'), priority: 1 });
  // Watch in words; after a failed refresh the data is stale: when it was read, when the next try is.
  // Clock times, not ages: they stay true without ticking (idle writes nothing).
  const retry = info.watch?.retry;
  // Kept with the freshness it qualifies (never giving way to a message: without it "last change" reads as a plain read time).
  if (info.watch) segs.push({ text: `watch ${Math.round(info.watch.intervalMs / 1000)}s`, color: tone('info'), priority: 1 });
  if (retry)
    segs.push({
      text: `⚠ stale${info.loadedAt != null ? ` since ${clock(info.loadedAt)}` : ''} · retry ${clock(retry.at)}${retry.error.kind === 'rate_limited' ? ' (rate limited)' : ''}`,
      color: tone('warn'),
      priority: 1,
    });
  if (info.activity) segs.push({ text: info.activity, color: tone('info'), priority: 1 });
  // When the data was read. Watching, reads that change nothing draw nothing (0 bytes idle), so the
  // time a later redraw shows is said as what it is: the read that last changed what is shown (watch
  // says the rest: every read since changed nothing); not "unchanged since", which reads as "unchanged"
  // on the very refresh that changed rows. Never dropped for width (a message is cut first, its rest
  // in :messages): how fresh the figures are stays said at every width, short where the line is narrow.
  else if (info.loadedAt != null && !retry) {
    const t = clock(info.sameSince ?? info.loadedAt);
    if (oldFor) segs.push({ text: `read ${clock(info.loadedAt)}, ${oldFor} ago`, short: `${clock(info.loadedAt)} (${oldFor})`, color: tone('warn'), priority: 1 });
    else segs.push({ text: info.watch ? `last change ${t}` : clock(info.loadedAt), short: info.watch ? `changed ${t}` : clock(info.loadedAt), priority: 1 });
  }
  // Watching, a read's time is its band: a figure that moved by a few milliseconds at every refresh
  // would redraw the bar each time (unchanged data draws nothing); asked for (not watched), it is exact.
  if (info.latencyMs != null) segs.push({ text: info.watch && info.readBand ? info.readBand : `${info.latencyMs} ms`, priority: 6 });
  // Start-up warnings not yet read stay said (before any flash) until :messages is opened.
  if (state.unreadWarnings && !state.flash?.stays)
    segs.push({ text: `⚠ ${state.unreadWarnings === 1 ? 'a start-up warning' : `${state.unreadWarnings} start-up warnings`}: :messages`, color: tone('warn'), priority: 1 });
  const flash = state.flash;
  // A message is one line here: the first line, and where the rest is when it does not fit.
  if (flash) segs.push({ text: flash.text, color: tone(flash.tone), priority: 1, message: true, more: flash.more });
  // The last error, and where to see every request (:log).
  else if (info.error) segs.push({ text: `✗ ${shortError(info.error)} · :log`, color: tone('bad'), priority: 1 });

  // Every segment may hold server text (a relayer id, an error message): sanitized, measured in cells.
  for (const s of segs) {
    if (s.message) {
      const nl = s.text.indexOf('\n');
      if (nl >= 0) [s.text, s.more] = [s.text.slice(0, nl), true];
    }
    s.text = sanitize(s.text);
  }
  // Drop the least important segments until the line fits; the last one may be truncated.
  const sep = ' │ ';
  // A message that points at :messages needs room for the pointer too (as a long one-line message, it makes lesser segments drop).
  const len = (xs: Segment[]) => xs.reduce((n, s) => n + cellWidth(s.text) + (s.message && s.more ? MORE.length : 0), 0) + sep.length * Math.max(0, xs.length - 1);
  let shown = segs;
  const drop = (least: number) => {
    while (len(shown) > width && shown.some((s) => s.priority >= least)) {
      const worst = Math.max(...shown.map((s) => s.priority));
      const idx = shown.map((s) => s.priority).lastIndexOf(worst);
      shown = shown.filter((_, i) => i !== idx);
    }
  };
  // Too narrow: the least important go first; then the short forms (`last change 09:00:00` →
  // `changed 09:00:00`); then the rest but the server, read-only state and messages.
  drop(3);
  if (len(shown) > width) for (const s of shown) if (s.short !== undefined) s.text = sanitize(s.short);
  drop(2);
  let room = width;
  return (
    <Text wrap="truncate" inverse>
      {shown.map((s, i) => {
        const prefix = i ? sep : '';
        const fits = Math.max(0, room - prefix.length);
        const cut = s.message && (s.more || cellWidth(s.text) > fits);
        const t = cut && fits > MORE.length + 8 ? `${headCells(s.text, fits - MORE.length).text.trimEnd()}${MORE}` : truncateCells(s.text, fits);
        room -= prefix.length + cellWidth(t);
        return (
          <Text key={i} color={s.color}>
            {prefix}
            {t}
          </Text>
        );
      })}
      {room > 0 ? ' '.repeat(room) : ''}
    </Text>
  );
}
