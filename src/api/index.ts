/** The one API module: everything screens and tests use to talk to a relayer server. */
export { createRelayerClient, DEFAULT_TIMEOUT_MS, VERSION, type RelayerClient, type ClientOptions, type CallOptions, type ReadinessAnswer } from './client.js';
export * from './dialect.js';
export { requestUrl } from './baseUrl.js';
export type { Exchange } from './transport.js';
export { ApiError, errorWords, isApiError, type ApiErrorKind } from './errors.js';
export { parseJson, stringifyJson, JsonSyntaxError, LongInteger, ExactNumber } from './json.js';
export type { RowLines } from './rowLines.js';
export { U128_MAX, INT64_MAX, U128, INT64, toExactInteger, type IntegerInput, type IntegerRange } from './integers.js';
export * from './requests.js';
export type {
  Page,
  Relayer,
  Transaction,
  Notification,
  PluginCallResult,
  PluginLog,
  DisabledReason,
  RelayerStatus,
  CancelPendingResult,
  Readiness,
  PluginInfo,
  Network,
  Signer,
} from './schemas.js';
export { maskUrl, maskNetwork, maskTypedUrls, typedUrlSecrets } from './maskUrl.js';
export { RelayerSchema, TransactionSchema, NotificationSchema, parseInterpreted } from './schemas.js';
