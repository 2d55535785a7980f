/** The parts every `--help` text is made of: an operation's Usage lines, the server, output and sending paragraphs, the exit codes. */
import { exitCodesText } from './exitCodes.js';
import { OPERATION_KINDS, OPERATIONS, type OperationSubcommand } from '../core/operations/registry.js';

/** An operation subcommand's Usage lines: its operations' synopses (core/operations/registry.ts), one each. */
export function usageLines(sub: OperationSubcommand): string {
  return `Usage: ${OPERATION_KINDS.filter((k) => OPERATIONS[k].subcommand === sub).map((k) => `relayer-tui ${OPERATIONS[k].usage}`).join('\n       ')}`;
}

/**
 * A read's operations (`relayers delete ID`): each synopsis and help line (the registry's), under
 * the read's own Usage; empty where it has none.
 */
export function operationsOf(sub: string): string {
  const kinds = OPERATION_KINDS.filter((k) => OPERATIONS[k].subcommand === sub);
  return kinds.length ? `\nAnd its operation${kinds.length > 1 ? 's' : ''}:\n${kinds.map((k) => `  relayer-tui ${OPERATIONS[k].usage}\n      ${OPERATIONS[k].description}`).join('\n')}\n` : '';
}

export const COMMON = `
Server (as for the TUI): --url URL (notify: --server URL), --context NAME, --token-file PATH,
  --timeout S, --dialect D; or RELAYER_URL + RELAYER_API_KEY; or the config file's current context.`;

export const OUTPUT = `
Output: a table on a terminal (columns fit the width), else JSON with every integer exact
  (u128/U256 values as the digits the server sent). --json, or --output table|json|ndjson, chooses.
  Errors: one line on stderr (a JSON object with --json).`;

/** check's: lines whether or not on a terminal (a cron job's mail reads them), never a table; on a terminal each is wrapped at its width between words. */
export const CHECK_OUTPUT = `
Output: lines, on a terminal or not (a cron job's mail reads them): one per problem on stdout, the
  summary on stderr; on a terminal a line longer than its width is wrapped between words, its
  continuation indented. --json (or --output json) prints JSON instead, every integer exact (u128/U256
  values as the digits the server sent). Errors: one line on stderr (a JSON object with --json).`;

export const MUTATION = `
Sending: on a terminal the review (method, path, exact body, before -> after, warnings) is shown
  on stderr and you are asked; without a terminal nothing is sent unless --yes is given.
  --dry-run   print the exact request (method, URL, body bytes) and send nothing (allowed read-only)
  -y, --yes   send without asking (scripts: check with --dry-run first)
  Every send is written to the audit ledger ($XDG_STATE_HOME/relayer-tui/audit.jsonl). Read-only
  contexts (--read-only, RELAYER_TUI_READ_ONLY=1, prod* contexts) refuse with exit code 10.
  The answer is printed as JSON (exact) on stdout, with what came of it: what came back is compared
  with what was asked, and a success that changed nothing (a Stellar replace or cancel on the
  OpenZeppelin Relayer v1.8) exits 14, never 0.`;

export const EXIT_CODES = `\n${exitCodesText('Exit codes: ', 'long')}`;

