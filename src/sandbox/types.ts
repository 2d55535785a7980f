/** Public types of the sandbox relayer (re-exported from index.ts). */
import type { Flavor } from './flavor.js';
import type { ReadyState } from './ready.js';
import type { SandboxClock } from './chain/clock.js';
import type { RedisDown, Throttle } from './faults.js';

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 = a free port. */
  port?: number;
  /** Generated (crypto random, 32 hex chars) when omitted. */
  token?: string;
  /** Every API response (not /health) is delayed by this much. */
  latencyMs?: number;
  /**
   * A mutation (PUT, POST, PATCH, DELETE) is applied at once and its answer held this much longer: a
   * client whose line drops mid-send can be seen to wait for an answer the server has already acted on.
   */
  answerDelayMs?: number;
  /** Requests per second per Authorization value (token bucket, burst = rate); 0/undefined = unlimited. */
  rateLimit?: number;
  /** Default 'contract'. */
  flavor?: Flavor;
  /**
   * The contract flavour only: every so many ms, in each relayer whose transactions have been listed
   * (bulk-1m and holesky-test aside), the oldest unfinished transaction moves one status on (off when omitted).
   */
  advanceMs?: number;
  /**
   * The real flavour's clock: a block every `blockTimeMs` (default 2000). Blocks come by themselves only
   * when `running` (the CLI and `npm start`); otherwise time stands still until `sandbox.clock.step()`.
   */
  blockTimeMs?: number;
  running?: boolean;
  /**
   * Where the real flavour's clock starts (default now). A time in the past lets a test step the
   * clock up to this machine's: the server's machinery runs its course while what the client reads
   * stays in step with its own clock (a window of v1.8's jobs passed, as an operator would meet it).
   */
  startMs?: number;
  /** The real server's own timeouts (re-send, re-price, prepare, gap filling) divided by this (default 1). */
  timeScale?: number;
  /** Network prices held from the start, in gwei (base fee + tip), by network name: `{avalanche: 55}` is seeded. */
  gasSpikes?: Record<string, number>;
  /** v1.8's nonce-health job fills nonce gaps (default true); false: it never comes (openzeppelin-relayer#843). */
  gapFiller?: boolean;
  /** Healthy traffic on a few relayers (default true). */
  traffic?: boolean;
  /** How long the `slow` plugin takes unless params.ms says otherwise. Default 3000. */
  slowPluginMs?: number;
  /** Another set of relayers than the 15 seeds (a deployment of `sandbox --fleet N`). */
  profile?: SeedProfile;
  /** What the real flavour's GET /api/v1/ready reports (default healthy); see ready.ts. */
  ready?: ReadyState;
  /** Faults (faults.ts), real flavour: these relayers' /status answer `"nonce": "0"` (v1.8's answer when its counter read fails); `all`: every one. */
  statusNonceZero?: readonly string[] | 'all';
  /** Faults: 429s with Retry-After on the first request, or on a share of requests (either flavour). */
  throttle?: Throttle;
  /** Faults, real flavour: Redis down (now, or for a window after the start): /ready 503, every other authenticated endpoint 500. */
  redisDown?: RedisDown;
  /** Faults: the JSON-RPC passthrough (POST /relayers/{id}/rpc) answers this many ms later (a slow RPC). */
  rpcDelayMs?: number;
  /**
   * The failing-RPC scenario (real flavour): this relayer's node fails from `afterMs` after the start
   * (divided by the time scale) — its /rpc answers v1.8's transport error, its /status and /balance 500.
   * Default: linea-idle after 20 minutes; false: none.
   */
  rpcFailing?: RpcFailing | false;
  /**
   * The draining scenario (real flavour, draining.ts): this relayer's own payouts drain its balance to
   * its min_balance `afterMs` after the start (divided by the time scale); then its sends fail.
   * Default: sepolia-main after 40 minutes; false: none.
   */
  draining?: Draining | false;
  /**
   * The price-climb scenario (real flavour, priceClimb.ts): this relayer's network price climbs toward
   * its gas_price_cap from `afterMs` after the start (divided by the time scale) and jams it there.
   * Default: arbitrum-payouts after 15 minutes; false: none.
   */
  priceClimb?: PriceClimb | false;
}

/** The price-climb scenario (priceClimb.ts): one relayer's network price climbing to its cap from `afterMs` after the start (time-scaled). */
export interface PriceClimb {
  relayerId: string;
  afterMs: number;
}

/** One relayer's RPC failing from a time after the start (time-scaled). */
/** The draining scenario (draining.ts): one relayer draining to its minimum `afterMs` after the start (divided by the time scale). */
export interface Draining {
  relayerId: string;
  afterMs: number;
}

export interface RpcFailing {
  relayerId: string;
  afterMs: number;
}

/** The seeded failing RPC: linea-idle's, 20 minutes after the start at --time-scale 1. */
export const DEFAULT_RPC_FAILING: RpcFailing = { relayerId: 'linea-idle', afterMs: 20 * 60_000 };

/**
 * A deployment's relayers for `sandbox --fleet`: `relayers` of them, cycled from the seeds (ids made
 * unique), bulk-1m among them or not, most of them paused, or every balance far under its minimum.
 */
export interface SeedProfile {
  relayers: number;
  /** The seeds with a jam of their own (their real situations) first: a small deployment that has them. */
  jamsFirst?: boolean;
  bulk?: boolean;
  pausedHeavy?: boolean;
  lowBalances?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path + query as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Raw bytes as utf8, exactly as received. */
  body: string;
  /** POST /relayers/{id}/rpc: the JSON-RPC method the body names (whatever the answer was). */
  rpcMethod?: string;
}

/** A JSON-RPC request received on POST /relayers/{id}/rpc (either flavour, whatever the answer). */
export interface RpcCall {
  relayerId: string;
  method: string;
  params: unknown;
}

export interface Injection {
  status: number;
  body: string;
  /** Default application/json. */
  contentType?: string;
  headers?: Record<string, string>;
  /** Which requests it applies to; `pathPrefix` is compared with the URL as received (path + query); `rpcMethod`: a JSON-RPC passthrough request's method. */
  match?: { method?: string; pathPrefix?: string; rpcMethod?: string };
  /** How many matching requests get this answer. Default 1. */
  times?: number;
  /** Close the connection without answering (a network error for the client). */
  destroySocket?: boolean;
  delayMs?: number;
}

/** What a test may ask of the real flavour's chain (chain/chain.ts). */
export interface SandboxChain {
  /** Whether a relayer lives on the chain (the real flavour's EVM relayers, bulk-1m among them). */
  covers(relayerId: string): boolean;
  /** Holds a network's price at so many gwei (undefined: the spike ends). */
  spike(network: string, gwei: number | undefined): void;
  /** Adds to a relayer's balance (the sandbox's faucet); its new balance. */
  fund(relayerId: string, wei: bigint): bigint | undefined;
}

export interface Sandbox {
  /** Resolves once no request is being handled (each answered, its latency past): a test proves an absence after it, not after a fixed wait. */
  idle(): Promise<void>;
  /** Base URL without trailing slash, e.g. "http://127.0.0.1:43123"; API paths are under /api/v1. */
  url: string;
  token: string;
  flavor: Flavor;
  /** Last 500 requests, oldest first. */
  requests: RecordedRequest[];
  /** The next matching request(s) get this canned answer instead of normal routing (auth is not checked). */
  inject(i: Injection): void;
  setLatency(ms: number): void;
  /** Current state of a transaction, as the API would render it. */
  getTransaction(relayerId: string, txId: string): Record<string, unknown> | undefined;
  /** A stored notification including its signing key (for tests only). */
  getNotification(id: string): { id: string; type: string; url: string; signing_key?: string } | undefined;
  /** Plugin calls that reached a plugin (assignable, e.g. to reset it to 0). */
  pluginCalls: number;
  /** The last 500 JSON-RPC requests received, oldest first (assert which methods a client sent). */
  rpcCalls: RpcCall[];
  /** The sandbox's one clock: `step(n)` makes n blocks (the real flavour's chain and v1.8's jobs run on each). */
  clock: SandboxClock;
  /** The real flavour's chain (undefined in the contract flavour). */
  chain: SandboxChain | undefined;
  /** What GET /api/v1/ready reports from now on (real flavour). */
  setReady(state: ReadyState): void;
  /** Faults from now on (faults.ts): as the options of the same names. */
  setStatusNonceZero(ids: readonly string[] | 'all'): void;
  setThrottle(t: Throttle | undefined): void;
  setRedisDown(down: boolean): void;
  setRpcDelay(ms: number): void;
  /** The failing-RPC scenario from now on (false: none); `afterMs` counts from the sandbox's start, time-scaled. */
  setRpcFailing(f: RpcFailing | false): void;
  /** The draining scenario from now on (false: none; real flavour); `afterMs` counts from the sandbox's start, time-scaled. */
  setDraining(d: Draining | false): void;
  /** The price-climb scenario from now on (false: none; real flavour); `afterMs` counts from the sandbox's start, time-scaled. */
  setPriceClimb(c: PriceClimb | false): void;
  /** The real flavour's metrics (metrics.ts: the text and the names it serves), undefined in the contract flavour. */
  readonly metrics: { text(only?: string): string | null; names(): string[] } | undefined;
  /** JSON-RPC passthrough requests in flight now, and the most at once since the start (or the last reset). */
  rpcInFlight: { now: number; max: number; reset(): void };
  /** Closes the server and all keep-alive sockets promptly. */
  close(): Promise<void>;
}
