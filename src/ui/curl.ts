/** A reviewed request as a curl command an operator can paste: exact body, the key from $RELAYER_API_KEY. */
import { requestUrl, type PreparedRequest } from '../api/index.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * `masked`: the body holds a secret (a signing key): the command carries the review's masked body,
 * which the operator completes by hand; otherwise the exact bytes that were (or would be) sent.
 */
export function curlCommand(baseUrl: string, req: PreparedRequest, masked: boolean): string {
  const url = requestUrl(baseUrl, req.path);
  const lines = [`curl -sS -X ${req.method} ${quote(url)}`, ...(req.public ? [] : [`  -H "Authorization: Bearer $RELAYER_API_KEY"`])];
  if (req.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  --data-binary ${quote(masked ? (req.displayBody ?? '') : req.body)}`);
  }
  return `${masked ? `# ${req.path.includes('/notifications') ? 'the signing key is' : 'the RPC URLs are'} masked: put ${req.path.includes('/notifications') ? 'it' : 'them'} back before running\n` : ''}${lines.join(' \\\n')}`;
}
