/** What every screen may use: the API client and the session's settings. No URLs or JSON here. */
import { createContext, useContext } from 'react';
import type { Page, Relayer, RelayerClient } from '../api/index.js';

export interface Services {
  client: RelayerClient;
  /** `SANDBOX` or the server's host. */
  serverLabel: string;
  readOnly: boolean;
  /** Fixed transactions page size, or undefined to fit the window. */
  perPage?: number;
  /** Clock, replaceable in tests. */
  now: () => number;
  /** The relayers' first page, fetched while the UI code loads (startup). */
  initialRelayers?: Page<Relayer>;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesContext missing');
  return s;
}
