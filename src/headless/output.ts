/**
 * What the headless subcommands write: exact JSON (every digit as the server sent it, nothing a
 * terminal acts on), tables that fit the width by column priority, one-line errors, exit codes, and
 * a writer that waits for a slow reader (constant memory) and stops quietly when it goes away.
 */
import { isAscii } from 'node:buffer';
import { ApiError, stringifyJson, type RowLines } from '../api/index.js';
import { EXIT } from '../cli/exitCodes.js';
import { layoutColumns, type Column } from '../core/columns/layout.js';
import { fit } from '../core/text/cells.js';
import { jsonForTerminal, safeLines, sanitize } from '../core/text/sanitize.js';

/** Exact JSON (every digit as sent), with nothing in it a terminal would act on. */
export const json = (v: unknown, indent?: number): string => jsonForTerminal(stringifyJson(v, indent));

/**
 * Items as NDJSON, a line each: the same text as `json` of each, drawn safe once for the whole batch
 * (a JSON text holds no raw LF, so the separators are the only ones).
 */
export const jsonLines = (items: readonly unknown[]): string => (items.length ? jsonForTerminal(`${items.map((it) => stringifyJson(it)).join('\n')}\n`) : '');

/**
 * JSON texts as bytes (each on one line, as the server wrote them: Page.lines) as NDJSON, drawn safe
 * as `jsonLines`: plain ASCII without DEL (what a page almost always is) needs nothing, checked by two
 * native passes; anything else goes through `jsonForTerminal`.
 */
export function jsonTextLines(lines: RowLines): Buffer {
  const all = lines.ndjson();
  if (isAscii(all) && all.indexOf(0x7f) === -1) return all;
  return Buffer.from(jsonForTerminal(all.toString('utf8')));
}



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
    case 'not_api':
    case 'redirect':
      // The URL is not where the API answers: the configuration's to fix.
      return EXIT.config;
    case 'bad_request':
    case 'conflict':
    case 'unsupported':
      return EXIT.usage;
    default:
      return EXIT.server;
  }
}

export interface Streams {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  err: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Where `--body -` and `plugin … -` read from. */
  in?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/**
 * Writes to stdout and waits for `drain` when the reader is slower (memory stays one page), and
 * notices a reader that went away (`| head`): `closed` turns true and writes become no-ops.
 */
export class Out {
  closed = false;
  constructor(private readonly stream: Streams['out']) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') this.closed = true;
      else throw e;
    });
  }
  async write(text: string | Uint8Array): Promise<void> {
    if (this.closed || text.length === 0) return;
    if (this.stream.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.stream.off('close', done);
        this.stream.off('error', done);
        resolve();
      };
      this.stream.on('drain', done);
      this.stream.on('close', done);
      this.stream.on('error', done);
    });
  }
}

/** How errors are written: one line, or a JSON object when the output is JSON. */
export function failer(command: string, output: string, err: Streams['err']) {
  return (code: number, message: string, e?: ApiError): number => {
    if (output === 'json' || output === 'ndjson')
      err.write(`${json({ error: { kind: e?.kind ?? kindOf(code), status: e?.status ?? null, message, ...(e?.outcomeUnknown ? { outcome: 'unknown' } : {}) } })}\n`);
    // Every line of it (a config file's errors come as a list), each drawn safe.
    else err.write(`relayer-tui ${command}: ${e?.status && !message.startsWith(`HTTP ${e.status}`) ? `HTTP ${e.status}: ` : ''}${safeLines(message, 60).join('\n  ')}\n`);
    return code;
  };
}

const kindOf = (code: number) => (Object.entries(EXIT).find(([, c]) => c === code)?.[0] ?? 'error').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A plain table (no colour, no cursor) whose columns are chosen by priority to fit `width`, every
 * cell through the display-safety boundary and measured in terminal cells.
 */
export function table<T>(columns: readonly Column<T>[], rows: readonly T[], width: number, header = true): string {
  // No row marks here; one cell short of the width, so a full last cell never wraps.
  const laid = layoutColumns(columns, Math.max(20, width) - 1, 0, rows);
  const line = (cells: string[]) => cells.join(' ').trimEnd();
  const out = header ? [line(laid.map(({ col, width: w }) => fit(col.title, w, col.align)))] : [];
  for (const r of rows) out.push(line(laid.map(({ col, width: w }) => fit(sanitize(col.cell(r, w)), w, col.align))));
  return out.length ? `${out.join('\n')}\n` : '';
}
