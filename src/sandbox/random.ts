/** Small deterministic pseudo-random helpers (mulberry32 seeded by FNV-1a) for the sandbox's seeded data. */

export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const HEX = '0123456789abcdef';
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Scratch space for hex(): a multiple of 4 bytes so whole u32 writes always fit. */
const SCRATCH = Buffer.allocUnsafe(256);

export class Rng {
  private state: number;

  constructor(seed: string | number) {
    this.state = typeof seed === 'number' ? seed >>> 0 : fnv1a(seed);
  }

  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.u32() / 4294967296) * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)]!;
    return out;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) {
      const chunk = Math.min(length - out.length, 2 * SCRATCH.length);
      const bytes = Math.ceil(chunk / 2);
      for (let i = 0; i < bytes; i += 4) SCRATCH.writeUInt32LE(this.u32(), i);
      const h = SCRATCH.toString('hex', 0, bytes);
      out += h.length === chunk ? h : h.slice(0, chunk);
    }
    return out;
  }

  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = this.u32() & 0xff;
    return b;
  }

  /** UUID v4-shaped string. */
  uuid(): string {
    const h = this.hex(32);
    const variant = HEX[8 + this.int(4)]!;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Deterministic in-place Fisher–Yates shuffle. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const out = items.slice();
  const rng = new Rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}
