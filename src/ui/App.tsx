/** Providers and the shell. */
import { useEffect, useMemo } from 'react';
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
              <Shell initialRoute={initialRoute} />
            </RelayerStatusesContext.Provider>
          </SessionEventsContext.Provider>
        </DraftsContext.Provider>
      </DirectoryContext.Provider>
    </ServicesContext.Provider>
  );
}
