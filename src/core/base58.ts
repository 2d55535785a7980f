/**
 * Base58 (Bitcoin's alphabet, as Solana's public keys are written): decoded to bytes, encoded back.
 * A Solana public key is exactly 32 bytes (solana_sdk Pubkey::from_str: at most 44 characters).
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** The bytes a base58 string stands for, or null (a character outside the alphabet). */
export function base58Decode(s: string): Uint8Array | null {
  // Bounded: a string this long is not a key, and the loop below is quadratic.
  if (s.length > 128) return null;
  const bytes: number[] = [];
  for (const c of s) {
    let carry = INDEX.get(c);
    if (carry === undefined) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (let i = 0; i < s.length && s[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const b of bytes) {
    let carry = b;
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! << 8;
      digits[i] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  let out = '';
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) out += '1';
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!];
  return out;
}

/** Why this is not a Solana public key (32 bytes of base58), or null. */
export function pubkeyProblem(s: string): string | null {
  if (s.trim() === '') return 'empty';
  if (s.length > 44) return 'too long for a public key (at most 44 base58 characters)';
  const bytes = base58Decode(s);
  if (!bytes) return 'not base58 (no 0, O, I or l)';
  return bytes.length === 32 ? null : `not a public key: ${bytes.length} bytes, not 32`;
}
