/**
 * What becomes of a Stellar send with operations (sendOther.ts) after v1.8 took it (200): the clock
 * prepares it (data.ts stepOldest, pending → sent), then submits it (sent → submitted). The real
 * flavour fails it where v1.8 would, with v1.8's status_reason. Paths below are in the v1.8.0 tree.
 *
 * Preparation (domain/transaction/stellar/prepare/operations.rs:41-110, process_operations):
 * - a relayer whose fee_payment_strategy is `user`: TransactionError::ValidationError (:58-68);
 * - the next sequence (:70), then the unsigned envelope (:81-83): StellarTransactionData into an XDR
 *   Transaction (models/transaction/stellar/conversion.rs:40-111), in this order:
 *   - each operation in turn (:47-51; operation.rs:275-304):
 *     - payment (operation.rs:169-184): the destination first, an `M…` then a `G…` StrKey
 *       (:75-88): "Invalid destination: {e}"; then the asset (asset.rs:22-69): a credit4 code of 1-4
 *       bytes ("asset code 1-4 chars"), a credit12 one of 5-12 ("asset code 5-12 chars"), checked
 *       before its issuer, a `G…` StrKey ("Invalid issuer: {e}"); the amount is not looked at;
 *     - invoke_contract (host_function.rs:286-298): a `C…` StrKey ("Invalid contract address: {e}"),
 *       then the function name as a ScSymbol, at most 32 bytes ("Invalid function name: {e}");
 *   - the memo (conversion.rs:66-69; memo.rs:38-53): a text over 28 bytes, "Invalid memo text: {e}";
 *   - the source account (conversion.rs:74-77; domain/relayer/stellar/xdr_utils.rs:174-191), an `M…`
 *     then a `G…` StrKey: "Invalid source account: Failed to decode account ID: {e}".
 *   Each is a SignerError::ConversionError, "Transaction conversion error: {0}"
 *   (models/error/signer.rs:59-60), made a TransactionError::SignerError by its to_string()
 *   (models/error/transaction.rs:170-173), "Signer error: {0}" (:51-52).
 * - prepare_transaction_impl catches the error (prepare/mod.rs:91-101): handle_prepare_failure marks
 *   the transaction `failed` with status_reason "Preparation failed: {error}" (:219, 248-253) and
 *   nothing else: no hash, no sent_at, fee and sequence as they were (the sequence taken at :70 is
 *   synced back from the chain, :223-246; here a transaction without one takes none).
 *
 * The texts inside: stellar-strkey 0.0.14 (Cargo.toml:100) has a single DecodeError, whose Display is
 * "the strkey is invalid" (rs-stellar-strkey v0.0.14 src/error.rs:1-12), whatever is wrong (base32,
 * version byte, length, checksum: src/convert.rs:17-34, src/ed25519.rs:119-132, 195-212); an
 * over-long StringM is stellar-xdr's Error::LengthExceedsMax, "xdr value max length exceeded".
 *
 * Submission (domain/transaction/stellar/submit.rs): a payment of amount 0 or less passes all the
 * above; stellar-core refuses it when it checks the transaction (PaymentOpFrame::doCheckValid:
 * PAYMENT_MALFORMED, the transaction txFAILED), so the RPC answers ERROR with a TransactionResult
 * whose result is named "TxFailed" (utils.rs:286-295). v1.8 makes that
 * TransactionError::UnexpectedError("Transaction submission error: TxFailed") (submit.rs:246-359;
 * "Unexpected error: {0}", models/error/transaction.rs:42-43) and handle_submit_failure marks the
 * transaction `failed` with "Submission failed: {error}" (submit.rs:386, 480-486): the operation's own
 * code (op_malformed) is not in it. Hash, sent_at, fee and sequence stay.
 *
 * Not modelled: a Soroban operation's arguments, auth, wasm and salt (host_function.rs,
 * operation.rs:146-166) and its simulation; create_contract and upload_wasm; an asset code that is
 * not alphanumeric (stellar-core's PAYMENT_MALFORMED too); the bad sequence the next transaction
 * meets after a refused submission (submit.rs:413-478).
 */
import { decodeStrKey, type StrKeyKind } from '../core/stellarKey.js';
import type { RelayerSeed, TxStatus } from './models.js';
import type { JsonObject } from './validate.js';

/** What of a Stellar send its preparation and its submission read (kept by data.ts until it is final). */
export interface StellarSend {
  operations: JsonObject[];
  /** Its memo as replace.ts reads it (MemoSpec; only a text's length is looked at here). */
  memo?: { type: string; value?: unknown };
  source_account: string;
}

/** stellar-strkey 0.0.14's DecodeError, whatever the fault. */
const STRKEY_INVALID = 'the strkey is invalid';
/** stellar-xdr's Error::LengthExceedsMax (a StringM over its bound). */
const XDR_TOO_LONG = 'xdr value max length exceeded';
const MEMO_TEXT_MAX = 28;
const SC_SYMBOL_MAX = 32;

const isStrKey = (s: unknown, kinds: readonly StrKeyKind[]): boolean => typeof s === 'string' && !('error' in decodeStrKey(s, kinds));
const byteLength = (s: unknown): number => Buffer.byteLength(String(s), 'utf8');

/** An AssetSpec into an XDR Asset (asset.rs:22-69): why not, or undefined. */
function assetFault(asset: JsonObject): string | undefined {
  if (asset.type === 'native') return undefined;
  const [min, max] = asset.type === 'credit4' ? [1, 4] : [5, 12];
  const len = byteLength(asset.code);
  if (len < min || len > max) return `asset code ${min}-${max} chars`;
  if (!isStrKey(asset.issuer, ['account'])) return `Invalid issuer: ${STRKEY_INVALID}`;
  return undefined;
}

/** An OperationSpec into an XDR Operation (operation.rs:275-304): why not, or undefined. */
function operationFault(op: JsonObject): string | undefined {
  if (op.type === 'payment') {
    if (!isStrKey(op.destination, ['muxed', 'account'])) return `Invalid destination: ${STRKEY_INVALID}`;
    return assetFault(op.asset as JsonObject);
  }
  if (op.type === 'invoke_contract') {
    if (!isStrKey(op.contract_address, ['contract'])) return `Invalid contract address: ${STRKEY_INVALID}`;
    if (byteLength(op.function_name) > SC_SYMBOL_MAX) return `Invalid function name: ${XDR_TOO_LONG}`;
  }
  return undefined;
}

/** TryFrom<StellarTransactionData> for Transaction (conversion.rs:40-111): the conversion error's text, or undefined. */
export function conversionFault(send: StellarSend): string | undefined {
  for (const op of send.operations) {
    const fault = operationFault(op);
    if (fault) return fault;
  }
  if (send.memo?.type === 'text' && byteLength(send.memo.value) > MEMO_TEXT_MAX) return `Invalid memo text: ${XDR_TOO_LONG}`;
  if (!isStrKey(send.source_account, ['muxed', 'account'])) return `Invalid source account: Failed to decode account ID: ${STRKEY_INVALID}`;
  return undefined;
}

/** The status_reason handle_prepare_failure writes (prepare/mod.rs:219), or undefined when it prepares. */
export function prepareFailure(send: StellarSend, relayer: RelayerSeed | undefined): string | undefined {
  if (relayer?.policies.fee_payment_strategy === 'user') {
    return 'Preparation failed: Transaction validation error: Gasless transactions (User fee payment strategy) are not supported via operations path. Please use fee bump(SignedXdr) path for gasless transactions.';
  }
  const fault = conversionFault(send);
  return fault === undefined ? undefined : `Preparation failed: Signer error: Transaction conversion error: ${fault}`;
}

/** A payment's amount (a JSON integer or a decimal string, replace.ts parseOperation read it). */
function amountOf(op: JsonObject): bigint {
  const a = op.amount;
  return typeof a === 'bigint' ? a : BigInt(typeof a === 'number' ? Math.trunc(a) : String(a));
}

/** The status_reason handle_submit_failure writes (submit.rs:386), or undefined when the network takes it. */
export function submitFailure(send: StellarSend): string | undefined {
  const malformed = send.operations.some((op) => op.type === 'payment' && amountOf(op) <= 0n);
  return malformed ? 'Submission failed: Unexpected error: Transaction submission error: TxFailed' : undefined;
}

/** Why the step from `status` fails this send (pending: it is prepared; sent: it is submitted), or undefined. */
export function stellarStepFailure(send: StellarSend, status: TxStatus, relayer: RelayerSeed | undefined): string | undefined {
  if (status === 'pending') return prepareFailure(send, relayer);
  if (status === 'sent') return submitFailure(send);
  return undefined;
}

/** Stellar's base reserve (0.5 XLM): an account keeps (2 + its subentries) of them; the relayer's none modelled. */
const BASE_RESERVE_STROOPS = 5_000_000n;
const MIN_BALANCE_STROOPS = 2n * BASE_RESERVE_STROOPS;

/**
 * The ledger applying a submitted send (its native payments and its fee from the relayer's balance):
 * stellar-core charges the fee whatever comes of it; a native payment the balance cannot cover (over
 * the account's minimum balance, 2 base reserves) fails it (PAYMENT_UNDERFUNDED: the transaction
 * txFAILED, in the ledger). v1.8's status check reads it FAILED and marks the transaction `failed`,
 * "Transaction failed on-chain. reason=TxFailed" (domain/transaction/stellar/status.rs
 * handle_stellar_failed, format_failure_reason: a payment's own code is not among the operations
 * first_failing_op names). What it takes from the balance, and that reason when it fails.
 */
export function stellarApply(send: StellarSend, feeStroops: bigint, balance: bigint): { spent: bigint; failure?: string } {
  const native = send.operations.reduce((n, op) => (op.type === 'payment' && (op.asset as JsonObject | undefined)?.type === 'native' ? n + amountOf(op) : n), 0n);
  if (native > 0n && balance - feeStroops - native < MIN_BALANCE_STROOPS) return { spent: feeStroops, failure: 'Transaction failed on-chain. reason=TxFailed' };
  return { spent: feeStroops + native };
}

