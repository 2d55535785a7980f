/** Providers and the shell. */
import { useMemo } from 'react';
import { Shell } from './Shell.js';
import { DirectoryContext, RelayerDirectory } from './directory.js';
import { ServicesContext, type Services } from './services.js';
import type { Route } from './state/shell.js';

export interface AppProps {
  services: Services;
  initialRoute?: Route;
}

export function App({ services, initialRoute }: AppProps) {
  const directory = useMemo(() => new RelayerDirectory(), []);
  return (
    <ServicesContext.Provider value={services}>
      <DirectoryContext.Provider value={directory}>
        <Shell initialRoute={initialRoute} />
      </DirectoryContext.Provider>
    </ServicesContext.Provider>
  );
}
