/**
 * A relayer's policies, shown in units, and the editor of everything PATCH /relayers/{id} changes: the
 * EVM policies field by field (amounts in units, booleans, the receiver whitelist one address a line,
 * EIP-55 checked), Solana and Stellar policies as a JSON document (policyDocument.ts), the name, the
 * notification (chosen from the server's list) and the relayer's own RPC URLs (relayerFields.ts).
 * Only what differs from now goes into the one merge patch (policyEdit.ts reviews and sends it).
 * OpenZeppelin Relayer v1.8: the EVM policy is `deny_unknown_fields` (src/models/relayer/mod.rs:292-319).
 */
import { stringifyJson, type PolicyPatch, type Relayer, type RelayerPatch } from '../../api/index.js';
import { addressProblem } from '../address.js';
import { formatGwei, formatUnits, nativeUnit, parseWei, toBigInt } from '../amounts.js';
import { networkKind } from '../relayer.js';
import { displayText } from '../text/values.js';
import type { Refusal } from './cancel.js';
import { documentKeys, documentSets, mergePatchBetween, policyDocument, readDocument } from './policyDocument.js';
import { policiesRequest } from './policyEdit.js';
import type { PolicyFigures } from './policyRisks.js';
import { EVM_POLICIES, U64_MAX, policyValue } from './evmPolicies.js';

import { NONE, readRpcUrls, rpcUrlsNow } from './relayerFields.js';
import type { BuiltRequest, FieldSpec, FormDefinition } from './types.js';

export { EVM_POLICIES, policyValue };

/** v1.8 reads a cap and a minimum balance as u128: a larger one is refused, here on its field (as the send form's amounts are). */
const U128_MAX = (1n << 128n) - 1n;
const U128_WORDS = 'out of range: above the u128 maximum (the server answers 400, "number too large to fit in target type")';

/** A policy amount as typed (100gwei, 0.1avax, 1e18, 1E18, or wei): its wei, or why not (null: not an amount). */
function typedWei(raw: string, network: string | null | undefined): ReturnType<typeof parseWei> {
  return parseWei(raw.trim(), network);
}

/** A policy amount as typed, checked as the server reads it (u128): its wei, or the words of what is wrong, in the chain's own coin. The one check of the form and of --set. */
function typedAmount(raw: string, network: string | null | undefined): { wei: bigint } | { error: string } {
  const w = typedWei(raw, network);
  const negative = /^-/.test(raw.trim()) && typedWei(raw.trim().slice(1), network) !== null;
  if (!w) return { error: negative ? 'out of range: must not be negative' : `wei, or with a unit: 100gwei, 0.1${nativeUnit(network).toLowerCase()}` };
  if ('error' in w) return w;
  const wei = BigInt(w.wei);
  return wei > U128_MAX ? { error: U128_WORDS } : { wei };
}

/** `--set key=value` and `--unset key` into one merge patch, or what is wrong with them (nothing sent). */
function evmPolicyPatch(relayer: Relayer, sets: readonly string[], unsets: readonly string[]): { patch: PolicyPatch } | { error: string } {
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
      // Empty: the whitelist removed (any receiver), as an emptied field in the editor; `[]`: an empty list, asked by name.
      const list = whitelistTyped(raw, heldWhitelist(relayer));
      if ('error' in list) return { error: `--set ${key}: ${list.error}; the list is replaced whole` };
      patch[key] = list.addresses;
    } else {
      const w = typedAmount(raw, relayer.network);
      if ('error' in w) return { error: `--set ${key}=${raw}: ${w.error}` };
      // Above u64 as a decimal string: v1.8 reads the patch into a serde_json Value first, where a
      // bigger integer becomes a float its u128 reader refuses; it takes the string (NOTES.md).
      const wei = w.wei;
      patch[key] = wei > U64_MAX ? wei.toString() : wei;
    }
  }
  for (const key of unsets) {
    if (!EVM_POLICIES[key]) return { error: `--unset ${key}: not an EVM policy (${Object.keys(EVM_POLICIES).join(', ')})` };
    if (key in patch) return { error: `${key}: both set and unset` };
    patch[key] = null;
  }
  return { patch };
}

/** The whitelist the server holds for this relayer (its addresses as stored), or null. */
function heldWhitelist(relayer: Relayer): readonly string[] | null {
  const w = (relayer.policies as Record<string, unknown> | null | undefined)?.whitelist_receivers;
  return Array.isArray(w) ? w.filter((a): a is string => typeof a === 'string') : null;
}

/** How an empty whitelist is asked for, in both faces (an empty field or `--set whitelist_receivers=` removes it). */
export const EMPTY_LIST = '[]';

/**
 * A whitelist as typed: empty removes it (null: any receiver), `[]` is an empty list (v1.8: only the
 * zero address and the relayer's own), else the addresses (addressList).
 */
export function whitelistTyped(raw: string, held?: readonly string[] | null): { addresses: string[] | null } | { error: string } {
  const t = raw.trim();
  if (t === '') return { addresses: null };
  if (t.replace(/\s+/g, '') === EMPTY_LIST) return { addresses: [] };
  const list = addressList(t, held);
  if ('error' in list) return list;
  return list.addresses.length ? list : { error: `no address in it: leave it empty to remove the whitelist, or write ${EMPTY_LIST} for an empty one` };
}

/**
 * Addresses, one a line or comma-separated, each checked (EIP-55 where mixed case); empty: none. A wrong
 * one is named by its line. `held`: the list the server holds now (v1.8 stores what it was sent,
 * unchecked): an address of it kept as it reads there is taken, so a form round-trips its own prefill
 * (only an address typed new is held to the rule).
 */
export function addressList(raw: string, held?: readonly string[] | null): { addresses: string[] } | { error: string } {
  const lines = raw.split('\n');
  const addresses: string[] = [];
  for (const [i, line] of lines.entries()) {
    for (const a of line.split(',').map((x) => x.trim()).filter((x) => x !== '')) {
      const problem = held?.includes(a) ? null : addressProblem(a);
      if (problem) return { error: `${lines.length > 1 ? `line ${i + 1}, ` : ''}"${a}": ${problem}` };
      addresses.push(a);
    }
  }
  return { addresses };
}

/** What a change asks beside the policies, as flags give it: a name, a notification (or none), RPC URLs (or none). */
export interface RelayerChanges {
  sets: readonly string[];
  unsets: readonly string[];
  name?: string;
  notification?: string;
  rpcUrls?: readonly string[];
}

/**
 * `--set`, `--unset`, `--name`, `--notification ID|none`, `--rpc-url 'URL [weight]'…|none` into one merge
 * patch, or what is wrong with them (nothing sent). EVM policies take units; Solana and Stellar ones JSON.
 */
export function relayerPatch(relayer: Relayer, c: RelayerChanges): { patch: RelayerPatch } | { error: string } {
  const patch: RelayerPatch = {};
  if (c.sets.length || c.unsets.length) {
    const kind = networkKind(relayer.network_type);
    const p = kind === 'evm' ? evmPolicyPatch(relayer, c.sets, c.unsets) : documentKeys(relayer.network_type) ? documentSets(kind, (relayer.policies ?? {}) as Record<string, unknown>, c.sets, c.unsets) : { error: `relayer ${relayer.id} is of network type ${String(relayer.network_type)}: its policies are not known here` };
    if ('error' in p) return p;
    patch.policies = p.patch;
  }
  if (c.name !== undefined) {
    if (c.name.trim() === '') return { error: '--name: empty (the server refuses an empty name)' };
    patch.name = c.name;
  }
  if (c.notification !== undefined) patch.notification_id = c.notification === NONE ? null : c.notification;
  if (c.rpcUrls !== undefined) {
    if (c.rpcUrls.length === 1 && c.rpcUrls[0] === NONE) patch.custom_rpc_urls = null;
    else {
      const urls = readRpcUrls(c.rpcUrls);
      if ('error' in urls) return { error: `--rpc-url: ${urls.error}` };
      patch.custom_rpc_urls = urls.urls;
    }
  }
  return { patch };
}

/** A form value as typed for a policy: an amount in units, true/false, an address list, empty = not set. */
function formValue(key: string, v: unknown, network?: string | null): string {
  if (v === undefined || v === null) return '';
  const kind = EVM_POLICIES[key];
  // Plain digits, never grouped: what the form shows is what it reads back (2500gwei; parseWei takes no comma).
  if (kind === 'gas' && toBigInt(v) !== undefined) return `${formatUnits(toBigInt(v)!, 9, false)}gwei`;
  // A balance in the chain's own coin, exact (0.005avax reads back to the same wei).
  if (kind === 'amount' && toBigInt(v) !== undefined) return `${formatUnits(toBigInt(v)!, 18, false)}${nativeUnit(network).toLowerCase()}`;
  if (Array.isArray(v)) return v.length ? v.map((x) => String(x)).join(',') : EMPTY_LIST;
  return String(v);
}

/** The editor's values: what the relayer holds now (or as `preset` proposes: the jam's fix); RPC URLs never (they come back masked). */
export function policyFormValues(relayer: Relayer, preset: Record<string, string> = {}): Record<string, string> {
  const p = (relayer.policies ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = { name: relayer.name ?? '', notification_id: relayer.notification_id ?? NONE, custom_rpc_urls: '' };
  if (documentKeys(relayer.network_type)) out.policies = policyDocument(relayer.policies);
  else for (const k of Object.keys(EVM_POLICIES)) out[k] = preset[k] ?? (k === 'whitelist_receivers' && Array.isArray(p[k]) && p[k].length ? (p[k] as unknown[]).map(String).join('\n') : formValue(k, p[k], relayer.network));
  return out;
}

/**
 * A proposal (`p` on a jam at its cap: the cap raised) against the relayer as read now: a proposed cap
 * that is not above the cap the server holds now is dropped and said (someone raised it meanwhile: the
 * proposal would lower it). Only the cap is proposed; every other field starts as the server holds it.
 */
export function presetAgainst(relayer: Relayer, preset: Record<string, string> = {}): { preset: Record<string, string>; dropped?: string } {
  const proposed = preset.gas_price_cap;
  if (proposed === undefined) return { preset };
  const w = typedWei(proposed, relayer.network);
  const held = toBigInt(((relayer.policies ?? {}) as Record<string, unknown>).gas_price_cap);
  if (!w || 'error' in w || held === undefined || BigInt(w.wei) > held) return { preset };
  const { gas_price_cap: _, ...rest } = preset;
  return { preset: rest, dropped: `gas_price_cap is ${formatGwei(held)} on the server now: the proposal (${formatGwei(w.wei)}) is not above it, so it is not proposed` };
}

/**
 * The policies a relayer carries, one `key  value` line each, in the editor's units (gwei, the coin;
 * a key the editor does not know as the server sent it): what a change's answer shows.
 */
export function policyLines(relayer: Relayer): string[] {
  const p = (relayer.policies ?? {}) as Record<string, unknown>;
  const keys = Object.keys(p).filter((k) => p[k] !== undefined && p[k] !== null);
  const lines = keys.length ? keys.map((k) => `${k.padEnd(26)}${k in EVM_POLICIES && networkKind(relayer.network_type) === 'evm' ? (Array.isArray(p[k]) && p[k].length === 0 ? policyValue(k, p[k], relayer.network) : formValue(k, p[k], relayer.network)) : displayText(typeof p[k] === 'object' ? stringifyJson(p[k]) : p[k])}`) : ['(no policies)'];
  return [...lines, `${'name'.padEnd(26)}${displayText(relayer.name ?? '')}`, `${'notification_id'.padEnd(26)}${displayText(relayer.notification_id ?? '(none)')}`, `${'custom_rpc_urls'.padEnd(26)}${rpcUrlsNow(relayer.custom_rpc_urls)}`];
}

/** The notifications to choose from: none, the relayer's own (even when the list could not be read), then the server's. */
export function notificationChoices(current: string | null | undefined, listed: readonly string[] | undefined): string[] {
  return [...new Set([NONE, ...(current ? [current] : []), ...(listed ?? [])])];
}

/**
 * A typed EVM policy the same as the one it was prefilled with, by value: `2,600 gwei`, `2600gwei` and
 * `2600000000000` are one cap; addresses in any case and either separator are one list.
 */
function sameTyped(key: string, typed: string, was: string, network: string | null | undefined, held?: readonly string[] | null): boolean {
  if (typed === was) return true;
  const kind = EVM_POLICIES[key];
  if (kind === 'gas' || kind === 'amount') {
    const wei = (v: string) => {
      const w = v.trim() === '' ? null : typedWei(v, network);
      return w && !('error' in w) ? w.wei : undefined;
    };
    const a = wei(typed);
    return a !== undefined && a === wei(was);
  }
  if (kind === 'addresses') {
    const a = whitelistTyped(typed, held);
    const b = whitelistTyped(was, held);
    return !('error' in a) && !('error' in b) && (a.addresses === null ? b.addresses === null : b.addresses !== null && a.addresses.length === b.addresses.length && a.addresses.every((x, i) => x.toLowerCase() === b.addresses![i]!.toLowerCase()));
  }
  return false;
}

/** Beyond the relayer as the editor opened on it: the server's record read since (the review's before) and the figures the change is weighed against. */
export interface PolicyContext {
  /** The relayer as read again (before the send): the review's before, and what moved since the editor opened is said. */
  server?: Relayer;
  figures?: PolicyFigures;
}

/**
 * The editor (`p` on a relayer): the name, the notification, every EVM policy (or a Solana or Stellar
 * relayer's policies as JSON) and the relayer's own RPC URLs, prefilled as they were when it opened
 * (`relayer`); only what the operator changed from those goes into the patch (an emptied policy
 * removes its key; a value retyped alike is no change), reviewed as before → after against the server
 * as last read (`context.server`): a field changed there meanwhile is never sent back unasked.
 * `notifications`: the server's notification ids (undefined while unread or unreadable).
 */
export function policiesForm(relayerId: string, relayer: Relayer | undefined, offered: boolean | undefined, notifications?: readonly string[], context: PolicyContext = {}): FormDefinition {
  const now = relayer ? policyFormValues(relayer) : {};
  const doc = documentKeys(relayer?.network_type) !== undefined;
  // The chain's own coin (AVAX on Avalanche, not eth).
  const coin = nativeUnit(relayer?.network).toLowerCase();
  const amount = (v: string) => {
    const w = v.trim() === '' ? null : typedAmount(v, relayer?.network);
    return w && 'error' in w ? w.error : null;
  };
  const bool = (v: string) => (v === '' || v === 'true' || v === 'false' ? null : 'true, false, or empty (not set)');
  const held = relayer ? heldWhitelist(relayer) : null;
  const addresses = (v: string) => {
    const list = whitelistTyped(v, held);
    return 'error' in list ? list.error : null;
  };
  const urlsNow = rpcUrlsNow(relayer?.custom_rpc_urls);
  const fields: FieldSpec[] = [
    { name: 'name', label: 'name', kind: 'text', hint: "the relayer's name", validate: (v) => (v.trim() === '' ? 'required: the server refuses an empty name' : null) },
    {
      name: 'notification_id',
      label: 'notification_id',
      kind: 'choice',
      options: notificationChoices(relayer?.notification_id, notifications),
      takesAny: true,
      hint: notifications ? `the server's notifications (${notifications.length}); none: no webhook` : 'the notifications list is being read (or could not be): none, or the one set now',
    },
    ...(doc
      ? [{ name: 'policies', label: 'policies', kind: 'json' as const, rows: 8, hint: `JSON: the ${String(relayer?.network_type).toLowerCase()} policies; only what changes is sent (a removed key: null)`, validate: (v: string) => { const r = readDocument(relayer?.network_type, v); return 'error' in r ? r.error : null; } }]
      : Object.entries(EVM_POLICIES).map(([name, kind]): FieldSpec => ({
          name,
          label: name,
          kind: kind === 'addresses' ? 'json' : 'text',
          ...(kind === 'addresses' ? { rows: 3 } : {}),
          hint: kind === 'gas' ? `gwei (e.g. 66gwei), ${coin} or wei; empty: no cap` : kind === 'amount' ? `wei, or 0.1${coin}; empty: the server's 1 wei` : kind === 'bool' ? 'true or false; empty: not set' : `one address a line (EIP-55 checked); the list is sent whole; emptied: the whitelist removed (any receiver); ${EMPTY_LIST}: an empty list (only the zero address and the relayer's own)`,
          validate: kind === 'bool' ? bool : kind === 'addresses' ? addresses : amount,
        }))),
    {
      name: 'custom_rpc_urls',
      label: 'custom_rpc_urls',
      kind: 'json',
      rows: 2,
      secret: true,
      hint: `now ${urlsNow} (masked by the server) · empty: unchanged; whole URLs, one a line, "URL weight"; ${NONE}: remove`,
      validate: (v) => (v.trim() === '' || v.trim() === NONE ? null : (() => { const r = readRpcUrls(v.split('\n')); return 'error' in r ? r.error : null; })()),
    },
  ];
  return {
    fields,
    focus: doc ? 'policies' : 'gas_price_cap',
    build: (v): { request: BuiltRequest } | { errors: Record<string, string> } => {
      if (!relayer) return { errors: { _form: `relayer ${relayerId} could not be read: what it holds now is not known` } };
      const patch: RelayerPatch = {};
      if (doc) {
        const typed = readDocument(relayer.network_type, v.policies ?? '');
        if ('error' in typed) return { errors: { policies: typed.error } };
        const p = mergePatchBetween((relayer.policies ?? {}) as Record<string, unknown>, typed.policies);
        if (Object.keys(p).length) patch.policies = p;
      } else {
        const sets: string[] = [];
        const unsets: string[] = [];
        for (const k of Object.keys(EVM_POLICIES)) {
          const typed = (v[k] ?? '').trim();
          if (sameTyped(k, typed, now[k] ?? '', relayer.network, held)) continue;
          if (typed === '') {
            if (now[k] !== '') unsets.push(k);
          } else sets.push(`${k}=${k === 'whitelist_receivers' && typed !== EMPTY_LIST ? typed.split(/[\n,]/).map((a) => a.trim()).filter(Boolean).join(',') : typed}`);
        }
        const p = evmPolicyPatch(relayer, sets, unsets);
        if ('error' in p) return { errors: { _form: p.error } };
        if (Object.keys(p.patch).length) patch.policies = p.patch;
      }
      const name = (v.name ?? '').trim();
      if (name === '') return { errors: { name: 'required: the server refuses an empty name' } };
      if (name !== (relayer.name ?? '')) patch.name = name;
      const notification = v.notification_id ?? NONE;
      if (notification !== now.notification_id) patch.notification_id = notification === NONE ? null : notification;
      const urls = (v.custom_rpc_urls ?? '').trim();
      if (urls === NONE) {
        if (relayer.custom_rpc_urls?.length) patch.custom_rpc_urls = null;
      } else if (urls !== '') {
        const r = readRpcUrls(urls.split('\n'));
        if ('error' in r) return { errors: { custom_rpc_urls: r.error } };
        patch.custom_rpc_urls = r.urls;
      }
      if (Object.keys(patch).length === 0) return { errors: { _form: 'nothing changed: everything is as it is now' } };
      const built = policiesRequest(relayerId, context.server ?? relayer, patch, offered, context.figures ? { figures: context.figures } : {});
      return 'refuse' in built ? { errors: { _form: built.refuse } } : { request: built };
    },
  };
}

export type { Refusal };
