/** The headless subcommands (src/headless/): the lists and the three mutations. */
export const HEADLESS_COMMANDS = ['relayers', 'txs', 'replace', 'plugin', 'notify'] as const;
export type HeadlessCommand = (typeof HEADLESS_COMMANDS)[number];
