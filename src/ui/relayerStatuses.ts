/**
 * Relayers' live state (GET /relayers/{id}/status, OpenZeppelin Relayer), fetched gently for the
 * relayers on screen: at most two requests in flight, each answer kept with its time and asked again
 * once older than 30 s, nothing at all where the server has no such endpoint (a contract server: the
 * columns stay away). Never on the path to the first frame: the screen asks after it is drawn.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { ApiError, type RelayerClient, type RelayerStatus } from '../api/index.js';
import { Limiter } from '../core/limiter.js';

export interface StatusEntry {
  status?: RelayerStatus;
  /** Why the last request failed (short). */
  error?: string;
  /** When `status` (or the error) came. */
  at: number;
}

const MAX_IN_FLIGHT = 2;
const MAX_AGE_MS = 30_000;
/** Relayers asked for at once at most (the rows on screen). */
const MAX_WANTED = 100;

export class RelayerStatuses {
  private readonly entries = new Map<string, StatusEntry>();
  /** Asked and not answered yet. */
  private readonly pending = new Set<string>();
  /** At most two requests in flight; those of a wish not started yet are dropped by the next wish. */
  private readonly limiter = new Limiter(MAX_IN_FLIGHT);
  private wish = new AbortController();
  private readonly listeners = new Set<() => void>();
  private readonly ctrl = new AbortController();

  constructor(
    private readonly client: RelayerClient,
    private readonly now: () => number,
  ) {}

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

  /** Asks for these relayers' status where it is missing or old; the rest of an older wish is dropped. */
  want(ids: readonly string[]): void {
    if (!this.available() || this.ctrl.signal.aborted) return;
    this.wish.abort();
    const wish = (this.wish = new AbortController());
    const now = this.now();
    for (const id of ids.slice(0, MAX_WANTED)) {
      const e = this.entries.get(id);
      if (this.pending.has(id) || (e && now - e.at <= MAX_AGE_MS)) continue;
      // A wish dropped before its turn rejects: nothing to do.
      this.limiter.run(() => this.ask(id), wish.signal).catch(() => undefined);
    }
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  close(): void {
    this.wish.abort();
    this.ctrl.abort();
  }

  private async ask(id: string): Promise<void> {
    this.pending.add(id);
    try {
      const status = await this.client.relayerStatus(id, { signal: this.ctrl.signal });
      this.settle(id, { status, at: this.now() });
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
    for (const fn of this.listeners) fn();
  }
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
