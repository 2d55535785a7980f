/**
 * The one place that decides what is a mutation and whether it may run. Screens ask before opening
 * a form and again before sending; read-only mode refuses all three operations.
 */
import type { Command } from './keymap.js';
import type { Services } from './services.js';
import type { Route } from './state/shell.js';

export type Mutation = 'replace' | 'plugin' | 'notify';

export const MUTATIONS: Record<Mutation, string> = {
  replace: 'replacing a transaction',
  plugin: 'calling a plugin',
  notify: 'creating a notification',
};

/** Why the mutation may not run now, or null when it may. */
export function mutationBlocked(services: Pick<Services, 'readOnly' | 'readOnlySource'>, m: Mutation): string | null {
  // The real source, never a guess: a prod* context is not --read-only.
  if (services.readOnly) return `Read-only (${services.readOnlySource ?? '--read-only'}): ${MUTATIONS[m]} is disabled`;
  return null;
}

/** The mutation a screen exists to perform, if any: such screens do not open in read-only mode. */
export function routeMutation(route: Route): Mutation | null {
  switch (route.kind) {
    case 'replace':
      return 'replace';
    case 'plugin':
      return 'plugin';
    case 'notify':
      return 'notify';
    default:
      return null;
  }
}

/** Keymap commands that open a mutation form (their keys still answer with the reason). */
export function isMutationCommand(cmd: Command): boolean {
  return cmd === 'edit';
}
