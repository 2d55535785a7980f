/**
 * Relayer::validate as v1.8 runs it on a patched relayer (src/models/relayer/mod.rs:761-798), each
 * refusal in the words the API answers with (From<RelayerValidationError> for ApiError, mod.rs:1236-1262;
 * all 400): the name (`Name cannot be empty`), then the policies (validate_policies 801-833,
 * validate_solana_policy 836-873 with validate_solana_pub_keys 876-895 and validate_solana_swap_config
 * 898-993, validate_stellar_policy 996-1036 with validate_stellar_asset_identifier 1044-1106 and
 * validate_stellar_swap_config 1109-1144), then the custom RPC URLs (rpcUrls.ts). EVM policies have no
 * rule of their own.
 */
import { cronParses } from './cron.js';
import type { NetworkType } from './models.js';
import { type RpcConfig, relayerRpcUrlError } from './rpcUrls.js';

export interface PatchedRelayer {
  name: string;
  network: string;
  network_type: NetworkType;
  /** undefined: None (the patch removed them). */
  policies: Record<string, unknown> | undefined;
  custom_rpc_urls: RpcConfig[] | undefined;
}

const policy = (why: string) => `Invalid relayer policy: ${why}`;
const SOLANA_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const STELLAR_ADDRESS = /^G[0-9A-Z]{55}$/;

function solanaKeysError(keys: unknown): string | undefined {
  if (!Array.isArray(keys)) return undefined;
  return keys.every((k) => SOLANA_KEY.test(String(k))) ? undefined : policy('Public key must be a valid Solana address');
}

function cronError(schedule: unknown): string | undefined {
  if (typeof schedule !== 'string') return undefined;
  if (schedule === '') return policy('Empty cron schedule is not accepted');
  return cronParses(schedule) ? undefined : policy('Invalid cron schedule format');
}

function solanaError(p: Record<string, unknown>, network: string): string | undefined {
  const tokens = Array.isArray(p.allowed_tokens) ? p.allowed_tokens.map((t) => (t as { mint: string }).mint) : undefined;
  const keys = solanaKeysError(p.allowed_accounts) ?? solanaKeysError(p.disallowed_accounts) ?? solanaKeysError(p.allowed_programs) ?? solanaKeysError(tokens);
  if (keys) return keys;
  if (typeof p.fee_margin_percentage === 'number' && p.fee_margin_percentage < 0) return policy('Negative fee margin percentage values are not accepted');
  if (p.allowed_accounts !== undefined && p.disallowed_accounts !== undefined) return policy('allowed_accounts and disallowed_accounts cannot be both present');
  const swap = p.swap_config as Record<string, unknown> | undefined;
  if (!swap) return undefined;
  if (p.fee_payment_strategy === 'relayer') return policy('Swap config only supported for user fee payment strategy');
  const strategy = swap.strategy;
  if ((strategy === 'jupiter-swap' || strategy === 'jupiter-ultra') && network !== 'mainnet-beta') {
    return policy(`${strategy === 'jupiter-swap' ? 'JupiterSwap' : 'JupiterUltra'} strategy is only supported on mainnet-beta`);
  }
  const cron = cronError(swap.cron_schedule);
  if (cron) return cron;
  const jupiter = swap.jupiter_swap_options as Record<string, unknown> | undefined;
  if (!jupiter) return undefined;
  if (strategy !== 'jupiter-swap') return policy('JupiterSwap options are only valid for JupiterSwap strategy');
  const lamports = jupiter.priority_fee_max_lamports;
  if (lamports === 0) return policy('Max lamports must be greater than 0');
  const level = jupiter.priority_level;
  if (typeof level === 'string') {
    if (level === '') return policy('Priority level cannot be empty');
    if (!['medium', 'high', 'veryHigh'].includes(level)) return policy('Priority level must be one of: medium, high, veryHigh');
  }
  if (level !== undefined && lamports === undefined) return policy('Priority Fee Max lamports must be set if priority level is set');
  if (level === undefined && lamports !== undefined) return policy('Priority level must be set if priority fee max lamports is set');
  return undefined;
}

function assetError(asset: string): string | undefined {
  if (asset === 'native' || asset === 'XLM' || asset === '') return undefined;
  const bytes = (s: string) => Buffer.byteLength(s);
  if (asset.startsWith('C') && bytes(asset) === 56 && !asset.includes(':')) return undefined;
  const colon = asset.indexOf(':');
  if (colon < 0) return policy("Asset identifier must be 'native', 'XLM', 'CODE:ISSUER', or a contract address");
  const code = asset.slice(0, colon);
  const issuer = asset.slice(colon + 1);
  if (code === '' || bytes(code) > 12) return policy('Asset code must be between 1 and 12 characters');
  if (!/^[\p{Alphabetic}\p{N}]+$/u.test(code)) return policy('Asset code must contain only alphanumeric characters');
  if (bytes(issuer) !== 56) return policy('Issuer address must be 56 characters long');
  if (!issuer.startsWith('G')) return policy("Issuer address must start with 'G'");
  if (!STELLAR_ADDRESS.test(issuer)) return policy('Issuer address must be a valid Stellar address');
  return undefined;
}

function stellarError(p: Record<string, unknown>): string | undefined {
  if (p.fee_payment_strategy === undefined) return policy('Fee payment strategy is required');
  if (typeof p.fee_margin_percentage === 'number' && p.fee_margin_percentage < 0) return policy('Negative fee margin percentage values are not accepted');
  const slippage = p.slippage_percentage;
  if (typeof slippage === 'number' && !(slippage >= 0 && slippage <= 100)) return policy('Slippage percentage must be between 0 and 100');
  for (const t of Array.isArray(p.allowed_tokens) ? p.allowed_tokens : []) {
    const e = assetError(String((t as { asset: string }).asset));
    if (e) return e;
  }
  const swap = p.swap_config as Record<string, unknown> | undefined;
  if (!swap) return undefined;
  if (p.fee_payment_strategy === 'relayer') return policy('Swap config only supported for user fee payment strategy');
  const cron = cronError(swap.cron_schedule);
  if (cron) return cron;
  if (!Array.isArray(swap.strategies) || swap.strategies.length === 0) return policy('Swap config must include at least one strategy');
  return undefined;
}

/** The first of v1.8's refusals of a patched relayer, or undefined. */
export function relayerError(r: PatchedRelayer): string | undefined {
  if (r.name === '') return 'Name cannot be empty';
  if (r.policies === undefined) {
    if (r.network_type === 'stellar') return policy('Stellar policy is required. fee_payment_strategy is required');
  } else if (r.network_type === 'solana') {
    const e = solanaError(r.policies, r.network);
    if (e) return e;
  } else if (r.network_type === 'stellar') {
    const e = stellarError(r.policies);
    if (e) return e;
  }
  return r.custom_rpc_urls ? relayerRpcUrlError(r.custom_rpc_urls) : undefined;
}
