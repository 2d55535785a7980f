/**
 * `relayer-tui relayers` and `relayer-tui txs <relayer-id>`: the TUI's lists for scripts. On a
 * terminal a table that fits the width (the TUI's columns, by priority, plus the ids); otherwise (or
 * `--json`) JSON with every integer exact; `--all` streams every page as NDJSON, one object a line,
 * with the next page asked while one is written (two requests in flight at most), memory one page
 * per request whatever the total, and a progress line on stderr when stderr is a terminal.
 */
import type { Page, PluginInfo, Relayer, RelayerClient, RelayerStatus, Transaction } from '../api/index.js';
import { undiagnosable } from '../core/jam/read.js';
import { PLUGIN_COLUMNS } from '../core/columns/plugins.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import type { Column } from '../core/columns/layout.js';
import type { StatusSource } from '../core/columns/relayers.js';
import type { MinBalances } from '../core/fleet/health.js';
import { JAM_NOT_DIAGNOSABLE, JAM_NOT_READ, STATUS_NOT_READ, relayersTableColumns } from '../core/columns/relayersTable.js';
import { networkKind } from '../core/relayer.js';
import { transactionColumns } from '../core/columns/transactions.js';
import { EXIT } from '../cli/exitCodes.js';
import { json, jsonLines, jsonTextLines, Out, table, type Streams } from './output.js';
import { thousands } from '../core/text/values.js';
import { sanitize } from '../core/text/sanitize.js';

type Row = Relayer | Transaction | PluginInfo;
type ListCommand = 'relayers' | 'txs' | 'plugins';
const NOUN: Record<ListCommand, string> = { relayers: 'relayers', txs: 'transactions', plugins: 'plugins' };

/** Requests in flight at most while streaming. */
const IN_FLIGHT = 2;
const PROGRESS_EVERY_MS = 100;

/** The headless table's columns: the TUI's, with the id each row is acted on by kept first. */
function columnsFor(command: Exclude<ListCommand, 'relayers'>, sample: Row | undefined): readonly Column<Row>[] {
  if (command === 'plugins') return PLUGIN_COLUMNS as Column<Row>[];

  const id: Column<Transaction> = { key: 'id', title: 'ID', width: 36, priority: 0.5, cell: (t) => t.id };
  const [status, ...rest] = transactionColumns(networkKind(undefined, sample as Transaction | undefined), undefined, Date.now);
  return [status!, id, ...rest] as Column<Row>[];
}

export async function runList(command: ListCommand, client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: (code: number, message: string) => number, context?: { minBalances?: MinBalances; name: string }): Promise<number> {
  if (command === 'txs' && args.length !== 1) return fail(EXIT.usage, 'usage: relayer-tui txs <relayer-id> [--status S] [--page N] [--per-page N] [--all] [--limit N] [--json|--output table|json|ndjson] (see --help)');
  if (command !== 'txs' && args.length > 0) return fail(EXIT.usage, `unexpected argument ${args[0]}`);
  const asJson = o.output === 'json' || (o.output === 'auto' && !s.out.isTTY && !o.all);
  const ndjson = o.output === 'ndjson' || (o.all && o.output !== 'table' && o.output !== 'json');
  // Relayers whose status read failed, for the table's footnote (their STATE `?`).
  const unread = new Set<string>();
  const width = (s.out.columns ?? 100) || 100;
  const out = new Out(s.out);
  // NDJSON passes each row on as the server wrote it (its digits and escapes untouched), on one line.
  const fetchPage = (page: number, signal?: AbortSignal): Promise<Page<Row>> =>
    command === 'relayers'
      ? // A relayer's rows re-written from what was read (exact integers): the rows as sent may carry RPC URL keys (masked in items).
        client.listRelayers({ page, perPage: o.perPage }, { signal, lines: false })
      : command === 'plugins'
        ? client.listPlugins({ page, perPage: o.perPage }, { signal, lines: ndjson })
        : client.listTransactions(args[0]!, { page, perPage: o.perPage, ...(o.status ? { status: o.status } : {}) }, { signal, lines: ndjson });
  /** The first `n` rows of a page as NDJSON: the server's own texts where the page has them. */
  const lines = (p: Page<Row>, items: readonly Row[]): string | Buffer => (p.lines ? jsonTextLines(p.lines.slice(items.length)) : jsonLines(items));
  if (o.status || command === 'plugins') await client.detectDialect();
  // A server that ignored --status: said once on stderr (the rows were filtered here).
  let ignoredSaid = false;
  const noticeIgnored = (p: Page<Row>) => {
    if (!p.filterIgnored || ignoredSaid) return;
    ignoredSaid = true;
    const w = `the server ignored --status ${p.filterIgnored.status} (it sent other statuses): filtered here; its page counts and totals are unfiltered`;
    s.err.write(o.output === 'json' || o.output === 'ndjson' ? `${json({ warning: w })}\n` : `relayer-tui ${command}: warning: ${w}\n`);
  };

  if (!o.all) {
    const p = await fetchPage(o.page);
    noticeIgnored(p);
    const items = o.limit ? p.items.slice(0, o.limit) : p.items;
    if (ndjson) await out.write(lines(p, items));
    else if (asJson) await out.write(`${json({ items, page: p.page, per_page: p.perPage, total_items: p.totalItems }, 2)}\n`);
    else {
      await out.write(table(command === 'relayers' ? await relayersTable(client, items as Relayer[], context, unread) : columnsFor(command, items[0]), items, width));
      if (command === 'relayers') s.err.write(footnotes(unread, client));
      // A table is for eyes: where the rest is, when this is not all of it.
      const pages = Math.max(1, Math.ceil(p.totalItems / p.perPage));
      if (pages > 1 || (o.limit !== undefined && items.length < p.items.length))
        s.err.write(`page ${thousands(p.page)}/${thousands(pages)} (${thousands(p.totalItems)} ${NOUN[command]}) — --page N for another, --all for every page\n`);
    }
    return EXIT.ok;
  }

  // --all: pages in order, the next one already asked for while this one is written.
  const ctrl = new AbortController();
  const progress = s.err.isTTY ? new Progress(s.err, NOUN[command]) : undefined;
  const inflight = new Map<number, Promise<Page<Row>>>();
  const ask = (page: number) => {
    const p = fetchPage(page, ctrl.signal);
    p.catch(() => undefined); // awaited in order below; an early failure must not be unhandled
    inflight.set(page, p);
  };
  let written = 0;
  let lastPage = Infinity;
  let columns: readonly Column<Row>[] | undefined;
  try {
    ask(1);
    for (let page = 1; page <= lastPage && !out.closed; page++) {
      const p = await inflight.get(page)!;
      inflight.delete(page);
      noticeIgnored(p);
      // What the newest answer says is the end, and where --limit ends.
      // (A page the client filtered to nothing is not the end: the server's own page was not empty.)
      lastPage = p.items.length === 0 && !p.filterIgnored ? page : Math.ceil(p.totalItems / p.perPage);
      if (o.limit !== undefined) lastPage = Math.min(lastPage, Math.ceil(o.limit / p.perPage));
      for (let next = page + 1; next <= Math.min(lastPage, page + IN_FLIGHT); next++) if (!inflight.has(next)) ask(next);
      const room = o.limit === undefined ? p.items.length : Math.min(p.items.length, o.limit - written);
      const items = room < p.items.length ? p.items.slice(0, room) : p.items;
      if (ndjson) await out.write(lines(p, items));
      else if (asJson) await out.write(jsonLines(items));
      else if (command === 'relayers') await out.write(table(await relayersTable(client, items as Relayer[], context, unread), items, width, page === 1));
      else await out.write(table((columns ??= columnsFor(command, items[0])), items, width, page === 1));
      written += items.length;
      progress?.update(written, o.limit ?? p.totalItems, page, lastPage);
      if (o.limit !== undefined && written >= o.limit) break;
    }
  } finally {
    ctrl.abort();
    progress?.done(written);
  }
  if (command === 'relayers' && !ndjson && !asJson) s.err.write(footnotes(unread, client));
  return EXIT.ok;
}

/** What the table's STATE words mean, under it: `?` only where a status read failed; on a server known not to be the OpenZeppelin Relayer, that no jam can be diagnosed there. */
function footnotes(unread: ReadonlySet<string>, client: RelayerClient): string {
  return `${undiagnosable(client) ? JAM_NOT_DIAGNOSABLE : JAM_NOT_READ}\n${unread.size ? `${STATUS_NOT_READ} (${unread.size}: ${[...unread].slice(0, 5).map((id) => sanitize(id)).join(', ')}${unread.size > 5 ? ', …' : ''})\n` : ''}`;
}

/** Status reads at once for a table, and how long the table waits for each. */
const STATUS_AT_ONCE = 4;
const STATUS_TIMEOUT_MS = 5_000;

/**
 * The relayers table's columns for these rows: each one's status read (GET /relayers/{id}/status, a
 * few at once, each held to 5 s) where the server offers it, for STATE (low) and BALANCE; a read that
 * failed is `?` in its cells. Only for a table: JSON stays the list as read, no request added.
 */
async function relayersTable(client: RelayerClient, rows: readonly Relayer[], context: { minBalances?: MinBalances; name: string } | undefined, unread: Set<string>): Promise<readonly Column<Row>[]> {
  await client.detectDialect();
  if (!client.offers('relayerStatus')) return relayersTableColumns(null, Date.now) as readonly Column<Row>[];
  const read = new Map<string, { status?: RelayerStatus; error?: string }>();
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const r = rows[next++]!;
      read.set(r.id, await client.relayerStatus(r.id, { signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) }).then((status) => ({ status }), (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) })));
    }
  };
  await Promise.all(Array.from({ length: Math.min(STATUS_AT_ONCE, rows.length) }, worker));
  for (const [id, r] of read) if (r.error !== undefined) unread.add(id);
  const source: StatusSource = { available: () => true, get: (id) => read.get(id) };
  return relayersTableColumns(source, Date.now, context) as readonly Column<Row>[];
}

/** `12,300 / 1,000,000 transactions · page 123 / 10,000 · 41,000/s`, redrawn in place at most 10 times a second. */
class Progress {
  private readonly start = Date.now();
  private last = 0;
  private shown = false;
  constructor(
    private readonly err: Streams['err'],
    private readonly noun: string,
  ) {}
  update(done: number, total: number, page: number, pages: number): void {
    const now = Date.now();
    if (now - this.last < PROGRESS_EVERY_MS) return;
    this.last = now;
    const rate = Math.round((done * 1000) / Math.max(1, now - this.start));
    const n = (x: number) => (Number.isFinite(x) ? thousands(x) : '?');
    this.err.write(`\r\x1b[K${n(done)} / ${n(total)} ${this.noun} · page ${n(page)} / ${n(pages)} · ${n(rate)}/s`);
    this.shown = true;
  }
  done(done: number): void {
    if (!this.shown) return;
    const secs = (Date.now() - this.start) / 1000;
    this.err.write(`\r\x1b[K${thousands(done)} ${this.noun} in ${secs.toFixed(1)} s\n`);
  }
}
