/**
 * Withdrawing a relayer's funds (issue 42.2: Defender's "Withdraw funds"): a send (send.ts, v1.8's
 * rules all checked) whose body fixes its price and gas — a plain transfer of 21,000 gas at the
 * network's price as read now (eth_gasPrice, through the server's JSON-RPC passthrough), legacy, so
 * what it costs is known before it leaves — and whose `all` takes everything over the relayer's
 * min_balance and the fee of one re-price: balance − min_balance − 21,000 × the price × 1.1 (v1.8
 * checks the balance again when it re-prices a transaction not mined). Refused when nothing is above it, when the
 * network asks more than the relayer's gas_price_cap (v1.8 refuses a legacy price above it), and
 * when the balance or the price could not be read. The TUI asks for the relayer's id typed to confirm.
 * An executable spec with a form (spec.ts): W on a relayer opens it in the one generic screen;
 * `relayer-tui withdraw ID --to ADDR (--value V | --all)` fills the same form from its flags.
 */
import type { Relayer, Transaction } from '../../api/index.js';
import { clock } from '../time.js';
import { formatGwei, formatWei, nativeUnit, parseWei, toBigInt } from '../amounts.js';
import { withdrawInput, type WithdrawFigures } from '../lookup.js';
import { networkKind, relayerState } from '../relayer.js';
import { relayerBasis } from './basis.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import { readSending, SEND_NOT_OFFERED, sendRequest } from './send.js';
import type { Built, OperationSpec, Refusal } from './spec.js';
import type { FieldSpec } from './types.js';
import { address } from './validators.js';

/** A plain transfer's gas (v1.8's DEFAULT_GAS_LIMIT, constants/evm_transaction.rs:8). */
export const TRANSFER_GAS = 21_000n;

/** What a withdrawal rests on: the relayer, whether the server takes sends, its balance and the network's price (lookup.ts withdrawInput) and when they were read. */
export interface WithdrawInput extends WithdrawFigures {
  target: OperationTarget & { relayerId: string };
  relayer: Relayer;
  /** `client.supports('send')` (false: a server of the interface document, refused before sending). */
  offered: boolean | undefined;
  /** Still being read (the TUI's form opened before the answers came): said so, never "could not be read". */
  reading?: boolean;
}

/** `all`, or an amount (wei, or with a unit: 0.5eth). */
export type WithdrawAmount = { all: true } | { value: string };

/** Why no withdrawal is sent from this relayer (typed: spec.ts refusalWords says it), or null. */
export function withdrawRefusal(i: Pick<WithdrawInput, 'target' | 'relayer' | 'offered'>): Refusal | null {
  const relayerId = i.target.relayerId;
  if (i.offered === false) return SEND_NOT_OFFERED;
  const kind = networkKind(i.relayer.network_type);
  if (kind === 'unknown') return { kind: 'unknown-network', relayerId, networkType: i.relayer.network_type };
  if (kind !== 'evm') return { kind: 'evm-only', relayerId, networkKind: kind };
  // v1.8 answers a paused or disabled relayer's send 403 (validate_active_state).
  const state = relayerState(i.relayer);
  if (state !== 'active') return { kind: 'inactive', relayerId, state, what: 'sends' };
  return null;
}

export function withdrawRequest(to: string, amount: WithdrawAmount, i: WithdrawInput): Built {
  const relayerId = i.target.relayerId;
  const network = i.relayer.network;
  if (i.reading) return { errors: { amount: "the relayer's balance and the network's price are still being read: a moment, then again" } };
  if (i.balanceWei === undefined) return { errors: { amount: "the relayer's balance could not be read (its status): nothing is sent without it" } };
  if (i.gasPriceWei === undefined) return { errors: { amount: "the network's price could not be read (eth_gasPrice): nothing is sent without it" } };
  const policies = (i.relayer.policies ?? {}) as Record<string, unknown>;
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
    if (!p || 'error' in p) return { errors: { amount: amountProblem(amount.value, network)! } };
    value = BigInt(p.wei);
  }
  const built = sendRequest({ to, value: value.toString(), gas_limit: TRANSFER_GAS.toString(), gas_price: i.gasPriceWei.toString() }, { relayerId, relayer: i.relayer, balanceWei: i.balanceWei, balanceAt: i.now, now: i.now });
  if ('errors' in built) {
    // The send's fields named as the withdrawal's own.
    const { value: v, gas_price: g, gas_limit: l, speed: _s, ...rest } = built.errors;
    // Over what it can pay: what `all` would send beside it (less than the send's most by a re-price's extra fee).
    const amountError = v && over > 0n ? `${v}; all sends ${formatWei(over, network)} (it keeps back what a re-price, +10 %, would cost more: v1.8 checks the balance again then)` : (v ?? g ?? l);
    return { errors: { ...rest, ...(amountError ? { amount: amountError } : {}) } };
  }
  const left = i.balanceWei - value - fee;
  return {
    request: {
      ...built.request,
      op: 'withdraw',
      what: `Withdraw ${formatWei(value, network)} from relayer ${relayerId} to ${to}`,
      review: [
        ...(built.request.review ?? []),
        { label: 'fee', value: `${TRANSFER_GAS} gas × ${formatGwei(i.gasPriceWei)} (the network's price read at ${clock(i.now)}, fixed) = ${formatWei(fee, network)}` },
        { label: 'leaves', value: `${formatWei(left, network)}${'all' in amount ? ': its min_balance and what a re-price (+10 %) would cost more, which v1.8 checks again when it re-prices' : ''}` },
      ],
      confirm: relayerId,
    },
  };
}

/** Why an amount as typed is not one (`all`, or wei, or with the chain's own coin: 0.5avax), or null. */
function amountProblem(v: string, network: string | null | undefined): string | null {
  const t = v.trim();
  if (!t) return 'required: all, or an amount';
  if (t.toLowerCase() === 'all') return null;
  const p = parseWei(t, network);
  return !p ? `all, or wei, or with a unit: 0.5${nativeUnit(network).toLowerCase()}` : 'error' in p ? p.error : null;
}

/** The form's fields (W): where to, and how much (`all`, or an amount). */
const fields = (relayer: Relayer): FieldSpec[] => [
  { name: 'to', label: 'to', kind: 'text', hint: '0x address (40 hex digits; mixed case: EIP-55 checked): where the funds go', validate: (v) => (v.trim() ? address(v) : 'required') },
  { name: 'amount', label: 'amount', kind: 'text', hint: `all (everything over its min_balance), or wei, or 0.5${nativeUnit(relayer.network).toLowerCase()}`, validate: (v) => amountProblem(v, relayer.network) },
];

export const withdrawSpec: OperationSpec<'withdraw', WithdrawInput> = {
  kind: 'withdraw',
  entry: OPERATIONS.withdraw,
  // Its relayer, then (where a withdrawal is not refused there) its balance and the network's price.
  read: (client, target, signal) => readSending(client, target, signal, withdrawRefusal, (b) => withdrawInput(client, b.target.relayerId)),
  // The form opens on the row at once; its balance and price are read as it opens (`reading`).
  known: (client, target, relayer) => (relayer ? { target: { relayerId: target.relayerId ?? relayer.id }, relayer, offered: client.supports('send'), now: Date.now(), reading: true } : null),
  refusal: withdrawRefusal,
  form: (i) => ({
    title: `${i.target.relayerId} › withdraw`,
    fields: fields(i.relayer),
    focus: 'to',
    initial: { to: '', amount: 'all' },
    intro: [
      i.reading
        ? "reading its balance and the network's price…"
        : `read at ${clock(i.now)}: balance ${i.balanceWei === undefined ? 'not read' : formatWei(i.balanceWei, i.relayer.network)}; the network's price ${i.gasPriceWei === undefined ? 'not read' : formatGwei(i.gasPriceWei)} (a transfer: 21,000 gas at it, fixed)`,
    ],
  }),
  // `--to ADDR` and `--value V` or `--all` (the amount field's `all`): the form's own checks then.
  fromFlags: ({ flags: f }) =>
    f.to === undefined || (f.value === undefined) === (f.all === undefined)
      ? { usage: '' }
      : { values: { to: f.to, amount: f.all !== undefined ? 'all' : f.value! }, given: { to: 'to', amount: f.all !== undefined ? 'all' : 'value' } },
  build: (i, v) => withdrawRequest((v.to ?? '').trim(), (v.amount ?? '').trim().toLowerCase() === 'all' ? { all: true } : { value: (v.amount ?? '').trim() }, i),
  reviewNotes: () => [{ label: 'meanwhile', value: "a send from the relayer meanwhile (its other traffic) takes from what this leaves: v1.8 can then fail this one" }],
  // Built on the relayer's policies as read (min_balance, gas_price_cap, its whitelist) and its state: sent only if they are still so.
  basis: (i) => relayerBasis(i.relayer),
  events: (answer, i) => {
    const tx = answer as Transaction | null;
    return [{ kind: 'created', relayerId: i.target.relayerId, ...(tx && typeof tx === 'object' && typeof tx.id === 'string' ? { transaction: tx } : {}) }];
  },
};
