/** The seeded relayers (deterministic; order = contract-flavor list order). */
import { Rng } from './random.js';
import { encodeStrKey } from '../core/stellarKey.js';
import { base58Encode } from './solanaWire.js';
import { BULK_COUNT, BULK_RELAYER_ID, type NetworkType, type RelayerSeed, type RpcUrl, type TxStatus } from './models.js';
import type { SeedProfile } from './types.js';
import type { Flavor } from './flavor.js';
import type { Situation } from './models.js';

/** avalanche-bridge's gas_price_cap in the real flavour (its situation: chain/situations.ts). */
export const PRICE_CAP_GWEI = 30;

const ACTIVE_HEAD: TxStatus[] = ['pending', 'sent', 'submitted', 'pending', 'submitted', 'sent', 'mined', 'mined'];
/**
 * The same for an EVM relayer of the real flavour, where a `sent` transaction is signed and not yet
 * broadcast: one older than a broadcast one would hold it back (a jam). A busy relayer that is not
 * jammed has its signed ones newest; its oldest broadcast one (about 9 minutes, not mined) is what an
 * underpriced or dropped transaction looks like, and the pending one 5 minutes old waits to be signed.
 */
const REAL_EVM_ACTIVE_HEAD: TxStatus[] = ['pending', 'sent', 'submitted', 'pending', 'submitted', 'submitted', 'mined', 'mined'];

export function evmAddress(seed: string): string {
  return `0x${new Rng(`addr:${seed}`).hex(40)}`;
}
/**
 * A Solana address as a signer makes one: 32 bytes in base58 (v1.8 reads it as a Pubkey when it
 * sends: sendOther.ts). Random base58 characters would not do: 44 of them are mostly over 32 bytes.
 */
function solanaAddress(seed: string): string {
  return base58Encode(new Rng(`sol:${seed}`).bytes(32));
}
/**
 * A Stellar account as a signer makes one: a StrKey (SEP-23) of 32 bytes, its checksum right. v1.8
 * reads it with stellar-strkey when it builds a transaction (models/transaction/stellar/conversion.rs:74-77):
 * random base32 characters would fail every one ("Invalid source account: …", stellarPrepare.ts).
 */
function stellarAddress(seed: string): string {
  return encodeStrKey('account', new Rng(`xlm:${seed}`).bytes(32));
}

function evmPolicies(over: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    eip1559_pricing: true,
    gas_limit_estimation: true,
    gas_price_cap: 100_000_000_000,
    min_balance: 5_000_000_000_000_000,
    private_transactions: false,
    // No whitelist unless a seed has one: v1.8 leaves `whitelist_receivers` out when none is configured,
    // and reads an empty list as "only the zero address and the relayer's own" (request/evm.rs).
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
  /** The real flavour's head, where it differs from `head`. */
  realHead?: TxStatus[];
  paused?: boolean;
  disabled_reason?: Record<string, unknown>;
  notification?: boolean;
  rpc?: RpcUrl[];
  policies?: Record<string, unknown>;
  /**
   * What triage must find (see SandboxData.seedTransactions): created this long ago and spaced this far
   * apart; in the contract flavour also a nonce skipped and a `sent` one without a hash (the real
   * flavour has neither: its `sent` ones are signed, and the jam is the oldest of them, never broadcast).
   */
  stuck?: { olderMs: number; spacingMs: number; nonceGapAt: number; sentWithoutHashAt: number };
  /** The real flavour only: a jam with the real server's cause (chain/situations.ts), its head and policies. */
  real?: { situation: Situation; head?: TxStatus[]; policies?: Record<string, unknown> };
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
        masked: 'https://eth-sepolia.example.com/***',
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
    rpc: [{ url: 'https://eth-mainnet.example.com/v3/9c8b7a6f5e4d', masked: 'https://eth-mainnet.example.com/***', weight: 100 }],
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
  {
    id: 'optimism-relay',
    name: 'Optimism Relay',
    network: 'optimism',
    network_type: 'evm',
    signer_id: 'local-signer-1',
    txCount: 12,
    head: ['sent', 'confirmed'],
    real: { situation: 'counter_ahead', head: ['submitted', 'submitted', 'confirmed'] },
  },
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
    real: {
      situation: 'price_cap',
      head: ['submitted', 'submitted', 'submitted', 'confirmed'],
      policies: evmPolicies({ gas_limit_estimation: false, whitelist_receivers: [evmAddress('bridge')], gas_price_cap: PRICE_CAP_GWEI * 1_000_000_000 }),
    },
  },
  // Stuck the way the real server's users meet it (OpenZeppelin Relayer #818/#843). Contract flavour:
  // old pending transactions behind a nonce gap, and one sent hours ago with no hash. Real flavour: a
  // jam — its lowest nonce is a `sent` transaction signed 95 minutes ago and never broadcast, so the
  // chain's nonce stays at it while a broadcast one and a signed one above it wait, and three pending
  // ones (20 to 50 minutes old) wait to be signed.
  {
    id: 'holesky-test',
    name: 'Holesky Test',
    network: 'holesky',
    network_type: 'evm',
    signer_id: 'local-signer-1',
    txCount: 12,
    notification: false,
    head: ['pending', 'pending', 'pending', 'sent', 'submitted', 'sent'],
    stuck: { olderMs: 20 * 60_000, spacingMs: 15 * 60_000, nonceGapAt: 2, sentWithoutHashAt: 5 },
    real: { situation: 'never_broadcast' },
  },
  { id: 'linea-idle', name: 'Linea Idle', network: 'linea', network_type: 'evm', signer_id: 'local-signer-4', txCount: 0 },
];

function buildRelayer(s: SeedSpec, flavor: Flavor): RelayerSeed {
  if (flavor === 'real' && s.real) {
    const { situation, head, policies } = s.real;
    return { ...buildRelayer({ ...s, ...(head ? { realHead: head } : {}), ...(policies ? { policies } : {}), real: undefined }, flavor), situation };
  }
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
    ...(s.realHead ? { realHead: s.realHead } : s.head === undefined && s.network_type === 'evm' ? { realHead: REAL_EVM_ACTIVE_HEAD } : {}),
    ...(s.stuck ? { stuck: s.stuck } : {}),
  };
  if (s.disabled_reason) r.disabled_reason = s.disabled_reason;
  if (s.notification !== false) r.notification_id = 'ops-webhook';
  return r;
}

export const SANDBOX_RELAYERS: string[] = SEEDS.map((s) => s.id);

export function seedRelayers(profile?: SeedProfile, flavor: Flavor = 'contract'): RelayerSeed[] {
  const build = (s: SeedSpec) => buildRelayer(s, flavor);
  if (!profile) return SEEDS.map(build);
  // A deployment of the fleet: the seeds cycled to the count (bulk-1m only where asked), ids made unique.
  const others = SEEDS.filter((x) => x.id !== BULK_RELAYER_ID);
  const pool = profile.jamsFirst ? [...others.filter((x) => x.real?.situation), ...others.filter((x) => !x.real?.situation)] : others;
  const specs: SeedSpec[] = profile.bulk ? [SEEDS.find((x) => x.id === BULK_RELAYER_ID)!] : [];
  for (let i = 0; specs.length < profile.relayers; i++) {
    const base = pool[i % pool.length]!;
    const round = Math.floor(i / pool.length);
    specs.push({ ...base, id: round ? `${base.id}-${round + 1}` : base.id, name: round ? `${base.name} ${round + 1}` : base.name, ...(profile.pausedHeavy && i % 4 !== 3 ? { paused: true } : {}) });
  }
  return specs.map(build);
}
