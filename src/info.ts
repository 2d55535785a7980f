/**
 * `relayer-tui info` and `relayer-tui contexts`: what the client would use and where each value came
 * from, for a bug report or a first setup. The API key is never printed, only where it comes from.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRelayerClient, VERSION } from './api/index.js';
import type { AppConfig } from './config/config.js';
import { contextSettings } from './config/config.js';
import { resolveTokenSync } from './config/token.js';
import { safeLines, sanitize } from './core/text/sanitize.js';

const exists = (p: string) => (existsSync(p) ? 'exists' : 'does not exist');

/** Terminal facts that decide how the TUI draws and copies. */
export function terminalFacts(env: NodeJS.ProcessEnv, out: NodeJS.WriteStream): Record<string, string> {
  const colour = env.NO_COLOR ? 'none (NO_COLOR)' : env.TERM === 'dumb' ? 'none (TERM=dumb)' : out.isTTY ? `${out.getColorDepth?.() ?? 8}-bit` : 'not a terminal';
  return {
    TERM: env.TERM ?? '(unset)',
    size: out.isTTY ? `${out.columns}x${out.rows}` : 'not a terminal',
    colour,
    multiplexer: env.TMUX ? 'tmux' : env.STY ? 'screen' : 'none',
  };
}

function tokenSource(config: AppConfig, env: NodeJS.ProcessEnv): string {
  if (config.sources.token) return `set (from ${config.sources.token})`;
  const ctx = config.context && config.configFile.kind === 'ok' ? config.configFile.file.contexts[config.context.name] : undefined;
  if (ctx?.token_command !== undefined) return 'from token_command (not run by info)';
  if (ctx && config.context) {
    const r = resolveTokenSync(ctx, config.context.name, env);
    return r.token ? `set (from ${r.source})` : `not set: ${r.error}`;
  }
  return config.baseUrl ? 'not set' : 'the built-in sandbox makes its own';
}

/** The JSON Schema of the config file, shipped with the package (schema/config.schema.json). */
export function schemaFile(): string {
  // The bundle is dist/app.cjs; tests run the sources from the project root.
  return typeof __dirname === 'string' ? join(__dirname, '..', 'schema', 'config.schema.json') : join(process.cwd(), 'schema', 'config.schema.json');
}

export async function printInfo(config: AppConfig, env: NodeJS.ProcessEnv, out: NodeJS.WriteStream, clipboardMethod: string): Promise<void> {
  const lines: [string, string][] = [
    ['version', `relayer-tui ${VERSION}`],
    ['node', process.version],
    ['config file', `${config.paths.config} (${config.configFile.kind === 'error' ? 'cannot be used: see the warnings below' : config.configFile.kind === 'ok' && config.configFile.errors.length ? `${config.configFile.errors.length} errors: see the warnings below` : exists(config.paths.config)})`],
    ['config schema', `${schemaFile()} (editors: put "# yaml-language-server: $schema=${schemaFile()}" at the top of the file)`],
    ['state dir', `${config.paths.state} (${exists(config.paths.state)})`],
    ['audit ledger', join(config.paths.state, 'audit.jsonl')],
    ['cache dir', `${config.paths.cache} (${exists(config.paths.cache)})`],
    ['context', config.context ? `${config.context.name}` : '(none)'],
    ['server', config.baseUrl ? `${config.baseUrl} (from ${config.sources.url})` : 'the built-in sandbox (no server configured)'],
    ['token', tokenSource(config, env)],
    ['read-only', `${config.readOnly ? 'yes' : 'no'} (from ${config.sources.readOnly})`],
    ['timeout', config.timeoutMs ? `${config.timeoutMs / 1000} s (from ${config.sources.timeout})` : '15 s (default)'],
    ['per page', config.perPage ? `${config.perPage} (from ${config.sources.perPage})` : 'fit the window (default)'],
    ['watch', config.watchMs ? `every ${config.watchMs / 1000} s (from ${config.sources.watch})` : 'off (w toggles; --watch N)'],
    ['accent', config.context?.accent ? `${config.context.accent} (from context ${config.context.name})` : '(none)'],
    ['first relayer', config.context?.relayer ? `${config.context.relayer} (from context ${config.context.name})` : '(the relayers list)'],
  ];
  let dialect = `${config.dialect} (from ${config.sources.dialect})`;
  if (config.baseUrl && config.dialect === 'auto') {
    // The health check is public: this client never sends a key.
    const client = createRelayerClient({ baseUrl: config.baseUrl, token: 'not-sent', timeoutMs: 3_000 });
    dialect = (await client.detectDialect()).why;
    await client.close();
  }
  lines.push(['dialect', dialect]);
  for (const [k, v] of Object.entries(terminalFacts(env, out))) lines.push([`terminal ${k}`, v]);
  lines.push(['clipboard', clipboardMethod]);
  for (const w of config.warnings) lines.push(['warning', w]);
  // A value may hold several lines (every error of a config file): each drawn safe, indented.
  out.write(lines.map(([k, v]) => `${k.padEnd(21)}${safeLines(v, 200).join(`\n${' '.repeat(21)}`)}\n`).join(''));
}

/** The contexts of the file, a broken one with every error about it. Returns the exit code: 3 when the file has errors. */
export function printContexts(config: AppConfig, out: NodeJS.WriteStream): number {
  if (config.configFile.kind !== 'ok') {
    out.write(`No config file at ${config.paths.config}: no contexts.\n`);
    return 0;
  }
  const { file, broken, errors } = config.configFile;
  const rows = Object.entries(file.contexts).map(([name, c]) => {
    const s = contextSettings(name, c);
    return `${name === (config.context?.name ?? file.current_context) ? '*' : ' '} ${name.padEnd(16)} ${(s.readOnly ? 'read-only' : 'read-write').padEnd(11)}${c.url}`;
  });
  for (const name of Object.keys(broken)) rows.push(`${name === file.current_context ? '*' : ' '} ${name.padEnd(16)} ${'BROKEN'.padEnd(11)}cannot be used (below)`);
  if (errors.length) rows.push('', `${config.configFile.path}: ${errors.length === 1 ? '1 error' : `${errors.length} errors`}:`, ...errors.map((e) => `  ${e}`));
  out.write(`${rows.map((r) => sanitize(r)).join('\n')}\n`);
  return errors.length ? 3 : 0;
}
