/**
 * The one place that decides what is a mutation and whether it may run. Screens ask before opening
 * a form and again before sending; read-only mode refuses every operation (core/operations/registry.ts).
 */
import type { Command } from './keymap.js';
import type { Services } from './services.js';
import type { Route } from './state/shell.js';
import { readOnlyRefusal, type Mutation } from '../core/operations/mutations.js';


/** Why the mutation may not run now, or null when it may. */
export function mutationBlocked(services: Pick<Services, 'readOnly' | 'readOnlySource'>, m: Mutation): string | null {
  if (services.readOnly) return readOnlyRefusal(m, services.readOnlySource);
  return null;
}

/** The mutation a screen exists to perform, if any: such screens do not open in read-only mode. */
export function routeMutation(route: Route): Mutation | null {
  switch (route.kind) {
    case 'replace':
      return 'replace';
    case 'cancel':
    case 'cancelPending':
      return 'cancel';
    case 'pause':
      return 'pause';
    case 'policies':
      return 'policies';
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
  return cmd === 'edit' || cmd === 'cancel' || cmd === 'cancelPending' || cmd === 'pause' || cmd === 'policies';
}
