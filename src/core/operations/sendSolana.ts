/**
 * A new Solana transaction from a relayer (issue 42.2): `{transaction | instructions, valid_until?}`,
 * checked before sending by v1.8's own rules (models/transaction/request/solana.rs validate, in its
 * order; limits from constants/solana_transaction.rs:17-26), each said on its field with v1.8's words.
 */
import { parseJson, type Relayer, type SolanaInstructionSpec, type SolanaSendRequest } from '../../api/index.js';
import { base58Decode, base58Encode, pubkeyProblem } from '../base58.js';
import { displayText } from '../text/values.js';
import type { ReviewLine } from './review.js';
import type { FieldSpec, Values } from './types.js';
import { base64, jsonCheck, required, rfc3339 } from './validators.js';

const MAX_INSTRUCTIONS = 64;
const MAX_ACCOUNTS_PER_INSTRUCTION = 64;
const MAX_TOTAL_ACCOUNTS = 64;
const MAX_INSTRUCTION_DATA = 1232;
const DEFAULT_PUBKEY = '11111111111111111111111111111111';

/** The instructions field's template: a shape to fill, never sent as it stands. */
export const INSTRUCTIONS_TEMPLATE = '[\n  {"program_id": "", "accounts": [{"pubkey": "", "is_signer": false, "is_writable": true}], "data": ""}\n]';

export function solanaSendInitialValues(): Values {
  return { mode: 'transaction', transaction: '', instructions: INSTRUCTIONS_TEMPLATE, valid_until: '' };
}

export function solanaSendFields(): FieldSpec[] {
  return [
    { name: 'mode', label: 'build from', kind: 'choice', options: ['transaction', 'instructions'], hint: '←/→: a pre-built transaction, or instructions the server builds one from' },
    {
      name: 'transaction',
      label: 'transaction',
      kind: 'text',
      hint: 'base64 of the serialized transaction; its fee payer must be the relayer',
      validate: required(base64),
      note: (v) => (v.trim() ? `${Buffer.from(v.trim(), 'base64').length} bytes` : null),
      hidden: (all) => all.mode !== 'transaction',
    },
    {
      name: 'instructions',
      label: 'instructions',
      kind: 'json',
      rows: 5,
      placeholder: true,
      hint: 'JSON array: program_id and pubkeys base58, data base64; only the relayer may sign',
      validate: (v) => jsonCheck(v) ?? (Array.isArray(parseJson(v)) ? null : 'not a JSON array'),
      hidden: (all) => all.mode !== 'instructions',
    },
    { name: 'valid_until', label: 'valid_until', kind: 'text', hint: 'RFC 3339, optional', validate: rfc3339 },
  ];
}

/** The request the form's values stand for (the template as it stands is refused by the caller). */
export function solanaSendRequest(v: Values): SolanaSendRequest | { errors: Record<string, string> } {
  const vu = (v.valid_until ?? '').trim();
  if (v.mode === 'instructions') {
    if ((v.instructions ?? '') === INSTRUCTIONS_TEMPLATE) return { errors: { instructions: 'still the template: fill it in, or type the instructions' } };
    return { instructions: parseJson(v.instructions ?? '[]') as SolanaInstructionSpec[], ...(vu ? { valid_until: vu } : {}) };
  }
  return { transaction: (v.transaction ?? '').trim(), ...(vu ? { valid_until: vu } : {}) };
}

/** A compact-u16 (Solana's short_vec length) at `at`: its value and the offset after it, or null. */
function shortVec(bytes: Uint8Array, at: number): [number, number] | null {
  let n = 0;
  for (let i = 0; i < 3; i++) {
    const b = bytes[at + i];
    if (b === undefined) return null;
    n |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return [n, at + i + 1];
  }
  return null;
}

/**
 * The fee payer of a serialized transaction (the message's first account key), as v1.8 reads it
 * (Transaction::try_from, request/solana.rs validate_transaction): `payer`, or why it cannot be read;
 * `versioned` where the message is a v0 one (its reading by v1.8 is not modelled: not checked here).
 */
export function solanaFeePayer(b64: string): { payer: string } | { problem: string } | { versioned: true } {
  const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
  const sigs = shortVec(bytes, 0);
  if (!sigs) return { problem: 'cannot be read as a transaction (no signature count)' };
  let at = sigs[1] + sigs[0] * 64;
  if ((bytes[at] ?? 0) & 0x80) return { versioned: true };
  at += 3;
  const keys = shortVec(bytes, at);
  if (!keys || at > bytes.length) return { problem: 'cannot be read as a transaction (it ends before its account keys)' };
  if (keys[0] === 0) return { problem: 'has no fee payer account (v1.8: "Transaction has no fee payer account")' };
  const first = bytes.slice(keys[1], keys[1] + 32);
  if (first.length < 32) return { problem: 'cannot be read as a transaction (it ends inside its first account key)' };
  return { payer: base58Encode(first) };
}

const same = (a: string, b: string) => {
  const x = base58Decode(a.trim());
  const y = base58Decode(b.trim());
  return !!x && !!y && Buffer.from(x).equals(Buffer.from(y));
};

function instructionsError(list: SolanaInstructionSpec[], relayerAddress: string): string | null {
  if (list.length > MAX_INSTRUCTIONS) return `${list.length} instructions: at most ${MAX_INSTRUCTIONS} (v1.8: "Too many instructions")`;
  const unique = new Set<string>();
  for (const [i, ins] of list.entries()) {
    const pid = ins.program_id.trim();
    if (pid === '') return `instruction ${i}: program_id is empty (v1.8: "program_id cannot be empty")`;
    const bad = pubkeyProblem(pid);
    if (bad) return `instruction ${i}: program_id "${displayText(pid).slice(0, 48)}" is ${bad}`;
    if (pid === DEFAULT_PUBKEY) return `instruction ${i}: program_id is the default key 111…1 (v1.8: "program_id cannot be default pubkey")`;
    unique.add(pid);
    if (ins.accounts.length > MAX_ACCOUNTS_PER_INSTRUCTION) return `instruction ${i}: ${ins.accounts.length} accounts, at most ${MAX_ACCOUNTS_PER_INSTRUCTION}`;
    for (const [j, a] of ins.accounts.entries()) {
      const key = a.pubkey.trim();
      if (key === '') return `instruction ${i} account ${j}: pubkey is empty`;
      const wrong = pubkeyProblem(key);
      if (wrong) return `instruction ${i} account ${j}: pubkey "${displayText(key).slice(0, 48)}" is ${wrong}`;
      if (a.is_signer && !same(key, relayerAddress))
        return `instruction ${i} account ${j}: only the relayer (${displayText(relayerAddress)}) may be a signer: it signs only for itself (v1.8 answers 400)`;
      unique.add(key);
    }
    if (base64(ins.data) && ins.data !== '') return `instruction ${i}: data is not base64`;
    const size = Buffer.from(ins.data, 'base64').length;
    if (size > MAX_INSTRUCTION_DATA) return `instruction ${i}: data is ${size} bytes, at most ${MAX_INSTRUCTION_DATA}`;
  }
  if (unique.size > MAX_TOTAL_ACCOUNTS) return `${unique.size} different accounts (programs included): Solana's limit is ${MAX_TOTAL_ACCOUNTS}`;
  return null;
}

/** v1.8's checks of a Solana send body (normalized), on the fields they are about. */
export function solanaSendErrors(body: Record<string, unknown>, relayer: Relayer | undefined, now: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const address = String(relayer?.address ?? '');
  if (typeof body.transaction === 'string') {
    const read = solanaFeePayer(body.transaction);
    if ('problem' in read) errors.transaction = read.problem;
    else if ('payer' in read && !same(read.payer, address))
      errors.transaction = `its fee payer is ${read.payer}, not the relayer (${displayText(address)}): v1.8 answers 400 "Transaction fee payer … does not match relayer address"`;
  }
  if (Array.isArray(body.instructions)) {
    const bad = instructionsError(body.instructions as SolanaInstructionSpec[], address);
    if (bad) errors.instructions = bad;
  }
  // v1.8 refuses a valid_until at or before now (`<=`).
  if (typeof body.valid_until === 'string' && Date.parse(body.valid_until) <= now) errors.valid_until = 'in the past: v1.8 answers 400 "valid_until cannot be in the past"';
  return errors;
}

/** The review's lines for a Solana send: what it is built from, what is checked and what is not. */
export function solanaSendReview(body: Record<string, unknown>): ReviewLine[] {
  if (typeof body.transaction === 'string') {
    const read = solanaFeePayer(body.transaction);
    return [
      { label: 'transaction', value: `${Buffer.from(body.transaction, 'base64').length} bytes, pre-built` },
      'versioned' in read
        ? { label: '⚠ fee payer', value: 'a versioned (v0) message: its fee payer is not checked here', tone: 'warn' }
        : { label: 'fee payer', value: 'the relayer (checked: the message\'s first account key)' },
    ];
  }
  const list = (body.instructions ?? []) as SolanaInstructionSpec[];
  return [{ label: 'instructions', value: `${list.length}, to programs ${[...new Set(list.map((i) => i.program_id))].join(', ').slice(0, 200)}: the server builds, signs and pays for the transaction` }];
}
