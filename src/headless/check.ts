/**
 * `relayer-tui check [--json]`: the jam-hour triage of one server (the current context, or
 * RELAYER_URL/RELAYER_API_KEY with no config file): its readiness first, then every relayer — its
 * state (disabled, paused, under its minimum balance), and for an EVM relayer of the OpenZeppelin Relayer the diagnosis of a jam
 * (core/jam: its cause, the blocker, what waits). One line per problem, like `fleet --check`; exit 0
 * when nothing needs attention, 12 when something does (a jam, a disabled relayer, the server not
 * ready, a balance under its minimum), 13 when something could not be read, 17 when only forecasts stand
 * (core/forecast: what a relayer is heading for; `--forecast off` leaves them out). A relayer that could
 * not be diagnosed says why; that is never "no jam"; a forecast a failed read left unmade says why.
 */
import { ApiError, errorWords, type Relayer, type RelayerClient, type RelayerStatus } from '../api/index.js';
import { UNDIAGNOSABLE_LINE } from '../core/columns/relayersLine.js';
import { relayerRow, rowMarks, type MinBalances } from '../core/fleet/health.js';
import { problemWords } from '../core/fleet/problems.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import { readJam, undiagnosable, type JamRead } from '../core/jam/read.js';
import { commandPrefix, distrustWords, gapEvidenceWords, jamJson, jamBrief, runbookStepWords } from '../core/jam/words.js';
import { gapRunbook, type Runbook } from '../core/jam/runbook.js';
import { worseJam, type Jam, type NonceDistrust } from '../core/jam/diagnose.js';
import { CHECK_IN_FLIGHT, Limiter } from '../core/limiter.js';
import { notReadyLine, readinessWords } from '../core/readiness.js';
import { disabledReasons, type RelayerMark } from '../core/relayer.js';
import { capTrendUnknownWords, forecastJson, forecastMark, forecastWords, type Forecast } from '../core/forecast/forecast.js';
import { forecastRelayer, minimumOf, startPriceRead } from '../core/forecast/relayerRead.js';
import { forecastUnknownJson, forecastUnknownWords, readFailed } from '../core/forecast/unknown.js';
import { safeLines } from '../core/text/sanitize.js';
import { wrapCells } from '../core/text/cells.js';
import { exitCodeFor, json, type Streams } from './output.js';

interface RelayerCheck {
  relayer: string;
  /** The worst of `states`. */
  state: RelayerMark;
  /** Every state that holds (disabled, jammed, paused, low), worst first: the same rule as fleet's (core/fleet/health.ts rowMarks). */
  states: RelayerMark[];
  needs_attention: boolean;
  diagnosed: boolean;
  not_diagnosed_because: string | null;
  jam: Jam | null;
  /** A status reading not trusted (its nonce "0", missing, behind the chain…): the diagnosis rests on the transactions read instead. */
  distrusted: NonceDistrust | null;
  problems: string[];
  /** States said beside the problems but not needing attention (paused: the operator's own), the text output's lines. */
  notes: string[];
  /** The stops it is heading for (core/forecast), and their lines in words (the fix as a command). */
  forecasts: Forecast[];
  /** No cap_headroom and its price's trend not known (why): the one reading under the threshold is all that was said. */
  cap_trend_not_known: string | null;
  /** The forecasts a read left unmade, or too few transactions made (forecastUnknownWords says them). */
  forecasts_not_known: { kind: string; reason: string; read_at: string }[];
  forecastLines: string[];
  /** An overdue gap's runbook (core/jam/runbook.ts): what the operator can do where no API call fills the nonce. */
  runbook: Runbook | null;
  /** A read failed (not a refusal the rules expect): exit 13 — unless the server said it is not ready. */
  unreadable: boolean;
}

const MAX_RELAYERS = 1_000;

/** One relayer checked: its status (balance, counter), its diagnosis, its states and problems — by fleet's rule (relayerRow). */
async function checkRelayer(client: RelayerClient, r: Relayer, now: number, ask: <T>(p: () => Promise<T>) => Promise<T>, context: { minBalances?: MinBalances; name: string } | undefined, forecast: boolean): Promise<RelayerCheck> {
  // Its status (the OpenZeppelin Relayer's): the balance against its minimum, and the nonce the diagnosis reads (not read twice).
  let status: RelayerStatus | undefined;
  // The server's type not known yet (its probe failed): asked again before its status is (or is not) read.
  if (client.dialect().source === 'unknown') await ask(() => client.detectDialect());
  // (Why it could not be read, for the forecasts that rest on its balance.)
  let statusWhy: string | null = null;
  if (client.offers('relayerStatus'))
    status = await ask(() => client.relayerStatus(r.id)).catch((e: unknown) => {
      statusWhy = errorWords(e);
      return undefined;
    });
  // The network's price for the forecasts, read beside the diagnosis (not after it: behind a slow RPC a check takes its longest chain of reads)
  // and given to it (never read twice); for every active EVM relayer: the same read says whether its RPC answers (rpc_failing);
  // with a cap, its trend over the last blocks (eth_feeHistory) beside it, through the same limiter.
  const clockNow = () => Date.now();
  const price = forecast ? startPriceRead(client, r, { ask, now: clockNow }) : undefined;
  let read: JamRead;
  try {
    read = await readJam(client, r, { now, ask, ...(status ? { status } : {}), ...(price ? { price: price.raw } : {}) });
  } catch (e) {
    read = { kind: 'not_diagnosed', why: errorWords(e), unreadable: true };
  }
  // The forecasts as every face makes them (core/forecast/relayerRead.ts): rpc_failing, cap_headroom (with its trend), balance_runway from one page of its confirmed transactions, jam_forming.
  const ahead = await forecastRelayer(client, r, { forecast, read, price: price?.read, trend: price?.trend, status, statusWhy, minimum: minimumOf(r, context), ask, now: clockNow });
  read = ahead.read;
  const underFailing = ahead.underFailing;
  // The states and problems as fleet --check makes them (one rule: disabled and low balance both, etc.).
  const row = relayerRow({ context: context?.name ?? 'in use', relayer: r, now, jam: read, forecasts: ahead.forecasts, ...(status ? { status } : {}), ...(context?.minBalances ? { minBalances: context.minBalances } : {}) }, false);
  const face = { kind: 'commands' as const, relayerId: r.id, prefix: commandPrefix(context?.name), runbook: 'the lines below' };
  const problems: string[] = [];
  for (const p of row.problems) {
    // The fix named as a command (a key means nothing in a shell), in the context this check read.
    if (p.kind === 'disabled') problems.push(`${r.id}: disabled by the system: ${disabledReasons(r.disabled_reason).join('; ') || 'no reason given'}`);
    else if (p.kind === 'jam' || p.kind === 'low-balance' || p.kind === 'minimum-unreadable' || p.kind === 'balance-unreadable' || p.kind === 'not-diagnosed') problems.push(`${r.id}: ${problemWords(p, now, { face })}`);
  }
  // Paused: a state the operator set, not counted as needing attention, but listed as the detail lists it (every state of the relayer said).
  const states = rowMarks(row);
  const notes = states.includes('paused') ? [`${r.id}: paused: the server refuses its sends, cancels and replacements until it is resumed (${face.prefix} resume ${r.id})`] : [];
  if (underFailing !== null) notes.push(`${r.id}: not diagnosed: ${underFailing} (its RPC is failing: below)`);
  const unreadable = read.kind === 'not_diagnosed' && read.unreadable === true;
  const forecasts = ahead.forecasts;
  // No forecast of the cap, and its trend not known: kept in --json; said in a line where a read failed (never a silent "no trend").
  const capTrendNotKnown = ahead.capTrendNotKnown;
  if (capTrendNotKnown?.failed) notes.push(`${r.id}: ${capTrendUnknownWords(capTrendNotKnown, capTrendNotKnown.priceWei, capTrendNotKnown.capWei)}`);
  // A forecast a failed read left unmade is said ("not known, because …"), never left out: its price, its balance or its
  // confirmed transactions not read (too few transactions is a figure, kept in --json; the trend's said just above).
  // (Its RPC failing, what it leaves unmade is said under that forecast.)
  const notKnown = ahead.unknown.filter((u) => u.reason !== 'trend_unread');
  notes.push(...notKnown.filter(readFailed).map((u) => `${r.id}: ${forecastUnknownWords(u)}`));
  const distrusted = read.kind === 'diagnosed' ? (read.diagnosis.kind === 'jam' ? (read.diagnosis.jam.distrusted ?? null) : (read.diagnosis.distrusted ?? null)) : null;
  return {
    relayer: r.id,
    state: states[0]!,
    states,
    needs_attention: problems.length > 0,
    diagnosed: read.kind === 'diagnosed',
    not_diagnosed_because: read.kind === 'not_diagnosed' ? read.why : null,
    jam: row.jam,
    distrusted,
    problems,
    notes,
    forecasts,
    cap_trend_not_known: capTrendNotKnown?.why ?? null,
    forecasts_not_known: notKnown.map(forecastUnknownJson),
    forecastLines: forecasts.map((f) => `${r.id}: ${forecastWords(f, face)}`),
    runbook: row.jam ? gapRunbook(r, row.jam, commandPrefix(context?.name)) : null,
    unreadable,
  };
}

/** The runbook as data for `check --json`: the evidence in words, each step with its option, words, command (or null) and v1.8 citations. */
function runbookJson(rb: Runbook, jam: Jam, now: number): Record<string, unknown> {
  return {
    why: `no API call fills nonce ${rb.chain_nonce}: v1.8's nonce-health job should have filled it and has not`,
    evidence: gapEvidenceWords(jam, now),
    counter_key: rb.counter_key,
    placeholders: rb.placeholders,
    cites_from: 'OpenZeppelin/openzeppelin-relayer v1.8.0, src/ (docs/jam-runbook.md)',
    steps: rb.steps.map((s) => ({ kind: s.kind, option: s.option, clears: s.clears, words: runbookStepWords(s, rb), command: s.command, cites: s.cites })),
  };
}

/** The runbook as lines under the relayer's problem: the evidence, then each step, its command after `$`. */
function runbookText(rb: Runbook, jam: Jam, now: number): string[] {
  const out = [`${rb.relayer_id}: runbook — no API call fills nonce ${rb.chain_nonce} (docs/jam-runbook.md cites v1.8 for each step):`];
  for (const e of gapEvidenceWords(jam, now)) out.push(`  ${e}`);
  for (const p of rb.placeholders) out.push(`  placeholder ${p}`);
  let n = 0;
  for (const s of rb.steps) {
    const head = s.option === 'storage' ? `${++n}.` : `${s.option}:`;
    out.push(`  ${head} ${runbookStepWords(s, rb)}`);
    if (s.command) out.push(`     $ ${s.command}`);
  }
  return out;
}

/** `forecast`: whether forecasts are read (the config's --forecast on|off). */
export async function runCheck(client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: (code: number, message: string, e?: ApiError) => number, forecast: boolean, now = Date.now(), context?: { minBalances?: MinBalances; name: string }): Promise<number> {
  await client.detectDialect();
  // Readiness first: a server that is not ready moves nothing, whatever its relayers say — and it is
  // the verdict when the rest cannot be read (v1.8 answers 500 everywhere while Redis is down).
  let ready: ReturnType<typeof readinessWords> | null = null;
  try {
    ready = readinessWords(await client.readiness());
  } catch (e) {
    if (!(e instanceof ApiError && e.kind === 'unsupported')) return fail(e instanceof ApiError ? exitCodeFor(e) : EXIT.network, `readiness: ${errorWords(e)}`, e instanceof ApiError ? e : undefined);
  }
  const notReady = ready?.state === 'not ready';
  const asJson = o.output === 'json' || o.output === 'ndjson';
  const relayers: Relayer[] = [];
  let relayersUnread: string | null = null;
  try {
    for (let page = 1; relayers.length < MAX_RELAYERS; page++) {
      const p = await client.listRelayers({ page, perPage: 100 });
      relayers.push(...p.items);
      if (p.items.length === 0 || relayers.length >= p.totalItems) break;
    }
  } catch (e) {
    // Not ready: that is the verdict, and what failed is said after it. Else the failure is the answer.
    if (!notReady) throw e;
    relayersUnread = errorWords(e);
  }
  // Relayers named: those only (each must be there: a name not found is said, exit 5).
  if (args.length && relayersUnread === null) {
    const missing = args.filter((id) => !relayers.some((r) => r.id === id));
    if (missing.length) return fail(EXIT.notFound, `relayer${missing.length === 1 ? '' : 's'} not found: ${missing.join(', ')}`);
    relayers.splice(0, relayers.length, ...relayers.filter((r) => args.includes(r.id)));
  }
  relayers.sort((a, b) => a.id.localeCompare(b.id));
  // Diagnoses side by side, at most CHECK_IN_FLIGHT requests in flight to the server: a check takes
  // about its slowest relayer, not the sum (issue 51.5: 8 relayers behind a 4 s RPC took 32.6 s in turn).
  const limiter = new Limiter(CHECK_IN_FLIGHT);
  const ask = <T>(p: () => Promise<T>): Promise<T> => limiter.run(p);
  const checks = await Promise.all(relayers.map((r) => checkRelayer(client, r, now, ask, context, forecast)));
  const heading = checks.filter((c) => c.forecasts.length);
  const jammed = checks.filter((c) => c.jam);
  const attention = checks.filter((c) => c.needs_attention);
  const notDiagnosed = checks.filter((c) => !c.diagnosed);
  // A server on which no jam can be diagnosed at all (not the OpenZeppelin Relayer): said so, not "none jammed of the 0 diagnosed".
  const notOz = undiagnosable(client);
  const summary = [
    // Not ready: said whole on its own line (once); here only that it is not.
    ready ? (notReady && !asJson ? `server not ready (${ready.httpStatus ?? '?'})` : `server ${ready.summary}`) : 'server readiness: no endpoint',
    relayersUnread !== null
      ? `relayers not read: ${relayersUnread}`
      : `${attention.length} of ${checks.length} relayer${checks.length === 1 ? '' : 's'} need${attention.length === 1 ? 's' : ''} attention`,
    ...(relayersUnread !== null
      ? []
      : [
          // "None jammed" only of what was diagnosed: a relayer not diagnosed is counted apart, never among the clear.
          jammed.length
            ? `${jammed.length} jammed: ${jammed.sort((a, b) => worseJam(a.jam!, b.jam!)).map((c) => jamBrief(c.relayer, c.jam!)).join(', ')}`
            : notOz
              ? UNDIAGNOSABLE_LINE
              : notDiagnosed.length
                ? `none jammed of the ${checks.length - notDiagnosed.length} diagnosed`
                : 'none jammed',
          ...(notDiagnosed.length ? [`${notDiagnosed.length} not diagnosed`] : []),
          ...(heading.length ? [`${heading.length} heading for trouble: ${heading.map((c) => `${c.relayer} (${c.forecasts.map(forecastMark).join(', ')})`).join(', ')}`] : []),
        ]),
  ].join('; ');
  // Not ready is the verdict (exit 12) whatever else failed under it; else a failed read is exit 13.
  // Heading for trouble (17) only where nothing needs attention now and everything was read.
  const code = notReady ? EXIT.attention : checks.some((c) => c.unreadable) ? EXIT.unreadable : attention.length ? EXIT.attention : heading.length ? EXIT.heading : EXIT.ok;
  // Lines unless JSON is asked for (like fleet --check: a cron job's mail reads them).
  if (asJson) {
    s.out.write(
      `${json(
        {
          summary,
          ready: ready ? { state: ready.state, summary: ready.summary, problems: ready.problems } : null,
          relayers_not_read: relayersUnread,
          relayers: checks.map(({ unreadable: _, notes: _n, forecastLines: _f, forecasts, jam, distrusted, runbook, ...c }) => ({
            ...c,
            forecasts: forecasts.map(forecastJson),
            jam: jam ? jamJson(jam) : null,
            distrusted: distrusted ? { ...distrusted, words: distrustWords(distrusted, jam?.chain_nonce) } : null,
            runbook: runbook && jam ? runbookJson(runbook, jam, now) : null,
          })),
        },
        2,
      )}\n`,
    );
  } else {
    const lines: string[] = [];
    // Once, in plain words (its reason is the server's: the components' words would say it again).
    if (notReady) lines.push(notReadyLine(ready!));
    if (relayersUnread !== null) lines.push(`relayers not read: ${relayersUnread}`);
    for (const c of checks) {
      lines.push(...c.problems);
      if (c.runbook && c.jam) lines.push(...runbookText(c.runbook, c.jam, now));
      lines.push(...c.notes, ...c.forecastLines);
    }
    // On a terminal, a line longer than its width is wrapped between words (the terminal would cut a
    // word), its continuation indented; piped, each line whole (what a script or a mail reads).
    const width = s.out.isTTY && s.out.columns ? s.out.columns : undefined;
    const rows = (l: string): string[] => safeLines(l, 10).flatMap((x, i) => (width ? wrapCells(i ? `  ${x}` : x, width, 2) : [i ? `  ${x}` : x]));
    for (const l of lines) s.out.write(`${rows(l).join('\n')}\n`);
    // The summary on stderr the same way, by stderr's own terminal.
    const errWidth = s.err.isTTY && s.err.columns ? s.err.columns : undefined;
    const said = `relayer-tui check: ${safeLines(summary, 10).join(' ')}`;
    s.err.write(`${(errWidth ? wrapCells(said, errWidth, 2) : [said]).join('\n')}\n`);
  }
  return code;
}
