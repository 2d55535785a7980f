/**
 * The program: argv -> config -> the TUI (with the built-in sandbox when no server is set) or
 * `sandbox`. Bundled into dist/app.cjs, which dist/cli.cjs (src/start/launcher.ts) loads and runs.
 */
import { join } from 'node:path';
import type { Exchange } from '../api/index.js';
import { parseCli } from '../cli/index.js';
import { isCleartext } from '../config/config.js';
import { fleetSources } from '../config/fleetSources.js';
import { RELAYERS_PER_PAGE } from '../ui/screens/relayers/pageSize.js';

/** How long the first frame waits for the prefetched relayers before showing "Loading…". */
const PREFETCH_WAIT_MS = 300;

export interface MainHooks {
  /** Called once the TUI has drawn its first frame (the launcher then saves its code cache). */
  onFirstFrame?: () => void;
}

export async function main({ onFirstFrame }: MainHooks = {}): Promise<void> {
  const action = await parseCli(process.argv.slice(2), process.env);
  // Anything but the TUI (the launcher normally starts those in their own bundle, dist/oneshot.cjs).
  if (action.kind !== 'run') {
    const { runOneShot } = await import('./oneShot.js');
    return runOneShot(action);
  }
  const { config } = action;
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('relayer-tui needs an interactive terminal (stdin and stdout must be a TTY). Without one, for scripts: relayer-tui relayers, txs <relayer-id>, replace <relayer-id> <tx-id>, plugin <plugin-id>, notify --url <webhook> (each with --help), relayer-tui info, relayer-tui contexts, relayer-tui sandbox.\n');
    process.exitCode = 2;
    return;
  }

  const { createRelayerClient, DEFAULT_TIMEOUT_MS, parseInterpreted } = await import('../api/index.js');
  // Until the first frame: zod's interpreter, without compiling a parser at every start (see there).
  parseInterpreted();
  let baseUrl = config.baseUrl;
  let token = config.token;
  let serverLabel: string | undefined;
  let stopSandbox: (() => Promise<void>) | undefined;
  if (!baseUrl) {
    const { startSandbox } = await import('../sandbox/index.js');
    // The real flavour's chain runs (a block every 2 s): the sandbox lives in time as a server does.
    const sandbox = await startSandbox({ flavor: config.sandboxFlavor, running: true });
    baseUrl = sandbox.url;
    token = sandbox.token;
    serverLabel = config.sandboxFlavor === 'real' ? 'SANDBOX v1.8' : 'SANDBOX contract';
    stopSandbox = () => sandbox.close();
  }
  // Every request goes to the activity log (:log); every mutation to the audit ledger (:audit).
  const { ActivityLog } = await import('../ui/activityLog.js');
  const activity = new ActivityLog();
  const onExchange = (e: Exchange) => activity.add(e);
  // One turn of the event loop: the HTTP parser compiled ahead on V8's background threads (src/start/wasmAhead.ts) is taken in it.
  await new Promise<void>((r) => setImmediate(r));
  const client = createRelayerClient({ baseUrl, token: token!, timeoutMs: config.timeoutMs, dialect: config.dialect, onExchange });
  // Fetch the first screen's data at once: the server answers while the rest of the program loads.
  const prefetchCtrl = new AbortController();
  // Its failure is the relayers screen's to show (asking again would wait a second timeout, unsaid).
  const prefetch = client.listRelayers({ page: 1, perPage: RELAYERS_PER_PAGE }, { signal: prefetchCtrl.signal });
  prefetch.catch(() => undefined);
  // Which dialect the server speaks, asked beside the first page (the first frame does not wait for it).
  void client.detectDialect();
  // The request leaves when its connection is made, in the event loop; loading the UI (below) holds the
  // loop for tens of milliseconds (in a single bundle an import() runs its modules in microtasks, before
  // the loop turns). One turn first: a loopback or LAN connection is made in it and the request is on
  // its way while the UI loads (~10 ms sooner to the first frame on loopback, a round trip with a remote server).
  await new Promise<void>((r) => setImmediate(r));
  // Then the UI (its modules load while the server answers).
  const ui = import('../ui/run.js');
  const { AuditLedger } = await import('../ledger/audit.js');
  serverLabel ??= new URL(baseUrl).host;
  activity.where = config.context?.name ?? serverLabel;
  const audit = new AuditLedger(join(config.paths.state, 'audit.jsonl'), { context: config.context?.name ?? (stopSandbox ? 'SANDBOX' : '-'), server: baseUrl });
  // Sends to this server left with an unknown outcome (a timeout, a reset, a dropped line): said first, once.
  const { unknownNotice } = await import('../ledger/audit.js');
  const unknown = unknownNotice(audit.unknownFor(baseUrl));
  const warnings = [...(unknown ? [unknown] : []), ...config.warnings];
  const cleartext = isCleartext(baseUrl);
  if (cleartext) warnings.push(`http:// to ${serverLabel}: the API key crosses the network in cleartext (use https or an SSH tunnel; see --help)`);
  // Drafts of unsent forms, kept on disk as they are typed (the built-in sandbox's port changes each start: its name is the key).
  const { DraftStore, draftServer } = await import('../ui/forms/draftStore.js');
  const draftStore = new DraftStore(join(config.paths.state, 'drafts'), { context: config.context?.name ?? (stopSandbox ? 'SANDBOX' : '-'), server: stopSandbox ? 'SANDBOX' : draftServer(baseUrl) });
  // The TUI's every exit path flushes it first (run.tsx); any other way out of the process too.
  process.once('exit', () => draftStore.flush());
  const { makeCopier } = await import('../ui/clipboard.js');
  const copy = makeCopier(config.clipboard, process.env, (bytes) => process.stdout.write(bytes));
  const contexts = config.configFile.kind === 'ok' ? config.configFile.file.contexts : {};
  let current = client;
  /** The request timeout of the server open now (`:ctx` changes it): a hang-up's wait is bounded by it. */
  let currentTimeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { runTui } = await ui;
  let waited: ReturnType<typeof setTimeout> | undefined;
  const initialRelayers = await Promise.race([prefetch.catch(() => undefined), new Promise<undefined>((r) => (waited = setTimeout(() => r(undefined), PREFETCH_WAIT_MS)))]);
  clearTimeout(waited);
  // Too slow for the first frame: the relayers screen takes the request over (see Services).
  const pendingRelayers = initialRelayers ? undefined : { promise: prefetch, abort: () => prefetchCtrl.abort() };
  // The fleet (:fleet, F): the file's contexts, each opened as :ctx opens it, when the fleet is first shown.
  const openFleet = config.configFile.kind === 'none' ? undefined : (names: string[]) => fleetSources(config.configFile, names, process.env);
  const fleets = config.configFile.kind === 'ok' ? Object.keys(config.configFile.file.fleets ?? {}) : [];
  const common = { now: Date.now, copy, forecast: config.forecast, openFleet, fleets, contexts: [...Object.keys(contexts), ...(config.configFile.kind === 'ok' ? Object.keys(config.configFile.broken) : [])], activity, audit, draftStore };
  await runTui({
    // Drawn: zod compiles its parsers from now on (the pages that follow may be thousands: :fleet).
    onFirstFrame: () => {
      parseInterpreted(false);
      onFirstFrame?.();
    },
    // A send in flight when the line drops is awaited without a terminal: its own timeout bounds it, this is a net.
    hangUpWaitMs: () => currentTimeoutMs + 5_000,
    services: {
      ...common,
      client,
      serverLabel,
      serverUrl: baseUrl,
      readOnly: config.readOnly,
      readOnlySource: config.sources.readOnly,
      perPage: config.perPage,
      watchMs: config.watchMs,
      initialRelayers,
      pendingRelayers,
      cleartext,
      warnings,
      context: config.context ? { name: config.context.name, accent: config.context.accent, relayer: config.context.relayer, minBalances: config.context.minBalances } : undefined,
    },
    // `:ctx NAME`: the context's own settings (flags and environment were for the start).
    openContext: async (name) => {
      const { openContext } = await import('../config/contextClient.js');
      const opened = await openContext(config.configFile, name, process.env, { onExchange });
      if ('error' in opened) return opened.error;
      const { client: next, settings, warnings: told } = opened;
      void next.detectDialect();
      current = next;
      currentTimeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      activity.where = name;
      audit.where = { context: name, server: settings.url };
      draftStore.flush();
      draftStore.where = { context: name, server: draftServer(settings.url) };
      return {
        ...common,
        client: next,
        serverLabel: new URL(settings.url).host,
        serverUrl: settings.url,
        readOnly: settings.readOnly,
        readOnlySource: settings.readOnlySource,
        perPage: settings.perPage,
        watchMs: settings.watchMs,
        cleartext: isCleartext(settings.url),
        warnings: [unknownNotice(audit.unknownFor(settings.url)), ...told].filter((w): w is string => w !== undefined),
        context: { name, accent: settings.accent, relayer: settings.relayer, minBalances: settings.minBalances },
      };
    },
    cleanup: async () => {
      prefetchCtrl.abort();
      await current.close();
      await stopSandbox?.();
    },
  });
}
