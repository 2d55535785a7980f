/**
 * The real flavour's seeded jams, each with the cause the real server has for it (docs/sandbox.md,
 * "Its seeded situations"; `relayer-tui sandbox --help`):
 *
 * - `never_broadcast` (holesky-test): its lowest nonce is a safeLow transaction signed 95 minutes ago
 *   whose tip (0.5 gwei) is under the Holesky node's floor (1 gwei): every re-send is re-priced from
 *   safeLow, ≥ +10 %, still under the floor, and refused ("transaction underpriced"; v1.8 writes no
 *   reason and tries again at its next check). A bump at a faster speed or a cancel (its NOOP is fast)
 *   clears it.
 * - `price_cap` (avalanche-bridge): its gas_price_cap is 30 gwei and Avalanche's price is held at
 *   55 gwei: what it sent is at the cap, and every re-price stops there (openzeppelin-relayer#808).
 *   Raising the cap clears it at the next re-price; a cancel's NOOP (not held to the cap) clears its
 *   own nonce only.
 * - `counter_ahead` (optimism-relay): its counter ran one ahead of the chain (#818): no transaction
 *   holds the chain's nonce, the two above it wait. Once one of them is due for a re-price (about a
 *   minute after the start) v1.8's nonce-health job fills the gap with a NOOP and it clears by itself
 *   — unless the filler never comes (`--gap-filler off`, #843).
 */
import { GWEI, type EvmTx, type RelayerSeed, type Tx } from '../models.js';
import { PRICE_CAP_GWEI } from '../seeds.js';
import { newEvmSignature } from '../generate.js';

const MIN = 60_000;

/** The spike held on the price-cap relayer's network. */
export const SPIKES: Record<string, number> = { avalanche: 55 };

/** How long ago the i-th newest transaction of a situation's relayer was made (undefined: as any other). */
export function situationAge(r: RelayerSeed, i: number): number | undefined {
  if (r.situation === 'price_cap') return [6, 12, 18][i] !== undefined ? [6, 12, 18][i]! * MIN + 7_000 : undefined;
  // Broadcast two minutes ago at the fast speed: due for a re-price in about a minute.
  if (r.situation === 'counter_ahead') return [120_000, 125_000][i];
  return undefined;
}

/** The seeded transactions of a real-flavour relayer, made to hold its situation. */
export function applySituation(r: RelayerSeed, list: Tx[]): void {
  const open = list.filter((t): t is EvmTx => t.kind === 'evm' && t.nonce !== null && (t.status === 'sent' || t.status === 'submitted'));
  if (open.length === 0) return;
  const lowest = open.reduce((a, b) => (a.nonce! < b.nonce! ? a : b));
  const set = (tx: EvmTx, patch: Partial<EvmTx>) => {
    const i = list.indexOf(tx);
    list[i] = { ...tx, ...patch };
  };
  switch (r.situation) {
    case 'never_broadcast':
      set(lowest, { speed: 'safeLow', gas_price: null, max_fee_per_gas: 3n * GWEI, max_priority_fee_per_gas: GWEI / 2n, signature: newEvmSignature(`${lowest.id}:safeLow`, true) });
      return;
    case 'price_cap': {
      const cap = BigInt(PRICE_CAP_GWEI) * GWEI;
      for (const t of open) set(t, { speed: 'fast', gas_price: null, max_fee_per_gas: cap, max_priority_fee_per_gas: 2n * GWEI, sent_at: t.created_at + 2_000, signature: newEvmSignature(`${t.id}:cap`, true) });
      return;
    }
    case 'counter_ahead': {
      let max = -1;
      for (const t of open) {
        set(t, { nonce: t.nonce! + 1, speed: 'fast', sent_at: t.created_at + 2_000 });
        max = Math.max(max, t.nonce! + 1);
      }
      r.chainSeed = { chainNonce: lowest.nonce!, counter: max + 1 };
      return;
    }
    default:
  }
}
