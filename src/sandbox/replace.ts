/**
 * PUT /relayers/{rid}/transactions/{tid}: replacement body validation and application.
 * The body group is picked from the relayer's network type (as the real server does), not from the body's shape:
 * evm → group A, solana → group B, stellar → group C.
 */
import { type SandboxData, renderTransaction } from './data.js';
import { newEvmHash, newEvmSignature } from './generate.js';
import {
  GWEI,
  REPLACEABLE_STATUSES,
  SPEEDS,
  type EvmTx,
  type SolanaTx,
  type Speed,
  type StellarTx,
} from './models.js';
import { type Flavor, type SandboxResponse, badInput, capitalize, fail, invalid, ok, readJsonBody } from './flavor.js';
import {
  I64_MAX,
  type JsonObject,
  RuleError,
  ShapeError,
  U128_MAX,
  describeValue,
  expectObject,
  isBase64,
  optional,
  rejectUnknownFields,
  requireField,
  toBoolean,
  toEnum,
  toStringValue,
  toUint,
} from './validate.js';

// ---- group A (EVM) ----

export interface EvmReplaceRequest {
  value: bigint;
  to?: string;
  data?: string;
  gas_limit?: bigint;
  gas_price?: bigint;
  max_fee_per_gas?: bigint;
  max_priority_fee_per_gas?: bigint;
  speed?: Speed;
  valid_until?: string;
}

const EVM_FIELDS = [
  'to',
  'value',
  'data',
  'gas_limit',
  'gas_price',
  'speed',
  'max_fee_per_gas',
  'max_priority_fee_per_gas',
  'valid_until',
] as const;

/**
 * `lenient` is the real server: it reads the body as generic JSON and converts it by the relayer's
 * network type (serde's `from_value`), so unknown fields are ignored.
 */
export function parseEvmReplace(body: unknown, lenient = false): EvmReplaceRequest {
  const o = expectObject(body, 'struct EvmTransactionRequest');
  if (!lenient) rejectUnknownFields(o, EVM_FIELDS);
  const req: EvmReplaceRequest = { value: toUint(requireField(o, 'value'), U128_MAX, 'u128') };
  const to = optional(o, 'to');
  if (to !== undefined) req.to = toStringValue(to);
  const data = optional(o, 'data');
  if (data !== undefined) req.data = toStringValue(data);
  const gasLimit = optional(o, 'gas_limit');
  if (gasLimit !== undefined) req.gas_limit = toUint(gasLimit, I64_MAX, 'u64');
  for (const k of ['gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas'] as const) {
    const v = optional(o, k);
    if (v !== undefined) req[k] = toUint(v, U128_MAX, 'u128');
  }
  const speed = optional(o, 'speed');
  if (speed !== undefined) req.speed = toEnum(speed, SPEEDS);
  const validUntil = optional(o, 'valid_until');
  if (validUntil !== undefined) req.valid_until = toStringValue(validUntil);

  if (req.gas_price !== undefined && (req.max_fee_per_gas !== undefined || req.max_priority_fee_per_gas !== undefined)) {
    throw new RuleError('Cannot specify both gas_price and max_fee_per_gas/max_priority_fee_per_gas');
  }
  if (
    req.max_fee_per_gas !== undefined &&
    req.max_priority_fee_per_gas !== undefined &&
    req.max_priority_fee_per_gas > req.max_fee_per_gas
  ) {
    throw new RuleError('max_priority_fee_per_gas cannot be greater than max_fee_per_gas');
  }
  return req;
}

const SPEED_PERCENT: Record<Speed, bigint> = { safeLow: 100n, average: 110n, fast: 125n, fastest: 150n };
const bump10 = (x: bigint) => (x * 110n + 99n) / 100n; // at least +10 %, rounded up
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

export function applyEvmReplace(old: EvmTx, req: EvmReplaceRequest, now: number, seq: number): EvmTx {
  const next: EvmTx = { ...old, value: req.value };
  if (req.to !== undefined) next.to = req.to;
  if (req.data !== undefined) next.data = req.data;
  if (req.gas_limit !== undefined) next.gas_limit = Number(req.gas_limit);

  if (req.gas_price !== undefined) {
    next.gas_price = req.gas_price;
    next.max_fee_per_gas = null;
    next.max_priority_fee_per_gas = null;
    next.speed = req.speed ?? null;
  } else if (req.max_fee_per_gas !== undefined || req.max_priority_fee_per_gas !== undefined) {
    const priority = req.max_priority_fee_per_gas ?? old.max_priority_fee_per_gas ?? 2n * GWEI;
    const maxFee = req.max_fee_per_gas ?? maxBig(old.max_fee_per_gas ?? 0n, priority + 30n * GWEI);
    next.max_fee_per_gas = maxFee;
    next.max_priority_fee_per_gas = priority < maxFee ? priority : maxFee;
    next.gas_price = null;
    next.speed = req.speed ?? null;
  } else {
    // No explicit price: re-quote from speed, with at least a 10 % bump over the old price.
    const speed = req.speed ?? old.speed ?? 'fast';
    const pct = SPEED_PERCENT[speed];
    if (old.gas_price !== null || old.max_fee_per_gas === null) {
      const quote = (20n * GWEI * pct) / 100n;
      next.gas_price = old.gas_price === null ? quote : maxBig(bump10(old.gas_price), quote);
      next.max_fee_per_gas = null;
      next.max_priority_fee_per_gas = null;
    } else {
      const oldPriority = old.max_priority_fee_per_gas ?? 0n;
      next.max_priority_fee_per_gas = maxBig(bump10(oldPriority), (2n * GWEI * pct) / 100n);
      next.max_fee_per_gas = maxBig(bump10(old.max_fee_per_gas), (40n * GWEI * pct) / 100n);
    }
    next.speed = speed;
  }

  const seed = `${old.id}:replace:${seq}`;
  next.status = 'submitted';
  next.status_reason = null;
  next.hash = newEvmHash(seed);
  next.signature = newEvmSignature(seed, next.max_fee_per_gas !== null);
  next.sent_at = now;
  next.confirmed_at = null;
  return next;
}

// ---- group B (Solana) ----

export function parseSolanaReplace(body: unknown, lenient = false): { transaction: string } {
  const o = expectObject(body, 'struct SolanaTransactionRequest');
  if (!lenient) rejectUnknownFields(o, ['transaction']);
  const transaction = toStringValue(requireField(o, 'transaction'));
  if (!isBase64(transaction)) throw new RuleError('Invalid transaction: not a valid base64-encoded transaction');
  return { transaction };
}

// ---- group C (Stellar) ----

export type MemoSpec =
  | { type: 'none' }
  | { type: 'text'; value: string }
  | { type: 'id'; value: bigint }
  | { type: 'hash' | 'return'; value: string };

export interface StellarReplaceRequest {
  network: string;
  operations?: JsonObject[];
  transaction_xdr?: string;
  source_account?: string;
  memo?: MemoSpec;
  fee_bump?: boolean;
  max_fee?: bigint;
  valid_until?: string;
}

const STELLAR_FIELDS = [
  'network',
  'operations',
  'transaction_xdr',
  'source_account',
  'memo',
  'fee_bump',
  'max_fee',
  'valid_until',
] as const;

const OPERATION_TYPES = ['payment', 'invoke_contract', 'create_contract', 'upload_wasm'] as const;

function parseAsset(v: unknown): void {
  const a = expectObject(v, 'internally tagged enum AssetSpec');
  const type = toEnum(requireField(a, 'type'), ['native', 'credit4', 'credit12'] as const);
  if (type !== 'native') {
    toStringValue(requireField(a, 'code'));
    toStringValue(requireField(a, 'issuer'));
  }
}

/** A Stellar OperationSpec (internally tagged by `type`); also read by a send (sendOther.ts). */
export function parseOperation(flavor: Flavor, v: unknown): JsonObject {
  const op = expectObject(v, 'internally tagged enum OperationSpec');
  const type = toEnum(requireField(op, 'type'), OPERATION_TYPES);
  switch (type) {
    case 'payment': {
      toStringValue(requireField(op, 'destination'));
      const amount = requireField(op, 'amount');
      // A decimal string or a JSON integer, in both flavors (the real server reads either).
      if (typeof amount === 'string') {
        if (!/^-?\d+$/.test(amount)) throw new ShapeError(`invalid value: string ${JSON.stringify(amount)}, expected an integer string`);
      } else {
        toUint(amount, I64_MAX, 'i64');
      }
      parseAsset(requireField(op, 'asset'));
      break;
    }
    case 'invoke_contract': {
      toStringValue(requireField(op, 'contract_address'));
      toStringValue(requireField(op, 'function_name'));
      const args = requireField(op, 'args');
      if (!Array.isArray(args)) throw new ShapeError(`invalid type: ${describeValue(args)}, expected a sequence`);
      break;
    }
    case 'create_contract':
      expectObject(requireField(op, 'source'), 'enum ContractSource');
      toStringValue(requireField(op, 'wasm_hash'));
      break;
    case 'upload_wasm':
      expectObject(requireField(op, 'wasm'), 'enum WasmSource');
      break;
  }
  return op;
}

/**
 * A Stellar MemoSpec (internally tagged by `type`); also read by a send (sendOther.ts), which passes
 * `textLimit` false: v1.8's MemoSpec::Text holds any String, its 28 bytes are checked only when the
 * transaction is built (memo.rs TryFrom<MemoSpec> for Memo).
 */
export function parseMemo(flavor: Flavor, v: unknown, textLimit = true): MemoSpec {
  const m = expectObject(v, 'internally tagged enum MemoSpec');
  const type = toEnum(requireField(m, 'type'), ['none', 'text', 'id', 'hash', 'return'] as const);
  if (type === 'none') {
    if (flavor !== 'real') rejectUnknownFields(m, ['type']);
    return { type };
  }
  if (flavor !== 'real') rejectUnknownFields(m, ['type', 'value']);
  const value = requireField(m, 'value');
  if (type === 'text') {
    const text = toStringValue(value);
    if (textLimit && Buffer.byteLength(text, 'utf8') > 28) throw new RuleError('Memo text must be at most 28 bytes');
    return { type, value: text };
  }
  if (type === 'id') {
    if (typeof value === 'string' && flavor === 'real') {
      if (!/^\d+$/.test(value) || BigInt(value) > I64_MAX) {
        throw new ShapeError(`invalid value: string ${JSON.stringify(value)}, expected a non-negative integer string`);
      }
      return { type, value: BigInt(value) };
    }
    return { type, value: toUint(value, I64_MAX, 'i64') };
  }
  // hash / return: 32 bytes. Contract: array of 32 integers 0..255. Real: 64 hex characters.
  if (flavor === 'real') {
    const hex = toStringValue(value);
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new ShapeError(`invalid value: string ${JSON.stringify(hex)}, expected 64 hex characters`);
    return { type, value: hex.toLowerCase() };
  }
  if (!Array.isArray(value)) throw new ShapeError(`invalid type: ${describeValue(value)}, expected an array of length 32`);
  if (value.length !== 32) throw new ShapeError(`invalid length ${value.length}, expected an array of length 32`);
  const bytes = value.map((b) => Number(toUint(b, 255n, 'u8')));
  return { type, value: Buffer.from(bytes).toString('hex') };
}

export function parseStellarReplace(flavor: Flavor, body: unknown): StellarReplaceRequest {
  const o = expectObject(body, 'struct StellarTransactionRequest');
  if (flavor !== 'real') rejectUnknownFields(o, STELLAR_FIELDS);
  const req: StellarReplaceRequest = { network: toStringValue(requireField(o, 'network')) };
  const ops = optional(o, 'operations');
  if (ops !== undefined) {
    if (!Array.isArray(ops)) throw new ShapeError(`invalid type: ${describeValue(ops)}, expected a sequence`);
    req.operations = ops.map((op) => parseOperation(flavor, op));
  }
  const xdr = optional(o, 'transaction_xdr');
  if (xdr !== undefined) req.transaction_xdr = toStringValue(xdr);
  const source = optional(o, 'source_account');
  if (source !== undefined) req.source_account = toStringValue(source);
  const memo = optional(o, 'memo');
  if (memo !== undefined) req.memo = parseMemo(flavor, memo);
  const feeBump = optional(o, 'fee_bump');
  if (feeBump !== undefined) req.fee_bump = toBoolean(feeBump);
  const maxFee = optional(o, 'max_fee');
  if (maxFee !== undefined) req.max_fee = toUint(maxFee, I64_MAX, 'i64');
  const validUntil = optional(o, 'valid_until');
  if (validUntil !== undefined) req.valid_until = toStringValue(validUntil);
  if (flavor === 'real' && optional(o, 'signed_auth_entry') !== undefined) toStringValue(o.signed_auth_entry);

  if ((req.operations !== undefined) === (req.transaction_xdr !== undefined)) {
    throw new RuleError('Must provide either operations or transaction_xdr, but not both');
  }
  if (req.operations !== undefined && req.operations.length === 0) throw new RuleError('Operations cannot be empty');
  if (req.transaction_xdr !== undefined && !isBase64(req.transaction_xdr)) {
    throw new RuleError('Invalid transaction_xdr: not valid base64');
  }
  if (req.fee_bump === true && req.transaction_xdr === undefined) {
    throw new RuleError('fee_bump can only be used with transaction_xdr');
  }
  return req;
}

// ---- handler ----

export interface ReplaceContext {
  flavor: Flavor;
  data: SandboxData;
  now(): number;
  /** Increments per replacement, so each one gets a fresh hash. */
  nextSeq(): number;
}

function stateError(ctx: ReplaceContext, status: string): SandboxResponse {
  const expected = REPLACEABLE_STATUSES.map(capitalize).join(', ');
  return fail(
    ctx.flavor,
    400,
    `Invalid transaction state for replace_transaction. Current: ${capitalize(status)}, Expected one of: [${expected}]`,
  );
}

function validationFailure(ctx: ReplaceContext, err: unknown): SandboxResponse {
  // The real server converts the generic JSON by network type: a shape error is its 400 JSON `error`.
  if (err instanceof ShapeError) return ctx.flavor === 'real' ? fail(ctx.flavor, 400, err.message) : badInput(ctx.flavor, 'json', err.message);
  if (err instanceof RuleError) return invalid(ctx.flavor, err.message);
  throw err;
}

export function handleReplace(ctx: ReplaceContext, relayerId: string, txId: string, rawBody: string): SandboxResponse {
  const { flavor, data } = ctx;
  const read = readJsonBody(flavor, rawBody);
  if ('response' in read) return read.response;
  const { body } = read;

  const relayer = data.relayer(relayerId);
  if (!relayer) return fail(flavor, 404, flavor === 'real' ? `Relayer with ID ${relayerId} not found` : 'Not found');
  if (flavor === 'real') {
    if (relayer.paused) return fail(flavor, 403, 'Relayer paused');
    if (relayer.system_disabled) return fail(flavor, 403, 'Relayer disabled');
  }

  let parsed: { kind: 'evm'; req: EvmReplaceRequest } | { kind: 'solana'; req: { transaction: string } } | { kind: 'stellar'; req: StellarReplaceRequest };
  try {
    const lenient = flavor === 'real';
    if (relayer.network_type === 'evm') parsed = { kind: 'evm', req: parseEvmReplace(body, lenient) };
    else if (relayer.network_type === 'solana') parsed = { kind: 'solana', req: parseSolanaReplace(body, lenient) };
    else parsed = { kind: 'stellar', req: parseStellarReplace(flavor, body) };
  } catch (err) {
    return validationFailure(ctx, err);
  }

  const tx = data.findTransaction(relayerId, txId);
  if (!tx) return fail(flavor, 404, flavor === 'real' ? `Transaction with ID ${txId} not found` : 'Not found');

  if (parsed.kind === 'solana' && flavor === 'real') return fail(flavor, 400, 'Endpoint is not supported for Solana relayers');
  if (parsed.kind === 'stellar' && flavor === 'real') return ok(renderTransaction(flavor, tx));

  if (!REPLACEABLE_STATUSES.includes(tx.status)) return stateError(ctx, tx.status);

  const now = ctx.now();
  let next = tx;
  if (parsed.kind === 'evm' && tx.kind === 'evm') {
    if (data.chain?.covers(relayerId)) {
      // v1.8 (chain/chain.ts replace): asked prices cleared, quoted from the speed against the
      // network, ≥ +10 %; signed, status unchanged, broadcast by the resubmit job at the next block.
      return ok(renderTransaction(flavor, data.chain.replace(tx, parsed.req)));
    }
    // A relayer the chain does not cover (none of the real flavour's EVM ones: bulk-1m is on it too): asked prices ignored all the same (for_replacement).
    const req = flavor === 'real' ? { ...parsed.req, gas_price: undefined, max_fee_per_gas: undefined, max_priority_fee_per_gas: undefined } : parsed.req;
    next = applyEvmReplace(tx, req, now, ctx.nextSeq());
    // The real server keeps a pending transaction pending (it has no nonce to sign with yet).
    if (flavor === 'real' && tx.status === 'pending') next = { ...next, status: 'pending', hash: null, signature: null, sent_at: null };
  } else if (parsed.kind === 'solana' && tx.kind === 'solana') {
    const sol: SolanaTx = {
      ...tx,
      transaction: parsed.req.transaction,
      status: 'pending',
      status_reason: null,
      signature: null,
      sent_at: null,
      confirmed_at: null,
    };
    delete sol.instructions;
    next = sol;
  } else if (parsed.kind === 'stellar' && tx.kind === 'stellar') {
    const fee = parsed.req.max_fee ?? 1_000_000n;
    const xlm: StellarTx = {
      ...tx,
      status: 'pending',
      status_reason: null,
      hash: null,
      sent_at: null,
      confirmed_at: null,
      source_account: parsed.req.source_account ?? tx.source_account,
      fee: fee <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(fee) : fee,
    };
    delete xlm.transaction_result_xdr;
    next = xlm;
  }
  data.storeTransaction(next);
  return ok(renderTransaction(flavor, next));
}
