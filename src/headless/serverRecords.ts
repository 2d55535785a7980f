/**
 * `relayer-tui networks|signers|notifications [list | get ID]`: the server's networks, signers and
 * notifications (OpenZeppelin Relayer; a notification's update and delete are operations: mutations.ts). A network's RPC URLs carry API keys and v1.8 sends them
 * unmasked: the client masks them (api/maskUrl.ts) in the table, JSON and NDJSON alike, unless
 * `--reveal-secrets` is on the command line; a signer's config secrets the same (api/maskSigner.ts). NDJSON is each row re-written from what was masked,
 * never the server's own text.
 */
import type { Notification, Page, RelayerClient, ServerRecordKind } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import type { Column } from '../core/columns/layout.js';
import { NOTIFICATION_USE_COLUMNS, RECORD_COLUMNS } from '../core/columns/serverRecords.js';
import { relayersByNotification, withUse } from '../core/lookup.js';
import { thousands } from '../core/text/values.js';
import { json, jsonLines, Out, table, type Streams } from './output.js';

export async function runServerRecords(kind: ServerRecordKind, client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: (code: number, message: string) => number): Promise<number> {
  const [verb = 'list', id, ...more] = args;
  const verbs = kind === 'notifications' ? 'list | get ID | update ID … | delete ID' : 'list | get ID';
  const usage = `usage: relayer-tui ${kind} [${verbs}] [--page N] [--per-page N] [--all] [--json | --output table|json|ndjson]${kind === 'networks' || kind === 'signers' ? ' [--reveal-secrets]' : ''}`;
  if (!['list', 'get'].includes(verb) || (verb === 'get' ? id === undefined || more.length > 0 : id !== undefined)) return fail(EXIT.usage, `${usage} (see --help)`);
  await client.detectDialect();
  const out = new Out(s.out);
  if (verb === 'get') {
    const record = await client.getServerRecord(kind as 'networks', id!);
    await out.write(`${json(record, 2)}\n`);
    return EXIT.ok;
  }
  const ndjson = o.output === 'ndjson' || (o.all && o.output !== 'table' && o.output !== 'json');
  const asJson = o.output === 'json' || (o.output === 'auto' && !s.out.isTTY && !o.all);
  const read = (page: number) => client.listServerRecords(kind as 'networks', { page, perPage: o.perPage }) as Promise<Page<unknown>>;
  const items: unknown[] = [];
  let p = await read(o.page);
  items.push(...p.items);
  // --all: every page (a server's networks and signers are few: read whole, then written).
  for (let page = o.page + 1; o.all && p.items.length > 0 && items.length < p.totalItems && page <= 1_000; page++) {
    p = await read(page);
    items.push(...p.items);
  }
  let shown = o.limit ? items.slice(0, o.limit) : items;
  // Notifications: which relayers use each (every relayer read), as `used_by` and a column.
  const usedBy = kind === 'notifications' ? await relayersByNotification(client).catch(() => undefined) : undefined;
  if (kind === 'notifications') shown = withUse(shown as Notification[], usedBy);
  if (ndjson) await out.write(jsonLines(shown));
  else if (asJson) await out.write(`${json(o.all ? { items: shown, total_items: p.totalItems } : { items: shown, page: p.page, per_page: p.perPage, total_items: p.totalItems }, 2)}\n`);
  else {
    const columns = (kind === 'notifications' ? NOTIFICATION_USE_COLUMNS : RECORD_COLUMNS[kind]) as readonly Column<unknown>[];
    await out.write(table(columns, shown, (s.out.columns ?? 100) || 100));
    const pages = Math.max(1, Math.ceil(p.totalItems / Math.max(1, p.perPage)));
    if (!o.all && pages > 1) s.err.write(`page ${thousands(p.page)}/${thousands(pages)} (${thousands(p.totalItems)} ${kind}) — --page N for another, --all for every page\n`);
  }
  return EXIT.ok;
}
