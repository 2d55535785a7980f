/**
 * A change to a relayer — its policies, name, notification and own RPC URLs — as one JSON merge patch
 * of what changed, reviewed before → after, and what came back checked against it. OpenZeppelin
 * Relayer v1.8 (NOTES.md; src/api/controllers/relayer.rs update_relayer): `PATCH /relayers/{id}`;
 * u128 amounts answered as JSON numbers (read exactly); a system-disabled relayer refuses any PATCH
 * (400 "Relayer is disabled"): refused here first. RPC URLs may carry API keys: the review, the
 * ledger and every copy show them masked; only the request carries them whole.
 */
import { maskUrl, parseJson, preparePatchRelayer, stringifyJson, type RelayerPatch, type Relayer } from '../../api/index.js';
import { toBigInt } from '../amounts.js';
import { networkKind } from '../relayer.js';
import { displayText } from '../text/values.js';
import type { Refusal } from './cancel.js';
import { policyValue } from './evmPolicies.js';
import { maskedRpcUrls, rpcUrlsNow } from './relayerFields.js';
import type { ReviewLine } from './review.js';
import { policyRisks, riskLine, UNREAD_FIGURES, type PolicyFigures } from './policyRisks.js';
import type { BuiltRequest, Effect } from './types.js';

/** Two values alike as the server would hold them: numbers exactly, addresses in any case, the rest as JSON. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b) && a.every((x) => typeof x === 'string') && b.every((x) => typeof x === 'string')) {
    return a.length === b.length && a.every((x, i) => String(x).toLowerCase() === String(b[i]).toLowerCase());
  }
  const x = typeof a === 'object' ? undefined : toBigInt(a);
  const y = typeof b === 'object' ? undefined : toBigInt(b);
  if (x !== undefined && y !== undefined) return x === y;
  if (typeof a === 'object' || typeof b === 'object') return a !== undefined && b !== undefined && stringifyJson(a) === stringifyJson(b);
  return a === b;
}

const gone = (v: unknown) => v === undefined || v === null;
const said = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'object' && v !== null ? stringifyJson(v) : String(v));
const urlsAlike = (asked: readonly { url: string; weight: number }[], now: unknown): boolean =>
  Array.isArray(now) && now.length === asked.length && asked.every((u, i) => maskUrl(String((now[i] as { url?: unknown })?.url ?? '')) === maskUrl(u.url) && Number((now[i] as { weight?: unknown })?.weight ?? 100) === u.weight);

/** Where the relayer answered (or read) differs from the patch; `[]`: it carries every part of it. */
export function patchOff(patch: RelayerPatch, r: Record<string, unknown>): string[] {
  const off: string[] = [];
  const p = (r.policies ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch.policies ?? {})) {
    const has = p[k];
    const ok = v === null ? gone(has) : typeof v === 'object' && !Array.isArray(v) && typeof v !== 'bigint' ? Object.entries(v as Record<string, unknown>).every(([ik, iv]) => (iv === null ? gone((has as Record<string, unknown> | undefined)?.[ik]) : sameValue((has as Record<string, unknown> | undefined)?.[ik], iv))) : sameValue(has, v);
    if (!ok) off.push(`${k}: asked ${v === null ? 'removed' : said(v)}, the server has ${displayText(gone(has) ? '(not set)' : said(has))}`);
  }
  if (patch.name !== undefined && r.name !== patch.name) off.push(`name: asked ${patch.name}, the server has ${displayText(r.name ?? '(none)')}`);
  if (patch.notification_id !== undefined && (patch.notification_id === null ? !gone(r.notification_id) : r.notification_id !== patch.notification_id)) {
    off.push(`notification_id: asked ${patch.notification_id ?? 'removed'}, the server has ${displayText(r.notification_id ?? '(none)')}`);
  }
  if (patch.custom_rpc_urls !== undefined && !(patch.custom_rpc_urls === null || patch.custom_rpc_urls.length === 0 ? gone(r.custom_rpc_urls) || (Array.isArray(r.custom_rpc_urls) && r.custom_rpc_urls.length === 0) : urlsAlike(patch.custom_rpc_urls, r.custom_rpc_urls))) {
    off.push(`custom_rpc_urls: asked ${patch.custom_rpc_urls?.length ? rpcUrlsNow(patch.custom_rpc_urls) : 'removed'}, the server has ${rpcUrlsNow(r.custom_rpc_urls as never)}`);
  }
  return off;
}

/** The parts a patch changes, in words: its policy keys, then the relayer's fields (`gas_price_cap, name`). */
export function patchParts(patch: RelayerPatch): string {
  const parts: string[] = [];
  if (patch.policies) parts.push(...Object.keys(patch.policies));
  for (const k of ['name', 'notification_id', 'custom_rpc_urls'] as const) if (patch[k] !== undefined) parts.push(k);
  return parts.join(', ');
}

/** What came back against the patch: each part as asked (numbers compared exactly, never as floats). */
export function relayerPatchEffect(patch: RelayerPatch): (answer: unknown) => Effect {
  return (answer) => {
    if (typeof answer !== 'object' || answer === null) return { kind: 'unchecked', words: 'the answer carries no relayer to compare' };
    const off = patchOff(patch, answer as Record<string, unknown>);
    return off.length ? { kind: 'not as asked', words: off.join('; ') } : { kind: 'as asked', words: `set as asked: ${patchParts(patch)}` };
  };
}

/** A policy's value as the review says it: EVM ones in units, others as their JSON. */
const policyWords = (k: string, v: unknown, relayer: Relayer | undefined): string =>
  gone(v) ? '(not set)' : networkKind(relayer?.network_type) !== 'evm' || (typeof v === 'object' && !Array.isArray(v) && typeof v !== 'bigint') ? displayText(stringifyJson(v)) : policyValue(k, typeof v === 'bigint' ? v.toString() : v, relayer?.network);

/** What a review weighs beyond the patch: the figures (what the change would do); what moved on the server since the form opened is the spec's review notes' (policyEditSpec.ts). */
export interface PolicyReviewInput {
  figures?: PolicyFigures;
}

/**
 * The change, reviewed as before → after against `relayer` (the server as last read); refused where the
 * server would refuse it; what the change would do to the relayer (jam, disable, an empty whitelist) is
 * warned with its figures.
 */
export function policiesRequest(relayerId: string, relayer: Relayer | undefined, patch: RelayerPatch, offered: boolean | undefined, input: PolicyReviewInput = {}): BuiltRequest | Refusal {
  if (offered === false) return { refuse: 'this server (not the OpenZeppelin Relayer) has no PATCH /relayers/{id}: its policies cannot be changed here' };
  const before = (relayer?.policies ?? {}) as Record<string, unknown>;
  const review: ReviewLine[] = [];
  const evm = networkKind(relayer?.network_type) === 'evm';
  if (!relayer) review.push({ label: '⚠ before', value: `relayer ${relayerId} could not be read first: what it holds now is not known`, tone: 'warn' });
  if (patch.name !== undefined) review.push({ label: 'name', value: `${displayText(relayer?.name ?? '?')} → ${displayText(patch.name)}` });
  if (patch.notification_id !== undefined) review.push({ label: 'notification_id', value: `${displayText(relayer?.notification_id ?? '(none)')} → ${patch.notification_id === null ? '(none: removed)' : displayText(patch.notification_id)}` });
  // (Data first: what the change would do is typed in policyRisks.ts, worded there once.)
  for (const [k, v] of Object.entries(patch.policies ?? {})) review.push({ label: k, value: `${policyWords(k, before[k], relayer)} → ${v === null ? (k === 'whitelist_receivers' && evm ? '(removed: any receiver)' : '(removed)') : policyWords(k, v, relayer)}` });
  if (evm) for (const r of policyRisks(patch.policies as Record<string, unknown> | undefined, input.figures ?? UNREAD_FIGURES)) review.push(riskLine(r, relayer?.network));
  if (patch.custom_rpc_urls !== undefined) {
    review.push({ label: 'custom_rpc_urls', value: `${rpcUrlsNow(relayer?.custom_rpc_urls)} → ${patch.custom_rpc_urls === null ? "(none: the network's own)" : rpcUrlsNow(patch.custom_rpc_urls)}` });
    review.push({ label: 'masked', value: 'the URLs are shown and recorded masked (scheme and host): the request carries them whole, as typed' });
  }
  // RPC URLs typed whole cannot be known to be the same: the server shows only their masks, and a key
  // rotated in the same path masks alike. Never "already as asked" then: they are sent.
  const typedUrls = Array.isArray(patch.custom_rpc_urls) && patch.custom_rpc_urls.length > 0;
  const unchanged = relayer !== undefined && !typedUrls && patchOff(patch, relayer as Record<string, unknown>).length === 0;
  if (unchanged) review.push({ label: '⚠ already', value: `relayer ${relayerId} is already as asked: nothing will change`, tone: 'warn' });
  if (patch.policies?.gas_price_cap !== undefined && patch.policies.gas_price_cap !== null) review.push({ label: 'what happens', value: "the server re-prices what it has sent at each one's next re-price (its speed's time, doubled for each earlier hash), up to the new cap" });
  const keys = [...(patch.policies && Object.keys(patch.policies).length ? [`"policies": {${Object.keys(patch.policies).join(', ')}}`] : []), ...(['name', 'notification_id', 'custom_rpc_urls'] as const).filter((k) => patch[k] !== undefined).map((k) => `"${k}"`)];
  review.push({ label: 'sent', value: `exactly {${keys.join(', ')}}: everything else of the relayer is left as it is` });
  const prepared = preparePatchRelayer(relayerId, patch);
  const secret = Array.isArray(patch.custom_rpc_urls) && patch.custom_rpc_urls.length > 0;
  // The same bytes with each URL masked (numbers read back exactly): what the review, copies and the ledger hold.
  if (secret) prepared.displayBody = stringifyJson({ ...(parseJson(prepared.body!) as object), custom_rpc_urls: maskedRpcUrls(patch.custom_rpc_urls!) }, 2);
  return {
    ...(unchanged ? { already: `relayer ${relayerId} is already as asked (${patchParts(patch)})` } : {}),
    op: 'policy-edit',
    target: { relayerId },
    what: `Change relayer ${relayerId}: ${patchParts(patch)}`,
    prepared,
    review,
    ...(secret ? { secret: 'rpc-urls' as const } : {}),
    send: (client, options) => client.patchRelayer(relayerId, patch, options),
    effect: relayerPatchEffect(patch),
  };
}
