/** Group A: replace an EVM transaction. Fields in the contract's order, focus on value. */
import { INT64, U128, normalizeReplacement, prepareReplaceTransaction, type DialectState, type EvmReplacementRequest, type Relayer, type Transaction } from '../../api/index.js';
import { ASKED_PRICES_REFUSED, PRICE_FIELDS, SPEEDS_SLOWEST_FIRST, priceCheck, replacementChanges, type ReviewLine } from './review.js';
import { formatGwei, formatWei, nativeUnit, toBigInt, parseWei } from '../amounts.js';
import { displayText } from '../text/values.js';
import type { FieldSpec, FormDefinition, Values } from './types.js';
import { reviewWarnings } from './reviewWarnings.js';
import { replaceStatusRefusal } from './replaceStatus.js';
import { replaceEffect } from './effects.js';
import { address, apiFieldErrors, hexData, integerCheck, optionalInteger, required, futureRfc3339 } from './validators.js';

export const NO_SPEED = '(none)';

/** An EVM body's flags (`send`, `replace`): flag → the form's field. */
export const EVM_FIELD_FLAGS: Readonly<Record<string, string>> = {
  value: 'value',
  to: 'to',
  data: 'data',
  'gas-limit': 'gas_limit',
  'gas-price': 'gas_price',
  'max-fee-per-gas': 'max_fee_per_gas',
  'max-priority-fee-per-gas': 'max_priority_fee_per_gas',
  speed: 'speed',
  'valid-until': 'valid_until',
};

/** A price as typed — wei, or with a unit (`20 gwei`, `1.5e9`) — to its exact wei; undefined when empty or not one. */
export function priceWei(v: string | undefined, network?: string | null): string | undefined {
  const p = v && v.trim() ? parseWei(v, network) : null;
  return p && !('error' in p) ? p.wei : undefined;
}
/** The exact wei a price field sends, and what it is in gwei. */
/** `current`: the transaction's own price, said beside an empty field (it starts empty: not sent). */
const priceNote = (network: string | null | undefined, current?: unknown) => (v: string) => {
  if (!v.trim()) {
    const now = toBigInt(current);
    return now === undefined ? null : `now ${formatGwei(now.toString())}; empty = not sent (the server chooses)`;
  }
  const wei = priceWei(v, network);
  if (wei === undefined || BigInt(wei) > U128.max) return null;
  return /^\d+$/.test(v.trim()) ? `= ${formatGwei(wei)}` : `= ${wei} wei (${formatGwei(wei)})`;
};
/** A price's own check: a whole number of wei, with or without a unit, within u128. */
const priceFieldCheck = (network: string | null | undefined) => (v: string) => {
  if (!v.trim()) return null;
  const p = parseWei(v, network);
  if (p === null) return optionalInteger(U128)(v);
  return 'error' in p ? `not a whole number of wei: ${p.error}` : integerCheck(U128)(p.wei);
};
const mixed = (all: Readonly<Values>) => all.gas_price?.trim() && (all.max_fee_per_gas?.trim() || all.max_priority_fee_per_gas?.trim());

export function evmInitialValues(tx: Transaction): Values {
  const value = toBigInt(tx.value);
  return {
    value: value === undefined ? '' : value.toString(),
    to: tx.to ?? '',
    data: tx.data ?? '',
    gas_limit: tx.gas_limit == null ? '' : displayText(tx.gas_limit),
    gas_price: '',
    max_fee_per_gas: '',
    max_priority_fee_per_gas: '',
    speed: typeof tx.speed === 'string' && tx.speed ? tx.speed : NO_SPEED,
    valid_until: '',
  };
}

/** One speed up (safeLow → average → fast → fastest), or undefined at the fastest or without a speed. */
const speedUp = (speed: string | undefined) => {
  const i = SPEEDS_SLOWEST_FIRST.indexOf(speed as (typeof SPEEDS_SLOWEST_FIRST)[number]);
  return i < 0 ? undefined : SPEEDS_SLOWEST_FIRST[i + 1];
};

/**
 * The triage view's `e`: the form prefilled one step up. A transaction priced by speed goes one speed
 * up; one already at the fastest, or priced explicitly, gets its prices +10 % (rounded up: the least
 * the OpenZeppelin Relayer accepts for a replacement), sent without a speed; neither: speed fast.
 */
export function evmBumpedValues(tx: Transaction, openzeppelin = false): Values {
  const v = evmInitialValues(tx);
  // v1.8 discards asked prices in a replacement and quotes from the speed, at least +10 % over the
  // old price (for_replacement, replacement.rs): the form offers a speed, never prices.
  if (openzeppelin) return { ...v, speed: speedUp(v.speed) ?? (v.speed === NO_SPEED ? 'fast' : 'fastest') };
  const up = (x: unknown) => {
    const b = toBigInt(x);
    return b === undefined ? '' : ((b * 110n + 99n) / 100n).toString();
  };
  const next = speedUp(v.speed);
  if (next) return { ...v, speed: next };
  if (tx.gas_price != null) return { ...v, gas_price: up(tx.gas_price), speed: NO_SPEED };
  if (tx.max_fee_per_gas != null && tx.max_priority_fee_per_gas != null)
    return { ...v, max_fee_per_gas: up(tx.max_fee_per_gas), max_priority_fee_per_gas: up(tx.max_priority_fee_per_gas), speed: NO_SPEED };
  return { ...v, speed: v.speed === NO_SPEED ? 'fast' : v.speed! };
}

/** `tx`: the transaction replaced (its prices are said beside the empty price fields). */
export function evmFields(network: string | null | undefined, tx?: Transaction): FieldSpec[] {
  return [
    {
      name: 'value',
      label: 'value',
      kind: 'text',
      // The chain's own coin (BNB on BSC, not ETH).
      hint: `wei, integer 0 … 2^128-1 (u128), required; or 1.5 ${nativeUnit(network)}, 20 gwei, 1e18`,
      validate: required((v) => {
        const p = parseWei(v, network);
        if (p === null) return integerCheck(U128)(v);
        return 'error' in p ? `not a whole number of wei: ${p.error}` : integerCheck(U128)(p.wei);
      }),
      // The exact wei that will be sent, and what it is in the coin.
      note: (v) => {
        const p = parseWei(v, network);
        if (!p || 'error' in p || BigInt(p.wei) > U128.max) return null;
        return /^\d+$/.test(v.trim()) ? `= ${formatWei(p.wei, network)}` : `= ${p.wei} wei (${formatWei(p.wei, network)})`;
      },
    },
    // The transaction's own `to`, kept, is what the server already holds (v1.8 stores it unchecked): never refused here.
    { name: 'to', label: 'to', kind: 'text', hint: '0x address (40 hex digits; mixed case: EIP-55 checked)', validate: (v) => (typeof tx?.to === 'string' && v.trim() === tx.to ? null : address(v)) },
    { name: 'data', label: 'data', kind: 'text', hint: '0x hex calldata', validate: hexData },
    { name: 'gas_limit', label: 'gas_limit', kind: 'text', hint: 'integer ≥ 0 (int64); empty = not sent', validate: optionalInteger(INT64) },
    {
      name: 'gas_price',
      label: 'gas_price',
      kind: 'text',
      hint: 'wei or 20 gwei, legacy pricing (not with the EIP-1559 pair)',
      validate: (v, all) => priceFieldCheck(network)(v) ?? (mixed(all) ? 'not with max_fee_per_gas / max_priority_fee_per_gas' : null),
      note: priceNote(network, tx?.gas_price),
    },
    {
      name: 'max_fee_per_gas',
      label: 'max_fee_per_gas',
      kind: 'text',
      hint: 'wei or 30 gwei, EIP-1559 (with max_priority_fee_per_gas)',
      validate: (v, all) =>
        priceFieldCheck(network)(v) ?? (!v.trim() && all.max_priority_fee_per_gas?.trim() ? 'required with max_priority_fee_per_gas' : null),
      note: priceNote(network, tx?.max_fee_per_gas),
    },
    {
      name: 'max_priority_fee_per_gas',
      label: 'max_priority_fee_per_gas',
      kind: 'text',
      hint: 'wei or 2 gwei, EIP-1559 tip (≤ max_fee_per_gas)',
      validate: (v, all) => {
        const e = priceFieldCheck(network)(v);
        if (e) return e;
        if (!v.trim() && all.max_fee_per_gas?.trim()) return 'required with max_fee_per_gas';
        const [tip, max] = [priceWei(v, network), priceWei(all.max_fee_per_gas, network)];
        if (tip !== undefined && max !== undefined && BigInt(tip) > BigInt(max)) return 'out of range: above max_fee_per_gas';
        return null;
      },
      note: priceNote(network, tx?.max_priority_fee_per_gas),
    },
    { name: 'speed', label: 'speed', kind: 'choice', options: [NO_SPEED, ...SPEEDS_SLOWEST_FIRST], hint: '→ faster, ← slower; the server re-quotes the price from it' },
    { name: 'valid_until', label: 'valid_until', kind: 'text', hint: 'RFC 3339, later than now, e.g. 2030-01-01T00:00:00Z', validate: futureRfc3339 },
  ];
}

export function evmRequest(v: Values, network?: string | null): EvmReplacementRequest {
  const opt = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);
  return {
    value: ((p) => (p && !('error' in p) ? p.wei : v.value!.trim()))(parseWei(v.value ?? '', network)),
    to: opt(v.to),
    data: opt(v.data),
    gas_limit: opt(v.gas_limit),
    // A price with a unit goes on the wire as its exact wei (what failed its check is sent to be refused as typed).
    gas_price: priceWei(v.gas_price, network) ?? opt(v.gas_price),
    max_fee_per_gas: priceWei(v.max_fee_per_gas, network) ?? opt(v.max_fee_per_gas),
    max_priority_fee_per_gas: priceWei(v.max_priority_fee_per_gas, network) ?? opt(v.max_priority_fee_per_gas),
    speed: v.speed && v.speed !== NO_SPEED ? (v.speed as EvmReplacementRequest['speed']) : undefined,
    valid_until: opt(v.valid_until),
  };
}

/** `relayerId`: the relayer on screen, where the request goes (never the transaction's own `relayer_id`). */
/** `dialect`: the server's, when known (the OpenZeppelin Relayer re-quotes explicit prices: warned). */
export function evmForm(relayerId: string, relayer: Relayer | undefined, tx: Transaction, dialect?: () => DialectState): FormDefinition {
  const network = relayer?.network;
  return {
    fields: evmFields(network, tx),
    focus: 'value',
    build: (values) => {
      // Opened for a kept draft, the form still sends nothing v1.8 refuses (replaceStatus.ts).
      const refused = replaceStatusRefusal('evm', dialect?.().dialect ?? '', tx);
      if (refused) return { errors: { value: `not sent: ${refused}` } };
      const req = evmRequest(values, network);
      let prepared;
      let sent: Record<string, unknown>;
      try {
        prepared = prepareReplaceTransaction(relayerId, tx.id, req);
        // What goes on the wire, field by field: the review's before → after reads this, not the form.
        sent = normalizeReplacement(req).body;
      } catch (e) {
        return { errors: apiFieldErrors(e) };
      }
      // v1.8 discards a replacement's asked prices (for_replacement, models/transaction/repository.rs:350)
      // and quotes from the speed: refused here, before sending, on the field.
      const asked = PRICE_FIELDS.filter((f) => sent[f] !== undefined);
      if (dialect?.().dialect === 'openzeppelin' && asked.length)
        return { errors: Object.fromEntries(asked.map((f) => [f, ASKED_PRICES_REFUSED])) };
      // Nor does it take a valid_until: for_replacement builds the new network data from to, value,
      // data, gas_limit and speed, and the transaction keeps its own: refused here.
      if (dialect?.().dialect === 'openzeppelin' && sent.valid_until !== undefined)
        return { errors: { valid_until: 'not sent: the OpenZeppelin Relayer v1.8 keeps the transaction\'s own valid_until in a replacement (it takes to, value, data, gas_limit and speed): leave it empty' } };
      const prices = priceCheck(tx, sent, dialect?.());
      if (Object.keys(prices.errors).length) return { errors: prices.errors };
      const requoted: ReviewLine[] = [];
      const review: ReviewLine[] = [
        ...reviewWarnings(relayerId, tx, relayer, sent),
        ...prices.warnings,
        ...requoted,
        // A pending one has none yet: it gets one when it is signed.
        tx.nonce === undefined || tx.nonce === null || displayText(tx.nonce) === ''
          ? { label: 'nonce', value: 'none yet: not signed, the replacement gets one when it is signed' }
          : { label: 'replacing nonce', value: `${displayText(tx.nonce)} (the nonce is kept)` },
        ...replacementChanges('evm', tx, sent, (wei) => formatWei(wei, network)),
      ];
      return {
        request: {
          op: 'replace',
          target: { relayerId, txId: tx.id },
          what: `Replace EVM transaction ${tx.id} of relayer ${relayerId}`,
          prepared,
          review,
          send: (client, options) => client.replaceTransaction(relayerId, tx.id, req, options),
          effect: replaceEffect('evm', tx, sent, dialect?.().dialect === 'openzeppelin'),
        },
      };
    },
  };
}
