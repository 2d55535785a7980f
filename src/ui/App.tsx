/** Providers and the shell. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RelayerStatuses, RelayerStatusesContext } from './relayerStatuses.js';
import { Shell } from './Shell.js';
import { DirectoryContext, RelayerDirectory } from './directory.js';
import { DraftsContext, FormDrafts } from './forms/drafts.js';
import { SessionEvents, SessionEventsContext } from './sessionEvents.js';
import { ServicesContext, type Services } from './services.js';
import type { Route } from './state/shell.js';

export interface AppProps {
  services: Services;
  initialRoute?: Route;
}

/**
 * The app with `:ctx` switching: a switch builds the other context's services (`open`), then the
 * whole app starts again on them (screens, caches and drafts belong to a server), and the old client
 * is closed, dropping what it had in flight.
 */
export function SwitchableApp({ services, open }: { services: Services; open?: (name: string) => Promise<Services | string> }) {
  const [current, setCurrent] = useState({ services, generation: 0 });
  const ref = useRef(current);
  ref.current = current;
  const switchContext = useCallback(
    async (name: string): Promise<string | null> => {
      if (!open) return 'No contexts: this start has no config file';
      const next = await open(name);
      if (typeof next === 'string') return next;
      const old = ref.current.services;
      setCurrent({ services: next, generation: ref.current.generation + 1 });
      void old.client.close();
      return null;
    },
    [open],
  );
  const withSwitch = useMemo(() => ({ ...current.services, switchContext }), [current, switchContext]);
  return <App key={current.generation} services={withSwitch} />;
}

export function App({ services, initialRoute }: AppProps) {
  const session = useMemo(
    () => ({ directory: new RelayerDirectory(), drafts: new FormDrafts(), events: new SessionEvents(), statuses: new RelayerStatuses(services.client, services.now) }),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useEffect(() => () => session.statuses.close(), [session]);
  return (
    <ServicesContext.Provider value={services}>
      <DirectoryContext.Provider value={session.directory}>
        <DraftsContext.Provider value={session.drafts}>
          <SessionEventsContext.Provider value={session.events}>
            <RelayerStatusesContext.Provider value={session.statuses}>
              <Shell initialRoute={initialRoute ?? (services.context?.relayer ? { kind: 'transactions', relayerId: services.context.relayer } : undefined)} />
            </RelayerStatusesContext.Provider>
          </SessionEventsContext.Provider>
        </DraftsContext.Provider>
      </DirectoryContext.Provider>
    </ServicesContext.Provider>
  );
}
