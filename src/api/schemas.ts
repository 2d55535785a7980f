/**
 * Response schemas. They check structure (types, required fields) and tolerate formats: a hash,
 * timestamp or address in an odd format is kept as it came. Unknown fields are kept (loose objects).
 * Integers may arrive as number, bigint (beyond 2^53, from the lossless parser) or strings.
 */
// zod/mini, not zod: the full build installs its ~50 schema methods on each kind's prototype as the first
// schema of the kind is built (~1.4 MB of allocation and several milliseconds of every start), for
// methods this file does not call; its messages are set in ./zodMessages.js. Named imports, not the `z`
// namespace (which drags every locale in); the types still come from `z`.
import { $constructor, $ZodObjectJIT, util as zodUtil } from 'zod/v4/core';
import { array, bigint, boolean, custom, lazy, null as nullSchema, nullish, number, optional, string, union, unknown, ZodMiniType } from 'zod/mini';
import type { z } from 'zod/mini';
import './zodMessages.js';
import { LongInteger } from './json.js';
import type { RowLines } from './rowLines.js';

/**
 * Parse with zod's interpreter (`on`), or compile again (`false`). zod compiles each object schema into a
 * function on its first parse (`new Function`: 2-5 ms for the relayers page, paid again on every start, as
 * no code cache holds eval'd code). A page or two is as fast interpreted; many are not (~10 µs a
 * transaction against ~4 compiled): the TUI parses interpreted until its first frame is drawn, then
 * compiles (the fleet reads thousands of pages); a short one-shot stays interpreted; a long read compiles.
 */
export function parseInterpreted(on = true): void {
  interpreted = on;
}
let interpreted = false;

/**
 * The options every parse is given (`schema.safeParse(data, parseOptions())`): zod's `jitless` goes in the
 * parse's own context, not its global config. A schema reads the config once, when it is built (the
 * relayers page's, built as this module loads, compiled on the first frame's parse all the same), and one
 * built under `jitless` never compiles after. (A new object each time: zod writes into it.)
 */
export const parseOptions = (): { jitless: true } | undefined => (interpreted ? { jitless: true } : undefined);

/**
 * zod/mini's object, checked by zod's compiled parser where the full build's is: mini's own is only ever
 * interpreted (~10 µs a transaction against ~4 compiled; the fleet reads thousands of pages).
 */
const LooseObject = $constructor('ZodMiniObject', (inst: z.ZodMiniObject, def: z.core.$ZodObjectDef) => {
  $ZodObjectJIT.init(inst, def);
  ZodMiniType.init(inst, def);
  zodUtil.installLazyProp(inst, 'shape', (self: z.ZodMiniObject) => self._zod.def.shape, false);
});
/** An object with these fields, any others kept as sent. */
function looseObject<T extends z.core.$ZodLooseShape>(shape: T): z.ZodMiniObject<T, z.core.$loose> {
  return new LooseObject({ type: 'object', shape, catchall: unknown() }) as unknown as z.ZodMiniObject<T, z.core.$loose>;
}

// Every endpoint's schema but the relayers page's is built on its first use (zod's lazy): a command
// reads one or two endpoints, and building them all cost a one-shot's start several milliseconds.

const str = string();
const optStr = nullish(string());
/** An integer-ish value: number, bigint, a string of digits (kept as sent) or a LongInteger. */
export const intLike = union([number(), bigint(), string(), custom<LongInteger>((v) => v instanceof LongInteger)]);
const optInt = nullish(intLike);
const optBool = nullish(boolean());

export const NetworkTypeSchema = string();

export const RpcUrlSchema = looseObject({ url: str, weight: optInt });

export const DisabledReasonSchema: z.ZodMiniType<DisabledReason> = lazy(() =>
  union([
    looseObject({
      type: string(),
      details: optional(union([string(), array(DisabledReasonSchema), nullSchema()])),
    }),
    string(),
  ]),
);
export type DisabledReason = string | { type: string; details?: string | DisabledReason[] | null; [k: string]: unknown };

export const PoliciesSchema = looseObject({
  eip1559_pricing: optBool,
  gas_limit_estimation: optBool,
  gas_price_cap: optInt,
  min_balance: optInt,
  private_transactions: optBool,
  whitelist_receivers: nullish(array(string())),
});

export const RelayerSchema = looseObject({
  id: str,
  name: optStr,
  network: optStr,
  network_type: optStr,
  address: optStr,
  paused: optBool,
  system_disabled: optBool,
  signer_id: optStr,
  notification_id: optStr,
  custom_rpc_urls: nullish(array(RpcUrlSchema)),
  policies: nullish(PoliciesSchema),
  disabled_reason: nullish(DisabledReasonSchema),
});
export type Relayer = z.infer<typeof RelayerSchema>;

export const EvmSignatureSchema = lazy(() => looseObject({
  r: optStr,
  s: optStr,
  v: optInt,
  sig: optStr,
}));

/**
 * One tolerant schema for the EVM, Solana and Stellar transaction shapes (the real server sends no
 * network field: the shape, or the relayer's network_type, tells which).
 */
export const TransactionSchema = lazy(() => looseObject({
  id: str,
  status: str,
  relayer_id: optStr,
  status_reason: optStr,
  created_at: optStr,
  sent_at: optStr,
  confirmed_at: optStr,
  hash: optStr,
  from: optStr,
  to: optStr,
  value: optInt,
  data: optStr,
  nonce: optInt,
  gas_limit: optInt,
  gas_price: optInt,
  max_fee_per_gas: optInt,
  max_priority_fee_per_gas: optInt,
  // EVM: {r,s,v,sig}; Solana: a plain string.
  signature: nullish(union([EvmSignatureSchema, string()])),
  // Real server: one of the four speeds; contract: "object" (shape not shown).
  speed: nullish(union([string(), looseObject({})])),
  is_canceled: optBool,
  // Solana
  transaction: optStr,
  instructions: nullish(array(unknown())),
  // Stellar
  source_account: optStr,
  fee: optInt,
  sequence_number: optInt,
  transaction_result_xdr: optStr,
}));
export type Transaction = z.infer<typeof TransactionSchema>;

/**
 * GET /relayers/{id}/status (OpenZeppelin Relayer): balance in the base unit (wei, stroops,
 * lamports) as a decimal string, the nonce (EVM) or sequence number (Stellar) likewise.
 */
/** GET /relayers/{id}/balance (OpenZeppelin Relayer): `balance` a u128 JSON number (read exactly: a bigint past 2^53), `unit` wei|lamport|stroop. */
export const RelayerBalanceSchema = lazy(() => looseObject({ balance: intLike, unit: optStr }));
export type RelayerBalance = z.infer<typeof RelayerBalanceSchema>;

export const RelayerStatusSchema = lazy(() => looseObject({
  network_type: optStr,
  balance: optInt,
  pending_transactions_count: optInt,
  last_confirmed_transaction_timestamp: optStr,
  system_disabled: optBool,
  paused: optBool,
  nonce: optInt,
  sequence_number: optInt,
}));
export type RelayerStatus = z.infer<typeof RelayerStatusSchema>;

/** DELETE /relayers/{rid}/transactions/pending (OpenZeppelin Relayer). */
export const CancelPendingSchema = lazy(() => looseObject({
  queued_for_cancellation_transaction_ids: nullish(array(str)),
  failed_to_queue_transaction_ids: nullish(array(str)),
  total_processed: optInt,
}));
export type CancelPendingResult = z.infer<typeof CancelPendingSchema>;

/** GET /api/v1/ready (OpenZeppelin Relayer): no envelope; `components` kept as sent (shown as data). */
export const ReadinessSchema = lazy(() => looseObject({
  ready: optBool,
  status: optStr,
  reason: optStr,
  components: nullish(looseObject({})),
  timestamp: optStr,
}));
export type Readiness = z.infer<typeof ReadinessSchema>;

/** One plugin of GET /plugins (OpenZeppelin Relayer); `config` is the plugin's own (anything: shown as data). */
export const PluginInfoSchema = lazy(() => looseObject({
  id: str,
  path: optStr,
  timeout: optional(unknown()),
  emit_logs: optBool,
  emit_traces: optBool,
  raw_response: optBool,
  allow_get_invocation: optBool,
  forward_logs: optBool,
  config: optional(unknown()),
}));
export type PluginInfo = z.infer<typeof PluginInfoSchema>;

/** A network (GET /networks, OpenZeppelin Relayer): `rpc_urls` masked by the client (maskUrl.ts) before anything shows it. */
export const NetworkSchema = lazy(() => looseObject({ id: str, name: optStr, network_type: optStr, is_testnet: optBool, rpc_urls: optional(unknown()) }));
export type Network = z.infer<typeof NetworkSchema>;

/** A signer (GET /signers, OpenZeppelin Relayer): its type and non-secret config. */
export const SignerSchema = lazy(() => looseObject({ id: str, type: optStr, config: optional(unknown()) }));
export type Signer = z.infer<typeof SignerSchema>;

/** A JSON-RPC answer (POST /relayers/{rid}/rpc: bare, no envelope). */
export const RpcAnswerSchema = lazy(() => looseObject({
  jsonrpc: optStr,
  result: optional(unknown()),
  error: nullish(looseObject({ code: optInt, message: optStr, description: optStr })),
}));

export const NotificationSchema = lazy(() => looseObject({
  id: str,
  type: optStr,
  url: optStr,
  has_signing_key: optBool,
}));
export type Notification = z.infer<typeof NotificationSchema>;

export const PluginLogSchema = lazy(() => looseObject({ level: str, message: unknown() }));
export interface PluginLog {
  level: string;
  message: string;
}

/** The contract's plugin call result object (the `data` of a plugin call). */
export const ContractPluginResultSchema = lazy(() => looseObject({
  success: boolean(),
  message: optStr,
  error: optStr,
  return_value: optional(unknown()),
  logs: nullish(array(PluginLogSchema)),
  traces: nullish(array(unknown())),
}));

/** The real server's `metadata` beside a plugin call's `data`. */
export const PluginMetadataSchema = lazy(() => looseObject({
  logs: nullish(array(PluginLogSchema)),
  traces: nullish(array(unknown())),
}));

/** What callPlugin returns, whichever server shape it came in. */
export interface PluginCallResult {
  success: boolean;
  /** The plugin answered bare (raw_response): its body is the result, no envelope, no logs. */
  raw?: boolean;
  /** HTTP status of a plugin's own error answer (the real server sends the plugin's status). */
  status?: number;
  /** A plugin error's `data.code` and `data.details` (real server). */
  code?: unknown;
  details?: unknown;
  message: string | null;
  error: string | null;
  /** The plugin's return value as JSON (the contract's string form is parsed when it holds JSON). */
  return_value: unknown;
  logs: PluginLog[];
  traces: unknown[];
}

export const PaginationSchema = looseObject({
  current_page: intLike,
  per_page: intLike,
  total_items: intLike,
});

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  totalItems: number;
  /** Rows the server sent when it sent more than the page size asked for (the page was cut to it). */
  sentItems?: number;
  /**
   * Asked for (`lines`): each row's JSON text as the server wrote it, on one line (UTF-8), beside
   * `items`. Where the body was scanned rather than parsed (pageLines.ts), `items` hold only each row's
   * required fields (its id, a transaction's status): what paging and a status filter read.
   */
  lines?: RowLines;
  /**
   * A status filter the server did not apply (it sent rows of other statuses): they were dropped here,
   * so `items` holds only the asked status, while `totalItems` and the page count are the server's, unfiltered.
   */
  filterIgnored?: { status: string; dropped: number };
}

/** Formats a zod failure as one short line: `data[3].id: expected string`. */
export function describeIssue(error: z.core.$ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return `${prefix}: invalid`;
  let path = prefix;
  for (const p of issue.path) path += typeof p === 'number' ? `[${p}]` : `.${String(p)}`;
  return `${path}: ${issue.message}`;
}
