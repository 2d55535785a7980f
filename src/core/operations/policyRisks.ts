/**
 * What a policy edit would do to a relayer beyond its own words, as data: a cap under the network's
 * current price jams it (v1.8 will not price above `gas_price_cap`: the nonce waits), a min_balance
 * above its balance disables it (v1.8 checks the balance before each send), an empty whitelist lets
 * only the zero address and the relayer's own through (v1.8 request/evm.rs validate_target_address);
 * and what changed on the server since the edit's first read (a lost update otherwise). Words come
 * from these once, here (`riskLine`), for both faces' reviews.
 */
import { stringifyJson, type Relayer, type RelayerClient } from '../../api/index.js';
import { formatGwei, formatWei, toBigInt } from '../amounts.js';
import { networkKind } from '../relayer.js';
import { clock } from '../time.js';
import { displayText } from '../text/values.js';
import { policyValue } from './evmPolicies.js';
import { rpcUrlsNow } from './relayerFields.js';
import type { ReviewLine } from './review.js';

/** A figure read from the server (its time), or why it is not known (a predicate: `could not be read (…)`). */
export type Figure = { wei: bigint; at: number } | { unknown: string };

/** The figures a policy edit is weighed against: the network's price and the relayer's balance. */
export interface PolicyFigures {
  price: Figure;
  balance: Figure;
}

export type PolicyRisk =
  | { kind: 'cap under price'; cap: bigint; price: bigint; at: number }
  | { kind: 'min above balance'; min: bigint; balance: bigint; at: number }
  | { kind: 'not weighed'; key: 'gas_price_cap' | 'min_balance'; against: 'price' | 'balance'; why: string }
  | { kind: 'empty whitelist' };

/** A field the server holds otherwise now than when the edit first read it. */
export interface ServerMoved {
  key: string;
  /** A policy's key, or the relayer's own field. */
  policy: boolean;
  was: unknown;
  now: unknown;
}

const errorWords = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The network's price (eth_gasPrice through the relayer's JSON-RPC passthrough, as the jam diagnosis
 * reads it) and the relayer's balance (GET …/balance in wei, else its status's): each, or why not known.
 */
export async function readPolicyFigures(client: RelayerClient, relayerId: string, networkType: string | null | undefined, now: () => number, signal?: AbortSignal): Promise<PolicyFigures> {
  if (networkKind(networkType) !== 'evm') {
    const why = `is not read: the relayer's network type (${String(networkType ?? 'not known')}) is not EVM as far as is known`;
    return { price: { unknown: why }, balance: { unknown: why } };
  }
  const price = async (): Promise<Figure> => {
    if (!client.offers('rpc')) return { unknown: 'cannot be read here: this server has no JSON-RPC passthrough' };
    try {
      const wei = toBigInt(await client.rpcRead(relayerId, 'eth_gasPrice', [], { signal }));
      return wei === undefined ? { unknown: 'was not a number (eth_gasPrice)' } : { wei, at: now() };
    } catch (e) {
      return { unknown: `could not be read (eth_gasPrice: ${errorWords(e)})` };
    }
  };
  const balance = async (): Promise<Figure> => {
    try {
      if (client.offers('relayerBalance')) {
        const b = await client.relayerBalance(relayerId, { signal }).catch(() => undefined);
        const wei = b && (b.unit === undefined || b.unit === null || String(b.unit).toLowerCase() === 'wei') ? toBigInt(b.balance) : undefined;
        if (wei !== undefined) return { wei, at: now() };
      }
      if (!client.offers('relayerStatus')) return { unknown: 'cannot be read here: this server has no relayer balance or status' };
      const wei = toBigInt((await client.relayerStatus(relayerId, { signal })).balance);
      return wei === undefined ? { unknown: 'is not in its status' } : { wei, at: now() };
    } catch (e) {
      return { unknown: `could not be read (${errorWords(e)})` };
    }
  };
  const [p, b] = await Promise.all([price(), balance()]);
  return { price: p, balance: b };
}

/** The figures when they were never read (the edit was built before any read answered). */
export const UNREAD_FIGURES: PolicyFigures = { price: { unknown: 'was not read' }, balance: { unknown: 'was not read' } };

/** What the policies asked would do, weighed against the figures (only the policies the patch sets). */
export function policyRisks(policies: Record<string, unknown> | undefined, figures: PolicyFigures): PolicyRisk[] {
  const risks: PolicyRisk[] = [];
  if (!policies) return risks;
  const cap = policies.gas_price_cap === null ? undefined : toBigInt(policies.gas_price_cap);
  if (cap !== undefined) {
    const f = figures.price;
    if ('unknown' in f) risks.push({ kind: 'not weighed', key: 'gas_price_cap', against: 'price', why: f.unknown });
    else if (cap < f.wei) risks.push({ kind: 'cap under price', cap, price: f.wei, at: f.at });
  }
  const min = policies.min_balance === null ? undefined : toBigInt(policies.min_balance);
  if (min !== undefined) {
    const f = figures.balance;
    if ('unknown' in f) risks.push({ kind: 'not weighed', key: 'min_balance', against: 'balance', why: f.unknown });
    else if (min > f.wei) risks.push({ kind: 'min above balance', min, balance: f.wei, at: f.at });
  }
  if (Array.isArray(policies.whitelist_receivers) && policies.whitelist_receivers.length === 0) risks.push({ kind: 'empty whitelist' });
  return risks;
}

/** What an empty whitelist does on v1.8, in words (the review, the policy's value). */
export const EMPTY_WHITELIST_WORDS = "an empty list allows only the zero address and the relayer's own: every other receiver is refused (v1.8: 400 \"Transaction target address is not whitelisted\")";

/** A risk as its review line (warn). */
export function riskLine(r: PolicyRisk, network: string | null | undefined): ReviewLine {
  switch (r.kind) {
    case 'cap under price':
      return { label: '⚠ will jam', value: `gas_price_cap ${formatGwei(r.cap)} is under the network's price now, ${formatGwei(r.price)} (eth_gasPrice at ${clock(r.at)}): the relayer's transactions will wait at the cap until the price falls`, tone: 'warn' };
    case 'min above balance':
      return { label: '⚠ will disable', value: `min_balance ${formatWei(r.min, network)} is above the relayer's balance, ${formatWei(r.balance, network)} (read at ${clock(r.at)}): every send then fails (v1.8: "Insufficient balance … with an enforced minimum balance") until it is funded over it`, tone: 'warn' };
    case 'not weighed':
      return { label: '⚠ not weighed', value: `whether ${r.key} ${r.against === 'price' ? 'jams the relayer' : 'disables the relayer'} is not known: ${r.against === 'price' ? "the network's price" : 'its balance'} ${r.why}`, tone: 'warn' };
    case 'empty whitelist':
      return { label: '⚠ whitelist', value: `whitelist_receivers empty: ${EMPTY_WHITELIST_WORDS}`, tone: 'warn' };
  }
}

// (paused is not edited here, but a review built on a relayer since paused or resumed says so rather than 'its lines read alike'.)
const RELAYER_FIELDS = ['name', 'notification_id', 'custom_rpc_urls', 'paused'] as const;

/** Where the server now differs from the first read: each policy key, then the relayer's own fields. */
export function serverMoved(opened: Relayer, server: Relayer, same: (a: unknown, b: unknown) => boolean): ServerMoved[] {
  const was = (opened.policies ?? {}) as Record<string, unknown>;
  const now = (server.policies ?? {}) as Record<string, unknown>;
  const gone = (v: unknown) => v === undefined || v === null;
  const moved: ServerMoved[] = [];
  for (const k of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (gone(was[k]) && gone(now[k])) continue;
    if (gone(was[k]) !== gone(now[k]) || !same(was[k], now[k])) moved.push({ key: k, policy: true, was: was[k], now: now[k] });
  }
  for (const k of RELAYER_FIELDS) {
    const a = k === 'custom_rpc_urls' ? rpcUrlsNow(opened.custom_rpc_urls) : opened[k] ?? null;
    const b = k === 'custom_rpc_urls' ? rpcUrlsNow(server.custom_rpc_urls) : server[k] ?? null;
    if (a !== b) moved.push({ key: k, policy: false, was: a, now: b });
  }
  return moved;
}

/** A field moved on the server, as its review line: `gas_price_cap is 50 gwei on the server now (was 3,000 gwei when you opened it)`. */
export function movedLine(m: ServerMoved, relayer: Relayer, since: 'opened' | 'read'): ReviewLine {
  const evm = networkKind(relayer.network_type) === 'evm';
  const words = (v: unknown) =>
    v === undefined || v === null ? '(not set)' : m.policy && evm ? policyValue(m.key, typeof v === 'bigint' ? v.toString() : v, relayer.network) : typeof v === 'object' ? displayText(stringifyJson(v)) : displayText(v);
  return { label: '⚠ changed', value: `${m.key} is ${words(m.now)} on the server now (was ${words(m.was)} when ${since === 'opened' ? 'you opened it' : 'it was first read'})`, tone: 'warn' };
}
