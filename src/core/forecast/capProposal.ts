/** The cap proposed against a price (a jam at its cap, a forecast): its own file, so that the jam's words and the forecasts both take it without importing each other. */
/**
 * How far above the network's price a cap is proposed (a jam at its cap, a forecast): +30 %, so that the
 * cap proposed stands clear of this forecast's own threshold (the price is then 77 % of it, under
 * CAP_HEADROOM_PERCENT) — at +20 % the fix check proposed was itself "heading for a jam" (83 %), and
 * check could never pass by following its own words.
 */
export const CAP_PROPOSAL_PERCENT = 30;

/** The network's price + CAP_PROPOSAL_PERCENT, rounded up to a whole gwei. */
export function proposedCapFromPrice(priceWei: bigint): bigint {
  const g = 1_000_000_000n;
  return ((priceWei * BigInt(100 + CAP_PROPOSAL_PERCENT)) / 100n + g - 1n) / g;
}
