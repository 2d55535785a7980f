/**
 * `relayer-tui audit`: the audit ledger's records for the server, newest first (`--unknown`: only
 * those whose outcome is still unknown); `--settle` reads each unknown one (or one left in flight) back from the server
 * (core/operations/settle.ts) and writes what the read shows as a new ledger line. Exits 8 while any
 * send to that server is left with an unknown outcome, so a script can refuse to go on.
 */
import { join } from 'node:path';
import type { RelayerClient } from '../api/index.js';
import { auditOutcome, AuditLedger, outcomeUnknown, settleable, sendWords, serverHost, ledgerServerKey, type AuditEntry } from '../ledger/audit.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import type { AppConfig } from '../config/config.js';
import { AUDIT_COLUMNS } from '../ledger/auditColumns.js';
import { settleCheck, settleFailure } from '../core/operations/settle.js';
import { safeLines } from '../core/text/sanitize.js';
import { json, table, type Streams } from './output.js';


/** A record as `--json` writes it: the ledger's lines, joined, with what is known of it. */
const asJson = (e: AuditEntry) => ({ ...e, outcome: auditOutcome(e), outcome_unknown: outcomeUnknown(e) });

export async function runAudit(config: AppConfig, client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: (code: number, message: string) => number): Promise<number> {
  if (args.length) return fail(EXIT.usage, `unexpected argument ${args[0]}. usage: relayer-tui audit [--unknown] [--settle] [--limit N] [--json | --output table|json|ndjson] (see --help)`);
  const server = config.baseUrl!;
  const ledger = new AuditLedger(join(config.paths.state, 'audit.jsonl'), { context: config.context?.name ?? '-', server });
  const jsonErr = o.output === 'json' || o.output === 'ndjson';
  const say = (line: string) => s.err.write(jsonErr ? `${json({ message: line })}\n` : `relayer-tui audit: ${safeLines(line, 20).join('\n  ')}\n`);
  const mine = () => ledger.read().filter((e) => ledgerServerKey(e.server) === ledgerServerKey(server));

  if (o.settle) {
    // Oldest first: the order they were sent in.
    for (const e of mine().filter(settleable).reverse()) {
      try {
        const r = await settleCheck(e, client);
        const warning = ledger.settle(e, r);
        if (warning) return fail(EXIT.config, warning);
        say(`${sendWords(e)} (sent ${e.time.slice(0, 19).replace('T', ' ')} UTC): read back: ${r.outcome === 'unknown' ? 'still unknown' : r.outcome} — ${r.words}`);
      } catch (err) {
        say(`${sendWords(e)} (sent ${e.time.slice(0, 19).replace('T', ' ')} UTC): could not be read back, nothing recorded: ${settleFailure(err)}`);
      }
    }
  }

  const all = mine();
  const unknown = all.filter(outcomeUnknown);
  let rows = o.unknownOnly ? unknown : all;
  if (o.limit !== undefined) rows = rows.slice(0, o.limit);
  const asJsonOut = o.output === 'json' || (o.output === 'auto' && !s.out.isTTY);
  if (o.output === 'ndjson') s.out.write(rows.map((e) => `${json(asJson(e))}\n`).join(''));
  else if (asJsonOut) s.out.write(`${json({ server, ledger: ledger.path, unknown: unknown.length, items: rows.map(asJson) }, 2)}\n`);
  else s.out.write(rows.length ? table(AUDIT_COLUMNS, rows, (s.out.columns ?? 100) || 100) : `No ${o.unknownOnly ? 'sends with an unknown outcome' : 'sends'} to ${serverHost(server)} in ${ledger.path}\n`);

  if (unknown.length)
    return fail(
      EXIT.outcomeUnknown,
      `${unknown.length} send${unknown.length === 1 ? '' : 's'} to ${serverHost(server)} with unknown outcome (newest: ${sendWords(unknown[0]!)} at ${unknown[0]!.time.slice(0, 16).replace('T', ' ')} UTC)${o.settle ? '' : ': relayer-tui audit --settle reads them back'}`,
    );
  return EXIT.ok;
}
