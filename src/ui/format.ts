/** Pure formatting helpers for the views: shortening, ages, amounts, states in words. */
import type { Relayer } from '../api/index.js';
import { displayText, groupDigits, MAX_DIGITS, middleCells, wrapCells, type SafeText } from './safeText.js';
import type { Tone } from './theme.js';

/** `0x12ab…9f3c`: keeps both ends of a long id within `max` cells (sanitized: src/ui/safeText.ts). */
export function shortenMiddle(s: string, max: number): SafeText {
  return middleCells(s, max);
}

/** `12s`, `5m`, `3h`, `2d` since an RFC 3339 (or other Date-parsable) timestamp; '' if unparsable. */
export function age(ts: string | null | undefined, now: number): string {
  if (!ts) return '';
  const t = Date.parse(ts);
  if (Number.isNaN(t)) return '';
  return ageMs(now - t);
}

export function ageMs(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 0) return 'future';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/** A time of day, `12:03:04` (local): says when without needing to tick. */
export function clock(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export function thousands(n: number | bigint): string {
  return groupDigits(n.toString());
}

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
export function formatUnits(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${thousands(whole)}${frac ? `.${frac}` : ''}`;
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

export type RelayerState = 'active' | 'paused' | 'disabled';

export function relayerState(r: Relayer): RelayerState {
  if (r.system_disabled) return 'disabled';
  if (r.paused) return 'paused';
  return 'active';
}

export const RELAYER_STATE_TONE: Record<RelayerState, Tone> = { active: 'ok', paused: 'warn', disabled: 'bad' };

const STATUS_TONE: Record<string, Tone> = {
  pending: 'info',
  sent: 'info',
  submitted: 'accent',
  mined: 'ok',
  confirmed: 'ok',
  failed: 'bad',
  expired: 'warn',
  canceled: 'muted',
};

export function statusTone(status: string | null | undefined): Tone {
  return STATUS_TONE[(status ?? '').toLowerCase()] ?? 'plain';
}

/** Any value as one line of display text: sanitized, long digit runs and strings capped (src/ui/safeText.ts). */
export function text(v: unknown): SafeText {
  return displayText(v);
}

/**
 * Cuts a line into rows of at most `width` cells, at a space when there is one (digits of a number
 * stay together), else hard; continuation rows start with `indent` spaces. Sanitized and bounded.
 */
export function wrapRows(text: string, width: number, indent = 0): SafeText[] {
  return wrapCells(text, width, indent);
}
