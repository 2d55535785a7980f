/**
 * Secrets inside URLs, masked before anything shows them. The OpenZeppelin Relayer v1.8 masks a
 * relayer's `custom_rpc_urls` itself (src/utils/url.rs `mask_url`: scheme and host kept, the path and
 * query as `***`), but answers GET /networks and /networks/{id} with `rpc_urls` unmasked — API keys in
 * their paths, queries and user info. The client masks them by the server's own rule, and masks user
 * info (`user:key@`) too, which that rule keeps.
 */

/** `https://eth.example/v2/KEY` → `https://eth.example/***`; `http://localhost:8545` as it is; unparsable → `***`. */
export function maskUrl(url: string): string {
  const scheme = url.indexOf('://');
  if (scheme < 0) return '***';
  const hostStart = scheme + 3;
  let rest = url.slice(hostStart);
  const slash = rest.indexOf('/');
  const query = rest.indexOf('?');
  const hostEnd = [slash, query].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b), rest.length);
  let host = rest.slice(0, hostEnd);
  // User info (`user:password@host`): a key too, masked (the server's rule keeps it).
  const at = host.lastIndexOf('@');
  if (at >= 0) host = `***@${host.slice(at + 1)}`;
  rest = rest.slice(hostEnd);
  const head = `${url.slice(0, hostStart)}${host}`;
  if (rest === '' || rest === '/') return `${head}${rest}`;
  return rest.startsWith('?') ? `${head}?***` : `${head}/***`;
}

/** A network as the server answered it, its `rpc_urls` (objects' `url`, or bare strings) and `horizon_url` masked. */
export function maskNetwork<T>(network: T): T {
  if (network === null || typeof network !== 'object') return network;
  const n = { ...(network as Record<string, unknown>) };
  if (Array.isArray(n.rpc_urls))
    n.rpc_urls = n.rpc_urls.map((u) => (typeof u === 'string' ? maskUrl(u) : u && typeof u === 'object' && typeof (u as { url?: unknown }).url === 'string' ? { ...u, url: maskUrl((u as { url: string }).url) } : u));
  if (typeof n.horizon_url === 'string') n.horizon_url = maskUrl(n.horizon_url);
  return n as T;
}

/**
 * A relayer as a server answered it, its own `custom_rpc_urls` masked: v1.8 masks them itself; a server
 * that is not (the interface document's, a fleet's contract context) may send them whole, keys in them:
 * masked here, before any view shows them.
 */
export function maskRelayer<T>(r: T): T {
  const urls = (r as { custom_rpc_urls?: unknown } | null)?.custom_rpc_urls;
  if (!Array.isArray(urls)) return r;
  return { ...r, custom_rpc_urls: urls.map((u) => (typeof u === 'string' ? maskUrl(u) : u && typeof u === 'object' && typeof (u as { url?: unknown }).url === 'string' ? { ...u, url: maskUrl((u as { url: string }).url) } : u)) };
}

/**
 * URLs as they are typed, masked in place for drawing (a form's field that may hold a key): in each
 * word with a path, query or user info, the scheme and host kept and everything after the host (and the
 * user info) drawn as `•`, one for each character — the same length, so a cursor stays on the character
 * it is on. Other words (a weight, a host alone) as they are. What is sent is the text, not this.
 */
export function maskTypedUrls(text: string): string {
  return text.replace(/\S+/g, maskTypedUrl);
}

function maskTypedUrl(word: string): string {
  const scheme = word.indexOf('://');
  const hostStart = scheme >= 0 ? scheme + 3 : 0;
  const tail = word.slice(hostStart);
  const end = tail.search(/[/?#]/);
  const hostEnd = end < 0 ? tail.length : end;
  let host = tail.slice(0, hostEnd);
  const at = host.lastIndexOf('@');
  if (at >= 0) host = `${'•'.repeat(at)}@${host.slice(at + 1)}`;
  const rest = tail.slice(hostEnd);
  // The separator shown (`/`, `?`), what follows it not.
  return `${word.slice(0, hostStart)}${host}${rest.slice(0, 1)}${'•'.repeat(Math.max(0, rest.length - 1))}`;
}

/**
 * What of the URLs typed is secret, to mask where a server's words carry them back (an error that
 * quotes the URL): each URL whole, what maskTypedUrls hides of it (user info, path and query), and
 * each piece of that between `/`, `?`, `&`, `=` (4 characters or more: a key quoted alone).
 */
export function typedUrlSecrets(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(/\S+/g) ?? []) {
    const shown = maskTypedUrl(word);
    if (shown === word) continue;
    out.push(word);
    // The hidden runs of it, as typed.
    let run = '';
    for (let i = 0; i <= word.length; i++) {
      if (i < word.length && shown[i] === '•' && word[i] !== '•') run += word[i];
      else if (run) {
        // And each piece of it (a key quoted alone: `…/v2/KEY` → `KEY`).
        out.push(run, ...run.split(/[/?&=#:;@]/).filter((p) => p.length >= 4));
        run = '';
      }
    }
  }
  return out;
}
