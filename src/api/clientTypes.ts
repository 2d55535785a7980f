/** The API module's client as its callers see it: its options and every call (client.ts makes it). */
import type { Dialect, DialectSetting, DialectState, Feature } from './dialect.js';
import type { Exchange } from './transport.js';
import type { NotificationCreateRequest, NotificationUpdateRequest, PageQuery, PluginUpdate, PreparedRequest, RelayerPatch, RpcUrlInput, ReplacementRequest, RpcReadMethod, RpcReadParam, TransactionsQuery } from './requests.js';
import type { ReplacementGroup } from './replacementBody.js';
import type { SendRequest } from './sendBody.js';
import type { CancelPendingResult, Network, Notification, Page, PluginCallResult, PluginInfo, Readiness, Relayer, RelayerBalance, RelayerStatus, Signer, Transaction } from './schemas.js';

export interface ClientOptions {
  baseUrl: string;
  token: string;
  /** The server's dialect, or `auto` (default): detected by `detectDialect()`, `contract` until then. */
  dialect?: DialectSetting;
  /** Per-attempt timeout; default 15 s. */
  timeoutMs?: number;
  /** Retries for GETs on network errors, 5xx and 429; default 2. PUT/POST are never retried. */
  maxRetries?: number;
  /** Told of every request once it is over (the activity log). */
  onExchange?: (e: Exchange) => void;
  /** Networks' RPC URLs and signers' config secrets unmasked (`--reveal-secrets` on the command line only; maskUrl.ts, maskSigner.ts). */
  revealSecrets?: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Called with the HTTP status of the answer that was read (a mutation's result screen shows it). */
  onStatus?: (status: number) => void;
  /** The dialect to encode a body in (a form passes the one its review showed); default: the client's. */
  dialect?: Dialect;
  /**
   * A list: also the rows as the server wrote them (`Page.lines`, for output that passes them on);
   * `items` may then hold only each row's required fields (see Page.lines).
   */
  lines?: boolean;
}

/** GET /api/v1/ready's answer: 200 ready, 503 not; the body as sent. */
export interface ReadinessAnswer {
  httpStatus: number;
  readiness: Readiness;
}

export interface RelayerClient {
  listRelayers(q?: PageQuery, o?: CallOptions): Promise<Page<Relayer>>;
  /** `q.status` filters server-side (OpenZeppelin Relayer; `unsupported` in the contract dialect). */
  listTransactions(relayerId: string, q?: TransactionsQuery, o?: CallOptions): Promise<Page<Transaction>>;
  /** One transaction (OpenZeppelin Relayer); rejects with kind `unsupported` where the server has no such endpoint. */
  getTransaction(relayerId: string, transactionId: string, o?: CallOptions): Promise<Transaction>;
  /**
   * One transaction by its nonce (OpenZeppelin Relayer: its 404 means no such nonce); rejects with kind
   * `unsupported` on a server of the interface document.
   */
  getTransactionByNonce(relayerId: string, nonce: string, o?: CallOptions): Promise<Transaction>;
  /** A relayer's live state (OpenZeppelin Relayer); rejects with kind `unsupported` where the server has no such endpoint. */
  relayerStatus(relayerId: string, o?: CallOptions): Promise<RelayerStatus>;
  /** GET /relayers/{id}/balance (OpenZeppelin Relayer): `{balance, unit}`, the balance exact (never through a float). */
  relayerBalance(relayerId: string, o?: CallOptions): Promise<RelayerBalance>;
  /** The dialect in use now, and how it was chosen. */
  dialect(): DialectState;
  /** Settles the dialect (`auto`: GET /api/v1/health, public, once); resolves with the state. Never rejects. */
  detectDialect(signal?: AbortSignal): Promise<DialectState>;
  /** Whether the server has an endpoint: true, false, or undefined while unknown. */
  supports(feature: Feature): boolean | undefined;
  /**
   * Whether to ask the server for one of its extra endpoints: the dialect that has them (the
   * OpenZeppelin Relayer, detected or set) and not learnt missing. The one rule every caller uses.
   */
  offers(feature: Feature): boolean;
  replaceTransaction(relayerId: string, transactionId: string, body: ReplacementRequest, o?: CallOptions): Promise<Transaction>;
  /** `route`: passed to the plugin after /call (`/verify`; OpenZeppelin Relayer). */
  callPlugin(pluginId: string, params: unknown, o?: CallOptions & { route?: string; get?: readonly (readonly [string, string])[] }): Promise<PluginCallResult>;
  /** PATCH /networks/{id} with exactly {"rpc_urls": …} (OpenZeppelin Relayer): the network as answered, its URLs masked (unless revealSecrets). */
  updateNetwork(networkId: string, urls: readonly RpcUrlInput[], o?: CallOptions): Promise<Network>;
  /** PATCH /plugins/{id} with exactly the keys given (OpenZeppelin Relayer): the plugin as answered. */
  updatePlugin(pluginId: string, body: PluginUpdate, o?: CallOptions): Promise<PluginInfo>;
  /** Sends a new transaction (OpenZeppelin Relayer), its body for the relayer's network type (EVM when not said): the transaction as the server answered (pending). */
  sendTransaction(relayerId: string, body: SendRequest, o?: CallOptions & { group?: ReplacementGroup }): Promise<Transaction>;
  /** Cancels a transaction (OpenZeppelin Relayer): the transaction as the server answered. */
  cancelTransaction(relayerId: string, transactionId: string, o?: CallOptions): Promise<Transaction>;
  /** Cancels every pending transaction of a relayer (OpenZeppelin Relayer). */
  cancelPending(relayerId: string, o?: CallOptions): Promise<CancelPendingResult>;
  /** Pauses or resumes a relayer: PATCH with exactly {"paused": …} (OpenZeppelin Relayer); the relayer as answered. */
  setPaused(relayerId: string, paused: boolean, o?: CallOptions): Promise<Relayer>;
  /** PATCH /relayers/{id} with exactly the patch's keys (a JSON merge patch: null removes one): the relayer as answered. */
  patchRelayer(relayerId: string, patch: RelayerPatch, o?: CallOptions): Promise<Relayer>;
  /** GET /api/v1/ready (public): 200 or 503 with the server's body; `unsupported` where there is none. */
  readiness(o?: CallOptions): Promise<ReadinessAnswer>;
  /** GET /plugins (OpenZeppelin Relayer); `unsupported` where there is none. */
  listPlugins(q?: PageQuery, o?: CallOptions): Promise<Page<PluginInfo>>;
  /** GET /networks, /signers (OpenZeppelin Relayer): a network's RPC URLs masked (unless revealSecrets); never the rows as sent. */
  listServerRecords(kind: 'networks', q?: PageQuery, o?: CallOptions): Promise<Page<Network>>;
  listServerRecords(kind: 'signers', q?: PageQuery, o?: CallOptions): Promise<Page<Signer>>;
  getServerRecord(kind: 'networks', id: string, o?: CallOptions): Promise<Network>;
  getServerRecord(kind: 'signers', id: string, o?: CallOptions): Promise<Signer>;
  listServerRecords(kind: 'notifications', q?: PageQuery, o?: CallOptions): Promise<Page<Notification>>;
  getServerRecord(kind: 'notifications', id: string, o?: CallOptions): Promise<Notification>;
  /** PATCH /notifications/{id} (OpenZeppelin Relayer): the notification as answered (its key never: `has_signing_key`). */
  updateNotification(id: string, body: NotificationUpdateRequest, o?: CallOptions): Promise<Notification>;
  /**
   * Sends a request an operation prepared (requests.ts, by its spec: core/operations/spec.ts) under
   * the same response rules as every call; answers the envelope's `data` as sent (the operation's
   * effect check reads it). A 2xx whose envelope cannot be read is an unknown outcome.
   */
  sendPrepared(prepared: PreparedRequest, o?: CallOptions): Promise<unknown>;
  /** DELETE /notifications/{id} (OpenZeppelin Relayer): the server's words; a 400 while relayers use it (its text names them). */
  deleteNotification(id: string, o?: CallOptions): Promise<unknown>;
  /** One JSON-RPC read through POST /relayers/{rid}/rpc: its `result`; a JSON-RPC error rejects. Methods: RPC_READ_METHODS only. */
  /** v1.8's metrics as Prometheus text (GET /api/v1/debug/metrics/scrape, behind the key); `unsupported` where the server has none. */
  metricsText(o?: CallOptions): Promise<string>;
  rpcRead(relayerId: string, method: RpcReadMethod, params: readonly RpcReadParam[], o?: CallOptions): Promise<unknown>;
  createNotification(body: NotificationCreateRequest, o?: CallOptions): Promise<Notification>;
  close(): Promise<void>;
}
