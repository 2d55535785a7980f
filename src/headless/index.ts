/**
 * The headless subcommands: the TUI's lists and mutations for scripts, over the same API module,
 * config and contexts (src/headless/lists.ts, src/headless/mutations.ts). Resolves with the exit code.
 */
import { ApiError, createRelayerClient, DEFAULT_TIMEOUT_MS } from '../api/index.js';
import { sendsInFlight, seeInFlightThrough } from '../core/operations/pipeline.js';
import { isOperationSubcommand, isOperationVerb } from '../core/operations/registry.js';
import type { HeadlessCommand, HeadlessOptions } from '../cli/grammar.js';
import type { AppConfig } from '../config/config.js';
import { exitCodeFor, failer, json, type Streams } from './output.js';
import { safeLines } from '../core/text/sanitize.js';

/** The exit code of a hang-up (128 + SIGHUP), as the TUI's. */
const HANGUP_EXIT = 129;

/**
 * A reader that went away (`… | head -0`, a closed pipe) or a terminal that hung up (EIO) ends the
 * output quietly, as `git log | head` does: never a `write EPIPE` stack trace, and the run goes on
 * to its end (a mutation's outcome is still written to the ledger and decides the exit code).
 */
export function quietOnClose(...streams: NodeJS.WritableStream[]): void {
  const swallow = (e: NodeJS.ErrnoException) => {
    if (e?.code === 'EPIPE' || e?.code === 'EIO' || e?.code === 'ERR_STREAM_DESTROYED' || e?.code === 'ECONNRESET') return;
    throw e;
  };
  // Kept after the run too: a write already on its way may fail once the run has returned.
  for (const st of streams) st.on('error', swallow);
}

/**
 * The terminal hung up (SIGHUP, an SSH drop): with nothing in flight the run ends at once (129), as
 * before; with a mutation in flight it is seen to its answer and its outcome written to the ledger
 * (core/operations/pipeline.ts), the output going nowhere, then the run ends as it would have.
 * SIGTERM and SIGINT keep their default: they end it at once.
 */
function onHangUp(boundMs: number): () => void {
  const handler = () => {
    if (sendsInFlight() === 0) process.exit(HANGUP_EXIT);
    void seeInFlightThrough(boundMs).then(() => {
      // Whatever else holds the process (a terminal's stdin) does not keep it once the outcome is written.
      setTimeout(() => process.exit(process.exitCode ?? HANGUP_EXIT), 2_000).unref();
    });
  };
  process.on('SIGHUP', handler);
  return () => process.off('SIGHUP', handler);
}

export async function runHeadless(command: HeadlessCommand, config: AppConfig, o: HeadlessOptions, args: string[], s: Streams, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  quietOnClose(s.out, s.err);
  const hangUp = onHangUp((config.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 5_000);
  try {
    return await run(command, config, o, args, s, env);
  } finally {
    hangUp();
  }
}

async function run(command: HeadlessCommand, config: AppConfig, o: HeadlessOptions, args: string[], s: Streams, env: NodeJS.ProcessEnv): Promise<number> {
  const fail = failer(command, o.output, s.err);
  // What the TUI shows inside itself (--token in ps, a token file others can read, other contexts'
  // config errors) goes to stderr here, once, before anything else: a script's log keeps it.
  for (const w of config.warnings)
    s.err.write(o.output === 'json' || o.output === 'ndjson' ? `${json({ warning: w })}\n` : `relayer-tui ${command}: warning: ${safeLines(w, 60).join('\n  ')}\n`);
  // Each command's module loads when it runs: a list never initialises the mutations, the fleet or readiness.
  if (command === 'fleet') return (await import('./fleet.js')).runFleet(config, o, args, s, env, fail);
  const client = createRelayerClient({ baseUrl: config.baseUrl!, token: config.token!, timeoutMs: config.timeoutMs, dialect: config.dialect, revealSecrets: o.revealSecrets });
  try {
    // A read, unless its first word is the verb of one of the subcommand's operations (`plugins update ID`; the registry's).
    const verb = isOperationVerb(command, args[0]);
    if (!verb && (command === 'relayers' || command === 'txs' || command === 'plugins')) return await (await import('./lists.js')).runList(command, client, o, args, s, fail, config.context ? { minBalances: config.context.minBalances, name: config.context.name } : undefined);
    if (command === 'ready') return await (await import('./ready.js')).runReady(client, o, args, s, fail);
    if (command === 'metrics') return await (await import('./metrics.js')).runMetrics(client, o, args, s, fail);
    if (command === 'check') return await (await import('./check.js')).runCheck(client, o, args, s, fail, config.forecast, Date.now(), config.context ? { minBalances: config.context.minBalances, name: config.context.name } : undefined);
    if (!verb && (command === 'networks' || command === 'signers')) return await (await import('./serverRecords.js')).runServerRecords(command, client, o, args, s, fail);
    if (command === 'audit') return await (await import('./audit.js')).runAudit(config, client, o, args, s, fail);
    if (!isOperationSubcommand(command)) throw new Error(`relayer-tui ${command}: no operation and no read`);
    return await (await import('./mutations.js')).runMutation(command, config, client, o, args, s, fail, env);
  } catch (e) {
    if (e instanceof ApiError) return fail(exitCodeFor(e), e.message, e);
    throw e;
  } finally {
    await client.close();
  }
}
