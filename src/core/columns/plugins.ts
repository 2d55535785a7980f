/** Plugin table columns (GET /plugins, OpenZeppelin Relayer): id first, then how it answers. */
import type { PluginInfo } from '../../api/index.js';
import { displayText } from '../text/values.js';
import type { Column } from './layout.js';

const yes = (b: unknown) => (b === true ? 'yes' : b === false ? 'no' : '—');

/** `{secs, nanos}` (a Rust Duration) as seconds; anything else as it came. */
export function pluginTimeout(t: unknown): string {
  if (typeof t === 'object' && t !== null && 'secs' in t) {
    const { secs, nanos } = t as { secs?: unknown; nanos?: unknown };
    if (typeof secs === 'number' && (nanos === undefined || typeof nanos === 'number')) return `${secs + (typeof nanos === 'number' ? nanos / 1e9 : 0)} s`;
  }
  return t === undefined || t === null ? '—' : displayText(t);
}

export const PLUGIN_COLUMNS: readonly Column<PluginInfo>[] = [
  { key: 'id', title: 'ID', width: 16, flex: true, priority: 0, cell: (p) => p.id },
  { key: 'raw', title: 'RAW', width: 3, priority: 1, cell: (p) => yes(p.raw_response) },
  { key: 'get', title: 'GET', width: 3, priority: 2, cell: (p) => yes(p.allow_get_invocation) },
  { key: 'timeout', title: 'TIMEOUT', width: 7, priority: 3, align: 'right', cell: (p) => pluginTimeout(p.timeout) },
  { key: 'logs', title: 'LOGS', width: 4, priority: 4, cell: (p) => yes(p.emit_logs) },
  { key: 'traces', title: 'TRACES', width: 6, priority: 5, cell: (p) => yes(p.emit_traces) },
  { key: 'path', title: 'PATH', width: 16, flex: true, priority: 6, cell: (p) => p.path ?? '' },
  { key: 'config', title: 'CONFIG', width: 12, flex: true, priority: 7, cell: (p) => (p.config === undefined || p.config === null ? '—' : displayText(p.config, 200)) },
];
