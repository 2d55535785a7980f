/**
 * Opening an operation (the registry's: core/operations/registry.ts) from any screen:
 * refused at the key, with the reason, when read-only, when the network cannot do it, or when the
 * client does not know the network (nothing is guessed); else its screen opens on the review. A
 * spec'd operation is refused in its spec's words (core/operations/spec.ts).
 */
import type { Relayer, Transaction } from '../api/index.js';
import { OPERATIONS, keyOperation, keyOperationOn, opensOnRelayer, type OperationTarget } from '../core/operations/registry.js';
import { refusalLine, type AnySpec, type Seen } from '../core/operations/spec.js';
import type { JamRead } from '../core/jam/read.js';
import { isSpecKind, loadSpec, loadedSpec, type SpecKind } from '../core/operations/specs.js';
import type { Jam } from '../core/jam/diagnose.js';
import { mutationBlocked } from './mutations.js';
import type { Services } from './services.js';
import type { CommandResult, ShellApi } from './shellContext.js';
import type { Route } from './state/shell.js';
import type { DraftTarget } from './forms/draftStore.js';

export type OperationRoute = Extract<Route, { kind: 'operation' }>;

/** Whether a keymap command opens an operation on a relayer (P, X on a relayer, p). */
export const isRelayerOperationKey = opensOnRelayer;

/**
 * The operation a key opens on a relayer (the registry's: P pauses, or resumes a paused one), opened
 * or refused in words; undefined when the key opens none there.
 */
/** `readAt`: when `relayer` was read (a pause or resume reviewed more than 15 s after reads it again before sending; none: read again always). */
export function openRelayerOperation(cmd: string, relayer: Relayer | undefined, relayerId: string, services: Services, shell: Pick<ShellApi, 'push' | 'dispatch'>, jam?: Jam, readAt?: number | null): CommandResult | undefined {
  if (!isRelayerOperationKey(cmd)) return undefined;
  if (!relayer) return `Relayer ${relayerId} is not read yet`;
  const op = keyOperation(cmd, relayer);
  if (op === null) return undefined;
  if (isSpecKind(op)) return openSpecOperation(op, { relayerId }, relayer, services, shell, readAt, undefined, jam);
  return undefined;
}

/**
 * A spec'd operation on its target (a relayer, one of its transactions — `seen.tx`, the row selected —
 * a notification, or a plugin — `seen.plugin`, its row) (core/operations/spec.ts): refused at the key in read-only mode; else its spec
 * loaded, refused in its words (a flash) where what the list read already refuses it, else its review
 * opened (the one generic route and screen), with the values it proposes for the relayer's jam (`jam`:
 * a cap raised for a jam at its cap).
 */
export function openSpecOperation(op: SpecKind, target: OperationTarget, relayer: Relayer | undefined, services: Services, shell: Pick<ShellApi, 'push' | 'dispatch'>, readAt?: number | null, seen?: Seen, jam?: Jam): CommandResult {
  const blocked = mutationBlocked(services, op);
  if (blocked) return blocked;
  const tx = seen?.tx;
  // Loaded already (specs.ts loadAllSpecs, after the first frame): opened in this frame; else once it loads.
  const open = (spec: AnySpec) => {
    const input = spec.known(services.client, target, relayer, seen);
    const refused = input && spec.refusal(input);
    const preset = jam && spec.propose?.(jam);
    // A draft kept on disk for it opens all the same: the form says the draft is stale (never applied) and n discards it.
    if (refused && !keptDraft(op, target, services)) shell.dispatch({ type: 'flash', text: refusalLine(refused, spec.refusedLead), tone: 'warn' });
    else shell.push({ kind: 'operation', op, target, ...(tx ? { tx } : {}), ...(seen?.plugin ? { plugin: seen.plugin } : {}), ...(readAt != null ? { readAt } : {}), ...(preset ? { preset } : {}), ...(seen?.bump ? { bump: true } : {}) });
  };
  const loaded = loadedSpec(op);
  if (loaded) open(loaded);
  else void loadSpec(op).then(open);
  return true;
}

/** Where an operation's draft is kept on disk (its registry entry's `draft`: the form, its relayer, the record it is on), or undefined when it keeps none. */
export function draftTarget(op: SpecKind, target: OperationTarget): DraftTarget | undefined {
  const form = OPERATIONS[op].draft;
  // The record it is on beside its relayer: a transaction, a plugin, a notification, a network.
  const on = target.txId ?? target.pluginId ?? target.notificationId ?? target.networkId;
  return form ? { form, ...(target.relayerId !== undefined ? { relayer: target.relayerId } : {}), ...(on !== undefined ? { target: on } : {}) } : undefined;
}

/** Whether a draft of the operation on this target is kept on disk. */
export function keptDraft(op: SpecKind, target: OperationTarget, services: Services): boolean {
  const where = draftTarget(op, target);
  return where !== undefined && services.draftStore?.load(where) != null;
}

/**
 * The operation a key opens on a transaction (the registry's: e replaces it, X cancels it), opened or
 * refused in words; undefined when the key opens none there. `bump`: a replacement starts a step up
 * (the stuck screen's e). `jam`: its relayer's jam as last read (a review's notes).
 */
export function openTransactionOperation(cmd: string, tx: Transaction, relayerId: string, relayer: Relayer | undefined, services: Services, shell: Pick<ShellApi, 'push' | 'dispatch'>, readAt: number | null | undefined, jam?: JamRead, bump?: boolean): CommandResult | undefined {
  const op = keyOperationOn(cmd, 'txId');
  if (op === null || !isSpecKind(op)) return undefined;
  return openSpecOperation(op, { relayerId, txId: tx.id }, relayer, services, shell, readAt, { tx, ...(jam ? { jam } : {}), ...(bump ? { bump } : {}) });
}
