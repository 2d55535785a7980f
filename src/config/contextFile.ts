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
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
// The YAML parser loads only when there is a file to read (about 30 ms unbundled: off the common start).
import type { LineCounter, Node } from 'yaml';
import { boolean, enum as zenum, number, object, record, string, toJSONSchema, type z } from 'zod';

export const ACCENTS = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray'] as const;

export const ContextSchema = object({
  url: string().describe('The server base URL; /api/v1 is added'),
  token_env: string().optional().describe('An environment variable holding the API key'),
  token_file: string().optional().describe('A file whose first line is the API key (~ allowed)'),
  token_command: string().optional().describe('A command whose first output line is the API key (run with sh -c)'),
  read_only: boolean().optional().describe('Refuse mutations; contexts named prod* are read-only unless this says false'),
  accent: zenum(ACCENTS).optional().describe("The status bar's colour for this context"),
  dialect: zenum(['contract', 'openzeppelin', 'auto']).optional(),
  timeout: number().positive().optional().describe('Request timeout in seconds'),
  per_page: number().int().min(1).max(1000).optional().describe('Transactions per page'),
  relayer: string().optional().describe('The relayer whose transactions open first'),
  watch: number().min(2).max(3600).optional().describe('Start in watch mode: lists refresh by themselves every so many seconds (at least 2)'),
}).strict();
export type ContextConfig = z.infer<typeof ContextSchema>;

export const ConfigFileSchema = object({
  current_context: string().optional(),
  contexts: record(string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a context name is 1-64 letters, digits, . _ or -'), ContextSchema),
}).strict();
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** The JSON Schema of the file, for editors (written to config.schema.json beside it; `relayer-tui info` says where). */
export function configJsonSchema(): unknown {
  return toJSONSchema(ConfigFileSchema);
}

export interface Paths {
  config: string;
  state: string;
  cache: string;
}

/** Where things live: `--config FILE` > `RELAYER_TUI_CONFIG_DIR` > `$XDG_CONFIG_HOME/relayer-tui` > `~/.config/relayer-tui`. */
export function appPaths(env: NodeJS.ProcessEnv, configFlag?: string): Paths {
  const home = env.HOME || homedir();
  const xdg = (name: string, fallback: string) => (env[name] && env[name]!.startsWith('/') ? env[name]! : join(home, fallback));
  return {
    config: configFlag ?? join(env.RELAYER_TUI_CONFIG_DIR || join(xdg('XDG_CONFIG_HOME', '.config'), 'relayer-tui'), 'config.yaml'),
    state: join(xdg('XDG_STATE_HOME', '.local/state'), 'relayer-tui'),
    cache: join(xdg('XDG_CACHE_HOME', '.cache'), 'relayer-tui'),
  };
}

export type LoadedConfig =
  | { kind: 'none'; path: string }
  | { kind: 'ok'; path: string; file: ConfigFile; warnings: string[] }
  | { kind: 'error'; path: string; message: string };

/** Reads and checks the config file; a missing file is `none`, a broken one an error naming the line and key. */
export async function loadConfigFile(path: string): Promise<LoadedConfig> {
  if (!existsSync(path)) return { kind: 'none', path };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { kind: 'error', path, message: `${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  const warnings: string[] = [];
  try {
    if ((statSync(path).mode & 0o077) !== 0) warnings.push(`${path} is readable by other users; chmod 600 it`);
  } catch {
    // stat after a successful read: ignore
  }
  const { LineCounter, parseDocument, isMap, isScalar } = await import('yaml');
  const lineOf = (root: Node | null, keys: readonly string[], lc: LineCounter): number => {
    let node: Node | null = root;
    let best = 1;
    for (const k of keys) {
      if (!node || !isMap(node)) break;
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === k);
      if (!pair) break;
      const keyNode = pair.key as Node;
      if (keyNode.range) best = lc.linePos(keyNode.range[0]).line;
      node = (pair.value as Node | null) ?? null;
    }
    return best;
  };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const at = lines.linePos(e.pos[0]);
    return { kind: 'error', path, message: `${path}:${at.line}: ${e.message.split('\n')[0]}` };
  }
  const raw: unknown = doc.toJS() ?? {};
  const r = ConfigFileSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const keys = issue.path.map(String);
    // The line of the deepest node the path reaches (an unknown key: the key itself).
    const unknownKey = issue.code === 'unrecognized_keys' ? (issue as { keys?: string[] }).keys?.[0] : undefined;
    const line = lineOf(doc.contents as Node | null, unknownKey !== undefined ? [...keys, unknownKey] : keys, lines);
    const key = [...keys, ...(unknownKey !== undefined ? [unknownKey] : [])].join('.') || '(top level)';
    const what = unknownKey !== undefined ? 'is not a known key' : issue.message;
    return { kind: 'error', path, message: `${path}:${line}: ${key}: ${what}` };
  }
  if (r.data.current_context !== undefined && !(r.data.current_context in r.data.contexts))
    return { kind: 'error', path, message: `${path}:${lineOf(doc.contents as Node | null, ['current_context'], lines)}: current_context: no context named ${r.data.current_context}` };
  return { kind: 'ok', path, file: r.data, warnings };
}
