/**
 * The fleets of the session, kept above the contexts: a drill-down switches context (the app starts
 * again on the other server), and esc must come back to the fleet as it was — its rows (not read
 * again), its selection, its filter. One Fleet per set of names, read when first shown.
 */
import { createContext, useContext } from 'react';
import { Fleet, type FleetSource } from '../core/fleet/fleet.js';

/** How the face opens a fleet: the config file's fleets or contexts by name (none: every context). */
export type OpenFleet = (names: string[]) => { sources: FleetSource[]; title: string } | { error: string };

export class FleetView {
  /** The selected row's key and the filter, saved as the screen changes them. */
  cursor: string | null = null;
  filter = '';
  /** The contexts table (c) rather than the relayers. */
  showContexts = false;
  /** Whether a whole read has ended (after it, rows that change are marked). */
  readOnce = false;
  started = false;
  /** Relayers the operator changed (a send answered) since the fleet last read their context: context NUL relayer → when. */
  readonly changedSince = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  readonly fleet: Fleet;

  constructor(
    readonly title: string,
    sources: FleetSource[],
    now: () => number,
  ) {
    this.fleet = new Fleet(sources, { now, onChange: () => this.emit() });
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  /** Reads every context again (joined when a read is under way); the first read starts it. */
  async read(): Promise<void> {
    this.started = true;
    await this.fleet.refresh();
    // A change read since is in the rows now (a context skipped by its backoff keeps its mark).
    for (const [key, at] of this.changedSince) {
      const c = this.fleet.contexts().find((x) => x.name === key.slice(0, key.indexOf('\u0000')));
      if (c?.at != null && c.at > at) this.changedSince.delete(key);
    }
    this.readOnce = true;
    this.emit();
  }
}

export class FleetSessions {
  private readonly views = new Map<string, FleetView>();

  constructor(
    private readonly open: OpenFleet | undefined,
    private readonly now: () => number,
  ) {}

  get(names: readonly string[]): FleetView | { error: string } {
    const key = names.join(' ');
    const had = this.views.get(key);
    if (had) return had;
    if (!this.open) return { error: 'No fleet here: the fleet reads the contexts of a config file (relayer-tui sandbox --fleet 5 prints one to try)' };
    const r = this.open([...names]);
    if ('error' in r) return r;
    const view = new FleetView(r.title, r.sources, this.now);
    this.views.set(key, view);
    return view;
  }

  /**
   * The operator changed a relayer (a send answered) in a context: every fleet holding that context
   * reads it again when next shown — a walk came back to a fleet row with the cap from before its own edit.
   */
  changed(context: string, relayerId: string, at: number): void {
    for (const v of this.views.values()) if (v.fleet.contexts().some((c) => c.name === context)) v.changedSince.set(`${context}\u0000${relayerId}`, at);
  }

  async close(): Promise<void> {
    await Promise.all([...this.views.values()].map((v) => v.fleet.close()));
  }
}

export const FleetSessionsContext = createContext<FleetSessions | null>(null);

export function useFleetSessions(): FleetSessions {
  const s = useContext(FleetSessionsContext);
  if (!s) throw new Error('FleetSessionsContext missing');
  return s;
}
