/**
 * The spec'd operations' modules (spec.ts), each loaded on first use by a dynamic import: the launcher
 * and the registry (registry.ts, read for the command words) load none of them. The compiler holds the
 * set: a kind in `SpecKind` without a loader here does not build, nor a loader of another kind's spec.
 */
import type { OperationKind } from './registry.js';
import type { AnySpec, OperationSpec } from './spec.js';

/** Each spec'd kind's module, loaded on first use (its key the kind: `satisfies` refuses a loader of another kind's spec). */
export const SPECS = {
  pause: () => import('./pause.js').then((m) => m.pauseSpec),
  resume: () => import('./pause.js').then((m) => m.resumeSpec),
  cancel: () => import('./cancel.js').then((m) => m.cancelSpec),
  'cancel-pending': () => import('./cancel.js').then((m) => m.cancelPendingSpec),
  'notification-delete': () => import('./notifications.js').then((m) => m.notificationDeleteSpec),
  'relayer-delete': () => import('./relayerDelete.js').then((m) => m.relayerDeleteSpec),
  withdraw: () => import('./withdraw.js').then((m) => m.withdrawSpec),
  send: () => import('./send.js').then((m) => m.sendSpec),
  replace: () => import('./replace.js').then((m) => m.replaceSpec),
  'network-update': () => import('./networkUpdate.js').then((m) => m.networkUpdateSpec),
  'notification-create': () => import('./notify.js').then((m) => m.notifySpec),
  'notification-update': () => import('./notifications.js').then((m) => m.notificationUpdateSpec),
  'plugin-update': () => import('./pluginUpdate.js').then((m) => m.pluginUpdateSpec),
  'plugin-call': () => import('./plugin.js').then((m) => m.pluginCallSpec),
  'policy-edit': () => import('./policyEditSpec.js').then((m) => m.policyEditSpec),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
} satisfies { [K in OperationKind]?: () => Promise<OperationSpec<K, any>> };

/** The kinds driven by a spec (the others still by their own forms and headless PREPARE). */
export type SpecKind = keyof typeof SPECS;

export const SPEC_KINDS = Object.keys(SPECS) as SpecKind[];

export function isSpecKind(kind: string): kind is SpecKind {
  return Object.hasOwn(SPECS, kind);
}

const loaded = new Map<SpecKind, AnySpec>();

/** The spec of a kind, loaded once. */
export async function loadSpec(kind: SpecKind): Promise<AnySpec> {
  const have = loaded.get(kind);
  if (have) return have;
  const spec: AnySpec = await SPECS[kind]();
  loaded.set(kind, spec);
  return spec;
}

/** The spec of a kind if it is loaded already (a screen's first frame), else undefined. */
export const loadedSpec = (kind: SpecKind): AnySpec | undefined => loaded.get(kind);

/** Every spec loaded (after the first frame: a key then opens its operation in the same frame). */
export function loadAllSpecs(): Promise<unknown> {
  return Promise.all(SPEC_KINDS.map(loadSpec));
}
