/**
 * PATCH /relayers/{id}, a JSON merge patch, as v1.8 takes it (src/api/routes/relayer.rs:46-53 reads the
 * body as a serde_json::Value; src/api/controllers/relayer.rs:230-285 update_relayer). In order:
 * 1. the body must be JSON (actix: 400 text/plain `Json deserialize error: …`);
 * 2. the relayer must exist (404 `Relayer with ID <id> not found`, relayer.rs:246);
 * 3. the patch must read as UpdateRelayerRequestRaw (request.rs:213-224; relayer.rs:249-250):
 *    400 `Invalid update request: <serde>` — unknown fields, wrong types, a custom_rpc_urls entry
 *    that is not `{url, weight?}` (weight a u8);
 * 4. non-null `policies` must read as the relayer's network type's policy struct (deny_unknown_fields:
 *    deserialize_policy_for_network_type, request.rs:138-160; relayer.rs:252-255): 400
 *    `Invalid policy: Bad Request: Invalid <EVM|Solana|Stellar> policy: <serde>` (the ApiError's own
 *    Display, src/models/error/api.rs:18, is inside the text);
 * 5. a system-disabled relayer: 400 `Relayer is disabled` (relayer.rs:257-259);
 * 6. a notification_id must exist (404, relayer.rs:262-267);
 * 7. the patch is merged into the relayer as JSON (Relayer::apply_json_patch, mod.rs:1188-1209:
 *    json_patch::merge, RFC 7396 — null removes, objects merge, arrays are replaced; the relayer's
 *    policies carry their `network_type` tag, RelayerNetworkPolicy mod.rs:667-676), read back
 *    (400 `Invalid result after patch: <serde>`, e.g. `missing field `name`` for `{"name": null}`) and
 *    validated (relayerRules.ts). `{"policies": null}` removes every policy (an EVM or Solana relayer
 *    then answers without `policies`; a Stellar one is refused: its fee_payment_strategy is required).
 * No 403: this is how a paused relayer is resumed. custom_rpc_urls are stored as sent and answered
 * masked (rpcUrls.ts maskUrl); `[]` is kept and answered as `[]`, null removes them.
 */
import { JsonSyntaxError, parseJson } from '../api/json.js';
import type { SandboxData } from './data.js';
import { type Flavor, type SandboxResponse, badInput, fail, ok, relayerNotFound } from './flavor.js';
import type { NetworkType, RelayerSeed } from './models.js';
import type { NotificationStore } from './notifications.js';
import { renderRelayer } from './relayerRender.js';
import { relayerError } from './relayerRules.js';
import { POLICY_TYPES, UPDATE_RELAYER_REQUEST, relayerFields } from './relayerSchemas.js';
import { type RpcConfig, maskUrl } from './rpcUrls.js';
import { SerdeError, expectedNames, hasNumberOutOfRange, invalidType, numberOf, readTyped } from './serde.js';

export interface PatchContext {
  flavor: Flavor;
  data: SandboxData;
  notifications: NotificationStore;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v) && numberOf(v) === undefined;

/** RFC 7396 as json_patch::merge does it. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Json = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k] ?? null, v);
  }
  return out;
}

/** The relayer as v1.8 serializes its domain model (u128 policy values as strings: serialize_optional_u128). */
function domainJson(r: RelayerSeed): Json {
  const policies: Json = { network_type: r.network_type };
  for (const [k, v] of Object.entries(r.policies)) {
    if (v !== undefined && v !== null) policies[k] = r.network_type === 'evm' && (k === 'min_balance' || k === 'gas_price_cap') ? String(v) : v;
  }
  const someUrls = r.custom_rpc_urls.length > 0 || r.rpcUrlsEmptySome;
  return {
    id: r.id,
    name: r.name,
    network: r.network,
    paused: r.paused,
    network_type: r.network_type,
    policies,
    signer_id: r.signer_id,
    notification_id: r.notification_id ?? null,
    custom_rpc_urls: someUrls ? r.custom_rpc_urls.map((u) => ({ url: u.url, weight: u.weight })) : null,
  };
}

/** RelayerNetworkPolicy, internally tagged by `network_type` (serde's reading of a tagged map or sequence). */
function readTaggedPolicy(v: unknown): { type: NetworkType; policy: Json } {
  const variants = ['evm', 'solana', 'stellar'] as const;
  let tag: unknown;
  let rest: unknown;
  if (isObject(v)) {
    if (!('network_type' in v)) throw new SerdeError('missing field `network_type`');
    const { network_type: t, ...others } = v;
    tag = t;
    rest = others;
  } else if (Array.isArray(v)) {
    if (v.length === 0) throw new SerdeError('missing field `network_type`');
    tag = v[0];
    rest = v.slice(1);
  } else return invalidType(v, 'internally tagged enum RelayerNetworkPolicy');
  if (typeof tag !== 'string') return invalidType(tag, 'variant identifier');
  const type = variants.find((x) => x === tag);
  if (!type) throw new SerdeError(`unknown variant \`${tag}\`, ${expectedNames(variants, 'there are no variants')}`);
  return { type, policy: readTyped(POLICY_TYPES[type].ty, rest) as Json };
}

/** Reads `v` with serde's words, or the 400 answer with `prefix`. */
function read<T>(flavor: Flavor, prefix: string, f: () => T): T | SandboxResponse {
  try {
    return f();
  } catch (err) {
    if (err instanceof SerdeError) return fail(flavor, 400, `${prefix}${err.message}`);
    throw err;
  }
}
const isResponse = (x: unknown): x is SandboxResponse => typeof x === 'object' && x !== null && 'status' in x && 'headers' in x && 'body' in x;

export function handlePatchRelayer(ctx: PatchContext, relayerId: string, rawBody: string): SandboxResponse {
  const { flavor, data } = ctx;
  let body: unknown;
  try {
    body = parseJson(rawBody, { exactNumbers: true });
  } catch (err) {
    if (err instanceof JsonSyntaxError) return badInput(flavor, 'json', err.message);
    throw err;
  }
  if (hasNumberOutOfRange(body)) return badInput(flavor, 'json', 'number out of range');
  const relayer = data.relayer(relayerId);
  if (!relayer) return relayerNotFound(flavor, relayerId);
  const request = read(flavor, 'Invalid update request: ', () => readTyped(UPDATE_RELAYER_REQUEST, body) as Json);
  if (isResponse(request)) return request;
  if (request.policies !== undefined) {
    const { ty, label } = POLICY_TYPES[relayer.network_type];
    const typed = read(flavor, `Invalid policy: Bad Request: Invalid ${label} policy: `, () => readTyped(ty, request.policies));
    if (isResponse(typed)) return typed;
  }
  if (relayer.system_disabled) return fail(flavor, 400, 'Relayer is disabled');
  const notification = request.notification_id;
  if (typeof notification === 'string' && !ctx.notifications.get(notification)) {
    return fail(flavor, 404, `Notification with ID '${notification}' not found`);
  }

  const merged = mergePatch(domainJson(relayer), body);
  const patched = read(flavor, 'Invalid result after patch: ', (): Json => {
    return readTyped({ k: 'struct', name: 'Relayer', fields: relayerFields((v) => readTaggedPolicy(v).policy), deny: false }, merged) as Json;
  });
  if (isResponse(patched)) return patched;
  const policies = patched.policies as Json | undefined;
  const urls = patched.custom_rpc_urls as RpcConfig[] | undefined;
  const refused = relayerError({ name: patched.name as string, network: relayer.network, network_type: relayer.network_type, policies, custom_rpc_urls: urls });
  if (refused) return fail(flavor, 400, refused);

  relayer.name = patched.name as string;
  relayer.paused = patched.paused as boolean;
  // None becomes the network type's default policy, every field unset (RelayerRepoModel::from, repository.rs:113-126).
  relayer.policies = policies ?? {};
  if (typeof patched.notification_id === 'string') relayer.notification_id = patched.notification_id;
  else delete relayer.notification_id;
  if ('custom_rpc_urls' in (body as Json)) {
    relayer.custom_rpc_urls = (urls ?? []).map((u) => ({ url: u.url, masked: maskUrl(u.url), weight: u.weight }));
    if (urls && urls.length === 0) relayer.rpcUrlsEmptySome = true;
    else delete relayer.rpcUrlsEmptySome;
  }
  return ok(renderRelayer(flavor, relayer));
}
