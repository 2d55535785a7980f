/** The parts every `--help` text is made of: an operation's Usage lines, the server, output and sending paragraphs, the exit codes. */
import { exitCodesText } from './exitCodes.js';
import { describeOperations, OPERATION_KINDS, OPERATIONS, type OperationKind, type OperationSubcommand } from '../core/operations/registry.js';
import { OPTION_WORDS, WAIT_WORDS, type OptionWords } from '../core/operations/optionWords.js';
import { wrap } from './usage.js';

const kindsOf = (sub: string): OperationKind[] => OPERATION_KINDS.filter((k) => OPERATIONS[k].subcommand === sub);

/**
 * An operation subcommand's head, from the registry: its title (what its operations do; `read`: what
 * it shows without one, said first), its Usage lines and its options.
 */
export function operationHead(sub: OperationSubcommand, read?: string): string {
  // The title wrapped at 100 columns, its continuation indented two.
  return `${wrap(`relayer-tui ${sub}: ${read ? `${read}; or ` : ''}${describeOperations(kindsOf(sub))}`, 2)}\n\n${usageLines(sub)}\n${optionLines(sub)}`;
}

/**
 * A subcommand's operations' own options, a line each with its words (core/operations/optionWords.ts;
 * a repeatable one said so), and --wait where one follows what it sent; empty where they have none.
 */
export function optionLines(sub: OperationSubcommand): string {
  const rows = new Map<string, OptionWords & { multiple?: boolean }>();
  for (const k of kindsOf(sub)) {
    for (const [name, words] of Object.entries((OPTION_WORDS as Partial<Record<OperationKind, Record<string, OptionWords>>>)[k] ?? {})) if (!rows.has(name)) rows.set(name, { ...words, ...(OPERATIONS[k].options[name]?.multiple ? { multiple: true } : {}) });
    const follows = OPERATIONS[k].follows;
    if (follows && !rows.has('wait')) rows.set('wait', WAIT_WORDS[follows]);
  }
  if (!rows.size) return '';
  const lines = [...rows].map(([name, w]) => ({ name: `--${name}${w.arg ? ` ${w.arg}` : ''}`, does: `${w.does}${w.multiple ? ' (repeatable)' : ''}` }));
  // Their words in one column, two spaces after the longest option.
  const column = Math.max(...lines.map((l) => l.name.length)) + 4;
  return `\nOptions:\n${lines.map((l) => wrap(`  ${l.name.padEnd(column - 2)}${l.does}`, column)).join('\n')}\n`;
}

/** An operation subcommand's Usage lines: its operations' synopses (core/operations/registry.ts), one each. */
export function usageLines(sub: OperationSubcommand): string {
  return `Usage: ${kindsOf(sub).map((k) => `relayer-tui ${OPERATIONS[k].usage}`).join('\n       ')}`;
}

/**
 * A read's operations (`relayers delete ID`): each synopsis and description (the registry's), under
 * the read's own Usage, then their options; empty where it has none.
 */
export function operationsOf(sub: OperationSubcommand): string {
  const kinds = kindsOf(sub);
  return kinds.length ? `\nAnd its operation${kinds.length > 1 ? 's' : ''}:\n${kinds.map((k) => `  relayer-tui ${OPERATIONS[k].usage}\n${wrap(`      ${OPERATIONS[k].description}`, 6)}`).join('\n')}\n${optionLines(sub)}` : '';
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

