/**
 * v1.8's relayer types as serde reads and writes them (src/models/relayer/mod.rs, request.rs,
 * response.rs, rpc_config.rs), for serde.ts:
 * - RelayerEvmPolicy (mod.rs:291-319), RelayerSolanaPolicy (441-469) and its parts (321-439),
 *   RelayerStellarPolicy (604-629) and its parts (498-602): deny_unknown_fields, every field an Option;
 * - RpcConfig's own Deserialize (rpc_config.rs:61-78): `{url, weight?}` (weight a u8, 100 when absent,
 *   DEFAULT_RPC_WEIGHT in src/constants/relayer.rs:38), other fields ignored;
 * - UpdateRelayerRequestRaw (request.rs:213-224): name, paused, policies (any JSON), notification_id,
 *   custom_rpc_urls — deny_unknown_fields;
 * - the answer's policies (response.rs:403-509, From impls 511-563): v1.8's field order, defaults
 *   filled in (EVM min_balance 1, gas_limit_estimation true, include_revert_data false; Solana
 *   max_tx_data_size 1232, min_balance 10000000; Stellar min_balance 1000000: src/constants/relayer.rs:5-29),
 *   and no `policies` at all when every field is unset (is_empty_policy, response.rs:331-367).
 */
import type { NetworkType } from './models.js';
import { type Field, type Ty, renderTyped } from './serde.js';

const bool: Ty = { k: 'bool' };
const str: Ty = { k: 'string' };
const f32: Ty = { k: 'f32' };
const u8: Ty = { k: 'uint', name: 'u8', max: 255n };
const u16: Ty = { k: 'uint', name: 'u16', max: 65535n };
const u32: Ty = { k: 'uint', name: 'u32', max: 4294967295n };
const u64: Ty = { k: 'uint', name: 'u64', max: (1n << 64n) - 1n };
const opt = (t: Ty): Ty => ({ k: 'opt', t });
const vec = (t: Ty): Ty => ({ k: 'vec', t });
const units = (name: string, ...variants: string[]): Ty => ({ k: 'enum', name, variants: variants.map((v) => ({ name: v })) });
/** Optional fields, skipped when None (`skip`) or written as null. */
const fields = (skip: boolean, spec: [string, Ty][]): Field[] => spec.map(([name, t]) => ({ name, t: opt(t), skip }));
const struct = (name: string, f: Field[]): Ty => ({ k: 'struct', name, fields: f, deny: true });

export const EVM_POLICY_FIELDS: Field[] = fields(true, [
  ['min_balance', { k: 'u128' }],
  ['gas_limit_estimation', bool],
  ['gas_price_cap', { k: 'u128' }],
  ['whitelist_receivers', vec(str)],
  ['eip1559_pricing', bool],
  ['private_transactions', bool],
  ['include_revert_data', bool],
]);

const solanaTokenSwap = struct('SolanaAllowedTokensSwapConfig', fields(false, [['slippage_percentage', f32], ['min_amount', u64], ['max_amount', u64], ['retain_min_amount', u64]]));
const solanaToken = struct('SolanaAllowedTokensPolicy', [
  { name: 'mint', t: str },
  ...fields(true, [['decimals', u8], ['symbol', str], ['max_allowed_fee', u64], ['swap_config', solanaTokenSwap]]),
]);
const jupiter = struct('JupiterSwapOptions', fields(false, [['priority_fee_max_lamports', u64], ['priority_level', str], ['dynamic_compute_unit_limit', bool]]));
const solanaSwap = struct('RelayerSolanaSwapConfig', fields(false, [
  ['strategy', units('SolanaSwapStrategy', 'jupiter-swap', 'jupiter-ultra', 'noop')],
  ['cron_schedule', str],
  ['min_balance_threshold', u64],
  ['jupiter_swap_options', jupiter],
]));

export const SOLANA_POLICY_FIELDS: Field[] = fields(true, [
  ['allowed_programs', vec(str)],
  ['max_signatures', u8],
  ['max_tx_data_size', u16],
  ['min_balance', u64],
  ['allowed_tokens', vec(solanaToken)],
  ['fee_payment_strategy', units('SolanaFeePaymentStrategy', 'user', 'relayer')],
  ['fee_margin_percentage', f32],
  ['allowed_accounts', vec(str)],
  ['disallowed_accounts', vec(str)],
  ['max_allowed_fee_lamports', u64],
  ['swap_config', solanaSwap],
]);

const stellarTokenSwap = struct('StellarAllowedTokensSwapConfig', fields(false, [['slippage_percentage', f32], ['min_amount', u64], ['max_amount', u64], ['retain_min_amount', u64]]));
const tokenKind: Ty = {
  k: 'enum',
  name: 'StellarTokenKind',
  variants: [{ name: 'native' }, { name: 'classic', fields: [{ name: 'code', t: str }, { name: 'issuer', t: str }] }, { name: 'contract', fields: [{ name: 'contract_id', t: str }] }],
};
const tokenMetadata = struct('StellarTokenMetadata', [
  { name: 'kind', t: tokenKind },
  { name: 'decimals', t: u32 },
  { name: 'canonical_asset_id', t: str },
]);
const stellarToken = struct('StellarAllowedTokensPolicy', [
  { name: 'asset', t: str },
  ...fields(true, [['metadata', tokenMetadata], ['max_allowed_fee', u64], ['swap_config', stellarTokenSwap]]),
]);
const stellarSwap = struct('RelayerStellarSwapConfig', [
  { name: 'strategies', t: vec(units('StellarSwapStrategy', 'order-book', 'soroswap')), dflt: () => [] },
  ...fields(false, [['cron_schedule', str], ['min_balance_threshold', u64]]),
]);

export const STELLAR_POLICY_FIELDS: Field[] = fields(true, [
  ['min_balance', u64],
  ['max_fee', u32],
  ['timeout_seconds', u64],
  ['concurrent_transactions', bool],
  ['allowed_tokens', vec(stellarToken)],
  ['fee_payment_strategy', units('StellarFeePaymentStrategy', 'user', 'relayer')],
  ['slippage_percentage', f32],
  ['fee_margin_percentage', f32],
  ['swap_config', stellarSwap],
]);

/** The policy struct of a network type, and its name in serde's and v1.8's words. */
export const POLICY_TYPES: Record<NetworkType, { ty: Ty; label: string }> = {
  evm: { ty: struct('RelayerEvmPolicy', EVM_POLICY_FIELDS), label: 'EVM' },
  solana: { ty: struct('RelayerSolanaPolicy', SOLANA_POLICY_FIELDS), label: 'Solana' },
  stellar: { ty: struct('RelayerStellarPolicy', STELLAR_POLICY_FIELDS), label: 'Stellar' },
};

export const RPC_CONFIG: Ty = {
  k: 'struct',
  name: 'RpcConfigHelper',
  fields: [{ name: 'url', t: str }, { name: 'weight', t: opt(u8) }],
  deny: false,
  post: (o) => ({ url: o.url, weight: o.weight ?? 100 }),
};

export const UPDATE_RELAYER_REQUEST: Ty = struct('UpdateRelayerRequestRaw', [
  { name: 'name', t: opt(str) },
  { name: 'paused', t: opt(bool) },
  { name: 'policies', t: opt({ k: 'any' }) },
  { name: 'notification_id', t: opt(str) },
  { name: 'custom_rpc_urls', t: opt(vec(RPC_CONFIG)) },
]);

/** The domain Relayer's fields (mod.rs:704-731); `policies` as `readPolicies` reads them (internally tagged). */
export const relayerFields = (readPolicies: (v: unknown) => unknown): Field[] => [
  { name: 'id', t: str },
  { name: 'name', t: str },
  { name: 'network', t: str },
  { name: 'paused', t: bool },
  { name: 'network_type', t: units('RelayerNetworkType', 'evm', 'solana', 'stellar') },
  { name: 'policies', t: opt({ k: 'custom', read: readPolicies }) },
  { name: 'signer_id', t: str },
  { name: 'notification_id', t: opt(str) },
  { name: 'custom_rpc_urls', t: opt(vec(RPC_CONFIG)) },
];

/** The answer's policy fields in v1.8's order, each with the default the answer fills in. */
const RESPONSE_ORDER: Record<NetworkType, [string, unknown?][]> = {
  evm: [['min_balance', 1], ['gas_limit_estimation', true], ['gas_price_cap'], ['whitelist_receivers'], ['eip1559_pricing'], ['private_transactions'], ['include_revert_data', false]],
  solana: [
    ['allowed_programs'], ['max_signatures'], ['max_tx_data_size', 1232], ['min_balance', 10_000_000], ['allowed_tokens'], ['fee_payment_strategy'],
    ['fee_margin_percentage'], ['allowed_accounts'], ['disallowed_accounts'], ['max_allowed_fee_lamports'], ['swap_config'],
  ],
  stellar: [
    ['max_fee'], ['timeout_seconds'], ['min_balance', 1_000_000], ['concurrent_transactions'], ['allowed_tokens'], ['fee_payment_strategy'],
    ['slippage_percentage'], ['fee_margin_percentage'], ['swap_config'],
  ],
};

const FIELDS_OF: Record<NetworkType, Field[]> = { evm: EVM_POLICY_FIELDS, solana: SOLANA_POLICY_FIELDS, stellar: STELLAR_POLICY_FIELDS };

/** A relayer's stored policies as v1.8 answers them, or undefined when none is set (no `policies`). */
export function policiesResponse(networkType: NetworkType, stored: Record<string, unknown>): Record<string, unknown> | undefined {
  const all = FIELDS_OF[networkType];
  if (!all.some((f) => stored[f.name] !== undefined && stored[f.name] !== null)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, dflt] of RESPONSE_ORDER[networkType]) {
    const f = all.find((x) => x.name === name)!;
    const v = stored[name] ?? dflt;
    if (v !== undefined && v !== null) out[name] = renderTyped(f.t, v);
  }
  return out;
}
