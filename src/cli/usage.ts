/** The usage texts: the whole program's (--help) and the completion subcommand's. */
import { exitCodesText } from './exitCodes.js';
import { OPERATION_KINDS, OPERATIONS } from '../core/operations/registry.js';

/**
 * The operations, one synopsis and help line each, from the registry (core/operations/registry.ts):
 * an operation added there is in --help without an edit here.
 */
/** What every operation shares, said once before them. */
export const OPERATIONS_INTRO = `Operations (each reviewed: asked on a terminal, sent without one only with --yes; --dry-run shows the
exact request; each subcommand has its --help, with options and examples):`;

export const OPERATIONS_TEXT = [
  OPERATIONS_INTRO,
  ...OPERATION_KINDS.map((k) => `${wrap(`  relayer-tui ${OPERATIONS[k].usage}`, 8)}\n${wrap(`      ${OPERATIONS[k].description}`, 6)}`),
].join('\n');

/** A line of help wrapped at 100 columns, its continuation indented. */
export function wrap(line: string, indent: number): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 100) {
    const at = rest.lastIndexOf(' ', 100);
    if (at <= indent) break;
    out.push(rest.slice(0, at));
    rest = `${' '.repeat(indent)}${rest.slice(at + 1)}`;
  }
  return [...out, rest].join('\n');
}

export const COMPLETION_HELP = `relayer-tui completion bash|zsh|fish: a shell completion script on stdout

Subcommands, flags, the values of flags with a closed set (--dialect, --output, --status, --speed, …),
context names from the config file, and relayer ids of the current context (asked from its server,
1.5 s at most: nothing when it is slow or down).

  bash:  echo 'source <(relayer-tui completion bash)' >> ~/.bashrc
  zsh:   echo 'source <(relayer-tui completion zsh)' >> ~/.zshrc      (after compinit)
  fish:  relayer-tui completion fish > ~/.config/fish/completions/relayer-tui.fish
`;

/** What relayer-tui is, in one line: the first line of --help and the man page's NAME. */
export const SUMMARY = 'a keyboard-driven terminal client for the relayer HTTP API';

/** The commands, one line each (and the operations' in OPERATIONS_TEXT): the Usage block of --help. */
export const COMMAND_LINES = `  relayer-tui [options]            open the TUI (the built-in sandbox when no server is configured)
  relayer-tui info [options]       paths, the resolved context and where each value came from, terminal facts
  relayer-tui contexts             the contexts of the config file
  relayer-tui fleet [NAME…] [--check]   every relayer of every context (or of a fleet), worst first;
                                   --check for cron/monitoring (exit 12: needs attention, 13: not all read)
  relayer-tui relayers [--all] …   scripting: the relayers (a table on a terminal, else exact JSON)
  relayer-tui txs <relayer-id> …   a relayer's transactions (--status S, --all streams NDJSON)
  relayer-tui plugins [update ID]  the plugins of the server (OpenZeppelin Relayer); update changes one's settings
  relayer-tui networks [get|update ID]   the server's networks, their RPC URLs masked (--reveal-secrets: whole)
  relayer-tui signers [get ID]     the server's signers: type and config, secrets masked (--reveal-secrets: whole)
  relayer-tui policies <relayer-id>   a relayer's policies in units, name, notification, RPC URLs (OpenZeppelin Relayer)
  relayer-tui ready                is the server ready? (exit 0 ready or degraded, 15 not ready)
  relayer-tui check [--json]       the server's triage: readiness, and each relayer's jam — its cause, the
                                   blocker, what waits (exit 0 ok, 12 needs attention, 13 not all read)
  relayer-tui metrics [--over S]   the server's own figures (v1.8's metrics) per relayer and for the server;
                                   --over S: two reads S seconds apart, rates and percentiles between them
  relayer-tui audit [--unknown] [--settle]   the sends in the audit ledger for the server, newest first;
                                   --settle reads unknown outcomes back (exit 8 while any is unknown)
  relayer-tui sandbox [options]    run the sandbox relayer server only (see: relayer-tui sandbox --help)
  relayer-tui completion bash|zsh|fish   a shell completion script (see: relayer-tui completion --help)
  relayer-tui help <command>       that command's page (the same as relayer-tui <command> --help)`;

/** The options every command takes: the Options block of --help. */
export const OPTIONS_TEXT = `  --url <url>           server base URL (env RELAYER_URL), e.g. http://localhost:8080 (also --server)
  --token-file <path>   read the API key from a file (first line)
  --token <key>         API key on the command line (visible to other users in ps; prefer RELAYER_API_KEY)
${wrap(`  --read-only           disable every operation above: ${[...new Set(OPERATION_KINDS.map((k) => OPERATIONS[k].refused))].join(', ')} (env RELAYER_TUI_READ_ONLY=1)`, 24)}
  --per-page <n>        transactions per page (default: fit the window)
  --timeout <seconds>   request timeout (default 15)
  --watch <seconds>     start in watch mode: lists refresh by themselves that often (at least 2; w toggles)
  --sandbox             the built-in sandbox, even with a config file or RELAYER_URL (it starts by
                        itself only when nothing names a server: no file, no --url, no RELAYER_URL)
  --sandbox-flavor <f>  real|contract: the built-in sandbox imitates OpenZeppelin Relayer v1.8 on a chain
                        whose blocks come every 2 s (default real), or answers as the interface document
                        shows (contract); the status bar says which
  --dialect <d>         contract|openzeppelin|auto: the server's dialect (env RELAYER_TUI_DIALECT; default
                        auto: the OpenZeppelin Relayer is told by its public GET /api/v1/health)
  --context <name>      a context of the config file (env RELAYER_TUI_CONTEXT; default its current_context)
  --config <file>       the config file (default $RELAYER_TUI_CONFIG_DIR/config.yaml, else
                        $XDG_CONFIG_HOME/relayer-tui/config.yaml, else ~/.config/relayer-tui/config.yaml)
  --clipboard <how>     osc52|off: how y copies (env RELAYER_TUI_CLIPBOARD; default osc52)
  --forecast <on|off>   off: no forecast's reads (the cap's headroom, the balance's runway, a jam
                        forming, a failing RPC) in the TUI, check and fleet (env RELAYER_TUI_FORECAST)
  -h, --help            this help
  -v, --version         print the version`;

/** The environment variables read, each with what it does: --help's Environment block and the man page's ENVIRONMENT. */
export const ENVIRONMENT: readonly { name: string; does: string }[] = [
  { name: 'RELAYER_URL', does: 'the server\'s base URL, as --url (/api/v1 is added)' },
  { name: 'RELAYER_API_KEY', does: 'the API key for RELAYER_URL (never sent to a context\'s own URL)' },
  { name: 'RELAYER_TUI_READ_ONLY', does: '1: as --read-only' },
  { name: 'RELAYER_TUI_DIALECT', does: 'as --dialect' },
  { name: 'RELAYER_TUI_CONTEXT', does: 'as --context' },
  { name: 'RELAYER_TUI_CONFIG_DIR', does: 'the directory of config.yaml (before $XDG_CONFIG_HOME/relayer-tui)' },
  { name: 'RELAYER_TUI_CLIPBOARD', does: 'as --clipboard' },
  { name: 'RELAYER_TUI_FORECAST', does: 'as --forecast (on or off)' },
  { name: 'XDG_CONFIG_HOME', does: 'where the config file is (default ~/.config; see Files)' },
  { name: 'XDG_STATE_HOME', does: 'where the audit ledger and the drafts are (default ~/.local/state)' },
  { name: 'XDG_CACHE_HOME', does: 'code caches, where the package\'s directory is read-only (default ~/.cache)' },
  { name: 'NO_COLOR, TERM=dumb', does: 'a monochrome screen' },
];

/** The files written and read: --help's Files block and the man page's FILES. */
export const FILES: readonly { name: string; does: string }[] = [
  { name: '$XDG_CONFIG_HOME/relayer-tui/config.yaml', does: 'contexts and fleets (relayer-tui info prints its path)' },
  { name: '$XDG_STATE_HOME/relayer-tui/audit.jsonl', does: 'the audit ledger (every send and its outcome; mode 600)' },
  { name: '$XDG_STATE_HOME/relayer-tui/drafts/', does: 'unsent forms, kept across a dropped line (never a secret)' },
  { name: '$XDG_CACHE_HOME/relayer-tui/', does: 'code caches, where the package\'s own directory cannot be written' },
];

/** What --help says of keys on the wire: its Security block and the man page's SECURITY. */
export const SECURITY_TEXT = `  An http:// URL to a host other than this machine sends the API key in cleartext: the status bar
  then shows "http! cleartext". Use https://, or an SSH tunnel to a server that only listens on
  loopback (ssh -L 8080:127.0.0.1:8080 relayer-host, then --url http://127.0.0.1:8080).
  Redirects are never followed: the error says where one pointed.`;

/** A table of names and what each does, as --help prints it: the name, then its words from column 24 (or two spaces after). */
export function rowsText(rows: readonly { name: string; does: string }[]): string {
  return rows.map((r) => wrap(`  ${r.name.length <= 20 ? r.name.padEnd(22) : `${r.name}  `}${r.does}`, 24)).join('\n');
}

export const USAGE = `relayer-tui: ${SUMMARY}

Usage:
${COMMAND_LINES}

${OPERATIONS_TEXT}

Options:
${OPTIONS_TEXT}

Environment:
${rowsText(ENVIRONMENT)}

Files:
${rowsText(FILES)}

Exit codes (subcommands):
${exitCodesText('  ', 'short')}

Security:
${SECURITY_TEXT}
`;
