/**
 * The audit ledger: every mutation the operator sends (replace, cancel, pause/resume, plugin call, notification) is
 * appended to `$XDG_STATE_HOME/relayer-tui/audit.jsonl` (mode 600) before it leaves, and its outcome
 * after: one JSON object a line, `phase: "sent"` then `phase: "done"` with the same id. A crash in
 * between leaves the "sent" line alone, which reads as "sent, outcome unknown". An outcome left
 * unknown is settled later by reading the target back (core/operations/settle.ts): a third kind of
 * line, `phase: "settled"`, naming the send it settles (`of`); a line once written is never rewritten.
 * Bodies are as the review shows them (a signing key as `•••• (N chars)`); the API key is never written.
 */
import { appendFileSync, chmodSync, closeSync, fstatSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

import type { Ledger, LedgerOutcome } from '../core/operations/pipeline.js';
import { recordedOperation } from '../core/operations/recorded.js';
import type { SettleOutcome } from '../core/operations/settle.js';
import { OPERATIONS, type OperationKind, type OperationTarget } from '../core/operations/registry.js';

/** What came of a send (core/operations/pipeline.ts words it): applied, in flight, no effect, not as asked, refused, unknown, not sent, answered with a failure. */
export type AuditOutcome = LedgerOutcome;

export interface AuditSent {
  id: string;
  time: string;
  phase: 'sent';
  context: string;
  server: string;
  /** Which operation (core/operations/registry.ts) and what it acted on; absent on lines written before them. */
  op?: string;
  target?: OperationTarget;
  method: string;
  path: string;
  body: string;
}

export interface AuditDone {
  id: string;
  time: string;
  phase: 'done';
  status?: number;
  outcome: AuditOutcome;
  answer_id?: string;
  /** What came back compared with what was asked, when it was not simply as asked (no effect, in flight, …). */
  effect?: string;
  /** How the outcome was reached when that matters (awaited without a terminal after a hang-up). */
  note?: string;
}

/** A send whose outcome was unknown, read back later: what the read showed. */
export interface AuditSettled {
  id: string;
  time: string;
  phase: 'settled';
  /** The id of the send it settles. */
  of: string;
  context: string;
  server: string;
  outcome: SettleOutcome;
  /** What the read showed, in words (raw server text possibly inside: sanitize to draw). */
  words: string;
}

/** A mutation as `:audit` lists it: what was sent, what came of it, and any read-back since. */
export interface AuditEntry extends AuditSent {
  done?: AuditDone;
  /** Read-backs of an unknown outcome, oldest first. */
  settled?: AuditSettled[];
}

/** Whether what came of a send is still not known: no outcome line (a crash, a drop), or "unknown", and no read-back that told. */
export function outcomeUnknown(e: AuditEntry): boolean {
  if (e.done && e.done.outcome !== 'unknown') return false;
  return !(e.settled ?? []).some((s) => s.outcome !== 'unknown');
}

/**
 * Whether a read-back can still tell something: an unknown outcome, or one left in flight (a cancel
 * whose NOOP was on its way: canceled since, or not — `s` reads it back).
 */
export function settleable(e: AuditEntry): boolean {
  if (outcomeUnknown(e)) return true;
  const told = lastTold(e)?.outcome ?? e.done?.outcome;
  // A new transaction accepted (not yet final when answered): its status is read back too.
  return told === 'in flight' || (told === 'accepted' && Boolean(e.done?.answer_id));
}

/** The last read-back of a send that told something (applied, not applied, in flight), if any. */
export function lastTold(e: AuditEntry): AuditSettled | undefined {
  return [...(e.settled ?? [])].reverse().find((s) => s.outcome !== 'unknown');
}

/** What came of a send in the ledger's words, the same in `:audit` and `relayer-tui audit` (a read-back's when one told). */
export function auditOutcome(e: AuditEntry): string {
  const t = lastTold(e);
  if (t) return `${t.outcome} (read back)`;
  return e.done ? (e.done.outcome === 'unknown' ? 'outcome unknown' : e.done.outcome) : 'sent, outcome unknown';
}

/** A server URL as the ledger compares it: its identity (scheme, host, port, path; no trailing slash). Not the limiter's origin bucket (core/fleet/fleet.ts originBucket). */
export function ledgerServerKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return url.trim().toLowerCase();
  }
}

/** The server as a row shows it: host:port (the URL's host, with the scheme's port when none is written). */
export function serverHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname.includes(':') ? `[${u.hostname}]` : u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return url;
  }
}

/** How much of the end of the file `:audit` reads. */
const READ_TAIL_BYTES = 2 * 1024 * 1024;

/** A send in a few words: what it did to what — its operation and target as recorded; from the path on older lines. */
export function sendWords(e: Pick<AuditEntry, 'method' | 'path' | 'body' | 'op' | 'target'>, keep = 16): string {
  const rec = recordedOperation(e);
  return 'unknown' in rec ? `${e.method} ${e.path.replace(/^\/api\/v1/, '')}` : OPERATIONS[rec.op].words(rec.target, keep);
}

/**
 * Said once on start for the server being opened, when sends to it are left with an unknown
 * outcome: how many, the newest in words, and where to settle them. Raw ids inside: sanitize to draw.
 */
export function unknownNotice(unknown: readonly AuditEntry[], now = new Date()): string | undefined {
  if (!unknown.length) return undefined;
  const e = unknown[0]!;
  const day = e.time.slice(0, 10) === now.toISOString().slice(0, 10) ? '' : `${e.time.slice(0, 10)} `;
  const more = unknown.length > 1 ? ` (newest; ${unknown.length - 1} more)` : '';
  return `${unknown.length} send${unknown.length === 1 ? '' : 's'} with unknown outcome: ${sendWords(e, 8)} at ${day}${e.time.slice(11, 16)} UTC${more} — :audit`;
}

export class AuditLedger implements Ledger {
  constructor(
    readonly path: string,
    /** The context (or `SANDBOX`) and server requests go to; `:ctx` changes them. */
    public where: { context: string; server: string },
  ) {}

  private append(record: AuditSent | AuditDone | AuditSettled): string | null {
    try {
      mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
      appendFileSync(this.path, `${JSON.stringify(record)}\n`, { mode: 0o600 });
      if ((statSync(this.path).mode & 0o077) !== 0) chmodSync(this.path, 0o600);
      return null;
    } catch (e) {
      return `The audit ledger ${this.path} could not be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
    }
  }

  /** Writes the "sent" line now (before the request leaves); `end` writes its outcome. `warning`: the write failed. */
  begin(req: { method: string; path: string; body: string; op: OperationKind; target: OperationTarget }): { end: (r: Omit<AuditDone, 'id' | 'time' | 'phase'>) => void; warning: string | null } {
    // node:crypto is loaded on the first mutation, not on every start (~7 ms).
    const id = (process.getBuiltinModule('node:crypto') as typeof import('node:crypto')).randomUUID();
    const warning = this.append({ id, time: new Date().toISOString(), phase: 'sent', ...this.where, op: req.op, target: req.target, method: req.method, path: req.path, body: req.body });
    return { warning, end: (r) => void this.append({ id, time: new Date().toISOString(), phase: 'done', ...r }) };
  }

  /** Writes a read-back of `of` (a send whose outcome was unknown) as a new line; null, or why it could not be written. */
  settle(of: AuditEntry, r: { outcome: SettleOutcome; words: string }): string | null {
    const id = (process.getBuiltinModule('node:crypto') as typeof import('node:crypto')).randomUUID();
    return this.append({ id, time: new Date().toISOString(), phase: 'settled', of: of.id, context: of.context, server: of.server, outcome: r.outcome, words: r.words.slice(0, 500) });
  }

  /** The sends to `server` whose outcome is still unknown, newest first. */
  unknownFor(server: string): AuditEntry[] {
    const key = ledgerServerKey(server);
    return this.read().filter((e) => ledgerServerKey(e.server) === key && outcomeUnknown(e));
  }

  /** The last mutations, newest first (from the last 2 MB of the file). */
  read(): AuditEntry[] {
    let text = '';
    try {
      const fd = openSync(this.path, 'r');
      try {
        const size = fstatSync(fd).size;
        const start = Math.max(0, size - READ_TAIL_BYTES);
        const buf = Buffer.alloc(size - start);
        readSync(fd, buf, 0, buf.length, start);
        text = buf.toString('utf8');
        if (start > 0) text = text.slice(text.indexOf('\n') + 1);
      } finally {
        closeSync(fd);
      }
    } catch {
      return [];
    }
    const byId = new Map<string, AuditEntry>();
    const order: AuditEntry[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let r: AuditSent | AuditDone | AuditSettled;
      try {
        r = JSON.parse(line) as AuditSent | AuditDone | AuditSettled;
      } catch {
        continue;
      }
      if (typeof r !== 'object' || r === null || typeof r.id !== 'string') continue;
      if (r.phase === 'settled') {
        const e = byId.get(r.of);
        if (e) (e.settled ??= []).push(r);
      } else if (r.phase === 'sent') {
        const e: AuditEntry = { ...r };
        byId.set(r.id, e);
        order.push(e);
      } else {
        const e = byId.get(r.id);
        if (e) e.done = r;
      }
    }
    // Newest first by when each was sent (two sessions may have written in turn).
    return order.reverse().sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  }
}
