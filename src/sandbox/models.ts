/** Internal models of the sandbox's data: statuses, speeds, transactions per network, relayer seeds. */

export type TxStatus = 'canceled' | 'pending' | 'sent' | 'submitted' | 'mined' | 'confirmed' | 'failed' | 'expired';
export const TX_STATUSES: readonly TxStatus[] = [
  'canceled',
  'pending',
  'sent',
  'submitted',
  'mined',
  'confirmed',
  'failed',
  'expired',
];
export const REPLACEABLE_STATUSES: readonly TxStatus[] = ['pending', 'sent', 'submitted'];

export type Speed = 'fastest' | 'fast' | 'average' | 'safeLow';
export const SPEEDS: readonly Speed[] = ['fastest', 'fast', 'average', 'safeLow'];

export type NetworkType = 'evm' | 'solana' | 'stellar';

export interface EvmSignature {
  r: string;
  s: string;
  v: number;
  sig: string;
}

export interface EvmTx {
  kind: 'evm';
  id: string;
  relayer_id: string;
  status: TxStatus;
  status_reason: string | null;
  created_at: number;
  sent_at: number | null;
  confirmed_at: number | null;
  hash: string | null;
  from: string;
  to: string | null;
  value: bigint;
  data: string;
  /** Null while pending (the real flavour: a nonce is assigned when the transaction is signed). */
  nonce: number | null;
  gas_limit: number | null;
  gas_price: bigint | null;
  max_fee_per_gas: bigint | null;
  max_priority_fee_per_gas: bigint | null;
  signature: EvmSignature | null;
  speed: Speed | null;
  is_canceled: boolean;
}

/** What a new EVM transaction is asked with (a send, the sandbox's traffic, a payout): the rest is a pending one's. */
export type EvmAsk = Pick<EvmTx, 'id' | 'relayer_id' | 'from' | 'to' | 'value' | 'data' | 'gas_limit' | 'speed'> & Partial<Pick<EvmTx, 'gas_price' | 'max_fee_per_gas' | 'max_priority_fee_per_gas'>>;

/** A new EVM transaction, pending at `now`: no nonce, hash or signature yet (the real flavour gives them when it prepares it). */
export function pendingEvm(ask: EvmAsk, now: number): EvmTx {
  return {
    kind: 'evm',
    status: 'pending',
    status_reason: null,
    created_at: now,
    sent_at: null,
    confirmed_at: null,
    hash: null,
    nonce: null,
    gas_price: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    signature: null,
    is_canceled: false,
    ...ask,
  };
}

export interface SolanaInstruction {
  program_id: string;
  accounts: { pubkey: string; is_signer: boolean; is_writable: boolean }[];
  data: string;
}

export interface SolanaTx {
  kind: 'solana';
  id: string;
  relayer_id: string;
  signature: string | null;
  status: TxStatus;
  status_reason: string | null;
  created_at: number;
  sent_at: number | null;
  confirmed_at: number | null;
  transaction: string;
  instructions?: SolanaInstruction[];
}

export interface StellarTx {
  kind: 'stellar';
  id: string;
  relayer_id: string;
  hash: string | null;
  status: TxStatus;
  status_reason: string | null;
  created_at: number;
  sent_at: number | null;
  confirmed_at: number | null;
  source_account: string;
  /** Stroops; bigint only when a replacement's max_fee exceeds 2^53. */
  fee: number | bigint;
  sequence_number: string;
  transaction_result_xdr?: string;
  /** A send's operation count (not rendered): its fee when it is prepared (sendOther.ts). */
  op_count?: number;
}

export type Tx = EvmTx | SolanaTx | StellarTx;

export interface RpcUrl {
  url: string;
  /** What the real server shows: path masked with `***`. */
  masked: string;
  weight: number;
}

/** The real flavour's seeded jams, each with the real server's cause (chain/situations.ts). */
export type Situation = 'never_broadcast' | 'price_cap' | 'counter_ahead';

export interface RelayerSeed {
  id: string;
  name: string;
  network: string;
  network_type: NetworkType;
  address: string;
  paused: boolean;
  system_disabled: boolean;
  disabled_reason?: Record<string, unknown>;
  signer_id: string;
  notification_id?: string;
  custom_rpc_urls: RpcUrl[];
  /** An empty `custom_rpc_urls` a PATCH set (v1.8 keeps Some([]) and answers `[]`); else empty means none. */
  rpcUrlsEmptySome?: boolean;
  policies: Record<string, unknown>;
  /** Number of seeded transactions. */
  txCount: number;
  /** Statuses of the newest transactions, in order; older ones follow a fixed mostly-final pattern. */
  head: TxStatus[];
  /** The real flavour's head where it differs (an EVM relayer's statuses in the order a chain allows). */
  realHead?: TxStatus[];
  /** The real flavour's seeded jam (chain/situations.ts). */
  situation?: Situation;
  /** Where its chain starts when its transactions alone do not say (a counter ahead of the chain). */
  chainSeed?: { chainNonce: number; counter: number };
  /** A seeded stuck relayer: old transactions, a nonce skipped at `nonceGapAt`, a `sent` one without a hash. */
  stuck?: { olderMs: number; spacingMs: number; nonceGapAt: number; sentWithoutHashAt: number };
}

export const BULK_RELAYER_ID = 'bulk-1m';
export const BULK_COUNT = 1_000_000;
export const BULK_ID_PREFIX = '00000000-0000-4000-8000-';

export const GWEI = 1_000_000_000n;

/** What the data asks of the real flavour's chain (chain/chain.ts is one). */
export interface ChainState {
  account(relayerId: string): { counter: number; balance: bigint } | undefined;
  covers(relayerId: string): boolean;
  canceled(tx: EvmTx): void;
  sent(tx: EvmTx): void;
  submit(tx: EvmTx, now: number): void;
  replace(old: EvmTx, req: { value: bigint; to?: string; data?: string; gas_limit?: bigint; speed?: Speed }): EvmTx;
  fund(relayerId: string, wei: bigint): bigint | undefined;
  /** A disabled relayer's configuration fixed and the server restarted (the sandbox's repair). */
  repair(relayerId: string): { enabled: boolean } | undefined;
}
