/**
 * A new transaction from a relayer (issue 42.2: Defender's "Send transaction"): POST
 * /relayers/{id}/transactions on the OpenZeppelin Relayer, its body for the relayer's network type,
 * the form's fields and flags as `replace` has them: EVM here (evm.ts's fields, u128 exact, units
 * accepted), Solana (sendSolana.ts) and Stellar (sendStellar.ts). Refused before sending where v1.8
 * would refuse it (models/transaction/request/*.rs, in its order, each said on its field) or accept it
 * only to fail it later (an EVM value above what the balance holds over min_balance): the same rules
 * the sandbox's real flavour answers with (src/sandbox/send.ts). The outcome names the new transaction.
 * An executable spec with a form (spec.ts `sendSpec`): n on a relayer opens it in the one generic
 * screen, its fields those of the relayer's network kind; `relayer-tui send ID …` fills the same form
 * from its flags, or sends a whole body (`--body FILE|-`) checked by the same rules.
 */
import { JsonSyntaxError, normalizeSend, parseJson, prepareSendTransaction, type Relayer, type RelayerClient, type SendRequest, type Transaction } from '../../api/index.js';
import { addressProblem } from '../address.js';
import { formatGwei, formatWei, toBigInt } from '../amounts.js';
import { clock } from '../time.js';
import { networkKind, relayerState, type NetworkKind } from '../relayer.js';
import { displayText } from '../text/values.js';
import { findRelayer } from '../lookup.js';
import { EVM_FIELD_FLAGS, evmFields, evmRequest, NO_SPEED } from './evm.js';
import { relayerBasis } from './basis.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, Effect, FieldSpec, FormDefinition, Refusal, Values } from './types.js';
import { apiFieldErrors, jsonCheck } from './validators.js';
import { besideBody, refusalWords, type Built, type NotFound, type OperationSpec, type Refusal as SpecRefusal } from './spec.js';
import { solanaSendErrors, solanaSendFields, solanaSendInitialValues, solanaSendRequest, solanaSendReview } from './sendSolana.js';
import { stellarSendErrors, stellarSendInitialValues, stellarSendReview } from './sendStellar.js';
import { stellarFields, stellarRequest } from './stellar.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** What a send is checked against: the relayer as read, its balance (its status), and this machine's clock. */
export interface SendContext {
  relayerId: string;
  relayer: Relayer | undefined;
  /** The relayer's balance in wei, from its status (undefined: not read: the check says so). */
  balanceWei?: bigint;
  /** When that balance was read (the review says it: a figure on a review carries its time). */
  balanceAt?: number;
  /** The network's price (eth_gasPrice through the server's JSON-RPC passthrough), wei: a speed's quote is estimated from it (undefined: not read). */
  gasPriceWei?: bigint;
  now: number;
}

/** v1.8's legacy quote of a speed, in percent of the network's price (services/gas/evm_gas_price.rs:81 Speed::multiplier). */
export const SPEED_PERCENT: Record<string, bigint> = { safeLow: 100n, average: 125n, fast: 150n, fastest: 200n };

/**
 * What v1.8 will ask per gas for a speed, estimated from the network's price: its legacy quote
 * (eth_gasPrice × the speed's multiplier, evm_gas_price.rs:179 build_legacy_prices_from_base), held to
 * gas_price_cap as it holds every quote (price_calculator.rs:558 apply_gas_price_cap_and_constraints).
 * An EIP-1559 quote is the base fee × a block-time multiplier + the speed's tip (price_calculator.rs:668),
 * usually more: this is a floor, said as an estimate. Undefined when the price or the speed is not known.
 */
export function speedPerGas(speed: unknown, gasPriceWei: bigint | undefined, cap: bigint | undefined): bigint | undefined {
  const pct = typeof speed === 'string' ? SPEED_PERCENT[speed] : undefined;
  if (pct === undefined || gasPriceWei === undefined) return undefined;
  const quote = (gasPriceWei * pct) / 100n;
  return cap !== undefined && quote > cap ? cap : quote;
}

/** A send where the server has no POST /relayers/{id}/transactions (a server of the interface document). */
export const SEND_NOT_OFFERED: SpecRefusal = { kind: 'not-offered', doing: 'sending a transaction', endpoint: 'POST /relayers/{id}/transactions' };

/** Why no send is made from this relayer (typed: spec.ts refusalWords says it), or null. */
export function sendSpecRefusal(i: Pick<SendInput, 'target' | 'relayer' | 'offered'>): SpecRefusal | null {
  const relayerId = i.target.relayerId;
  if (i.offered === false) return SEND_NOT_OFFERED;
  if (networkKind(i.relayer.network_type) === 'unknown') return { kind: 'unknown-network', relayerId, networkType: i.relayer.network_type };
  const state = relayerState(i.relayer);
  return state === 'active' ? null : { kind: 'send-blocked', relayerId, state };
}

/** v1.8's intrinsic gas (utils/transaction.rs:69): 21,000 (53,000 creating a contract), + 4 a zero byte and 16 any other of data. */
export function intrinsicGas(to: string | undefined, data: string | undefined): bigint {
  let gas = to ? 21_000n : 53_000n;
  const hex = (data ?? '').replace(/^0x/, '');
  for (let i = 0; i + 1 < hex.length; i += 2) gas += hex.slice(i, i + 2) === '00' ? 4n : 16n;
  return gas;
}

const policy = (r: Relayer | undefined) => (r?.policies ?? {}) as Record<string, unknown>;

/**
 * v1.8's checks of a send body (request/evm.rs validate), on the fields they are about; and the one it
 * accepts and fails later: value (+ gas × an explicit price) above the balance less min_balance.
 */
export function sendErrors(body: Record<string, unknown>, c: SendContext): Record<string, string> {
  const p = policy(c.relayer);
  const to = typeof body.to === 'string' ? body.to : undefined;
  const data = typeof body.data === 'string' ? body.data : undefined;
  const errors: Record<string, string> = {};
  // The one address rule (core/address.ts): a mixed-case address whose EIP-55 checksum does not match is a typo (a --body's `to` too).
  const toProblem = to !== undefined && to !== '' ? addressProblem(to) : null;
  if (toProblem) errors.to = toProblem;
  const list = p.whitelist_receivers;
  if (Array.isArray(list)) {
    const allowed = [...list.map((a) => String(a).toLowerCase()), ZERO_ADDRESS, String(c.relayer?.address ?? '').toLowerCase()];
    if (!toProblem && !allowed.includes((to ?? '').toLowerCase()) && list.length === 0)
      errors.to = `not allowed: the relayer's whitelist_receivers is empty: it allows only the zero address and the relayer's own: v1.8 answers 400 "Transaction target address is not whitelisted"`;
    else if (!toProblem && !allowed.includes((to ?? '').toLowerCase()))
      errors.to = `not in the relayer's whitelist_receivers: ${list.slice(0, 3).map((a) => displayText(a).slice(0, 66)).join(', ')}${list.length > 3 ? `, and ${list.length - 3} more (p lists them)` : ''} (the zero address and its own go through too): v1.8 answers 400 "Transaction target address is not whitelisted"`;
  }
  if (!to && !data) errors.to ??= 'give a to, or data (a contract to create): v1.8 refuses a body with neither';
  const gas = toBigInt(body.gas_limit);
  if (gas === undefined && p.gas_limit_estimation === false) errors.gas_limit = 'required: the relayer\'s gas_limit_estimation is false (v1.8 answers 400)';
  const intrinsic = intrinsicGas(to, data);
  if (gas !== undefined && gas < intrinsic) errors.gas_limit = `under the intrinsic gas ${intrinsic} (v1.8 answers 400 "gas_limit is too low")`;
  if (typeof body.valid_until === 'string' && Date.parse(body.valid_until) < c.now) errors.valid_until = 'in the past: v1.8 answers 400 "The validUntil time cannot be in the past"';
  const eip1559 = body.max_fee_per_gas !== undefined || body.max_priority_fee_per_gas !== undefined;
  const modes = [eip1559, body.gas_price !== undefined, body.speed !== undefined].filter(Boolean).length;
  if (modes === 0) errors.speed = 'choose how it is priced: a speed, or a gas_price, or max_fee_per_gas with max_priority_fee_per_gas (exactly one)';
  if (modes > 1) {
    // Said on the price typed (where the operator is), not on the preselected speed.
    const typed = body.gas_price !== undefined ? 'gas_price' : 'max_fee_per_gas';
    errors[body.speed !== undefined ? typed : 'speed'] =
      body.speed !== undefined
        ? `speed is ${String(body.speed)} too: one way of pricing only (v1.8 refuses a mix); leave the speed out (${NO_SPEED}, its first option) to price by ${typed === 'gas_price' ? 'gas_price' : 'the EIP-1559 pair'}`
        : 'one way of pricing only: a gas_price or the EIP-1559 pair (v1.8 refuses a mix)';
  }
  const cap = toBigInt(p.gas_price_cap);
  const price = toBigInt(body.gas_price);
  if (price !== undefined && cap !== undefined && price > cap) errors.gas_price = `above the relayer's gas_price_cap ${formatGwei(cap)}: v1.8 answers 400 "Gas price is too high"`;
  // Accepted and failed later by v1.8: what it cannot pay over its minimum.
  const value = toBigInt(body.value) ?? 0n;
  // An EIP-1559 max fee held to the cap, as v1.8 computes the cost (apply_gas_price_cap_and_constraints).
  const maxFee = toBigInt(body.max_fee_per_gas);
  // A speed: what v1.8 will quote for it, estimated from the network's price (speedPerGas), so a value
  // that leaves less than min_balance once gas is paid is refused here, not by v1.8 after it is taken.
  const perGas = price ?? (maxFee !== undefined && cap !== undefined && maxFee > cap ? cap : maxFee) ?? speedPerGas(body.speed, c.gasPriceWei, cap);
  const most = value + (perGas !== undefined ? perGas * (gas ?? intrinsic) : 0n);
  // v1.8's default where none is set: 1 wei (constants/relayer.rs:5).
  const min = toBigInt(p.min_balance) ?? 1n;
  const net = c.relayer?.network;
  // Already at or under its minimum: nothing can be sent, whatever the value (a value of 0 too).
  if (c.balanceWei !== undefined && c.balanceWei - min <= 0n)
    errors.value = `the relayer's balance ${formatWei(c.balanceWei, net)} is ${c.balanceWei < min ? 'under' : 'at'} its min_balance ${formatWei(min, net)}: no send can be paid (v1.8 takes it, then fails it); fund it first`;
  else if (c.balanceWei !== undefined && most > c.balanceWei - min) {
    // Its gas said beside what is left, as sure as it is: a price and a gas_limit given, what it costs; a
    // max fee, at most (held to the cap where over it); a speed, an estimate; no gas_limit, at least the
    // intrinsic gas (the server estimates the rest). What can then be sent is said as sure as the fee.
    const gasUsed = gas ?? intrinsic;
    const fee = perGas !== undefined ? perGas * gasUsed : undefined;
    const estimated = price === undefined && maxFee === undefined;
    const held = maxFee !== undefined && price === undefined && cap !== undefined && maxFee > cap ? ', held to gas_price_cap' : '';
    const feeWords =
      fee === undefined
        ? ''
        : estimated
          ? `, and its gas at speed ${String(body.speed)} costs about ${formatWei(fee, net)} (an estimate: ${gasUsed} gas × ${formatGwei(perGas!)})`
          : `, and its gas costs ${gas === undefined ? 'at least ' : price === undefined ? 'at most ' : ''}${formatWei(fee, net)} (${gasUsed} gas${gas === undefined ? ' at least, none given: the server estimates it' : ''} × ${formatGwei(perGas!)}${held})`;
    const room = c.balanceWei - min - (fee ?? 0n);
    const canSend = fee === undefined ? '' : room <= 0n ? ': nothing can be sent' : `: ${estimated ? 'about' : 'at most'} ${formatWei(room, net)} can be sent`;
    errors.value = `more than the relayer can pay over its min_balance: ${formatWei(c.balanceWei, net)} − ${formatWei(min, net)} leaves ${formatWei(c.balanceWei - min, net)}${feeWords}${canSend} (v1.8 takes it, then fails it)`;
  }
  return errors;
}

/** The relayer's network type as a body group (EVM where it is not known: sendSpecRefusal has refused it first). */
export const sendKind = (relayer: Relayer | undefined): NetworkKind => {
  const k = networkKind(relayer?.network_type);
  return k === 'unknown' ? 'evm' : k;
};

/** The form's first values: EVM's empty, speed fast preselected (one pricing mode); Solana's and Stellar's templates. */
export function sendInitialValues(relayer?: Relayer): Values {
  const kind = sendKind(relayer);
  if (kind === 'solana') return solanaSendInitialValues();
  if (kind === 'stellar') return stellarSendInitialValues(relayer);
  return { value: '', to: '', data: '', gas_limit: '', gas_price: '', max_fee_per_gas: '', max_priority_fee_per_gas: '', speed: 'fast', valid_until: '' };
}

export function sendForm(c: SendContext): FormDefinition {
  const network = c.relayer?.network;
  const kind = sendKind(c.relayer);
  // Solana and Stellar: what is built from first (a choice), the values turned into the body by the network's own reader.
  const from = (fields: FieldSpec[], read: (v: Values) => SendRequest | { errors: Record<string, string> }): FormDefinition => ({
    fields,
    focus: 'mode',
    build: (v) => {
      const req = read(v);
      return 'errors' in req ? { errors: req.errors } : sendRequest(req, c);
    },
  });
  if (kind === 'solana') return from(solanaSendFields(), solanaSendRequest);
  if (kind === 'stellar') return from(stellarFields(), stellarRequest);
  // Where it goes first, then how much, then how it is priced (the speed beside the prices it excludes),
  // the rest after (a replacement's form starts at value: it has a `to` already).
  const fields = evmFields(network);
  const order = ['to', 'value', 'speed', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas'];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return {
    fields: [...fields].sort((a, b) => rank(a.name) - rank(b.name)),
    focus: 'to',
    build: (values) => sendRequest(evmRequest({ ...values, speed: values.speed ?? NO_SPEED }, network), c),
  };
}

/** The request for this body (of the relayer's network type), or its errors (v1.8's rules). */
export function sendRequest(req: SendRequest, c: SendContext): { request: BuiltRequest } | { errors: Record<string, string> } {
  const kind = sendKind(c.relayer);
  let prepared;
  let body: Record<string, unknown>;
  try {
    prepared = prepareSendTransaction(c.relayerId, req, kind);
    // What goes on the wire, field by field (exact integers): the checks and the review read this, not the form.
    body = normalizeSend(req, kind);
  } catch (e) {
    return { errors: apiFieldErrors(e) };
  }
  const errors = kind === 'solana' ? solanaSendErrors(body, c.relayer, c.now) : kind === 'stellar' ? stellarSendErrors(body, c.now, c.relayer, c.balanceWei !== undefined ? { stroops: c.balanceWei, ...(c.balanceAt !== undefined ? { at: c.balanceAt } : {}) } : undefined) : sendErrors(body, c);
  if (Object.keys(errors).length) return { errors };
  const from: ReviewLine = { label: 'from relayer', value: `${c.relayerId} (${displayText(c.relayer?.address)}, ${displayText(c.relayer?.network)})` };
  const review = kind === 'solana' ? [from, ...solanaSendReview(body)] : kind === 'stellar' ? [from, ...stellarSendReview(body, c.relayer)] : evmSendReview(body, c);
  return {
    request: {
      op: 'send',
      target: { relayerId: c.relayerId },
      what: `Send a new ${kind === 'evm' ? 'EVM' : kind === 'solana' ? 'Solana' : 'Stellar'} transaction from relayer ${c.relayerId}`,
      prepared,
      review,
      send: (client, options) => client.sendTransaction(c.relayerId, req, { ...options, group: kind }),
      effect: (answer) => sendEffect(body, answer, kind),
    },
  };
}

function evmSendReview(body: Record<string, unknown>, c: SendContext): ReviewLine[] {
  const network = c.relayer?.network;
  const p = policy(c.relayer);
  const min = toBigInt(p.min_balance);
  const cap = toBigInt(p.gas_price_cap);
  const maxFee = toBigInt(body.max_fee_per_gas);
  const tip = toBigInt(body.max_priority_fee_per_gas);
  const gas = toBigInt(body.gas_limit) ?? intrinsicGas(typeof body.to === 'string' ? body.to : undefined, typeof body.data === 'string' ? body.data : undefined);
  const gasWords = toBigInt(body.gas_limit) !== undefined ? `${gas} gas` : `at least ${gas} gas (none given: the server estimates it)`;
  const lines: ReviewLine[] = [];
  // v1.8 takes an EIP-1559 send whose max fee is over the cap (request/evm.rs:174 checks only a legacy
  // gas_price) and lowers it to the cap when it prices it (price_calculator.rs:574), the tip to that (:578).
  if (maxFee !== undefined && cap !== undefined && maxFee > cap)
    lines.push({
      label: '⚠ max fee',
      value: `${formatGwei(maxFee)} is above the relayer's gas_price_cap ${formatGwei(cap)}: v1.8 takes it and lowers it to the cap when it prices it${tip !== undefined && tip > cap ? `, the tip ${formatGwei(tip)} to it too` : ''} — it is sent at ${formatGwei(cap)} at most, not at what is asked`,
      tone: 'warn',
    });
  if (body.speed !== undefined) {
    const perGas = speedPerGas(body.speed, c.gasPriceWei, cap);
    lines.push(
      perGas !== undefined
        ? { label: 'gas (estimate)', value: `about ${formatWei(perGas * gas, network)}: ${gasWords} × ${formatGwei(perGas)} (the network's ${formatGwei(c.gasPriceWei!)} × ${SPEED_PERCENT[String(body.speed)]} % for ${displayText(body.speed)}, v1.8's legacy quote${cap !== undefined && perGas === cap ? ', held to gas_price_cap' : ''}; an EIP-1559 quote is often more); the balance check includes it` }
        : { label: '⚠ gas', value: "the network's price was not read (eth_gasPrice): the balance check leaves the gas out", tone: 'warn' },
    );
  }
  return [
    { label: 'from relayer', value: `${c.relayerId} (${displayText(c.relayer?.address)}, ${displayText(network)})` },
    { label: 'to', value: typeof body.to === 'string' ? body.to : '(none: a contract creation)' },
    { label: 'value', value: `${displayText(body.value)} wei (${formatWei(body.value, network)})` },
    { label: 'priced by', value: body.speed !== undefined ? `speed ${displayText(body.speed)}: the server quotes the price` : body.gas_price !== undefined ? `gas_price ${formatGwei(String(body.gas_price))} (legacy)` : `max fee ${formatGwei(String(body.max_fee_per_gas))}, tip ${formatGwei(String(body.max_priority_fee_per_gas))}` },
    ...(c.balanceWei !== undefined
      ? [{ label: 'balance', value: `${formatWei(c.balanceWei, network)} as read${c.balanceAt !== undefined ? ` at ${clock(c.balanceAt)}` : ''}${min !== undefined ? `; its min_balance ${formatWei(min, network)}` : ''}` }]
      : [{ label: '⚠ balance', value: "not read (no status): whether it can pay is not checked", tone: 'warn' as const }]),
    ...lines,
  ];
}

/** The answer is the new transaction: does it carry what was sent (EVM: to, value; Stellar: the source account)? Its id named. */
export function sendEffect(body: Record<string, unknown>, answer: unknown, kind: NetworkKind = 'evm'): Effect {
  const tx = answer as (Partial<Transaction> & { source_account?: unknown }) | null;
  if (!tx || typeof tx.id !== 'string') return { kind: 'unchecked', words: 'the answer names no transaction: look at the relayer\'s newest transactions' };
  const off: string[] = [];
  if (kind === 'evm') {
    if (typeof body.to === 'string' && String(tx.to ?? '').toLowerCase() !== body.to.toLowerCase()) off.push(`to ${displayText(tx.to)}`);
    if (toBigInt(tx.value) !== toBigInt(body.value)) off.push(`value ${displayText(tx.value)}`);
  }
  // A Solana one is not compared: the relayer signs a pre-built transaction, so its bytes change.
  if (kind === 'stellar' && typeof body.source_account === 'string' && typeof tx.source_account === 'string' && tx.source_account !== body.source_account) off.push(`source_account ${displayText(tx.source_account)}`);
  const id = displayText(tx.id).slice(0, 80);
  if (off.length) return { kind: 'not as asked', words: `new transaction ${id}, but it carries ${off.join(', ')} (not what was sent)` };
  return { kind: 'as asked', words: `new transaction ${id}, ${displayText(tx.status).slice(0, 40)}: the server signs and broadcasts it` };
}

/** What a send rests on: the relayer as read, whether the server takes sends, its balance (its status) and, for EVM, the network's price, and when they were read. */
export interface SendInput {
  target: OperationTarget & { relayerId: string };
  relayer: Relayer;
  /** `client.supports('send')` (false: a server of the interface document, refused before sending). */
  offered: boolean | undefined;
  /** Its balance from its status (EVM wei, Stellar stroops; undefined: not read) and when it was read. */
  balanceWei?: bigint;
  balanceAt?: number;
  /** eth_gasPrice through the server's JSON-RPC passthrough (EVM; undefined: not read): a speed's gas is estimated from it. */
  gasPriceWei?: bigint;
  now: number;
  /** Still being read (the TUI's form opened on the row before the answers came). */
  reading?: boolean;
}

/** Each network kind's flags (flag → the form's field); a whole body (--body) for any. */
const SEND_FLAGS: Record<NetworkKind, Readonly<Record<string, string>>> = {
  evm: EVM_FIELD_FLAGS,
  solana: { transaction: 'transaction', instructions: 'instructions', 'valid-until': 'valid_until' },
  stellar: {},
};
const ALL_FLAGS: Readonly<Record<string, string>> = { ...SEND_FLAGS.evm, ...SEND_FLAGS.solana };

/** What the form says above its fields, by network kind. */
const INTRO: Record<NetworkKind, string> = {
  evm: 'one way of pricing: a speed, a gas_price, or the EIP-1559 pair',
  solana: 'a pre-built transaction (the relayer pays) or instructions',
  stellar: 'operations or a pre-built XDR; the relayer pays the fee',
};

const contextOf = (i: SendInput): SendContext => ({
  relayerId: i.target.relayerId,
  relayer: i.relayer,
  ...(i.balanceWei !== undefined ? { balanceWei: i.balanceWei, ...(i.balanceAt !== undefined ? { balanceAt: i.balanceAt } : {}) } : {}),
  ...(i.gasPriceWei !== undefined ? { gasPriceWei: i.gasPriceWei } : {}),
  now: Date.now(),
});

/** A whole body (headless `--body`): parsed exactly, checked by the same rules; its errors said on `--body`. */
function bodyRequest(text: string, c: SendContext): Built {
  let body: unknown;
  try {
    body = parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { errors: { _form: `--body: ${jsonCheck(text)}` } };
    throw e;
  }
  const built = sendRequest(body as SendRequest, c);
  if ('errors' in built) return { errors: { _form: Object.entries(built.errors).map(([k, m]) => `--body: ${k === '_form' ? '' : `${k}: `}${m}`).join('; ') } };
  return built;
}

/** The relayer's balance (its status: not Solana's, whose checks do not take it) and, for EVM, the network's price, read now. */
async function sendFigures(client: RelayerClient, relayerId: string, kind: NetworkKind, signal?: AbortSignal): Promise<Pick<SendInput, 'balanceWei' | 'balanceAt' | 'gasPriceWei' | 'now'>> {
  const o = signal ? { signal } : {};
  const status = kind !== 'solana' && client.offers('relayerStatus') ? await client.relayerStatus(relayerId, o).catch(() => undefined) : undefined;
  const balanceAt = Date.now();
  const balanceWei = toBigInt(status?.balance);
  const gasPriceWei = kind === 'evm' && client.offers('rpc') ? toBigInt(await client.rpcRead(relayerId, 'eth_gasPrice', [], o).catch(() => undefined)) : undefined;
  return { now: Date.now(), ...(balanceWei !== undefined ? { balanceWei, balanceAt } : {}), ...(gasPriceWei !== undefined ? { gasPriceWei } : {}) };
}

/** What a send or a withdrawal rests on before its figures: its relayer as read, and whether the server takes sends. */
export interface SendingBase {
  target: OperationTarget & { relayerId: string };
  relayer: Relayer;
  offered: boolean | undefined;
}

/** Its relayer, then (where `refused` does not refuse it there) its `figures` (a balance, the network's price), read now. */
export async function readSending<F extends { now: number }>(client: RelayerClient, target: OperationTarget, signal: AbortSignal | undefined, refused: (b: SendingBase) => SpecRefusal | null, figures: (b: SendingBase) => Promise<F>): Promise<(SendingBase & Partial<F> & { now: number }) | NotFound> {
  const relayerId = target.relayerId ?? '';
  await client.detectDialect(signal);
  const relayer = await findRelayer(client, relayerId, signal ? { signal } : {});
  if (!relayer) return { notFound: { what: 'relayer', id: relayerId } };
  const base: SendingBase = { target: { relayerId }, relayer, offered: client.supports('send') };
  // Refused: no figures (their fields are all optional).
  if (refused(base)) return { ...base, now: Date.now() } as SendingBase & Partial<F> & { now: number };
  return { ...base, ...(await figures(base)) };
}

export const sendSpec: OperationSpec<'send', SendInput> = {
  kind: 'send',
  entry: OPERATIONS.send,
  read: (client, target, signal) => readSending(client, target, signal, sendSpecRefusal, (b) => sendFigures(client, b.target.relayerId, sendKind(b.relayer), signal)),
  // The form opens on the row at once (its fields are its network kind's), on its balance as the TUI last read it; its figures are read again as it opens (`reading`).
  known: (client, target, relayer, seen) => {
    if (!relayer) return null;
    const balanceWei = toBigInt(seen?.status?.balance);
    const figures = balanceWei !== undefined ? { balanceWei, ...(seen?.statusAt !== undefined ? { balanceAt: seen.statusAt } : {}) } : {};
    return { target: { relayerId: target.relayerId ?? relayer.id }, relayer, offered: client.supports('send'), ...figures, now: Date.now(), reading: true };
  },
  refusal: sendSpecRefusal,
  form: (i) => {
    const def = sendForm(contextOf(i));
    return {
      title: `${i.target.relayerId} › send`,
      fields: def.fields.map(besideBody),
      ...(def.focus !== undefined ? { focus: def.focus } : {}),
      initial: sendInitialValues(i.relayer),
      intro: [`from ${i.target.relayerId} (${i.relayer.network ?? '?'}); ${INTRO[sendKind(i.relayer)]}`],
    };
  },
  fileOptions: ['body'],
  // The fields' flags of every network kind (flagsMisfit holds them to the relayer's), or a whole body; no speed unless one is given.
  fromFlags: ({ flags: f, files }) => {
    const flags = Object.keys(ALL_FLAGS).filter((k) => f[k] !== undefined);
    if (f.body !== undefined) return flags.length ? { usage: `--body is the whole body: not with --${flags[0]}` } : { values: { body: files?.body ?? '' }, given: { body: 'body' } };
    const values: Values = { speed: '' };
    const given: Record<string, string> = {};
    for (const flag of flags) {
      values[ALL_FLAGS[flag]!] = f[flag]!;
      given[ALL_FLAGS[flag]!] = flag;
    }
    // Solana: what it is built from follows the flag given.
    if (f.instructions !== undefined) values.mode = 'instructions';
    else if (f.transaction !== undefined) values.mode = 'transaction';
    return { values, given };
  },
  flagsMisfit: (i, given) => {
    const kind = sendKind(i.relayer);
    const foreign = Object.values(given).find((flag) => flag !== 'body' && !(flag in SEND_FLAGS[kind]));
    if (foreign) return `--${foreign} is not a flag of ${kind === 'evm' ? 'an EVM' : `a ${kind === 'solana' ? 'Solana' : 'Stellar'}`} send, and relayer ${i.target.relayerId} is ${kind}${kind === 'stellar' ? ': give its body with --body FILE|-' : ''}`;
    if (!Object.keys(given).length) return `nothing to send: ${kind === 'stellar' ? 'a Stellar send is given whole: --body FILE|-' : kind === 'solana' ? 'give --transaction B64 or --instructions JSON (or --body FILE|-)' : 'give --to and --value (or --body FILE|-)'}`;
    return null;
  },
  build: (i, v) => (v.body !== undefined ? bodyRequest(v.body, contextOf(i)) : sendForm(contextOf(i)).build(v)),
  reviewNotes: () => [],
  // Built on the relayer's policies as read (its whitelist, min_balance, gas_price_cap) and its state: sent only if they are still so.
  basis: (i) => relayerBasis(i.relayer),
  events: (answer, i) => {
    const tx = answer as Transaction | null;
    return [{ kind: 'created', relayerId: i.target.relayerId, ...(tx && typeof tx === 'object' && typeof tx.id === 'string' ? { transaction: tx } : {}) }];
  },
};
