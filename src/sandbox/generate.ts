/** Deterministic generation of transactions (seeded relayers and bulk-1m by index). */
import { BASE58, Rng } from './random.js';
import {
  BULK_COUNT,
  BULK_ID_PREFIX,
  GWEI,
  type EvmSignature,
  type EvmTx,
  type RelayerSeed,
  type SolanaTx,
  type Speed,
  type StellarTx,
  type Tx,
  type TxStatus,
} from './models.js';
import { evmAddress } from './seeds.js';

/** Status of the i-th newest seeded transaction of a relayer. */
export function statusAt(head: readonly TxStatus[], i: number): TxStatus {
  if (i < head.length) return head[i]!;
  if (i % 11 === 3) return 'failed';
  if (i % 13 === 5) return 'expired';
  if (i % 9 === 4) return 'canceled';
  return 'confirmed';
}

const BULK_HEAD: TxStatus[] = ['pending', 'pending', 'sent', 'submitted', 'submitted', 'mined', 'mined', 'mined'];
/** How many of bulk-1m's newest have a status of their own (the rest are final). */
export const BULK_HEAD_LENGTH = BULK_HEAD.length;
export function bulkStatus(i: number): TxStatus {
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
export function makeEvmTx(
  relayer: RelayerSeed,
  id: string,
  seed: string,
  status: TxStatus,
  created: number,
  nonce: number | null,
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

export function makeSolanaTx(relayer: RelayerSeed, id: string, seed: string, status: TxStatus, created: number): SolanaTx {
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

export function makeStellarTx(relayer: RelayerSeed, id: string, seed: string, status: TxStatus, created: number, seq: bigint): StellarTx {
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

/**
 * A seeded transaction's times never after the sandbox's start (else LAST OK would read "future"):
 * sent and confirmed held to the start, in order.
 */
export function notAfter<T extends Tx>(tx: T, startMs: number): T {
  if (tx.confirmed_at !== null && tx.confirmed_at > startMs) tx.confirmed_at = startMs;
  if (tx.sent_at !== null && tx.sent_at > (tx.confirmed_at ?? startMs)) tx.sent_at = tx.confirmed_at ?? startMs;
  return tx;
}
