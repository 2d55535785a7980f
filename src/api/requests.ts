/**
 * Request bodies: types, validation before sending, and the exact JSON that goes on the wire.
 * The review screen shows `PreparedRequest.displayBody`, built by the same code that builds `body`.
 */
import { invalidField } from './errors.js';
import { INT64, U128, toExactInteger, type IntegerInput } from './integers.js';
import type { Dialect } from './dialect.js';
import { stringifyJson } from './json.js';
import type { z } from 'zod/mini';

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

export interface NotificationCreateRequest {
  url: string;
  id?: string | null;
  type?: 'webhook' | null;
  signing_key?: string | null;
}

export interface PreparedRequest {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under the base URL, starting with /api/v1. */
  path: string;
  /** Exact JSON text sent (undefined for GET). */
  body?: string;
  /** The same JSON pretty-printed for review, with secrets masked. */
  displayBody?: string;
  /** A list's page size: an answer with more rows is cut to it. */
  perPage?: number;
  /**
   * The answer may come without the {success, data} envelope: a 2xx JSON body is then the value
   * itself, a failure's JSON body its `data` (a raw_response plugin, JSON-RPC, /ready).
   */
  bare?: boolean;
  /** A POST that changes nothing (a JSON-RPC read): retried and read like a GET. */
  safe?: boolean;
  /**
   * A page whose rows are wanted as the server wrote them too (`Page.lines`: NDJSON passes them on):
   * the rows' schema, which the scan of the body checks each row with (pageLines.ts).
   */
  lines?: z.ZodMiniType;
  /** Sent without the Authorization header (GET /api/v1/ready is public). */
  public?: boolean;
  /** Never retried: its failure is the answer (/ready's 503 says "not ready", not "try again"). */
  once?: boolean;
}

/** Whether a request may change something on the server (its outcome rules: never retried, "outcome unknown"). */
export function isMutation(req: Pick<PreparedRequest, 'method' | 'safe'>): boolean {
  return req.method !== 'GET' && !req.safe;
}

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

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const present = (v: unknown) => v !== undefined && v !== null;

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
  return optString('valid_until', v, isRfc3339, 'must be an RFC 3339 timestamp, e.g. 2026-11-22T15:04:05Z');
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

/** Validates a notification body and returns it normalised. */
export function normalizeNotification(body: NotificationCreateRequest): Record<string, unknown> {
  if (!isObject(body)) throw invalidField('body', 'must be an object');
  const stray = Object.keys(body).find((k) => !['url', 'id', 'type', 'signing_key'].includes(k) && (body as unknown as Record<string, unknown>)[k] !== undefined);
  if (stray) throw invalidField(stray, 'is not a field of a notification');
  const out: Record<string, unknown> = {};
  if (typeof body.url !== 'string' || body.url.trim() === '') throw invalidField('url', 'is required');
  if (!isAbsoluteHttpUrl(body.url)) throw invalidField('url', 'must be an absolute http(s) URL, e.g. https://ops.example.com/hook');
  if (present(body.id) && body.id !== '') {
    if (typeof body.id !== 'string' || !NOTIFICATION_ID.test(body.id))
      throw invalidField('id', 'must be 1-36 letters, digits, - or _');
    out.id = body.id;
  }
  if (present(body.type) && body.type !== 'webhook') throw invalidField('type', 'must be webhook');
  out.type = 'webhook';
  out.url = body.url;
  if (present(body.signing_key) && body.signing_key !== '') {
    if (typeof body.signing_key !== 'string') throw invalidField('signing_key', 'must be a string');
    out.signing_key = body.signing_key;
  }
  return out;
}

export function maskSecret(secret: string): string {
  return `•••• (${[...secret].length} chars)`;
}

const seg = (s: string) => encodeURIComponent(s);

function requireId(field: string, v: unknown): string {
  if (typeof v !== 'string' || v === '') throw invalidField(field, 'is required');
  // Dot segments: a proxy (or curl) normalizes `…/transactions/..` into another endpoint.
  if (v === '.' || v === '..') throw invalidField(field, `"${v}" is not an id (a path would read it as a directory)`);
  return v;
}

export function prepareReplaceTransaction(relayerId: string, transactionId: string, body: ReplacementRequest, dialect: Dialect = 'contract'): PreparedRequest {
  const path = `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}/transactions/${seg(requireId('transaction_id', transactionId))}`;
  const n = normalizeReplacement(body, dialect);
  return { method: 'PUT', path, body: stringifyJson(n.body), displayBody: stringifyJson(n.body, 2) };
}

/**
 * A plugin route (`/verify`): passed to the plugin after `/call` (OpenZeppelin Relayer). Plain path
 * segments only: each is encoded, so nothing typed can reach another endpoint.
 */
export function pluginRoute(route: string | undefined): string {
  const r = (route ?? '').trim();
  if (r === '' || r === '/') return '';
  if (/[?#\\]/.test(r)) throw invalidField('route', 'a path such as /verify (no ? or #)');
  const parts = r.replace(/^\/+/, '').split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw invalidField('route', 'a path such as /verify or /a/b (no empty, . or .. segments)');
  return `/${parts.map(seg).join('/')}`;
}

export function preparePluginCall(pluginId: string, params: unknown, route?: string): PreparedRequest {
  const path = `/api/v1/plugins/${seg(requireId('plugin_id', pluginId))}/call${pluginRoute(route)}`;
  const b = { params: params === undefined ? null : params };
  // A raw_response plugin answers with its bare result (no envelope).
  return { method: 'POST', path, body: stringifyJson(b), displayBody: stringifyJson(b, 2), bare: true };
}

const relayerPath = (relayerId: string) => `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}`;

/** DELETE /relayers/{rid}/transactions/{tid}: cancel one transaction (OpenZeppelin Relayer). */
/** Words of the path after /transactions/ that the server routes elsewhere: never a transaction id here. */
const TRANSACTION_ROUTES = ['pending', 'by-nonce'];

export function prepareCancelTransaction(relayerId: string, transactionId: string): PreparedRequest {
  // DELETE …/transactions/pending is "cancel every pending one": an id "pending" must never become it.
  if (TRANSACTION_ROUTES.includes(transactionId)) throw invalidField('transaction_id', `"${transactionId}" is not a transaction id: the server routes it to another endpoint (every pending one is --all-pending)`);
  return { method: 'DELETE', path: `${relayerPath(relayerId)}/transactions/${seg(requireId('transaction_id', transactionId))}` };
}

/** DELETE /relayers/{rid}/transactions/pending: cancel every pending one (OpenZeppelin Relayer). */
export function prepareCancelPending(relayerId: string): PreparedRequest {
  return { method: 'DELETE', path: `${relayerPath(relayerId)}/transactions/pending` };
}

/** PATCH /relayers/{rid} with exactly `{"paused": true|false}` and nothing else (a JSON merge patch). */
export function prepareSetPaused(relayerId: string, paused: boolean): PreparedRequest {
  if (typeof paused !== 'boolean') throw invalidField('paused', 'must be true or false');
  const b = { paused };
  return { method: 'PATCH', path: relayerPath(relayerId), body: stringifyJson(b), displayBody: stringifyJson(b, 2) };
}

/** A policy merge patch: u128 amounts as bigint (written as JSON numbers, exact), booleans, address lists, null to remove. */
export type PolicyPatch = Record<string, bigint | boolean | string[] | null>;

/** PATCH /relayers/{rid} with exactly `{"policies": {…}}`: only the keys changed (RFC 7396; null removes one). */
export function preparePatchPolicies(relayerId: string, patch: PolicyPatch): PreparedRequest {
  if (Object.keys(patch).length === 0) throw invalidField('policies', 'nothing to change');
  const b = { policies: patch };
  return { method: 'PATCH', path: relayerPath(relayerId), body: stringifyJson(b), displayBody: stringifyJson(b, 2) };
}

/** GET /api/v1/ready (OpenZeppelin Relayer, public): 200 ready, 503 not, JSON without the envelope either way. */
export function prepareReadiness(): PreparedRequest {
  return { method: 'GET', path: '/api/v1/ready', bare: true, public: true, once: true };
}

/** GET /plugins (OpenZeppelin Relayer). */
export function prepareListPlugins(q?: PageQuery): PreparedRequest {
  return { method: 'GET', path: `/api/v1/plugins${pageQuery(q)}`, perPage: q?.perPage ?? 10 };
}

/**
 * The JSON-RPC methods the client may send through POST /relayers/{rid}/rpc: reads only, chosen here.
 * The server forwards ANY method (eth_sendRawTransaction included), so a method never comes from the
 * server or from what an operator types.
 */
export const RPC_READ_METHODS = ['eth_getTransactionCount', 'eth_blockNumber', 'eth_chainId', 'eth_gasPrice', 'eth_getTransactionByHash'] as const;
export type RpcReadMethod = (typeof RPC_READ_METHODS)[number];

/** POST /relayers/{rid}/rpc with one read-only method of RPC_READ_METHODS (anything else is refused here). */
export function prepareRpcRead(relayerId: string, method: RpcReadMethod, params: readonly string[]): PreparedRequest {
  if (!(RPC_READ_METHODS as readonly string[]).includes(method)) throw invalidField('method', `not a read-only method of this client (${RPC_READ_METHODS.join(', ')})`);
  if (!params.every((p) => typeof p === 'string' && /^[0-9A-Za-z]{1,80}$/.test(p))) throw invalidField('params', 'addresses and block tags only');
  const b = { jsonrpc: '2.0', method, params, id: 1 };
  return { method: 'POST', path: `${relayerPath(relayerId)}/rpc`, body: stringifyJson(b), displayBody: stringifyJson(b, 2), bare: true, safe: true };
}

export function prepareCreateNotification(body: NotificationCreateRequest): PreparedRequest {
  const n = normalizeNotification(body);
  const display = { ...n };
  if (typeof n.signing_key === 'string') display.signing_key = maskSecret(n.signing_key);
  return { method: 'POST', path: '/api/v1/notifications', body: stringifyJson(n), displayBody: stringifyJson(display, 2) };
}

export interface PageQuery {
  page?: number;
  perPage?: number;
}

/** Transaction statuses (the real server filters by them with ?status=). */
export const TRANSACTION_STATUSES = ['pending', 'sent', 'submitted', 'mined', 'confirmed', 'failed', 'expired', 'canceled'] as const;

export interface TransactionsQuery extends PageQuery {
  /** Server-side filter (OpenZeppelin Relayer only). */
  status?: string;
}

/** Validates page/per_page: integers >= 1 (page=0 is unsafe on the real server and never sent). */
export function pageQuery(q: PageQuery | undefined): string {
  const page = q?.page ?? 1;
  const perPage = q?.perPage ?? 10;
  if (!Number.isSafeInteger(page) || page < 1 || page > 0xffffffff) throw invalidField('page', 'must be a whole number from 1');
  if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > 0xffffffff) throw invalidField('per_page', 'must be a whole number from 1');
  return `?page=${page}&per_page=${perPage}`;
}

export function prepareListRelayers(q?: PageQuery): PreparedRequest {
  return { method: 'GET', path: `/api/v1/relayers${pageQuery(q)}`, perPage: q?.perPage ?? 10 };
}

export function prepareListTransactions(relayerId: string, q?: TransactionsQuery): PreparedRequest {
  let status = '';
  if (q?.status !== undefined) {
    if (!(TRANSACTION_STATUSES as readonly string[]).includes(q.status)) throw invalidField('status', `must be one of ${TRANSACTION_STATUSES.join(', ')}`);
    status = `&status=${q.status}`;
  }
  return { method: 'GET', path: `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}/transactions/${pageQuery(q)}${status}`, perPage: q?.perPage ?? 10 };
}

/** GET /relayers/{id}/status (OpenZeppelin Relayer). */
export function prepareRelayerStatus(relayerId: string): PreparedRequest {
  return { method: 'GET', path: `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}/status` };
}

/** GET /relayers/{id}/transactions/{tx_id} (OpenZeppelin Relayer). */
export function prepareGetTransaction(relayerId: string, transactionId: string): PreparedRequest {
  return { method: 'GET', path: `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}/transactions/${seg(requireId('transaction_id', transactionId))}` };
}

/** GET /relayers/{id}/transactions/by-nonce/{nonce} (OpenZeppelin Relayer). */
export function prepareGetTransactionByNonce(relayerId: string, nonce: string): PreparedRequest {
  if (!/^\d{1,20}$/.test(nonce)) throw invalidField('nonce', 'must be a whole number');
  return { method: 'GET', path: `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}/transactions/by-nonce/${nonce}` };
}
