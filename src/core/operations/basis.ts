/**
 * What a review was built on, beyond its body (`BuiltRequest.basis`): a review read again before it
 * is sent goes out only if its basis is the same too. A replacement is reviewed against the
 * transaction as read (its status, hash, nonce and prices) and the relayer's policies; a policy edit
 * against the relayer's record as read. Anything in them that moved means the review said something
 * that is no longer so: it is shown again, nothing sent.
 */
import type { Relayer, Transaction } from '../../api/index.js';
import type { BuiltRequest, FormDefinition } from './types.js';

const TX_KEYS = ['status', 'hash', 'nonce', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'speed', 'gas_limit', 'value', 'to', 'data'] as const;
const RELAYER_KEYS = ['name', 'paused', 'system_disabled', 'policies', 'notification_id', 'custom_rpc_urls'] as const;

function pick(record: object | undefined, keys: readonly string[]): string {
  if (!record) return 'unread';
  const r = record as Record<string, unknown>;
  // (Exact integers may be bigints: spelled as digits, never thrown on.)
  return JSON.stringify(keys.map((k) => r[k] ?? null), (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

export const txBasis = (tx: Transaction | undefined): string => `tx ${pick(tx, TX_KEYS)}`;
export const relayerBasis = (relayer: Relayer | undefined): string => `relayer ${pick(relayer, RELAYER_KEYS)}`;

/** The definition whose every built request carries `basis` (added to any it has). */
export function withBasis(definition: FormDefinition, basis: string): FormDefinition {
  return {
    ...definition,
    build: (values) => {
      const built = definition.build(values);
      if (!('request' in built)) return built;
      return { ...built, request: { ...built.request, basis: built.request.basis === undefined ? basis : `${built.request.basis}|${basis}` } };
    },
  };
}

/** The same request: the same method, path and exact body, and what the review listed (its basis; the review's words may differ by their times). */
export function sameBuilt(a: BuiltRequest, b: BuiltRequest): boolean {
  return a.op === b.op && a.prepared.method === b.prepared.method && a.prepared.path === b.prepared.path && a.prepared.body === b.prepared.body && a.basis === b.basis;
}
