/** The headless subcommands (src/headless/): the lists, the three mutations and the fleet. */
export const HEADLESS_COMMANDS = ['relayers', 'txs', 'replace', 'plugin', 'notify', 'fleet'] as const;
export type HeadlessCommand = (typeof HEADLESS_COMMANDS)[number];
