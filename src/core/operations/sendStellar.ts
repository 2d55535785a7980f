/**
 * A new Stellar transaction from a relayer (issue 42.2): the replacement's body (operations |
 * transaction_xdr, source_account, memo, max_fee, valid_until, fee_bump), checked before sending by
 * v1.8's rules: request/stellar.rs validate (one input; fee_bump only with an XDR — in the API module),
 * then models/transaction/repository.rs from_stellar_request:~550 and
 * domain/transaction/stellar/validation.rs:45-100 (at most 100 operations, constants/stellar_transaction.rs:27;
 * a Soroban operation alone and without a memo), in v1.8's words (models/error/stellar_validation.rs).
 * Whether an XDR is signed (fee_bump wants signed, else unsigned) is the server's to say: not read here.
 */
import type { Relayer } from '../../api/index.js';
import { displayText, thousands } from '../text/values.js';
import { formatUnits, toBigInt } from '../amounts.js';
import { clock } from '../time.js';
import type { ReviewLine } from './review.js';
import { DEFAULT_MAX_FEE, OPERATIONS_TEMPLATE } from './stellar.js';
import type { Values } from './types.js';
import { stellarBodyErrors } from './stellarOperations.js';

const MAX_OPERATIONS = 100;
const SOROBAN = new Set(['invoke_contract', 'create_contract', 'upload_wasm']);

export function stellarSendInitialValues(relayer: Relayer | undefined): Values {
  return {
    network: relayer?.network ?? '',
    mode: 'operations',
    operations: OPERATIONS_TEMPLATE,
    transaction_xdr: '',
    source_account: '',
    memo_type: 'none',
    memo_value: '',
    max_fee: DEFAULT_MAX_FEE,
    valid_until: '',
    fee_bump: 'no',
  };
}

/** v1.8's checks of a Stellar send body (normalized), on the fields they are about. */
export function stellarSendErrors(body: Record<string, unknown>, now: number, relayer?: Relayer, balance?: { stroops: bigint; at?: number }): Record<string, string> {
  const errors: Record<string, string> = {};
  // Native payments from the relayer past what it holds: the network fails them (underfunded), after v1.8
  // took them: said on the field before it is sent.
  const paid = nativePaid(body);
  if (balance && paid > balance.stroops)
    errors.operations = `pays ${formatUnits(paid, 7)} XLM in all; the relayer holds ${formatUnits(balance.stroops, 7)} XLM${balance.at !== undefined ? ` as read at ${clock(balance.at)}` : ''} (less the network's reserve): the network fails it as underfunded`;
  const ops = Array.isArray(body.operations) ? (body.operations as { type?: unknown }[]) : undefined;
  // A user-paid relayer takes operations, then fails them as it prepares (prepare/operations.rs:58-68).
  const strategy = (relayer?.policies as Record<string, unknown> | undefined)?.fee_payment_strategy;
  if (ops && strategy === 'user')
    errors.operations = `relayer ${displayText(relayer?.id)}'s fee_payment_strategy is user: v1.8 takes operations, then fails the transaction ("Gasless transactions (User fee payment strategy) are not supported via operations path"): send a signed transaction_xdr with fee_bump`;
  else if (ops) {
    const soroban = ops.filter((o) => SOROBAN.has(String(o.type))).length;
    if (ops.length > MAX_OPERATIONS) errors.operations = `${ops.length} operations: at most ${MAX_OPERATIONS} (v1.8: "Transaction has ${ops.length} operations, but maximum allowed is ${MAX_OPERATIONS}")`;
    else if (soroban > 1) errors.operations = 'more than one Soroban operation (invoke_contract, create_contract, upload_wasm): v1.8 allows one a transaction';
    else if (soroban === 1 && ops.length > 1) errors.operations = 'a Soroban operation goes alone: v1.8 answers "Soroban operations must be exclusive"';
    const memo = body.memo as { type?: unknown } | undefined;
    if (soroban && memo && memo.type !== 'none') errors.memo_type = 'a Soroban operation takes no memo: v1.8 answers "Soroban operations cannot have a memo (except MemoNone)"';
  }
  // Then each operation's fields and the source, as v1.8 converts them when it prepares (it takes them first).
  for (const [field, why] of Object.entries(stellarBodyErrors(body))) errors[field] ??= why;
  // v1.8 takes it, then marks it expired at its first status check (domain/transaction/stellar/status.rs:425).
  if (typeof body.valid_until === 'string' && Date.parse(body.valid_until) <= now) errors.valid_until = 'in the past: v1.8 takes it, then marks it expired ("Transaction time_bounds expired")';
  return errors;
}

/** The native XLM the relayer's own account pays in a body's payments (stroops; an operation with its own source not counted). */
function nativePaid(body: Record<string, unknown>): bigint {
  if (!Array.isArray(body.operations) || body.source_account !== undefined) return 0n;
  let sum = 0n;
  for (const op of body.operations as unknown[]) {
    const o = (op ?? {}) as Record<string, unknown>;
    const asset = (o.asset ?? {}) as Record<string, unknown>;
    const n = toBigInt(o.amount);
    if (o.type === 'payment' && asset.type === 'native' && o.source_account === undefined && n !== undefined && n > 0n) sum += n;
  }
  return sum;
}

/** The review's lines: the network v1.8 uses (the relayer's, whatever `network` says), the payments, who pays, the memo, the fee at most. */
export function stellarSendReview(body: Record<string, unknown>, relayer: Relayer | undefined): ReviewLine[] {
  const lines: ReviewLine[] = [];
  const own = relayer?.network;
  if (own && body.network !== own)
    lines.push({ label: '⚠ network', value: `"${displayText(body.network)}" is sent, but v1.8 builds on the relayer's own network (${displayText(own)}): it does not read this field`, tone: 'warn' });
  const ops = Array.isArray(body.operations) ? body.operations.length : undefined;
  lines.push({ label: 'built from', value: ops !== undefined ? `${ops} operation${ops === 1 ? '' : 's'}` : `a pre-built XDR${body.fee_bump === true ? ', wrapped in a fee bump the relayer pays' : ''}` });
  // Each payment's amount in XLM beside its stroops.
  if (Array.isArray(body.operations))
    body.operations.slice(0, 10).forEach((op: unknown, i: number) => {
      const o = (op ?? {}) as Record<string, unknown>;
      if (o.type !== 'payment') return;
      const stroops = toBigInt(o.amount);
      const asset = (o.asset ?? {}) as Record<string, unknown>;
      const what = asset.type === 'native' || asset.type === undefined ? 'XLM' : `${displayText(asset.code)} (issuer ${displayText(asset.issuer).slice(0, 12)}…)`;
      const amount = stroops === undefined ? displayText(o.amount) : `${thousands(stroops)} stroops = ${formatUnits(stroops, 7)} ${what}`;
      lines.push({ label: `  payment ${i + 1}`, value: `${amount} to ${displayText(o.destination).slice(0, 80)}` });
    });
  lines.push({ label: 'source', value: typeof body.source_account === 'string' ? body.source_account : `the relayer (${displayText(relayer?.address)})` });
  // The memo as sent (an exchange's deposit is credited by it): its type and value, or that there is none.
  const memo = body.memo;
  const typed = memo !== null && typeof memo === 'object' && !Array.isArray(memo) ? (memo as { type?: unknown; value?: unknown }) : undefined;
  lines.push({
    label: 'memo',
    value: memo === undefined || memo === null || typed?.type === 'none' ? 'none' : typed && typed.type !== undefined ? `${displayText(typed.type)} ${JSON.stringify(displayText(typed.value))}` : `as given: ${typeof memo === 'string' ? JSON.stringify(displayText(memo)) : displayText(memo)}`,
  });
  const max = toBigInt(body.max_fee);
  lines.push({ label: 'max_fee', value: max !== undefined ? `${thousands(max)} stroops at most` : `not given: v1.8's default, ${thousands(BigInt(DEFAULT_MAX_FEE))} stroops` });
  return lines;
}
