/** Flags, environment and the config file -> configuration. Flags > environment > context > defaults. */
import { FLEET_INAPPLICABLE } from '../cli/grammar.js';
import { appPaths, loadConfigFile, urlProblem, type ContextConfig, type LoadedConfig, type Paths } from './contextFile.js';
import { readTokenFile, resolveTokenSync } from './token.js';

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
  /** Whether relayers' forecasts are read (--forecast on|off, RELAYER_TUI_FORECAST; default on): the TUI, check and fleet alike. */
  forecast: boolean;
  /** The context in use, when the server came from one. */
  context?: ContextSettings;
}

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
  /** The operator's low-balance thresholds (`min_balance:`): by network name, `*` for any other. */
  minBalances?: Readonly<Record<string, string | number>>;
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
    ...(ctx.min_balance !== undefined ? { minBalances: minBalancesOf(ctx.min_balance) } : {}),
  };
}

/** A context's `min_balance:` as thresholds by network (one amount is every network's: `*`). */
export function minBalancesOf(mb: string | number | Readonly<Record<string, string | number>>): Readonly<Record<string, string | number>> {
  return typeof mb === 'object' ? mb : { '*': mb };
}

/**
 * The parsed options + environment + config file -> the configuration, or why there is none (exit 3
 * for the configuration's faults). `command`: the subcommand (`info` and `contexts` resolve no key;
 * `notify`'s --url is the webhook's). The API key follows the URL: a context's URL takes the
 * context's key (never an environment key meant for another server) unless a flag gives one.
 */
export async function resolveConfig(
  values: Record<string, string | boolean | undefined>,
  env: NodeJS.ProcessEnv,
  command?: string,
): Promise<{ kind: 'config'; config: AppConfig } | { kind: 'contexts'; config: AppConfig } | { kind: 'error'; message: string; exit?: number }> {
  const sub = command === 'info' || command === 'contexts' ? command : undefined;
  const forecast = forecastSetting(values, env);
  if ('error' in forecast) return { kind: 'error', exit: 2, message: forecast.error };
  // The fleet: the file's contexts, each with its own server and key (src/config/fleetSources.ts); no one server here.
  if (command === 'fleet') {
    // A server named here would be ignored: said, not silently dropped.
    const one = FLEET_INAPPLICABLE.find((k) => values[k] !== undefined);
    if (one) return { kind: 'error', exit: 2, message: `fleet reads the config file's contexts, each with its own server, key and settings: --${one} does not apply (name fleets or contexts: relayer-tui fleet [NAME…])` };
    const paths = appPaths(env, str(values.config));
    const file = await loadConfigFile(paths.config);
    if (file.kind === 'none' && str(values.config) !== undefined) return { kind: 'error', exit: 3, message: missingFile(paths.config) };
    // The file's errors are said here too (a fleet check run by cron must learn its file is broken).
    return { kind: 'config', config: { ...bareConfig(paths, file), forecast: forecast.on, warnings: file.kind === 'ok' ? [...file.warnings, ...file.errors] : [] } };
  }
  // `notify --url` is the webhook's URL: there the server is --server (elsewhere --server = --url).
  const serverFlag = str(values.server) ?? (command === 'notify' ? undefined : str(values.url));
  const warnings: string[] = [];
  const sources: Record<string, string> = {};
  const paths = appPaths(env, str(values.config));
  const file = await loadConfigFile(paths.config);
  // A file named on the command line that is not there is an error, never the sandbox in its place.
  if (file.kind === 'none' && str(values.config) !== undefined) return { kind: 'error', exit: 3, message: missingFile(paths.config) };
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
  if (sub === 'contexts') return { kind: 'contexts', config: { ...bareConfig(paths, file), forecast: forecast.on, warnings } };

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
  } else if (urlFromContext && !sub && command !== 'ready') {
    // (`ready` asks the public /ready alone: a context's token_command is not run for it.)
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
  // `audit` lists the local ledger of a server: a key only to read records back (--settle). `ready`
  // asks the server's public GET /api/v1/ready, which needs none (a keyless monitoring probe).
  const keyless = (command === 'audit' && values.settle !== true) || command === 'ready';
  if (baseUrl && !token && !sub && !keyless)
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
  // The built-in sandbox imitates the server operators run unless asked for the interface document's.
  const flavor = str(values['sandbox-flavor']) ?? 'real';
  if (flavor !== 'contract' && flavor !== 'real') return { kind: 'error', message: '--sandbox-flavor must be contract or real' };
  const dialectSource = str(values.dialect) !== undefined ? '--dialect' : nonEmpty(env.RELAYER_TUI_DIALECT) ? 'RELAYER_TUI_DIALECT' : ctx?.dialect ? `context ${ctx.name}` : 'default';
  const dialect = str(values.dialect) ?? nonEmpty(env.RELAYER_TUI_DIALECT) ?? ctx?.dialect ?? 'auto';
  if (dialect !== 'contract' && dialect !== 'openzeppelin' && dialect !== 'auto')
    return { kind: 'error', message: '--dialect must be contract, openzeppelin or auto' };
  sources.dialect = dialectSource;
  const clipboard = str(values.clipboard) ?? nonEmpty(env.RELAYER_TUI_CLIPBOARD) ?? 'osc52';
  if (clipboard !== 'osc52' && clipboard !== 'off') return { kind: 'error', message: '--clipboard must be osc52 or off' };
  sources.forecast = forecast.source;

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
    forecast: forecast.on,
    ...(ctx && urlFromContext ? { context: ctx } : {}),
  };
  return { kind: 'config', config };
}

/** Whether forecasts are read: --forecast, else RELAYER_TUI_FORECAST, else on. */
function forecastSetting(values: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv): { on: boolean; source: string } | { error: string } {
  const source = str(values.forecast) !== undefined ? '--forecast' : nonEmpty(env.RELAYER_TUI_FORECAST) ? 'RELAYER_TUI_FORECAST' : 'default';
  const word = str(values.forecast) ?? nonEmpty(env.RELAYER_TUI_FORECAST) ?? 'on';
  if (word !== 'on' && word !== 'off') return { error: `${source === 'default' ? '--forecast' : source} must be on or off, got "${word}"` };
  return { on: word === 'on', source };
}

/** The configuration before any server is chosen (`contexts` lists the file as it is). */
function bareConfig(paths: Paths, file: LoadedConfig): AppConfig {
  return { readOnly: false, sandboxFlavor: 'real', dialect: 'auto', warnings: [], sources: {}, paths, configFile: file, clipboard: 'osc52', forecast: true };
}

function str(v: string | boolean | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
function nonEmpty(v: string | undefined): string | undefined {
  return v && v.trim() !== '' ? v.trim() : undefined;
}

/** A config file named by --config that is not there. */
function missingFile(path: string): string {
  return `No config file at ${path} (named by --config): check the path`;
}
