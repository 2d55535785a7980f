/**
 * Send bodies: POST /relayers/{id}/transactions on the OpenZeppelin Relayer, read by the relayer's
 * network type (models/transaction/request/mod.rs from_json), never guessed from the body's keys:
 * - EVM: the shape a replacement has (EvmTransactionRequest, request/evm.rs);
 * - Solana: `{transaction | instructions, valid_until?}` (SolanaTransactionRequest, request/solana.rs;
 *   an instruction `{program_id, accounts: [{pubkey, is_signer, is_writable}], data}`, instruction.rs);
 * - Stellar: the replacement's shape (StellarTransactionRequest, request/stellar.rs), memo in v1.8's
 *   encoding.
 * Validated for shape here (what serde would refuse); v1.8's rules on the values are the core's.
 */
import { invalidField } from './errors.js';
import {
  isBase64,
  isObject,
  isRfc3339,
  normalizeReplacement,
  present,
  replacementGroup,
  type EvmReplacementRequest,
  type ReplacementGroup,
  type StellarReplacementRequest,
} from './replacementBody.js';

export interface SolanaAccountMeta {
  pubkey: string;
  is_signer: boolean;
  is_writable: boolean;
}
export interface SolanaInstructionSpec {
  program_id: string;
  accounts: SolanaAccountMeta[];
  data: string;
}

/** A Solana send: a pre-built transaction (base64) or instructions the server builds one from, never both. */
export interface SolanaSendRequest {
  transaction?: string | null;
  instructions?: SolanaInstructionSpec[] | null;
  valid_until?: string | null;
}

export type SendRequest = EvmReplacementRequest | SolanaSendRequest | StellarReplacementRequest;

const SOLANA_SEND_KEYS = ['transaction', 'instructions', 'valid_until'];
const GROUP_WORDS: Record<ReplacementGroup, string> = { evm: 'an EVM', solana: 'a Solana', stellar: 'a Stellar' };

function solanaInstruction(v: unknown, i: number): SolanaInstructionSpec {
  const at = `instructions[${i}]`;
  if (!isObject(v)) throw invalidField(at, 'must be an object {program_id, accounts, data}');
  const stray = Object.keys(v).find((k) => !['program_id', 'accounts', 'data'].includes(k));
  if (stray) throw invalidField(`${at}.${stray}`, 'is not a field of an instruction (program_id, accounts, data)');
  if (typeof v.program_id !== 'string') throw invalidField(`${at}.program_id`, 'is required: a base58 public key');
  if (!Array.isArray(v.accounts)) throw invalidField(`${at}.accounts`, 'is required: a list of {pubkey, is_signer, is_writable} (may be empty)');
  if (typeof v.data !== 'string') throw invalidField(`${at}.data`, 'is required: base64 (may be empty)');
  const accounts = v.accounts.map((a, j): SolanaAccountMeta => {
    const here = `${at}.accounts[${j}]`;
    if (!isObject(a)) throw invalidField(here, 'must be an object {pubkey, is_signer, is_writable}');
    if (typeof a.pubkey !== 'string') throw invalidField(`${here}.pubkey`, 'is required: a base58 public key');
    // serde reads a bool and nothing else: `"true"` or a missing one is a 400.
    for (const k of ['is_signer', 'is_writable'] as const) if (typeof a[k] !== 'boolean') throw invalidField(`${here}.${k}`, 'is required: true or false');
    return { pubkey: a.pubkey, is_signer: a.is_signer as boolean, is_writable: a.is_writable as boolean };
  });
  return { program_id: v.program_id, accounts, data: v.data };
}

function normalizeSolanaSend(b: Record<string, unknown>): Record<string, unknown> {
  const stray = Object.keys(b).find((k) => b[k] !== undefined && !SOLANA_SEND_KEYS.includes(k));
  if (stray) throw invalidField(stray, 'is not a field of a Solana send (transaction | instructions, valid_until)');
  const out: Record<string, unknown> = {};
  const hasTx = present(b.transaction);
  // v1.8 counts an empty instruction list as none (request/solana.rs validate).
  const hasIns = Array.isArray(b.instructions) ? b.instructions.length > 0 : present(b.instructions);
  if (hasTx && hasIns) throw invalidField('transaction', 'and instructions are mutually exclusive: give one (v1.8: "Cannot provide both transaction and instructions")');
  if (!hasTx && !hasIns) throw invalidField('transaction', 'or instructions is required (v1.8: "Must provide either transaction or instructions")');
  if (hasTx) {
    if (typeof b.transaction !== 'string' || !isBase64(b.transaction)) throw invalidField('transaction', 'must be a non-empty standard base64 string');
    out.transaction = b.transaction;
  } else {
    if (!Array.isArray(b.instructions)) throw invalidField('instructions', 'must be a JSON array of instructions');
    out.instructions = b.instructions.map(solanaInstruction);
  }
  if (present(b.valid_until)) {
    if (typeof b.valid_until !== 'string' || !isRfc3339(b.valid_until)) throw invalidField('valid_until', 'must be an RFC 3339 timestamp, e.g. 2030-01-01T15:04:05Z');
    out.valid_until = b.valid_until;
  }
  return out;
}

/**
 * A send body checked for the relayer's network type and normalised as it goes on the wire (integers
 * exact, nulls dropped, the memo in v1.8's encoding). A body of another network type is refused by name.
 */
export function normalizeSend(body: unknown, group: ReplacementGroup): Record<string, unknown> {
  if (!isObject(body)) throw invalidField('body', 'must be an object');
  if (group === 'solana') {
    if ('value' in body || 'network' in body) throw invalidField('body', `is ${GROUP_WORDS['value' in body ? 'evm' : 'stellar']} body, but the relayer is solana`);
    return normalizeSolanaSend(body);
  }
  const found = replacementGroup(body);
  if (found !== group) throw invalidField('body', `is ${GROUP_WORDS[found]} body, but the relayer is ${group}`);
  return normalizeReplacement(body as unknown as EvmReplacementRequest | StellarReplacementRequest, 'openzeppelin').body;
}
