/**
 * The words of a command line, without the parser: the commands, every option each takes, and where
 * the command word is (after any global options). Small on purpose: the launcher reads it before
 * loading a bundle; src/cli/grammar.ts parses with it.
 */

import { OPERATION_SUBCOMMANDS, subcommandOptions, type OperationSubcommand, type OptionSpec } from '../core/operations/registry.js';

/** The headless subcommands that only read (src/headless/): the lists, readiness, the check, the server's metrics, the fleet and the audit ledger. */
const LISTS = ['relayers', 'txs', 'plugins'] as const;
const OTHER_READS = ['ready', 'check', 'metrics', 'fleet', 'audit', 'networks', 'signers'] as const;

/** The headless subcommands: the lists, the operations' (core/operations/registry.ts: the one list of them), the other reads. */
export const HEADLESS_COMMANDS: readonly HeadlessCommand[] = [...new Set([...LISTS, ...OPERATION_SUBCOMMANDS, ...OTHER_READS])];
export type HeadlessCommand = (typeof LISTS)[number] | OperationSubcommand | (typeof OTHER_READS)[number];

const OUTPUT_OPTIONS = { json: { type: 'boolean' }, output: { type: 'string' } } as const;
const MUTATION_OPTIONS = { 'dry-run': { type: 'boolean' }, yes: { type: 'boolean', short: 'y' }, ...OUTPUT_OPTIONS } as const;
const LIST_OPTIONS = { page: { type: 'string' }, all: { type: 'boolean' }, limit: { type: 'string' }, ...OUTPUT_OPTIONS } as const;
const str0 = { type: 'string' } as const;

/** The options every command takes (the TUI's and each subcommand's), beside each subcommand's own. */
export const GLOBAL_OPTIONS = {
  url: str0,
  server: str0,
  'token-file': str0,
  token: str0,
  'read-only': { type: 'boolean' },
  'per-page': str0,
  timeout: str0,
  watch: str0,
  'sandbox-flavor': str0,
  dialect: str0,
  context: str0,
  config: str0,
  clipboard: str0,
  forecast: str0,
  sandbox: { type: 'boolean' },
} as const;

/** The operations' subcommands' options: the registry's, beside what every mutation takes (--dry-run, --yes, --json, --output). */
const OPERATION_OPTIONS = Object.fromEntries(OPERATION_SUBCOMMANDS.map((sub) => [sub, { ...MUTATION_OPTIONS, ...subcommandOptions(sub) }])) as unknown as Record<OperationSubcommand, Record<string, OptionSpec>>;

/** The reads' own options (a subcommand that is a read and has operations, `plugins update ID`, takes both sets). */
const READ_OPTIONS: Partial<Record<HeadlessCommand, Record<string, OptionSpec>>> = {
  relayers: LIST_OPTIONS,
  txs: { ...LIST_OPTIONS, status: str0 },
  plugins: LIST_OPTIONS,
  ready: OUTPUT_OPTIONS,
  check: OUTPUT_OPTIONS,
  metrics: { ...OUTPUT_OPTIONS, over: str0 },
  fleet: { ...OUTPUT_OPTIONS, check: { type: 'boolean' } },
  audit: { ...OUTPUT_OPTIONS, unknown: { type: 'boolean' }, settle: { type: 'boolean' }, limit: str0 },
  // A network's RPC URLs carry API keys: masked unless --reveal-secrets is on the command line (never from config).
  networks: { ...LIST_OPTIONS, 'reveal-secrets': { type: 'boolean' } },
  // A signer's config may carry secrets on a server that is not v1.8: masked unless --reveal-secrets (maskSigner.ts).
  signers: { ...LIST_OPTIONS, 'reveal-secrets': { type: 'boolean' } },
};

/** Each subcommand's own options (beside the common ones: --url, --context, …): its read's and its operations'. */
export const COMMAND_OPTIONS: Record<HeadlessCommand, Record<string, OptionSpec>> = Object.fromEntries(
  HEADLESS_COMMANDS.map((c) => [c, { ...READ_OPTIONS[c], ...(OPERATION_OPTIONS as Partial<Record<HeadlessCommand, Record<string, OptionSpec>>>)[c] }]),
) as Record<HeadlessCommand, Record<string, OptionSpec>>;

/** Every word that names a command (the first word that is not an option or an option's value). */
export const COMMANDS: readonly string[] = [...HEADLESS_COMMANDS, 'info', 'contexts', 'sandbox', 'completion', 'help'];

/** Every option, common or a command's own, that takes a value (the word after it is that value). */
const TAKES_VALUE = new Set(
  [GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS)].flatMap((o) => Object.entries(o as Record<string, { type: string }>).filter(([, v]) => v.type === 'string').map(([k]) => k)),
);

/**
 * Where the command word is: the first word that is neither an option nor the value of one (global
 * options may come before it, as kubectl and gh take them); -1 when there is none. Read without the
 * grammar's parser: the launcher asks it before loading any bundle.
 */
export function commandAt(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') return -1;
    if (w.startsWith('-')) {
      if (TAKES_VALUE.has(w.replace(/^--?/, '').replace(/=.*$/, '')) && !w.includes('=')) i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** The words that make a command line something other than the TUI when they come first. */
const ONE_SHOT_FIRST: readonly string[] = [...HEADLESS_COMMANDS, 'info', 'contexts', 'completion', '__complete', 'sandbox', 'help'];

/**
 * Whether a command line is a one-shot (a subcommand, help or version) rather than the TUI, read
 * without the grammar (the launcher asks it before loading any bundle). A guess either way is still
 * run right (each bundle hands the other's commands on); it only decides which bundle loads first.
 */
export function isOneShot(argv: readonly string[]): boolean {
  // The completion script's own call comes first, its words half typed: never searched for a command.
  if (argv[0] === '__complete') return true;
  return ONE_SHOT_FIRST.includes(argv[commandAt(argv)] ?? '') || argv.some((a) => a === '-h' || a === '--help' || a === '-v' || a === '--version');
}

/** A headless subcommand that is not asked for its help: it will ask a server (the launcher starts what that needs). */
export function asksServer(argv: readonly string[]): boolean {
  return (HEADLESS_COMMANDS as readonly string[]).includes(argv[commandAt(argv)] ?? '') && !argv.some((a) => a === '-h' || a === '--help');
}

/**
 * A one-shot that reads page after page (`--all`, the fleet): it runs with V8 flags of its own (a
 * young generation that stays small: ONE_SHOT_FLAGS in src/start/codeCache.ts) and a code cache of its own.
 */
export function isLongRead(argv: readonly string[]): boolean {
  return argv[0] === 'fleet' || argv.includes('--all');
}
