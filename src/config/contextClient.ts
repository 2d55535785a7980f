/**
 * A context of the config file → a client for its server: its settings, its token (resolved without a
 * terminal: `token_command` runs with no stdin — inside the TUI, or once per context of a fleet) and
 * the warnings to tell. `:ctx NAME` and the fleet open contexts through this; the start opens its
 * own (a command may ask for a passphrase there).
 */
import { createRelayerClient, type Exchange, type RelayerClient } from '../api/index.js';
import { contextSettings, isCleartext, type ContextSettings } from './config.js';
import type { LoadedConfig } from './contextFile.js';
import { resolveToken } from './token.js';

export interface OpenedContext {
  client: RelayerClient;
  settings: ContextSettings;
  warnings: string[];
}

/** Why a context of `file` cannot be used, or null. */
export function contextProblem(file: LoadedConfig, name: string): string | null {
  if (file.kind === 'ok' && file.broken[name]) return `Context ${name} cannot be used:\n  ${file.broken[name].join('\n  ')}`;
  const there = file.kind === 'ok' ? file.file.contexts : {};
  if (there[name]) return null;
  return file.kind === 'none'
    ? `No context named ${name}: no config file at ${file.path}`
    : file.kind === 'error'
      ? `No contexts: the config file cannot be used:\n  ${file.errors.join('\n  ')}`
      : `No context named ${name} in ${file.path}: ${Object.keys(there).join(', ') || 'none'}`;
}

export async function openContext(
  file: LoadedConfig,
  name: string,
  env: NodeJS.ProcessEnv,
  o: { onExchange?: (e: Exchange) => void; maxRetries?: number } = {},
): Promise<OpenedContext | { error: string; noToken?: true }> {
  const problem = contextProblem(file, name);
  if (problem) return { error: problem };
  const c = (file as Extract<LoadedConfig, { kind: 'ok' }>).file.contexts[name]!;
  const settings = contextSettings(name, c);
  // The context's own timeout bounds its token_command too (a hanging one is a context that cannot be read).
  const t = await resolveToken(c, name, env, settings.timeoutMs);
  if (!t.token) return { error: t.error ?? `No API key for context ${name}`, noToken: true };
  try {
    const client = createRelayerClient({ baseUrl: settings.url, token: t.token, timeoutMs: settings.timeoutMs, dialect: settings.dialect, onExchange: o.onExchange, maxRetries: o.maxRetries });
    const insecure = isCleartext(settings.url);
    return { client, settings, warnings: [...t.warnings, ...(insecure ? [`http:// to ${new URL(settings.url).host}: the API key crosses the network in cleartext`] : [])] };
  } catch (e) {
    return { error: `Context ${name}: ${e instanceof Error ? e.message : String(e)}` };
  }
}
