/** Group C: replace a Stellar transaction from operations or a pre-built XDR — never both. */
import { INT64, normalizeReplacement, parseJson, prepareReplaceTransaction, type DialectState, type MemoSpec, type Relayer, type StellarReplacementRequest, type Transaction } from '../../api/index.js';
import type { FieldSpec, FormDefinition, Values } from './types.js';
import { replacementChanges, type ReviewLine } from './review.js';
import { toBigInt } from '../amounts.js';
import { thousands } from '../text/values.js';
import { replaceEffect } from './effects.js';
import { stellarBodyErrors, stellarOperationsError, stellarSourceError } from './stellarOperations.js';
import { reviewWarnings, STELLAR_NOOP_WARNING } from './reviewWarnings.js';
import { apiFieldErrors, base64, integerCheck, jsonCheck, optionalInteger, required, futureRfc3339 } from './validators.js';

export const DEFAULT_MAX_FEE = '1000000';

/** The operations field's template: a shape to fill, never a value to send as it stands. */
export const OPERATIONS_TEMPLATE = '[\n  {"type": "payment", "destination": "", "amount": "1", "asset": {"type": "native"}}\n]';

/** An empty string inside the operations (a template's blank left blank), named by its path; or null. */
export function emptyOperationField(ops: unknown): string | null {
  if (!Array.isArray(ops)) return null;
  for (let i = 0; i < Math.min(ops.length, 1_000); i++) {
    const op = ops[i];
    if (op === null || typeof op !== 'object' || Array.isArray(op)) continue;
    for (const [k, v] of Object.entries(op as Record<string, unknown>)) {
      if (v === '') return `operations[${i}].${k} is empty: fill it in`;
      if (v !== null && typeof v === 'object' && !Array.isArray(v))
        for (const [k2, v2] of Object.entries(v as Record<string, unknown>)) if (v2 === '') return `operations[${i}].${k}.${k2} is empty: fill it in`;
    }
  }
  return null;
}

export function stellarInitialValues(relayer: Relayer | undefined, tx: Transaction): Values {
  return {
    network: relayer?.network ?? '',
    source_account: tx.source_account ?? '',
    memo_type: 'none',
    memo_value: '',
    max_fee: DEFAULT_MAX_FEE,
    valid_until: '',
    fee_bump: 'no',
    mode: 'operations',
    operations: OPERATIONS_TEMPLATE,
    transaction_xdr: '',
  };
}

function memoCheck(v: string, all: Readonly<Values>): string | null {
  switch (all.memo_type) {
    case 'text':
      return Buffer.byteLength(v, 'utf8') > 28 ? 'out of range: a text memo is at most 28 bytes' : null;
    case 'id':
      return required(integerCheck(INT64))(v);
    case 'hash':
    case 'return':
      return /^[0-9a-fA-F]{64}$/.test(v.trim()) ? null : 'not hex: exactly 64 hex digits (32 bytes)';
    default:
      return null;
  }
}

function memo(v: Values): MemoSpec | undefined {
  const value = v.memo_value ?? '';
  switch (v.memo_type) {
    case 'text':
      return { type: 'text', value };
    case 'id':
      return { type: 'id', value: value.trim() };
    case 'hash':
    case 'return':
      // As typed (64 hex digits): the API module encodes it for the server's dialect.
      return { type: v.memo_type, value: value.trim() };
    case 'none':
      return { type: 'none' };
    default:
      return undefined;
  }
}

/** The Stellar body's fields (a replacement and a send alike): the required first, so they are on screen at 80x24. */
export function stellarFields(): FieldSpec[] {
  return [
    { name: 'network', label: 'network', kind: 'text', hint: 'required, e.g. testnet', validate: required() },
    // What the server requires first (the network, what the transaction is built from), the optional
    // after: at 80x24 the required are on screen when the form opens.
    { name: 'mode', label: 'build from', kind: 'choice', options: ['operations', 'transaction_xdr'], hint: '←/→: operations or a pre-built XDR, never both' },
    {
      name: 'operations',
      label: 'operations',
      kind: 'json',
      rows: 5,
      // A template: typing replaces it; moving into it (arrows) edits it in place.
      placeholder: true,
      hint: 'JSON array of operations, each with a "type"; a payment\'s amount is in stroops (1 XLM = 10,000,000); the template is a shape: type over it, or arrow into it and fill it in',
      validate: (v) => {
        const bad = jsonCheck(v, 'a JSON array of operations');
        if (bad) return bad;
        const ops = parseJson(v);
        return Array.isArray(ops) ? (emptyOperationField(ops) ?? stellarOperationsError(ops)) : 'not a JSON array';
      },
      hidden: (all) => all.mode !== 'operations',
    },
    {
      name: 'transaction_xdr',
      label: 'transaction_xdr',
      kind: 'text',
      hint: 'base64 XDR, signed or unsigned',
      validate: required(base64),
      hidden: (all) => all.mode !== 'transaction_xdr',
    },
    { name: 'source_account', label: 'source_account', kind: 'text', hint: 'G… account; empty = the relayer', validate: stellarSourceError },
    { name: 'memo_type', label: 'memo', kind: 'choice', options: ['none', 'text', 'id', 'hash', 'return'], hint: '←/→ choose the memo type' },
    {
      name: 'memo_value',
      label: 'memo value',
      kind: 'text',
      hint: 'text ≤ 28 bytes · id int64 · hash/return 64 hex digits',
      validate: memoCheck,
      hidden: (all) => all.memo_type === 'none',
    },
    { name: 'max_fee', label: 'max_fee', kind: 'text', hint: 'stroops, int64; default 1,000,000', validate: optionalInteger(INT64) },
    { name: 'valid_until', label: 'valid_until', kind: 'text', hint: 'RFC 3339, later than now, e.g. 2030-01-01T00:00:00Z', validate: futureRfc3339 },
    {
      name: 'fee_bump',
      label: 'fee_bump',
      kind: 'choice',
      options: ['no', 'yes'],
      hint: 'only with a signed transaction_xdr',
      validate: (v, all) => (v === 'yes' && all.mode !== 'transaction_xdr' ? 'only with transaction_xdr' : null),
    },
  ];
}

/** The request the form's values stand for; the template as it stands is refused. */
export function stellarRequest(v: Values): StellarReplacementRequest | { errors: Record<string, string> } {
  // Nothing is sent that the operator did not type or keep on purpose: the template as it stands is not an answer.
  if (v.mode === 'operations' && (v.operations ?? '') === OPERATIONS_TEMPLATE)
    return { errors: { operations: 'still the template: type the operations, or arrow into the template and fill it in' } };
  const opt = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);
  return {
    network: (v.network ?? '').trim(),
    source_account: opt(v.source_account),
    memo: memo(v),
    max_fee: opt(v.max_fee),
    valid_until: opt(v.valid_until),
    fee_bump: v.fee_bump === 'yes' ? true : undefined,
    ...(v.mode === 'operations' ? { operations: parseJson(v.operations ?? '[]') as unknown[] } : { transaction_xdr: opt(v.transaction_xdr) }),
  };
}

/**
 * `relayerId`: the relayer on screen, where the request goes (never the transaction's own
 * `relayer_id`). `dialect`: the server's, read when the review is built (the memo's bytes differ).
 */
export function stellarForm(relayerId: string, relayer: Relayer | undefined, tx: Transaction, dialect: () => DialectState): FormDefinition {
  return {
    fields: stellarFields(),
    focus: 'network',
    build: (v) => {
      const req = stellarRequest(v);
      if ('errors' in req) return req;
      const converted = stellarBodyErrors(req);
      if (Object.keys(converted).length) return { errors: converted };
      const d = dialect();
      try {
        const prepared = prepareReplaceTransaction(relayerId, tx.id, req, d.dialect);
        const body = normalizeReplacement(req, d.dialect).body;
        const review: ReviewLine[] = [...reviewWarnings(relayerId, tx, relayer), { label: 'encoded for', value: d.why }, ...stellarChanges(tx, body)];
        if (d.dialect === 'openzeppelin') review.unshift(STELLAR_NOOP_WARNING('replace'));
        // Sent in the dialect the review shows, whatever is learnt meanwhile.
        return {
          request: {
            op: 'replace',
            target: { relayerId, txId: tx.id },
            what: `Replace Stellar transaction ${tx.id} of relayer ${relayerId}`,
            prepared,
            review,
            send: (client, options) => client.replaceTransaction(relayerId, tx.id, req, { ...options, dialect: d.dialect }),
            effect: replaceEffect('stellar', tx, body, d.dialect === 'openzeppelin'),
          },
        };
      } catch (e) {
        return { errors: apiFieldErrors(e) };
      }
    },
  };
}

/**
 * The most the replacement may pay beside what the transaction paid: the form starts at the default
 * 1,000,000 stroops whatever the transaction's fee was (75,000: 13× it), which the body alone never says.
 */
function stellarChanges(tx: Transaction, body: Record<string, unknown>): ReviewLine[] {
  // Before → after where the transaction has the field (a field it has not is in the body below, as sent).
  const changes = replacementChanges('stellar', tx, body).filter((l) => l.label === 'max_fee' || !l.value.startsWith('—'));
  const [max, fee] = [toBigInt(body.max_fee), toBigInt((tx as { fee?: unknown }).fee)];
  if (max === undefined || fee === undefined) return changes;
  const times = fee > 0n ? Number((max * 10n) / fee) / 10 : null;
  const beside = max === fee ? 'the same' : times !== null && max > fee ? `${times.toLocaleString('en-US')}× it` : 'below it';
  // In place of its "— → 1000000" (a transaction has a fee, not a max_fee).
  return changes.map((l) => (l.label === 'max_fee' ? { label: 'max_fee', value: `${thousands(max)} stroops at most; the transaction's fee: ${thousands(fee)} (${beside})` } : l));
}
