/**
 * Deterministic seeded data: relayers and their transactions. Content is fixed; timestamps are relative to the
 * sandbox start time so ages look recent. `bulk-1m` holds 1,000,000 EVM transactions computed from their index on
 * demand (never materialized); replacements of those are kept in an override map.
 */
import { BASE32, BASE58, Rng, shuffled } from './random.js';
import { type Flavor, formatOptionalTime, formatTime, formatWei } from './flavor.js';

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
  nonce: number;
  gas_limit: number | null;
  gas_price: bigint | null;
  max_fee_per_gas: bigint | null;
  max_priority_fee_per_gas: bigint | null;
  signature: EvmSignature | null;
  speed: Speed | null;
  is_canceled: boolean;
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
}

export type Tx = EvmTx | SolanaTx | StellarTx;

export interface RpcUrl {
  url: string;
  /** What the real server shows: path masked with `***`. */
  masked: string;
  weight: number;
}

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
  policies: Record<string, unknown>;
  /** Number of seeded transactions. */
  txCount: number;
  /** Statuses of the newest transactions, in order; older ones follow a fixed mostly-final pattern. */
  head: TxStatus[];
}

export const BULK_RELAYER_ID = 'bulk-1m';
export const BULK_COUNT = 1_000_000;
const BULK_ID_PREFIX = '00000000-0000-4000-8000-';

export const GWEI = 1_000_000_000n;
const ACTIVE_HEAD: TxStatus[] = ['pending', 'sent', 'submitted', 'pending', 'submitted', 'sent', 'mined', 'mined'];

function evmAddress(seed: string): string {
  return `0x${new Rng(`addr:${seed}`).hex(40)}`;
}
function solanaAddress(seed: string): string {
  return new Rng(`sol:${seed}`).chars(BASE58, 44);
}
function stellarAddress(seed: string): string {
  return `G${new Rng(`xlm:${seed}`).chars(BASE32, 55)}`;
}

function evmPolicies(over: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    eip1559_pricing: true,
    gas_limit_estimation: true,
    gas_price_cap: 100_000_000_000,
    min_balance: 5_000_000_000_000_000,
    private_transactions: false,
    whitelist_receivers: [],
    ...over,
  };
}

const SOLANA_POLICIES: Record<string, unknown> = {
  fee_payment_strategy: 'relayer',
  min_balance: 1_000_000,
  max_signatures: 2,
  max_allowed_fee_lamports: 50_000,
  fee_margin_percentage: 10,
  allowed_programs: ['11111111111111111111111111111111', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
};

const STELLAR_POLICIES: Record<string, unknown> = {
  fee_payment_strategy: 'relayer',
  min_balance: 10_000_000,
  max_fee: 1_000_000,
  timeout_seconds: 30,
  concurrent_transactions: false,
};

interface SeedSpec {
  id: string;
  name: string;
  network: string;
  network_type: NetworkType;
  signer_id: string;
  txCount: number;
  head?: TxStatus[];
  paused?: boolean;
  disabled_reason?: Record<string, unknown>;
  notification?: boolean;
  rpc?: RpcUrl[];
  policies?: Record<string, unknown>;
}

const SEEDS: SeedSpec[] = [
  {
    id: 'sepolia-main',
    name: 'Sepolia Main',
    network: 'sepolia',
    network_type: 'evm',
    signer_id: 'local-signer-1',
    txCount: 60,
    rpc: [
      {
        url: 'https://eth-sepolia.example.com/v2/sk_4f9a8b7c6d5e4f3a2b1c',
        masked: 'https://eth-sepolia.example.com/v2/***',
        weight: 100,
      },
      { url: 'https://rpc.sepolia.example.org/key/0f1e2d3c', masked: 'https://rpc.sepolia.example.org/***', weight: 50 },
    ],
    policies: evmPolicies({ whitelist_receivers: [evmAddress('rx1'), evmAddress('rx2')] }),
  },
  {
    id: 'mainnet-hot',
    name: 'Mainnet Hot Wallet',
    network: 'mainnet',
    network_type: 'evm',
    signer_id: 'aws-kms-hot',
    txCount: 20,
    head: ['pending', 'submitted', 'mined'],
    paused: true,
    rpc: [{ url: 'https://eth-mainnet.example.com/v3/9c8b7a6f5e4d', masked: 'https://eth-mainnet.example.com/v3/***', weight: 100 }],
    policies: evmPolicies({
      min_balance: 100_000_000_000_000_000_000n,
      gas_price_cap: 300_000_000_000,
      private_transactions: true,
    }),
  },
  {
    id: 'polygon-ops',
    name: 'Polygon Ops',
    network: 'polygon',
    network_type: 'evm',
    signer_id: 'vault-ops',
    txCount: 18,
    head: ['pending', 'sent'],
    disabled_reason: {
      type: 'Multiple',
      details: [
        { type: 'NonceSyncFailed', details: 'Failed to sync nonce: RPC error: nonce too low (expected 1042, got 1039)' },
        { type: 'RpcValidationFailed', details: 'RPC endpoint https://polygon-rpc.example.com/*** returned chain id 80002, expected 137' },
      ],
    },
    policies: evmPolicies({ eip1559_pricing: false, gas_price_cap: 500_000_000_000 }),
  },
  {
    id: 'base-batch',
    name: 'Base Batch Sender',
    network: 'base',
    network_type: 'evm',
    signer_id: 'local-signer-2',
    txCount: 15,
    head: ['submitted'],
    disabled_reason: {
      type: 'BalanceCheckFailed',
      details: 'Balance 1200000000000000 is below the minimum 5000000000000000',
    },
  },
  { id: 'solana-devnet', name: 'Solana Devnet', network: 'devnet', network_type: 'solana', signer_id: 'solana-local', txCount: 24 },
  { id: 'stellar-testnet', name: 'Stellar Testnet', network: 'testnet', network_type: 'stellar', signer_id: 'stellar-local', txCount: 24 },
  {
    id: 'arbitrum-payouts',
    name: 'Arbitrum Payouts',
    network: 'arbitrum-one',
    network_type: 'evm',
    signer_id: 'turnkey-payouts',
    txCount: 25,
    notification: false,
  },
  { id: 'optimism-relay', name: 'Optimism Relay', network: 'optimism', network_type: 'evm', signer_id: 'local-signer-1', txCount: 12, head: ['sent', 'confirmed'] },
  { id: BULK_RELAYER_ID, name: 'Bulk 1M (load test)', network: 'sepolia', network_type: 'evm', signer_id: 'local-signer-3', txCount: BULK_COUNT },
  {
    id: 'solana-mainnet',
    name: 'Solana Mainnet',
    network: 'mainnet-beta',
    network_type: 'solana',
    signer_id: 'solana-kms',
    txCount: 10,
    head: ['submitted', 'confirmed'],
    rpc: [{ url: 'https://solana-mainnet.example.com/rpc/7d6c5b4a', masked: 'https://solana-mainnet.example.com/***', weight: 80 }],
  },
  {
    id: 'stellar-mainnet',
    name: 'Stellar Mainnet',
    network: 'mainnet',
    network_type: 'stellar',
    signer_id: 'stellar-kms',
    txCount: 10,
    head: ['sent', 'confirmed'],
    notification: false,
  },
  { id: 'bsc-treasury', name: 'BSC Treasury', network: 'bsc', network_type: 'evm', signer_id: 'vault-treasury', txCount: 10, head: ['confirmed'] },
  {
    id: 'avalanche-bridge',
    name: 'Avalanche Bridge',
    network: 'avalanche',
    network_type: 'evm',
    signer_id: 'gcp-kms-bridge',
    txCount: 14,
    head: ['pending', 'mined'],
    policies: evmPolicies({ gas_limit_estimation: false, whitelist_receivers: [evmAddress('bridge')] }),
  },
  { id: 'holesky-test', name: 'Holesky Test', network: 'holesky', network_type: 'evm', signer_id: 'local-signer-1', txCount: 8, notification: false },
  { id: 'linea-idle', name: 'Linea Idle', network: 'linea', network_type: 'evm', signer_id: 'local-signer-4', txCount: 0 },
];

function buildRelayer(s: SeedSpec): RelayerSeed {
  const address =
    s.network_type === 'evm' ? evmAddress(s.id) : s.network_type === 'solana' ? solanaAddress(s.id) : stellarAddress(s.id);
  const policies =
    s.policies ?? (s.network_type === 'evm' ? evmPolicies() : s.network_type === 'solana' ? SOLANA_POLICIES : STELLAR_POLICIES);
  const r: RelayerSeed = {
    id: s.id,
    name: s.name,
    network: s.network,
    network_type: s.network_type,
    address,
    paused: s.paused ?? false,
    system_disabled: s.disabled_reason !== undefined,
    signer_id: s.signer_id,
    custom_rpc_urls: s.rpc ?? [],
    policies,
    txCount: s.txCount,
    head: s.head ?? ACTIVE_HEAD,
  };
  if (s.disabled_reason) r.disabled_reason = s.disabled_reason;
  if (s.notification !== false) r.notification_id = 'ops-webhook';
  return r;
}

export const SANDBOX_RELAYERS: string[] = SEEDS.map((s) => s.id);

/** Status of the i-th newest seeded transaction of a relayer. */
function statusAt(head: readonly TxStatus[], i: number): TxStatus {
  if (i < head.length) return head[i]!;
  if (i % 11 === 3) return 'failed';
  if (i % 13 === 5) return 'expired';
  if (i % 9 === 4) return 'canceled';
  return 'confirmed';
}

const BULK_HEAD: TxStatus[] = ['pending', 'pending', 'sent', 'submitted', 'submitted', 'mined', 'mined', 'mined'];
function bulkStatus(i: number): TxStatus {
  if (i < BULK_HEAD.length) return BULK_HEAD[i]!;
  if (i % 97 === 13) return 'failed';
  if (i % 89 === 7) return 'expired';
  if (i % 331 === 100) return 'canceled';
  return 'confirmed';
}

const EVM_FAIL_REASONS = [
  'Transaction reverted: execution reverted: ERC20: transfer amount exceeds balance',
  'insufficient funds for gas * price + value',
  'Transaction reverted: out of gas',
];
const SOLANA_FAIL_REASONS = [
  'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
  'Transaction failed: custom program error: 0x1',
];
const STELLAR_FAIL_REASONS = ['tx_bad_seq', 'op_underfunded', 'tx_insufficient_fee'];

function reasonFor(status: TxStatus, rng: Rng, failReasons: readonly string[]): string | null {
  if (status === 'failed') return rng.pick(failReasons);
  if (status === 'expired') return 'Transaction expired: valid_until passed before it was mined';
  if (status === 'canceled') return 'Transaction canceled by request';
  return null;
}

/** sent_at / confirmed_at offsets for a transaction created at `created`. */
function lifecycle(status: TxStatus, created: number, rng: Rng): { sent: number | null; confirmed: number | null } {
  if (status === 'pending') return { sent: null, confirmed: null };
  const sent = created + 800 + rng.int(4000);
  return { sent, confirmed: status === 'confirmed' ? sent + 12_000 + rng.int(18_000) : null };
}

export function newEvmHash(seed: string): string {
  return `0x${new Rng(`hash:${seed}`).hex(64)}`;
}

export function newEvmSignature(seed: string, eip1559: boolean): EvmSignature {
  const rng = new Rng(`sig:${seed}`);
  const r = rng.hex(64);
  const s = rng.hex(64);
  const v = eip1559 ? rng.int(2) : 27 + rng.int(2);
  return { r, s, v, sig: `${r}${s}${v.toString(16).padStart(2, '0')}` };
}

const U64_PLUS = 25_000_000_000_000_000_000_000n; // 25,000 ETH in wei: more than 2^64

/** Deterministic EVM transaction. `bigValue` forces a value beyond 2^64. */
function makeEvmTx(
  relayer: RelayerSeed,
  id: string,
  seed: string,
  status: TxStatus,
  created: number,
  nonce: number,
  bigValue: boolean,
): EvmTx {
  const rng = new Rng(seed);
  const kind = rng.int(6);
  let value: bigint;
  let data = '0x';
  let to = evmAddress(`to:${rng.int(12)}`);
  let gasLimit = 21_000;
  switch (kind) {
    case 0: // ERC-20 transfer
      value = 0n;
      data = `0xa9059cbb000000000000000000000000${rng.hex(40)}${(BigInt(1 + rng.int(5_000_000)) * 10n ** 15n).toString(16).padStart(64, '0')}`;
      gasLimit = 65_000;
      break;
    case 1:
      value = 1_500_000_000_000_000_000n; // 1.5 ETH
      break;
    case 2:
      value = BigInt(rng.u32()) * 1_000_000_000n + BigInt(rng.u32()); // up to ~4.3 ETH, odd digits
      break;
    case 3:
      value = 10_000_000_000_000_000n; // 0.01 ETH
      break;
    case 4: // contract call
      value = 0n;
      data = `0x${rng.hex(8)}${rng.hex(64)}${rng.hex(64)}`;
      gasLimit = 100_000 + rng.int(200_000);
      to = evmAddress(`contract:${rng.int(4)}`);
      break;
    default:
      value = BigInt(1 + rng.int(999)) * 1_000_000_000_000_000n;
  }
  if (bigValue) {
    value = U64_PLUS + BigInt(rng.u32());
    data = '0x';
    gasLimit = 21_000;
  }
  const eip1559 = rng.int(3) !== 0;
  const { sent, confirmed } = lifecycle(status, created, rng);
  const speed = rng.pick<Speed | null>(['fastest', 'fast', 'fast', 'average', 'safeLow', null]);
  return {
    kind: 'evm',
    id,
    relayer_id: relayer.id,
    status,
    status_reason: reasonFor(status, rng, EVM_FAIL_REASONS),
    created_at: created,
    sent_at: sent,
    confirmed_at: confirmed,
    hash: status === 'pending' ? null : newEvmHash(seed),
    from: relayer.address,
    to,
    value,
    data,
    nonce,
    gas_limit: gasLimit,
    gas_price: eip1559 ? null : BigInt(8 + rng.int(40)) * GWEI + BigInt(rng.int(1000)) * 1_000_000n,
    max_fee_per_gas: eip1559 ? BigInt(20 + rng.int(60)) * GWEI : null,
    max_priority_fee_per_gas: eip1559 ? BigInt(1 + rng.int(3)) * GWEI : null,
    signature: status === 'pending' ? null : newEvmSignature(seed, eip1559),
    speed,
    is_canceled: status === 'canceled',
  };
}

function makeSolanaTx(relayer: RelayerSeed, id: string, seed: string, status: TxStatus, created: number): SolanaTx {
  const rng = new Rng(seed);
  const { sent, confirmed } = lifecycle(status, created, rng);
  const tx: SolanaTx = {
    kind: 'solana',
    id,
    relayer_id: relayer.id,
    signature: status === 'pending' ? null : rng.chars(BASE58, 88),
    status,
    status_reason: reasonFor(status, rng, SOLANA_FAIL_REASONS),
    created_at: created,
    sent_at: sent,
    confirmed_at: confirmed,
    transaction: rng.bytes(120 + rng.int(180)).toString('base64'),
  };
  if (rng.int(3) === 0) {
    tx.instructions = [
      {
        program_id: '11111111111111111111111111111111',
        accounts: [
          { pubkey: relayer.address, is_signer: true, is_writable: true },
          { pubkey: rng.chars(BASE58, 44), is_signer: false, is_writable: true },
        ],
        data: rng.bytes(12).toString('base64'),
      },
    ];
  }
  return tx;
}

function makeStellarTx(relayer: RelayerSeed, id: string, seed: string, status: TxStatus, created: number, seq: bigint): StellarTx {
  const rng = new Rng(seed);
  const { sent, confirmed } = lifecycle(status, created, rng);
  const tx: StellarTx = {
    kind: 'stellar',
    id,
    relayer_id: relayer.id,
    hash: status === 'pending' ? null : rng.hex(64),
    status,
    status_reason: reasonFor(status, rng, STELLAR_FAIL_REASONS),
    created_at: created,
    sent_at: sent,
    confirmed_at: confirmed,
    source_account: relayer.address,
    fee: 100 * (1 + rng.int(1000)),
    sequence_number: seq.toString(),
  };
  if (status === 'confirmed') tx.transaction_result_xdr = 'AAAAAAAAAGQAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAA=';
  if (status === 'failed') tx.transaction_result_xdr = 'AAAAAAAAAGT////7AAAAAA==';
  return tx;
}

interface TxTable {
  list: Tx[];
  byId: Map<string, Tx>;
}

export function bulkId(index: number): string {
  return `${BULK_ID_PREFIX}${String(index).padStart(12, '0')}`;
}

export function bulkIndex(id: string): number | undefined {
  if (!id.startsWith(BULK_ID_PREFIX) || id.length !== BULK_ID_PREFIX.length + 12) return undefined;
  const digits = id.slice(BULK_ID_PREFIX.length);
  if (!/^\d{12}$/.test(digits)) return undefined;
  const n = Number(digits);
  return n < BULK_COUNT ? n : undefined;
}

/** Seeded relayers and transactions of one sandbox instance, plus stored replacements. */
export class SandboxData {
  readonly relayers: RelayerSeed[];
  private readonly byId = new Map<string, RelayerSeed>();
  private readonly tables = new Map<string, TxTable>();
  private readonly bulkOverrides = new Map<number, EvmTx>();
  private readonly realOrder: RelayerSeed[];

  constructor(readonly startMs: number) {
    this.relayers = SEEDS.map(buildRelayer);
    for (const r of this.relayers) this.byId.set(r.id, r);
    this.realOrder = shuffled(this.relayers, 'real-server-relayer-order');
    for (const r of this.relayers) if (r.id !== BULK_RELAYER_ID) this.tables.set(r.id, this.seedTransactions(r));
  }

  relayer(id: string): RelayerSeed | undefined {
    return this.byId.get(id);
  }

  /** Relayers in list order: seed order (contract) or a fixed shuffle (real server has no defined order). */
  orderedRelayers(flavor: Flavor): RelayerSeed[] {
    return flavor === 'real' ? this.realOrder : this.relayers;
  }

  private seedTransactions(r: RelayerSeed): TxTable {
    const list: Tx[] = [];
    const rel = new Rng(`created:${r.id}`);
    const nonceBase = 100 + new Rng(`nonce:${r.id}`).int(5000);
    const seqBase = 123_456_789_012_345_678n + BigInt(new Rng(`seq:${r.id}`).int(100_000)) * 1000n;
    for (let i = 0; i < r.txCount; i++) {
      const seed = `${r.id}:${i}`;
      const id = new Rng(`id:${seed}`).uuid();
      const status = statusAt(r.head, i);
      // Newest first: strictly decreasing creation times (spacing 97 s, jitter below 60 s).
      const created = this.startMs - (20_000 + i * 97_000 + rel.int(60_000));
      const older = r.txCount - 1 - i;
      let tx: Tx;
      if (r.network_type === 'evm') tx = makeEvmTx(r, id, seed, status, created, nonceBase + older, i === 9 || i === 30);
      else if (r.network_type === 'solana') tx = makeSolanaTx(r, id, seed, status, created);
      else tx = makeStellarTx(r, id, seed, status, created, seqBase + BigInt(older));
      list.push(tx);
    }
    return { list, byId: new Map(list.map((t) => [t.id, t])) };
  }

  private bulkTx(index: number): EvmTx {
    const over = this.bulkOverrides.get(index);
    if (over) return over;
    const r = this.byId.get(BULK_RELAYER_ID)!;
    const created = this.startMs - 10_000 - index * 30_000 - ((index * 37) % 1000);
    return makeEvmTx(r, bulkId(index), `bulk:${index}`, bulkStatus(index), created, BULK_COUNT - 1 - index, index % 1000 === 42);
  }

  private bulkStatusAt(index: number): TxStatus {
    if (this.bulkOverrides.size > 0) {
      const over = this.bulkOverrides.get(index);
      if (over) return over.status;
    }
    return bulkStatus(index);
  }

  /** One page of a relayer's transactions, newest first, optionally filtered by status. */
  listTransactions(relayerId: string, offset: number, limit: number, status?: TxStatus): { items: Tx[]; total: number } {
    if (relayerId === BULK_RELAYER_ID) {
      if (!status) {
        const items: Tx[] = [];
        for (let i = offset; i < Math.min(BULK_COUNT, offset + limit); i++) items.push(this.bulkTx(i));
        return { items, total: BULK_COUNT };
      }
      const items: Tx[] = [];
      let total = 0;
      for (let i = 0; i < BULK_COUNT; i++) {
        if (this.bulkStatusAt(i) !== status) continue;
        if (total >= offset && total < offset + limit) items.push(this.bulkTx(i));
        total++;
      }
      return { items, total };
    }
    const table = this.tables.get(relayerId);
    if (!table) return { items: [], total: 0 };
    const all = status ? table.list.filter((t) => t.status === status) : table.list;
    return { items: all.slice(offset, offset + limit), total: all.length };
  }

  findTransaction(relayerId: string, txId: string): Tx | undefined {
    if (relayerId === BULK_RELAYER_ID) {
      const index = bulkIndex(txId);
      return index === undefined ? undefined : this.bulkTx(index);
    }
    return this.tables.get(relayerId)?.byId.get(txId);
  }

  /** Store a replaced transaction (same id) so later lists and lookups show it. */
  storeTransaction(tx: Tx): void {
    if (tx.relayer_id === BULK_RELAYER_ID) {
      const index = bulkIndex(tx.id);
      if (index !== undefined && tx.kind === 'evm') this.bulkOverrides.set(index, tx);
      return;
    }
    const table = this.tables.get(tx.relayer_id);
    if (!table) return;
    const pos = table.list.findIndex((t) => t.id === tx.id);
    if (pos >= 0) table.list[pos] = tx;
    table.byId.set(tx.id, tx);
  }
}

/** Relayer as the API renders it. Optional fields only when set; the real flavor masks RPC URLs and omits empty ones. */
export function renderRelayer(flavor: Flavor, r: RelayerSeed): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: r.id,
    name: r.name,
    network: r.network,
    network_type: r.network_type,
    paused: r.paused,
    system_disabled: r.system_disabled,
  };
  if (r.disabled_reason) out.disabled_reason = r.disabled_reason;
  out.signer_id = r.signer_id;
  out.address = r.address;
  if (r.notification_id !== undefined) out.notification_id = r.notification_id;
  if (flavor === 'contract') out.custom_rpc_urls = r.custom_rpc_urls.map((u) => ({ url: u.url, weight: u.weight }));
  else if (r.custom_rpc_urls.length > 0) out.custom_rpc_urls = r.custom_rpc_urls.map((u) => ({ url: u.masked, weight: u.weight }));
  out.policies = r.policies;
  return out;
}

/** Transaction as the API renders it. */
export function renderTransaction(flavor: Flavor, tx: Tx): Record<string, unknown> {
  const t = (ms: number | null) => formatOptionalTime(flavor, ms);
  switch (tx.kind) {
    case 'evm':
      return {
        id: tx.id,
        relayer_id: tx.relayer_id,
        status: tx.status,
        status_reason: tx.status_reason,
        created_at: formatTime(flavor, tx.created_at),
        sent_at: t(tx.sent_at),
        confirmed_at: t(tx.confirmed_at),
        hash: tx.hash,
        from: tx.from,
        to: tx.to,
        value: formatWei(flavor, tx.value),
        data: tx.data,
        nonce: tx.nonce,
        gas_limit: tx.gas_limit,
        gas_price: tx.gas_price === null ? null : tx.gas_price.toString(),
        max_fee_per_gas: tx.max_fee_per_gas === null ? null : tx.max_fee_per_gas.toString(),
        max_priority_fee_per_gas: tx.max_priority_fee_per_gas === null ? null : tx.max_priority_fee_per_gas.toString(),
        signature: tx.signature ? { ...tx.signature } : null,
        speed: tx.speed,
        is_canceled: tx.is_canceled,
      };
    case 'solana': {
      // Contract flavor: every field present (null when unset). Real flavor: unset optional fields are skipped.
      const out: Record<string, unknown> = { id: tx.id };
      const opt = (k: string, v: unknown) => {
        if (v !== null || flavor === 'contract') out[k] = v;
      };
      opt('signature', tx.signature);
      out.status = tx.status;
      opt('status_reason', tx.status_reason);
      out.created_at = formatTime(flavor, tx.created_at);
      opt('sent_at', t(tx.sent_at));
      opt('confirmed_at', t(tx.confirmed_at));
      out.transaction = tx.transaction;
      if (tx.instructions) out.instructions = tx.instructions;
      return out;
    }
    case 'stellar': {
      const out: Record<string, unknown> = {
        id: tx.id,
        hash: tx.hash,
        status: tx.status,
        status_reason: tx.status_reason,
        created_at: formatTime(flavor, tx.created_at),
        sent_at: t(tx.sent_at),
        confirmed_at: t(tx.confirmed_at),
        source_account: tx.source_account,
        fee: tx.fee,
        sequence_number: tx.sequence_number,
        relayer_id: tx.relayer_id,
      };
      if (tx.transaction_result_xdr !== undefined) out.transaction_result_xdr = tx.transaction_result_xdr;
      return out;
    }
  }
}
