/** Providers and the shell. */
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { RelayerStatuses, RelayerStatusesContext } from './relayerStatuses.js';
import { RelayerJams, RelayerJamsContext } from './relayerJams.js';
import { Shell } from './Shell.js';
import { DirectoryContext, RelayerDirectory } from './directory.js';
import { DraftsContext, FormDrafts } from './forms/drafts.js';
import { SessionEvents, SessionEventsContext } from './sessionEvents.js';
import { FleetSessions, FleetSessionsContext } from './fleetSessions.js';
import { ServicesContext, type Services } from './services.js';
import type { Route, SessionMessage } from './state/shell.js';

export interface AppProps {
  services: Services;
  initialRoute?: Route;
  /** The screens to start with, bottom first (a drill-down from the fleet). */
  initialStack?: readonly Route[];
}

/**
 * The app with `:ctx` switching: a switch builds the other context's services (`open`), then the
 * whole app starts again on them (screens, caches and drafts belong to a server), and the old client
 * is closed, dropping what it had in flight.
 */
export function SwitchableApp({ services, open }: { services: Services; open?: (name: string) => Promise<Services | string> }) {
  const [current, setCurrent] = useState<{ services: Services; generation: number; stack?: readonly Route[] }>({ services, generation: 0 });
  const ref = useRef(current);
  ref.current = current;
  // The fleets outlive a context switch (a drill-down comes back to its fleet as it was).
  const fleets = useMemo(() => new FleetSessions(services.openFleet, services.now), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => void fleets.close(), [fleets]);
  // So do the session's messages (:messages).
  const kept = useRef<SessionMessage[]>([]);
  const switchContext = useCallback(
    async (name: string, stack?: readonly Route[]): Promise<string | null> => {
      if (!open) return 'No contexts: this start has no config file';
      const next = await open(name);
      if (typeof next === 'string') return next;
      const old = ref.current.services;
      setCurrent({ services: next, generation: ref.current.generation + 1, stack });
      void old.client.close();
      return null;
    },
    [open],
  );
  const withSwitch = useMemo(() => ({ ...current.services, switchContext, openFleet: services.openFleet }), [current, switchContext, services.openFleet]);
  return (
    <FleetSessionsContext.Provider value={fleets}>
      <App key={current.generation} services={withSwitch} initialStack={current.stack} kept={kept} />
    </FleetSessionsContext.Provider>
  );
}

export function App({ services, initialRoute, initialStack, kept }: AppProps & { kept?: { current: SessionMessage[] } }) {
  const session = useMemo(
    () => ({ directory: new RelayerDirectory(), drafts: new FormDrafts(), events: new SessionEvents(), statuses: new RelayerStatuses(services.client, services.now, services.after), jams: new RelayerJams(services.client, services.now, services.after, { minBalances: services.context?.minBalances, name: services.context?.name ?? 'in use', forecast: services.forecast !== false }) }),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useEffect(() => () => (session.statuses.close(), session.jams.close()), [session]);
  // Under SwitchableApp the fleets are the session's (they outlive a context switch); alone, the app's own.
  const outer = useContext(FleetSessionsContext);
  const fleets = useMemo(() => outer ?? new FleetSessions(services.openFleet, services.now), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => void (outer ? undefined : fleets.close()), [outer, fleets]);
  return (
    <FleetSessionsContext.Provider value={fleets}>
    <ServicesContext.Provider value={services}>
      <DirectoryContext.Provider value={session.directory}>
        <DraftsContext.Provider value={session.drafts}>
          <SessionEventsContext.Provider value={session.events}>
            <RelayerStatusesContext.Provider value={session.statuses}>
              <RelayerJamsContext.Provider value={session.jams}>
                <Shell initialRoute={initialRoute ?? (services.context?.relayer ? { kind: 'transactions', relayerId: services.context.relayer } : undefined)} initialStack={initialStack} kept={kept} />
              </RelayerJamsContext.Provider>
            </RelayerStatusesContext.Provider>
          </SessionEventsContext.Provider>
        </DraftsContext.Provider>
      </DirectoryContext.Provider>
    </ServicesContext.Provider>
    </FleetSessionsContext.Provider>
  );
}
