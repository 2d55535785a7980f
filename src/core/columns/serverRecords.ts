/** Network and signer table columns (GET /networks, /signers: OpenZeppelin Relayer). A network's RPC URLs are masked by the client before they reach a cell. */
import type { Network, Notification, ServerRecordKind, Signer } from '../../api/index.js';
import { displayText } from '../text/values.js';
import { cellWidth } from '../text/cells.js';
import type { Column } from './layout.js';

const rpcUrl = (u: unknown): string => (typeof u === 'string' ? u : u && typeof u === 'object' && typeof (u as { url?: unknown }).url === 'string' ? (u as { url: string }).url : displayText(u, 80));

/**
 * `3: a, b (+1)`: how many, then as many of them as fit in `cells` (at least the first), the rest
 * counted: the room there is goes to names before a count.
 */
function countedList(items: readonly string[], cells = Number.POSITIVE_INFINITY): string {
  let shown = 1;
  const text = (n: number) => `${items.length}: ${items.slice(0, n).join(', ')}${n < items.length ? ` (+${items.length - n})` : ''}`;
  while (shown < items.length && cellWidth(text(shown + 1)) <= cells) shown++;
  return text(shown);
}

/** `3: https://sepolia.example/*** (+2)`: how many, and as many as fit, as the server ranks them. */
export function rpcWords(urls: unknown, cells?: number): string {
  if (!Array.isArray(urls) || urls.length === 0) return '—';
  return countedList(urls.map(rpcUrl), cells);
}

export const NETWORK_COLUMNS: readonly Column<Network>[] = [
  { key: 'id', title: 'ID', width: 18, flex: true, priority: 0, cell: (n) => n.id },
  { key: 'type', title: 'TYPE', width: 7, priority: 1, cell: (n) => n.network_type ?? '' },
  { key: 'testnet', title: 'TESTNET', width: 7, priority: 3, cell: (n) => (n.is_testnet === true ? 'yes' : n.is_testnet === false ? 'no' : '—') },
  { key: 'chain', title: 'CHAIN', width: 8, priority: 4, align: 'right', cell: (n) => (n.chain_id === undefined || n.chain_id === null ? '' : displayText(n.chain_id)) },
  { key: 'rpc', title: 'RPC URLS (masked)', width: 24, flex: true, priority: 2, cell: (n, w) => rpcWords(n.rpc_urls, w) },
];

/** A signer's config in brief: what names its key (never a secret: the server sends non-secret fields only). */
function signerBrief(c: unknown): string {
  if (!c || typeof c !== 'object') return '—';
  const o = c as Record<string, unknown>;
  for (const k of ['key_id', 'key_name', 'private_key_id', 'api_key_id', 'address']) if (typeof o[k] === 'string') return `${k}: ${o[k] as string}`;
  return Object.keys(o).length ? displayText(o, 120) : '—';
}

export const SIGNER_COLUMNS: readonly Column<Signer>[] = [
  { key: 'id', title: 'ID', width: 18, flex: true, priority: 0, cell: (s) => s.id },
  { key: 'type', title: 'TYPE', width: 16, priority: 1, cell: (s) => s.type ?? '' },
  { key: 'config', title: 'CONFIG', width: 24, flex: true, priority: 2, cell: (s) => signerBrief(s.config) },
];

/** A notification: its url, whether a key is set (the key itself is never sent by the server). */
export const NOTIFICATION_COLUMNS: readonly Column<Notification>[] = [
  { key: 'id', title: 'ID', width: 18, flex: true, priority: 0, cell: (n) => n.id },
  { key: 'type', title: 'TYPE', width: 7, priority: 2, cell: (n) => n.type ?? '' },
  { key: 'key', title: 'KEY SET', width: 7, priority: 1, cell: (n) => (n.has_signing_key === true ? 'yes' : n.has_signing_key === false ? 'no' : '—') },
  // Cut at its end where too long: a webhook URL's end is often its secret (Slack's, Discord's), never drawn on the list.
  { key: 'url', title: 'URL', width: 24, flex: true, priority: 1, cell: (n) => n.url ?? '' },
];

/** `3: Sepolia Main, BSC Treasury (+1)`: the relayers that use it (core/lookup.ts relayersByNotification); `—` none. */
export function usedByWords(names: readonly string[] | undefined, cells?: number): string {
  if (names === undefined) return '?';
  if (!names.length) return 'none';
  return countedList(names, cells);
}

/** A notification with the relayers that use it, read with it (null: the relayers could not be read). */
export type NotificationUse = Notification & { used_by?: readonly string[] | null };

/** The notifications' columns with USED BY from each row's `used_by` (null or absent: not read: `?`). */
export const NOTIFICATION_USE_COLUMNS: readonly Column<NotificationUse>[] = [
  ...NOTIFICATION_COLUMNS,
  { key: 'used', title: 'USED BY', width: 16, flex: true, priority: 2, cell: (n, w) => usedByWords(n.used_by ?? undefined, w) },
];

export const RECORD_COLUMNS: Record<ServerRecordKind, readonly Column<never>[]> = { networks: NETWORK_COLUMNS, signers: SIGNER_COLUMNS, notifications: NOTIFICATION_COLUMNS };
