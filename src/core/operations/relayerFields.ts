/**
 * A relayer's own fields beside its policies, as a merge patch takes them (OpenZeppelin Relayer v1.8
 * UpdateRelayerRequestRaw, src/models/relayer/request.rs): `name`, `notification_id` (null removes it;
 * the server checks it exists: 404 otherwise) and `custom_rpc_urls` (`[{url, weight}]`, weight 0–100,
 * default 100: src/models/relayer/rpc_config.rs, src/constants/relayer.rs:38; validate_custom_rpc_urls
 * in src/models/relayer/mod.rs:1147). The server answers those URLs masked (`scheme://host/***`): the
 * editor never offers them back to be sent; changing them means typing whole URLs.
 */
import { maskUrl, type RpcUrlInput } from '../../api/index.js';
import { displayText } from '../text/values.js';

/** The word that removes a list or a choice (`none`): typed in a field, or given to a flag. */
export const NONE = 'none';

/** `URL [weight]` lines (a field's, or each `--rpc-url`'s) into the list, or what is wrong with one. */
export function readRpcUrls(lines: readonly string[]): { urls: RpcUrlInput[] } | { error: string } {
  const urls: RpcUrlInput[] = [];
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const m = /^(\S+)(?:\s+(\S+))?$/.exec(line);
    const at = lines.length > 1 ? `line ${i + 1}: ` : '';
    if (!m) return { error: `${at}write one URL and, after a space, its weight (0–100; 100 when left out)` };
    const url = m[1]!;
    if (url.includes('***')) return { error: `${at}${maskUrl(url)} is the server's mask of a URL, not a URL: type the whole URL (its key included)` };
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return { error: `${at}${maskUrl(url)} is not an absolute http(s) URL` };
    const weight = m[2] === undefined ? 100 : /^\d{1,3}$/.test(m[2]) ? Number(m[2]) : NaN;
    if (!(weight >= 0 && weight <= 100)) return { error: `${at}weight ${displayText(m[2])}: a whole number from 0 to 100` };
    urls.push({ url, weight });
  }
  return { urls };
}

/** The relayer's custom RPC URLs as the server answered them (masked by it; masked again here), for words. */
export function rpcUrlsNow(urls: readonly { url?: string | null; weight?: unknown }[] | null | undefined): string {
  if (!urls || urls.length === 0) return "(none: the network's own)";
  return urls.map((u) => `${maskUrl(String(u.url ?? ''))}${u.weight === undefined || u.weight === null ? '' : ` (${displayText(u.weight)})`}`).join(', ');
}

/** The list as the review and the ledger show it: every URL masked (its key never on screen or on disk). */
export function maskedRpcUrls(urls: readonly RpcUrlInput[]): RpcUrlInput[] {
  return urls.map((u) => ({ url: maskUrl(u.url), weight: u.weight }));
}
