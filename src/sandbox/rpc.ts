/**
 * POST /relayers/{id}/rpc, the real server's JSON-RPC passthrough (v1.8 src/api/controllers/relayer.rs
 * relayer_rpc, src/models/rpc/mod.rs convert_to_internal_rpc_request, src/domain/relayer/evm/evm_relayer.rs
 * rpc): the request goes to the network's node whatever its method, and the node's answer comes back
 * bare, `{jsonrpc, result | error, id}`, no envelope. A node's own error is not passed on as it is:
 * the server answers `{code: -32603, message: "Internal error", description: "RPC error occurred
 * (code: <the node's code>)"}` (src/utils/error_sanitization.rs).
 *
 * The real flavour's chain (chain/chain.ts) is the node for the relayers it covers: nonces, prices,
 * fee history, blocks, balances, transactions and receipts come from it (bulk-1m's too: its account is
 * made from its newest transactions). A relayer it does not cover answers from its data (its chain's nonce derived as chain/nonces.ts says); whatever else as a node
 * would refuse it. Sending
 * methods are refused too, and every method received is recorded by the server (sandbox.rpcCalls) so
 * a test can say the client never sent one.
 */
import { parseJson } from '../api/json.js';
import { chainNonce, mempoolNonce } from './chain/nonces.js';
import type { SandboxData } from './data.js';
import { type Flavor, type SandboxResponse, fail, jsonResponse, readJsonBody, relayerNotFound } from './flavor.js';
import { inactive } from './guards.js';
import type { EvmTx, RelayerSeed } from './models.js';
import type { Account, Chain } from './chain/chain.js';
import type { Block } from './chain/fees.js';
import { newEvmHash } from './generate.js';
import { Rng } from './random.js';
import { isObject } from './validate.js';

export interface RpcContext {
  flavor: Flavor;
  data: SandboxData;
  /** The real flavour's chain: what it covers is answered from it. */
  chain?: Chain;
  now(): number;
  /** The failing-RPC scenario (faults.ts): whether this relayer's node fails now. */
  rpcFailing?: (relayerId: string) => boolean;
}

/**
 * What v1.8 answers through the passthrough when the node cannot be reached: the provider's transport
 * error, mapped (utils/error_sanitization.rs:40-56, 88-90) — HTTP 200, `Internal error`, its description.
 */
export const RPC_FAILING_DESCRIPTION = 'Network error occurred. Please try again later';
/** The same failure as a balance or status read says it (RelayerError::ProviderError, models/error/relayer.rs:56). */
export const RPC_FAILING_PROVIDER_ERROR = 'Transport error: error sending request for url (connection refused)';

/** Methods that sign or send: a client must never use them through the relayer. */
export const SENDING_METHODS: readonly string[] = [
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'personal_sign',
];

/** JSON-RPC codes a node answers with (the server only shows them inside its description). */
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const NODE_REFUSED = -32000;

const CHAIN_IDS: Record<string, number> = {
  mainnet: 1,
  sepolia: 11_155_111,
  holesky: 17_000,
  polygon: 137,
  base: 8453,
  'arbitrum-one': 42_161,
  optimism: 10,
  bsc: 56,
  avalanche: 43_114,
  linea: 59_144,
};

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

function chainIdOf(network: string): number {
  return CHAIN_IDS[network] ?? 900_000 + new Rng(`chain:${network}`).int(100_000);
}

/** The method (and params) a request body names, if it names one (for the server's record of rpc calls). */
export function rpcRequestOf(body: string): { method: string; params: unknown } | undefined {
  try {
    const v = parseJson(body);
    return isObject(v) && typeof v.method === 'string' ? { method: v.method, params: v.params ?? null } : undefined;
  } catch {
    return undefined;
  }
}

type RpcId = string | number | bigint | null;

function answer(id: RpcId, body: { result: unknown } | { error: { code: number; message: string; description: string } }): SandboxResponse {
  // Field order as the server's JsonRpcResponse: jsonrpc, result | error, id (left out when null).
  const out: Record<string, unknown> = { jsonrpc: '2.0', ...body };
  if (id !== null) out.id = id;
  return jsonResponse(200, out);
}

/** A node's error as the real server passes it on. */
function nodeError(id: RpcId, code: number): SandboxResponse {
  return answer(id, { error: { code: -32603, message: 'Internal error', description: `RPC error occurred (code: ${code})` } });
}

export function handleRpc(ctx: RpcContext, relayerId: string, rawBody: string): SandboxResponse {
  const { flavor, data } = ctx;
  const read = readJsonBody(flavor, rawBody);
  if ('response' in read) return read.response;
  const { body } = read;
  const relayer = data.relayer(relayerId);
  if (!relayer) return relayerNotFound(flavor, relayerId);
  const refused = inactive(flavor, relayer);
  if (refused) return refused;

  const req = isObject(body) ? body : {};
  let id: RpcId = 1; // the server's default when the request has none
  if ('id' in req) {
    const v = req.id;
    const i64 = (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'bigint' && v >= -(2n ** 63n) && v < 2n ** 63n);
    if (v === null) id = null;
    else if (typeof v === 'string' || i64) id = v as string | number | bigint;
    else return fail(flavor, 400, "Invalid 'id' field: must be a string, integer, or null");
  }
  const method = typeof req.method === 'string' ? req.method : '';
  if (method === '') return fail(flavor, 400, "Missing 'method' field");
  const params = Array.isArray(req.params) ? req.params : [];

  if (relayer.network_type === 'solana') {
    // The Solana relayer forwards an unknown method and lets the client's error through as a 500.
    return fail(flavor, 500, `RPC error: RPC response error ${METHOD_NOT_FOUND}: Method not found`);
  }
  if (relayer.network_type === 'stellar') return nodeError(id, METHOD_NOT_FOUND);
  if (ctx.rpcFailing?.(relayer.id)) return answer(id, { error: { code: -32603, message: 'Internal error', description: RPC_FAILING_DESCRIPTION } });
  return evmMethod(ctx, relayer, id, method, params);
}

function evmMethod(ctx: RpcContext, relayer: RelayerSeed, id: RpcId, method: string, params: unknown[]): SandboxResponse {
  const { data } = ctx;
  const account = ctx.chain?.account(relayer.id);
  if (ctx.chain && account) {
    const answered = chainMethod(ctx.chain, account, relayer, id, method, params);
    if (answered) return answered;
  }
  // A relayer off the chain on a network the chain prices: the network's one price, as any node of it
  // answers (never two gas prices for one network).
  if (ctx.chain && (method === 'eth_gasPrice' || method === 'eth_maxPriorityFeePerGas')) {
    const m = ctx.chain.market(relayer.network);
    return answer(id, { result: hex(method === 'eth_gasPrice' ? m.gasPrice() : m.head.tip) });
  }
  const own = (address: unknown) => typeof address === 'string' && address.toLowerCase() === relayer.address.toLowerCase();
  const txs = () => data.evmHead(relayer.id);
  switch (method) {
    case 'eth_chainId':
      return answer(id, { result: hex(chainIdOf(relayer.network)) });
    case 'net_version':
      return answer(id, { result: String(chainIdOf(relayer.network)) });
    case 'eth_blockNumber':
      return answer(id, { result: hex(blockNumber(ctx, relayer)) });
    case 'eth_gasPrice':
      return answer(id, { result: hex(BigInt(1 + new Rng(`gas:${relayer.network}`).int(40)) * 1_000_000_000n + 123_456_789n) });
    case 'eth_getTransactionCount': {
      if (typeof params[0] !== 'string') return nodeError(id, INVALID_PARAMS);
      if (!own(params[0])) return answer(id, { result: '0x0' });
      const tag = params[1] ?? 'latest';
      if (tag === 'earliest') return answer(id, { result: '0x0' });
      return answer(id, { result: hex(tag === 'pending' ? mempoolNonce(txs()) : chainNonce(txs())) });
    }
    case 'eth_getBalance':
      if (typeof params[0] !== 'string') return nodeError(id, INVALID_PARAMS);
      return answer(id, { result: own(params[0]) ? hex(data.balanceOf(relayer.id)) : '0x0' });
    case 'eth_getTransactionByHash': {
      if (typeof params[0] !== 'string') return nodeError(id, INVALID_PARAMS);
      const tx = byHash(txs(), params[0]);
      // A node knows only what was broadcast: a signed transaction never sent is not there.
      return answer(id, { result: tx && tx.sent_at !== null ? nodeTransaction(ctx, relayer, tx) : null });
    }
    case 'eth_getTransactionReceipt': {
      if (typeof params[0] !== 'string') return nodeError(id, INVALID_PARAMS);
      const tx = byHash(txs(), params[0]);
      return answer(id, { result: tx && onChain(tx) ? receipt(ctx, relayer, tx) : null });
    }
    default:
      return nodeError(id, SENDING_METHODS.includes(method) ? NODE_REFUSED : METHOD_NOT_FOUND);
  }
}

function blockNumber(ctx: RpcContext, relayer: RelayerSeed): number {
  const base = 5_000_000 + new Rng(`block:${relayer.network}`).int(15_000_000);
  return base + Math.max(0, Math.floor((ctx.now() - ctx.data.startMs) / 12_000));
}

function byHash(txs: readonly EvmTx[], hash: string): EvmTx | undefined {
  const h = hash.toLowerCase();
  return txs.find((t) => t.hash !== null && t.hash.toLowerCase() === h);
}

function onChain(tx: EvmTx): boolean {
  return tx.status === 'mined' || tx.status === 'confirmed' || (tx.status === 'failed' && tx.sent_at !== null);
}

/** The block a mined transaction is in: behind the head by how long ago it was sent. */
function minedBlockOf(ctx: RpcContext, relayer: RelayerSeed, tx: EvmTx): number {
  const head = blockNumber(ctx, relayer);
  return Math.max(1, head - Math.ceil((ctx.now() - (tx.sent_at ?? tx.created_at)) / 12_000));
}

function nodeTransaction(ctx: RpcContext, relayer: RelayerSeed, tx: EvmTx): Record<string, unknown> {
  const mined = onChain(tx);
  return { ...nodeTransactionFields(relayer, tx), blockNumber: mined ? hex(minedBlockOf(ctx, relayer, tx)) : null };
}

function nodeTransactionFields(relayer: RelayerSeed, tx: EvmTx): Record<string, unknown> {
  return {
    hash: tx.hash,
    nonce: hex(tx.nonce ?? 0),
    from: tx.from,
    to: tx.to,
    value: hex(tx.value),
    gas: hex(tx.gas_limit ?? 21_000),
    ...(tx.gas_price !== null
      ? { gasPrice: hex(tx.gas_price), type: '0x0' }
      : { maxFeePerGas: hex(tx.max_fee_per_gas ?? 0n), maxPriorityFeePerGas: hex(tx.max_priority_fee_per_gas ?? 0n), type: '0x2' }),
    input: tx.data,
    chainId: hex(chainIdOf(relayer.network)),
  };
}

function receipt(ctx: RpcContext, relayer: RelayerSeed, tx: EvmTx): Record<string, unknown> {
  return {
    transactionHash: tx.hash,
    blockNumber: hex(minedBlockOf(ctx, relayer, tx)),
    from: tx.from,
    to: tx.to,
    gasUsed: hex(tx.gas_limit ?? 21_000),
    status: tx.status === 'failed' ? '0x0' : '0x1',
  };
}

/** A block as a node answers eth_getBlockByNumber (no transactions listed). */
function blockOf(relayer: RelayerSeed, b: Block): Record<string, unknown> {
  return {
    number: hex(b.number),
    hash: newEvmHash(`block:${relayer.network}:${b.number}`),
    parentHash: newEvmHash(`block:${relayer.network}:${b.number - 1}`),
    timestamp: hex(Math.floor(b.timestamp / 1000)),
    baseFeePerGas: hex(b.baseFee),
    gasLimit: hex(BLOCK_GAS_LIMIT),
    gasUsed: hex(BLOCK_GAS_LIMIT / 2),
    transactions: [],
  };
}

const BLOCK_GAS_LIMIT = 30_000_000;
/** The reward at a percentile, interpolated between the market's 30th, 50th, 85th and 99th. */
function rewardAt(b: Block, percentile: number): bigint {
  const points: [number, number][] = [[0, 300], [30, 600], [50, 1000], [85, 1800], [99, 3000], [100, 3000]];
  for (let i = 1; i < points.length; i++) {
    const [p1, m1] = points[i]!;
    if (percentile <= p1) {
      const [p0, m0] = points[i - 1]!;
      const perMille = Math.round(m0 + ((m1 - m0) * (percentile - p0)) / (p1 - p0 || 1));
      return (b.tip * BigInt(perMille)) / 1000n;
    }
  }
  return (b.tip * 3000n) / 1000n;
}

function blockNumberParam(v: unknown, head: number): number | undefined {
  if (v === undefined || v === 'latest' || v === 'pending' || v === 'safe' || v === 'finalized') return head;
  if (v === 'earliest') return 0;
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(v)) return Number.parseInt(v.slice(2), 16);
  return undefined;
}

/** The methods the real flavour's chain answers (chain/chain.ts); undefined for the others. */
function chainMethod(chain: Chain, a: Account, relayer: RelayerSeed, id: RpcId, method: string, params: unknown[]): SandboxResponse | undefined {
  const m = a.market;
  const own = (address: unknown) => typeof address === 'string' && address.toLowerCase() === relayer.address.toLowerCase();
  switch (method) {
    case 'eth_blockNumber':
      return answer(id, { result: hex(m.head.number) });
    case 'eth_gasPrice':
      return answer(id, { result: hex(m.gasPrice()) });
    case 'eth_maxPriorityFeePerGas':
      return answer(id, { result: hex(m.head.tip) });
    case 'eth_getTransactionCount': {
      if (typeof params[0] !== 'string') return nodeError(id, INVALID_PARAMS);
      if (!own(params[0])) return answer(id, { result: '0x0' });
      const tag = params[1] ?? 'latest';
      if (tag === 'earliest') return answer(id, { result: '0x0' });
      return answer(id, { result: hex(tag === 'pending' ? chain.mempoolNonce(a) : a.chainNonce) });
    }
    case 'eth_getBlockByNumber': {
      const n = blockNumberParam(params[0], m.head.number);
      if (n === undefined) return nodeError(id, INVALID_PARAMS);
      const b = m.blocks.find((x) => x.number === n);
      return answer(id, { result: b ? blockOf(relayer, b) : null });
    }
    case 'eth_feeHistory': {
      const count = typeof params[0] === 'number' ? params[0] : typeof params[0] === 'string' && /^0x[0-9a-fA-F]{1,8}$/.test(params[0]) ? Number.parseInt(params[0].slice(2), 16) : undefined;
      const newest = blockNumberParam(params[1], m.head.number);
      const percentiles = params[2] === undefined ? [] : params[2];
      if (count === undefined || count < 1 || newest === undefined || !Array.isArray(percentiles) || !percentiles.every((p) => typeof p === 'number' && p >= 0 && p <= 100)) return nodeError(id, INVALID_PARAMS);
      const blocks = m.blocks.filter((b) => b.number <= newest).slice(-Math.min(count, 1024));
      if (blocks.length === 0) return nodeError(id, INVALID_PARAMS);
      const result: Record<string, unknown> = {
        oldestBlock: hex(blocks[0]!.number),
        // One more than asked: the base fee of the block after the newest (here: the same as the newest).
        baseFeePerGas: [...blocks.map((b) => hex(b.baseFee)), hex(blocks[blocks.length - 1]!.baseFee)],
        gasUsedRatio: blocks.map(() => 0.5),
      };
      if (percentiles.length > 0) result.reward = blocks.map((b) => (percentiles as number[]).map((p) => hex(rewardAt(b, p))));
      return answer(id, { result });
    }
    case 'eth_getTransactionByHash':
    case 'eth_getTransactionReceipt': {
      if (typeof params[0] !== 'string') return nodeError(id, INVALID_PARAMS);
      const held = chain.byHash(relayer.id, params[0]);
      if (method === 'eth_getTransactionByHash') {
        // A node knows what it took: never what was signed and refused, nor a hash since replaced.
        if (!held) return answer(id, { result: null });
        return answer(id, { result: { ...nodeTransactionFields(relayer, held.tx), blockNumber: held.minedBlock === undefined ? null : hex(held.minedBlock) } });
      }
      if (!held || held.minedBlock === undefined) return answer(id, { result: null });
      return answer(id, {
        result: { transactionHash: held.tx.hash, blockNumber: hex(held.minedBlock), from: held.tx.from, to: held.tx.to, gasUsed: hex(held.tx.gas_limit ?? 21_000), status: held.tx.status === 'failed' ? '0x0' : '0x1' },
      });
    }
    default:
      return undefined;
  }
}
