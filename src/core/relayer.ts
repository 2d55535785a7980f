/** A relayer's state in words, a transaction status's tone, and which network a relayer (or a transaction's shape) is. */
import type { DisabledReason, Relayer, Transaction } from '../api/index.js';
import type { Tone } from './tone.js';
import { isCanceling } from './status.js';

export type RelayerState = 'active' | 'paused' | 'disabled';

export function relayerState(r: Relayer): RelayerState {
  if (r.system_disabled) return 'disabled';
  if (r.paused) return 'paused';
  return 'active';
}

/** The real server's reason types in words (its `details` are fixed texts, or a list for Multiple). */
const REASONS: Record<string, string> = {
  NonceSyncFailed: 'the nonce could not be synchronized',
  RpcValidationFailed: 'an RPC endpoint failed validation',
  BalanceCheckFailed: 'the balance is below the minimum',
  SequenceSyncFailed: 'the sequence number could not be synchronized',
};

/**
 * Why a relayer is disabled, one text per reason of the tree (Multiple flattened, at most 20): the
 * type always (what the server's docs and logs name), then what it says or means in words. Raw
 * server text: sanitize before drawing.
 */
export function disabledReasons(reason: DisabledReason | null | undefined): string[] {
  if (reason === null || reason === undefined) return [];
  const out: string[] = [];
  const stack: DisabledReason[] = [reason];
  while (stack.length > 0 && out.length < 20) {
    const r = stack.pop()!;
    if (typeof r === 'string') {
      out.push(r);
      continue;
    }
    if (Array.isArray(r.details)) {
      for (let i = r.details.length - 1; i >= 0; i--) stack.push(r.details[i]!);
      continue;
    }
    const said = typeof r.details === 'string' && r.details ? r.details : REASONS[r.type];
    out.push(said ? `${r.type}: ${said}` : String(r.type));
  }
  return out;
}

export const RELAYER_STATE_TONE: Record<RelayerState, Tone> = { active: 'ok', paused: 'warn', disabled: 'bad' };

/**
 * A relayer's state with what the client found of it: jammed (core/jam), low (its balance under its
 * minimum) — and, where its jam is not known, why: `reading…` (its diagnosis not read yet) or `not
 * diagnosed` (its reads failed, or the server answered what cannot be diagnosed). Never `active` then.
 */
/** `soon`: heading for trouble (a forecast stands: core/forecast), after every state of today. */
export type RelayerMark = RelayerState | 'jammed' | 'low' | 'not diagnosed' | 'reading…' | 'soon';

/** Its jam not known: being read, or not diagnosed (core/jam/read.ts says why). */
export type JamUnknown = 'reading' | 'not_diagnosed';

// What is known to be wrong first; what is not known after it, and in place of `active`.
const MARK_ORDER: readonly RelayerMark[] = ['disabled', 'jammed', 'paused', 'low', 'not diagnosed', 'reading…', 'soon'];

/**
 * Whether a relayer's jam is not known: `reading` while its diagnosis has not come (`read`, a
 * core/jam/read.ts JamRead — typed by its kind alone: read.ts imports this file — undefined),
 * `not_diagnosed` when it came without one; null when it was diagnosed, or when no jam diagnosis applies
 * to it (a Solana or Stellar relayer: core/jam reads an EVM chain's nonces — its state is the server's).
 */
export function jamUnknown(r: Relayer, read: { readonly kind: 'diagnosed' | 'not_diagnosed' } | undefined): JamUnknown | null {
  const kind = networkKind(r.network_type);
  if (kind === 'solana' || kind === 'stellar') return null;
  if (read === undefined) return 'reading';
  return read.kind === 'not_diagnosed' ? 'not_diagnosed' : null;
}

/**
 * Every state that holds of a relayer, worst first — disabled, jammed, paused, low, then its jam not
 * known (not diagnosed, reading…), then `soon` (a forecast stands); `active` only when none holds. The relayers list's STATE and check's
 * `state` show the first; the detail lists them all.
 */
export function relayerMarks(r: Relayer, found: { jammed?: boolean; low?: boolean; unknown?: JamUnknown | null; soon?: boolean }): RelayerMark[] {
  const st = relayerState(r);
  const holds: Record<RelayerMark, boolean> = {
    disabled: st === 'disabled',
    jammed: found.jammed === true,
    paused: st === 'paused',
    low: found.low === true,
    'not diagnosed': found.jammed !== true && found.unknown === 'not_diagnosed',
    'reading…': found.jammed !== true && found.unknown === 'reading',
    soon: found.soon === true,
    active: false,
  };
  const out = MARK_ORDER.filter((m) => holds[m]);
  return out.length ? out : ['active'];
}

export const RELAYER_MARK_TONE: Record<RelayerMark, Tone> = { ...RELAYER_STATE_TONE, jammed: 'warn', low: 'warn', 'not diagnosed': 'warn', 'reading…': 'muted', soon: 'warn' };

const STATUS_TONE: Record<string, Tone> = {
  pending: 'info',
  sent: 'info',
  submitted: 'accent',
  mined: 'ok',
  confirmed: 'ok',
  failed: 'bad',
  expired: 'warn',
  canceled: 'muted',
};

/** A status's tone: a cancel in flight and a status the client does not know draw the eye (warn), never plain. */
export function statusTone(status: string | null | undefined, isCanceled?: boolean | null): Tone {
  if (isCanceling({ status: status ?? '', is_canceled: isCanceled })) return 'warn';
  return STATUS_TONE[(status ?? '').toLowerCase()] ?? 'warn';
}

/** The network types the client knows (the one list: forms, columns, refusals read it). */
export const NETWORK_TYPES = ['evm', 'solana', 'stellar'] as const;
export type NetworkKind = (typeof NETWORK_TYPES)[number];

/**
 * The relayer's network type; when the server sends none, what a transaction's shape says. Never a
 * guess: a network type the client does not know (a newer server's) is 'unknown', and so is a relayer
 * with none whose transactions say nothing — no form is built for it.
 */
export function networkKind(networkType: string | null | undefined, sample?: Transaction): NetworkKind | 'unknown' {
  const t = (networkType ?? '').toLowerCase();
  if ((NETWORK_TYPES as readonly string[]).includes(t)) return t as NetworkKind;
  if (t !== '') return 'unknown';
  if (sample) {
    if ('sequence_number' in sample || 'source_account' in sample) return 'stellar';
    if ('nonce' in sample || 'gas_limit' in sample || 'value' in sample) return 'evm';
    if ('transaction' in sample || typeof sample.signature === 'string') return 'solana';
  }
  return 'unknown';
}

/** Why no replace or cancel is offered for a relayer of a network type the client does not know. */
export function unknownNetworkWords(relayerId: string, networkType: string | null | undefined): string {
  return networkType
    ? `relayer ${relayerId} has network type "${networkType}", which this client does not know: no request is guessed for it (its transactions are shown as they are)`
    : `relayer ${relayerId} has no network type and its transactions do not say which network they are: no request is guessed for it`;
}
