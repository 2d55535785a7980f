/**
 * The headless subcommands: the TUI's lists and mutations for scripts, over the same API module,
 * config and contexts (src/headless/lists.ts, src/headless/mutations.ts). Resolves with the exit code.
 */
import { ApiError, createRelayerClient } from '../api/index.js';
import type { HeadlessCommand, HeadlessOptions } from '../cli/grammar.js';
import type { AppConfig } from '../config/config.js';
import { exitCodeFor, failer, json, type Streams } from './output.js';
import { safeLines } from '../core/text/sanitize.js';


export async function runHeadless(command: HeadlessCommand, config: AppConfig, o: HeadlessOptions, args: string[], s: Streams, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const fail = failer(command, o.output, s.err);
  // What the TUI shows inside itself (--token in ps, a token file others can read, other contexts'
  // config errors) goes to stderr here, once, before anything else: a script's log keeps it.
  for (const w of config.warnings)
    s.err.write(o.output === 'json' || o.output === 'ndjson' ? `${json({ warning: w })}\n` : `relayer-tui ${command}: warning: ${safeLines(w, 60).join('\n  ')}\n`);
  // Each command's module loads when it runs: a list never initialises the mutations, the fleet or readiness.
  if (command === 'fleet') return (await import('./fleet.js')).runFleet(config, o, args, s, env, fail);
  const client = createRelayerClient({ baseUrl: config.baseUrl!, token: config.token!, timeoutMs: config.timeoutMs, dialect: config.dialect });
  try {
    if (command === 'relayers' || command === 'txs' || command === 'plugins') return await (await import('./lists.js')).runList(command, client, o, args, s, fail);
    if (command === 'ready') return await (await import('./ready.js')).runReady(client, o, args, s, fail);
    return await (await import('./mutations.js')).runMutation(command, config, client, o, args, s, fail, env);
  } catch (e) {
    if (e instanceof ApiError) return fail(exitCodeFor(e), e.message, e);
    throw e;
  } finally {
    await client.close();
  }
}
