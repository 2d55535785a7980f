/** What is a mutation, and the one read-only refusal (the TUI's and the subcommands' alike). */

export type Mutation = 'replace' | 'cancel' | 'pause' | 'policies' | 'plugin' | 'notify';

export const MUTATIONS: Record<Mutation, string> = {
  replace: 'replacing a transaction',
  cancel: 'cancelling transactions',
  pause: 'pausing and resuming relayers',
  policies: "changing relayers' policies",
  plugin: 'calling a plugin',
  notify: 'creating a notification',
};

/** Why a mutation may not run: read-only, and where that came from (never a guess: a prod* context is not --read-only). */
export function readOnlyRefusal(m: Mutation, source: string | undefined): string {
  return `Read-only (${source ?? '--read-only'}): ${MUTATIONS[m]} is disabled`;
}
