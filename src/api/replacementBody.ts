/**
 * Replacement bodies (EVM, Solana, Stellar: the contract's groups A, B, C) and the field checks they
 * share with the other bodies: their types, which group a body is, and the body validated and
 * normalised for the dialect before it is sent (requests.ts prepares the request around it).
 */
import { invalidField } from './errors.js';
import { INT64, U128, toExactInteger, type IntegerInput } from './integers.js';
import type { Dialect } from './dialect.js';

export const SPEEDS = ['fastest', 'fast', 'average', 'safeLow'] as const;
export type Speed = (typeof SPEEDS)[number];

/** Group A: EVM. */
export interface EvmReplacementRequest {
  value: IntegerInput;
  to?: string | null;
  data?: string | null;
  gas_limit?: IntegerInput | null;
  gas_price?: IntegerInput | null;
  max_fee_per_gas?: IntegerInput | null;
  max_priority_fee_per_gas?: IntegerInput | null;
  speed?: Speed | null;
  valid_until?: string | null;
}

/** Group B: Solana. `transaction` is standard base64. */
export interface SolanaReplacementRequest {
  transaction: string;
}

/**
 * A Stellar memo as the operator gives it: hash/return as 64 hex digits (or 32 byte values), id as an
 * integer. It goes on the wire in the server's dialect (`normalizeMemo`): the interface document's
 * integer array and integer, or the OpenZeppelin Relayer's hex string and decimal string.
 */
export type MemoSpec =
  | { type: 'none' }
  | { type: 'text'; value: string }
  | { type: 'id'; value: IntegerInput }
  | { type: 'hash' | 'return'; value: string | number[] };

/** Group C: Stellar. */
export interface StellarReplacementRequest {
  network: string;
  operations?: unknown[] | null;
  transaction_xdr?: string | null;
  source_account?: string | null;
  memo?: MemoSpec | null;
  fee_bump?: boolean | null;
  max_fee?: IntegerInput | null;
  valid_until?: string | null;
}

export type ReplacementRequest = EvmReplacementRequest | SolanaReplacementRequest | StellarReplacementRequest;
export type ReplacementGroup = 'evm' | 'solana' | 'stellar';

const EVM_KEYS = ['value', 'to', 'data', 'gas_limit', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'speed', 'valid_until'];
const SOLANA_KEYS = ['transaction'];
const STELLAR_KEYS = ['network', 'operations', 'transaction_xdr', 'source_account', 'memo', 'fee_bump', 'max_fee', 'valid_until'];

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
export const NOTIFICATION_ID = /^[A-Za-z0-9_-]{1,36}$/;

export function isRfc3339(s: string): boolean {
  return RFC3339.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T')));
}
export function isBase64(s: string): boolean {
  return s.length > 0 && BASE64.test(s);
}
export function isHexAddress(s: string): boolean {
  return HEX_ADDRESS.test(s);
}
export function isHexData(s: string): boolean {
  return HEX_DATA.test(s);
}
export function isAbsoluteHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
export const present = (v: unknown) => v !== undefined && v !== null;

/** Which body group a replacement request belongs to, from its keys. */
export function replacementGroup(body: unknown): ReplacementGroup {
  if (!isObject(body)) throw invalidField('body', 'must be an object');
  const keys = Object.keys(body).filter((k) => body[k] !== undefined);
  const group: ReplacementGroup | undefined =
    'value' in body && body.value !== undefined
      ? 'evm'
      : 'transaction' in body && body.transaction !== undefined
        ? 'solana'
        : 'network' in body && body.network !== undefined
          ? 'stellar'
          : undefined;
  if (!group) throw invalidField('body', 'needs `value` (EVM), `transaction` (Solana) or `network` (Stellar)');
  const allowed = group === 'evm' ? EVM_KEYS : group === 'solana' ? SOLANA_KEYS : STELLAR_KEYS;
  const stray = keys.find((k) => !allowed.includes(k));
  if (stray) throw invalidField(stray, `is not a field of the ${group === 'evm' ? 'EVM' : group === 'solana' ? 'Solana' : 'Stellar'} replacement body`);
  return group;
}

function optString(field: string, v: unknown, check?: (s: string) => boolean, expect?: string): string | undefined {
  if (!present(v)) return undefined;
  if (typeof v !== 'string') throw invalidField(field, 'must be a string');
  if (check && !check(v)) throw invalidField(field, expect ?? 'has an invalid format');
  return v;
}

function validUntil(v: unknown): string | undefined {
  return optString('valid_until', v, isRfc3339, 'must be an RFC 3339 timestamp, e.g. 2030-01-01T15:04:05Z');
}

/**
 * Validates a replacement body and returns it normalised (integers as bigint, nulls dropped), encoded
 * for the dialect where the two differ (the memo).
 */
export function normalizeReplacement(body: ReplacementRequest, dialect: Dialect = 'contract'): { group: ReplacementGroup; body: Record<string, unknown> } {
  const group = replacementGroup(body);
  const b = body as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (group === 'evm') {
    out.value = toExactInteger('value', b.value, U128);
    const to = optString('to', b.to, (s) => s === '' || isHexAddress(s), 'must be an address: 0x and 40 hex digits');
    if (to !== undefined && to !== '') out.to = to;
    const data = optString('data', b.data, isHexData, 'must be 0x-prefixed hex with whole bytes');
    if (data !== undefined) out.data = data;
    if (present(b.gas_limit)) out.gas_limit = toExactInteger('gas_limit', b.gas_limit, INT64);
    if (present(b.gas_price)) out.gas_price = toExactInteger('gas_price', b.gas_price, U128);
    if (present(b.max_fee_per_gas)) out.max_fee_per_gas = toExactInteger('max_fee_per_gas', b.max_fee_per_gas, U128);
    if (present(b.max_priority_fee_per_gas))
      out.max_priority_fee_per_gas = toExactInteger('max_priority_fee_per_gas', b.max_priority_fee_per_gas, U128);
    const eip1559 = 'max_fee_per_gas' in out || 'max_priority_fee_per_gas' in out;
    if ('gas_price' in out && eip1559)
      throw invalidField('gas_price', 'cannot be combined with max_fee_per_gas / max_priority_fee_per_gas (legacy and EIP-1559 pricing)');
    if (eip1559 && !('max_fee_per_gas' in out && 'max_priority_fee_per_gas' in out))
      throw invalidField('max_fee_per_gas' in out ? 'max_priority_fee_per_gas' : 'max_fee_per_gas', 'is required with the other EIP-1559 field');
    if (eip1559 && (out.max_priority_fee_per_gas as bigint) > (out.max_fee_per_gas as bigint))
      throw invalidField('max_priority_fee_per_gas', 'must not exceed max_fee_per_gas');
    if (present(b.speed)) {
      if (!SPEEDS.includes(b.speed as Speed)) throw invalidField('speed', `must be one of ${SPEEDS.join(', ')}`);
      out.speed = b.speed;
    }
    const vu = validUntil(b.valid_until);
    if (vu !== undefined) out.valid_until = vu;
  } else if (group === 'solana') {
    const tx = b.transaction;
    if (typeof tx !== 'string' || !isBase64(tx)) throw invalidField('transaction', 'must be a non-empty standard base64 string');
    out.transaction = tx;
  } else {
    const network = b.network;
    if (typeof network !== 'string' || network.trim() === '') throw invalidField('network', 'is required');
    out.network = network;
    const hasOps = present(b.operations);
    const hasXdr = present(b.transaction_xdr);
    if (hasOps === hasXdr)
      throw invalidField(hasOps ? 'operations' : 'operations', hasOps ? 'and transaction_xdr are mutually exclusive: give one' : 'or transaction_xdr is required');
    if (hasOps) {
      if (!Array.isArray(b.operations)) throw invalidField('operations', 'must be a JSON array');
      if (b.operations.length === 0) throw invalidField('operations', 'must hold at least one operation');
      b.operations.forEach((op, i) => {
        if (!isObject(op) || typeof op.type !== 'string') throw invalidField(`operations[${i}]`, 'must be an object with a string `type`');
      });
      out.operations = b.operations;
    }
    if (hasXdr) {
      const xdr = b.transaction_xdr;
      if (typeof xdr !== 'string' || !isBase64(xdr)) throw invalidField('transaction_xdr', 'must be standard base64');
      out.transaction_xdr = xdr;
    }
    const src = optString('source_account', b.source_account);
    if (src !== undefined && src !== '') out.source_account = src;
    if (present(b.memo)) out.memo = normalizeMemo(b.memo, dialect);
    if (present(b.fee_bump)) {
      if (typeof b.fee_bump !== 'boolean') throw invalidField('fee_bump', 'must be true or false');
      if (b.fee_bump && !hasXdr) throw invalidField('fee_bump', 'is only valid with transaction_xdr');
      out.fee_bump = b.fee_bump;
    }
    if (present(b.max_fee)) out.max_fee = toExactInteger('max_fee', b.max_fee, INT64);
    const vu = validUntil(b.valid_until);
    if (vu !== undefined) out.valid_until = vu;
  }
  return { group, body: out };
}

function normalizeMemo(memo: unknown, dialect: Dialect): Record<string, unknown> {
  if (!isObject(memo) || typeof memo.type !== 'string') throw invalidField('memo', 'must be an object with a `type`');
  switch (memo.type) {
    case 'none':
      return { type: 'none' };
    case 'text': {
      if (typeof memo.value !== 'string') throw invalidField('memo.value', 'must be text');
      if (Buffer.byteLength(memo.value, 'utf8') > 28) throw invalidField('memo.value', 'text memo is at most 28 bytes');
      return { type: 'text', value: memo.value };
    }
    case 'id': {
      const id = toExactInteger('memo.value', memo.value, INT64);
      // The real server reads a decimal string; the interface document an integer.
      return { type: 'id', value: dialect === 'openzeppelin' ? id.toString() : id };
    }
    case 'hash':
    case 'return': {
      const bytes = memoBytes(memo.type, memo.value);
      // The real server reads 64 hex characters; the interface document an array of 32 integers.
      return { type: memo.type, value: dialect === 'openzeppelin' ? Buffer.from(bytes).toString('hex') : bytes };
    }
    default:
      throw invalidField('memo.type', 'must be one of none, text, id, hash, return');
  }
}

/** A hash/return memo's 32 bytes, from 64 hex digits (0x allowed) or 32 integers 0-255. */
function memoBytes(type: string, v: unknown): number[] {
  if (typeof v === 'string') {
    const hex = v.trim().replace(/^0x/i, '');
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw invalidField('memo.value', `${type} memo must be 64 hex digits (32 bytes)`);
    return [...Buffer.from(hex, 'hex')];
  }
  if (!Array.isArray(v) || v.length !== 32 || !v.every((x) => Number.isInteger(x) && x >= 0 && x <= 255))
    throw invalidField('memo.value', `${type} memo must be 64 hex digits or 32 bytes (integers 0-255)`);
  return v as number[];
}
