/**
 * A network's RPC URLs replaced: PATCH /networks/{id} with `{"rpc_urls": […]}` (OpenZeppelin Relayer
 * v1.8 UpdateNetworkRequest: non-empty, http(s), weight 0–100). The server answers a network with its
 * URLs unmasked, API keys in them: the client masks them everywhere (api/maskUrl.ts) — the review,
 * the ledger, copies, the answer shown — and the request alone carries them whole, as typed.
 * An executable spec with a form (spec.ts): `e` on a network (`:networks`) opens it in the one generic
 * screen, its field drawn masked and never kept on disk; `relayer-tui networks update ID --rpc-url
 * "URL [WEIGHT]"…` fills the same field from its flags.
 */
import { ApiError, maskUrl, prepareNetworkUpdate, stringifyJson, typedUrlSecrets, type Network, type RelayerClient, type RpcUrlInput } from '../../api/index.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import { NONE, readRpcUrls, rpcUrlsNow } from './relayerFields.js';
import type { Built, NotFound, OperationSpec, SpecInput } from './spec.js';
import type { Effect } from './types.js';

/** A network's RPC URLs as read (objects or bare strings; masked by the client already). */
function urlsOf(n: Network | undefined): { url: string; weight?: unknown }[] | undefined {
  const raw = n?.rpc_urls;
  if (!Array.isArray(raw)) return undefined;
  return raw.map((u) => (typeof u === 'string' ? { url: u, weight: 100 } : { url: String((u as { url?: unknown }).url ?? ''), weight: (u as { weight?: unknown }).weight ?? 100 }));
}

/** What came back against the URLs asked: the same masks and weights, in order. */
export function networkUpdateEffect(urls: readonly RpcUrlInput[]): (answer: unknown) => Effect {
  return (answer) => {
    const now = urlsOf(answer as Network);
    if (!now) return { kind: 'unchecked', words: 'the answer carries no rpc_urls to compare' };
    const alike = now.length === urls.length && urls.every((u, i) => maskUrl(now[i]!.url) === maskUrl(u.url) && Number(now[i]!.weight) === u.weight);
    return alike ? { kind: 'as asked', words: `rpc_urls set as asked (${urls.length}, compared masked)` } : { kind: 'not as asked', words: `rpc_urls: asked ${rpcUrlsNow(urls)}, the server has ${rpcUrlsNow(now)}` };
  };
}

/** What a network's change rests on: the network as read (masked by the client; undefined: this server does not offer it), and whether the server offers PATCH /networks/{id}. */
export interface NetworkInput extends SpecInput {
  target: OperationTarget & { networkId: string };
  network: Network | undefined;
  offered: boolean | undefined;
}

/** The request for the URLs typed (one a line, `URL weight`), or why not, on its field. */
function build(i: NetworkInput, text: string): Built {
  const networkId = i.target.networkId;
  const before = i.network;
  if (text.trim() === '' || text.trim() === NONE) return { errors: { rpc_urls: 'at least one URL: a network cannot be left without RPC URLs' } };
  const r = readRpcUrls(text.trim().split('\n'));
  if ('error' in r) return { errors: { rpc_urls: r.error } };
  const urls = r.urls;
  const unchanged = before !== undefined && networkUpdateEffect(urls)(before).kind === 'as asked';
  return {
    request: {
      op: 'network-update',
      target: { networkId },
      what: `Replace the RPC URLs of network ${networkId}`,
      prepared: prepareNetworkUpdate(networkId, urls),
      review: [
        { label: 'rpc_urls', value: `${before ? rpcUrlsNow(urlsOf(before)) : '?'} → ${rpcUrlsNow(urls)}` },
        { label: 'masked', value: 'the body is shown masked (scheme and host): the request carries the URLs whole, as typed; the ledger keeps them masked' },
        ...(unchanged ? [{ label: '⚠ already', value: `network ${networkId} already has these (compared masked: a changed key in the same path would not show)`, tone: 'warn' as const }] : []),
      ],
      secret: 'rpc-urls',
      send: (client, options) => client.updateNetwork(networkId, urls, options),
      effect: networkUpdateEffect(urls),
    },
  };
}

/** The network as it is now, masked (the review's before): its 404 is not found; a server without networks leaves it unread (refused: not offered). */
async function read(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<NetworkInput | NotFound> {
  const networkId = target.networkId ?? '';
  await client.detectDialect(signal);
  let network: Network | undefined;
  try {
    network = await client.getServerRecord('networks', networkId, signal ? { signal } : {});
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { notFound: { what: 'network', id: networkId } };
    if (!(e instanceof ApiError && e.kind === 'unsupported')) throw e;
  }
  return { target: { networkId }, network, offered: client.supports('networks') };
}

export const networkUpdateSpec: OperationSpec<'network-update', NetworkInput> = {
  kind: 'network-update',
  entry: OPERATIONS['network-update'],
  read,
  // Always read: the review's before is the network as it is now.
  known: () => null,
  refusal: (i) => (i.offered === false ? { kind: 'not-offered', doing: "changing a network's RPC URLs", endpoint: 'PATCH /networks/{id}' } : null),
  // Its RPC URLs typed whole, one a line (`URL weight`); the masked ones are never offered back.
  form: (i) => ({
    title: `network ${i.target.networkId} › rpc urls`,
    fields: [
      {
        name: 'rpc_urls',
        label: 'rpc_urls',
        kind: 'json',
        rows: 4,
        secret: true,
        hint: `now ${rpcUrlsNow(urlsOf(i.network))} (masked) · whole URLs, one a line, "URL weight" (0–100, 100 if left out); the list is replaced whole`,
        // Empty is said at ctrl+s (build), not before anything is typed.
        validate: (v) => (v.trim() === '' ? null : (() => { const r = readRpcUrls(v.split('\n')); return 'error' in r ? r.error : null; })()),
      },
    ],
    focus: 'rpc_urls',
    initial: { rpc_urls: '' },
    secrets: (v) => typedUrlSecrets(v.rpc_urls ?? ''),
  }),
  // `--rpc-url "URL [WEIGHT]"`, repeated: the field's lines.
  fromFlags: ({ lists }) => {
    const items = lists['rpc-url'] ?? [];
    return items.length === 0 ? { usage: 'give the URLs: --rpc-url "URL [WEIGHT]", repeated (the list is replaced whole)' } : { values: { rpc_urls: items.join('\n') }, given: { rpc_urls: 'rpc-url' } };
  },
  build: (i, v) => build(i, v.rpc_urls ?? ''),
  reviewNotes: (i) => [
    ...(i.network ? [] : [{ label: '⚠ before', value: `network ${i.target.networkId} could not be read first: its RPC URLs now are not known`, tone: 'warn' as const }]),
    // Only what the request does: when the server's relayers start using the new URLs was not read in v1.8's source.
    { label: 'what happens', value: "the network's list is replaced whole by these" },
  ],
  // Built against its URLs as read (masked): sent only if they are still so.
  basis: (i) => `network ${i.network ? stringifyJson(urlsOf(i.network) ?? null) : 'unread'}`,
  events: (_answer, i) => [{ kind: 'network', networkId: i.target.networkId }],
};
