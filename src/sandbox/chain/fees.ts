/**
 * Each network's fee market, one block at a time, and how OpenZeppelin Relayer v1.8 prices against
 * it (the rules cited here are its source at tag v1.8.0):
 *
 * - speeds: a legacy price is `eth_gasPrice` × 100/125/150/200 % for safeLow/average/fast/fastest
 *   (src/services/gas/evm_gas_price.rs:79 `Speed::multiplier`); an EIP-1559 priority fee is the mean of
 *   the 30th/50th/85th/99th reward percentiles of the last 4 blocks (evm_gas_price.rs:69
 *   SPEED_PERCENTILES, :225 compute_max_priority_fees_from_history; HISTORICAL_BLOCKS = 4,
 *   src/constants/evm_transaction.rs:43); its max fee is the base fee × a multiplier + that priority
 *   fee (price_calculator.rs get_base_fee_multiplier; here × 2);
 * - a cap: `gas_price_cap` caps a quote where it is set (no cap without it);
 * - a bump (a resubmit's re-price, price_calculator.rs:215 calculate_bumped_gas_price): at least the
 *   old price + 10 % (MIN_BUMP_FACTOR, evm_transaction.rs:20), the market's price where that is more,
 *   then capped — unless it is a NOOP (force_bump skips the cap); a bump the cap holds under +10 % is
 *   not a bump (is_min_bumped false: the resubmit is skipped, price_calculator.rs and
 *   evm_transaction.rs:1090 — openzeppelin-relayer#808);
 * - a replacement (replacement.rs determine_replacement_pricing): asked prices cleared
 *   (repository.rs:350 for_replacement), quoted from the speed (asked, else the old one's, else
 *   fast), capped where a cap is set, then raised to at least the old price × 1.1 — which may pass the cap.
 *
 * The chain itself (the sandbox's, not v1.8's): a transaction mines when its max fee (or legacy gas
 * price) is at least the base fee + the network's tip (the median reward), in nonce order; a node
 * refuses to take one whose tip is under its pool's floor ("transaction underpriced", geth's
 * txpool.pricelimit).
 */
import { Rng } from '../random.js';
import type { EvmTx, Speed } from '../models.js';

export interface NetworkSpec {
  /** Base fee at the start, wei. */
  baseFee: bigint;
  /** The median reward (priority fee) of a block, wei. */
  tip: bigint;
  /** The node's pool floor: a tip under it is refused (wei, 0 = none). */
  floor: bigint;
  /** Blocks after the one it mined in before v1.8 calls a transaction confirmed (its config/networks/*.json). */
  confirmations: number;
  /** Legacy pricing only (no EIP-1559 base fee). */
  legacy?: boolean;
}

const g = (gwei: number) => BigInt(Math.round(gwei * 1e9));

/**
 * The networks of the seeds. Confirmations are v1.8's (config/networks: ethereum.json mainnet 12,
 * sepolia 6, holesky 6; the L2s, polygon, avalanche and binance-smart-chain 1).
 */
const NETWORKS: Record<string, NetworkSpec> = {
  mainnet: { baseFee: g(9), tip: g(2), floor: 0n, confirmations: 12 },
  sepolia: { baseFee: g(1.2), tip: g(1.5), floor: 0n, confirmations: 6 },
  // Holesky's node keeps a pool floor above a quiet hour's low rewards: a safeLow tip is refused.
  holesky: { baseFee: g(0.8), tip: g(1), floor: g(1), confirmations: 6 },
  polygon: { baseFee: g(28), tip: g(30), floor: g(25), confirmations: 1 },
  base: { baseFee: g(0.05), tip: g(0.01), floor: 0n, confirmations: 1 },
  'arbitrum-one': { baseFee: g(0.01), tip: 0n, floor: 0n, confirmations: 1 },
  optimism: { baseFee: g(0.06), tip: g(0.001), floor: 0n, confirmations: 1 },
  bsc: { baseFee: g(1), tip: g(1), floor: 0n, confirmations: 1, legacy: true },
  avalanche: { baseFee: g(25), tip: g(1), floor: 0n, confirmations: 1 },
  linea: { baseFee: g(0.07), tip: g(0.05), floor: 0n, confirmations: 1 },
};
const DEFAULT_NETWORK: NetworkSpec = { baseFee: g(2), tip: g(1), floor: 0n, confirmations: 1 };

export const SPEEDS_IN_ORDER: readonly Speed[] = ['safeLow', 'average', 'fast', 'fastest'];
/** evm_gas_price.rs:79 Speed::multiplier (legacy), in percent. */
const LEGACY_PERCENT: Record<Speed, bigint> = { safeLow: 100n, average: 125n, fast: 150n, fastest: 200n };
/** The reward percentiles of a block, as a share of its median (30th, 50th, 85th, 99th). */
const REWARD_PER_MILLE: readonly bigint[] = [600n, 1000n, 1800n, 3000n];
/** How many blocks of base fees a network keeps (eth_feeHistory and eth_getBlockByNumber answer from them). */
export const FEE_HISTORY_BLOCKS = 1024;

export interface Block {
  number: number;
  timestamp: number;
  baseFee: bigint;
  tip: bigint;
}

export interface PriceParams {
  gas_price: bigint | null;
  max_fee_per_gas: bigint | null;
  max_priority_fee_per_gas: bigint | null;
}

/** v1.8's calculate_min_bump (price_calculator.rs:110): × 1.1, and at least 1 wei more. */
const bump10 = (x: bigint) => max((x * 11n) / 10n, x + 1n);
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** One network's chain: its blocks' base fees and rewards; a spike holds its base fee at a level. */
export class FeeMarket {
  readonly spec: NetworkSpec;
  readonly blocks: Block[] = [];
  private readonly rng: Rng;
  private spikeFee: bigint | undefined;

  constructor(
    readonly network: string,
    readonly genesisBlock: number,
    startMs: number,
    spikeGwei?: number,
  ) {
    this.spec = NETWORKS[network] ?? DEFAULT_NETWORK;
    this.rng = new Rng(`fees:${network}`);
    if (spikeGwei !== undefined) this.spike(spikeGwei);
    this.blocks.push({ number: genesisBlock, timestamp: startMs, baseFee: this.spikeFee ?? this.spec.baseFee, tip: this.spec.tip });
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** Holds the base fee at `gwei` (the network's price is that plus its tip); undefined ends the spike. */
  spike(gwei: number | undefined): void {
    this.holdPrice(gwei === undefined ? undefined : g(gwei));
  }

  /** Holds the network's price (base fee + tip) at `wei` from the next block (the price climb sets it block by block); undefined ends it. */
  holdPrice(wei: bigint | undefined): void {
    this.spikeFee = wei === undefined ? undefined : max(wei - this.spec.tip, 0n);
  }

  /** The next block: the base fee wanders within ±4 % (and within half to twice its start), or holds at a spike. */
  mine(now: number): Block {
    const prev = this.head;
    let baseFee: bigint;
    if (this.spikeFee !== undefined) baseFee = this.spikeFee;
    else {
      const step = BigInt(this.rng.int(81) - 40); // per mille
      baseFee = (prev.baseFee * (1000n + step)) / 1000n;
      baseFee = min(max(baseFee, this.spec.baseFee / 2n), this.spec.baseFee * 2n);
    }
    const block = { number: prev.number + 1, timestamp: now, baseFee, tip: this.spec.tip };
    this.blocks.push(block);
    if (this.blocks.length > FEE_HISTORY_BLOCKS) this.blocks.splice(0, this.blocks.length - FEE_HISTORY_BLOCKS);
    return block;
  }

  /** `eth_gasPrice`: the base fee and the median tip. */
  gasPrice(): bigint {
    return this.head.baseFee + this.head.tip;
  }

  /** A block's reward at the i-th percentile of [30, 50, 85, 99]. */
  static reward(block: Block, i: number): bigint {
    return (block.tip * REWARD_PER_MILLE[i]!) / 1000n;
  }

  /** The priority fee v1.8 quotes for a speed: the mean of its percentile over the last 4 blocks. */
  priorityFor(speed: Speed): bigint {
    const i = SPEEDS_IN_ORDER.indexOf(speed);
    const last = this.blocks.slice(-4);
    let sum = 0n;
    for (const b of last) sum += FeeMarket.reward(b, i);
    return sum / BigInt(last.length);
  }

  /** What v1.8 quotes for a speed, capped where a cap is set. */
  quote(speed: Speed, eip1559: boolean, cap: bigint | undefined): PriceParams {
    if (!eip1559 || this.spec.legacy) {
      const price = (this.gasPrice() * LEGACY_PERCENT[speed]) / 100n;
      return { gas_price: cap === undefined ? price : min(price, cap), max_fee_per_gas: null, max_priority_fee_per_gas: null };
    }
    let priority = this.priorityFor(speed);
    let maxFee = this.head.baseFee * 2n + priority;
    if (cap !== undefined) {
      maxFee = min(maxFee, cap);
      priority = min(priority, maxFee);
    }
    return { gas_price: null, max_fee_per_gas: maxFee, max_priority_fee_per_gas: priority };
  }

  /**
   * A resubmit's re-price (calculate_bumped_gas_price): undefined when the cap holds it under +10 %
   * (the resubmit is then skipped). A NOOP is never capped (force_bump).
   */
  bump(tx: EvmTx, cap: bigint | undefined, noop: boolean): PriceParams | undefined {
    const limit = noop ? undefined : cap;
    const speed = tx.speed ?? 'fast';
    if (tx.gas_price !== null || tx.max_fee_per_gas === null) {
      const old = tx.gas_price ?? 0n;
      let price = max(bump10(old), (this.gasPrice() * LEGACY_PERCENT[speed]) / 100n);
      if (limit !== undefined) price = min(price, limit);
      return price < bump10(old) ? undefined : { gas_price: price, max_fee_per_gas: null, max_priority_fee_per_gas: null };
    }
    const oldPriority = tx.max_priority_fee_per_gas ?? 0n;
    const minFee = bump10(tx.max_fee_per_gas);
    const minPriority = bump10(oldPriority);
    let priority = max(this.priorityFor(speed), minPriority);
    let maxFee = max(max(this.head.baseFee, minFee), this.head.baseFee * 2n + priority);
    if (limit !== undefined) {
      maxFee = min(maxFee, limit);
      priority = min(priority, limit);
    }
    if (maxFee < minFee || priority < minPriority) return undefined;
    return { gas_price: null, max_fee_per_gas: maxFee, max_priority_fee_per_gas: min(priority, maxFee) };
  }

  /** A replacement's price (determine_replacement_pricing): the speed's quote, capped, then ≥ old × 1.1 (past the cap if need be). */
  replacement(old: EvmTx, speed: Speed, cap: bigint | undefined, eip1559: boolean): PriceParams {
    const q = this.quote(speed, old.max_fee_per_gas !== null ? true : old.gas_price !== null ? false : eip1559, cap);
    if (q.gas_price !== null) return { ...q, gas_price: old.gas_price === null ? q.gas_price : max(q.gas_price, bump10(old.gas_price)) };
    const maxFee = old.max_fee_per_gas === null ? q.max_fee_per_gas! : max(q.max_fee_per_gas!, bump10(old.max_fee_per_gas));
    const priority = old.max_priority_fee_per_gas === null ? q.max_priority_fee_per_gas! : max(q.max_priority_fee_per_gas!, bump10(old.max_priority_fee_per_gas));
    return { gas_price: null, max_fee_per_gas: maxFee, max_priority_fee_per_gas: min(priority, maxFee) };
  }

  /** The price a transaction offers the chain: its legacy gas price or its max fee. */
  static offered(tx: Pick<EvmTx, 'gas_price' | 'max_fee_per_gas'>): bigint {
    return tx.gas_price ?? tx.max_fee_per_gas ?? 0n;
  }

  /** Its tip as a node reads it (legacy: what is above the base fee). */
  tipOf(tx: Pick<EvmTx, 'gas_price' | 'max_priority_fee_per_gas'>): bigint {
    if (tx.gas_price !== null) return tx.gas_price - this.head.baseFee;
    return tx.max_priority_fee_per_gas ?? 0n;
  }

  /** Whether the chain takes it in this block: priced at least the base fee + the median tip. */
  priced(tx: Pick<EvmTx, 'gas_price' | 'max_fee_per_gas'>): boolean {
    return FeeMarket.offered(tx) >= this.gasPrice();
  }

  /** The node's refusal of a broadcast, or undefined when it takes it. */
  refusal(tx: Pick<EvmTx, 'gas_price' | 'max_priority_fee_per_gas'>): string | undefined {
    if (this.spec.floor > 0n && this.tipOf(tx) < this.spec.floor) return 'transaction underpriced';
    return undefined;
  }
}
