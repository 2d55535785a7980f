/**
 * The command grammar: the command line parsed with the words of cli/commands.ts (the subcommands and
 * every option each takes), a typo answered with what was meant, and the headless options checked.
 * What the words mean for the configuration is src/config/config.ts's (flags > environment > context).
 */
import { parseArgs } from 'node:util';
import { COMMAND_OPTIONS, COMMANDS, GLOBAL_OPTIONS, HEADLESS_COMMANDS, commandAt, type HeadlessCommand } from './commands.js';
import { COMPLETION_HELP, USAGE } from './usage.js';
import { nearestWord } from '../core/text/nearestWord.js';

/** What --output takes (completion offers the same); without it, a table on a terminal, else JSON (`auto`). */
export const OUTPUT_FORMATS = ['table', 'json', 'ndjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export { COMMAND_OPTIONS, COMMANDS, GLOBAL_OPTIONS, HEADLESS_COMMANDS, type HeadlessCommand };

/** Options of the headless subcommands, checked; `flags` holds each command's own (body fields, …). */
export interface HeadlessOptions {
  page: number;
  /** Server page size for the requests (the TUI's --per-page; default 50, 100 with --all). */
  perPage: number;
  all: boolean;
  status?: string;
  limit?: number;
  output: OutputFormat | 'auto';
  /** Mutations: print the exact request and send nothing. */
  dryRun: boolean;
  /** Mutations: send without asking (the only way to send without a terminal). */
  yes: boolean;
  /** The command's own options as given (e.g. `value`, `gas-price`, `params-file`, `signing-key-env`). */
  flags: Record<string, string | undefined>;
  /** The command's repeatable options as given, in order (`policies --set k=v --set …`). */
  lists: Record<string, string[]>;
  /** `fleet --check`: problems only, and an exit code that says whether there are any. */
  check: boolean;
  /** `cancel --all-pending`: every pending transaction of the relayer. */
  allPending: boolean;
  /** networks: RPC URLs unmasked (the command line only). */
  revealSecrets: boolean;
  /** notifications update: remove the signing key. */
  removeSigningKey: boolean;
  /** `audit --unknown`: only the sends whose outcome is still unknown. */
  unknownOnly: boolean;
  /** `audit --settle`: read each unknown outcome back from the server (a new ledger line each). */
  settle: boolean;
}

/**
 * The common options that do not apply to `fleet` (it reads the config file's contexts, each with its
 * own server, key and settings): refused when given, never offered by completion.
 */
export const FLEET_INAPPLICABLE = ['url', 'server', 'token', 'token-file', 'context', 'sandbox', 'read-only', 'dialect', 'timeout', 'sandbox-flavor', 'watch', 'per-page'] as const;

/**
 * The command word moved first: global options may come before it, as kubectl and gh take them
 * (`relayer-tui --config F relayers`). The first word that is neither an option nor the value of a
 * global option is the command; a word there that names none is returned as `unknown`.
 */
export function commandFirst(argv: readonly string[]): { argv: string[]; unknown?: string } {
  const i = commandAt(argv);
  if (i < 0) return { argv: [...argv] };
  const w = argv[i]!;
  if (!(COMMANDS as readonly string[]).includes(w)) return { argv: [...argv], unknown: w };
  return i === 0 ? { argv: [...argv] } : { argv: [w, ...argv.slice(0, i), ...argv.slice(i + 1)] };
}

/**
 * `relayer-tui help <command>` is `<command> --help` (git's and gh's way), and `help` alone the usage:
 * one page for each command, whichever way it is asked.
 */
export function helpAsFlag(argv: readonly string[]): string[] {
  const i = commandAt(argv);
  if (i < 0 || argv[i] !== 'help') return [...argv];
  const rest = [...argv.slice(0, i), ...argv.slice(i + 1)];
  const j = commandAt(rest);
  return j < 0 || rest[j] === 'help' ? [...rest.filter((w, k) => k !== j), '--help'] : [rest[j]!, ...rest.slice(0, j), ...rest.slice(j + 1), '--help'];
}

/** The command `word` was probably meant to be (a typo: at most two edits, or a prefix), if any. */
export function didYouMean(word: string): string | undefined {
  return nearestWord(word, COMMANDS, 2);
}

export function headlessOptions(command: HeadlessCommand, values: Record<string, string | boolean | string[] | undefined>): HeadlessOptions | string {
  const whole = (name: string, v: string | boolean | string[] | undefined, min: number): number | string | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    return Number.isSafeInteger(n) && n >= min ? n : `--${name} must be a whole number from ${min}`;
  };
  const page = whole('page', values.page, 1);
  const perPage = whole('per-page', values['per-page'], 1);
  const limit = whole('limit', values.limit, 1);
  for (const x of [page, perPage, limit]) if (typeof x === 'string') return x;
  const output = values.json === true ? 'json' : (str(values.output) ?? 'auto');
  if (output !== 'auto' && !(OUTPUT_FORMATS as readonly string[]).includes(output)) return `--output must be ${OUTPUT_FORMATS.slice(0, -1).join(', ')} or ${OUTPUT_FORMATS.at(-1)}`;
  const flags: Record<string, string | undefined> = {};
  const lists: Record<string, string[]> = {};
  for (const k of Object.keys(COMMAND_OPTIONS[command])) {
    const v = values[k];
    if (typeof v === 'string') flags[k] = v;
    else if (Array.isArray(v)) lists[k] = v;
    // A command's own switch (`plugin --get`): present as 'true'.
    else if (v === true) flags[k] = 'true';
  }
  if (command === 'notify' && typeof values.url === 'string') flags.url = values.url;
  return {
    page: (page as number | undefined) ?? 1,
    perPage: Math.min((perPage as number | undefined) ?? (values.all === true ? 100 : 50), 1000),
    all: values.all === true,
    status: str(values.status),
    limit: limit as number | undefined,
    output: output as HeadlessOptions['output'],
    dryRun: values['dry-run'] === true,
    yes: values.yes === true,
    flags,
    lists,
    check: values.check === true,
    allPending: values['all-pending'] === true,
    revealSecrets: values['reveal-secrets'] === true,
    removeSigningKey: values['remove-signing-key'] === true,
    unknownOnly: values.unknown === true,
    settle: values.settle === true,
  };
}

/** The words of a command line, parsed by the grammar (or what to do instead: help, version, …). */
export type Parsed =
  | { kind: 'parsed'; sub?: 'info' | 'contexts'; headless?: HeadlessCommand; values: Record<string, string | boolean | undefined>; positionals: string[] }
  | { kind: 'sandbox'; argv: string[] }
  | { kind: 'completion'; shell: string }
  | { kind: 'complete'; words: string[] }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'error'; message: string; exit?: number };

/** node:util parseArgs' answer for an empty list of words (no option has a default): test/cli checks it against parseArgs. */
export const NO_WORDS = (): { values: Record<string, string | boolean | undefined>; positionals: string[]; tokens: [] } => ({ values: Object.create(null) as Record<string, never>, positionals: [], tokens: [] });

export async function parseArgv(given: string[]): Promise<Parsed> {
  // The completion script's own call: its words are the operator's, half typed, never parsed here.
  if (given[0] === '__complete') return { kind: 'complete', words: given.slice(1) };
  const { argv, unknown } = commandFirst(helpAsFlag(given));
  if (unknown !== undefined) {
    const guess = didYouMean(unknown);
    return { kind: 'error', exit: 2, message: `unknown command '${unknown.slice(0, 60)}'${guess ? ` — did you mean ${guess}?` : ''}\nRun relayer-tui --help for the commands.` };
  }
  if (argv[0] === 'sandbox') return { kind: 'sandbox', argv: argv.slice(1) };
  if (argv[0] === 'completion') {
    const shell = argv[1];
    if (shell === '-h' || shell === '--help' || shell === undefined) return { kind: 'help', text: COMPLETION_HELP };
    if (shell !== 'bash' && shell !== 'zsh' && shell !== 'fish') return { kind: 'error', message: `completion: bash, zsh or fish (not ${shell})` };
    return { kind: 'completion', shell };
  }
  const sub = argv[0] === 'info' || argv[0] === 'contexts' ? argv[0] : undefined;
  const headless = (HEADLESS_COMMANDS as readonly string[]).includes(argv[0] ?? '') ? (argv[0] as HeadlessCommand) : undefined;
  let positionals: string[] = [];
  let values: Record<string, string | boolean | undefined>;
  /** The first option of one value given twice (refused after --help, which still prints its page). */
  let twice: string | undefined;
  const options = {
    ...GLOBAL_OPTIONS,
    ...((headless ? COMMAND_OPTIONS[headless] : {}) as Record<string, { type: 'string' | 'boolean'; short?: string }>),
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  } as const;
  try {
    const args = sub || headless ? argv.slice(1) : argv;
    // Nothing to parse (the TUI started bare, as it mostly is): what node's parser answers for no words,
    // without loading it (~1 ms of a start).
    const { values: v, positionals: p, tokens } = args.length === 0 ? NO_WORDS() : parseArgs({ args, options, strict: true, allowPositionals: headless !== undefined, tokens: true });
    [values, positionals] = [v, p];
    // An option that takes one value given twice is refused, never the last one taken silently (notify's
    // --url, the webhook's address, beside a server's --url would send the wrong one).
    // (Its values are not repeated in the message: one may be a token.)
    const seen = new Set<string>();
    for (const t of tokens) {
      if (t.kind !== 'option') continue;
      const spec = (options as Record<string, { type: string; multiple?: boolean }>)[t.name];
      if (spec?.type !== 'string' || spec.multiple) continue;
      if (seen.has(t.name)) twice ??= t.name;
      seen.add(t.name);
    }
  } catch (e) {
    const help = `Run relayer-tui ${headless ?? sub ?? ''}${headless || sub ? ' ' : ''}--help for the options.`;
    // A mistyped option: the one meant, as for a command (never node's advice about positionals after --).
    const unknown = (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']+)'/.exec((e as Error).message)?.[1] : undefined;
    if (unknown !== undefined) {
      const guess = nearestWord(unknown.replace(/^-+/, ''), Object.keys(options), 2);
      return { kind: 'error', exit: 2, message: `unknown option ${unknown.slice(0, 60)}${headless || sub ? ` for ${headless ?? sub}` : ''}${guess ? ` — did you mean --${guess}?` : ''}\n${help}` };
    }
    return { kind: 'error', message: `${(e as Error).message}\n${help}` };
  }
  if (values.help) return { kind: 'help', text: headless ? (await import('./help.js')).HELP[headless] : USAGE };
  if (twice !== undefined)
    return { kind: 'error', exit: 2, message: `--${twice} given twice: each option once${headless === 'notify' && twice === 'url' ? ". For notify, --url is the webhook's address; its server is --server (or RELAYER_URL, or the context)" : ''}` };
  // `notify --url` is the webhook's URL (its server is --server); elsewhere --server is --url: once.
  if (str(values.server) !== undefined && headless !== 'notify' && str(values.url) !== undefined) return { kind: 'error', message: 'give the server once: --url or --server' };
  if (values.version) return { kind: 'version' };
  return { kind: 'parsed', ...(sub ? { sub } : {}), ...(headless ? { headless } : {}), values, positionals };
}

function str(v: string | boolean | string[] | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
