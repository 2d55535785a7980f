/**
 * An EVM amount as an operator types it — plain wei (`1500000000000000000`), a decimal with a unit
 * (`1.5 ETH`, `20 gwei`, `3 wei`; the network's own coin name too) or an exponent (`1e18`,
 * `1.5e18`) — to the exact wei it means, in decimal digits. Never through a JS number: `1.5 ETH` is
 * digit arithmetic, and an amount that is not a whole number of wei is refused, not rounded.
 */
import { nativeUnit } from '../format.js';

const UNITS: Record<string, number> = { wei: 0, gwei: 9, eth: 18, ether: 18 };

/** Scales decimal text by 10^shift exactly: the wei digits, or why it is not a whole number of wei. */
function scale(int: string, frac: string, shift: number): string | { error: string } {
  if (frac.length > shift) {
    const extra = frac.slice(shift);
    if (/[^0]/.test(extra)) return { error: `more decimals than the unit has (${shift}): not a whole number of wei` };
    frac = frac.slice(0, shift);
  }
  const digits = `${int}${frac.padEnd(shift, '0')}`.replace(/^0+(?=\d)/, '');
  return digits;
}

export function parseWei(input: string, network: string | null | undefined): { wei: string } | { error: string } | null {
  const s = input.trim();
  if (/^\d+$/.test(s)) return { wei: s.replace(/^0+(?=\d)/, '') };
  const exp = /^(\d+)(?:\.(\d+))?e(\d{1,3})$/i.exec(s);
  if (exp) {
    const r = scale(exp[1]!, exp[2] ?? '', Number(exp[3]));
    return typeof r === 'string' ? { wei: r } : r;
  }
  const unit = /^(\d+)(?:\.(\d+))?\s*([A-Za-z]+)$/.exec(s);
  if (unit) {
    const name = unit[3]!.toLowerCase();
    const shift = UNITS[name] ?? (name === nativeUnit(network).toLowerCase() ? 18 : undefined);
    if (shift === undefined) return { error: `unknown unit ${unit[3]}: wei, gwei, ETH (or ${nativeUnit(network)})` };
    const r = scale(unit[1]!, unit[2] ?? '', shift);
    return typeof r === 'string' ? { wei: r } : r;
  }
  return null;
}
