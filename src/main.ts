/**
 * The program: argv -> config -> the TUI (with the built-in sandbox when no server is set) or
 * `sandbox`. Bundled into dist/app.cjs, which dist/cli.cjs (src/cli.ts) loads and runs.
 */
import { isCleartext, parseCli, USAGE } from './config/config.js';
import { RELAYERS_PER_PAGE } from './ui/screens/relayers/pageSize.js';

/** How long the first frame waits for the prefetched relayers before showing "Loading…". */
const PREFETCH_WAIT_MS = 300;

export interface MainHooks {
  /** Called once the TUI has drawn its first frame (the launcher then saves its code cache). */
  onFirstFrame?: () => void;
}

export async function main({ onFirstFrame }: MainHooks = {}): Promise<void> {
  const action = parseCli(process.argv.slice(2), process.env);
  switch (action.kind) {
    case 'help':
      process.stdout.write(USAGE);
      return;
    case 'version': {
      const { VERSION } = await import('./api/index.js');
      process.stdout.write(`relayer-tui ${VERSION}\n`);
      return;
    }
    case 'error':
      process.stderr.write(`relayer-tui: ${action.message}\n`);
      process.exitCode = 2;
      return;
    case 'sandbox': {
      const { runSandboxCli } = await import('./sandbox/index.js');
      await runSandboxCli(action.argv);
      return;
    }
    case 'run':
      break;
  }
  const { config } = action;
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('relayer-tui needs an interactive terminal (stdin and stdout must be a TTY).\n');
    process.exitCode = 2;
    return;
  }
  // Start loading the layout engine first: its WebAssembly compiles off the main thread while the
  // UI, the API module, the sandbox and the first request load.
  const layout = import('./ui/yoga.js').then((m) => m.yogaReady);
  const ui = import('./ui/run.js');

  const { createRelayerClient } = await import('./api/index.js');
  let baseUrl = config.baseUrl;
  let token = config.token;
  let serverLabel: string | undefined;
  let stopSandbox: (() => Promise<void>) | undefined;
  if (!baseUrl) {
    const { startSandbox } = await import('./sandbox/index.js');
    const sandbox = await startSandbox({ flavor: config.sandboxFlavor });
    baseUrl = sandbox.url;
    token = sandbox.token;
    serverLabel = 'SANDBOX';
    stopSandbox = () => sandbox.close();
  }
  const client = createRelayerClient({ baseUrl, token: token!, timeoutMs: config.timeoutMs, dialect: config.dialect });
  serverLabel ??= new URL(baseUrl).host;
  const warnings = [...config.warnings];
  const cleartext = isCleartext(baseUrl);
  if (cleartext) warnings.push(`http:// to ${serverLabel}: the API key crosses the network in cleartext (use https or an SSH tunnel; see --help)`);
  // Fetch the first screen's data while the UI code loads, so the first frame can show it.
  const prefetchCtrl = new AbortController();
  const prefetch = client.listRelayers({ page: 1, perPage: RELAYERS_PER_PAGE }, { signal: prefetchCtrl.signal }).catch(() => undefined);
  // Which dialect the server speaks, asked beside the first page (the first frame does not wait for it).
  void client.detectDialect();
  const { runTui } = await ui;
  await layout;
  let waited: ReturnType<typeof setTimeout> | undefined;
  const initialRelayers = await Promise.race([prefetch, new Promise<undefined>((r) => (waited = setTimeout(() => r(undefined), PREFETCH_WAIT_MS)))]);
  clearTimeout(waited);
  // Too slow for the first frame: the relayers screen takes the request over (see Services).
  const pendingRelayers = initialRelayers ? undefined : { promise: prefetch, abort: () => prefetchCtrl.abort() };
  await runTui({
    onFirstFrame,
    services: { client, serverLabel, serverUrl: baseUrl, readOnly: config.readOnly, perPage: config.perPage, now: Date.now, initialRelayers, pendingRelayers, cleartext, warnings },
    cleanup: async () => {
      prefetchCtrl.abort();
      await client.close();
      await stopSandbox?.();
    },
  });
}
