/**
 * Requests: their bodies validated before sending (replacementBody.ts for a replacement's), the exact
 * JSON that goes on the wire, and each endpoint's prepared request.
 * The review screen shows `PreparedRequest.displayBody`, built by the same code that builds `body`.
 */
import { maskUrl } from './maskUrl.js';
import { invalidField } from './errors.js';
import type { Dialect } from './dialect.js';
import { stringifyJson } from './json.js';
import { isAbsoluteHttpUrl, isObject, normalizeReplacement, NOTIFICATION_ID, present, type ReplacementGroup, type ReplacementRequest } from './replacementBody.js';
import { normalizeSend, type SendRequest } from './sendBody.js';
export * from './replacementBody.js';
export * from './sendBody.js';
import type { z } from 'zod/mini';

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
  /** The answer is text, not JSON (v1.8's Prometheus text): a 2xx that is not an HTML page is its own `data`, as sent. */
  text?: boolean;
  /** Sent without the Authorization header (GET /api/v1/ready is public). */
  public?: boolean;
  /** Never retried: its failure is the answer (/ready's 503 says "not ready", not "try again") — but a public one is asked again after a 429's Retry-After (transport.ts). */
  once?: boolean;
}

/** Whether a request may change something on the server (its outcome rules: never retried, "outcome unknown"). */
export function isMutation(req: Pick<PreparedRequest, 'method' | 'safe'>): boolean {
  return req.method !== 'GET' && !req.safe;
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
 * POST /relayers/{id}/transactions: a new transaction (OpenZeppelin Relayer; the interface document
 * has no such endpoint), its body read by the relayer's network type (sendBody.ts): normalized and
 * written exactly once.
 */
export function prepareSendTransaction(relayerId: string, body: SendRequest, group: ReplacementGroup = 'evm'): PreparedRequest {
  const path = `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}/transactions`;
  const n = normalizeSend(body, group);
  return { method: 'POST', path, body: stringifyJson(n), displayBody: stringifyJson(n, 2) };
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

/**
 * GET /plugins/{id}/call{route}?{query} (OpenZeppelin Relayer, a plugin with `allow_get_invocation`;
 * else 405): no body — the plugin sees `{}` as its params and the query as given. Sent once: a GET
 * here still runs the plugin, so it is never retried.
 */
export function preparePluginGet(pluginId: string, route: string | undefined, query: readonly (readonly [string, string])[]): PreparedRequest {
  const q = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
  return { method: 'GET', path: `/api/v1/plugins/${seg(requireId('plugin_id', pluginId))}/call${pluginRoute(route)}${q ? `?${q}` : ''}`, bare: true, once: true };
}

/** What PATCH /plugins/{id} changes (v1.8 UpdatePluginRequest, deny_unknown_fields): only the keys given. */
export interface PluginUpdate {
  timeout?: number;
  emit_logs?: boolean;
  emit_traces?: boolean;
  raw_response?: boolean;
  allow_get_invocation?: boolean;
  forward_logs?: boolean;
  /** The plugin's own settings, a JSON object; null asks it cleared (v1.8 reads null as absent: see pluginUpdate.ts). */
  config?: Record<string, unknown> | null;
}

export const PLUGIN_UPDATE_KEYS = ['timeout', 'emit_logs', 'emit_traces', 'raw_response', 'allow_get_invocation', 'forward_logs', 'config'] as const;

/** PATCH /plugins/{id} with exactly the keys given (OpenZeppelin Relayer). */
export function preparePluginUpdate(pluginId: string, body: PluginUpdate): PreparedRequest {
  const keys = PLUGIN_UPDATE_KEYS.filter((k) => body[k] !== undefined);
  if (keys.length === 0) throw invalidField('plugin', 'nothing to change');
  if (body.timeout !== undefined && !(Number.isSafeInteger(body.timeout) && body.timeout > 0)) throw invalidField('timeout', 'whole seconds, more than 0');
  if (body.config !== undefined && body.config !== null && (typeof body.config !== 'object' || Array.isArray(body.config))) throw invalidField('config', 'a JSON object, or null');
  const b: Record<string, unknown> = {};
  for (const k of keys) b[k] = body[k];
  return { method: 'PATCH', path: `/api/v1/plugins/${seg(requireId('plugin_id', pluginId))}`, body: stringifyJson(b), displayBody: stringifyJson(b, 2) };
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

/** An EVM policy's value in a merge patch: u128 amounts as bigint (written as JSON numbers, exact), booleans, address lists, null to remove. */
export type PolicyPatch = Record<string, unknown>;

/** An RPC endpoint of a relayer's own (`custom_rpc_urls`): a whole URL, never a masked one, and its weight 0–100. */
export interface RpcUrlInput {
  url: string;
  weight: number;
}

/**
 * PATCH /relayers/{rid}'s JSON merge patch (RFC 7396; OpenZeppelin Relayer v1.8 UpdateRelayerRequestRaw):
 * only what changes — `policies` holds only the policy keys changed (null removes one; a list is
 * replaced whole), `notification_id` and `custom_rpc_urls` null remove them. `paused` is pause/resume's.
 */
export interface RelayerPatch {
  name?: string;
  notification_id?: string | null;
  policies?: PolicyPatch;
  custom_rpc_urls?: RpcUrlInput[] | null;
}

const MASKED_URL = /\*\*\*/;

/** PATCH /relayers/{rid} with exactly the patch's keys (RFC 7396; null removes one). */
export function preparePatchRelayer(relayerId: string, patch: RelayerPatch): PreparedRequest {
  // An empty policies object changes nothing (v1.8: "no changes"): not sent.
  const keys = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined && !(k === 'policies' && Object.keys(patch.policies!).length === 0));
  if (keys.length === 0) throw invalidField('policies', 'nothing to change');
  for (const k of keys) if (!['name', 'notification_id', 'policies', 'custom_rpc_urls'].includes(k)) throw invalidField(k, 'not a field this client changes');
  if (patch.name !== undefined && (typeof patch.name !== 'string' || patch.name.trim() === '')) throw invalidField('name', 'must not be empty');
  if (patch.notification_id !== undefined && patch.notification_id !== null && !NOTIFICATION_ID.test(patch.notification_id)) throw invalidField('notification_id', 'letters, digits, - and _ only, at most 36');
  for (const u of patch.custom_rpc_urls ?? []) {
    // The server answers its URLs masked (scheme://host/***): one sent back would replace the real one.
    if (MASKED_URL.test(u.url)) throw invalidField('custom_rpc_urls', `${maskUrl(u.url)} is the server's mask of a URL, not a URL: type it whole`);
    if (!isAbsoluteHttpUrl(u.url)) throw invalidField('custom_rpc_urls', `${maskUrl(u.url)} is not an absolute http(s) URL`);
    if (!Number.isInteger(u.weight) || u.weight < 0 || u.weight > 100) throw invalidField('custom_rpc_urls', `weight ${u.weight} is not 0–100`);
  }
  const b: Record<string, unknown> = {};
  for (const k of keys) b[k] = (patch as Record<string, unknown>)[k];
  return { method: 'PATCH', path: relayerPath(relayerId), body: stringifyJson(b), displayBody: stringifyJson(b, 2) };
}

/** GET /api/v1/ready (OpenZeppelin Relayer, public): 200 ready, 503 not, JSON without the envelope either way. */
export function prepareReadiness(): PreparedRequest {
  return { method: 'GET', path: '/api/v1/ready', bare: true, public: true, once: true };
}

/** GET /api/v1/debug/metrics/scrape (OpenZeppelin Relayer, behind the key): every metric family as Prometheus text (routes/metrics.rs:110-117). */
export function prepareMetricsScrape(): PreparedRequest {
  return { method: 'GET', path: '/api/v1/debug/metrics/scrape', text: true };
}

/** GET /plugins (OpenZeppelin Relayer). */
export function prepareListPlugins(q?: PageQuery): PreparedRequest {
  return { method: 'GET', path: `/api/v1/plugins${pageQuery(q)}`, perPage: q?.perPage ?? 10 };
}

/** The server's records read as pages and by id (OpenZeppelin Relayer). */
export type ServerRecordKind = 'networks' | 'signers' | 'notifications';

/** GET /networks, /signers and /notifications (OpenZeppelin Relayer), a page; or one of them by id (`evm:sepolia`, a signer's id). */
export function prepareServerRecords(kind: ServerRecordKind, q?: PageQuery): PreparedRequest {
  return { method: 'GET', path: `/api/v1/${kind}${pageQuery(q)}`, perPage: q?.perPage ?? 10 };
}
export function prepareServerRecord(kind: ServerRecordKind, id: string): PreparedRequest {
  return { method: 'GET', path: `/api/v1/${kind}/${seg(requireId(`${kind.slice(0, -1)}_id`, id))}` };
}

/**
 * PATCH /networks/{id} with exactly `{"rpc_urls": [{url, weight}, …]}` (OpenZeppelin Relayer v1.8
 * UpdateNetworkRequest, src/models/network/request.rs: non-empty, http(s) URLs). The URLs carry API
 * keys: the display body masks them (the review, the ledger, copies); the body sends them whole.
 */
export function prepareNetworkUpdate(networkId: string, urls: readonly RpcUrlInput[]): PreparedRequest {
  if (urls.length === 0) throw invalidField('rpc_urls', 'at least one URL: the server refuses an empty list');
  for (const u of urls) {
    if (MASKED_URL.test(u.url)) throw invalidField('rpc_urls', `${maskUrl(u.url)} is the mask of a URL, not a URL: type it whole`);
    if (!isAbsoluteHttpUrl(u.url)) throw invalidField('rpc_urls', `${maskUrl(u.url)} is not an absolute http(s) URL`);
    if (!Number.isInteger(u.weight) || u.weight < 0 || u.weight > 100) throw invalidField('rpc_urls', `weight ${u.weight} is not 0–100`);
  }
  const b = { rpc_urls: urls.map((u) => ({ url: u.url, weight: u.weight })) };
  const shown = { rpc_urls: urls.map((u) => ({ url: maskUrl(u.url), weight: u.weight })) };
  return { method: 'PATCH', path: `/api/v1/networks/${seg(requireId('network_id', networkId))}`, body: stringifyJson(b), displayBody: stringifyJson(shown, 2) };
}

/**
 * The JSON-RPC methods the client may send through POST /relayers/{rid}/rpc: reads only, chosen here.
 * The server forwards ANY method (eth_sendRawTransaction included), so a method never comes from the
 * server or from what an operator types.
 */
export const RPC_READ_METHODS = ['eth_getTransactionCount', 'eth_blockNumber', 'eth_chainId', 'eth_gasPrice', 'eth_getTransactionByHash', 'eth_feeHistory', 'eth_getBlockByNumber'] as const;
export type RpcReadMethod = (typeof RPC_READ_METHODS)[number];
/**
 * A read's parameter: an address, a hash, a block number or tag, a count (strings); `false` (a block
 * without its transactions' bodies, eth_getBlockByNumber); reward percentiles 0–100 (eth_feeHistory).
 */
export type RpcReadParam = string | false | readonly number[];

const rpcParamOk = (p: unknown): boolean =>
  (typeof p === 'string' && /^[0-9A-Za-z]{1,80}$/.test(p)) || p === false || (Array.isArray(p) && p.length <= 10 && p.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 100));

/** POST /relayers/{rid}/rpc with one read-only method of RPC_READ_METHODS (anything else is refused here). */
export function prepareRpcRead(relayerId: string, method: RpcReadMethod, params: readonly RpcReadParam[]): PreparedRequest {
  if (!(RPC_READ_METHODS as readonly string[]).includes(method)) throw invalidField('method', `not a read-only method of this client (${RPC_READ_METHODS.join(', ')})`);
  if (!params.every(rpcParamOk)) throw invalidField('params', 'addresses, hashes, block numbers and tags, false, percentiles only');
  const b = { jsonrpc: '2.0', method, params, id: 1 };
  return { method: 'POST', path: `${relayerPath(relayerId)}/rpc`, body: stringifyJson(b), displayBody: stringifyJson(b, 2), bare: true, safe: true };
}

export function prepareCreateNotification(body: NotificationCreateRequest): PreparedRequest {
  const n = normalizeNotification(body);
  const display = { ...n };
  if (typeof n.signing_key === 'string') display.signing_key = maskSecret(n.signing_key);
  return { method: 'POST', path: '/api/v1/notifications', body: stringifyJson(n), displayBody: stringifyJson(display, 2) };
}

/** PATCH /notifications/{id} (OpenZeppelin Relayer): `url` to change it; `signing_key` a new one (≥ 32 characters), or "" to remove it. */
export interface NotificationUpdateRequest {
  url?: string;
  signing_key?: string;
}

/** The update's body: only what changes; the key masked in what is displayed (it is write-only). */
export function prepareUpdateNotification(id: string, body: NotificationUpdateRequest): PreparedRequest {
  const out: Record<string, unknown> = {};
  if (body.url !== undefined) {
    if (!isAbsoluteHttpUrl(body.url)) throw invalidField('url', 'must be an absolute http(s) URL, e.g. https://ops.example.com/hook');
    out.url = body.url;
  }
  if (body.signing_key !== undefined) {
    if (body.signing_key !== '' && [...body.signing_key].length < 32) throw invalidField('signing_key', 'must be at least 32 characters (the OpenZeppelin Relayer refuses a shorter one), or empty to remove it');
    out.signing_key = body.signing_key;
  }
  if (!Object.keys(out).length) throw invalidField('body', 'nothing to change: give a url, a signing key, or remove the key');
  const display = { ...out, ...(typeof out.signing_key === 'string' && out.signing_key !== '' ? { signing_key: maskSecret(out.signing_key) } : {}) };
  return { method: 'PATCH', path: `/api/v1/notifications/${seg(requireId('notification_id', id))}`, body: stringifyJson(out), displayBody: stringifyJson(display, 2) };
}

/** DELETE /relayers/{id} (OpenZeppelin Relayer: refused with 400 while it has transactions pending, sent or submitted). */
export function prepareDeleteRelayer(relayerId: string): PreparedRequest {
  return { method: 'DELETE', path: relayerPath(relayerId) };
}

/** DELETE /notifications/{id} (OpenZeppelin Relayer: refused with 400 while a relayer uses it). */
export function prepareDeleteNotification(id: string): PreparedRequest {
  return { method: 'DELETE', path: `/api/v1/notifications/${seg(requireId('notification_id', id))}` };
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

/** GET /relayers/{id}/balance (OpenZeppelin Relayer): the balance alone, a u128 JSON number. */
export function prepareRelayerBalance(relayerId: string): PreparedRequest {
  return { method: 'GET', path: `/api/v1/relayers/${seg(requireId('relayer_id', relayerId))}/balance` };
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
