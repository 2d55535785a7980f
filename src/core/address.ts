/**
 * EVM addresses as an operator types them: 0x and 40 hex digits; a mixed-case one carries an EIP-55
 * checksum, which must match (a typo in a checksummed address is caught before anything is sent).
 * All-lowercase or all-uppercase digits carry no checksum and pass.
 */
import { keccak256Hex } from './keccak.js';

/** The EIP-55 form of a 0x-prefixed 40-hex-digit address. */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak256Hex(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  return out;
}

/** What is wrong with an address as typed, or null when it is one (and its checksum, if any, matches). */
export function addressProblem(typed: string): string | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(typed)) return 'not an address: 0x and 40 hex digits';
  const digits = typed.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return null;
  const sum = checksumAddress(typed);
  return sum === typed ? null : `its EIP-55 checksum does not match (a typo?): checksummed it reads ${sum}`;
}
