/**
 * What the first screen's background stores share (relayerStatuses.ts, relayerJams.ts): at most two
 * reads in flight, a wish (the rows on screen) that drops the rest of the previous one, listeners told
 * of each answer, and one close that stops everything.
 */
import { Limiter } from '../core/limiter.js';

const MAX_IN_FLIGHT = 2;

export abstract class BackgroundReads {
  protected readonly limiter = new Limiter(MAX_IN_FLIGHT);
  protected wish = new AbortController();
  protected readonly ctrl = new AbortController();
  /** Asked and not answered yet. */
  protected readonly pending = new Set<string>();
  private readonly listeners = new Set<() => void>();

  /** Runs `ask` for each id not pending and not `fresh`, two at a time; the rest of an older wish is dropped. */
  protected wantEach<T>(items: readonly T[], id: (t: T) => string, fresh: (id: string) => boolean, ask: (t: T) => Promise<void>): void {
    this.wish.abort();
    const wish = (this.wish = new AbortController());
    for (const t of items) {
      const key = id(t);
      if (this.pending.has(key) || fresh(key)) continue;
      // A wish dropped before its turn rejects: nothing to do.
      this.limiter.run(() => ask(t), wish.signal).catch(() => undefined);
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

  /** Tells the listeners (never after close). */
  protected notify(): void {
    if (this.ctrl.signal.aborted) return;
    for (const fn of this.listeners) fn();
  }
}
