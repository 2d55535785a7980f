/**
 * Withdrawing a relayer's funds (issue 42.2: Defender's "Withdraw funds"): a send (send.ts, v1.8's
 * rules all checked) whose body fixes its price and gas — a plain transfer of 21,000 gas at the
 * network's price as read now (eth_gasPrice, through the server's JSON-RPC passthrough), legacy, so
 * what it costs is known before it leaves — and whose `all` takes everything over the relayer's
 * min_balance and the fee of one re-price: balance − min_balance − 21,000 × the price × 1.1 (v1.8
 * checks the balance again when it re-prices a transaction not mined). Refused when nothing is above it, when the
 * network asks more than the relayer's gas_price_cap (v1.8 refuses a legacy price above it), and
 * when the balance or the price could not be read. The TUI asks for the relayer's id typed to confirm.
 */
import type { Relayer } from '../../api/index.js';
import { clock } from '../time.js';
import { formatGwei, formatWei, nativeUnit, parseWei, toBigInt } from '../amounts.js';
import { sendRequest } from './send.js';
import type { BuiltRequest, FieldSpec, FormDefinition, Values } from './types.js';
import { address } from './validators.js';

/** A plain transfer's gas (v1.8's DEFAULT_GAS_LIMIT, constants/evm_transaction.rs:8). */
export const TRANSFER_GAS = 21_000n;

export interface WithdrawInput {
  relayerId: string;
  relayer: Relayer | undefined;
  /** From its status (undefined: not read). */
  balanceWei?: bigint;
  /** eth_gasPrice as read now (undefined: not read). */
  gasPriceWei?: bigint;
  now: number;
  /** Still being read (the TUI's form opened before the answers came): said so, never "could not be read". */
  reading?: boolean;
}

/** `all`, or an amount (wei, or with a unit: 0.5eth). */
export type WithdrawAmount = { all: true } | { value: string };

export function withdrawRequest(to: string, amount: WithdrawAmount, i: WithdrawInput): { request: BuiltRequest } | { errors: Record<string, string> } {
  const network = i.relayer?.network;
  if (i.reading) return { errors: { amount: "the relayer's balance and the network's price are still being read: a moment, then again" } };
  if (i.balanceWei === undefined) return { errors: { amount: "the relayer's balance could not be read (its status): nothing is sent without it" } };
  if (i.gasPriceWei === undefined) return { errors: { amount: "the network's price could not be read (eth_gasPrice): nothing is sent without it" } };
  const policies = (i.relayer?.policies ?? {}) as Record<string, unknown>;
  const cap = toBigInt(policies.gas_price_cap);
  if (cap !== undefined && i.gasPriceWei > cap)
    return { errors: { amount: `the network asks ${formatGwei(i.gasPriceWei)}, above the relayer's gas_price_cap ${formatGwei(cap)}: v1.8 refuses a price above it, and one at the cap would wait; raise the cap first` } };
  const min = toBigInt(policies.min_balance) ?? 0n;
  const fee = TRANSFER_GAS * i.gasPriceWei;
  // v1.8 checks the balance again when it re-prices it (+10 %, evm_transaction.rs:1099): `all` keeps that fee back.
  const repriced = (i.gasPriceWei * 11n) / 10n > i.gasPriceWei ? (i.gasPriceWei * 11n) / 10n : i.gasPriceWei + 1n;
  const over = i.balanceWei - min - TRANSFER_GAS * repriced;
  let value: bigint;
  if ('all' in amount) {
    if (over <= 0n) return { errors: { amount: `nothing over its min_balance: ${formatWei(i.balanceWei, network)} − ${formatWei(min, network)} − the fee of a re-price ${formatWei(TRANSFER_GAS * repriced, network)}` } };
    value = over;
  } else {
    const p = parseWei(amount.value, network);
    if (!p || 'error' in p) return { errors: { amount: p && 'error' in p ? p.error : 'wei, or with a unit (0.5eth), or all' } };
    value = BigInt(p.wei);
  }
  const built = sendRequest({ to, value: value.toString(), gas_limit: TRANSFER_GAS.toString(), gas_price: i.gasPriceWei.toString() }, { relayerId: i.relayerId, relayer: i.relayer, balanceWei: i.balanceWei, balanceAt: i.now, now: i.now });
  if ('errors' in built) {
    // The send's fields named as the withdrawal's own.
    const { value: v, gas_price: g, gas_limit: l, speed: _s, ...rest } = built.errors;
    const amountError = v ?? g ?? l;
    return { errors: { ...rest, ...(amountError ? { amount: amountError } : {}) } };
  }
  const left = i.balanceWei - value - fee;
  return {
    request: {
      ...built.request,
      op: 'withdraw',
      what: `Withdraw ${formatWei(value, network)} from relayer ${i.relayerId} to ${to}`,
      review: [
        ...(built.request.review ?? []),
        { label: 'fee', value: `${TRANSFER_GAS} gas × ${formatGwei(i.gasPriceWei)} (the network's price read at ${clock(i.now)}, fixed) = ${formatWei(fee, network)}` },
        { label: 'leaves', value: `${formatWei(left, network)}${'all' in amount ? ": its min_balance and what a re-price (+10 %) would cost more, which v1.8 checks again when it re-prices" : ''}; a send from it meanwhile (its other traffic) can make v1.8 fail this one` },
      ],
      confirm: i.relayerId,
    },
  };
}

/** The TUI's form (W): where to, and how much (`all`, or an amount); the balance and price as read when it opened. */
export function withdrawForm(i: WithdrawInput): FormDefinition {
  const fields: FieldSpec[] = [
    { name: 'to', label: 'to', kind: 'text', hint: '0x address (40 hex digits; mixed case: EIP-55 checked): where the funds go', validate: (v) => (v.trim() ? address(v) : 'required') },
    { name: 'amount', label: 'amount', kind: 'text', hint: `all (everything over its min_balance), or wei, or 0.5${nativeUnit(i.relayer?.network).toLowerCase()}`, validate: (v) => (v.trim() ? null : 'required: all, or an amount') },
  ];
  return {
    fields,
    focus: 'to',
    build: (values: Values) => withdrawRequest(values.to!.trim(), values.amount!.trim().toLowerCase() === 'all' ? { all: true } : { value: values.amount!.trim() }, i),
  };
}
