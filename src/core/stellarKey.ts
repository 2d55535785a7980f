/**
 * Stellar's StrKey (SEP-23: how stellar-strkey, v1.8's crate, reads an address): base32 (RFC 4648, no
 * padding) of a version byte, the payload and a CRC16-XModem of both (little-endian). An account is
 * `G…` (32 bytes), a muxed account `M…` (32 bytes and an 8-byte id), a contract `C…` (32 bytes).
 * A mistyped character changes the checksum: v1.8 answers "the strkey is invalid".
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

export type StrKeyKind = 'account' | 'muxed' | 'contract';
const VERSION: Record<StrKeyKind, { byte: number; bytes: number }> = {
  account: { byte: 6 << 3, bytes: 32 },
  muxed: { byte: 12 << 3, bytes: 40 },
  contract: { byte: 2 << 3, bytes: 32 },
};

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32Decode(s: string): Uint8Array | null {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of s) {
    const v = INDEX.get(c);
    if (v === undefined) return null;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  // Leftover bits must be zero (a canonical encoding): stellar-strkey refuses others.
  if (bits >= 5 || (value & ((1 << bits) - 1)) !== 0) return null;
  return Uint8Array.from(out);
}

function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The payload of a StrKey of one of `kinds`, or why it is not one (in words an operator can act on). */
export function decodeStrKey(s: string, kinds: readonly StrKeyKind[]): { kind: StrKeyKind; payload: Uint8Array } | { error: string } {
  const want = kinds.map((k) => ({ account: 'G…', muxed: 'M…', contract: 'C…' })[k]).join(' or ');
  if (typeof s !== 'string' || s.length === 0) return { error: `empty: a Stellar address (${want})` };
  if (s.length > 100) return { error: `${s.length} characters: not a Stellar address (${want})` };
  const raw = base32Decode(s);
  const kind = kinds.find((k) => raw && raw[0] === VERSION[k].byte);
  if (!raw || raw.length < 3) return { error: `not a Stellar address (${want}): only A–Z and 2–7` };
  if (!kind) return { error: `starts with ${s[0]}: a Stellar address here is ${want}` };
  if (raw.length !== 1 + VERSION[kind].bytes + 2) return { error: `${s.length} characters: a ${want} address has ${Math.ceil(((1 + VERSION[kind].bytes + 2) * 8) / 5)}` };
  const body = raw.subarray(0, raw.length - 2);
  const sum = raw[raw.length - 2]! | (raw[raw.length - 1]! << 8);
  if (crc16(body) !== sum) return { error: 'its checksum does not match (a character mistyped?): v1.8 answers "the strkey is invalid"' };
  return { kind, payload: body.subarray(1) };
}

/** The StrKey of a payload (the sandbox's seeded addresses; tests). */
export function encodeStrKey(kind: StrKeyKind, payload: Uint8Array): string {
  const body = new Uint8Array(1 + payload.length);
  body[0] = VERSION[kind].byte;
  body.set(payload, 1);
  const sum = crc16(body);
  const all = new Uint8Array(body.length + 2);
  all.set(body);
  all[body.length] = sum & 0xff;
  all[body.length + 1] = sum >> 8;
  return base32Encode(all);
}
