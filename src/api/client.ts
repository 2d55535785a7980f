/** The relayer API client: the five operations of the contract over one Transport. */
import type { z } from 'zod/mini';
import pkg from '../../package.json' with { type: 'json' };
import { ApiError } from './errors.js';
import { parseJson, stringifyJson } from './json.js';
import { DIALECT_NAMES, dialectUnsettled, type Dialect, type DialectSetting, type DialectState, type Feature } from './dialect.js';
import {
  isMutation,
  prepareCancelPending,
  prepareCancelTransaction,
  prepareListPlugins,
  prepareServerRecord,
  prepareServerRecords,
  prepareUpdateNotification,
  prepareDeleteNotification,
  type ServerRecordKind,
  prepareReadiness,
  prepareMetricsScrape,
  prepareRpcRead,
  prepareSetPaused,
  preparePatchRelayer,
  preparePluginGet,
  prepareRelayerBalance,
  prepareNetworkUpdate,
  preparePluginUpdate,
  type PluginUpdate,
  type RpcReadMethod,
  prepareCreateNotification,
  prepareGetTransaction,
  prepareGetTransactionByNonce,
  prepareRelayerStatus,
  type TransactionsQuery,
  prepareListRelayers,
  prepareListTransactions,
  preparePluginCall,
  prepareReplaceTransaction,
  prepareSendTransaction,
  type NotificationCreateRequest,
  type PageQuery,
  type PreparedRequest,
  type ReplacementRequest,
} from './requests.js';
import {
  CancelPendingSchema,
  NetworkSchema,
  SignerSchema,
  type Network,
  type Signer,
  PluginInfoSchema,
  ReadinessSchema,
  RpcAnswerSchema,
  type CancelPendingResult,
  type PluginInfo,
  type Readiness,
  ContractPluginResultSchema,
  NotificationSchema,
  PaginationSchema,
  PluginMetadataSchema,
  RelayerSchema,
  RelayerStatusSchema,
  RelayerBalanceSchema,
  TransactionSchema,
  type RelayerStatus,
  describeIssue,
  parseOptions,
  type Notification,
  type Page,
  type PluginCallResult,
  type PluginLog,
  type Relayer,
  type Transaction,
} from './schemas.js';
import type { Envelope, Response } from './outcome.js';
import { Transport } from './transport.js';
import type { CallOptions, ClientOptions, ReadinessAnswer, RelayerClient } from './clientTypes.js';
import { maskNetwork, maskRelayer } from './maskUrl.js';
import { maskSigner } from './maskSigner.js';

export const VERSION: string = pkg.version;

const FEATURE_NAMES: Record<Feature, string> = {
  relayerStatus: "a relayer's status (GET /relayers/{id}/status)",
  relayerBalance: "a relayer's balance (GET /relayers/{id}/balance)",
  transactionById: 'one transaction by id (GET /relayers/{id}/transactions/{tx_id})',
  transactionByNonce: 'a transaction by nonce (GET /relayers/{id}/transactions/by-nonce/{nonce})',
  statusFilter: 'filtering transactions by status (?status=)',
  cancel: 'cancelling a transaction (DELETE /relayers/{id}/transactions/{tx_id})',
  cancelPending: 'cancelling every pending transaction (DELETE /relayers/{id}/transactions/pending)',
  pause: 'pausing and resuming a relayer (PATCH /relayers/{id})',
  policies: "changing a relayer's policies (PATCH /relayers/{id})",
  readiness: 'a readiness check (GET /api/v1/ready)',
  plugins: 'a list of plugins (GET /plugins)',
  networks: 'networks (GET /networks)',
  signers: 'signers (GET /signers)',
  notifications: 'listing, changing and deleting notifications (GET, PATCH, DELETE /notifications)',
  rpc: 'JSON-RPC reads of the chain (POST /relayers/{id}/rpc)',
  metrics: 'metrics (GET /api/v1/debug/metrics/scrape)',
  send: 'sending a transaction (POST /relayers/{id}/transactions)',
};

export type { CallOptions, ClientOptions, ReadinessAnswer, RelayerClient } from './clientTypes.js';

/** A request's timeout when none is set (--timeout, a context's `timeout:`). */
export const DEFAULT_TIMEOUT_MS = 15_000;

const RECORD_SCHEMAS = { networks: NetworkSchema, signers: SignerSchema, notifications: NotificationSchema } as const;

export function createRelayerClient(opts: ClientOptions): RelayerClient {
  const transport = new Transport({
    baseUrl: opts.baseUrl,
    token: opts.token,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: opts.maxRetries ?? 2,
    userAgent: `relayer-tui/${VERSION}`,
    onExchange: opts.onExchange,
  });

  let dialect: DialectState =
    opts.dialect && opts.dialect !== 'auto'
      ? { dialect: opts.dialect, source: 'set', why: `${DIALECT_NAMES[opts.dialect]} (set with --dialect)` }
      : { dialect: 'contract', source: 'assumed', why: `${DIALECT_NAMES.contract} (assumed until the server is asked)` };
  let detecting: Promise<DialectState> | undefined;
  const features = new Map<Feature, boolean>();
  /** A feature found missing by its own 404: the status, said again where a later call is refused without asking. */
  const missingBy = new Map<Feature, number>();
  /** The refusal of a feature known to be missing, made without a request: what it rests on said. */
  const knownMissing = (f: Feature): ApiError => {
    const status = missingBy.get(f);
    return new ApiError('unsupported', `This server does not offer ${FEATURE_NAMES[f]}${status === undefined ? '' : ` (an earlier request of it answered ${status}; not asked again)`}`);
  };
  const feature = (f: Feature) => features.get(f) ?? (!dialectUnsettled(dialect) && dialect.dialect === 'contract' ? false : undefined);

  /**
   * An endpoint only the real server has: refused at once where it is known to be missing; a 404 that
   * is not the real server's own "… with ID … not found" (or "… with nonce … not found") marks it
   * missing for the rest of the session: a generic "Not found" says the lookup does not exist, not
   * that the record does not.
   * `write`: a write under a feature named by its read (PATCH /networks/{id} under `networks`): its 404
   * is said as that write not being offered, and the read stays offered (GET /networks may answer where
   * its PATCH does not).
   */
  const optional = async <T>(f: Feature, call: () => Promise<T>, write?: string): Promise<T> => {
    if (feature(f) === false) throw knownMissing(f);
    try {
      const r = await call();
      features.set(f, true);
      return r;
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'not_found' && !/ with (ID|nonce) .* not found/i.test(e.message)) {
        if (!write) {
          features.set(f, false);
          if (e.status !== undefined) missingBy.set(f, e.status);
        }
        throw new ApiError('unsupported', `This server does not offer ${write ?? FEATURE_NAMES[f]}`, { status: e.status, refused: e.refused, outcomeUnknown: e.outcomeUnknown });
      }
      throw e;
    }
  };

  /**
   * Validates lazily so that a bad argument rejects (never throws synchronously). A PUT/POST whose
   * 2xx answer cannot be read has an unknown outcome: the server may have applied it.
   */
  const run = async <T>(prepare: () => PreparedRequest, o: CallOptions | undefined, read: (env: Envelope, prepared: PreparedRequest, res: Response) => T, rows?: z.ZodMiniType): Promise<T> => {
    const prepared = o?.lines && rows ? { ...prepare(), lines: rows } : prepare();
    const res = await transport.send(prepared, o?.signal);
    const { envelope, status } = res;
    o?.onStatus?.(status);
    try {
      return read(envelope, prepared, res);
    } catch (e) {
      if (isMutation(prepared) && e instanceof ApiError)
        throw new ApiError(e.kind, `${e.message} (HTTP ${status}: the outcome is unknown)`, { status, outcomeUnknown: true });
      throw e;
    }
  };

  return {
    // A relayer's own RPC URLs masked (unless revealSecrets) wherever a server sent them whole.
    listRelayers: (q, o) =>
      run(() => prepareListRelayers(q), o, (env, p, res) => readPage(env, RelayerSchema, q, p, res), RelayerSchema).then((p) => (opts.revealSecrets ? p : { ...p, items: p.items.map(maskRelayer) })),
    listTransactions: (relayerId, q, o) => {
      const list = () => run(() => prepareListTransactions(relayerId, q), o, (env, p, res) => readPage(env, TransactionSchema, q, p, res), TransactionSchema);
      // A contract server ignores ?status=: its answer would look filtered and not be.
      if (q?.status === undefined) return list();
      if (dialect.dialect === 'contract') return Promise.reject(new ApiError('unsupported', `This server does not offer ${FEATURE_NAMES.statusFilter}`));
      // A server that ignored the filter is noticed: the rows of other statuses are dropped here, and the page says so.
      const status = q.status.toLowerCase();
      return optional('statusFilter', list).then((p) => {
        const keep = p.items.map((t) => String(t.status).toLowerCase() === status);
        const kept = p.items.filter((_, i) => keep[i]);
        if (kept.length === p.items.length) return p;
        return { ...p, items: kept, ...(p.lines ? { lines: p.lines.filter(keep) } : {}), filterIgnored: { status, dropped: p.items.length - kept.length } };
      });
    },
    getTransactionByNonce: async (relayerId, nonce, o) => {
      if (dialect.dialect !== 'openzeppelin') throw new ApiError('unsupported', `This server does not offer ${FEATURE_NAMES.transactionByNonce}`);
      return optional('transactionByNonce', () => run(() => prepareGetTransactionByNonce(relayerId, nonce), o, (env) => readOne(env.data, TransactionSchema)));
    },
    getTransaction: (relayerId, transactionId, o) =>
      optional('transactionById', () => run(() => prepareGetTransaction(relayerId, transactionId), o, (env) => readOne(env.data, TransactionSchema))),
    // Its own feature: a server without /balance keeps its /status (and the columns made from it).
    relayerBalance: (relayerId, o) => optional('relayerBalance', () => run(() => prepareRelayerBalance(relayerId), o, (env) => readOne(env.data, RelayerBalanceSchema))),
    relayerStatus: (relayerId, o) => optional('relayerStatus', () => run(() => prepareRelayerStatus(relayerId), o, (env) => readOne(env.data, RelayerStatusSchema))),
    dialect: () => dialect,
    supports: feature,
    offers: (f) => dialect.dialect === 'openzeppelin' && feature(f) !== false,
    detectDialect: (signal) => {
      if (!dialectUnsettled(dialect)) return Promise.resolve(dialect);
      // One ask at a time; an answer that says nothing of the dialect (an HTML page) is not asked again, a failed ask is.
      if (detecting) return detecting;
      const unknown = (what: string): DialectState => ({ dialect: 'contract', source: 'unknown', why: `not known: GET /api/v1/health ${what}; asked again on the next read` });
      detecting = transport.probe('/api/v1/health', signal).then(
        ({ status, text, tries }) => {
          const after = tries > 1 ? ` (${tries} tries)` : '';
          // The real server's public health check answers 200 `OK`; a contract server has none (401 or 404).
          // An HTML page (a web server, a proxy) says nothing of the dialect: it stays assumed, and said.
          if (/^\s*<(!doctype|html)/i.test(text))
            dialect = { dialect: 'contract', source: 'assumed', why: `${DIALECT_NAMES.contract} (assumed: GET /api/v1/health answered an HTML page, HTTP ${status}: is this a relayer server?)` };
          else if (status === 200 && text.trim() === 'OK')
            dialect = { dialect: 'openzeppelin', source: 'detected', why: `${DIALECT_NAMES.openzeppelin} (detected: GET /api/v1/health answered OK)` };
          else if (status === 401 || status === 403 || status === 404)
            dialect = { dialect: 'contract', source: 'detected', why: `${DIALECT_NAMES.contract} (detected: no public GET /api/v1/health, HTTP ${status})` };
          // A rate limit past the timeout, a server error: a failed read, not an answer about the dialect.
          else if (status === 429 || status >= 500) dialect = unknown(`answered HTTP ${status}${after}`);
          else dialect = { dialect: 'contract', source: 'assumed', why: `${DIALECT_NAMES.contract} (assumed: GET /api/v1/health answered HTTP ${status})` };
          if (dialect.source === 'unknown') detecting = undefined;
          return dialect;
        },
        (e: unknown) => {
          if (!signal?.aborted) dialect = unknown(`could not be read (${e instanceof Error ? e.message.slice(0, 160) : 'no answer'})`);
          detecting = undefined; // asked again next time
          return dialect;
        },
      );
      return detecting;
    },
    replaceTransaction: (relayerId, transactionId, body, o) =>
      run(() => prepareReplaceTransaction(relayerId, transactionId, body, o?.dialect ?? dialect.dialect), o, (env) => readOne(env.data, TransactionSchema)),
    callPlugin: (pluginId, params, o) =>
      run(() => (o?.get ? preparePluginGet(pluginId, o.route, o.get) : preparePluginCall(pluginId, params, o?.route)), o, readPluginResult).catch((e: unknown) => {
        const answer = pluginFailure(e);
        if (!answer) throw e;
        o?.onStatus?.(answer.status!);
        return answer;
      }),
    sendTransaction: (relayerId, body, o) => optional('send', () => run(() => prepareSendTransaction(relayerId, body, o?.group), o, (env) => readOne(env.data, TransactionSchema))),
    cancelTransaction: (relayerId, transactionId, o) =>
      optional('cancel', () => run(() => prepareCancelTransaction(relayerId, transactionId), o, (env) => readOne(env.data, TransactionSchema))),
    cancelPending: (relayerId, o) => optional('cancelPending', () => run(() => prepareCancelPending(relayerId), o, (env) => readOne(env.data, CancelPendingSchema))),
    setPaused: (relayerId, paused, o) => optional('pause', () => run(() => prepareSetPaused(relayerId, paused), o, (env) => readOne(env.data, RelayerSchema))),
    updateNetwork: (networkId, urls, o) =>
      optional('networks', async () => {
        const r = await run(() => prepareNetworkUpdate(networkId, urls), o, (env) => readOne(env.data, RECORD_SCHEMAS.networks));
        return opts.revealSecrets ? r : maskNetwork(r);
      }, "changing a network's RPC URLs (PATCH /networks/{id})"),
    updatePlugin: (pluginId, body, o) => optional('plugins', () => run(() => preparePluginUpdate(pluginId, body), o, (env) => readOne(env.data, PluginInfoSchema)), "changing a plugin's settings (PATCH /plugins/{id})"),
    patchRelayer: (relayerId, patch, o) => optional('policies', () => run(() => preparePatchRelayer(relayerId, patch), o, (env) => readOne(env.data, RelayerSchema))),
    readiness: async (o) => {
      if (feature('readiness') === false) throw knownMissing('readiness');
      const read = (status: number, data: unknown): ReadinessAnswer => {
        const r = ReadinessSchema.safeParse(data, parseOptions());
        if (!r.success || typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid(`/ready: ${r.success ? 'expected an object' : describeIssue(r.error, 'body')}`);
        features.set('readiness', true);
        return { httpStatus: status, readiness: data as Readiness };
      };
      try {
        return await run(prepareReadiness, o, (env, _p, res) => read(res.status, env.data));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        // 503: not ready, and the body says why. A server without the endpoint asks for a key (it is not public there) or 404s.
        if (e.status === 503 && e.data !== undefined) return read(503, e.data);
        // (A web server's own HTML page is not a relayer without the endpoint: said as it is.)
        if (e.kind !== 'not_api' && (e.status === 401 || e.status === 403 || e.status === 404)) {
          features.set('readiness', false);
          missingBy.set('readiness', e.status);
          throw new ApiError('unsupported', `This server does not offer ${FEATURE_NAMES.readiness} (HTTP ${e.status})`, { status: e.status });
        }
        throw e;
      }
    },
    listPlugins: (q, o) => optional('plugins', () => run(() => prepareListPlugins(q), o, (env, p, res) => readPage(env, PluginInfoSchema, q, p, res), PluginInfoSchema)),
    // The rows as sent are never asked for (`lines: false`): a network's would carry its keys.
    listServerRecords: ((kind: ServerRecordKind, q?: PageQuery, o?: CallOptions) =>
      optional(kind, async () => {
        const p = await run(() => prepareServerRecords(kind, q), { ...o, lines: false }, (env, pr, res) => readPage(env, RECORD_SCHEMAS[kind], q, pr, res));
        if (opts.revealSecrets) return p;
        // A network's RPC URLs and a signer's config secrets masked (maskUrl.ts, maskSigner.ts).
        return kind === 'networks' ? { ...p, items: p.items.map(maskNetwork) } : kind === 'signers' ? { ...p, items: p.items.map(maskSigner) } : p;
      })) as RelayerClient['listServerRecords'],
    getServerRecord: ((kind: ServerRecordKind, id: string, o?: CallOptions) =>
      optional(kind, async () => {
        const r = await run(() => prepareServerRecord(kind, id), o, (env) => readOne(env.data, RECORD_SCHEMAS[kind]));
        return opts.revealSecrets ? r : kind === 'networks' ? maskNetwork(r) : kind === 'signers' ? maskSigner(r) : r;
      })) as RelayerClient['getServerRecord'],
    metricsText: (o) => optional('metrics', () => run(prepareMetricsScrape, o, (env) => (typeof env.data === 'string' ? env.data : ''))),
    rpcRead: (relayerId, method, params, o) =>
      optional('rpc', () =>
        run(() => prepareRpcRead(relayerId, method, params), o, (env) => {
          const r = RpcAnswerSchema.safeParse(env.data, parseOptions());
          if (!r.success) throw invalid(describeIssue(r.error, 'rpc'));
          // The node's failure as v1.8 passes it on (code, message, description: utils/error_sanitization.rs) is kept as data for rpc_failing.
          if (r.data.error) throw new ApiError('server', `JSON-RPC error ${r.data.error.code ?? ''} from the chain's node: ${r.data.error.message ?? 'no message'}`.replace('  ', ' '), { data: { rpc_error: { code: r.data.error.code ?? null, message: r.data.error.message ?? null, description: r.data.error.description ?? null } } });
          if (r.data.result === undefined) throw invalid('rpc: no result');
          return r.data.result;
        }),
      ),
    createNotification: (body, o) =>
      run(() => prepareCreateNotification(body), o, (env) => readOne(env.data, NotificationSchema)),
    updateNotification: (id, body, o) => optional('notifications', () => run(() => prepareUpdateNotification(id, body), o, (env) => readOne(env.data, NotificationSchema)), 'changing a notification (PATCH /notifications/{id})'),
    deleteNotification: (id, o) => optional('notifications', () => run(() => prepareDeleteNotification(id), o, (env) => env.data), 'deleting a notification (DELETE /notifications/{id})'),
    sendPrepared: (prepared, o) => run(() => prepared, o, (env) => env.data),
    close: () => transport.close(),
  };
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_response', `Unexpected answer from the server: ${message}`);
}

/** Validates without transforming: the object returned is the one received (key order, digits). */
function readOne<S extends z.ZodMiniType>(data: unknown, schema: S, prefix = 'data'): z.infer<S> {
  const r = schema.safeParse(data, parseOptions());
  if (!r.success) throw invalid(describeIssue(r.error, prefix));
  return data as z.infer<S>;
}

/**
 * A page as asked for: at most the requested size (the transport keeps no more rows than that; the
 * count the server sent is kept in `sentItems`), and a page size the server echoes as 0 or above what
 * was asked (page 1/Infinity) read as the size asked for. Rows that come with their lines were checked
 * by the scan of the body against the same schema (pageLines.ts): they are not checked again.
 */
function readPage<S extends z.ZodMiniType>(env: Envelope, schema: S, q: PageQuery | undefined, prepared: PreparedRequest, res: Response): Page<z.infer<S>> {
  const { sentItems } = res;
  if (!Array.isArray(env.data)) throw invalid('data: expected a list');
  const asked = prepared.perPage ?? 10;
  const rows = env.data.length > asked ? env.data.slice(0, asked) : env.data;
  const items = res.scanned ? (rows as z.infer<S>[]) : rows.map((item, i) => readOne(item, schema, `data[${i}]`));
  const texts = res.lines?.slice(asked);
  const p = PaginationSchema.safeParse(env.pagination, parseOptions());
  if (!p.success) throw invalid(describeIssue(p.error, 'pagination'));
  const num = (field: string, v: unknown): number => {
    const n = typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0) throw invalid(`pagination.${field}: expected a non-negative integer`);
    return n;
  };
  const echoed = num('per_page', p.data.per_page);
  const page = num('current_page', p.data.current_page);
  const sent = sentItems ?? env.data.length;
  return {
    items,
    page: page >= 1 ? page : (q?.page ?? 1),
    perPage: echoed >= 1 && echoed <= asked ? echoed : asked,
    totalItems: num('total_items', p.data.total_items),
    ...(sent > asked ? { sentItems: sent } : {}),
    ...(texts && texts.length === items.length ? { lines: texts } : {}),
  };
}

/**
 * A plugin's own error (real server: its status, `{success:false, data:{code?, details?}, error}`) is
 * the plugin's answer, not a failure of the call: the plugin ran and said no.
 */
function pluginFailure(e: unknown): PluginCallResult | undefined {
  if (!(e instanceof ApiError) || e.status === undefined || e.status < 400) return undefined;
  const d = e.data;
  if (typeof d !== 'object' || d === null || Array.isArray(d) || !('code' in d || 'details' in d)) return undefined;
  const { code, details } = d as { code?: unknown; details?: unknown };
  // A raw_response plugin's failure is a bare {code, details}: its message is not the plugin's words, it is the body.
  const bare = e.bare === true;
  return { success: false, status: e.status, message: null, error: bare ? null : e.message, code, details, return_value: null, logs: [], traces: [], ...(bare ? { raw: true } : {}) };
}

function logs(list: readonly { level: string; message: unknown }[] | null | undefined): PluginLog[] {
  return (list ?? []).map((l) => ({ level: l.level, message: typeof l.message === 'string' ? l.message : stringifyJson(l.message) }));
}

/**
 * The contract sends `data` = {success, message, error, return_value, logs, traces}; the real server
 * sends `data` = the return value and logs/traces in `metadata`. Both become one PluginCallResult.
 */
function readPluginResult(env: Envelope): PluginCallResult {
  const data = env.data;
  // A raw_response plugin: its bare body is its result (no logs, no traces come with it).
  if (env.bare === true) return { success: true, raw: true, message: null, error: null, return_value: data, logs: [], traces: [] };
  const contract = ContractPluginResultSchema.safeParse(data, parseOptions());
  const looksContract =
    contract.success &&
    env.metadata === undefined &&
    typeof data === 'object' &&
    data !== null &&
    ('return_value' in data || 'logs' in data || 'traces' in data);
  if (looksContract) {
    const c = contract.data;
    return {
      success: c.success,
      message: c.message ?? null,
      error: c.error ? c.error : null,
      return_value: decodeReturnValue(c.return_value),
      logs: logs(c.logs),
      traces: c.traces ?? [],
    };
  }
  let meta: { logs?: { level: string; message: unknown }[] | null; traces?: unknown[] | null } = {};
  if (env.metadata !== undefined && env.metadata !== null) {
    const m = PluginMetadataSchema.safeParse(env.metadata, parseOptions());
    if (!m.success) throw invalid(describeIssue(m.error, 'metadata'));
    meta = m.data;
  }
  return { success: true, message: null, error: null, return_value: data, logs: logs(meta.logs), traces: meta.traces ?? [] };
}

/** The contract's return_value is a string: JSON text is decoded (losslessly), other text kept. */
function decodeReturnValue(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  const t = v.trim();
  if (t === '') return v;
  try {
    return parseJson(t);
  } catch {
    return v;
  }
}
