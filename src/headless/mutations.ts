/**
 * `relayer-tui replace | plugin | notify`: the TUI's three mutations for scripts and runbooks. The
 * same forms build the same bodies with the same checks; the review (method, path, exact body,
 * before → after, warnings) is shown on the terminal and asked about — without a terminal nothing is
 * sent unless `--yes` says so; `--dry-run` prints the exact request and sends nothing. Every send is
 * in the audit ledger, and the exit code says what is known of the outcome (8: it may have been applied).
 */
import { join } from 'node:path';
import { ApiError, type RelayerClient } from '../api/index.js';
import { AuditLedger } from '../audit.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import type { AppConfig } from '../config/config.js';
import type { BuiltRequest, Values } from '../core/operations/types.js';
import { readOnlyRefusal } from '../core/operations/mutations.js';
import { notifyForm } from '../core/operations/notify.js';
import { pluginForm } from '../core/operations/plugin.js';
import { jsonForTerminal, safeLines, sanitize } from '../core/text/sanitize.js';
import { fillForm } from './formFlags.js';
import { ask, openPrompt, readInput, readSigningKey } from './input.js';
import { EXIT } from '../cli/exitCodes.js';
import { exitCodeFor, json, type Streams } from './output.js';
import { buildReplacement, FIELD_FLAGS } from './replaceRequest.js';

type Command = 'replace' | 'plugin' | 'notify';
type Fail = (code: number, message: string, e?: ApiError) => number;

interface Prepared {
  request: BuiltRequest;
  /** First line of the review: what this is, in words. */
  what: string;
  /** The request body carries a secret: a dry run prints it masked. */
  secret?: boolean;
  warnings: string[];
  /** stdin was read for the body or params (the prompt then reads /dev/tty). */
  stdinUsed: boolean;
}

const USAGE: Record<Command, string> = {
  replace: 'usage: relayer-tui replace <relayer-id> <tx-id> (--body FILE|- | --value V [--speed S] [--gas-price W] … | --transaction B64) [--dry-run] [--yes] (see --help)',
  plugin: 'usage: relayer-tui plugin <plugin-id> [--params JSON | --params-file FILE | -] [--dry-run] [--yes] (see --help)',
  notify: 'usage: relayer-tui notify --url <webhook-url> [--id ID] [--signing-key-file FILE | --signing-key-env VAR] [--dry-run] [--yes] (see --help)',
};

async function prepare(command: Command, client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, env: NodeJS.ProcessEnv): Promise<Prepared | { code: number; message: string }> {
  const usage = (message: string) => ({ code: EXIT.usage, message });
  const f = o.flags;
  if (command === 'replace') {
    if (args.length !== 2) return usage(USAGE.replace);
    const fieldFlags = Object.keys({ ...FIELD_FLAGS.evm, ...FIELD_FLAGS.solana }).filter((k) => f[k] !== undefined);
    if (f.body !== undefined && fieldFlags.length) return usage(`--body is the whole body: not with --${fieldFlags[0]}`);
    if (f.body === undefined && !fieldFlags.length) return usage(`nothing to send: give --body FILE|- or the fields (--value … for EVM, --transaction for Solana). ${USAGE.replace}`);
    let body: string | undefined;
    if (f.body !== undefined) {
      const r = await readInput('--body', f.body, s.in);
      if ('error' in r) return usage(r.error);
      body = r.text;
    }
    const [relayerId, txId] = args as [string, string];
    const built = await buildReplacement(client, relayerId, txId, f, body);
    if ('usage' in built) return usage(built.usage);
    if ('notFound' in built) return { code: EXIT.notFound, message: built.notFound };
    return {
      request: built.request,
      what: `Replace transaction ${txId} of relayer ${relayerId}${built.dialect ? ` (${built.dialect === 'openzeppelin' ? 'OpenZeppelin Relayer' : 'interface document'} dialect)` : ''}`,
      warnings: (built.request.review ?? []).filter((r) => r.tone).map((r) => `${r.label.replace(/^⚠ /, '')}: ${r.value}`),
      stdinUsed: f.body === '-',
    };
  }
  if (command === 'plugin') {
    if (args.length < 1 || args.length > 2 || (args[1] !== undefined && args[1] !== '-')) return usage(USAGE.plugin);
    const sources = [f.params !== undefined && '--params', f['params-file'] !== undefined && '--params-file', args[1] === '-' && '-'].filter(Boolean);
    if (sources.length > 1) return usage(`give the params once: ${sources.join(' or ')}`);
    let params = f.params ?? '{}';
    const from = f['params-file'] ?? (args[1] === '-' ? '-' : undefined);
    if (from !== undefined) {
      const r = await readInput(from === '-' ? 'params from -' : '--params-file', from, s.in);
      if ('error' in r) return usage(r.error);
      params = r.text;
    }
    const flag = (field: string) => (field === 'params' ? (sources[0] || '--params') : 'plugin id');
    const built = fillForm(pluginForm(8, true), { plugin_id: args[0]!, params }, new Set(), flag);
    if ('usage' in built) return usage(built.usage);
    return { request: built.request, what: `Call plugin ${args[0]}`, warnings: [], stdinUsed: from === '-' };
  }
  if (args.length) return usage(`unexpected argument ${args[0]}. ${USAGE.notify}`);
  const key = readSigningKey(f, env);
  if (key.error) return usage(key.error);
  const values: Values = { url: f.url ?? '', id: f.id ?? '', signing_key: key.key ?? '' };
  const flag = (field: string) => (field === 'signing_key' ? (f['signing-key-env'] !== undefined ? '--signing-key-env' : '--signing-key-file') : `--${field}`);
  // The form's own rule: a short key refused where the server is known to refuse it, else warned about.
  const dialect = await client.detectDialect();
  const built = fillForm(notifyForm(() => dialect), values, new Set(), flag);
  if ('usage' in built) return usage(built.usage);
  const warnings = [...key.warnings, ...(built.request.review ?? []).filter((r) => r.tone).map((r) => `${r.label.replace(/^⚠ /, '')}: ${r.value}`)];
  return { request: built.request, what: `Create a webhook notification for ${values.url}`, secret: key.key !== undefined, warnings, stdinUsed: false };
}

/** The review as lines of text (all of it through the display-safety boundary). */
function reviewText(p: Prepared, server: string, context: string | undefined): string {
  const { prepared, review = [] } = p.request;
  const width = Math.max(...review.map((r) => r.label.length), 4) + 2;
  const lines = [`${sanitize(p.what)} on ${sanitize(server)}${context ? ` (context ${sanitize(context)})` : ''}`, `  ${prepared.method} ${sanitize(prepared.path)}`];
  for (const r of review) lines.push(`  ${sanitize(r.label).padEnd(width)}${safeLines(r.value, 4).join(' ')}`);
  if (prepared.displayBody !== undefined) lines.push('  body:', ...jsonForTerminal(prepared.displayBody).split('\n').map((l) => `    ${l}`));
  return `${lines.join('\n')}\n`;
}

export async function runMutation(command: Command, config: AppConfig, client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: Fail, env: NodeJS.ProcessEnv): Promise<number> {
  if (config.readOnly && !o.dryRun)
    return fail(EXIT.readOnly, `${readOnlyRefusal(command, config.sources.readOnly)}. --dry-run shows what would be sent`);
  const p = await prepare(command, client, o, args, s, env);
  if ('code' in p) return fail(p.code, p.message);
  const { prepared } = p.request;
  const asJson = o.output === 'json' || o.output === 'ndjson' || (o.output === 'auto' && !s.out.isTTY);
  const server = config.baseUrl!;
  const review = reviewText(p, server, config.context?.name);
  // Warnings on stderr: a line each, or a JSON object each when errors are JSON (--json).
  const warn = (w: string) => s.err.write(o.output === 'json' || o.output === 'ndjson' ? `${json({ warning: w })}\n` : `relayer-tui ${command}: warning: ${sanitize(w)}\n`);

  if (o.dryRun) {
    // The request as text unless JSON is asked for by name: a dry run is read by people and by diff.
    const dryJson = o.output === 'json' || o.output === 'ndjson';
    if (s.err.isTTY) s.err.write(review);
    const body = p.secret ? prepared.displayBody : prepared.body;
    const url = `${server.replace(/\/+$/, '')}${prepared.path}`;
    if (dryJson) s.out.write(`${jsonForTerminal(`{"dry_run":true,"method":"${prepared.method}","url":${JSON.stringify(url)},"body":${body ?? 'null'}}`)}\n`);
    else s.out.write(`${prepared.method} ${jsonForTerminal(url)}\nContent-Type: application/json\n\n${s.out.isTTY ? jsonForTerminal(body ?? '') : (body ?? '')}\n`);
    if (p.secret) s.err.write('relayer-tui: the signing key is shown masked; the request would carry it\n');
    return EXIT.ok;
  }

  if (!o.yes) {
    const prompt = openPrompt(s, p.stdinUsed);
    if (!prompt) return fail(EXIT.usage, `not sent: no terminal to review it on. Check it with --dry-run, then send with --yes`);
    s.err.write(review);
    if (!(await ask(prompt, s.err, 'Send it? [y/N] '))) {
      s.err.write('Not sent.\n');
      return EXIT.declined;
    }
  } else for (const w of p.warnings) warn(w);

  const audit = new AuditLedger(join(config.paths.state, 'audit.jsonl'), { context: config.context?.name ?? '-', server });
  const entry = audit.begin({ method: prepared.method, path: prepared.path, body: prepared.displayBody ?? prepared.body ?? '' });
  if (entry.warning) warn(entry.warning);
  let status: number | undefined;
  let result: unknown;
  try {
    result = await p.request.send(client, { onStatus: (x) => (status = x) });
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError('network', String(e));
    entry.end({ status: err.status, outcome: err.refused ? 'refused' : err.notSent ? 'not sent' : 'unknown' });
    const head = err.outcomeUnknown
      ? 'outcome unknown: the request was sent and may have been applied; check before sending it again'
      : err.refused
        ? 'refused by the server (nothing was applied)'
        : err.notSent
          ? 'not sent'
          : 'failed';
    return fail(exitCodeFor(err), `${head}: ${err.message}`, err);
  }
  const r = result as { id?: unknown; success?: unknown; error?: unknown; code?: unknown } | null;
  const pluginFailed = command === 'plugin' && r?.success === false;
  entry.end({ status, outcome: pluginFailed ? 'answered with a failure' : 'applied', ...(typeof r?.id === 'string' ? { answer_id: r.id } : {}) });
  if (asJson) s.out.write(`${json(result, 2)}\n`);
  else s.out.write(`${pluginFailed ? '✗ The plugin reported a failure' : '✓ Done'}: ${prepared.method} ${sanitize(prepared.path)} → HTTP ${status ?? '?'}\n${json(result, 2)}\n`);
  if (pluginFailed) return fail(EXIT.pluginFailed, `the plugin reported a failure${r?.code !== undefined && r.code !== null ? ` (code ${json(r.code)})` : ''}: ${typeof r?.error === 'string' ? r.error : 'no message'}`);
  return EXIT.ok;
}

