/** Providers and the shell. */
import { useMemo } from 'react';
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
  const session = useMemo(() => ({ directory: new RelayerDirectory(), drafts: new FormDrafts(), events: new SessionEvents() }), []);
  return (
    <ServicesContext.Provider value={services}>
      <DirectoryContext.Provider value={session.directory}>
        <DraftsContext.Provider value={session.drafts}>
          <SessionEventsContext.Provider value={session.events}>
            <Shell initialRoute={initialRoute} />
          </SessionEventsContext.Provider>
        </DraftsContext.Provider>
      </DirectoryContext.Provider>
    </ServicesContext.Provider>
  );
}
