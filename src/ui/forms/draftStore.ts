/**
 * Drafts on disk: what is typed into a form that has not been sent (a replacement, plugin params, a
 * notification) survives a dropped line. One file per draft under `$XDG_STATE_HOME/relayer-tui/drafts/`
 * (directory 700, files 600), keyed by context + server + form + relayer + transaction/plugin, written
 * as it is typed (batched: one timer for the store, a burst of keys written at most DRAFT_DEBOUNCE_MS
 * after its first) with an atomic write (a temp file, fsync, rename), and flushed synchronously on
 * every exit path (run.tsx, main.ts: SIGHUP is when it matters). A secret field (a
 * notification's signing key) is never written: the draft only says it was left out. A draft is removed
 * once sent or discarded, and any older than DRAFT_MAX_AGE_MS when the store is first read.
 * No Ink or React here.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { holdsSecret, type FieldSpec, type Values } from '../../core/operations/types.js';

/** How long a draft nobody came back to is kept: 30 days. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** How long after a key its draft is written at most (a burst of keys is one write per this much). */
export const DRAFT_DEBOUNCE_MS = 400;
/** A draft larger than this is not written (said once, by the form). */
const MAX_DRAFT_BYTES = 1024 * 1024;

/** The forms kept as drafts: each operation's draft rule (core/operations/registry.ts). */
import type { DraftForm } from '../../core/operations/registry.js';
import { realAfter, type After } from '../scheduler.js';
export type { DraftForm };

/** Which form, for what: with the store's context and server, the draft's key. */
export interface DraftTarget {
  form: DraftForm;
  relayer?: string;
  /** The transaction's id (replace) or the plugin's id (plugin). */
  target?: string;
}

export interface StoredDraft {
  v: 1;
  context: string;
  server: string;
  form: DraftForm;
  relayer?: string;
  target?: string;
  /** When it was last typed into (ISO). */
  savedAt: string;
  /** What was typed, secret fields left out. */
  values: Values;
  /** The form's values as first shown when it was typed (the transaction then): what differs is said against it. */
  basis: Values;
  /** Secret fields that had a value and were not written (the signing key). */
  omitted: string[];
}

/** The key's one string, hashed for the file name (ids may hold anything). */
function keyOf(where: { context: string; server: string }, t: DraftTarget): string {
  return JSON.stringify([where.context, where.server, t.form, t.relayer ?? '', t.target ?? '']);
}

function hash(s: string): string {
  const { createHash } = process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(s).digest('hex').slice(0, 32);
}

/** The server part of a key: the base URL without a trailing slash (`SANDBOX` for the built-in one). */
export function draftServer(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

function isValues(x: unknown): x is Values {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((v) => typeof v === 'string');
}

export class DraftStore {
  private readonly pending = new Map<string, string>();
  private cancel: (() => void) | undefined;
  private pruned = false;
  /** The last write that failed, in words (said once by the form: takeWarning). */
  warning: string | null = null;

  /** The last failed write's words, once (then forgotten). */
  takeWarning(): string | null {
    const w = this.warning;
    this.warning = null;
    return w;
  }

  constructor(
    /** `$XDG_STATE_HOME/relayer-tui/drafts`. */
    readonly dir: string,
    /** The context (`-` without one, `SANDBOX` for the built-in sandbox) and server forms send to; `:ctx` changes it. */
    public where: { context: string; server: string },
    private readonly now: () => number = Date.now,
    /** The debounce's timer (ui/scheduler.ts); every exit path flushes what waits on it. */
    private readonly after: After = realAfter,
  ) {}

  /** The draft's file. */
  fileOf(t: DraftTarget): string {
    return join(this.dir, `${t.form}-${hash(keyOf(this.where, t))}.json`);
  }

  /** The draft kept for this form and target here, if any (a write still pending counts). */
  load(t: DraftTarget): StoredDraft | undefined {
    this.prune();
    const file = this.fileOf(t);
    let text = this.pending.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    }
    if (text === '') return undefined;
    try {
      const d = JSON.parse(text) as Partial<StoredDraft>;
      // Another key's file under this name (a hash collision, a hand edit): not this form's draft.
      if (d.v !== 1 || keyOf({ context: d.context ?? '', server: d.server ?? '' }, { form: d.form!, relayer: d.relayer, target: d.target }) !== keyOf(this.where, t)) return undefined;
      if (!isValues(d.values) || typeof d.savedAt !== 'string') return undefined;
      return { ...(d as StoredDraft), basis: isValues(d.basis) ? d.basis : {}, omitted: Array.isArray(d.omitted) ? d.omitted.filter((x) => typeof x === 'string') : [] };
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps what was typed (written within DRAFT_DEBOUNCE_MS, or at once by `flush`). Secret fields
   * are left out: only their names are kept, when they had a value.
   */
  save(t: DraftTarget, fields: readonly FieldSpec[], values: Values, basis: Values): void {
    const secret = new Set(fields.filter(holdsSecret).map((f) => f.name));
    const kept: Values = {};
    const omitted: string[] = [];
    for (const [k, v] of Object.entries(values)) {
      if (secret.has(k)) {
        if (v) omitted.push(k);
      } else kept[k] = v;
    }
    const keptBasis: Values = {};
    for (const [k, v] of Object.entries(basis)) if (!secret.has(k)) keptBasis[k] = v;
    const draft: StoredDraft = { v: 1, ...this.where, form: t.form, relayer: t.relayer, target: t.target, savedAt: new Date(this.now()).toISOString(), values: kept, basis: keptBasis, omitted };
    this.pending.set(this.fileOf(t), JSON.stringify(draft));
    this.schedule();
  }

  /** Removes the draft (sent or discarded), a pending write of it included. */
  remove(t: DraftTarget): void {
    const file = this.fileOf(t);
    // An empty pending entry is a removal: it wins over a write scheduled before it.
    this.pending.set(file, '');
    this.schedule();
  }

  /** Writes every pending draft now, synchronously (every exit path calls it: a dropped line is when it matters). */
  flush(): void {
    this.cancel?.();
    this.cancel = undefined;
    const all = [...this.pending];
    this.pending.clear();
    for (const [file, text] of all) {
      if (text === '') {
        try {
          unlinkSync(file);
        } catch {
          // not there: nothing to remove
        }
      } else this.write(file, text);
    }
  }

  private schedule(): void {
    if (this.cancel) return;
    this.cancel = this.after(DRAFT_DEBOUNCE_MS, () => {
      this.cancel = undefined;
      this.flush();
    });
  }

  /** Temp file (600) + fsync + rename: a reader (or the next session) never sees half a draft. */
  private write(file: string, text: string): void {
    if (Buffer.byteLength(text) > MAX_DRAFT_BYTES) {
      this.warning = `A draft over ${MAX_DRAFT_BYTES / 1024} KB is not kept on disk`;
      return;
    }
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      // A directory made earlier with wider bits (by hand, another tool): narrowed, as the ledger narrows its file.
      if ((statSync(this.dir).mode & 0o077) !== 0) chmodSync(this.dir, 0o700);
      const fd = openSync(tmp, 'w', 0o600);
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      // A temp file left by an earlier crash under the same name may have other bits.
      if ((statSync(tmp).mode & 0o077) !== 0) chmodSync(tmp, 0o600);
      renameSync(tmp, file);
    } catch (e) {
      this.warning = `The draft could not be kept in ${this.dir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      try {
        unlinkSync(tmp);
      } catch {
        // never created
      }
    }
  }

  /** Removes drafts older than DRAFT_MAX_AGE_MS (and temp files of writes a crash cut), once per session. */
  private prune(): void {
    if (this.pruned) return;
    this.pruned = true;
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    const cutoff = this.now() - DRAFT_MAX_AGE_MS;
    for (const name of names) {
      if (!/\.(json|tmp)$/.test(name)) continue;
      const file = join(this.dir, name);
      try {
        const st = statSync(file);
        if (st.mtimeMs < cutoff || (name.endsWith('.tmp') && st.mtimeMs < this.now() - 60_000)) unlinkSync(file);
      } catch {
        // gone meanwhile
      }
    }
  }
}

/** One line of what a draft holds that differs from the form as it opens now (the transaction as it is now). */
export interface DraftDifference {
  label: string;
  typed: string;
  now: string;
  /** What the transaction had when the draft was typed, when that differs from now. */
  then?: string;
}

/** What the draft would change in the form as it opens now, field by field (secret fields never: they are not kept). */
export function draftDifferences(fields: readonly FieldSpec[], draft: StoredDraft, current: Values): DraftDifference[] {
  const out: DraftDifference[] = [];
  for (const f of fields) {
    if (holdsSecret(f) || !(f.name in draft.values)) continue;
    const typed = draft.values[f.name] ?? '';
    const now = current[f.name] ?? '';
    if (typed === now) continue;
    const then = draft.basis[f.name];
    out.push({ label: f.label, typed, now, ...(then !== undefined && then !== now ? { then } : {}) });
  }
  return out;
}
