/** Command line, environment and config file -> configuration. Flags > environment > context > defaults. */
import { parseArgs } from 'node:util';
import { appPaths, loadConfigFile, type ContextConfig, type LoadedConfig, type Paths } from './contextFile.js';
import { readTokenFile, resolveTokenSync } from './token.js';

/** Options of the headless subcommands (`relayer-tui relayers`, `relayer-tui txs <relayer-id>`). */
export interface HeadlessOptions {
  page: number;
  /** Server page size for the requests (the TUI's --per-page, default 50 here). */
  perPage: number;
  all: boolean;
  status?: string;
  limit?: number;
  output: 'table' | 'json' | 'ndjson' | 'auto';
}

const HEADLESS_OPTIONS = {
  page: { type: 'string' },
  all: { type: 'boolean' },
  status: { type: 'string' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
  output: { type: 'string' },
} as const;

function headlessOptions(values: Record<string, string | boolean | undefined>): HeadlessOptions | string {
  const whole = (name: string, v: string | boolean | undefined, min: number): number | string | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    return Number.isSafeInteger(n) && n >= min ? n : `--${name} must be a whole number from ${min}`;
  };
  const page = whole('page', values.page, 1);
  const perPage = whole('per-page', values['per-page'], 1);
  const limit = whole('limit', values.limit, 1);
  for (const x of [page, perPage, limit]) if (typeof x === 'string') return x;
  const output = values.json === true ? 'json' : (str(values.output) ?? 'auto');
  if (!['table', 'json', 'ndjson', 'auto'].includes(output)) return '--output must be table, json or ndjson';
  return {
    page: (page as number | undefined) ?? 1,
    perPage: Math.min((perPage as number | undefined) ?? 50, 1000),
    all: values.all === true,
    status: str(values.status),
    limit: limit as number | undefined,
    output: output as HeadlessOptions['output'],
  };
}

export interface AppConfig {
  /** Server base URL; undefined means: start the built-in sandbox. */
  baseUrl?: string;
  token?: string;
  readOnly: boolean;
  /** Fixed page size for transaction lists; undefined = fit the window. */
  perPage?: number;
  timeoutMs?: number;
  sandboxFlavor: 'contract' | 'real';
  /** The server's dialect: `auto` (default) detects it from the public health check. */
  dialect: 'contract' | 'openzeppelin' | 'auto';
  /** Things to tell the operator once (e.g. a token given on the command line), shown inside the TUI. */
  warnings: string[];
  /** Where each value came from (`info` shows it): `--url`, `RELAYER_URL`, `context staging`, … */
  sources: Record<string, string>;
  paths: Paths;
  configFile: LoadedConfig;
  /** How `y` copies: OSC 52 (through tmux/screen when inside one), or not at all. */
  clipboard: 'osc52' | 'off';
  /** The context in use, when the server came from one. */
  context?: ContextSettings;
}

export type CliAction =
  | { kind: 'run'; config: AppConfig }
  | { kind: 'sandbox'; argv: string[] }
  | { kind: 'info'; config: AppConfig }
  /** A headless subcommand (src/headless.ts): its name, its own options and arguments. */
  | { kind: 'headless'; command: 'relayers' | 'txs'; config: AppConfig; options: HeadlessOptions; args: string[] }
  | { kind: 'contexts'; config: AppConfig }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'error'; message: string };

export const USAGE = `relayer-tui: a keyboard-driven terminal client for the relayer HTTP API

Usage:
  relayer-tui [options]            open the TUI (the built-in sandbox when no server is configured)
  relayer-tui info [options]       paths, the resolved context and where each value came from, terminal facts
  relayer-tui contexts             the contexts of the config file
  relayer-tui relayers [--page N] [--per-page N] [--all] [--limit N] [--json | --output table|json|ndjson]
  relayer-tui txs <relayer-id> [--status S] [--page N] [--per-page N] [--all] [--limit N] [--json | --output …]
                                   lists for scripts: a table on a terminal, else JSON with every integer
                                   exact; --all streams every page as NDJSON (e.g. relayer-tui txs r1 --all
                                   --status pending | jq -c 'select(.nonce != null)')
  relayer-tui sandbox [options]    run the sandbox relayer server only (see: relayer-tui sandbox --help)

Options:
  --url <url>           server base URL (env RELAYER_URL), e.g. http://localhost:8080
  --token-file <path>   read the API key from a file (first line)
  --token <key>         API key on the command line (visible to other users in ps; prefer RELAYER_API_KEY)
  --read-only           disable replace / plugin call / notification create (env RELAYER_TUI_READ_ONLY=1)
  --per-page <n>        transactions per page (default: fit the window)
  --timeout <seconds>   request timeout (default 15)
  --sandbox-flavor <f>  contract|real: answer shapes of the built-in sandbox (default contract)
  --dialect <d>         contract|openzeppelin|auto: the server's dialect (env RELAYER_TUI_DIALECT; default
                        auto: the OpenZeppelin Relayer is told by its public GET /api/v1/health)
  --context <name>      a context of the config file (env RELAYER_TUI_CONTEXT; default its current_context)
  --config <file>       the config file (default $RELAYER_TUI_CONFIG_DIR/config.yaml, else
                        $XDG_CONFIG_HOME/relayer-tui/config.yaml, else ~/.config/relayer-tui/config.yaml)
  --clipboard <how>     osc52|off: how y copies (env RELAYER_TUI_CLIPBOARD; default osc52)
  -h, --help            this help
  -v, --version         print the version

Environment:
  RELAYER_URL, RELAYER_API_KEY, RELAYER_TUI_READ_ONLY=1, RELAYER_TUI_DIALECT, RELAYER_TUI_CONTEXT,
  RELAYER_TUI_CONFIG_DIR, RELAYER_TUI_CLIPBOARD, NO_COLOR

Exit codes (subcommands):
  0 ok · 2 usage · 3 config · 4 unauthorized/forbidden · 5 not found · 6 rate limited · 7 server error
  8 outcome unknown · 9 network · 10 read-only

Security:
  An http:// URL to a host other than this machine sends the API key in cleartext: the status bar
  then shows "http! cleartext". Use https://, or an SSH tunnel to a server that only listens on
  loopback (ssh -L 8080:127.0.0.1:8080 relayer-host, then --url http://127.0.0.1:8080).
  Redirects are never followed: the error says where one pointed.
`;

const TRUE = new Set(['1', 'true', 'yes', 'on']);

/** Whether a host name is this machine (where http:// keeps the token off the network). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Whether requests to `url` carry the token over the network unencrypted. */
export function isCleartext(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && !isLoopbackHost(u.hostname);
  } catch {
    return false;
  }
}

/** A context's settings as the app uses them (the token resolved separately: it may run a command). */
export interface ContextSettings {
  name: string;
  url: string;
  readOnly: boolean;
  /** Where read-only came from, in words. */
  readOnlySource: string;
  accent?: string;
  dialect?: 'contract' | 'openzeppelin' | 'auto';
  timeoutMs?: number;
  perPage?: number;
  relayer?: string;
}

/** A context's settings: a context named prod* is read-only unless it says `read_only: false`. */
export function contextSettings(name: string, ctx: ContextConfig): ContextSettings {
  const prod = /^prod/i.test(name);
  const readOnly = ctx.read_only ?? prod;
  return {
    name,
    url: ctx.url,
    readOnly,
    readOnlySource: ctx.read_only !== undefined ? `context ${name} (read_only: ${ctx.read_only})` : prod ? `context ${name} (named prod*: read-only unless read_only: false)` : 'default',
    accent: ctx.accent,
    dialect: ctx.dialect,
    timeoutMs: ctx.timeout === undefined ? undefined : Math.round(ctx.timeout * 1000),
    perPage: ctx.per_page,
    relayer: ctx.relayer,
  };
}

/**
 * argv + environment + config file -> what to do. Precedence: flags > environment > context >
 * defaults. The API key follows the URL: a context's URL takes the context's key (never an
 * environment key meant for another server) unless a flag gives one.
 */
export async function parseCli(argv: string[], env: NodeJS.ProcessEnv): Promise<CliAction> {
  if (argv[0] === 'sandbox') return { kind: 'sandbox', argv: argv.slice(1) };
  const sub = argv[0] === 'info' || argv[0] === 'contexts' ? argv[0] : undefined;
  const headless = argv[0] === 'relayers' || argv[0] === 'txs' ? argv[0] : undefined;
  let positionals: string[] = [];
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values, positionals } = parseArgs({
      args: sub || headless ? argv.slice(1) : argv,
      options: {
        url: { type: 'string' },
        'token-file': { type: 'string' },
        token: { type: 'string' },
        'read-only': { type: 'boolean' },
        'per-page': { type: 'string' },
        timeout: { type: 'string' },
        'sandbox-flavor': { type: 'string' },
        dialect: { type: 'string' },
        context: { type: 'string' },
        config: { type: 'string' },
        clipboard: { type: 'string' },
        ...(headless ? HEADLESS_OPTIONS : {}),
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: headless !== undefined,
    }));
  } catch (e) {
    return { kind: 'error', message: `${(e as Error).message}\nRun relayer-tui --help for the options.` };
  }
  if (values.help) return { kind: 'help', text: USAGE };
  if (values.version) return { kind: 'version' };

  const warnings: string[] = [];
  const sources: Record<string, string> = {};
  const paths = appPaths(env, str(values.config));
  const file = await loadConfigFile(paths.config);
  if (file.kind === 'error') {
    if (str(values.config) !== undefined || str(values.context) !== undefined) return { kind: 'error', message: file.message };
    warnings.push(`config not used: ${file.message}`);
  } else if (file.kind === 'ok') warnings.push(...file.warnings);
  const contexts = file.kind === 'ok' ? file.file.contexts : {};

  // Which context: --context > RELAYER_TUI_CONTEXT > current_context.
  const ctxName = str(values.context) ?? nonEmpty(env.RELAYER_TUI_CONTEXT) ?? (file.kind === 'ok' ? file.file.current_context : undefined);
  const ctxSource = str(values.context) !== undefined ? '--context' : nonEmpty(env.RELAYER_TUI_CONTEXT) ? 'RELAYER_TUI_CONTEXT' : 'current_context';
  if (ctxName !== undefined && !(ctxName in contexts))
    return { kind: 'error', message: `No context named ${ctxName} (${ctxSource})${file.kind === 'ok' ? ` in ${file.path}: ${Object.keys(contexts).join(', ') || 'none'}` : file.kind === 'none' ? `: ${file.path} does not exist` : ''}` };
  const ctx = ctxName !== undefined ? contextSettings(ctxName, contexts[ctxName]!) : undefined;

  let baseUrl: string | undefined;
  if (str(values.url) !== undefined) [baseUrl, sources.url] = [str(values.url), '--url'];
  else if (nonEmpty(env.RELAYER_URL)) [baseUrl, sources.url] = [nonEmpty(env.RELAYER_URL), 'RELAYER_URL'];
  else if (ctx) [baseUrl, sources.url] = [ctx.url, `context ${ctx.name}`];
  const urlFromContext = ctx !== undefined && sources.url === `context ${ctx.name}`;

  let token: string | undefined;
  if (str(values.token) !== undefined) {
    [token, sources.token] = [str(values.token), '--token'];
    warnings.push('--token is visible to other users in ps; prefer RELAYER_API_KEY or --token-file');
  } else if (str(values['token-file']) !== undefined) {
    const r = readTokenFile(str(values['token-file'])!);
    if (r.error) return { kind: 'error', message: r.error };
    warnings.push(...r.warnings);
    [token, sources.token] = [r.token, '--token-file'];
  } else if (!urlFromContext && nonEmpty(env.RELAYER_API_KEY)) {
    [token, sources.token] = [nonEmpty(env.RELAYER_API_KEY), 'RELAYER_API_KEY'];
  } else if (urlFromContext && !sub) {
    const r = resolveTokenSync(contexts[ctx.name]!, ctx.name, env);
    if (r.error) return { kind: 'error', message: r.error };
    warnings.push(...r.warnings);
    [token, sources.token] = [r.token, r.source ?? `context ${ctx.name}`];
  }
  if (baseUrl && !token && !sub)
    return { kind: 'error', message: `No API key for ${baseUrl}: set RELAYER_API_KEY, pass --token-file <path>, or use a context with token_env/token_file/token_command` };

  let perPage = ctx?.perPage;
  if (perPage !== undefined) sources.perPage = `context ${ctx!.name}`;
  if (values['per-page'] !== undefined) {
    perPage = Number(values['per-page']);
    sources.perPage = '--per-page';
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 1000)
      return { kind: 'error', message: '--per-page must be a whole number from 1 to 1000' };
  }
  let timeoutMs = ctx?.timeoutMs;
  if (timeoutMs !== undefined) sources.timeout = `context ${ctx!.name}`;
  if (values.timeout !== undefined) {
    const secs = Number(values.timeout);
    if (!Number.isFinite(secs) || secs <= 0) return { kind: 'error', message: '--timeout must be a positive number of seconds' };
    [timeoutMs, sources.timeout] = [Math.round(secs * 1000), '--timeout'];
  }
  const flavor = str(values['sandbox-flavor']) ?? 'contract';
  if (flavor !== 'contract' && flavor !== 'real') return { kind: 'error', message: '--sandbox-flavor must be contract or real' };
  const dialectSource = str(values.dialect) !== undefined ? '--dialect' : nonEmpty(env.RELAYER_TUI_DIALECT) ? 'RELAYER_TUI_DIALECT' : ctx?.dialect ? `context ${ctx.name}` : 'default';
  const dialect = str(values.dialect) ?? nonEmpty(env.RELAYER_TUI_DIALECT) ?? ctx?.dialect ?? 'auto';
  if (dialect !== 'contract' && dialect !== 'openzeppelin' && dialect !== 'auto')
    return { kind: 'error', message: '--dialect must be contract, openzeppelin or auto' };
  sources.dialect = dialectSource;
  const clipboard = str(values.clipboard) ?? nonEmpty(env.RELAYER_TUI_CLIPBOARD) ?? 'osc52';
  if (clipboard !== 'osc52' && clipboard !== 'off') return { kind: 'error', message: '--clipboard must be osc52 or off' };

  let readOnly = false;
  sources.readOnly = 'default';
  if (values['read-only'] === true) [readOnly, sources.readOnly] = [true, '--read-only'];
  else if (TRUE.has((env.RELAYER_TUI_READ_ONLY ?? '').toLowerCase())) [readOnly, sources.readOnly] = [true, 'RELAYER_TUI_READ_ONLY'];
  else if (ctx && urlFromContext) [readOnly, sources.readOnly] = [ctx.readOnly, ctx.readOnlySource];

  const config: AppConfig = {
    baseUrl,
    token,
    readOnly,
    perPage,
    timeoutMs,
    sandboxFlavor: flavor,
    dialect,
    warnings,
    sources,
    paths,
    configFile: file,
    clipboard,
    ...(ctx && urlFromContext ? { context: ctx } : {}),
  };
  if (sub) return { kind: sub, config };
  if (headless) {
    if (!baseUrl) return { kind: 'error', message: `relayer-tui ${headless} needs a server: RELAYER_URL and RELAYER_API_KEY, --url, or a context (relayer-tui contexts)` };
    const options = headlessOptions(values);
    if (typeof options === 'string') return { kind: 'error', message: options };
    return { kind: 'headless', command: headless, config, options, args: positionals };
  }
  return { kind: 'run', config };
}

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function nonEmpty(v: string | undefined): string | undefined {
  return v && v.trim() !== '' ? v.trim() : undefined;
}
