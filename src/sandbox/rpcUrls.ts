/**
 * RPC URLs as v1.8 checks and shows them:
 * - maskUrl: src/utils/url.rs:16-47 `mask_url` (scheme and host kept, a path or query as `/***`, a query
 *   without a path as `?***`; user info kept; no "://": `***`). A masked URL sent back is only a URL:
 *   `https://host/***` passes every check below and is stored as it is (its path is `/***`).
 * - relayerRpcUrlError: Relayer::validate_custom_rpc_urls, src/models/relayer/mod.rs:1147-1177, with
 *   the server's defaults (RPC_ALLOWED_HOSTS empty, RPC_BLOCK_PRIVATE_IPS false: src/config/server_config.rs:607-624):
 *   each URL must parse (`Invalid RPC URL: [invalid URL]`), pass validate_safe_url
 *   (src/utils/url_security.rs:26-102: http or https only, not metadata.google.internal, not 0.0.0.0,
 *   not 169.254.169.254 — `Invalid RPC URL: <scheme>://<host>/[path redacted]: <why>`, sanitize_url_for_error
 *   at url_security.rs:285-294), then weigh at most 100 (`RPC URL weight must be in range 0-100`).
 *   An IPv6 host is never refused: host_str() keeps its brackets, so it never parses as an IpAddr.
 * - networkRpcUrlError: UpdateNetworkRequest::validate, src/models/network/request.rs:63-79, and
 *   RpcConfig::validate_url_scheme (src/models/relayer/rpc_config.rs:122-130): non-empty, each URL
 *   starting with `http://` or `https://` (nothing else is checked: weight, form).
 */

export interface RpcConfig {
  url: string;
  weight: number;
}

export function maskUrl(url: string): string {
  const schemeEnd = url.indexOf('://');
  if (schemeEnd < 0) return '***';
  const hostStart = schemeEnd + 3;
  const rest = url.slice(hostStart);
  const pathStart = rest.indexOf('/');
  if (pathStart >= 0) {
    const pathAndBeyond = rest.slice(pathStart);
    // Rust's len() counts bytes: a path of one multi-byte character is still "more than /".
    if (Buffer.byteLength(pathAndBeyond) > 1 || url.includes('?')) return `${url.slice(0, hostStart + pathStart)}/***`;
    return url;
  }
  if (url.includes('?')) return `${url.slice(0, url.indexOf('?'))}?***`;
  return url;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** url_security.rs:285-294. */
export function sanitizeUrlForError(url: string): string {
  const u = parse(url);
  if (!u) return '[invalid URL]';
  const host = u.hostname === '' ? '[no host]' : u.hostname;
  return `${u.protocol.slice(0, -1)}://${host}${u.port ? `:${u.port}` : ''}/[path redacted]`;
}

/** url_security.rs:26-102 with no allowed-host list and private addresses allowed. */
function unsafeReason(u: URL): string | undefined {
  const scheme = u.protocol.slice(0, -1);
  if (scheme !== 'http' && scheme !== 'https') return `Invalid URL scheme '${scheme}': only http and https are allowed`;
  const host = u.hostname;
  if (host === '') return 'URL must contain a host';
  if (host.toLowerCase() === 'metadata.google.internal') return 'Cloud metadata hostnames (metadata.google.internal) are not allowed';
  if (host === '0.0.0.0') return 'Unspecified IP addresses (0.0.0.0, ::) are not allowed';
  if (host === '169.254.169.254') return 'Cloud metadata endpoints (169.254.169.254, fd00:ec2::254) are not allowed';
  return undefined;
}

/** The first refusal of a relayer's custom_rpc_urls, in v1.8's words (mod.rs:1147-1177, 1253-1258), or undefined. */
export function relayerRpcUrlError(configs: readonly RpcConfig[]): string | undefined {
  for (const c of configs) {
    const u = parse(c.url);
    if (!u) return `Invalid RPC URL: ${sanitizeUrlForError(c.url)}`;
    const why = unsafeReason(u);
    if (why) return `Invalid RPC URL: ${sanitizeUrlForError(c.url)}: ${why}`;
    if (c.weight > 100) return 'RPC URL weight must be in range 0-100';
  }
  return undefined;
}

/** The refusal of a network's rpc_urls (request.rs:63-79), or undefined. */
export function networkRpcUrlError(configs: readonly RpcConfig[]): string | undefined {
  if (configs.length === 0) return 'rpc_urls must contain at least one RPC endpoint';
  const bad = configs.find((c) => !c.url.startsWith('http://') && !c.url.startsWith('https://'));
  if (bad) return `Invalid RPC URL configuration: Invalid URL scheme for ${bad.url}: Only HTTP and HTTPS are supported`;
  return undefined;
}
