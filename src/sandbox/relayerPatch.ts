/**
 * PATCH /relayers/{id}, a JSON merge patch, as the real server takes it (v1.8
 * src/api/controllers/relayer.rs update_relayer; UpdateRelayerRequestRaw in src/models/relayer/request.rs,
 * apply_json_patch in src/models/relayer/mod.rs). In order: the body must be JSON (else actix's 400
 * text/plain), the relayer must exist (404), the patch must read as the request (400 `Invalid update
 * request: …`: unknown fields and wrong types), then a system-disabled relayer refuses (400 `Relayer is
 * disabled`), a notification must exist (404), and the patched relayer must still be valid (`null`
 * removes a field: 400 `Invalid result after patch: missing field …` for a required one). No 403: this
 * is how a paused relayer is resumed.
 *
 * The sandbox changes `paused`, `name`, `notification_id` and an EVM relayer's `policies` (merged key
 * by key, `null` removes one; RelayerEvmPolicy's fields only — deny_unknown_fields,
 * src/models/relayer/mod.rs:292-319 — u128s as JSON numbers or decimal strings). Solana and Stellar
 * policies and `custom_rpc_urls` are refused (400): their validation is not imitated here.
 */
import { type SandboxData, renderRelayer } from './data.js';
import { type Flavor, type SandboxResponse, badInput, fail, ok, readJsonBody, relayerNotFound } from './flavor.js';
import type { NotificationStore } from './notifications.js';
import { ShapeError, describeValue, expectObject, rejectUnknownFields } from './validate.js';

const FIELDS = ['name', 'paused', 'policies', 'notification_id', 'custom_rpc_urls'] as const;

export interface PatchContext {
  flavor: Flavor;
  data: SandboxData;
  notifications: NotificationStore;
}

/** serde's reading of UpdateRelayerRequestRaw (every field an Option: null is accepted here). */
function checkShape(patch: unknown): Record<string, unknown> {
  const o = expectObject(patch, 'struct UpdateRelayerRequestRaw');
  rejectUnknownFields(o, FIELDS);
  const typed = (k: string, ok: (v: unknown) => boolean, what: string) => {
    const v = o[k];
    if (v !== undefined && v !== null && !ok(v)) throw new ShapeError(`invalid type: ${describeValue(v)}, expected ${what}`);
  };
  typed('name', (v) => typeof v === 'string', 'a string');
  typed('paused', (v) => typeof v === 'boolean', 'a boolean');
  typed('notification_id', (v) => typeof v === 'string', 'a string');
  typed('custom_rpc_urls', Array.isArray, 'a sequence');
  return o;
}

export function handlePatchRelayer(ctx: PatchContext, relayerId: string, rawBody: string): SandboxResponse {
  const { flavor, data } = ctx;
  const read = readJsonBody(flavor, rawBody);
  if ('response' in read) return read.response;
  const { body } = read;
  const relayer = data.relayer(relayerId);
  if (!relayer) return relayerNotFound(flavor, relayerId);
  let patch: Record<string, unknown>;
  try {
    patch = checkShape(body);
  } catch (err) {
    if (err instanceof ShapeError) return fail(flavor, 400, `Invalid update request: ${err.message}`);
    throw err;
  }
  if ('custom_rpc_urls' in patch) return fail(flavor, 400, 'Invalid update request: the sandbox does not change `custom_rpc_urls`');
  if ('policies' in patch && relayer.network_type !== 'evm') return fail(flavor, 400, "Invalid update request: the sandbox does not change a non-EVM relayer's `policies`");
  if (relayer.system_disabled) return fail(flavor, 400, 'Relayer is disabled');
  const notification = patch.notification_id;
  if (typeof notification === 'string' && !ctx.notifications.get(notification)) {
    return fail(flavor, 404, `Notification with ID '${notification}' not found`);
  }
  // The merge patch: null removes a field, which the relayer must still have.
  for (const k of ['name', 'paused'] as const) {
    if (patch[k] === null) return fail(flavor, 400, `Invalid result after patch: missing field \`${k}\``);
  }
  if (patch.name === '') return fail(flavor, 400, 'Name cannot be empty');
  let policies: Record<string, unknown> | undefined;
  if ('policies' in patch) {
    const merged = mergeEvmPolicies(relayer.policies, patch.policies);
    if (typeof merged === 'string') return fail(flavor, 400, `Invalid result after patch: ${merged}`);
    policies = merged;
  }

  if (typeof patch.name === 'string') relayer.name = patch.name;
  if (typeof patch.paused === 'boolean') relayer.paused = patch.paused;
  if (policies) relayer.policies = policies;
  if (typeof notification === 'string') relayer.notification_id = notification;
  if (notification === null) delete relayer.notification_id;
  return ok(renderRelayer(flavor, relayer));
}

const U128_MAX = (1n << 128n) - 1n;
const EVM_POLICY_BOOLEANS = ['gas_limit_estimation', 'eip1559_pricing', 'private_transactions', 'include_revert_data'];
const EVM_POLICY_U128 = ['min_balance', 'gas_price_cap'];

/** An EVM relayer's policies with a merge patch applied (RFC 7396), or what serde would say of the result. */
function mergeEvmPolicies(current: Record<string, unknown>, patch: unknown): Record<string, unknown> | string {
  if (patch === null) return {};
  if (typeof patch !== 'object' || Array.isArray(patch)) return `invalid type: ${describeValue(patch)}, expected struct RelayerEvmPolicy`;
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    if (v === null) {
      delete out[k];
      continue;
    }
    if (EVM_POLICY_BOOLEANS.includes(k)) {
      if (typeof v !== 'boolean') return `invalid type: ${describeValue(v)}, expected a boolean`;
      out[k] = v;
    } else if (EVM_POLICY_U128.includes(k)) {
      const n = typeof v === 'string' && /^\d{1,39}$/.test(v) ? BigInt(v) : typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : undefined;
      if (n === undefined || n < 0n || n > U128_MAX) return `invalid value: ${describeValue(v)}, expected a u128`;
      out[k] = n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
    } else if (k === 'whitelist_receivers') {
      if (!Array.isArray(v) || !v.every((a) => typeof a === 'string')) return `invalid type: ${describeValue(v)}, expected a sequence of strings`;
      out[k] = [...v];
    } else return `unknown field \`${k}\`, expected one of \`min_balance\`, \`gas_limit_estimation\`, \`gas_price_cap\`, \`whitelist_receivers\`, \`eip1559_pricing\`, \`private_transactions\`, \`include_revert_data\``;
  }
  return out;
}
