/** `:log`: every HTTP request since the start, newest first; `/` filters, `r` takes the newest. */
import { useEffect } from 'react';
import { ListBody, listStatus, useListScreen } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import type { Column } from '../../components/Table.js';
import type { LogEntry } from '../../activityLog.js';
import { shortenMiddle, thousands } from '../../format.js';
import { usePagedList } from '../../hooks/usePagedList.js';
import { useServices } from '../../services.js';
import type { ScreenProps } from '../../shellContext.js';

const SCOPES = ['list'] as const;
const getId = (e: LogEntry) => String(e.seq);
const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const text = (e: LogEntry) => `${e.method} ${e.path} ${e.status ?? ''} ${e.error ?? ''} ${e.where}`;

const COLUMNS: readonly Column<LogEntry>[] = [
  { key: 'time', title: 'TIME', width: 8, priority: 0, cell: (e) => time(e.at) },
  { key: 'method', title: 'METHOD', width: 6, priority: 1, cell: (e) => e.method },
  { key: 'status', title: 'STATUS', width: 6, priority: 0, align: 'right', cell: (e) => (e.status ? String(e.status) : e.error ? 'fail' : '—'), tone: (e) => (e.error || (e.status ?? 0) >= 400 ? 'bad' : 'plain') },
  { key: 'ms', title: 'MS', width: 6, priority: 2, align: 'right', cell: (e) => thousands(e.durationMs) },
  { key: 'bytes', title: 'BYTES', width: 9, priority: 4, align: 'right', cell: (e) => (e.bytes === undefined ? '—' : thousands(e.bytes)) },
  { key: 'retries', title: 'RETRY', width: 5, priority: 5, align: 'right', cell: (e) => (e.retries ? String(e.retries) : '') },
  { key: 'path', title: 'PATH', width: 20, flex: true, priority: 1, cell: (e, w) => shortenMiddle(e.error ? `${e.path}  ✗ ${e.error}` : e.path, w) },
  { key: 'where', title: 'WHERE', width: 12, priority: 6, cell: (e) => e.where },
];

export function LogScreen({ screenKey, width, height }: ScreenProps) {
  const { activity, now } = useServices();
  const list = usePagedList<LogEntry>({
    fetch: () => {
      const items = activity?.entries() ?? [];
      return Promise.resolve({ items, page: 1, perPage: Math.max(1, items.length), totalItems: items.length });
    },
    perPage: 1_000,
    getId,
    text,
    now,
  });
  useEffect(() => list.refresh(), []); // eslint-disable-line react-hooks/exhaustive-deps
  useListScreen(screenKey, list, SCOPES, height, () => undefined);
  return (
    <ScreenFrame title={`relayer-tui › log (${thousands(activity?.size ?? 0)} requests, newest first; r for newer)`} scopes={SCOPES} width={width} height={height} status={listStatus(list)}>
      <ListBody list={list} columns={COLUMNS} getId={getId} width={width} height={height} noun="requests" />
    </ScreenFrame>
  );
}
