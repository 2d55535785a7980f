/**
 * What v1.8 reads a Solana send with, in its crates' own words (sendOther.ts uses them):
 * - base58 (a pubkey): solana-address 2.1.0 `Address::from_str` (address/src/lib.rs:108-122, five8
 *   1.0.0 decode_32): more than 44 characters or a value that is not exactly 32 bytes (the leading `1`s
 *   being its leading zero bytes) is `String is the wrong size`, a character outside the alphabet
 *   `Invalid Base58 string` (address/src/error.rs:64-65);
 * - base64: base64 0.22.1's STANDARD engine (padding canonical, no trailing bits), its DecodeError as
 *   it displays (src/decode.rs:33-45; the checks in the order of engine/general_purpose/decode.rs and
 *   decode_suffix.rs);
 * - a legacy transaction as bincode 1.3.3 deserializes it (`bincode::deserialize`: trailing bytes let
 *   through): a compact-u16 count of 64-byte signatures, then the message — 3 header bytes, a
 *   compact-u16 count of 32-byte account keys, a 32-byte blockhash, a compact-u16 count of
 *   instructions (a program index byte, compact-u16 counts of account indexes and of data bytes).
 *   solana-transaction 3.1.0 / solana-message 3.1.0 legacy.rs:85-103 / compiled_instruction.rs:24-35;
 *   the compact-u16 of solana-short-vec 3.2.0 (lib.rs:56-160) with its serde errors; running out of
 *   bytes is bincode's `io error: unexpected end of file` (de/read.rs:71-80, error.rs:84).
 */
import { BASE58 } from './random.js';

const B58_INDEX = new Map([...BASE58].map((c, i) => [c, BigInt(i)]));

/** Base58 as Solana writes keys: the client's own (one encoder). */
export { base58Encode } from '../core/base58.js';

/** A pubkey read as `Pubkey::from_str` reads it: its 32 bytes, or the error's text. */
export function parsePubkey(s: string): { key: Buffer } | { error: string } {
  const wrongSize = { error: 'String is the wrong size' };
  if (Buffer.byteLength(s, 'utf8') > 44) return wrongSize;
  let n = 0n;
  for (const c of s) {
    const d = B58_INDEX.get(c);
    if (d === undefined) return { error: 'Invalid Base58 string' };
    n = n * 58n + d;
  }
  if (n >= 1n << 256n) return wrongSize;
  const key = Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
  let zeros = 0;
  while (zeros < 32 && key[zeros] === 0) zeros++;
  let ones = 0;
  while (ones < s.length && s[ones] === '1') ones++;
  // five8: as many leading `1`s as leading zero bytes (an empty string is too short).
  if (s.length === 0 || ones !== zeros) return wrongSize;
  return { key };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(256).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;
const PAD = 0x3d;

/** `STANDARD.decode` of base64 0.22.1: the bytes, or the DecodeError as it displays. */
export function rustBase64Decode(text: string): { bytes: Buffer } | { error: string } {
  const input = Buffer.from(text, 'utf8');
  const len = input.length;
  const rem = len % 4;
  const invalidByte = (at: number, b: number) => ({ error: `Invalid symbol ${b}, offset ${at}.` });
  if (rem === 1 && input[len - 1] !== PAD && B64_INDEX[input[len - 1]!]! < 0) return invalidByte(len - 1, input[len - 1]!);
  // Every quad but the last (which may hold padding).
  const body = Math.max(0, len - rem - (rem === 0 ? 4 : 0));
  for (let i = 0; i < body; i++) if (B64_INDEX[input[i]!]! < 0) return invalidByte(i, input[i]!);
  const morsels: number[] = [];
  let pads = 0;
  let firstPad = 0;
  let last = 0;
  for (let li = 0; body + li < len; li++) {
    const b = input[body + li]!;
    if (b === PAD) {
      if (li < 2) return invalidByte(body + li, b);
      if (pads === 0) firstPad = li;
      pads++;
      continue;
    }
    if (pads > 0) return invalidByte(body + firstPad, PAD);
    last = b;
    if (B64_INDEX[b]! < 0) return invalidByte(body + li, b);
    morsels.push(B64_INDEX[b]!);
  }
  if (len > 0 && morsels.length < 2) return { error: `Invalid input length: ${body + morsels.length}` };
  if ((pads + morsels.length) % 4 !== 0) return { error: 'Invalid padding' };
  const keep = Math.floor((morsels.length * 6) / 8);
  const num = (((morsels[0] ?? 0) << 26) | ((morsels[1] ?? 0) << 20) | ((morsels[2] ?? 0) << 14) | ((morsels[3] ?? 0) << 8)) >>> 0;
  const mask = 0xffffffff >>> (keep * 8);
  if (len > 0 && (num & mask) >>> 0 !== 0) return { error: `Invalid last symbol ${last}, offset ${body + morsels.length - 1}.` };
  return { bytes: Buffer.from(text, 'base64') };
}

class WireError extends Error {}

class Reader {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}

  u8(): number {
    if (this.pos >= this.buf.length) throw new WireError('io error: unexpected end of file');
    return this.buf[this.pos++]!;
  }

  bytes(n: number): Buffer {
    const start = this.pos;
    for (let i = 0; i < n; i++) this.u8();
    return this.buf.subarray(start, start + n);
  }

  /** solana-short-vec's ShortU16 (visit_byte, in its order of checks). */
  shortU16(): number {
    let val = 0;
    for (let nth = 0; nth < 3; nth++) {
      const elem = this.u8();
      if (elem === 0 && nth !== 0) throw new WireError('invalid value: alias encoding, expected strict form encoding');
      const done = (elem & 0x80) === 0;
      if (nth === 2 && !done) throw new WireError('invalid value: continue signal on byte-three, expected a terminal signal on or before byte-three');
      const next = val | ((elem & 0x7f) << (nth * 7));
      if (next > 0xffff) throw new WireError(`invalid value: integer \`${next}\`, expected a value in the range [0, 65535]`);
      if (done) return next;
      val = next;
    }
    throw new WireError('invalid value: continue signal on byte-three, expected a terminal signal on or before byte-three');
  }
}

/** A legacy transaction's account keys as bincode reads it, or bincode's error text. */
export function legacyAccountKeys(bytes: Buffer): { keys: Buffer[] } | { error: string } {
  const r = new Reader(bytes);
  try {
    const signatures = r.shortU16();
    for (let i = 0; i < signatures; i++) r.bytes(64);
    r.bytes(3); // header
    const keys: Buffer[] = [];
    const count = r.shortU16();
    for (let i = 0; i < count; i++) keys.push(r.bytes(32));
    r.bytes(32); // recent blockhash
    const instructions = r.shortU16();
    for (let i = 0; i < instructions; i++) {
      r.u8();
      r.bytes(r.shortU16());
      r.bytes(r.shortU16());
    }
    return { keys };
  } catch (e) {
    if (e instanceof WireError) return { error: e.message };
    throw e;
  }
}
