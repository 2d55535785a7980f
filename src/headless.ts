/**
 * Headless twins of the TUI's lists, for scripts: `relayer-tui relayers` and `relayer-tui txs <id>`.
 * Same API module, config and contexts. On a terminal a compact table; otherwise (or `--json`) JSON
 * with every integer exact (u128/U256 values as the digits the server sent — never a JS number);
 * `--all` streams every page as NDJSON, one object a line, page by page (constant memory). Errors go
 * to stderr as one line (as JSON with `--json`), with a distinct exit code per class.
 */
import { ApiError, createRelayerClient, stringifyJson, type Page } from './api/index.js';
import type { AppConfig, HeadlessOptions } from './config/config.js';
import { fit, jsonForTerminal, sanitize } from './ui/safeText.js';

/** Exact JSON (every digit as sent), with nothing in it a terminal would act on. */
const json = (v: unknown, indent?: number) => jsonForTerminal(stringifyJson(v, indent));

/** Exit codes, one per class of failure (documented in --help). */
export const EXIT = {
  ok: 0,
  usage: 2,
  config: 3,
  unauthorized: 4,
  notFound: 5,
  rateLimited: 6,
  server: 7,
  outcomeUnknown: 8,
  network: 9,
  readOnly: 10,
} as const;

export function exitCodeFor(e: ApiError): number {
  if (e.outcomeUnknown) return EXIT.outcomeUnknown;
  switch (e.kind) {
    case 'unauthorized':
    case 'forbidden':
      return EXIT.unauthorized;
    case 'not_found':
      return EXIT.notFound;
    case 'rate_limited':
      return EXIT.rateLimited;
    case 'timeout':
    case 'network':
      return EXIT.network;
    case 'bad_request':
    case 'unsupported':
      return EXIT.usage;
    default:
      return EXIT.server;
  }
}

export interface Streams {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  err: NodeJS.WritableStream;
}

type Row = Record<string, unknown>;

const COLUMNS: Record<'relayers' | 'txs', [string, number, (r: Row) => unknown][]> = {
  relayers: [
    ['ID', 20, (r) => r.id],
    ['NAME', 24, (r) => r.name],
    ['NETWORK', 14, (r) => r.network],
    ['TYPE', 8, (r) => r.network_type],
    ['STATE', 8, (r) => (r.system_disabled ? 'disabled' : r.paused ? 'paused' : 'active')],
  ],
  txs: [
    ['ID', 36, (r) => r.id],
    ['STATUS', 10, (r) => r.status],
    ['NONCE', 8, (r) => r.nonce ?? r.sequence_number],
    ['CREATED', 25, (r) => r.created_at],
    ['HASH', 20, (r) => r.hash ?? r.signature],
  ],
};

function table(command: 'relayers' | 'txs', items: readonly Row[], width: number, header = true): string {
  const cols = COLUMNS[command];
  const line = (cells: string[]) => cells.join(' ').trimEnd().slice(0, Math.max(20, width));
  const out = header ? [line(cols.map(([t, w]) => fit(t, w)))] : [];
  const cell = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : stringifyJson(v));
  for (const r of items) out.push(line(cols.map(([, w, f]) => fit(cell(f(r)), w))));
  return `${out.join('\n')}\n`;
}

/** Runs a headless subcommand; resolves with its exit code. */
export async function runHeadless(command: 'relayers' | 'txs', config: AppConfig, o: HeadlessOptions, args: string[], s: Streams): Promise<number> {
  const asJson = o.output === 'json' || (o.output === 'auto' && !s.out.isTTY && !o.all);
  const ndjson = o.output === 'ndjson' || (o.all && o.output !== 'table' && o.output !== 'json');
  // Errors: one line on stderr — a JSON object when JSON was asked for, else the server's text and status.
  const fail = (code: number, message: string, e?: ApiError): number => {
    if (o.output === 'json' || o.output === 'ndjson') s.err.write(`${json({ error: { kind: e?.kind ?? 'usage', status: e?.status ?? null, message } })}\n`);
    else s.err.write(`relayer-tui ${command}: ${e?.status ? `HTTP ${e.status}: ` : ''}${sanitize(message.split('\n')[0]!)}\n`);
    return code;
  };
  if (command === 'txs' && args.length !== 1) return fail(EXIT.usage, 'usage: relayer-tui txs <relayer-id> [--status S] [--page N] [--per-page N] [--all] [--limit N] [--json|--output table|json|ndjson]');
  if (command === 'relayers' && args.length > 0) return fail(EXIT.usage, `unexpected argument ${args[0]}`);
  const client = createRelayerClient({ baseUrl: config.baseUrl!, token: config.token!, timeoutMs: config.timeoutMs, dialect: config.dialect });
  const fetchPage = (page: number): Promise<Page<Row>> =>
    command === 'relayers'
      ? (client.listRelayers({ page, perPage: o.perPage }) as Promise<Page<Row>>)
      : (client.listTransactions(args[0]!, { page, perPage: o.perPage, ...(o.status ? { status: o.status } : {}) }) as Promise<Page<Row>>);
  try {
    if (o.status) await client.detectDialect();
    if (!o.all) {
      const p = await fetchPage(o.page);
      const items = o.limit ? p.items.slice(0, o.limit) : p.items;
      if (ndjson) for (const it of items) s.out.write(`${json(it)}\n`);
      else if (asJson) s.out.write(`${json({ items, page: p.page, per_page: p.perPage, total_items: p.totalItems }, 2)}\n`);
      else s.out.write(table(command, items, s.out.columns ?? 100));
      return EXIT.ok;
    }
    // --all: page after page, each written as it comes (memory: one page), up to --limit rows.
    let written = 0;
    for (let page = 1; ; page++) {
      const p = await fetchPage(page);
      const room = o.limit === undefined ? p.items.length : Math.min(p.items.length, o.limit - written);
      const items = p.items.slice(0, room);
      if (ndjson || asJson) for (const it of items) s.out.write(`${json(it)}\n`);
      else s.out.write(table(command, items, s.out.columns ?? 100, page === 1));
      written += items.length;
      if ((o.limit !== undefined && written >= o.limit) || p.items.length === 0 || page * p.perPage >= p.totalItems) break;
    }
    return EXIT.ok;
  } catch (e) {
    if (e instanceof ApiError) return fail(exitCodeFor(e), e.message, e);
    throw e;
  } finally {
    await client.close();
  }
}
