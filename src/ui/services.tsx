/** What every screen may use: the API client and the session's settings. No URLs or JSON here. */
import { createContext, useContext } from 'react';
import type { Page, Relayer, RelayerClient } from '../api/index.js';
import type { AuditLedger } from '../ledger/audit.js';
import type { DraftStore } from './forms/draftStore.js';
import type { CopyResult } from './clipboard.js';
import type { ActivityLog } from './activityLog.js';
import type { OpenFleet } from './fleetSessions.js';
import type { Route } from './state/shell.js';
import { realAfter, type Scheduler, type After } from './scheduler.js';

export interface Services {
  client: RelayerClient;
  /** `SANDBOX` or the server's host. */
  serverLabel: string;
  /** The server's base URL (the connection view shows it). */
  serverUrl?: string;
  readOnly: boolean;
  /** Where read-only came from, in words (`--read-only`, `RELAYER_TUI_READ_ONLY`, `context prod-eu (named prod*…)`): the refusal names it. */
  readOnlySource?: string;
  /** Fixed transactions page size, or undefined to fit the window. */
  perPage?: number;
  /** Clock, replaceable in tests. */
  now: () => number;
  /** Schedules `fn` after `ms` on the clock of `now` (every UI timer: ui/scheduler.ts); returns its cancel. Tests drive it by hand (test/ui/clock.ts). Default: realAfter. */
  after?: After;
  /** How long an information message stays in the status bar (ms; warnings and errors three times it). Default 10 s; tests shorten it. */
  flashMs?: number;
  /** The relayers' first page, fetched while the UI code loads (startup). */
  initialRelayers?: Page<Relayer>;
  /**
   * That fetch, when it was too slow for the first frame: the relayers screen takes it over instead
   * of asking again (a hanging server gets one request, not two), and aborts it if it asks for
   * something else. Rejects with its own failure, which the screen shows.
   */
  pendingRelayers?: { promise: Promise<Page<Relayer>>; abort: () => void };
  /** The token goes to a non-loopback host over http://: the status bar says so for the whole session. */
  cleartext?: boolean;
  /** Start-up warnings (a token on the command line, a token file others can read), shown once in the TUI. */
  warnings?: readonly string[];
  /** The config file's context in use (status bar: its name in words and in its accent colour). */
  /** `minBalances`: the context's low-balance thresholds (core/fleet/health.ts minimumFor). */
  context?: { name: string; accent?: string; relayer?: string; minBalances?: Readonly<Record<string, string | number>> };
  /** Whether relayers' forecasts are read (--forecast on|off; default on). */
  forecast?: boolean;
  /** The contexts `:ctx` can switch to (tab completes them). */
  contexts?: readonly string[];
  /**
   * Switches to another context: requests in flight are dropped with the old client, the screens
   * start again at the relayers. Resolves with why it could not, or null.
   */
  switchContext?: (name: string, stack?: readonly Route[]) => Promise<string | null>;
  /** The fleet's contexts by name (`:fleet`, F): from the config file; absent without one. */
  openFleet?: OpenFleet;
  /** The config file's fleets (`:fleet ` tab completes them, then the contexts). */
  fleets?: readonly string[];
  /** Every request since the start (`:log`). */
  activity?: ActivityLog;
  /** The audit ledger of mutations (`:audit`, $XDG_STATE_HOME/relayer-tui/audit.jsonl). */
  audit?: AuditLedger;
  /** Start in watch mode, refreshing every so many ms (--watch N, a context's `watch:`). */
  watchMs?: number;
  /** Drafts of unsent forms kept on disk as they are typed ($XDG_STATE_HOME/relayer-tui/drafts): a dropped line loses nothing. */
  draftStore?: DraftStore;
  /** Copies text to the clipboard (OSC 52, tmux, screen); resolves with what happened, in words (never more than happened). */
  copy?: (text: string) => Promise<CopyResult>;
}

export { realAfter };

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesContext missing');
  return s;
}

/** The services' `after` (ui/scheduler.ts), the event loop's where there are no services (a component drawn alone). */
export function useAfter(): After {
  return useContext(ServicesContext)?.after ?? realAfter;
}

/** The services' clock and timers (ui/scheduler.ts): `after` defaults to the event loop's. */
export function useScheduler(): Scheduler {
  const { now, after } = useServices();
  return { now, after: after ?? realAfter };
}
