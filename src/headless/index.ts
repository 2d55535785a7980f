/**
 * The headless subcommands: the TUI's lists and mutations for scripts, over the same API module,
 * config and contexts (src/headless/lists.ts, src/headless/mutations.ts). Resolves with the exit code.
 */
import { ApiError, createRelayerClient } from '../api/index.js';
import type { AppConfig, HeadlessCommand, HeadlessOptions } from '../config/config.js';
import { runList } from './lists.js';
import { runMutation } from './mutations.js';
import { exitCodeFor, failer, type Streams } from './output.js';

export { EXIT, exitCodeFor } from './output.js';

export async function runHeadless(command: HeadlessCommand, config: AppConfig, o: HeadlessOptions, args: string[], s: Streams, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const fail = failer(command, o.output, s.err);
  const client = createRelayerClient({ baseUrl: config.baseUrl!, token: config.token!, timeoutMs: config.timeoutMs, dialect: config.dialect });
  try {
    if (command === 'relayers' || command === 'txs') return await runList(command, client, o, args, s, fail);
    return await runMutation(command, config, client, o, args, s, fail, env);
  } catch (e) {
    if (e instanceof ApiError) return fail(exitCodeFor(e), e.message, e);
    throw e;
  } finally {
    await client.close();
  }
}
