/**
 * `relayer-tui ready`: GET /api/v1/ready (public). Exit 0 when ready (degraded said as such), 15 when
 * not, with the server's reason and every component not healthy; 2 where the server has no such
 * endpoint. JSON: the server's body, exact.
 */
import { ApiError, type RelayerClient } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import { NO_READINESS, readinessWords } from '../core/readiness.js';
import { safeLines } from '../core/text/sanitize.js';
import { exitCodeFor, json, type Streams } from './output.js';

export async function runReady(client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: (code: number, message: string, e?: ApiError) => number): Promise<number> {
  if (args.length) return fail(EXIT.usage, `unexpected argument ${args[0]}`);
  let answer;
  try {
    answer = await client.readiness();
  } catch (e) {
    // Not an error: the server answered, it has no such endpoint (said on stdout; exit 0 — it is not "not ready").
    if (e instanceof ApiError && e.kind === 'unsupported') {
      s.out.write(`${NO_READINESS}: this server answered GET /api/v1/ready with HTTP ${e.status ?? '?'}\n`);
      return EXIT.ok;
    }
    if (e instanceof ApiError) return fail(exitCodeFor(e), e.message, e);
    throw e;
  }
  const w = readinessWords(answer);
  const asJson = o.output === 'json' || o.output === 'ndjson' || (o.output === 'auto' && !s.out.isTTY);
  if (asJson) s.out.write(`${json(answer.readiness, o.output === 'ndjson' ? undefined : 2)}\n`);
  else s.out.write(`${safeLines(w.summary, 10).join('\n  ')}\n${w.problems.map((p) => `  ${safeLines(p, 4).join(' ')}\n`).join('')}`);
  if (w.state === 'not ready') {
    if (asJson) s.err.write(`relayer-tui ready: ${safeLines(w.summary, 10).join(' ')}\n`);
    return EXIT.notReady;
  }
  return EXIT.ok;
}
