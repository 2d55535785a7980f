/** A fleet as the fleet screen shows it: the Fleet (core/fleet) with its selection, filter and marks, kept by the session (ui/fleetSessions.ts). */
import { Fleet, type FleetSource } from '../../../core/fleet/fleet.js';

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
    forecast = true,
  ) {
    // Its forecasts read as `relayer-tui fleet` reads them (the same reads, within the same limits and deadline), unless --forecast off.
    this.fleet = new Fleet(sources, { now, onChange: () => this.emit(), forecasts: forecast });
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
    // A context the operator changed a relayer of is read now, its backoff aside.
    await this.fleet.refresh(new Set([...this.changedSince.keys()].map((k) => k.slice(0, k.indexOf('\u0000')))));
    // A change read since is in the rows now (a context not read, its token not had, keeps its mark).
    for (const [key, at] of this.changedSince) {
      const c = this.fleet.contexts().find((x) => x.name === key.slice(0, key.indexOf('\u0000')));
      if (c?.at != null && c.at > at) this.changedSince.delete(key);
    }
    this.readOnce = true;
    this.emit();
  }
}
