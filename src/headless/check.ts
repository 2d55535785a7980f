/**
 * `relayer-tui check [--json]`: the jam-hour triage of one server (the current context, or
 * RELAYER_URL/RELAYER_API_KEY with no config file): its readiness first, then every relayer — its
 * state (disabled, paused, under its minimum balance), and for an EVM relayer of the OpenZeppelin Relayer the diagnosis of a jam
 * (core/jam: its cause, the blocker, what waits). One line per problem, like `fleet --check`; exit 0
 * when nothing needs attention, 12 when something does (a jam, a disabled relayer, the server not
 * ready, a balance under its minimum), 13 when something could not be read. A relayer that could not be diagnosed says why; that is
 * never "no jam".
 */
import { ApiError, errorWords, type Relayer, type RelayerClient, type RelayerStatus } from '../api/index.js';
import { fleetBalance, type MinBalances } from '../core/fleet/health.js';
import { problemWords } from '../core/fleet/problems.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import { readJam } from '../core/jam/read.js';
import { commandPrefix, jamJson, jamWords, jamBrief } from '../core/jam/words.js';
import { worseJam, type Jam } from '../core/jam/diagnose.js';
import { readinessWords } from '../core/readiness.js';
import { disabledReasons, relayerMarks, relayerState, type RelayerMark } from '../core/relayer.js';
import { safeLines } from '../core/text/sanitize.js';
import { exitCodeFor, json, type Streams } from './output.js';

interface RelayerCheck {
  relayer: string;
  state: RelayerMark;
  needs_attention: boolean;
  diagnosed: boolean;
  not_diagnosed_because: string | null;
  jam: Jam | null;
  problems: string[];
  /** A read failed (not a refusal the rules expect): exit 13. */
  unreadable: boolean;
}

const MAX_RELAYERS = 1_000;

export async function runCheck(client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: (code: number, message: string, e?: ApiError) => number, now = Date.now(), context?: { minBalances?: MinBalances; name: string }): Promise<number> {
  if (args.length) return fail(EXIT.usage, `unexpected argument ${args[0]}. usage: relayer-tui check [--json]`);
  await client.detectDialect();
  // Readiness first: a server that is not ready moves nothing, whatever its relayers say.
  let ready: { state: string; summary: string; problems: string[] } | null = null;
  try {
    ready = readinessWords(await client.readiness());
  } catch (e) {
    if (!(e instanceof ApiError && e.kind === 'unsupported')) return fail(e instanceof ApiError ? exitCodeFor(e) : EXIT.network, `readiness: ${errorWords(e)}`, e instanceof ApiError ? e : undefined);
  }
  const relayers: Relayer[] = [];
  for (let page = 1; relayers.length < MAX_RELAYERS; page++) {
    const p = await client.listRelayers({ page, perPage: 100 });
    relayers.push(...p.items);
    if (p.items.length === 0 || relayers.length >= p.totalItems) break;
  }
  relayers.sort((a, b) => a.id.localeCompare(b.id));
  const checks: RelayerCheck[] = [];
  for (const r of relayers) {
    const st = relayerState(r);
    const problems: string[] = [];
    if (st === 'disabled') problems.push(`${r.id}: disabled by the system: ${disabledReasons(r.disabled_reason).join('; ') || 'no reason given'}`);
    // Its status (the OpenZeppelin Relayer's): the balance against its minimum, and the nonce the diagnosis reads (not read twice).
    let status: RelayerStatus | undefined;
    if (client.offers('relayerStatus')) status = await client.relayerStatus(r.id).catch(() => undefined);
    const read = await readJam(client, r, { now, ...(status ? { status } : {}) });
    let jam: Jam | null = null;
    let why: string | null = null;
    let unreadable = false;
    if (read.kind === 'not_diagnosed') {
      why = read.why;
      unreadable = read.unreadable === true;
    } else if (read.diagnosis.kind === 'jam') {
      jam = read.diagnosis.jam;
      // The fix named as a command (a key means nothing in a shell), in the context this check read.
      problems.push(jamWords(r.id, jam, now, { kind: 'commands', relayerId: r.id, prefix: commandPrefix(context?.name) }));
    }
    if (unreadable) problems.push(`${r.id}: not diagnosed: ${why}`);
    // Under its minimum (the higher of its policy's, where it counts, and the context's min_balance).
    const money = status && st !== 'disabled' ? fleetBalance(r, status.balance, context?.minBalances, context?.name ?? 'in use') : null;
    if (money?.problem && (money.problem.kind === 'low-balance' || money.problem.kind === 'minimum-unreadable')) problems.push(`${r.id}: ${problemWords(money.problem)}`);
    const low = money?.balance?.low === true;
    const state = relayerMarks(r, { jammed: jam !== null, low })[0]!;
    checks.push({ relayer: r.id, state, needs_attention: problems.length > 0, diagnosed: read.kind === 'diagnosed', not_diagnosed_because: why, jam, problems, unreadable });
  }
  const notReady = ready?.state === 'not ready';
  const jammed = checks.filter((c) => c.jam);
  const attention = checks.filter((c) => c.needs_attention);
  const summary = [
    ready ? `server ${ready.summary}` : 'server readiness: no endpoint',
    `${attention.length} of ${checks.length} relayer${checks.length === 1 ? '' : 's'} need${attention.length === 1 ? 's' : ''} attention`,
    jammed.length ? `${jammed.length} jammed: ${jammed.sort((a, b) => worseJam(a.jam!, b.jam!)).map((c) => jamBrief(c.relayer, c.jam!)).join(', ')}` : 'none jammed',
  ].join('; ');
  const code = checks.some((c) => c.unreadable) ? EXIT.unreadable : notReady || attention.length ? EXIT.attention : EXIT.ok;
  // Lines unless JSON is asked for (like fleet --check: a cron job's mail reads them).
  const asJson = o.output === 'json' || o.output === 'ndjson';
  if (asJson) {
    s.out.write(
      `${json(
        {
          summary,
          ready: ready ? { state: ready.state, summary: ready.summary, problems: ready.problems } : null,
          relayers: checks.map(({ unreadable: _, jam, ...c }) => ({ ...c, jam: jam ? jamJson(jam) : null })),
        },
        2,
      )}\n`,
    );
  } else {
    const lines: string[] = [];
    if (notReady) lines.push(`server not ready: ${ready!.summary}`, ...ready!.problems.map((p) => `  ${p}`));
    for (const c of checks) lines.push(...c.problems);
    for (const l of lines) s.out.write(`${safeLines(l, 10).join('\n  ')}\n`);
    s.err.write(`relayer-tui check: ${safeLines(summary, 10).join(' ')}\n`);
  }
  return code;
}
