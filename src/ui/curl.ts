/** A reviewed request as a curl command an operator can paste: exact body, the key from $RELAYER_API_KEY. */
import { requestUrl, type PreparedRequest } from '../api/index.js';
import { SECRET_WORDS, type RequestSecret } from '../core/operations/types.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * `masked`: the secret the body holds (a signing key, RPC URLs): the command carries the review's
 * masked body, which the operator completes by hand; otherwise the exact bytes that were (or would be) sent.
 */
export function curlCommand(baseUrl: string, req: PreparedRequest, masked: RequestSecret | undefined): string {
  const url = requestUrl(baseUrl, req.path);
  const lines = [`curl -sS -X ${req.method} ${quote(url)}`, ...(req.public ? [] : [`  -H "Authorization: Bearer $RELAYER_API_KEY"`])];
  if (req.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  --data-binary ${quote(masked ? (req.displayBody ?? '') : req.body)}`);
  }
  return `${masked ? `# ${SECRET_WORDS[masked].what} ${SECRET_WORDS[masked].is} masked: put ${SECRET_WORDS[masked].it} back before running\n` : ''}${lines.join(' \\\n')}`;
}
