/**
 * A relayer as the API renders it.
 * - contract flavour: every field, `custom_rpc_urls` unmasked, `policies` as stored.
 * - real flavour, as v1.8's RelayerResponse (src/models/relayer/response.rs:66-96, From<RelayerRepoModel>
 *   201-230): its field order; `policies` with the answer's defaults filled in and left out when none is
 *   set (relayerSchemas.ts policiesResponse); `notification_id`, `custom_rpc_urls` (masked: MaskedRpcConfig,
 *   src/models/relayer/rpc_config.rs:175-182) and `disabled_reason` only when set — `custom_rpc_urls: []`
 *   when a PATCH set an empty list; a disabled reason's details as a fixed text per type, never the
 *   health check's own words (DisabledReason's Serialize, src/models/relayer/mod.rs:134-169).
 */
import type { Flavor } from './flavor.js';
import type { RelayerSeed } from './models.js';
import { policiesResponse } from './relayerSchemas.js';

export function renderRelayer(flavor: Flavor, r: RelayerSeed): Record<string, unknown> {
  if (flavor === 'contract') {
    const out: Record<string, unknown> = { id: r.id, name: r.name, network: r.network, network_type: r.network_type, paused: r.paused, system_disabled: r.system_disabled };
    if (r.disabled_reason) out.disabled_reason = r.disabled_reason;
    out.signer_id = r.signer_id;
    out.address = r.address;
    if (r.notification_id !== undefined) out.notification_id = r.notification_id;
    out.custom_rpc_urls = r.custom_rpc_urls.map((u) => ({ url: u.url, weight: u.weight }));
    out.policies = r.policies;
    return out;
  }
  const out: Record<string, unknown> = { id: r.id, name: r.name, network: r.network, network_type: r.network_type, paused: r.paused };
  const policies = policiesResponse(r.network_type, r.policies);
  if (policies) out.policies = policies;
  out.signer_id = r.signer_id;
  if (r.notification_id !== undefined) out.notification_id = r.notification_id;
  if (r.custom_rpc_urls.length > 0 || r.rpcUrlsEmptySome) out.custom_rpc_urls = r.custom_rpc_urls.map((u) => ({ url: u.masked, weight: u.weight }));
  out.address = r.address;
  out.system_disabled = r.system_disabled;
  if (r.disabled_reason) out.disabled_reason = realDisabledReason(r.disabled_reason);
  return out;
}

/** The real server never sends a health check's own text, only a fixed one per reason type. */
const DISABLED_TEXTS: Record<string, string> = {
  NonceSyncFailed: 'Nonce synchronization failed',
  RpcValidationFailed: 'RPC endpoint validation failed',
  BalanceCheckFailed: 'Insufficient balance',
  SequenceSyncFailed: 'Sequence synchronization failed',
};

function realDisabledReason(reason: Record<string, unknown>): Record<string, unknown> {
  if (reason.type === 'Multiple' && Array.isArray(reason.details))
    return { type: 'Multiple', details: reason.details.map((d) => realDisabledReason(d as Record<string, unknown>)) };
  return { type: reason.type, details: DISABLED_TEXTS[String(reason.type)] ?? 'Unknown reason' };
}
