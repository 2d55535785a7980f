/** The headless subcommands (src/headless/): the lists, the mutations, readiness and the fleet. */
export const HEADLESS_COMMANDS = ['relayers', 'txs', 'plugins', 'replace', 'cancel', 'pause', 'resume', 'plugin', 'notify', 'ready', 'fleet', 'audit'] as const;
export type HeadlessCommand = (typeof HEADLESS_COMMANDS)[number];

/** The words that make a command line something other than the TUI when they come first. */
const ONE_SHOT_FIRST: readonly string[] = [...HEADLESS_COMMANDS, 'info', 'contexts', 'completion', '__complete', 'sandbox'];

/**
 * Whether a command line is a one-shot (a subcommand, help or version) rather than the TUI, read
 * without the grammar (the launcher asks it before loading any bundle). A guess either way is still
 * run right (each bundle hands the other's commands on); it only decides which bundle loads first.
 */
export function isOneShot(argv: readonly string[]): boolean {
  return ONE_SHOT_FIRST.includes(argv[0] ?? '') || argv.some((a) => a === '-h' || a === '--help' || a === '-v' || a === '--version');
}

/**
 * A one-shot that reads page after page (`--all`, the fleet): it keeps V8's optimizing compiler for
 * the HTTP client's WebAssembly parser, which pays for itself over many answers (the launcher keeps a
 * short one-shot on the baseline compiler, so as not to wait for that compile at exit).
 */
export function isLongRead(argv: readonly string[]): boolean {
  return argv[0] === 'fleet' || argv.includes('--all');
}
