/** The headless subcommands (src/headless/): the lists, the mutations, readiness and the fleet. */
export const HEADLESS_COMMANDS = ['relayers', 'txs', 'plugins', 'replace', 'cancel', 'pause', 'resume', 'plugin', 'notify', 'ready', 'fleet', 'audit'] as const;
export type HeadlessCommand = (typeof HEADLESS_COMMANDS)[number];
