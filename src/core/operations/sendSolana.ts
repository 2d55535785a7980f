/**
 * A new Solana transaction from a relayer (issue 42.2): `{transaction | instructions, valid_until?}`,
 * checked before sending by v1.8's own rules (models/transaction/request/solana.rs validate, in its
 * order; limits from constants/solana_transaction.rs:17-26; then instructions only where the relayer
 * pays the fees, domain/relayer/solana/solana_relayer.rs:584), each said on its field with v1.8's words.
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
/** A key as typed, quoted whole up to 64 characters, a longer one cut with `…`. */
const quoted = (k: string) => {
  const t = displayText(k);
  return t.length > 64 ? `${t.slice(0, 63)}…` : t;
};

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
      validate: (v) => jsonCheck(v, 'a JSON array of instructions') ?? (Array.isArray(parseJson(v)) ? null : 'not a JSON array'),
      hidden: (all) => all.mode !== 'instructions',
    },
    { name: 'valid_until', label: 'valid_until', kind: 'text', hint: 'RFC 3339, later than now; optional', validate: rfc3339 },
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

/** A legacy message as v1.8 reads it: its account keys (the first pays) and the programs its instructions call. */
export interface LegacyMessage {
  keys: string[];
  programs: string[];
}

/**
 * A serialized transaction's message (Transaction::try_from, request/solana.rs validate_transaction):
 * `message`, or why it cannot be read; `versioned` where the message is a v0 one (its reading by
 * v1.8 is not modelled: not checked here).
 */
export function readSolanaTransaction(b64: string): { message: LegacyMessage } | { problem: string } | { versioned: true } {
  const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
  const sigs = shortVec(bytes, 0);
  if (!sigs) return { problem: 'cannot be read as a transaction (no signature count)' };
  let at = sigs[1] + sigs[0] * 64;
  if ((bytes[at] ?? 0) & 0x80) return { versioned: true };
  at += 3;
  const count = shortVec(bytes, at);
  if (!count || at > bytes.length) return { problem: 'cannot be read as a transaction (it ends before its account keys)' };
  if (count[0] === 0) return { problem: 'has no fee payer account (v1.8: "Transaction has no fee payer account")' };
  at = count[1];
  const keys: string[] = [];
  for (let i = 0; i < count[0]; i++, at += 32) {
    const key = bytes.slice(at, at + 32);
    if (key.length < 32) return { problem: 'cannot be read as a transaction (it ends inside its account keys)' };
    keys.push(base58Encode(key));
  }
  at += 32; // the recent blockhash
  const programs: string[] = [];
  const n = shortVec(bytes, at);
  // The instructions: what a policy of allowed programs is checked against (each names its program by index).
  for (let i = 0, p = n?.[1] ?? 0; n && i < n[0] && i < 256; i++) {
    const program = keys[bytes[p] ?? 255];
    if (program !== undefined) programs.push(program);
    const accounts = shortVec(bytes, p + 1);
    if (!accounts) break;
    const data = shortVec(bytes, accounts[1] + accounts[0]);
    if (!data) break;
    p = data[1] + data[0];
  }
  return { message: { keys, programs } };
}

/** The fee payer of a serialized transaction (its message's first account key), or why it cannot be read. */
export function solanaFeePayer(b64: string): { payer: string } | { problem: string } | { versioned: true } {
  const read = readSolanaTransaction(b64);
  return 'message' in read ? { payer: read.message.keys[0]! } : read;
}

/**
 * The relayer's policy checks v1.8 runs when it prepares the transaction (solana_transaction.rs:655,
 * validation.rs:216-300): a send it takes and then fails — allowed_accounts (every key of the message,
 * the relayer's and the programs' too), disallowed_accounts, allowed_programs.
 */
function policyError(m: LegacyMessage, policy: Record<string, unknown>): string | null {
  const list = (k: string) => (Array.isArray(policy[k]) ? (policy[k] as unknown[]).map(String) : undefined);
  const [allowed, disallowed, programs] = [list('allowed_accounts'), list('disallowed_accounts'), list('allowed_programs')];
  const later = (what: string) => `${what}: v1.8 takes it, then fails it ("${what}")`;
  for (const k of m.keys) if (allowed && !allowed.includes(k)) return later(`Account ${k} not allowed`);
  for (const k of m.keys) if (disallowed?.includes(k)) return later(`Account ${k} is explicitly disallowed`);
  // The list is said beside v1.8's words: which programs are allowed.
  for (const p of m.programs) if (programs && !programs.includes(p)) return `${later(`Program ${p} not allowed`)}; its allowed_programs: ${programs.length ? programs.slice(0, 5).join(', ') + (programs.length > 5 ? ` and ${programs.length - 5} more` : '') : 'none'}`;
  return null;
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
    if (bad) return `instruction ${i}: program_id "${quoted(pid)}" is ${bad}`;
    if (pid === DEFAULT_PUBKEY) return `instruction ${i}: program_id is the default key 111…1 (v1.8: "program_id cannot be default pubkey")`;
    unique.add(pid);
    if (ins.accounts.length > MAX_ACCOUNTS_PER_INSTRUCTION) return `instruction ${i}: ${ins.accounts.length} accounts, at most ${MAX_ACCOUNTS_PER_INSTRUCTION}`;
    for (const [j, a] of ins.accounts.entries()) {
      const key = a.pubkey.trim();
      if (key === '') return `instruction ${i} account ${j}: pubkey is empty`;
      const wrong = pubkeyProblem(key);
      if (wrong) return `instruction ${i} account ${j}: pubkey "${quoted(key)}" is ${wrong}`;
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
  const policy = (relayer?.policies ?? {}) as Record<string, unknown>;
  if (typeof body.transaction === 'string') {
    const read = readSolanaTransaction(body.transaction);
    if ('problem' in read) errors.transaction = read.problem;
    else if ('message' in read && !same(read.message.keys[0]!, address))
      errors.transaction = `its fee payer is ${read.message.keys[0]}, not the relayer (${displayText(address)}): v1.8 answers 400 "Transaction fee payer … does not match relayer address"`;
    else if ('message' in read) {
      const bad = policyError(read.message, policy);
      if (bad) errors.transaction = bad;
    }
  }
  if (Array.isArray(body.instructions)) {
    const bad = instructionsError(body.instructions as SolanaInstructionSpec[], address);
    // Then, as v1.8 processes it (solana_relayer.rs:584-610): a relayer whose users pay their fees
    // (`user`, its default where none is set: models/relayer/mod.rs:391) takes only a pre-built one.
    const strategy = policy.fee_payment_strategy;
    const list = body.instructions as SolanaInstructionSpec[];
    // The message v1.8 builds: the relayer pays (first), then every account and program named.
    const built = (): LegacyMessage => ({ keys: [...new Set([address, ...list.flatMap((i) => [...i.accounts.map((a) => a.pubkey.trim()), i.program_id.trim()])])], programs: list.map((i) => i.program_id.trim()) });
    if (bad) errors.instructions = bad;
    else if (strategy !== 'relayer')
      errors.instructions = `relayer ${displayText(relayer?.id)}'s fee_payment_strategy is ${strategy === undefined ? 'not set (v1.8\'s default: user)' : displayText(strategy)}: its users pay, so v1.8 takes only a pre-built transaction ("User-paid fees require a pre-built transaction")`;
    else {
      const later = policyError(built(), policy);
      if (later) errors.instructions = later;
    }
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
