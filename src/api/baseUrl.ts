/** The server's base URL: http or https, no credentials in it, `/api/v1` accepted on the end. */
import { ApiError } from './errors.js';

export function parseBaseUrl(baseUrl: string): { origin: string; basePath: string; host: string } {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw new ApiError('bad_request', `Invalid server URL "${baseUrl}": expected e.g. http://localhost:8080`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new ApiError('bad_request', `Invalid server URL "${baseUrl}": only http and https are supported`);
  if (u.username || u.password) throw new ApiError('bad_request', 'Put credentials in RELAYER_API_KEY, not in the server URL');
  // Accept a base URL given with the /api/v1 prefix too.
  const basePath = u.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return { origin: u.origin, basePath, host: u.host };
}


/**
 * The full URL a request goes to: the base URL's origin and path (without a trailing /api/v1, which
 * every request path starts with) + the path. The one rule for the transport, a dry run and curl.
 */
export function requestUrl(baseUrl: string, path: string): string {
  const { origin, basePath } = parseBaseUrl(baseUrl);
  return `${origin}${basePath}${path}`;
}
