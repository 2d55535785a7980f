/** A relayer's state in words, a transaction status's tone, and which network a relayer (or a transaction's shape) is. */
import type { Relayer, Transaction } from '../api/index.js';
import type { Tone } from './tone.js';

export type RelayerState = 'active' | 'paused' | 'disabled';

export function relayerState(r: Relayer): RelayerState {
  if (r.system_disabled) return 'disabled';
  if (r.paused) return 'paused';
  return 'active';
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
