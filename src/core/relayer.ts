/** A relayer's state in words, a transaction status's tone, and which network a relayer (or a transaction's shape) is. */
import type { DisabledReason, Relayer, Transaction } from '../api/index.js';
import type { Tone } from './tone.js';

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

export function statusTone(status: string | null | undefined): Tone {
  return STATUS_TONE[(status ?? '').toLowerCase()] ?? 'plain';
}

export type NetworkKind = 'evm' | 'solana' | 'stellar';

/** The relayer's network type, else what the transaction's shape says. */
export function networkKind(networkType: string | null | undefined, sample?: Transaction): NetworkKind {
  const t = (networkType ?? '').toLowerCase();
  if (t === 'evm' || t === 'solana' || t === 'stellar') return t;
  if (sample) {
    if ('sequence_number' in sample || 'source_account' in sample) return 'stellar';
    if ('nonce' in sample || 'gas_limit' in sample || 'value' in sample) return 'evm';
    if ('transaction' in sample || typeof sample.signature === 'string') return 'solana';
  }
  return 'evm';
}
