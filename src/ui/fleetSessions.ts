/**
 * The fleets of the session, kept above the contexts: a drill-down switches context (the app starts
 * again on the other server), and esc must come back to the fleet as it was — its rows (not read
 * again), its selection, its filter. One view (screens/fleet/fleetView.ts) per set of names, made by
 * the fleet screen when first shown and read then: the fleet's reading (core/fleet) is loaded with that
 * screen, never by a start (issue 55).
 */
import { createContext, useContext } from 'react';
import type { FleetSource } from '../core/fleet/fleet.js';

/** How the face opens a fleet: the config file's fleets or contexts by name (none: every context). */
export type OpenFleet = (names: string[]) => { sources: FleetSource[]; title: string } | { error: string };

/** What the session keeps of a fleet's view (screens/fleet/fleetView.ts's FleetView). */
export interface KeptFleetView {
  readonly fleet: { contexts(): readonly { name: string }[]; close(): Promise<void> };
  /** Relayers the operator changed since the fleet last read their context: context NUL relayer → when. */
  readonly changedSince: Map<string, number>;
}

export class FleetSessions {
  private readonly views = new Map<string, KeptFleetView>();

  constructor(
    private readonly open: OpenFleet | undefined,
    private readonly now: () => number,
  ) {}

  /** The view of these contexts: the one kept, else one `make` makes of the opened sources (kept from then on). */
  get<V extends KeptFleetView>(names: readonly string[], make: (title: string, sources: FleetSource[], now: () => number) => V): V | { error: string } {
    const key = names.join(' ');
    const had = this.views.get(key);
    if (had) return had as V;
    if (!this.open) return { error: 'No fleet here: the fleet reads the contexts of a config file (relayer-tui sandbox --fleet 5 prints one to try)' };
    const r = this.open([...names]);
    if ('error' in r) return r;
    const view = make(r.title, r.sources, this.now);
    this.views.set(key, view);
    return view;
  }

  /**
   * The operator changed a relayer (a send answered) in a context: every fleet holding that context
   * reads it again when next shown: no row shows the relayer as it was before the operator's own edit.
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
