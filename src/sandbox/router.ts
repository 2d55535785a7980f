/**
 * The sandbox's routes as a pure function: a request (method, path, query, body, Authorization) in,
 * the response out — auth, the body limit, the contract's five operations and the real server's
 * extra endpoints, in the flavor's dialect. No socket, no timer: testable without HTTP
 * (test/sandbox/router.test.ts); src/sandbox/server.ts wraps it in node:http with latency,
 * injections, rate limiting and recording.
 */
import { FINAL_STATUSES, SandboxData, renderRelayer, renderTransaction } from './data.js';
import { TX_STATUSES, type TxStatus } from './models.js';
import { type Flavor, type SandboxResponse, badInput, fail, jsonResponse, ok, readJsonBody, textResponse, unauthorized, relayerNotFound } from './flavor.js';
import type { NotificationStore } from './notifications.js';
import { handlePluginCall, renderPlugin } from './plugins.js';
import { PluginStore } from './pluginStore.js';
import { NetworkStore, networkNotFound } from './networks.js';
import { handleBalance } from './balance.js';
import { sandboxSigners } from './serverRecords.js';
import { NotificationAdmin } from './notifications.js';
import { handleReplace } from './replace.js';
import { handleSend } from './send.js';
import { handleCancel, handleDeletePending } from './cancel.js';
import { handlePatchRelayer } from './relayerPatch.js';
import { handleDeleteRelayer } from './relayerDelete.js';
import { type ReadyState, readyResponse } from './ready.js';
import { RPC_FAILING_PROVIDER_ERROR, handleRpc } from './rpc.js';
import type { Chain } from './chain/chain.js';
import type { SandboxMetrics } from './metrics.js';

export const MAX_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_PER_PAGE = 10_000;
const U32_MAX = 4_294_967_295;
export const API_PREFIX = '/api/v1';

export interface RouteRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  body: string;
  /** Bytes of the body as received (over the limit: 413, whatever it holds). */
  bodySize: number;
  authorization: string | undefined;
}

export interface RouterContext {
  flavor: Flavor;
  token: string;
  data: SandboxData;
  notifications: NotificationStore;
  slowPluginMs: number;
  /** How a slow plugin waits (the server's sleep, which close() ends). */
  sleep: (ms: number) => Promise<void>;
  onPluginCall: () => void;
  now: () => number;
  /** The real flavour's chain (its JSON-RPC answers come from it). */
  chain?: Chain;
  /** The readiness /api/v1/ready reports (real flavour), read at each request. */
  ready?: () => ReadyState;
  /** Faults (faults.ts): Redis down (authenticated endpoints 500, /ready unhealthy); relayers whose status nonce is "0". */
  redisDown?: () => boolean;
  statusNonceZero?: () => readonly string[] | 'all';
  /** The real flavour's metrics (metrics.ts): served behind the key as v1.8 serves them. */
  metrics?: SandboxMetrics;
  /** The failing-RPC scenario (faults.ts): whether this relayer's RPC fails now. */
  rpcFailing?: (relayerId: string) => boolean;
}

interface Paging {
  page: number;
  perPage: number;
}

export function createRouter(ctx: RouterContext): (req: RouteRequest) => Promise<SandboxResponse> {
  const { flavor, data, notifications, slowPluginMs, sleep } = ctx;
  let replaceSeq = 0;
  // This sandbox's own plugins and networks: a PATCH changes them here only.
  const pluginStore = new PluginStore();
  // Networks and signers are the server's configuration (v1.8's config file), not its relayers': made once from the relayers it starts with.
  const networks = new NetworkStore(data.relayers);
  const signers = sandboxSigners(data.relayers);

const listRelayers = (query: URLSearchParams): SandboxResponse => {
  const paging = parsePaging(flavor, query);
  if ('status' in paging) return paging;
  const all = data.orderedRelayers(flavor);
  if (paging.page === 0) return ok([], 200, { current_page: 0, per_page: paging.perPage, total_items: all.length });
  const offset = (paging.page - 1) * paging.perPage;
  const items = all.slice(offset, offset + paging.perPage).map((r) => renderRelayer(flavor, r));
  return ok(items, 200, { current_page: paging.page, per_page: paging.perPage, total_items: all.length });
};

const listTransactions = (relayerId: string, query: URLSearchParams): SandboxResponse => {
  const paging = parsePaging(flavor, query);
  if ('status' in paging) return paging;
  let status: TxStatus | undefined;
  const rawStatus = query.get('status');
  // The real server also filters by ?status= (case-insensitive); the contract does not show it.
  if (flavor === 'real' && rawStatus !== null) {
    const s = TX_STATUSES.find((t) => t === rawStatus.toLowerCase());
    if (!s) {
      return badInput(
        flavor,
        'query',
        `unknown variant \`${rawStatus}\`, expected one of ${TX_STATUSES.map((t) => `\`${t}\``).join(', ')}`,
      );
    }
    status = s;
  }
  if (!data.relayer(relayerId)) return relayerNotFound(flavor, relayerId);
  // Under a status not final the real server hides canceled ones still waiting for their NOOP.
  const hideCanceled = status !== undefined && !FINAL_STATUSES.includes(status);
  if (paging.page === 0) return ok([], 200, { current_page: 0, per_page: paging.perPage, total_items: data.listTransactions(relayerId, 0, 0, status, hideCanceled).total });
  const offset = (paging.page - 1) * paging.perPage;
  const { items, total } = data.listTransactions(relayerId, offset, paging.perPage, status, hideCanceled);
  return ok(
    items.map((t) => renderTransaction(flavor, t)),
    200,
    { current_page: paging.page, per_page: paging.perPage, total_items: total },
  );
};

const listPlugins = (query: URLSearchParams): SandboxResponse => {
  const paging = parsePaging(flavor, query);
  if ('status' in paging) return paging;
  // The real server's plugin store refuses a zero page or size, and says only that it failed.
  if (paging.page === 0 || paging.perPage === 0) return fail(flavor, 500, 'An unknown error occurred');
  const offset = (paging.page - 1) * paging.perPage;
  const all = pluginStore.all();
  const items = all.slice(offset, offset + paging.perPage).map(renderPlugin);
  return ok(items, 200, { current_page: paging.page, per_page: paging.perPage, total_items: all.length });
};

/** GET /networks, /signers (a page) and /{id} (serverRecords.ts, networks.ts); PATCH of a network (networks.ts), of a signer 400, as v1.8. */
const serverRecords = (kind: 'networks' | 'signers', id: string | undefined, method: string, query: URLSearchParams, body: string): SandboxResponse | undefined => {
  const all = kind === 'networks' ? networks.all() : signers;
  if (id !== undefined) {
    if (kind === 'signers' && method === 'PATCH') return fail(flavor, 400, 'Signer updates are not allowed');
    if (kind === 'networks' && method === 'PATCH') return networks.update(id, body);
    if (method !== 'GET') return undefined;
    const one = all.find((x) => x.id === id);
    return one ? ok(one) : kind === 'networks' ? networkNotFound(id) : fail(flavor, 404, `Signer with ID ${id} not found`);
  }
  if (method !== 'GET') return undefined;
  const paging = parsePaging(flavor, query);
  if ('status' in paging) return paging;
  const offset = (Math.max(1, paging.page) - 1) * paging.perPage;
  return ok(all.slice(offset, offset + paging.perPage), 200, { current_page: paging.page, per_page: paging.perPage, total_items: all.length });
};

const route = async (method: string, path: string, query: URLSearchParams, body: string): Promise<SandboxResponse> => {
  const notFound = fail(flavor, 404, 'Not found');
  if (!path.startsWith(`${API_PREFIX}/`)) return notFound;
  const raw = path.slice(API_PREFIX.length + 1).split('/');
  const seg: string[] = [];
  for (const s of raw) {
    const d = decodeSegment(s);
    if (d === undefined) return notFound;
    seg.push(d);
  }
  // Tolerate one trailing slash everywhere.
  if (seg.length > 1 && seg[seg.length - 1] === '') seg.pop();
  const [a, b, c, d] = seg;
  if (a === 'relayers') {
    if (seg.length === 1 && method === 'GET') return listRelayers(query);
    if (seg.length === 3 && c === 'transactions' && b && method === 'GET') return listTransactions(b, query);
    if (seg.length === 4 && c === 'transactions' && b && d && method === 'PUT') {
      return handleReplace({ flavor, data, now: ctx.now, nextSeq: () => ++replaceSeq }, b, d, body);
    }
    // Endpoints of the real server the contract does not show (a contract server 404s them).
    if (flavor === 'real' && b) {
      const actions = { flavor, data, now: ctx.now, chain: ctx.chain, ...(ctx.rpcFailing ? { rpcFailing: ctx.rpcFailing } : {}) };
      // The literal `pending` first, as the real server registers it before {transaction_id}.
      if (seg.length === 4 && c === 'transactions' && d === 'pending' && method === 'DELETE') return handleDeletePending(actions, b);
      if (seg.length === 4 && c === 'transactions' && d && method === 'DELETE') return handleCancel(actions, b, d);
      if (seg.length === 3 && c === 'rpc' && method === 'POST') return handleRpc(actions, b, body);
      if (seg.length === 3 && c === 'transactions' && method === 'POST') return handleSend(actions, b, body);
      if (seg.length === 2 && method === 'PATCH') return handlePatchRelayer({ flavor, data, notifications }, b, body);
      if (seg.length === 2 && method === 'DELETE') return handleDeleteRelayer(flavor, data, b);
    }
    if (flavor === 'real' && method === 'GET' && b) {
      if (seg.length === 2) {
        const r = data.relayer(b);
        return r ? ok(renderRelayer(flavor, r)) : relayerNotFound(flavor, b);
      }
      // Its RPC failing: v1.8's balance and status read the node (evm_relayer.rs:322-337, 365) and answer its error as a 500 (models/error/api.rs:34).
      if (seg.length === 3 && (c === 'balance' || c === 'status') && ctx.rpcFailing?.(b)) {
        // A Stellar relayer's are the only RPC failures v1.8 counts (api_rpc_failures_total, stellar_relayer.rs:560-611).
        if (data.relayer(b)?.network_type === 'stellar') {
          ctx.metrics?.countApiRpcFailure(b, c === 'balance' ? 'get_balance' : 'get_status');
          return fail(flavor, 500, `${c === 'balance' ? 'Failed to fetch account for balance' : 'Failed to get account details'}: ${RPC_FAILING_PROVIDER_ERROR}`);
        }
        return fail(flavor, 500, RPC_FAILING_PROVIDER_ERROR);
      }
      if (seg.length === 3 && c === 'balance') return handleBalance(flavor, data, b);
      if (seg.length === 3 && c === 'status') {
        const st = data.relayerStatus(flavor, b);
        // v1.8's answer when its counter read fails: `unwrap_or(0)` (evm_relayer.rs ~355), not an error.
        const zero = ctx.statusNonceZero?.();
        if (st && 'nonce' in st && (zero === 'all' || zero?.includes(b))) st.nonce = '0';
        return st ? ok(st) : relayerNotFound(flavor, b);
      }
      if (seg.length === 5 && c === 'transactions' && d === 'by-nonce') {
        const r = data.relayer(b);
        if (!r) return relayerNotFound(flavor, b);
        const n = seg[4]!;
        if (r.network_type !== 'evm') return fail(flavor, 501, 'Nonce lookup only supported for EVM networks');
        if (!/^\d{1,19}$/.test(n)) return fail(flavor, 400, 'Bad Request');
        const tx = data.findByNonce(b, Number(n));
        return tx ? ok(renderTransaction(flavor, tx)) : fail(flavor, 404, `Transaction with nonce ${n} not found`);
      }
      if (seg.length === 4 && c === 'transactions' && d) {
        if (!data.relayer(b)) return relayerNotFound(flavor, b);
        const tx = data.findTransaction(b, d);
        return tx ? ok(renderTransaction(flavor, tx)) : fail(flavor, 404, `Transaction with ID ${d} not found`);
      }
    }
  }
  const plugins = { flavor, slowPluginMs, sleep, onCall: ctx.onPluginCall, find: (id: string) => pluginStore.find(id) };
  if (a === 'plugins' && seg.length === 3 && c === 'call' && b && method === 'POST') return handlePluginCall(plugins, b, body, { query });
  if (flavor === 'real' && a === 'plugins') {
    if (seg.length === 1 && method === 'GET') return listPlugins(query);
    if (seg.length === 2 && b && method === 'GET') {
      const p = pluginStore.find(b);
      return p ? ok(renderPlugin(p)) : fail(flavor, 404, `Plugin with id ${b} not found`);
    }
    if (seg.length === 2 && b && method === 'PATCH') return pluginStore.update(b, body);
    // …/call{route}: whatever follows `call` is the plugin's route (`/verify`); GET only where allowed.
    if (seg.length >= 3 && c === 'call' && b && (method === 'POST' || method === 'GET')) {
      return handlePluginCall(plugins, b, body, { method, route: seg.length > 3 ? `/${seg.slice(3).join('/')}` : '', query });
    }
  }
  if (a === 'notifications' && seg.length === 1 && method === 'POST') return notifications.create(flavor, body);
  if (flavor === 'real' && a === 'notifications') {
    const admin = new NotificationAdmin(notifications, (id) => data.relayers.filter((r) => r.notification_id === id).map((r) => r.name));
    if (seg.length === 1 && method === 'GET') {
      const paging = parsePaging(flavor, query);
      return 'status' in paging ? paging : admin.list(paging.page, paging.perPage);
    }
    if (seg.length === 2 && b) {
      if (method === 'GET') return admin.get(b);
      if (method === 'PATCH') return admin.update(b, body);
      if (method === 'DELETE') return admin.delete(b);
    }
  }
  // v1.8's metrics (routes/metrics.rs:36-117), behind the key; a contract server has no such route (no `metrics`: server.ts).
  if (ctx.metrics && method === 'GET') {
    if (a === 'metrics' && seg.length === 1) return jsonResponse(200, ctx.metrics.names());
    if (a === 'metrics' && seg.length === 2 && b) {
      const one = ctx.metrics.text(b);
      return one === null ? textResponse(404, 'Metric not found') : textResponse(200, one, { 'content-type': 'text/plain; version=0.0.4' });
    }
    if (a === 'debug' && b === 'metrics' && c === 'scrape' && seg.length === 3) return textResponse(200, ctx.metrics.text() ?? '', { 'content-type': 'text/plain;' });
  }
  if (flavor === 'real' && (a === 'networks' || a === 'signers')) return serverRecords(a, seg.length === 2 ? b : undefined, method, query, body) ?? notFound;
  return notFound;
};

  /** The sandbox's faucet (not the relayer API, not v1.8's): POST /sandbox/relayers/{id}/fund, optionally {"wei": "<decimal>"}. */
  const fund = (relayerId: string, body: string): SandboxResponse => {
    const r = data.relayer(relayerId);
    if (!r) return relayerNotFound(flavor, relayerId);
    if (!data.chain?.covers(relayerId)) return fail(flavor, 400, `The sandbox funds the real flavour's EVM relayers only (${relayerId} is not one of them)`);
    let wei: bigint;
    const read = body.trim() === '' ? { body: {} } : readJsonBody(flavor, body);
    if ('response' in read) return read.response;
    const asked = (read.body as { wei?: unknown } | null)?.wei;
    if (asked === undefined) {
      const min = r.policies.min_balance;
      wei = (typeof min === 'number' || typeof min === 'bigint' ? BigInt(min) : 10n ** 18n) * 10n;
    } else if ((typeof asked === 'string' && /^\d{1,39}$/.test(asked)) || (typeof asked === 'bigint' && asked >= 0n) || (typeof asked === 'number' && Number.isSafeInteger(asked) && asked >= 0)) {
      wei = BigInt(asked as string | number | bigint);
    } else return fail(flavor, 400, '"wei" must be a decimal string of wei');
    const balance = data.chain.fund(relayerId, wei)!;
    return ok({ relayer_id: relayerId, funded_wei: wei.toString(), balance: balance.toString() });
  };

  /** The sandbox's repair (not the relayer API): POST /sandbox/relayers/{id}/repair — its configuration fixed and the server restarted (Chain.repair). */
  const repair = (relayerId: string): SandboxResponse => {
    const r = data.relayer(relayerId);
    if (!r) return relayerNotFound(flavor, relayerId);
    const done = data.chain?.repair(relayerId);
    if (!done) return fail(flavor, 400, `The sandbox repairs the real flavour's EVM relayers only (${relayerId} is not one of them)`);
    return ok({ relayer_id: relayerId, system_disabled: r.system_disabled, disabled_reason: r.disabled_reason ?? null });
  };

  return async (req: RouteRequest): Promise<SandboxResponse> => {
    // The real server's public health and readiness checks; a contract server has neither (it asks
    // for a token, then 404s).
    if (flavor === 'real' && (req.method === 'GET' || req.method === 'HEAD')) {
      if (req.path === `${API_PREFIX}/health`) return textResponse(200, 'OK');
      if (isReadyPath(req.path)) return readyResponse(ctx.redisDown?.() ? 'unhealthy' : (ctx.ready?.() ?? 'healthy'), ctx.now(), data.startMs);
    }
    if (req.authorization === undefined) return unauthorized(flavor, false);
    if (req.authorization !== `Bearer ${ctx.token}`) return unauthorized(flavor, true);
    // Redis down: every repository read fails; the key is checked before (it is not in Redis).
    if (flavor === 'real' && ctx.redisDown?.()) return fail(flavor, 500, 'Internal Server Error');
    if (req.bodySize > MAX_BODY_BYTES) {
      return flavor === 'real'
        ? textResponse(413, `Json deserialize error: JSON payload (${req.bodySize} bytes) is larger than allowed (limit: ${MAX_BODY_BYTES} bytes).`)
        : fail(flavor, 413, 'Payload Too Large');
    }
    const funding = /^\/sandbox\/relayers\/([^/]+)\/fund\/?$/.exec(req.path);
    if (funding && req.method === 'POST') return fund(decodeSegment(funding[1]!) ?? '', req.body);
    const repairing = /^\/sandbox\/relayers\/([^/]+)\/repair\/?$/.exec(req.path);
    if (repairing && req.method === 'POST') return repair(decodeSegment(repairing[1]!) ?? '');
    return route(req.method, req.path, req.query, req.body);
  };
}

/** /api/v1/ready, with the trailing slash the real server trims. */
export function isReadyPath(path: string): boolean {
  return path === `${API_PREFIX}/ready` || path === `${API_PREFIX}/ready/`;
}

function parsePaging(flavor: Flavor, query: URLSearchParams): Paging | SandboxResponse {
  const read = (name: 'page' | 'per_page', fallback: number): number | SandboxResponse => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw)) {
      return badInput(flavor, 'query', raw === '' ? 'cannot parse integer from empty string' : 'invalid digit found in string');
    }
    const n = Number(raw);
    if (n > U32_MAX) return badInput(flavor, 'query', 'number too large to fit in target type');
    // The real server takes any u32: page=0 answers an empty page (the client never sends it), and
    // per_page has no maximum.
    if (flavor === 'real') return n;
    if (n < 1) return badInput(flavor, 'query', `${name} must be >= 1`);
    if (name === 'per_page' && n > MAX_PER_PAGE) return badInput(flavor, 'query', `per_page must be <= ${MAX_PER_PAGE}`);
    return n;
  };
  const page = read('page', 1);
  if (typeof page !== 'number') return page;
  const perPage = read('per_page', 10);
  if (typeof perPage !== 'number') return perPage;
  return { page, perPage };
}

function decodeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

