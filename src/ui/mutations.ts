/**
 * The one place that decides what is a mutation and whether it may run. Screens ask before opening
 * a form and again before sending; read-only mode refuses every operation (core/operations/registry.ts:
 * each entry says what it refuses, which key opens it and which screen performs it).
 */
import type { Command } from './keymap.js';
import type { Services } from './services.js';
import type { Route } from './state/shell.js';
import { OPERATION_KINDS, OPERATIONS, readOnlyRefusal, type OperationKind } from '../core/operations/registry.js';

/** Why the operation may not run now, or null when it may. */
export function mutationBlocked(services: Pick<Services, 'readOnly' | 'readOnlySource'>, kind: OperationKind): string | null {
  if (services.readOnly) return readOnlyRefusal(kind, services.readOnlySource);
  return null;
}

/** The operation a screen exists to perform, if any: such screens do not open in read-only mode. */
export function routeOperation(route: Route): OperationKind | null {
  return route.kind === 'operation' ? route.op : null;
}

/** Keymap commands that open an operation (their keys still answer with the reason). */
export function isMutationCommand(cmd: Command): boolean {
  return OPERATION_KINDS.some((k) => { const o = OPERATIONS[k].opens; return 'key' in o && o.key === cmd; });
}
