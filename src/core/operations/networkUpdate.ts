/**
 * A network's RPC URLs replaced: PATCH /networks/{id} with `{"rpc_urls": […]}` (OpenZeppelin Relayer
 * v1.8 UpdateNetworkRequest: non-empty, http(s), weight 0–100). The server answers a network with its
 * URLs unmasked, API keys in them: the client masks them everywhere (api/maskUrl.ts) — the review,
 * the ledger, copies, the answer shown — and the request alone carries them whole, as typed.
 */
import { maskUrl, type Network, type RpcUrlInput } from '../../api/index.js';
import { prepareNetworkUpdate } from '../../api/index.js';
import type { Refusal } from './cancel.js';
import { NONE, readRpcUrls, rpcUrlsNow } from './relayerFields.js';
import type { ReviewLine } from './review.js';
import type { BuiltRequest, Effect, FormDefinition } from './types.js';

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

export function networkUpdateRequest(networkId: string, before: Network | undefined, urls: readonly RpcUrlInput[], offered: boolean | undefined): BuiltRequest | Refusal {
  if (offered === false) return { refuse: "this server (not the OpenZeppelin Relayer) has no PATCH /networks/{id}: a network's RPC URLs cannot be changed here" };
  const review: ReviewLine[] = [];
  if (!before) review.push({ label: '⚠ before', value: `network ${networkId} could not be read first: its RPC URLs now are not known`, tone: 'warn' });
  review.push({ label: 'rpc_urls', value: `${before ? rpcUrlsNow(urlsOf(before)) : '?'} → ${rpcUrlsNow(urls)}` });
  review.push({ label: 'masked', value: 'the body is shown masked (scheme and host): the request carries the URLs whole, as typed; the ledger keeps them masked' });
  // Only what the request does: when the server's relayers start using the new URLs was not read in v1.8's source.
  review.push({ label: 'what happens', value: "the network's list is replaced whole by these" });
  const prepared = prepareNetworkUpdate(networkId, urls);
  const unchanged = before !== undefined && networkUpdateEffect(urls)(before).kind === 'as asked';
  if (unchanged) review.push({ label: '⚠ already', value: `network ${networkId} already has these (compared masked: a changed key in the same path would not show)`, tone: 'warn' });
  return {
    op: 'network-update',
    target: { networkId },
    what: `Replace the RPC URLs of network ${networkId}`,
    prepared,
    review,
    secret: 'rpc-urls',
    send: (client, options) => client.updateNetwork(networkId, urls, options),
    effect: networkUpdateEffect(urls),
  };
}

/** `e` on a network: its RPC URLs typed whole, one a line (`URL weight`); the masked ones are never offered back. */
export function networkUpdateForm(networkId: string, before: Network | undefined, offered: boolean | undefined): FormDefinition {
  return {
    fields: [
      {
        name: 'rpc_urls',
        label: 'rpc_urls',
        kind: 'json',
        rows: 4,
        secret: true,
        hint: `now ${rpcUrlsNow(urlsOf(before))} (masked) · whole URLs, one a line, "URL weight" (0–100, 100 if left out); the list is replaced whole`,
        // Empty is said at ctrl+s (build), not before anything is typed.
        validate: (v) => (v.trim() === '' ? null : (() => { const r = readRpcUrls(v.split('\n')); return 'error' in r ? r.error : null; })()),
      },
    ],
    focus: 'rpc_urls',
    build: (v): { request: BuiltRequest } | { errors: Record<string, string> } => {
      const text = (v.rpc_urls ?? '').trim();
      if (text === '' || text === NONE) return { errors: { rpc_urls: 'at least one URL: a network cannot be left without RPC URLs' } };
      const r = readRpcUrls(text.split('\n'));
      if ('error' in r) return { errors: { rpc_urls: r.error } };
      const built = networkUpdateRequest(networkId, before, r.urls, offered);
      return 'refuse' in built ? { errors: { _form: built.refuse } } : { request: built };
    },
  };
}
