/**
 * Amounts, exact: integers from the server's spellings (0x-hex or decimal, never through a JS number
 * past 2^53), base units in the native coin (`1.5 ETH`, `20 gwei`, lamports, stroops), short forms for
 * list cells that never read like another number, and an amount as an operator types it to its wei.
 */
import { displayText, groupDigits, MAX_DIGITS, thousands } from './text/values.js';

/**
 * Parses an amount given as 0x-hex or decimal (string, number or bigint); undefined if neither, or
 * if it is longer than any amount of the API (U256: 78 digits) — converting a server-sized digit
 * string would block for as long as the server likes.
 */
export function toBigInt(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : undefined;
  if (typeof v !== 'string' || v.length > MAX_DIGITS + 8) return undefined;
  const s = v.trim();
  if (/^0x[0-9a-fA-F]{1,80}$/.test(s)) return BigInt(s);
  if (/^\d{1,80}$/.test(s)) return BigInt(s);
  return undefined;
}

/** Formats base units with `decimals` places, trimming trailing zeros: 1500000000000000000 -> 1.5. */
export function formatUnits(v: bigint, decimals: number, grouped = true): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${grouped ? thousands(whole) : whole.toString()}${frac ? `.${frac}` : ''}`;
}

const NATIVE: Record<string, string> = {
  polygon: 'POL',
  amoy: 'POL',
  'polygon-amoy': 'POL',
  bsc: 'BNB',
  'bsc-testnet': 'BNB',
  avalanche: 'AVAX',
  fuji: 'AVAX',
  gnosis: 'xDAI',
};

/** Native unit of an EVM network (18 decimals): ETH unless known otherwise. */
export function nativeUnit(network: string | null | undefined): string {
  return (network && NATIVE[network.toLowerCase()]) || 'ETH';
}

/** An EVM value (0x-hex or decimal wei) as `1.5 ETH`; the input as given when it is neither. */
export function formatWei(v: unknown, network: string | null | undefined): string {
  const b = toBigInt(v);
  if (b === undefined) return displayText(v);
  return `${formatUnits(b, 18)} ${nativeUnit(network)}`;
}

/** A chain's native unit: its name, its base unit and the decimals between them. */
export interface NativeUnit {
  unit: string;
  base: string;
  decimals: number;
}

/** The native unit of a relayer's network type (EVM: 18 decimals, its coin by network). */
export function nativeUnitOf(networkType: string | null | undefined, network?: string | null): NativeUnit {
  switch ((networkType ?? '').toLowerCase()) {
    case 'stellar':
      return { unit: 'XLM', base: 'stroops', decimals: 7 };
    case 'solana':
      return { unit: 'SOL', base: 'lamports', decimals: 9 };
    default:
      return { unit: nativeUnit(network), base: 'wei', decimals: 18 };
  }
}

/**
 * An amount in base units for a list cell: never something that reads like another number. At most
 * `decimals` fraction digits (a cut marked `…`); an amount that would read as 0.000000… is shown in
 * the base unit (`1 wei`); a whole part beyond 9 digits as `≈1.16e59 ETH`. The detail shows every digit.
 */
export function formatAmountShort(v: unknown, u: NativeUnit, decimals = 6): string {
  const b = toBigInt(v);
  if (b === undefined) return displayText(v);
  if (b === 0n) return `0 ${u.unit}`;
  const abs = b < 0n ? -b : b;
  if (abs < 10n ** BigInt(Math.max(0, u.decimals - decimals))) return `${groupDigits(b.toString())} ${u.base}`;
  const full = formatUnits(b, u.decimals);
  const m = /^(-?)([\d,]+)(?:\.(\d+))?$/.exec(full)!;
  const whole = m[2]!.replace(/,/g, '');
  if (whole.length > 9) {
    const digits = abs.toString();
    const exp = digits.length - 1 - u.decimals;
    return `${m[1]}≈${digits[0]}.${digits.slice(1, 3)}e${exp} ${u.unit}`;
  }
  const frac = m[3] ?? '';
  return `${m[1]}${m[2]}${frac ? `.${frac.slice(0, decimals)}${frac.length > decimals ? '…' : ''}` : ''} ${u.unit}`;
}

/** Like formatWei, for a list cell: see formatAmountShort. */
export function formatWeiShort(v: unknown, network: string | null | undefined, decimals = 6): string {
  return formatAmountShort(v, nativeUnitOf('evm', network), decimals);
}

/** Gas prices in gwei (9 decimals). */
export function formatGwei(v: unknown): string {
  const b = toBigInt(v);
  if (b === undefined) return displayText(v);
  return `${formatUnits(b, 9)} gwei`;
}

/** Gas prices for a list cell: two decimals at most (cut marked `…`), below 0.01 gwei in wei. */
export function formatGweiShort(v: unknown): string {
  return formatAmountShort(v, { unit: 'gwei', base: 'wei', decimals: 9 }, 2);
}

/**
 * An EVM amount as an operator types it — plain wei (`1500000000000000000`), a decimal with a unit
 * (`1.5 ETH`, `20 gwei`, `3 wei`; the network's own coin name too) or an exponent (`1e18`,
 * `1.5e18`) — to the exact wei it means, in decimal digits. Never through a JS number: `1.5 ETH` is
 * digit arithmetic, and an amount that is not a whole number of wei is refused, not rounded.
 */
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
  // A comma is never guessed at: `1,500 ETH` is 1.5 to some typists and 1,500 to others (forms prefill plain digits).
  if (/\d,\d/.test(s)) return { error: 'a comma: write the digits without thousands separators (2500 gwei), and a decimal point as . (1.5 ETH)' };
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
    if (shift === undefined) {
      // The chain's own coin besides ETH where it has another (POL, AVAX…): never "ETH (or ETH)".
      const coin = nativeUnit(network);
      return { error: `unknown unit ${unit[3]}: wei, gwei, ETH${coin !== 'ETH' ? ` (or ${coin})` : ''}` };
    }
    const r = scale(unit[1]!, unit[2] ?? '', shift);
    return typeof r === 'string' ? { wei: r } : r;
  }
  return null;
}

/**
 * An amount of a chain's native coin as written in a config file — base units (`5000000`), or a
 * decimal with the coin or its base unit (`0.5 ETH`, `2 SOL`, `10 XLM`, `100 gwei` on EVM) — to its
 * exact base units. `{ error }` when it is neither, or names another chain's unit.
 */
export function parseNativeAmount(input: string | number, u: NativeUnit): { base: string } | { error: string } {
  const s = String(input).trim();
  if (/^\d+$/.test(s)) return { base: s.replace(/^0+(?=\d)/, '') };
  const m = /^(\d+)(?:\.(\d+))?\s*([A-Za-z]+)$/.exec(s);
  if (!m) return { error: `not an amount: write base units (digits) or a decimal with its unit, e.g. 0.5 ${u.unit}` };
  const name = m[3]!.toLowerCase();
  const shift = name === u.unit.toLowerCase() ? u.decimals : name === u.base.toLowerCase() ? 0 : u.base === 'wei' ? UNITS[name] : undefined;
  if (shift === undefined) return { error: `${m[3]} is not a unit of this chain (${u.unit} or ${u.base})` };
  const r = scale(m[1]!, m[2] ?? '', shift);
  return typeof r === 'string' ? { base: r } : { error: r.error.replace('wei', u.base) };
}
