/**
 * The config file: contexts (one per relayer deployment), in YAML, validated with zod. Errors name
 * the file, the line and the key. The token is never inline: a context names where it comes from
 * (`token_env`, `token_file` or `token_command`; src/config/token.ts).
 *
 *   current_context: staging
 *   contexts:
 *     staging:
 *       url: http://127.0.0.1:8080
 *       token_env: STAGING_RELAYER_KEY
 *     prod-eu:
 *       url: https://relayer.eu.example.com
 *       token_command: pass show relayer/prod-eu
 *       accent: red
 *       min_balance: { sepolia: 0.5 ETH, '*': 1 ETH }
 *   fleets:
 *     prod: [prod-eu, prod-us]
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
// The YAML parser loads only when there is a file to read (about 30 ms unbundled: off the common start).
import type { Node } from 'yaml';
import { array, boolean, describe, enum as zenum, gte, int, lte, nonnegative, number, optional, positive, record, regex, strictObject, string, union, toJSONSchema, type z } from 'zod/mini';
import '../api/zodMessages.js';
import { homeDir } from './homeDir.js';

export const ACCENTS = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray'] as const;

/**
 * The file's schemas, built when a file is read (or its JSON Schema written): a start without a config
 * file never builds them.
 */
function buildSchemas() {
  /** An amount of a chain's coin: base units (digits) or a decimal with its unit (`0.5 ETH`, `2 SOL`). */
  const AmountSchema = union([int().check(nonnegative()), string().check(regex(/^\s*\d+(?:\.\d+)?\s*[A-Za-z]*\s*$/, 'an amount: base units (digits) or a decimal with its unit, e.g. 0.5 ETH'))]);
  /** `inner`, absent allowed, described for the file's JSON Schema. */
  const may = <T extends z.ZodMiniType>(inner: T, what?: string) => (what === undefined ? optional(inner) : optional(inner).check(describe(what)));

  const ContextSchema = strictObject({
    url: string().check(describe('The server base URL; /api/v1 is added')),
    token_env: may(string(), 'An environment variable holding the API key'),
    token_file: may(string(), 'A file whose first line is the API key (~ allowed)'),
    token_command: may(string(), 'A command whose first output line is the API key (run with sh -c)'),
    read_only: may(boolean(), 'Refuse mutations; contexts named prod* are read-only unless this says false'),
    accent: may(zenum(ACCENTS), "The status bar's colour for this context"),
    dialect: may(zenum(['contract', 'openzeppelin', 'auto'])),
    timeout: may(number().check(positive()), 'Request timeout in seconds'),
    per_page: may(int().check(gte(1), lte(1000)), 'Transactions per page'),
    relayer: may(string(), 'The relayer whose transactions open first'),
    watch: may(number().check(gte(2), lte(3600)), 'Start in watch mode: lists refresh by themselves every so many seconds (at least 2)'),
    min_balance: may(
      union([AmountSchema, record(string(), AmountSchema)]),
      "The operator's low-balance threshold (the fleet, check, the relayers list's STATE low), held beside each relayer's own policies.min_balance — the higher binds: one amount, or amounts by network name ('*': any other)",
    ),
  });

  const ConfigFileSchema = strictObject({
    current_context: may(string()),
    contexts: record(string().check(regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a context name is 1-64 letters, digits, . _ or -')), ContextSchema),
    fleets: may(record(string(), array(string())), 'Groups of contexts for `relayer-tui fleet NAME` and :fleet NAME'),
  });
  return { ContextSchema, ConfigFileSchema };
}
let built: ReturnType<typeof buildSchemas> | undefined;
const schemas = (): ReturnType<typeof buildSchemas> => (built ??= buildSchemas());

export type ContextConfig = z.infer<ReturnType<typeof buildSchemas>['ContextSchema']>;
export type ConfigFile = z.infer<ReturnType<typeof buildSchemas>['ConfigFileSchema']>;

/** The JSON Schema of the file, for editors (written to config.schema.json beside it; `relayer-tui info` says where). */
export function configJsonSchema(): unknown {
  return toJSONSchema(schemas().ConfigFileSchema);
}

export interface Paths {
  config: string;
  state: string;
  cache: string;
}

/** Where things live: `--config FILE` > `RELAYER_TUI_CONFIG_DIR` > `$XDG_CONFIG_HOME/relayer-tui` > `~/.config/relayer-tui`. */
export function appPaths(env: NodeJS.ProcessEnv, configFlag?: string): Paths {
  const home = env.HOME || homeDir();
  const xdg = (name: string, fallback: string) => (env[name] && env[name]!.startsWith('/') ? env[name]! : join(home, fallback));
  return {
    config: configFlag ?? join(env.RELAYER_TUI_CONFIG_DIR || join(xdg('XDG_CONFIG_HOME', '.config'), 'relayer-tui'), 'config.yaml'),
    state: join(xdg('XDG_STATE_HOME', '.local/state'), 'relayer-tui'),
    cache: join(xdg('XDG_CACHE_HOME', '.cache'), 'relayer-tui'),
  };
}

/**
 * A loaded file. `error`: the file as a whole cannot be used (unreadable, not YAML, not a map, an
 * alias bomb): nothing in it is used. `ok`: the contexts that passed every check are in `file`; a
 * context with an error is in `broken` with every message about it (unusable, and says why), and
 * `errors` holds every message about the file in line order (top-level keys and contexts alike).
 */
export type LoadedConfig =
  | { kind: 'none'; path: string }
  | {
      kind: 'ok';
      path: string;
      file: ConfigFile;
      warnings: string[];
      broken: Record<string, string[]>;
      /** Fleets that name what is not a context: why each cannot be read. */
      brokenFleets?: Record<string, string[]>;
      errors: string[];
    }
  | { kind: 'error'; path: string; message: string; errors: string[] };

/** At most this many messages about one file (a generated file with a thousand typos says so once). */
const MAX_ERRORS = 50;
/** YAML aliases expanded at most (the parser's own guard against an alias bomb). */
const MAX_ALIASES = 100;

/** An http:// or https:// URL with a host: checked when the file is read, not when it is first used. */
export function urlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `not a URL: ${/^[\w.-]+:\d+/.test(url) ? `write the scheme, e.g. http://${url}` : 'e.g. https://relayer.example.com'}`;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `not an http:// or https:// URL (${u.protocol.replace(/:$/, '')}: here); e.g. http://${url.replace(/^[^:]*:\/*/, '')}`;
  if (!u.hostname) return 'has no host';
  return null;
}

/** The known key a typo most likely meant: at most two edits away (`tokn_env` → `token_env`), else null. */
export function nearest(word: string, known: readonly string[]): string | null {
  if (word.length > 64) return null;
  let best: string | null = null;
  let bestD = 3;
  for (const k of known) {
    // Levenshtein distance, one row at a time (keys are short).
    let prev = Array.from({ length: k.length + 1 }, (_, j) => j);
    for (let i = 1; i <= word.length; i++) {
      const row = [i];
      for (let j = 1; j <= k.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (word[i - 1] === k[j - 1] ? 0 : 1));
      prev = row;
    }
    if (prev[k.length]! < bestD) [best, bestD] = [k, prev[k.length]!];
  }
  return best;
}

/** Reads and checks the config file: every error at once, each naming the file, the line and the key. */
export async function loadConfigFile(path: string): Promise<LoadedConfig> {
  if (!existsSync(path)) return { kind: 'none', path };
  const fatal = (errors: string[]): LoadedConfig => ({ kind: 'error', path, errors, message: errors.join('\n') });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return fatal([`${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`]);
  }
  const warnings: string[] = [];
  let mode = 0;
  try {
    mode = statSync(path).mode;
  } catch {
    // stat after a successful read: ignore
  }
  const { LineCounter, parseDocument, isMap, isScalar } = await import('yaml');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  // An error at the end of the file (an unclosed [ or {) is said on its last line, not on the empty line after it, which the file does not have.
  const lastLine = text.replace(/[\r\n]+$/, '').split('\n').length;
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : Math.min(lines.linePos(offset).line, lastLine));
  if (doc.errors.length > 0) return fatal(doc.errors.slice(0, MAX_ERRORS).map((e) => `${path}:${lineAt(e.pos[0])}: ${e.message.split('\n')[0]}`));
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIASES }) ?? {};
  } catch (e) {
    // The parser stops an alias bomb ("Excessive alias count …"): the file, and why in words.
    return fatal([`${path}: not read: its YAML aliases expand too far (${(e as Error).message.split('\n')[0]})`]);
  }
  // The line of the deepest node a key path reaches.
  const lineOf = (keys: readonly string[]): number => {
    let node = doc.contents as Node | null;
    let best = 1;
    for (const k of keys) {
      if (!node || !isMap(node)) break;
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === k);
      if (!pair) break;
      best = lineAt((pair.key as Node).range?.[0]);
      node = (pair.value as Node | null) ?? null;
    }
    return best;
  };
  const errors: { line: number; text: string }[] = [];
  const say = (keys: readonly string[], what: string) => {
    const line = lineOf(keys);
    errors.push({ line, text: `${path}:${line}: ${keys.join('.') || '(top level)'}: ${what}` });
  };
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(raw)) return fatal([`${path}:1: (top level): must be a map with contexts: (and current_context:)`]);
  for (const k of Object.keys(raw)) if (k !== 'current_context' && k !== 'contexts' && k !== 'fleets') say([k], 'is not a known key (current_context, contexts, fleets)');
  const current = raw.current_context;
  if (current !== undefined && typeof current !== 'string') say(['current_context'], 'must be a context name');
  if (raw.contexts !== undefined && raw.contexts !== null && !isObj(raw.contexts)) return fatal([`${path}:${lineOf(['contexts'])}: contexts: must be a map of context names to contexts`]);
  const contexts: Record<string, ContextConfig> = {};
  const broken: Record<string, string[]> = {};
  const nameRe = /^[A-Za-z0-9_.-]{1,64}$/;
  for (const [name, value] of Object.entries((raw.contexts ?? {}) as Record<string, unknown>)) {
    const before = errors.length;
    if (!nameRe.test(name)) say(['contexts', name], 'a context name is 1-64 letters, digits, . _ or -');
    const r = schemas().ContextSchema.safeParse(value ?? {});
    if (!r.success) {
      for (const issue of r.error.issues) {
        const keys = ['contexts', name, ...issue.path.map(String)];
        if (issue.code === 'unrecognized_keys')
          for (const k of (issue as { keys?: string[] }).keys ?? []) {
            const near = nearest(k, Object.keys(schemas().ContextSchema.shape));
            say([...keys, k], `is not a known key${near ? ` (did you mean ${near}?)` : ''}`);
          }
        else say(keys, issue.path.length === 0 && !isObj(value) ? 'must be a map (url:, token_env: …)' : issue.message);
      }
    }
    // Every error at once: what the schema took as fine is checked further even where another key is wrong.
    if (isObj(value)) {
      const schemaSaid = (key: string) => !r.success && r.error.issues.some((i) => i.path[0] === key);
      const bad = typeof value.url === 'string' && !schemaSaid('url') ? urlProblem(value.url) : null;
      if (bad) say(['contexts', name, 'url'], bad);
      const sources = (['token_env', 'token_file', 'token_command'] as const).filter((k) => value[k] !== undefined);
      if (sources.length > 1) say(['contexts', name, sources[1]!], `give one of token_env, token_file, token_command (${sources.join(' and ')} here)`);
    }
    if (errors.length > before) broken[name] = errors.slice(before).sort((a, b) => a.line - b.line).map((e) => e.text);
    else if (r.success) contexts[name] = r.data;
  }
  // Fleets: groups of context names (a broken context may be named: the fleet shows why it cannot be read).
  const fleets: Record<string, string[]> = {};
  const brokenFleets: Record<string, string[]> = {};
  if (raw.fleets !== undefined && raw.fleets !== null) {
    if (!isObj(raw.fleets)) say(['fleets'], 'must be a map of fleet names to lists of context names');
    else
      for (const [fleet, members] of Object.entries(raw.fleets)) {
        if (!nameRe.test(fleet)) say(['fleets', fleet], 'a fleet name is 1-64 letters, digits, . _ or -');
        else if (fleet in contexts || fleet in broken) say(['fleets', fleet], `is also a context's name: name the fleet differently`);
        else if (!Array.isArray(members) || members.length === 0 || !members.every((m) => typeof m === 'string')) say(['fleets', fleet], 'must be a list of context names, e.g. [prod-eu, prod-us]');
        else {
          const unknown = members.filter((m) => !(m in contexts) && !(m in broken));
          if (unknown.length) {
            const before = errors.length;
            say(['fleets', fleet], `its member${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} ${unknown.length > 1 ? 'are not contexts' : 'is not a context'} (there are: ${Object.keys(raw.contexts ?? {}).join(', ') || 'none'})`);
            // Named, it says why it cannot be read (never "no fleet named …").
            brokenFleets[fleet] = errors.slice(before).map((e) => e.text);
          } else fleets[fleet] = [...new Set(members as string[])];
        }
      }
  }
  if (typeof current === 'string' && !(current in contexts) && !(current in broken))
    say(['current_context'], `no context named ${current}${Object.keys(raw.contexts ?? {}).length ? ` (there are: ${Object.keys(raw.contexts as object).join(', ')})` : ''}`);
  // The file holds no key: others reading it is harmless unless a token_command is in it (a command
  // line may carry a secret); others writing it is not (token_command runs what the file says).
  if (mode & 0o022) warnings.push(`${path} can be written by other users, and its token_command runs as you; chmod 600 it`);
  else if (mode & 0o044 && Object.values(contexts).some((c) => c.token_command !== undefined))
    warnings.push(`${path} is readable by other users and holds a token_command (a command line may carry a secret); chmod 600 it`);
  errors.sort((a, b) => a.line - b.line);
  const all = errors.map((e) => e.text);
  if (all.length > MAX_ERRORS) all.splice(MAX_ERRORS, all.length - MAX_ERRORS, `${path}: … and ${all.length - MAX_ERRORS} more`);
  return {
    kind: 'ok',
    path,
    file: { contexts, ...(typeof current === 'string' ? { current_context: current } : {}), ...(Object.keys(fleets).length ? { fleets } : {}) },
    warnings,
    broken,
    ...(Object.keys(brokenFleets).length ? { brokenFleets } : {}),
    errors: all,
  };
}
