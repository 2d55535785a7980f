/**
 * Solana and Stellar policies, edited as data: the operator edits the policies as a JSON document
 * and what is sent is the JSON merge patch (RFC 7396) from what the server has to what was typed —
 * only the keys that changed, `null` for one removed, an object merged key by key, a list replaced
 * whole. Checked first as OpenZeppelin Relayer v1.8 reads it (src/models/relayer/mod.rs:
 * RelayerSolanaPolicy and RelayerStellarPolicy are `deny_unknown_fields`, their integers u8…u64;
 * `validate_stellar_policy` refuses a Stellar relayer without `fee_payment_strategy`; both
 * strategies are `user` or `relayer`, lowercase). Deeper rules (swap configs, token lists) are the
 * server's: its own words come back if it refuses.
 */
import { JsonSyntaxError, LongInteger, parseJson, stringifyJson, type PolicyPatch } from '../../api/index.js';

type Kind = 'u8' | 'u16' | 'u32' | 'u64' | 'bool' | 'strings' | 'number' | 'strategy' | 'objects' | 'object';

export const SOLANA_POLICIES: Record<string, Kind> = {
  allowed_programs: 'strings',
  max_signatures: 'u8',
  max_tx_data_size: 'u16',
  min_balance: 'u64',
  allowed_tokens: 'objects',
  fee_payment_strategy: 'strategy',
  fee_margin_percentage: 'number',
  allowed_accounts: 'strings',
  disallowed_accounts: 'strings',
  max_allowed_fee_lamports: 'u64',
  swap_config: 'object',
};

export const STELLAR_POLICIES: Record<string, Kind> = {
  min_balance: 'u64',
  max_fee: 'u32',
  timeout_seconds: 'u64',
  concurrent_transactions: 'bool',
  allowed_tokens: 'objects',
  fee_payment_strategy: 'strategy',
  slippage_percentage: 'number',
  fee_margin_percentage: 'number',
  swap_config: 'object',
};

const MAX: Record<string, bigint> = { u8: 255n, u16: 65_535n, u32: 4_294_967_295n, u64: (1n << 64n) - 1n };
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof LongInteger);

/** An integer as the lossless parser gives it (number, bigint, or a long literal), exactly; else undefined. */
function exactInteger(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (v instanceof LongInteger && /^-?\d+$/.test(v.toString())) return BigInt(v.toString());
  return undefined;
}

/** What is wrong with one policy's value for its kind (null removes it: always fine), or null. */
function valueProblem(key: string, kind: Kind, v: unknown): string | null {
  if (v === null) return null;
  if (kind in MAX) {
    const n = exactInteger(v);
    return n === undefined || n < 0n || n > MAX[kind]! ? `${key}: a whole number from 0 to ${MAX[kind]} (${kind})` : null;
  }
  if (kind === 'bool') return typeof v === 'boolean' ? null : `${key}: true or false`;
  if (kind === 'number') return typeof v === 'number' || exactInteger(v) !== undefined ? null : `${key}: a number`;
  if (kind === 'strategy') return v === 'user' || v === 'relayer' ? null : `${key}: "user" or "relayer"`;
  if (kind === 'strings') return Array.isArray(v) && v.every((x) => typeof x === 'string') ? null : `${key}: a list of strings`;
  if (kind === 'objects') return Array.isArray(v) && v.every(isObject) ? null : `${key}: a list of objects`;
  return isObject(v) ? null : `${key}: an object`;
}

/** The keys a network type's policies may hold (undefined: EVM, edited field by field elsewhere). */
export function documentKeys(networkType: string | null | undefined): Record<string, Kind> | undefined {
  const t = String(networkType ?? '').toLowerCase();
  return t === 'solana' ? SOLANA_POLICIES : t === 'stellar' ? STELLAR_POLICIES : undefined;
}

/** The policies as the editor shows them: the server's JSON, indented, numbers exact. */
export function policyDocument(policies: unknown): string {
  return stringifyJson(isObject(policies) ? policies : {}, 2);
}

const same = (a: unknown, b: unknown): boolean => stringifyJson(a) === stringifyJson(b);

/** RFC 7396's patch from `before` to `after`: removed keys null, changed objects merged key by key, the rest as typed. */
export function mergePatchBetween(before: Record<string, unknown>, after: Record<string, unknown>): PolicyPatch {
  const patch: PolicyPatch = {};
  for (const k of Object.keys(before)) if (!(k in after) && before[k] !== null && before[k] !== undefined) patch[k] = null;
  for (const [k, v] of Object.entries(after)) {
    const was = before[k];
    if (v === null) {
      if (was !== undefined && was !== null) patch[k] = null;
    } else if (isObject(v) && isObject(was)) {
      const inner = mergePatchBetween(was, v);
      if (Object.keys(inner).length) patch[k] = inner;
    } else if (was === undefined || !same(was, v)) patch[k] = v;
  }
  return patch;
}

/** A merge patch applied (RFC 7396): what the server will hold after it. */
export function applyMergePatch(before: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...before };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (isObject(v)) out[k] = applyMergePatch(isObject(out[k]) ? (out[k] as Record<string, unknown>) : {}, v);
    else out[k] = v;
  }
  return out;
}

/** What is wrong with the policies a Solana or Stellar relayer would hold, or null. */
export function documentProblem(networkType: string | null | undefined, policies: Record<string, unknown>): string | null {
  const keys = documentKeys(networkType);
  if (!keys) return null;
  for (const [k, v] of Object.entries(policies)) {
    const kind = keys[k];
    if (!kind) return `${k}: not a ${String(networkType).toLowerCase()} policy (${Object.keys(keys).join(', ')})`;
    const problem = valueProblem(k, kind, v);
    if (problem) return problem;
  }
  // v1.8 validate_stellar_policy: "Fee payment strategy is required".
  if (String(networkType).toLowerCase() === 'stellar' && (policies.fee_payment_strategy === undefined || policies.fee_payment_strategy === null)) {
    return 'fee_payment_strategy: a Stellar relayer must keep it ("user" or "relayer"): the server refuses policies without it';
  }
  return null;
}

/** The typed document read: the policies it holds, or what is wrong with it (line and column for JSON). */
export function readDocument(networkType: string | null | undefined, text: string): { policies: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = parseJson(text.trim() === '' ? '{}' : text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { error: `not valid JSON at line ${e.line}, column ${e.column}: ${e.message.replace(/ at line \d+, column \d+$/, '')}` };
    return { error: 'not valid JSON' };
  }
  if (!isObject(value)) return { error: 'the policies are a JSON object: { "key": value, … }' };
  const problem = documentProblem(networkType, value);
  return problem ? { error: problem } : { policies: value };
}

/**
 * `--set key=JSON` and `--unset key` for a Solana or Stellar relayer, against what it holds now: the
 * merge patch, or what is wrong (checked on the policies as they would be after it).
 */
export function documentSets(networkType: string, before: Record<string, unknown>, sets: readonly string[], unsets: readonly string[]): { patch: PolicyPatch } | { error: string } {
  const keys = documentKeys(networkType)!;
  const patch: PolicyPatch = {};
  for (const s of sets) {
    const eq = s.indexOf('=');
    const key = eq < 1 ? '' : s.slice(0, eq).trim();
    if (!key) return { error: `--set ${s}: write key=value, the value as JSON (e.g. max_fee=200, fee_payment_strategy="relayer")` };
    if (!keys[key]) return { error: `--set ${key}: not a ${networkType} policy (${Object.keys(keys).join(', ')})` };
    if (key in patch) return { error: `--set ${key}: given twice` };
    const raw = s.slice(eq + 1).trim();
    try {
      patch[key] = parseJson(raw);
    } catch {
      // A bare word is taken as the string it reads as (fee_payment_strategy=relayer).
      if (/^[A-Za-z_][\w-]*$/.test(raw)) patch[key] = raw;
      else return { error: `--set ${key}=${raw}: the value is JSON (a number, true, "text", [..], {..})` };
    }
  }
  for (const key of unsets) {
    if (!keys[key]) return { error: `--unset ${key}: not a ${networkType} policy (${Object.keys(keys).join(', ')})` };
    if (key in patch) return { error: `${key}: both set and unset` };
    patch[key] = null;
  }
  const problem = documentProblem(networkType, applyMergePatch(before, patch));
  return problem ? { error: problem } : { patch };
}
