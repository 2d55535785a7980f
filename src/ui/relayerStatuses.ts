/**
 * Relayers' live state (GET /relayers/{id}/status, OpenZeppelin Relayer), fetched gently for the
 * relayers on screen: at most two requests in flight, each answer kept with its time and asked again
 * once older than 30 s, nothing at all where the server has no such endpoint (a contract server: the
 * columns stay away). Never on the path to the first frame: the screen asks after it is drawn.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { ApiError, type RelayerClient, type RelayerStatus } from '../api/index.js';
import { BackgroundReads } from './backgroundReads.js';
import { realAfter, type After } from './scheduler.js';

export interface StatusEntry {
  status?: RelayerStatus;
  /** Why the last request failed (short). */
  error?: string;
  /** When `status` (or the error) came: the last answer. */
  at: number;
  /** When `status` itself came (an error after it leaves it, and this, as they were). */
  statusAt?: number;
  /** When the figures the list shows from it (PEND, BALANCE, LAST OK) were last seen to change — by any read of it (the first read included). */
  changedAt?: number;
}

const MAX_AGE_MS = 30_000;
/** Relayers asked for at once at most (the rows on screen). */
const MAX_WANTED = 100;

export class RelayerStatuses extends BackgroundReads {
  private readonly entries = new Map<string, StatusEntry>();
  /**
   * For each relayer, when the last re-read that asked for it (reread) began: a status from before it
   * was not read again with that read. Per relayer: a detail's `r` re-reads its one relayer, and must
   * not make every other row of the list behind look late.
   */
  private readonly rereadSince = new Map<string, number>();

  constructor(
    private readonly client: RelayerClient,
    private readonly now: () => number,
    /** Its timers (ui/scheduler.ts): the services' clock. */
    private readonly after: After = realAfter,
  ) {
    super();
  }

  /** Whether the server offers relayer status (decided once its dialect is known). */
  available(): boolean {
    return this.client.offers('relayerStatus');
  }

  /** Resolves once the server's dialect is known (asked once per client). */
  async ready(): Promise<void> {
    await this.client.detectDialect();
  }

  get(id: string): StatusEntry | undefined {
    return this.entries.get(id);
  }

  /**
   * Whether this relayer's figures are older than the list beside them says: its last read failed
   * (the figures shown are an earlier answer's), or it was not read again with the list's last read
   * (no answer within the budget). The list marks them `?` until a read answers.
   */
  old(id: string): boolean {
    const e = this.entries.get(id);
    return e?.status !== undefined && (e.error !== undefined || (e.statusAt ?? e.at) < (this.rereadSince.get(id) ?? -Infinity));
  }

  /** When any of these relayers' figures was last seen to change (whatever read saw it: r, watch, a detail, their age); null: none read. */
  figuresChangedAt(ids: readonly string[]): number | null {
    let at: number | null = null;
    for (const id of ids) {
      const c = this.entries.get(id)?.changedAt;
      if (c !== undefined && (at === null || c > at)) at = c;
    }
    return at;
  }

  /** Asks for these relayers' status where it is missing or older than `maxAgeMs` (0: all again); the rest of an older wish is dropped. */
  want(ids: readonly string[], maxAgeMs = MAX_AGE_MS): void {
    if (!this.available() || this.ctrl.signal.aborted) return;
    const now = this.now();
    this.wantEach(
      ids.slice(0, MAX_WANTED),
      (id) => id,
      (id) => {
        const e = this.entries.get(id);
        return e !== undefined && now - e.at <= maxAgeMs;
      },
      (id) => this.ask(id),
    );
  }

  /**
   * `r` and watch: these relayers' status read again (the rows on screen first, two at a time), and
   * what came back compared with what was shown — the figures the list shows from it (PEND, BALANCE,
   * LAST OK). Resolves when all are read or `budgetMs` passes: `changed` the relayers whose figures
   * changed, `notRead` those not read again (no answer in time, or a failed read: their figures keep their own time).
   */
  async reread(ids: readonly string[], budgetMs: number): Promise<{ changed: string[]; notRead: string[]; read: number }> {
    if (!this.available() || this.ctrl.signal.aborted) return { changed: [], notRead: [], read: 0 };
    const wanted = ids.slice(0, MAX_WANTED);
    const before = new Map(wanted.map((id) => [id, figures(this.entries.get(id))]));
    const started = this.now();
    this.want(wanted, -1);
    const done = () => wanted.every((id) => !this.pending.has(id) && (this.entries.get(id)?.at ?? -Infinity) >= started);
    await new Promise<void>((resolve) => {
      if (done()) return resolve();
      const cancel = this.after(budgetMs, finish);
      const off = this.subscribe(() => done() && finish());
      function finish() {
        cancel();
        off();
        resolve();
      }
    });
    // From now on (the budget spent, or every answer in), a status older than this read is marked late:
    // not while the read is on its way (every row of a watched list flashed ? at each refresh, and
    // redrew all its figures twice, on a server that answered within the budget).
    for (const id of wanted) this.rereadSince.set(id, started);
    // Not read again: not answered in time, or answered with an error (the entry then keeps the old
    // status beside the error: never compared as "unchanged").
    const notRead = wanted.filter((id) => (this.entries.get(id)?.at ?? -Infinity) < started || this.entries.get(id)?.error !== undefined);
    const changed = wanted.filter((id) => !notRead.includes(id) && before.get(id) !== undefined && before.get(id) !== figures(this.entries.get(id)));
    // The late ones' marks drawn now (nothing else may redraw the list: its page came back the same).
    if (wanted.some((id) => this.old(id))) this.notify();
    return { changed, notRead, read: wanted.length - notRead.length };
  }

  private async ask(id: string): Promise<void> {
    this.pending.add(id);
    try {
      const status = await this.client.relayerStatus(id, { signal: this.ctrl.signal });
      const was = this.entries.get(id);
      const at = this.now();
      const changedAt = was?.changedAt !== undefined && figures(was) === figures({ status, at }) ? was.changedAt : at;
      this.settle(id, { status, at, statusAt: at, changedAt });
    } catch (e) {
      if (this.ctrl.signal.aborted) return;
      // Unsupported: the server has no such endpoint; the rest of this wish and every later one are dropped (available()).
      if (e instanceof ApiError && e.kind === 'unsupported') this.wish.abort();
      this.settle(id, { ...this.entries.get(id), error: e instanceof ApiError ? e.message.slice(0, 200) : 'failed', at: this.now() });
    }
  }

  private settle(id: string, entry: StatusEntry): void {
    this.pending.delete(id);
    this.entries.set(id, entry);
    this.notify();
  }
}

/** The figures the relayers list shows from a status (PEND, BALANCE, LAST OK), as one comparable text; undefined: none shown yet. */
function figures(e: StatusEntry | undefined): string | undefined {
  const s = e?.status as { pending_transactions_count?: unknown; balance?: unknown; last_confirmed_transaction_timestamp?: unknown } | undefined;
  return s ? JSON.stringify([String(s.pending_transactions_count ?? ''), String(s.balance ?? ''), String(s.last_confirmed_transaction_timestamp ?? '')]) : undefined;
}

export const RelayerStatusesContext = createContext<RelayerStatuses | null>(null);

/**
 * The status store, asking for `ids` once the first frame is out and the server's dialect is known;
 * re-renders when an answer comes. Returns the store, or null where there is none.
 */
export function useRelayerStatuses(ids: readonly string[]): RelayerStatuses | null {
  const store = useContext(RelayerStatusesContext);
  const [, setVersion] = useState(0);
  useEffect(() => store?.subscribe(() => setVersion((v) => v + 1)), [store]);
  const key = ids.join('\n');
  useEffect(() => {
    if (!store) return;
    let live = true;
    void store.ready().then(() => {
      if (live) {
        store.want(ids);
        setVersion((v) => v + 1);
      }
    });
    return () => {
      live = false;
    };
  }, [store, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return store;
}
