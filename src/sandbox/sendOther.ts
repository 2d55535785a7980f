/**
 * POST /relayers/{rid}/transactions for a Solana or Stellar relayer in the real flavour, as v1.8's
 * send_transaction (src/api/controllers/relayer.rs:421-441) takes it after the 404 and the 403 of
 * validate_active_state (send.ts): the body read by the relayer's network type
 * (models/transaction/request/mod.rs:26-41, serde's text a 400), the request's validate (:43-49), then
 * process_transaction_request. Every refusal is a 400 `{success:false, error}` (ApiError::BadRequest,
 * models/error/api.rs:38-39; a RelayerError::ValidationError is one with its text as is,
 * models/error/relayer.rs:73).
 *
 * Solana (models/transaction/request/solana.rs; constants/solana_transaction.rs:17-26):
 * - SolanaTransactionRequest {transaction?, instructions?, valid_until?} (:14-27);
 * - "Cannot provide both transaction and instructions" / "Must provide either transaction or
 *   instructions", an empty `instructions` counting as none (:31-50);
 * - the transaction (:88-113): "Failed to decode transaction: Failed to decode base64: …" /
 *   "…: Failed to deserialize transaction: …" (models/rpc/solana/mod.rs:7-16,42-55, solanaWire.ts),
 *   "Transaction has no fee payer account", "Invalid relayer address: …", "Transaction fee payer {key}
 *   does not match relayer address {relayer}";
 * - the instructions whenever present, even `[]` beside a transaction (:58-60, 125-236): "Invalid
 *   relayer address: …" first, "Instructions cannot be empty", over 64 "Too many instructions: N
 *   exceeds maximum of 64"; each in turn: program_id blank, not a pubkey, the default pubkey (32 zero
 *   bytes); over 64 accounts; each account's pubkey blank or not a pubkey; a signer that is not the
 *   relayer; data not base64; data over 1232 bytes; then over 64 unique keys (program ids included);
 * - valid_until (:63-78): "valid_until cannot be in the past" (at or before now), "valid_until must be
 *   a valid RFC3339 timestamp" (chrono 0.4.43 parse_rfc3339: `T`, `t` or a space, any fraction, `Z` or
 *   ±HH:MM under 24 h);
 * - process (domain/relayer/solana/solana_relayer.rs:584-640): fee_payment_strategy not `relayer`
 *   (v1.8's default is `user`, models/relayer/mod.rs:391-397) and no transaction: "User-paid fees
 *   require a pre-built transaction. …"; else a new transaction, `pending`, `transaction` as sent ("" when
 *   built from instructions, which are kept: models/transaction/repository.rs:997-1018,
 *   response.rs:155-166).
 *
 * Stellar (models/transaction/request/stellar.rs; models/transaction/repository.rs):
 * - StellarTransactionRequest {source_account?, network, operations?, memo?, valid_until?,
 *   transaction_xdr?, fee_bump?, max_fee? (i64), signed_auth_entry?} (:6-36); the operations and the
 *   memo read as the sandbox reads a replacement's (replace.ts parseOperation, parseMemo);
 * - validate (:45-93): "Cannot provide both operations and transaction_xdr", "Must provide either
 *   operations or transaction_xdr" (empty operations counting as none), "Cannot request fee_bump with
 *   operations mode", "signed_auth_entry requires transaction_xdr to be provided", "Cannot use both
 *   signed_auth_entry and fee_bump";
 * - process_transaction_request (domain/relayer/stellar/stellar_relayer.rs:468-484), its
 *   TransactionRepoModel::try_from (repository.rs:1019-1061): TransactionInput::from_stellar_request (:551-631),
 *   whose TransactionError goes through `to_string()` into RelayerError::ValidationError, so its texts
 *   come as "Transaction validation error: …" (models/error/transaction.rs:18-19) — and those of
 *   validate_operations / validate_soroban_memo_restriction (domain/transaction/stellar/validation.rs:
 *   45-102, texts models/error/stellar_validation.rs:14-31, themselves ValidationErrors) twice: over
 *   100 operations (constants/stellar_transaction.rs:27), more than one Soroban operation, a Soroban
 *   one not alone, a Soroban one with a memo other than `none`. The request's `network` is never
 *   compared with the relayer's; source_account defaults to the relayer's address (:1029);
 * - the new transaction answers `fee` 0 and `sequence_number` "0" (None, response.rs:178-179); when
 *   the clock prepares it (data.ts stepOldest) it takes the next sequence and 100 stroops an operation
 *   (domain/transaction/stellar/prepare/common.rs:192).
 *
 * After the 200, a Stellar send with operations is failed where v1.8 fails it (stellarPrepare.ts):
 * when the clock prepares it, an operation, memo or source_account its XDR conversion refuses — a
 * destination, issuer, contract or source that is not a valid StrKey, an asset code of the wrong
 * length, a memo text over 28 bytes, a function name over 32 — or a relayer whose
 * fee_payment_strategy is `user` (status_reason "Preparation failed: …", prepare/mod.rs:219); when
 * it submits it, a payment of amount 0 or less, which stellar-core refuses ("Submission failed:
 * Unexpected error: Transaction submission error: TxFailed", submit.rs:356-359, 386).
 *
 * Not modelled: a Stellar XDR is not decoded — only an empty one ("…Invalid XDR: failed to fill whole
 * buffer") or one whose first character is not base64 ("…Invalid XDR: Invalid symbol B, offset 0.")
 * is refused; so neither "Cannot request fee_bump with unsigned XDR" nor "Expected unsigned XDR but
 * received signed XDR" (repository.rs:577-599), and an XDR's time bounds do not set valid_until. Of a
 * Soroban operation only its contract address and function name are converted (not its arguments,
 * auth or wasm; no simulation). A user-paid Solana send with a transaction (v1.8 signs and sends it at once,
 * rpc/methods/sign_and_send_transaction.rs) is taken as a relayer-paid one. Neither network's later
 * rules (policies, fees, balance, expiry): their transactions go through in order, a step a block.
 */
import { renderTransaction, type SandboxData } from './data.js';
import { type Flavor, type SandboxResponse, fail, ok } from './flavor.js';
import type { RelayerSeed, SolanaInstruction, SolanaTx, StellarTx } from './models.js';
import { parseMemo, parseOperation, type MemoSpec } from './replace.js';
import { SerdeError, invalidType, numberOf, readTyped, unexpected, type Ty } from './serde.js';
import { base58Encode, legacyAccountKeys, parsePubkey, rustBase64Decode } from './solanaWire.js';
import { ShapeError, type JsonObject } from './validate.js';

export interface OtherSendContext {
  flavor: Flavor;
  data: SandboxData;
  now(): number;
}

const MAX_INSTRUCTIONS = 64;
const MAX_ACCOUNTS_PER_INSTRUCTION = 64;
const MAX_TOTAL_ACCOUNTS = 64;
const MAX_INSTRUCTION_DATA = 1232;
const STELLAR_MAX_OPERATIONS = 100;
const I64_MAX = (1n << 63n) - 1n;

const str: Ty = { k: 'string' };
const opt = (t: Ty): Ty => ({ k: 'opt', t });
const field = (name: string, t: Ty) => ({ name, t });

const ACCOUNT_META: Ty = { k: 'struct', name: 'SolanaAccountMeta', deny: false, fields: [field('pubkey', str), field('is_signer', { k: 'bool' }), field('is_writable', { k: 'bool' })] };
const INSTRUCTION: Ty = { k: 'struct', name: 'SolanaInstructionSpec', deny: false, fields: [field('program_id', str), field('accounts', { k: 'vec', t: ACCOUNT_META }), field('data', str)] };
const SOLANA_REQUEST: Ty = {
  k: 'struct',
  name: 'SolanaTransactionRequest',
  deny: false,
  fields: [field('transaction', opt(str)), field('instructions', opt({ k: 'vec', t: INSTRUCTION })), field('valid_until', opt(str))],
};

/** serde's i64 from a serde_json Value. */
function readI64(v: unknown): bigint {
  const n = numberOf(v);
  if (!n || n.c === 'f64') return invalidType(v, 'i64');
  if (n.n > I64_MAX) throw new SerdeError(`invalid value: ${unexpected(v)}, expected i64`);
  return n.n;
}

const STELLAR_REQUEST: Ty = {
  k: 'struct',
  name: 'StellarTransactionRequest',
  deny: false,
  fields: [
    field('source_account', opt(str)),
    field('network', str),
    field('operations', opt({ k: 'custom', read: (v) => (Array.isArray(v) ? v.map((op) => parseOperation('real', op)) : invalidType(v, 'a sequence')) })),
    field('memo', opt({ k: 'custom', read: (v) => parseMemo('real', v, false) })),
    field('valid_until', opt(str)),
    field('transaction_xdr', opt(str)),
    field('fee_bump', opt({ k: 'bool' })),
    field('max_fee', opt({ k: 'custom', read: readI64 })),
    field('signed_auth_entry', opt(str)),
  ],
};

interface SolanaRequest {
  transaction?: string;
  instructions?: SolanaInstruction[];
  valid_until?: string;
}

interface StellarRequest {
  source_account?: string;
  network: string;
  operations?: JsonObject[];
  memo?: MemoSpec;
  valid_until?: string;
  transaction_xdr?: string;
  fee_bump?: boolean;
  max_fee?: bigint;
  signed_auth_entry?: string;
}

/** chrono's DateTime::parse_from_rfc3339 as ms since the epoch (fraction kept), or undefined. */
export function parseRfc3339(s: string): number | undefined {
  const m = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:[Zz]|([+\-\u2212])(\d\d):(\d\d))$/.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysIn = new Date(Date.UTC(2000, mo, 0)).getUTCDate() - (mo === 2 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 1 : 0);
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn || h > 23 || mi > 59 || sec > 60) return undefined;
  const offH = Number(m[9] ?? 0);
  const offM = Number(m[10] ?? 0);
  if (offM > 59 || offH > 23) return undefined;
  const offset = (m[8] === '+' ? 1 : -1) * (offH * 60 + offM) * 60_000;
  const at = new Date(Date.UTC(2000, mo - 1, d, h, mi, Math.min(sec, 59)));
  at.setUTCFullYear(y);
  const frac = Number(`0.${(m[7] ?? '0').slice(0, 9)}`) * 1000;
  return at.getTime() + (sec === 60 ? 1000 : 0) + frac - (m[8] ? offset : 0);
}

/** solana.rs validate_instructions (:125-236): the first refusal, or undefined. */
function instructionsRefusal(instructions: SolanaInstruction[], relayerKey: Buffer): string | undefined {
  if (instructions.length === 0) return 'Instructions cannot be empty';
  if (instructions.length > MAX_INSTRUCTIONS) return `Too many instructions: ${instructions.length} exceeds maximum of ${MAX_INSTRUCTIONS}`;
  const unique = new Set<string>();
  for (const [idx, ix] of instructions.entries()) {
    const programId = ix.program_id.trim();
    if (programId === '') return `Instruction ${idx}: program_id cannot be empty`;
    const program = parsePubkey(programId);
    if ('error' in program) return `Instruction ${idx}: Invalid program_id '${programId}' - ${program.error}`;
    if (program.key.every((b) => b === 0)) return `Instruction ${idx}: program_id cannot be default pubkey`;
    unique.add(program.key.toString('hex'));
    if (ix.accounts.length > MAX_ACCOUNTS_PER_INSTRUCTION) return `Instruction ${idx}: Too many accounts ${ix.accounts.length} exceeds maximum of ${MAX_ACCOUNTS_PER_INSTRUCTION}`;
    for (const [accIdx, account] of ix.accounts.entries()) {
      const pubkey = account.pubkey.trim();
      if (pubkey === '') return `Instruction ${idx} account ${accIdx}: pubkey cannot be empty`;
      const key = parsePubkey(pubkey);
      if ('error' in key) return `Instruction ${idx} account ${accIdx}: Invalid pubkey '${pubkey}' - ${key.error}`;
      if (account.is_signer && !key.key.equals(relayerKey)) {
        return `Instruction ${idx} account ${accIdx}: Only the relayer address ${base58Encode(relayerKey)} can be marked as a signer, but '${base58Encode(key.key)}' is marked as a signer. The relayer can only provide its own signature.`;
      }
      unique.add(key.key.toString('hex'));
    }
    const data = rustBase64Decode(ix.data);
    if ('error' in data) return `Instruction ${idx}: Invalid base64 data - ${data.error}`;
    if (data.bytes.length > MAX_INSTRUCTION_DATA) return `Instruction ${idx}: Data too large (${data.bytes.length} bytes, max: ${MAX_INSTRUCTION_DATA} bytes)`;
  }
  if (unique.size > MAX_TOTAL_ACCOUNTS) return `Too many unique accounts: ${unique.size} exceeds Solana's limit of ${MAX_TOTAL_ACCOUNTS}`;
  return undefined;
}

/** solana.rs validate (:30-81): the first refusal, or undefined. */
function solanaRefusal(req: SolanaRequest, relayerAddress: string, now: number): string | undefined {
  const hasTransaction = req.transaction !== undefined;
  const hasInstructions = (req.instructions?.length ?? 0) > 0;
  if (hasTransaction && hasInstructions) return 'Cannot provide both transaction and instructions';
  if (!hasTransaction && !hasInstructions) return 'Must provide either transaction or instructions';
  const relayer = () => {
    const r = parsePubkey(relayerAddress);
    return 'error' in r ? { refusal: `Invalid relayer address: ${r.error}` } : r;
  };
  if (req.transaction !== undefined) {
    const decoded = rustBase64Decode(req.transaction);
    if ('error' in decoded) return `Failed to decode transaction: Failed to decode base64: ${decoded.error}`;
    const tx = legacyAccountKeys(decoded.bytes);
    if ('error' in tx) return `Failed to decode transaction: Failed to deserialize transaction: ${tx.error}`;
    const feePayer = tx.keys[0];
    if (!feePayer) return 'Transaction has no fee payer account';
    const r = relayer();
    if ('refusal' in r) return r.refusal;
    if (!feePayer.equals(r.key)) return `Transaction fee payer ${base58Encode(feePayer)} does not match relayer address ${base58Encode(r.key)}`;
  }
  if (req.instructions !== undefined) {
    const r = relayer();
    if ('refusal' in r) return r.refusal;
    const refusal = instructionsRefusal(req.instructions, r.key);
    if (refusal) return refusal;
  }
  if (req.valid_until !== undefined) {
    const at = parseRfc3339(req.valid_until);
    if (at === undefined) return 'valid_until must be a valid RFC3339 timestamp';
    if (at <= now) return 'valid_until cannot be in the past';
  }
  return undefined;
}

function isSoroban(op: JsonObject): boolean {
  return op.type === 'invoke_contract' || op.type === 'create_contract' || op.type === 'upload_wasm';
}

/** stellar.rs validate (:45-93), then from_stellar_request (repository.rs:551-631): the first refusal. */
function stellarRefusal(req: StellarRequest): string | undefined {
  const hasOperations = (req.operations?.length ?? 0) > 0;
  const hasXdr = req.transaction_xdr !== undefined;
  if (hasOperations && hasXdr) return 'Cannot provide both operations and transaction_xdr';
  if (!hasOperations && !hasXdr) return 'Must provide either operations or transaction_xdr';
  if (req.fee_bump === true && hasOperations) return 'Cannot request fee_bump with operations mode';
  if (req.signed_auth_entry !== undefined) {
    if (!hasXdr) return 'signed_auth_entry requires transaction_xdr to be provided';
    if (req.fee_bump === true) return 'Cannot use both signed_auth_entry and fee_bump';
    return undefined; // SorobanGasAbstraction: the XDR is not parsed here (repository.rs:555-570)
  }
  const once = (text: string) => `Transaction validation error: ${text}`;
  if (req.transaction_xdr !== undefined) {
    // parse_transaction_xdr (domain/relayer/stellar/xdr_utils.rs:18-27): what is modelled of it.
    const xdr = req.transaction_xdr.replace(/[ \t\n\r\f]/g, '');
    if (xdr === '') return once('Invalid XDR: failed to fill whole buffer');
    const first = Buffer.from(xdr, 'utf8')[0]!;
    if (!/[A-Za-z0-9+/]/.test(String.fromCharCode(first)) || first > 0x7f) return once(`Invalid XDR: Invalid symbol ${first}, offset 0.`);
    return undefined;
  }
  const ops = req.operations!;
  const twice = (text: string) => once(once(text));
  if (ops.length > STELLAR_MAX_OPERATIONS) return twice(`Transaction has ${ops.length} operations, but maximum allowed is ${STELLAR_MAX_OPERATIONS}`);
  const soroban = ops.filter(isSoroban).length;
  if (soroban > 1) return twice('Transaction can contain at most one Soroban operation');
  if (soroban === 1 && ops.length > 1) return twice('Soroban operations must be exclusive - no other operations allowed in the same transaction');
  if (soroban > 0 && req.memo !== undefined && req.memo.type !== 'none') return twice('Soroban operations cannot have a memo (except MemoNone)');
  return undefined;
}

/** The answer to a send to a Solana or Stellar relayer (active: send.ts checked it). */
export function handleSendOther(ctx: OtherSendContext, relayer: RelayerSeed, body: unknown, newId: () => string): SandboxResponse {
  const { flavor, data } = ctx;
  const solana = relayer.network_type === 'solana';
  let req: SolanaRequest | StellarRequest;
  try {
    req = readTyped(solana ? SOLANA_REQUEST : STELLAR_REQUEST, body) as SolanaRequest | StellarRequest;
  } catch (e) {
    if (e instanceof ShapeError) return fail(flavor, 400, e.message);
    throw e;
  }
  const now = ctx.now();
  const base = { id: newId(), relayer_id: relayer.id, status: 'pending' as const, status_reason: null, created_at: now, sent_at: null, confirmed_at: null };
  if (solana) {
    const sreq = req as SolanaRequest;
    const refusal = solanaRefusal(sreq, relayer.address, now);
    if (refusal) return fail(flavor, 400, refusal);
    if (relayer.policies.fee_payment_strategy !== 'relayer' && sreq.transaction === undefined) {
      return fail(flavor, 400, 'User-paid fees require a pre-built transaction. Use prepareTransaction RPC method first to build the transaction from instructions.');
    }
    const tx: SolanaTx = { kind: 'solana', ...base, signature: null, transaction: sreq.transaction ?? '' };
    // As v1.8 writes them: its struct's field order, not the body's.
    if (sreq.instructions) {
      tx.instructions = sreq.instructions.map((ix) => ({
        program_id: ix.program_id,
        accounts: ix.accounts.map((a) => ({ pubkey: a.pubkey, is_signer: a.is_signer, is_writable: a.is_writable })),
        data: ix.data,
      }));
    }
    data.addTransaction(tx);
    return ok(renderTransaction(flavor, tx));
  }
  const xreq = req as StellarRequest;
  const refusal = stellarRefusal(xreq);
  if (refusal) return fail(flavor, 400, refusal);
  const tx: StellarTx = { kind: 'stellar', ...base, hash: null, source_account: xreq.source_account ?? relayer.address, fee: 0, sequence_number: '0' };
  if (xreq.operations?.length) {
    tx.op_count = xreq.operations.length;
    // What its preparation and submission read (stellarPrepare.ts).
    data.stellarSends.set(tx.id, { operations: xreq.operations, memo: xreq.memo, source_account: tx.source_account });
  }
  data.addTransaction(tx);
  return ok(renderTransaction(flavor, tx));
}
