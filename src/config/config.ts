/** Command line, environment and config file -> configuration. Flags > environment > context > defaults. */
import { parseArgs } from 'node:util';
import { appPaths, loadConfigFile, urlProblem, type ContextConfig, type LoadedConfig, type Paths } from './contextFile.js';
import { readTokenFile, resolveTokenSync } from './token.js';

/** The headless subcommands (src/headless/): the lists and the three mutations. */
export const HEADLESS_COMMANDS = ['relayers', 'txs', 'replace', 'plugin', 'notify'] as const;
export type HeadlessCommand = (typeof HEADLESS_COMMANDS)[number];

/** Options of the headless subcommands, checked; `flags` holds each command's own (body fields, …). */
export interface HeadlessOptions {
  page: number;
  /** Server page size for the requests (the TUI's --per-page; default 50, 100 with --all). */
  perPage: number;
  all: boolean;
  status?: string;
  limit?: number;
  output: 'table' | 'json' | 'ndjson' | 'auto';
  /** Mutations: print the exact request and send nothing. */
  dryRun: boolean;
  /** Mutations: send without asking (the only way to send without a terminal). */
  yes: boolean;
  /** The command's own options as given (e.g. `value`, `gas-price`, `params-file`, `signing-key-env`). */
  flags: Record<string, string | undefined>;
}

const OUTPUT_OPTIONS = { json: { type: 'boolean' }, output: { type: 'string' } } as const;
const MUTATION_OPTIONS = { 'dry-run': { type: 'boolean' }, yes: { type: 'boolean', short: 'y' }, ...OUTPUT_OPTIONS } as const;
const LIST_OPTIONS = { page: { type: 'string' }, all: { type: 'boolean' }, limit: { type: 'string' }, ...OUTPUT_OPTIONS } as const;
const str0 = { type: 'string' } as const;

/** The options every command takes (the TUI's and each subcommand's), beside each subcommand's own. */
export const GLOBAL_OPTIONS = {
  url: str0,
  server: str0,
  'token-file': str0,
  token: str0,
  'read-only': { type: 'boolean' },
  'per-page': str0,
  timeout: str0,
  watch: str0,
  'sandbox-flavor': str0,
  dialect: str0,
  context: str0,
  config: str0,
  clipboard: str0,
  sandbox: { type: 'boolean' },
} as const;

/** Each subcommand's own options (beside the common ones: --url, --context, …). */
export const COMMAND_OPTIONS = {
  relayers: LIST_OPTIONS,
  txs: { ...LIST_OPTIONS, status: str0 },
  replace: {
    ...MUTATION_OPTIONS,
    body: str0,
    value: str0,
    to: str0,
    data: str0,
    'gas-limit': str0,
    'gas-price': str0,
    'max-fee-per-gas': str0,
    'max-priority-fee-per-gas': str0,
    speed: str0,
    'valid-until': str0,
    transaction: str0,
  },
  plugin: { ...MUTATION_OPTIONS, params: str0, 'params-file': str0 },
  // --url is the webhook's URL here; the server comes from --server, RELAYER_URL or the context.
  notify: { ...MUTATION_OPTIONS, id: str0, 'signing-key-file': str0, 'signing-key-env': str0, 'signing-key': str0 },
} as const;

function headlessOptions(command: HeadlessCommand, values: Record<string, string | boolean | undefined>): HeadlessOptions | string {
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
  const flags: Record<string, string | undefined> = {};
  for (const k of Object.keys(COMMAND_OPTIONS[command])) if (typeof values[k] === 'string') flags[k] = values[k] as string;
  if (command === 'notify' && typeof values.url === 'string') flags.url = values.url;
  return {
    page: (page as number | undefined) ?? 1,
    perPage: Math.min((perPage as number | undefined) ?? (values.all === true ? 100 : 50), 1000),
    all: values.all === true,
    status: str(values.status),
    limit: limit as number | undefined,
    output: output as HeadlessOptions['output'],
    dryRun: values['dry-run'] === true,
    yes: values.yes === true,
    flags,
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
  /** Start in watch mode, refreshing every so many ms (--watch N or the context's `watch:`). */
  watchMs?: number;
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
  /** `completion bash|zsh|fish`: the script; `__complete WORD…`: the candidates for the last word (the script asks). */
  | { kind: 'completion'; shell: string }
  | { kind: 'complete'; words: string[] }
  | { kind: 'info'; config: AppConfig }
  /** A headless subcommand (src/headless.ts): its name, its own options and arguments. */
  | { kind: 'headless'; command: HeadlessCommand; config: AppConfig; options: HeadlessOptions; args: string[] }
  | { kind: 'contexts'; config: AppConfig }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  /** `exit`: 3 when the configuration is at fault (file, context, key, no server), else 2 (usage). */
  | { kind: 'error'; message: string; exit?: number };

export const COMPLETION_HELP = `relayer-tui completion bash|zsh|fish: a shell completion script on stdout

Subcommands, flags, the values of flags with a closed set (--dialect, --output, --status, --speed, …),
context names from the config file, and relayer ids of the current context (asked from its server,
1.5 s at most: nothing when it is slow or down).

  bash:  echo 'source <(relayer-tui completion bash)' >> ~/.bashrc
  zsh:   echo 'source <(relayer-tui completion zsh)' >> ~/.zshrc      (after compinit)
  fish:  relayer-tui completion fish > ~/.config/fish/completions/relayer-tui.fish
`;

export const USAGE = `relayer-tui: a keyboard-driven terminal client for the relayer HTTP API

Usage:
  relayer-tui [options]            open the TUI (the built-in sandbox when no server is configured)
  relayer-tui info [options]       paths, the resolved context and where each value came from, terminal facts
  relayer-tui contexts             the contexts of the config file
  relayer-tui relayers [--all] …   scripting: the relayers (a table on a terminal, else exact JSON)
  relayer-tui txs <relayer-id> …   a relayer's transactions (--status S, --all streams NDJSON)
  relayer-tui replace <relayer-id> <tx-id> (--body FILE|- | --value V …) [--dry-run] [--yes]
  relayer-tui plugin <plugin-id> [--params JSON | --params-file FILE | -] [--dry-run] [--yes]
  relayer-tui notify --url WEBHOOK [--id ID] [--signing-key-file F | --signing-key-env VAR] [--yes]
                                   each with --help (options, examples); mutations ask on a terminal,
                                   and without one send only with --yes
  relayer-tui sandbox [options]    run the sandbox relayer server only (see: relayer-tui sandbox --help)
  relayer-tui completion bash|zsh|fish   a shell completion script (see: relayer-tui completion --help)

Options:
  --url <url>           server base URL (env RELAYER_URL), e.g. http://localhost:8080 (also --server)
  --token-file <path>   read the API key from a file (first line)
  --token <key>         API key on the command line (visible to other users in ps; prefer RELAYER_API_KEY)
  --read-only           disable replace / plugin call / notification create (env RELAYER_TUI_READ_ONLY=1)
  --per-page <n>        transactions per page (default: fit the window)
  --timeout <seconds>   request timeout (default 15)
  --watch <seconds>     start in watch mode: lists refresh by themselves that often (at least 2; w toggles)
  --sandbox             the built-in sandbox, even with a config file or RELAYER_URL (it starts by
                        itself only when nothing names a server: no file, no --url, no RELAYER_URL)
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
  0 ok · 1 declined · 2 usage · 3 config · 4 unauthorized/forbidden · 5 not found · 6 rate limited
  7 server error · 8 outcome unknown (may have been applied) · 9 network · 10 read-only
  11 the plugin answered with a failure

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
  watchMs?: number;
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
    watchMs: ctx.watch === undefined ? undefined : Math.round(ctx.watch * 1000),
  };
}

/**
 * argv + environment + config file -> what to do. Precedence: flags > environment > context >
 * defaults. The API key follows the URL: a context's URL takes the context's key (never an
 * environment key meant for another server) unless a flag gives one.
 */
export async function parseCli(argv: string[], env: NodeJS.ProcessEnv): Promise<CliAction> {
  if (argv[0] === 'sandbox') return { kind: 'sandbox', argv: argv.slice(1) };
  if (argv[0] === '__complete') return { kind: 'complete', words: argv.slice(1) };
  if (argv[0] === 'completion') {
    const shell = argv[1];
    if (shell === '-h' || shell === '--help' || shell === undefined) return { kind: 'help', text: COMPLETION_HELP };
    if (shell !== 'bash' && shell !== 'zsh' && shell !== 'fish') return { kind: 'error', message: `completion: bash, zsh or fish (not ${shell})` };
    return { kind: 'completion', shell };
  }
  const sub = argv[0] === 'info' || argv[0] === 'contexts' ? argv[0] : undefined;
  const headless = (HEADLESS_COMMANDS as readonly string[]).includes(argv[0] ?? '') ? (argv[0] as HeadlessCommand) : undefined;
  let positionals: string[] = [];
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values, positionals } = parseArgs({
      args: sub || headless ? argv.slice(1) : argv,
      options: {
        ...GLOBAL_OPTIONS,
        ...((headless ? COMMAND_OPTIONS[headless] : {}) as Record<string, { type: 'string' | 'boolean'; short?: string }>),
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: headless !== undefined,
    }));
  } catch (e) {
    return { kind: 'error', message: `${(e as Error).message}\nRun relayer-tui --help for the options.` };
  }
  if (values.help) return { kind: 'help', text: headless ? (await import('../headless/help.js')).HELP[headless] : USAGE };
  // `notify --url` is the webhook's URL: there the server is --server (elsewhere --server = --url).
  const serverFlag = str(values.server) ?? (headless === 'notify' ? undefined : str(values.url));
  if (str(values.server) !== undefined && headless !== 'notify' && str(values.url) !== undefined) return { kind: 'error', message: 'give the server once: --url or --server' };
  if (values.version) return { kind: 'version' };

  const warnings: string[] = [];
  const sources: Record<string, string> = {};
  const paths = appPaths(env, str(values.config));
  const file = await loadConfigFile(paths.config);
  // The server named outside the file (a flag or RELAYER_URL): then a broken file is only a warning.
  const sandbox = values.sandbox === true;
  const serverOutside = sandbox || serverFlag !== undefined || nonEmpty(env.RELAYER_URL) !== undefined;
  const ctxFlag = sandbox ? undefined : (str(values.context) ?? nonEmpty(env.RELAYER_TUI_CONTEXT));
  const ctxSource = str(values.context) !== undefined ? '--context' : nonEmpty(env.RELAYER_TUI_CONTEXT) ? 'RELAYER_TUI_CONTEXT' : 'current_context';
  const fileErrors = file.kind === 'error' ? file.errors : file.kind === 'ok' ? file.errors : [];
  const listErrors = (errors: readonly string[]) => errors.map((e) => `  ${e}`).join('\n');
  if (file.kind === 'error') {
    // Nothing in the file can be used: never a fallback to the built-in sandbox.
    if (!serverOutside || ctxFlag !== undefined || sub === 'contexts')
      return { kind: 'error', exit: 3, message: `the config file cannot be used (${fileErrors.length === 1 ? '1 error' : `${fileErrors.length} errors`}):\n${listErrors(fileErrors)}` };
    warnings.push(`config file not used (the server comes from ${sandbox ? '--sandbox' : serverFlag !== undefined ? 'the command line' : 'RELAYER_URL'}):\n${listErrors(fileErrors)}`);
  } else if (file.kind === 'ok') warnings.push(...file.warnings);
  const contexts = file.kind === 'ok' ? file.file.contexts : {};
  const broken = file.kind === 'ok' ? file.broken : {};
  if (sub === 'contexts') return { kind: 'contexts', config: { ...bareConfig(paths, file), warnings } };

  // Which context: --context > RELAYER_TUI_CONTEXT > current_context.
  const ctxName = ctxFlag ?? (file.kind === 'ok' && !serverOutside ? file.file.current_context : undefined);
  if (ctxName !== undefined && broken[ctxName])
    return { kind: 'error', exit: 3, message: `context ${ctxName} (${ctxSource}) cannot be used:\n${listErrors(broken[ctxName]!)}` };
  if (ctxName !== undefined && !(ctxName in contexts)) {
    const there = [...Object.keys(contexts), ...Object.keys(broken)];
    const inFile = ctxSource === 'current_context' && fileErrors.length ? `:\n${listErrors(fileErrors)}` : '';
    return { kind: 'error', exit: 3, message: `No context named ${ctxName} (${ctxSource})${file.kind === 'ok' ? ` in ${file.path}: ${there.join(', ') || 'none'}` : file.kind === 'none' ? `: ${file.path} does not exist` : ''}${inFile}` };
  }
  // Errors elsewhere in the file: this context works, and the operator hears of the others.
  if (file.kind === 'ok' && fileErrors.length) {
    const unusable = Object.keys(broken);
    warnings.push(`${file.path} has ${fileErrors.length === 1 ? 'an error' : `${fileErrors.length} errors`}${unusable.length ? ` (context${unusable.length > 1 ? 's' : ''} ${unusable.join(', ')} cannot be used)` : ''}:\n${listErrors(fileErrors)}`);
  }
  const ctx = ctxName !== undefined ? contextSettings(ctxName, contexts[ctxName]!) : undefined;
  let baseUrl: string | undefined;
  if (serverFlag !== undefined) [baseUrl, sources.url] = [serverFlag, str(values.server) !== undefined ? '--server' : '--url'];
  else if (nonEmpty(env.RELAYER_URL)) [baseUrl, sources.url] = [nonEmpty(env.RELAYER_URL), 'RELAYER_URL'];
  else if (ctx) [baseUrl, sources.url] = [ctx.url, `context ${ctx.name}`];
  // --sandbox: the built-in sandbox whatever else names a server (asked for, never a fallback).
  if (sandbox) [baseUrl, sources.url] = [undefined, '--sandbox'];
  const urlFromContext = ctx !== undefined && sources.url === `context ${ctx.name}`;

  let token: string | undefined;
  if (str(values.token) !== undefined) {
    [token, sources.token] = [str(values.token), '--token'];
    warnings.push('--token is visible to other users in ps; prefer RELAYER_API_KEY or --token-file');
  } else if (str(values['token-file']) !== undefined) {
    const r = readTokenFile(str(values['token-file'])!);
    if (r.error) return { kind: 'error', message: r.error, exit: 3 };
    warnings.push(...r.warnings);
    [token, sources.token] = [r.token, '--token-file'];
  } else if (!urlFromContext && nonEmpty(env.RELAYER_API_KEY)) {
    [token, sources.token] = [nonEmpty(env.RELAYER_API_KEY), 'RELAYER_API_KEY'];
  } else if (urlFromContext && !sub) {
    const r = resolveTokenSync(contexts[ctx.name]!, ctx.name, env);
    if (r.error) return { kind: 'error', message: r.error, exit: 3 };
    warnings.push(...r.warnings);
    [token, sources.token] = [r.token, r.source ?? `context ${ctx.name}`];
  }
  if (baseUrl !== undefined && !urlFromContext) {
    const bad = urlProblem(baseUrl);
    if (bad) return { kind: 'error', exit: sources.url === 'RELAYER_URL' ? 3 : 2, message: `${sources.url} ${baseUrl}: ${bad}` };
  }
  // The built-in sandbox only when nothing names a server: no config file, no flag, no variable —
  // or when asked for (--sandbox). A file that names no context to use is said, not replaced.
  if (baseUrl === undefined && file.kind === 'ok' && !sandbox && !sub) {
    const names = [...Object.keys(contexts), ...Object.keys(broken)];
    const why = `${file.path} exists but names no context to use (no current_context${fileErrors.length ? '; and it has errors' : ''})`;
    return {
      kind: 'error',
      exit: 3,
      message: `${why}: pick one with --context NAME${names.length ? ` (${names.join(', ')})` : ''}, set current_context, or run the built-in sandbox with --sandbox${fileErrors.length ? `\n${listErrors(fileErrors)}` : ''}`,
    };
  }
  if (baseUrl && !token && !sub)
    return { kind: 'error', exit: 3, message: `No API key for ${baseUrl}: set RELAYER_API_KEY, pass --token-file <path>, or use a context with token_env/token_file/token_command` };

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
  let watchMs = ctx && urlFromContext ? ctx.watchMs : undefined;
  if (watchMs !== undefined) sources.watch = `context ${ctx!.name}`;
  if (values.watch !== undefined) {
    const secs = Number(values.watch);
    if (!Number.isFinite(secs) || secs < 2 || secs > 3600) return { kind: 'error', message: '--watch must be a number of seconds from 2 to 3600' };
    [watchMs, sources.watch] = [Math.round(secs * 1000), '--watch'];
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
    watchMs,
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
    if (!baseUrl) return { kind: 'error', exit: 3, message: `relayer-tui ${headless} needs a server: RELAYER_URL and RELAYER_API_KEY, ${headless === 'notify' ? '--server' : '--url'}, or a context (relayer-tui contexts)` };
    const options = headlessOptions(headless, values);
    if (typeof options === 'string') return { kind: 'error', message: options };
    return { kind: 'headless', command: headless, config, options, args: positionals };
  }
  return { kind: 'run', config };
}

/** The configuration before any server is chosen (`contexts` lists the file as it is). */
function bareConfig(paths: Paths, file: LoadedConfig): AppConfig {
  return { readOnly: false, sandboxFlavor: 'contract', dialect: 'auto', warnings: [], sources: {}, paths, configFile: file, clipboard: 'osc52' };
}

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function nonEmpty(v: string | undefined): string | undefined {
  return v && v.trim() !== '' ? v.trim() : undefined;
}
