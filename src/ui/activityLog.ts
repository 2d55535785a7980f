/**
 * Every HTTP request since the app started (`:log`), newest first, in a ring of the last 1,000: its
 * time, method, path, status, duration, bytes and retries. Kept outside the screens, so a context
 * switch keeps it. The token is never in it (the transport tells only method, path and outcome).
 */
import type { Exchange } from '../api/index.js';

export const MAX_LOG = 1_000;

export interface LogEntry extends Exchange {
  /** Increasing per entry: a stable row id. */
  seq: number;
  /** The context (or server) the request went to. */
  where: string;
}

export class ActivityLog {
  private readonly ring: LogEntry[] = [];
  private next = 0;
  private seq = 0;
  private readonly listeners = new Set<() => void>();
  /** What requests are tagged with (`:ctx` changes it). */
  where = '';

  add(e: Exchange): void {
    const entry = { ...e, seq: ++this.seq, where: this.where };
    if (this.ring.length < MAX_LOG) this.ring.push(entry);
    else this.ring[this.next] = entry;
    this.next = (this.next + 1) % MAX_LOG;
    for (const fn of this.listeners) fn();
  }

  /**
   * Newest first by when each request started (the TIME shown): entries are added as requests end,
   * so a slow one would otherwise sit above newer ones.
   */
  entries(): LogEntry[] {
    return [...this.ring].sort((a, b) => b.at - a.at || b.seq - a.seq);
  }

  get size(): number {
    return this.ring.length;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
