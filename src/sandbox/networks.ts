/**
 * One sandbox's networks (made once from its relayers: serverRecords.ts), GET /networks/{id} and
 * PATCH /networks/{id} as v1.8 answers them (src/api/routes/network.rs:29-38,
 * src/api/controllers/network.rs:81-118 and 132-221, src/models/network/request.rs:35-80):
 * - the body is read as UpdateNetworkRequest (deny_unknown_fields): only `rpc_urls`, each entry a URL
 *   string (weight 100) or `{url, weight?}` (weight a u8; other keys ignored) — deserialize_rpc_urls,
 *   src/models/relayer/rpc_config.rs:215-252 (`rpc_urls must be an array of strings or RpcConfig objects`).
 *   A body that does not read: 400 text/plain `Json deserialize error: … at line L column C`;
 * - then, before the network is looked up: `[]` → 400 `rpc_urls must contain at least one RPC endpoint`;
 *   a URL not starting with `http://` or `https://` → 400 `Invalid RPC URL configuration: Invalid URL
 *   scheme for <url>: Only HTTP and HTTPS are supported` (nothing else: weight up to 255, any text after
 *   the scheme); no `rpc_urls` (or null) → 400 `At least one field must be provided for update`;
 * - 404 `Network with ID '<id>' not found` (the controller's words, quotes included; GET the same);
 * - 200 with the network as GET answers it, `rpc_urls` replaced and unmasked (NetworkResponse,
 *   src/models/network/response.rs:17-113). Later GETs (list and one) show them.
 */
import { type SandboxResponse, badInput, fail, ok, readJsonBody } from './flavor.js';
import type { RelayerSeed } from './models.js';
import { RPC_CONFIG } from './relayerSchemas.js';
import { type RpcConfig, networkRpcUrlError } from './rpcUrls.js';
import { SerdeError, numberOf, readTyped } from './serde.js';
import { sandboxNetworks } from './serverRecords.js';
import { readBody } from './typedBody.js';

const NOT_LIST = 'rpc_urls must be an array of strings or RpcConfig objects';

/** deserialize_rpc_urls (rpc_config.rs:215-252). */
function readRpcUrls(v: unknown): RpcConfig[] | undefined {
  if (v === null) return undefined;
  if (!Array.isArray(v)) throw new SerdeError(NOT_LIST);
  return v.map((item) => {
    if (typeof item === 'string') return { url: item, weight: 100 };
    if (typeof item === 'object' && item !== null && !Array.isArray(item) && numberOf(item) === undefined) return readTyped(RPC_CONFIG, item) as RpcConfig;
    throw new SerdeError(NOT_LIST);
  });
}

export const networkNotFound = (id: string) => fail('real', 404, `Network with ID '${id}' not found`);

export class NetworkStore {
  private readonly list: Record<string, unknown>[];

  /** The networks of the relayers the server is configured with, made once: as in v1.8 (its config file), a relayer deleted later leaves its network. */
  constructor(relayers: readonly RelayerSeed[]) {
    this.list = sandboxNetworks(relayers);
  }

  all(): Record<string, unknown>[] {
    return this.list;
  }

  find(id: string): Record<string, unknown> | undefined {
    return this.all().find((n) => n.id === id);
  }

  /** PATCH /networks/{id} (the real flavour's). */
  update(id: string, rawBody: string): SandboxResponse {
    const json = readJsonBody('real', rawBody);
    if ('response' in json) return json.response;
    const read = readBody(rawBody, 'UpdateNetworkRequest', [{ name: 'rpc_urls', read: readRpcUrls, custom: true, dflt: true }]);
    if ('error' in read) return badInput('real', 'json', read.error);
    const urls = read.value.rpc_urls as RpcConfig[] | undefined;
    const refused = urls && networkRpcUrlError(urls);
    if (refused) return fail('real', 400, refused);
    if (!urls) return fail('real', 400, 'At least one field must be provided for update');
    const n = this.find(id);
    if (!n) return networkNotFound(id);
    n.rpc_urls = urls.map((u) => ({ url: u.url, weight: u.weight }));
    return ok(n);
  }
}
