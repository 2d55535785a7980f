/** What every screen may use: the API client and the session's settings. No URLs or JSON here. */
import { createContext, useContext } from 'react';
import type { Page, Relayer, RelayerClient } from '../api/index.js';

export interface Services {
  client: RelayerClient;
  /** `SANDBOX` or the server's host. */
  serverLabel: string;
  /** The server's base URL (the connection view shows it). */
  serverUrl?: string;
  readOnly: boolean;
  /** Fixed transactions page size, or undefined to fit the window. */
  perPage?: number;
  /** Clock, replaceable in tests. */
  now: () => number;
  /** The relayers' first page, fetched while the UI code loads (startup). */
  initialRelayers?: Page<Relayer>;
  /**
   * That fetch, when it was too slow for the first frame: the relayers screen takes it over instead
   * of asking again (a hanging server gets one request, not two), and aborts it if it asks for
   * something else. Resolves undefined when it failed.
   */
  pendingRelayers?: { promise: Promise<Page<Relayer> | undefined>; abort: () => void };
  /** The token goes to a non-loopback host over http://: the status bar says so for the whole session. */
  cleartext?: boolean;
  /** Start-up warnings (a token on the command line, a token file others can read), shown once in the TUI. */
  warnings?: readonly string[];
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesContext missing');
  return s;
}
