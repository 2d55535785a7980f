/**
 * `relayer-tui replace | cancel | pause | resume | policies | plugin | notify`: the TUI's operations for
 * scripts and runbooks, driven by the registry (core/operations/registry.ts): the subcommand and its
 * flags select the operation, whose entry gives its synopsis and read-only words; each kind has its
 * preparation here (`PREPARE`, a Record the compiler holds to the registry's kinds), the spec'd ones
 * all one (prepareSpec: core/operations/spec.ts). The same core operations build the same requests with the same checks; the review
 * (method, path, exact body, before → after, warnings) is shown on the terminal and asked about —
 * without a terminal nothing is sent unless `--yes` says so; `--dry-run` prints the exact request and
 * sends nothing. The one pipeline sends, ledgers and checks the effect; the exit code says what is
 * known of the outcome (8: it may have been applied; 14: success that changed nothing).
 */
import { join } from 'node:path';
import { requestUrl, type RelayerClient, type Transaction } from '../api/index.js';
import { AuditLedger } from '../ledger/audit.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import type { AppConfig } from '../config/config.js';
import { SECRET_WORDS, type BuiltRequest } from '../core/operations/types.js';
import { OPERATION_KINDS, OPERATIONS, readOnlyRefusal, subcommandOperation, type OperationKind, type OperationSubcommand, type OperationTarget } from '../core/operations/registry.js';
import { hasForm, isNotFound, notFoundWords, refusalWords, specDefinition, type AnySpec, type FlagArgs, type SpecInput } from '../core/operations/spec.js';
import { SPEC_KINDS, loadSpec, type SpecKind } from '../core/operations/specs.js';
import { execute, outcomeWords, type Outcome } from '../core/operations/pipeline.js';
import { sameBuilt } from '../core/operations/basis.js';
import { markMoved } from '../core/operations/review.js';
import { clock } from '../core/time.js';
import { findRelayer } from '../core/lookup.js';
import { jsonForTerminal, safeLines, sanitize } from '../core/text/sanitize.js';
import { fillForm } from './formFlags.js';
import { type Fail, type Prepare, type Prepared, usage, usageOf } from './prepared.js';
import { showPolicies } from './settings.js';
import { ask, openPrompt, readInput, readSigningKey } from './input.js';
import { EXIT } from '../cli/exitCodes.js';
import { exitCodeFor, json, type Streams } from './output.js';
import { followJam } from '../core/jam/follow.js';
import { CAUSE_WORDS, followWords } from '../core/jam/words.js';
import { FINAL_STATUSES, MINED_STATUSES } from '../core/status.js';
import { notReadyWarning, readinessWords } from '../core/readiness.js';

export type MutationCommand = OperationSubcommand;
/** Each operation's preparation from its subcommand's arguments and flags (the compiler holds it to the registry's kinds). */
const PREPARE: Record<OperationKind, Prepare> = {
  // The spec'd kinds: one path (spec.ts SPECS holds their set).
  ...(Object.fromEntries(SPEC_KINDS.map((k): [SpecKind, Prepare] => [k, (c, o, a, s, env) => prepareSpec(k, c, o, a, s, env)])) as unknown as Record<SpecKind, Prepare>),
};

/** What a spec's flags built: its request (and, where its spec reads again before every send, that read again), or why not. */
type FromFlags = { request: BuiltRequest } | { usage: string; synopsis?: true } | { notFound: string };

/**
 * A spec'd operation on its target from flags (its options' files already read: FlagArgs.files): a
 * form's values from the flags (its spec's one grammar, before anything is read), its spec's read (and
 * what the flags name: readGiven), then the review both faces show: refused before sending in its
 * refusal's words, flags that do not fit what was read said, a form's values checked by the form's own
 * fields (each named by the flag that gave it, else by its own name dashed: gas_limit, --gas-limit).
 * `synopsis`: the usage is the flags' own (its synopsis goes after it). `reread`: read again after the
 * prompt's yes, however young the review (spec.rereads): sent only if it is the one reviewed.
 */
export async function specFromFlags(spec: AnySpec, client: RelayerClient, target: OperationTarget, args: FlagArgs): Promise<FromFlags | { request: BuiltRequest; reread: () => Promise<FromFlags> }> {
  const entry = OPERATIONS[spec.kind];
  const flagged = hasForm(spec) ? spec.fromFlags(args) : undefined;
  if (flagged && 'usage' in flagged) return { usage: flagged.usage, synopsis: true };
  const given: Readonly<Record<string, string>> = flagged?.given ?? {};
  const first = await spec.read(client, target);
  if (isNotFound(first)) return { notFound: notFoundWords(first) };
  // What the flags name, read (a notification by its id), once: a read again keeps it.
  const input = flagged && hasForm(spec) && spec.readGiven ? await spec.readGiven(client, first, flagged.values, given) : first;
  const prepare = (i: SpecInput): FromFlags => {
    const refused = spec.refusal(i);
    if (refused) return { usage: `not sent: ${refusalWords(refused, 'commands')}` };
    const misfit = hasForm(spec) ? (spec.flagsMisfit?.(i, given) ?? null) : null;
    if (misfit !== null && typeof misfit !== 'string') return { notFound: notFoundWords(misfit) };
    if (misfit) return { usage: misfit, synopsis: true };
    const values = flagged && hasForm(spec) ? { ...spec.form(i).initial, ...flagged.values } : {};
    // Each field named by the flag that gave it (`-`: standard input), else by its own name dashed.
    return fillForm(specDefinition(spec, i, { now: Date.now(), face: 'commands' }, flagged ? given : undefined), values, new Set(Object.keys(given)), (field) => (given[field] === '-' ? '-' : `--${given[field] ?? field.replace(/_/g, '-')}`), (field) => entry.options[given[field] ?? '']?.type === 'boolean');
  };
  const built = prepare(input);
  const rereads = spec.rereads;
  if (!rereads || !('request' in built)) return built;
  return {
    ...built,
    reread: async () => {
      const next = await spec.read(client, target);
      return isNotFound(next) ? { notFound: notFoundWords(next) } : prepare(rereads.since(input, next));
    },
  };
}

/**
 * A spec'd operation (core/operations/spec.ts): its target from the arguments (one id each of what
 * its entry `needs`), a form's values from the flags (its spec's one grammar, before anything is
 * read: its file options read first, a path or - for standard input), its spec's read, then the
 * review both faces show: refused before sending in its refusal's words, a form's values checked by
 * the form's own fields (each named by its flag: fillForm) and built from the fields the flags gave;
 * the rest is runMutation's one path (review, --dry-run, --yes, pipeline, --wait).
 */
async function prepareSpec(kind: SpecKind, client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, env: NodeJS.ProcessEnv): Promise<Prepared | { code: number; message: string }> {
  const entry = OPERATIONS[kind];
  const needs = entry.needs;
  const spec = await loadSpec(kind);
  // A `-` after the ids: read from standard input, where the spec takes it (`plugin ID -`).
  const stdinArgument = hasForm(spec) && spec.stdinArgument !== undefined && args.length === needs.length + 1 && args[needs.length] === '-' ? spec.stdinArgument : undefined;
  if (stdinArgument !== undefined) args = args.slice(0, needs.length);
  if (args.length > needs.length) return usage(`unexpected argument ${args[needs.length]}. ${usageOf(kind)}`);
  if (args.length !== needs.length) return usage(usageOf(kind));
  const target: OperationTarget = Object.fromEntries(needs.map((n, i) => [n, args[i]!]));
  const files: Record<string, string> = {};
  let stdinUsed = false;
  // Its file options' texts (a path, or - for standard input), and the `-` argument's: FlagArgs.files.
  const reads: [option: string, source: string | undefined, what: string][] = (hasForm(spec) ? (spec.fileOptions ?? []) : []).map((option) => [option, o.flags[option], `--${option}`]);
  reads.push(['-', stdinArgument !== undefined ? '-' : undefined, `${stdinArgument} from -`]);
  for (const [option, source, what] of reads) {
    if (source === undefined) continue;
    const r = await readInput(what, source, s.in);
    if ('error' in r) return usage(r.error);
    files[option] = r.text;
    stdinUsed ||= source === '-';
  }
  // A signing key read from its file or variable (never from the command line), for its spec's flags (FlagArgs.secrets); what the read warns of is said with the review.
  const key = 'signing-key-file' in entry.options ? readSigningKey(o.flags, env) : undefined;
  if (key?.error) return usage(key.error);
  const built = await specFromFlags(spec, client, target, { ...o, files, ...(key?.key !== undefined ? { secrets: { 'signing-key': key.key } } : {}) });
  if ('notFound' in built) return { code: EXIT.notFound, message: built.notFound };
  if ('usage' in built) return usage(!('synopsis' in built) ? built.usage : built.usage ? `${built.usage}. ${usageOf(kind)}` : usageOf(kind));
  const warnings = key?.warnings.length ? { warnings: key.warnings } : {};
  const reread = 'reread' in built ? built.reread : undefined;
  return {
    request: built.request,
    ...warnings,
    stdinUsed,
    ...(reread
      ? {
          reread: async () => {
            const again = await reread();
            if ('notFound' in again) return { code: EXIT.notFound, message: `${again.notFound} when read again: nothing sent` };
            if ('usage' in again) return usage(again.usage);
            return { request: again.request, ...warnings, stdinUsed };
          },
        }
      : {}),
  };
}

/** The review as lines of text (all of it through the display-safety boundary). */
function reviewText(p: Prepared, server: string, context: string | undefined): string {
  const { prepared, review = [] } = p.request;
  const width = review.reduce((m, r) => Math.max(m, r.label.length), 4) + 2;
  const lines = [`${sanitize(p.request.what)} on ${sanitize(server)}${context ? ` (context ${sanitize(context)})` : ''}`, `  ${prepared.method} ${sanitize(prepared.path)}`];
  for (const r of review) lines.push(`  ${sanitize(r.label).padEnd(width)}${safeLines(r.value, 4).join(' ')}`);
  if (prepared.displayBody !== undefined) lines.push('  body:', ...jsonForTerminal(prepared.displayBody).split('\n').map((l) => `    ${l}`));
  return `${lines.join('\n')}\n`;
}

/** The exit code of an outcome (its class: core/operations/pipeline.ts). */
function exitFor(o: Outcome): number {
  if (o.kind === 'failed') return o.known === 'invalid' ? EXIT.usage : exitCodeFor(o.error);
  const w = outcomeWords(o);
  return w.class === 'no effect' ? EXIT.noEffect : w.class === 'plugin failed' ? EXIT.pluginFailed : EXIT.ok;
}

export async function runMutation(command: MutationCommand, config: AppConfig, client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: Fail, env: NodeJS.ProcessEnv): Promise<number> {
  // The operation its flags select (registry.ts); `policies` without --set or --unset only shows them (a read).
  const kind = subcommandOperation(command, (flag) => (flag === 'all-pending' ? o.allPending === true : flag === 'set' || flag === 'unset' || flag === 'rpc-url' ? (o.lists[flag]?.length ?? 0) > 0 : o.flags[flag] !== undefined), args[0]);
  if (kind === null)
    return command === 'notifications' ? (await import('./serverRecords.js')).runServerRecords('notifications', client, o, args, s, fail) : showPolicies(client, o, args, s, fail);
  // A verb's operation (`notifications update ID`): its arguments follow the verb.
  if (OPERATIONS[kind].verb !== undefined) args = args.slice(1);
  if (config.readOnly && !o.dryRun)
    return fail(EXIT.readOnly, `${readOnlyRefusal(kind, config.sources.readOnly)}. --dry-run shows what would be sent`);
  // --wait <s>: after the send, follow the relayer until its jam clears (checked before anything is sent).
  const waitRaw = o.flags.wait;
  let waitMs: number | undefined;
  if (waitRaw !== undefined) {
    const secs = Number(waitRaw);
    if (!/^\d+(\.\d+)?$/.test(waitRaw) || !(secs > 0) || secs > 86_400) return fail(EXIT.usage, `--wait must be a number of seconds from 1 to 86400, got "${sanitize(waitRaw)}"`);
    if (!OPERATIONS[kind].follows) return fail(EXIT.usage, `--wait follows one relayer's jam after a fix (${OPERATION_KINDS.filter((k) => OPERATIONS[k].follows === 'jam').join(', ')}) or a new transaction to mined (${OPERATION_KINDS.filter((k) => OPERATIONS[k].follows === 'transaction').join(', ')}): not after ${OPERATIONS[kind].words({ relayerId: args[0] ?? '<relayer>' }, 16)}`);
    waitMs = Math.round(secs * 1000);
  }
  const prepared0 = await PREPARE[kind](client, o, args, s, env);
  if ('code' in prepared0) return fail(prepared0.code, prepared0.message);
  let p: Prepared = prepared0;
  if (waitMs !== undefined && OPERATIONS[kind].follows === 'jam' && !(client.offers('rpc') && client.offers('relayerStatus')))
    return fail(EXIT.usage, '--wait follows the chain through the OpenZeppelin Relayer\'s status and JSON-RPC passthrough: this server has neither (nothing sent)');
  // Already as asked: nothing is sent, nothing is written to the ledger; exit 0 (a runbook that pauses twice goes on).
  if (p.request.already) {
    const jsonErr0 = o.output === 'json' || o.output === 'ndjson';
    s.err.write(jsonErr0 ? `${json({ outcome: 'unchanged', message: `${p.request.already}: nothing sent` })}\n` : `relayer-tui ${command}: ${sanitize(p.request.already)}: nothing sent\n`);
    if (waitMs !== undefined) return waitForClear(command, client, args[0]!, waitMs, s, jsonErr0, fail);
    return EXIT.ok;
  }
  const { prepared } = p.request;
  const asJson = o.output === 'json' || o.output === 'ndjson' || (o.output === 'auto' && !s.out.isTTY);
  const server = config.baseUrl!;
  const review = reviewText(p, server, config.context?.name);
  // Warnings on stderr: a line each, or a JSON object each when errors are JSON (--json).
  const jsonErr = o.output === 'json' || o.output === 'ndjson';
  const warn = (w: string) => s.err.write(jsonErr ? `${json({ warning: w })}\n` : `relayer-tui ${command}: warning: ${sanitize(w)}\n`);
  // The server not ready (GET /api/v1/ready 503): said before anything is asked or sent (issue 53.2), as the TUI's review says it.
  const notReady = o.dryRun ? null : await notReadyNow(client);
  const warnings = [...(notReady ? [notReady] : []), ...(p.warnings ?? []), ...(p.request.review ?? []).filter((r) => r.tone).map((r) => `${r.label.replace(/^⚠ /, '')}: ${r.value}`)];

  if (o.dryRun) {
    // The request as text unless JSON is asked for by name: a dry run is read by people and by diff.
    // The review on a terminal; else its warnings, a line each (a cap that would jam, an empty whitelist's effect), as --yes would say them.
    if (s.err.isTTY) s.err.write(review);
    else for (const w of warnings) warn(w);
    const body = p.request.secret ? prepared.displayBody : prepared.body;
    const url = requestUrl(server, prepared.path);
    if (jsonErr) s.out.write(`${jsonForTerminal(`{"dry_run":true,"method":"${prepared.method}","url":${JSON.stringify(url)},"body":${body ?? 'null'}}`)}\n`);
    else
      s.out.write(
        body === undefined
          ? `${prepared.method} ${jsonForTerminal(url)}\n`
          : `${prepared.method} ${jsonForTerminal(url)}\nContent-Type: application/json\n\n${s.out.isTTY ? jsonForTerminal(body) : body}\n`,
      );
    if (p.request.secret) s.err.write(`relayer-tui: ${SECRET_WORDS[p.request.secret].what} ${SECRET_WORDS[p.request.secret].is} shown masked; the request would carry ${SECRET_WORDS[p.request.secret].whole}\n`);
    return EXIT.ok;
  }

  if (!o.yes) {
    let prompt = openPrompt(s, p.stdinUsed);
    if (!prompt) {
      // What --yes would send over is said first (an empty whitelist's effect, a cap that jams).
      for (const w of warnings) warn(w);
      return fail(EXIT.usage, `not sent: no terminal to review it on. Check it with --dry-run, then send with --yes`);
    }
    // The prepared warnings (the review's own lines carry the rest): said before the review is asked about.
    for (const w of [...(notReady ? [notReady] : []), ...(p.warnings ?? [])]) warn(w);
    s.err.write(review);
    for (;;) {
      if (!(await ask(prompt!, s.err, 'Send it? [y/N] '))) {
        s.err.write('Not sent.\n');
        return EXIT.declined;
      }
      // Read again after the answer (a policy edit: the relayer as it is now): sent only if the request is the one reviewed.
      if (!p.reread) break;
      const next = await p.reread();
      if ('code' in next) return fail(next.code, next.message);
      if (sameBuilt(next.request, p.request)) break;
      const when = clock(Date.now());
      p = { ...next, request: markMoved(p.request, next.request, when) };
      s.err.write(`Read again at ${when}: what it was built on changed since the review: nothing was sent; review it again.\n${reviewText(p, server, config.context?.name)}`);
      prompt = openPrompt(s, p.stdinUsed);
      if (!prompt) return fail(EXIT.usage, 'not sent: no terminal to review it again on');
    }
  } else for (const w of warnings) warn(w);

  // The one pipeline (core/operations/pipeline.ts): ledger, send once, outcome, effect check.
  const ledger = new AuditLedger(join(config.paths.state, 'audit.jsonl'), { context: config.context?.name ?? '-', server });
  const outcome = await execute(p.request, { client, ledger, onLedgerWarning: warn });
  const said = outcomeWords(outcome);
  const code = exitFor(outcome);
  if (outcome.kind === 'failed') return fail(code, `${said.line}: ${outcome.error.message}`, outcome.error);
  // The answer on stdout (exact JSON; on a terminal with what came of it first).
  if (asJson) s.out.write(`${json(outcome.answer, 2)}\n`);
  else s.out.write(`${safeLines(said.head, 20).join('\n  ')}\n  ${prepared.method} ${sanitize(prepared.path)} → HTTP ${outcome.status ?? '?'}\n${json(outcome.answer, 2)}\n`);
  // Not simply done: said on stderr too, as an error where the exit code is one (14 no effect, 11 the plugin said no).
  if (code !== EXIT.ok) return fail(code, said.line);
  if (said.class !== 'ok' || said.tone !== 'ok') s.err.write(jsonErr ? `${json({ outcome: said.class, message: said.line })}\n` : `relayer-tui ${command}: ${safeLines(said.line, 20).join('\n  ')}\n`);
  if (waitMs !== undefined && OPERATIONS[kind].follows === 'transaction') return waitForMined(command, client, args[0]!, (outcome.answer as Transaction | null)?.id, waitMs, s, jsonErr, fail);
  if (waitMs !== undefined) return waitForClear(command, client, args[0]!, waitMs, s, jsonErr, fail);
  return code;
}

/**
 * The review's readiness warning (core/readiness.ts notReadyWarning), read now from the OpenZeppelin
 * Relayer's public /ready; null when ready, degraded, not offered (a server of the interface
 * document), or not read (the warning rests only on an answer).
 */
async function notReadyNow(client: RelayerClient): Promise<string | null> {
  if (!client.offers('rpc')) return null;
  try {
    return notReadyWarning(readinessWords(await client.readiness({ signal: AbortSignal.timeout(5_000) })));
  } catch {
    return null;
  }
}

/** The statuses a new transaction is waited to (mined: on the chain; the other final ones end the wait too: status.ts's lists). */
const MINED: readonly string[] = MINED_STATUSES;
const FINAL: readonly string[] = FINAL_STATUSES;

/** --wait after a send: its new transaction read by id until mined (exit 0), or the deadline or an end other than mined (16, its status said). */
async function waitForMined(command: MutationCommand, client: RelayerClient, relayerId: string, txId: string | undefined, deadlineMs: number, s: Streams, jsonErr: boolean, fail: Fail): Promise<number> {
  if (!txId) return fail(EXIT.notDone, 'not followed: the answer named no transaction');
  const say = (line: string, extra: Record<string, unknown> = {}) => s.err.write(jsonErr ? `${json({ message: line, ...extra })}\n` : `relayer-tui ${command}: ${safeLines(line, 20).join('\n  ')}\n`);
  const start = Date.now();
  let last = '';
  for (;;) {
    // Each read held to what is left of the deadline (a slow server never stretches it past).
    const left = Math.max(1, deadlineMs - (Date.now() - start));
    const tx = await client.getTransaction(relayerId, txId, { signal: AbortSignal.timeout(left) }).catch(() => undefined);
    const status = String(tx?.status ?? '?').toLowerCase();
    if (status !== last) say(`waiting: transaction ${txId} is ${tx ? status : 'not read'}`, { progress: true });
    last = status;
    const secs = Math.max(1, Math.round((Date.now() - start) / 1000));
    if (MINED.includes(status)) {
      say(`transaction ${txId} ${status} after ${secs} s${tx?.hash ? ` (hash ${sanitize(String(tx.hash))})` : ''}`);
      return EXIT.ok;
    }
    if (FINAL.includes(status)) return fail(EXIT.notDone, `transaction ${txId} ended ${status}${tx?.status_reason ? `: ${sanitize(String(tx.status_reason))}` : ''}`);
    if (Date.now() - start >= deadlineMs) return fail(EXIT.notDone, `not mined after ${secs} s: transaction ${txId} is ${status}`);
    await new Promise((r) => setTimeout(r, Math.min(2_000, Math.max(0, deadlineMs - (Date.now() - start)))));
  }
}

/** --wait: the relayer followed until its jam clears (exit 0, a `cleared …` line) or the deadline passes (16, the cause as it is now). */
async function waitForClear(command: MutationCommand, client: RelayerClient, relayerId: string, deadlineMs: number, s: Streams, jsonErr: boolean, fail: Fail): Promise<number> {
  const relayer = await findRelayer(client, relayerId);
  if (!relayer) return fail(EXIT.notFound, `Relayer ${relayerId} not found: not followed`);
  const say = (line: string, extra: Record<string, unknown> = {}) => s.err.write(jsonErr ? `${json({ message: line, ...extra })}\n` : `relayer-tui ${command}: ${safeLines(line, 20).join('\n  ')}\n`);
  let lastSaid = '';
  const end = await followJam(client, relayer, {
    now: Date.now,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    deadlineMs,
    onRead: (r, chain, target) => {
      const line = r.kind === 'not_diagnosed' ? `waiting: ${r.why}` : `waiting: the chain at nonce ${chain}, clear past ${target === null ? '?' : target - 1}${r.diagnosis.kind === 'jam' ? ` · ${CAUSE_WORDS[r.diagnosis.jam.cause]}, ${r.diagnosis.jam.waiting} waiting` : ''}`;
      // A progress line when something changed (a script's log stays short).
      if (line !== lastSaid) say(line, { progress: true });
      lastSaid = line;
    },
  });
  // Its fixes named as commands (a key means nothing in a shell).
  const words = followWords(relayerId, end, Date.now(), { kind: 'commands', relayerId });
  if (end.kind === 'cleared') {
    say(words, { cleared: true });
    return EXIT.ok;
  }
  // Could not be followed (the server stopped answering the reads it needs): not "not done".
  if (end.kind === 'not_diagnosed') return fail(EXIT.unreadable, words);
  return fail(EXIT.notDone, words);
}

