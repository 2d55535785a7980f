/**
 * POST /relayers/{rid}/transactions in the real flavour — v1.8's send (src/api/controllers/relayer.rs
 * send_transaction), its checks in its order:
 * - 404 relayer; 403 `Relayer paused` / `Relayer disabled` (validate_active_state);
 * - the body read by the relayer's network type (an EVM one as EvmTransactionRequest: a shape error is
 *   serde's 400);
 * - models/transaction/request/evm.rs validate: the target against `whitelist_receivers` when set (the
 *   zero address and the relayer's own always let through) — "Transaction target address is not
 *   whitelisted"; neither `to` nor `data`; no `gas_limit` while `gas_limit_estimation` is false; a
 *   `gas_limit` under the intrinsic gas (21,000, or 53,000 creating a contract, + 4 a zero byte and 16
 *   any other of data: utils/transaction.rs calculate_intrinsic_gas); `valid_until` in the past or not
 *   RFC 3339; not exactly one pricing mode (speed, gas_price, or the EIP-1559 pair, both, max ≥ tip);
 *   a legacy `gas_price` above `gas_price_cap` — "Gas price is too high";
 * - then a new transaction, `pending`, answered at once; the chain (chain/chain.ts) prepares, signs and
 *   broadcasts it as any other. A balance too low is not checked here: v1.8 accepts such a send and
 *   fails it when it prepares it.
 * A Solana or Stellar relayer's send, after the same 404 and 403: sendOther.ts, in v1.8's order and words.
 */
import { type SandboxData, renderTransaction } from './data.js';
import { type Flavor, type SandboxResponse, fail, ok, readJsonBody } from './flavor.js';
import { inactive } from './guards.js';
import { pendingEvm } from './models.js';
import { Rng } from './random.js';
import { parseEvmReplace } from './replace.js';
import { ShapeError } from './validate.js';
import { handleSendOther } from './sendOther.js';

export interface SendContext {
  flavor: Flavor;
  data: SandboxData;
  now(): number;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
let sends = 0;

/** v1.8's intrinsic gas of a request (utils/transaction.rs:69). */
export function intrinsicGas(to: string | undefined, data: string | undefined): bigint {
  let gas = to === undefined ? 53_000n : 21_000n;
  const hex = (data ?? '').replace(/^0x/, '');
  if (/^([0-9a-fA-F]{2})*$/.test(hex)) for (let i = 0; i < hex.length; i += 2) gas += hex.slice(i, i + 2) === '00' ? 4n : 16n;
  return gas;
}

export function handleSend(ctx: SendContext, relayerId: string, rawBody: string): SandboxResponse {
  const { flavor, data } = ctx;
  const read = readJsonBody(flavor, rawBody);
  if ('response' in read) return read.response;
  const relayer = data.relayer(relayerId);
  if (!relayer) return fail(flavor, 404, `Relayer with ID ${relayerId} not found`);
  const refused = inactive(flavor, relayer);
  if (refused) return refused;
  if (relayer.network_type !== 'evm') return handleSendOther(ctx, relayer, read.body, () => new Rng(`send:${relayerId}:${ctx.now()}:${++sends}`).uuid());
  let req;
  try {
    req = parseEvmReplace(read.body, true);
  } catch (e) {
    if (e instanceof ShapeError) return fail(flavor, 400, e.message);
    throw e;
  }
  const policies = relayer.policies as Record<string, unknown>;
  const whitelist = policies.whitelist_receivers;
  if (Array.isArray(whitelist)) {
    const allowed = [...whitelist.map((a) => String(a).toLowerCase()), ZERO_ADDRESS, relayer.address.toLowerCase()];
    if (!allowed.includes((req.to ?? '').toLowerCase())) return fail(flavor, 400, 'Transaction target address is not whitelisted');
  }
  if (req.to === undefined && req.data === undefined) return fail(flavor, 400, 'Both txs `to` and `data` fields are missing. At least one of them has to be set.');
  if (policies.gas_limit_estimation === false && req.gas_limit === undefined) return fail(flavor, 400, 'gas_limit is required when gas_limit_estimation policy is disabled');
  if (req.gas_limit !== undefined) {
    const intrinsic = intrinsicGas(req.to, req.data);
    if (req.gas_limit < intrinsic) return fail(flavor, 400, `gas_limit is too low, intrinsic gas is ${intrinsic} and gas_limit is ${req.gas_limit}`);
  }
  if (req.valid_until !== undefined) {
    const t = Date.parse(req.valid_until);
    if (!/^\d{4}-\d\d-\d\dT/.test(req.valid_until) || Number.isNaN(t)) return fail(flavor, 400, 'Invalid validUntil datetime format');
    if (t < ctx.now()) return fail(flavor, 400, 'The validUntil time cannot be in the past');
  }
  const eip1559 = req.max_fee_per_gas !== undefined || req.max_priority_fee_per_gas !== undefined;
  const modes = [eip1559, req.gas_price !== undefined, req.speed !== undefined].filter(Boolean).length;
  if (modes === 0) return fail(flavor, 400, 'Transaction must specify either gasPrice, speed, or EIP1559 parameters');
  if (modes > 1) return fail(flavor, 400, 'Cannot mix different transaction types. Use either gasPrice, speed, or EIP1559 parameters');
  if (eip1559) {
    if (req.max_fee_per_gas === undefined || req.max_priority_fee_per_gas === undefined) return fail(flavor, 400, 'EIP1559 transactions require both maxFeePerGas and maxPriorityFeePerGas');
    if (req.max_fee_per_gas < req.max_priority_fee_per_gas) return fail(flavor, 400, 'maxFeePerGas must be greater than or equal to maxPriorityFeePerGas');
  }
  const cap = policies.gas_price_cap;
  if (req.gas_price !== undefined && (typeof cap === 'number' || typeof cap === 'bigint') && req.gas_price > BigInt(cap)) return fail(flavor, 400, 'Gas price is too high');
  const now = ctx.now();
  const tx = pendingEvm(
    {
      id: new Rng(`send:${relayerId}:${now}:${++sends}`).uuid(),
      relayer_id: relayerId,
      from: relayer.address,
      to: req.to ?? null,
      value: req.value,
      data: req.data ?? '0x',
      gas_limit: req.gas_limit === undefined ? 21_000 : Number(req.gas_limit),
      gas_price: req.gas_price ?? null,
      max_fee_per_gas: req.max_fee_per_gas ?? null,
      max_priority_fee_per_gas: req.max_priority_fee_per_gas ?? null,
      speed: req.speed ?? null,
    },
    now,
  );
  data.addTransaction(tx);
  // On the chain (every EVM relayer of the real flavour but bulk-1m): prepared at the next block.
  if (data.chain?.covers(relayerId)) data.chain.sent(tx);
  return ok(renderTransaction(flavor, tx));
}
