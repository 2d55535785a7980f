/**
 * A relayer's policies: shown in units, and changed by one JSON merge patch holding only what
 * changed — exactly `{"policies":{"gas_price_cap":…}}` for one key (RFC 7396: `null` removes a key; a
 * list is replaced whole). OpenZeppelin Relayer v1.8 (NOTES.md): `PATCH /relayers/{id}`; its EVM
 * policy is `deny_unknown_fields` (src/models/relayer/mod.rs:292-319); u128 amounts are answered as
 * JSON numbers (read exactly); a system-disabled relayer refuses any PATCH (400 "Relayer is
 * disabled"): refused here first. Solana and Stellar policies are not edited here yet.
 */
import { preparePatchPolicies, type PolicyPatch, type Relayer } from '../../api/index.js';
import { formatGwei, formatUnits, formatWei, nativeUnit, parseWei, toBigInt } from '../amounts.js';
import { networkKind, relayerState } from '../relayer.js';
import { displayText } from '../text/values.js';
import type { Refusal } from './cancel.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, Effect, FieldSpec, FormDefinition } from './types.js';

type Kind = 'gas' | 'amount' | 'bool' | 'addresses';

/** The EVM policies a patch may name, and how each is written. */
export const EVM_POLICIES: Record<string, Kind> = {
  gas_price_cap: 'gas',
  min_balance: 'amount',
  eip1559_pricing: 'bool',
  private_transactions: 'bool',
  gas_limit_estimation: 'bool',
  include_revert_data: 'bool',
  whitelist_receivers: 'addresses',
};

/** A policy's value in words and units (a cap in gwei, a balance in the chain's coin). */
export function policyValue(key: string, v: unknown, network: string | null | undefined): string {
  if (v === undefined) return '(not set)';
  const kind = EVM_POLICIES[key];
  if (kind === 'gas' && toBigInt(v) !== undefined) return formatGwei(v);
  if (kind === 'amount' && toBigInt(v) !== undefined) return formatWei(v, network);
  if (Array.isArray(v)) return v.length ? v.map((x) => displayText(x)).join(', ') : '(empty: only the zero address and the relayer itself)';
  return displayText(v);
}

/** `--set key=value` and `--unset key` into one merge patch, or what is wrong with them (nothing sent). */
export function policyPatch(relayer: Relayer, sets: readonly string[], unsets: readonly string[]): { patch: PolicyPatch } | { error: string } {
  const patch: PolicyPatch = {};
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq < 1) return { error: `--set ${s}: write key=value (e.g. gas_price_cap=100gwei)` };
    const key = s.slice(0, eq).trim();
    const raw = s.slice(eq + 1).trim();
    const kind = EVM_POLICIES[key];
    if (!kind) return { error: `--set ${key}: not an EVM policy (${Object.keys(EVM_POLICIES).join(', ')})` };
    if (key in patch) return { error: `--set ${key}: given twice` };
    if (kind === 'bool') {
      if (raw !== 'true' && raw !== 'false') return { error: `--set ${key}=${raw}: true or false` };
      patch[key] = raw === 'true';
    } else if (kind === 'addresses') {
      const list = raw === '' ? [] : raw.split(',').map((a) => a.trim());
      const bad = list.find((a) => !/^0x[0-9a-fA-F]{40}$/.test(a));
      if (bad !== undefined) return { error: `--set ${key}: "${bad}" is not an address (0x and 40 hex digits); the list is replaced whole` };
      patch[key] = list;
    } else {
      const w = parseWei(raw.replace(/(\d)([a-zA-Z])/, '$1 $2'), relayer.network);
      if (!w || 'error' in w) return { error: `--set ${key}=${raw}: ${w && 'error' in w ? w.error : 'write wei, or a unit: 100gwei, 0.1eth'}` };
      patch[key] = BigInt(w.wei);
    }
  }
  for (const key of unsets) {
    if (!EVM_POLICIES[key]) return { error: `--unset ${key}: not an EVM policy (${Object.keys(EVM_POLICIES).join(', ')})` };
    if (key in patch) return { error: `${key}: both set and unset` };
    patch[key] = null;
  }
  return { patch };
}

const same = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => String(x).toLowerCase() === String(b[i]).toLowerCase());
  const x = toBigInt(a);
  const y = toBigInt(b);
  if (x !== undefined && y !== undefined) return x === y;
  return a === b;
};

/** What came back against the patch: each key as asked (numbers compared exactly, never as floats). */
export function policiesEffect(patch: PolicyPatch): (answer: unknown) => Effect {
  return (answer) => {
    const p = (answer as { policies?: Record<string, unknown> } | null)?.policies;
    if (typeof p !== 'object' || p === null) return { kind: 'unchecked', words: 'the answer carries no policies to compare' };
    const off: string[] = [];
    for (const [k, v] of Object.entries(patch)) {
      if (v === null ? p[k] !== undefined && p[k] !== null : !same(p[k], v)) off.push(`${k}: asked ${v === null ? 'removed' : Array.isArray(v) ? v.join(', ') : String(v)}, the server has ${displayText(p[k] ?? '(not set)')}`);
    }
    return off.length ? { kind: 'not as asked', words: off.join('; ') } : { kind: 'as asked', words: `policies set as asked (${Object.keys(patch).join(', ')})` };
  };
}

/** The policy edit, reviewed as before → after; refused where the server would refuse it. */
export function policiesRequest(relayerId: string, relayer: Relayer | undefined, patch: PolicyPatch, offered: boolean | undefined): BuiltRequest | Refusal {
  if (offered === false) return { refuse: 'this server (not the OpenZeppelin Relayer) has no PATCH /relayers/{id}: its policies cannot be changed here' };
  if (relayer && relayerState(relayer) === 'disabled') return { refuse: `relayer ${relayerId} is disabled by the system: the OpenZeppelin Relayer refuses any change to it (400 "Relayer is disabled")` };
  if (relayer && networkKind(relayer.network_type) !== 'evm') return { refuse: `relayer ${relayerId} is a ${displayText(relayer.network_type)} relayer: only EVM policies are edited here` };
  const before = (relayer?.policies ?? {}) as Record<string, unknown>;
  const review: ReviewLine[] = [];
  if (!relayer) review.push({ label: '⚠ before', value: `relayer ${relayerId} could not be read first: its policies now are not known`, tone: 'warn' });
  for (const [k, v] of Object.entries(patch)) review.push({ label: k, value: `${policyValue(k, before[k], relayer?.network)} → ${v === null ? '(removed)' : policyValue(k, typeof v === 'bigint' ? v.toString() : v, relayer?.network)}` });
  const unchanged = relayer !== undefined && Object.entries(patch).every(([k, v]) => (v === null ? before[k] === undefined || before[k] === null : same(before[k], typeof v === 'bigint' ? v.toString() : v)));
  if (unchanged) review.push({ label: '⚠ already', value: `relayer ${relayerId}'s policies are already as asked: nothing will change`, tone: 'warn' });
  const cap = patch.gas_price_cap;
  if (typeof cap === 'bigint') review.push({ label: 'what happens', value: 'the server re-prices what it has sent at each one\'s next re-price (its speed\'s time, doubled for each earlier hash), up to the new cap' });
  review.push({ label: 'sent', value: `exactly {"policies": {${Object.keys(patch).join(', ')}}}: every other policy and field of the relayer is left as it is` });
  return {
    ...(unchanged ? { already: `the policies of relayer ${relayerId} are already as asked (${Object.keys(patch).join(', ')})` } : {}),
    op: 'policy-edit',
    target: { relayerId },
    what: `Change the policies of relayer ${relayerId}`,
    prepared: preparePatchPolicies(relayerId, patch),
    review,
    send: (client, options) => client.patchPolicies(relayerId, patch, options),
    effect: policiesEffect(patch),
  };
}

/** A form value as typed for a policy: an amount in units, true/false, an address list, empty = not set. */
function formValue(key: string, v: unknown, network?: string | null): string {
  if (v === undefined || v === null) return '';
  const kind = EVM_POLICIES[key];
  if (kind === 'gas' && toBigInt(v) !== undefined) return formatGwei(v).replace(' gwei', 'gwei');
  // A balance in the chain's own coin, exact (0.005avax reads back to the same wei).
  if (kind === 'amount' && toBigInt(v) !== undefined) return `${formatUnits(toBigInt(v)!, 18)}${nativeUnit(network).toLowerCase()}`;
  if (Array.isArray(v)) return v.map((x) => String(x)).join(',');
  return String(v);
}

/** The editor's values: each EVM policy as it is now (or as `preset` proposes: the jam's fix). */
export function policyFormValues(relayer: Relayer, preset: Record<string, string> = {}): Record<string, string> {
  const p = (relayer.policies ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const k of Object.keys(EVM_POLICIES)) out[k] = preset[k] ?? formValue(k, p[k], relayer.network);
  return out;
}

/**
 * The policies a relayer carries, one `key  value` line each, in the editor's units (gwei, the coin;
 * a key the editor does not know as the server sent it): what a policy edit's answer shows.
 */
export function policyLines(relayer: Relayer): string[] {
  const p = (relayer.policies ?? {}) as Record<string, unknown>;
  const keys = Object.keys(p).filter((k) => p[k] !== undefined && p[k] !== null);
  if (!keys.length) return ['(none)'];
  return keys.map((k) => `${k.padEnd(26)}${k in EVM_POLICIES ? formValue(k, p[k], relayer.network) : displayText(typeof p[k] === 'object' ? JSON.stringify(p[k]) : p[k])}`);
}

/**
 * The policy editor (`p` on a relayer): every EVM policy, prefilled as it is now; only what differs
 * from now goes into the patch (an emptied field removes its key), reviewed as before → after.
 */
export function policiesForm(relayerId: string, relayer: Relayer | undefined, offered: boolean | undefined): FormDefinition {
  const now = relayer ? policyFormValues(relayer) : {};
  // The chain's own coin (AVAX on Avalanche: a walk found '0.1eth' offered there).
  const coin = nativeUnit(relayer?.network).toLowerCase();
  const amount = (v: string) => (v.trim() === '' ? null : (() => {
    const w = parseWei(v.trim().replace(/(\d)([a-zA-Z])/, '$1 $2'), relayer?.network);
    return !w ? `wei, or with a unit: 100gwei, 0.1${coin}` : 'error' in w ? w.error : null;
  })());
  const bool = (v: string) => (v === '' || v === 'true' || v === 'false' ? null : 'true, false, or empty (not set)');
  const addresses = (v: string) => (v.trim() === '' || v.split(',').every((a) => /^0x[0-9a-fA-F]{40}$/.test(a.trim())) ? null : 'addresses (0x and 40 hex digits) separated by commas');
  const fields: FieldSpec[] = Object.entries(EVM_POLICIES).map(([name, kind]) => ({
    name,
    label: name,
    kind: 'text',
    hint: kind === 'gas' ? 'gwei (66gwei), ETH or wei; empty: no cap' : kind === 'amount' ? `wei, or 0.1${coin}; empty: the server's 1 wei` : kind === 'bool' ? 'true or false; empty: not set' : 'addresses, comma-separated; the list is replaced whole',
    validate: kind === 'bool' ? bool : kind === 'addresses' ? addresses : amount,
  }));
  return {
    fields,
    focus: 'gas_price_cap',
    build: (v) => {
      const sets: string[] = [];
      const unsets: string[] = [];
      for (const k of Object.keys(EVM_POLICIES)) {
        const typed = (v[k] ?? '').trim();
        if (typed === (now[k] ?? '')) continue;
        if (typed === '') unsets.push(k);
        else sets.push(`${k}=${typed}`);
      }
      if (!relayer) return { errors: { _form: `relayer ${relayerId} could not be read: its policies now are not known` } };
      if (sets.length === 0 && unsets.length === 0) return { errors: { _form: 'nothing changed: every policy is as it is now' } };
      const patch = policyPatch(relayer, sets, unsets.filter((k) => now[k] !== ''));
      if ('error' in patch) return { errors: { _form: patch.error } };
      if (Object.keys(patch.patch).length === 0) return { errors: { _form: 'nothing changed' } };
      const built = policiesRequest(relayerId, relayer, patch.patch, offered);
      return 'refuse' in built ? { errors: { _form: built.refuse } } : { request: built };
    },
  };
}
