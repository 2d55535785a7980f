/** `:log`: every HTTP request since the start, newest first; `/` filters, `r` takes the newest. */
import { ListBody, listStatus } from '../../components/ListBody.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import type { Column } from '../../../core/columns/layout.js';
import type { LogEntry } from '../../activityLog.js';
import { middleCells } from '../../../core/text/cells.js';
import { thousands } from '../../../core/text/values.js';
import { useLocalList } from '../../hooks/useLocalList.js';
import { useServices } from '../../services.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import { useCopy } from '../../hooks/useCopy.js';

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
  { key: 'path', title: 'PATH', width: 20, flex: true, priority: 1, cell: (e, w) => middleCells(e.error ? `${e.path}  ✗ ${e.error}` : e.path, w) },
  { key: 'where', title: 'WHERE', width: 12, priority: 6, cell: (e) => e.where },
];

export function LogScreen({ screenKey, width, height }: ScreenProps) {
  const { activity } = useServices();
  const shell = useShell();
  const copy = useCopy();
  const { list, scopes } = useLocalList(screenKey, height, () => activity?.entries() ?? [], getId, text, (cmd, e) => {
    if (!e) return undefined;
    // enter: the request whole; y: its method and path (what one pastes), not the row's number.
    if (cmd === 'open') return shell.push({ kind: 'record', title: `log › ${e.method} ${e.path}`, key: `log:${e.seq}`, record: { ...e, time: new Date(e.at).toISOString() } }), true;
    if (cmd === 'copy') return copy(`${e.method} ${e.path}`, 'the request');
    return undefined;
  });
  return (
    <ScreenFrame title={`relayer-tui › log (${thousands(activity?.size ?? 0)} requests, newest first; r for newer)`} scopes={scopes} width={width} height={height} status={listStatus(list)}>
      <ListBody list={list} columns={COLUMNS} getId={getId} width={width} height={height} noun="requests" />
    </ScreenFrame>
  );
}
