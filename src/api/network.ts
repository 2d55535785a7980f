/** What a failed connection means: whether the request provably never left, in words; and the body read within its limit. */

/** Larger answers are refused unread: no relayer API answer comes near (a page of 100 is ~100 KB). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Network errors where the request provably never reached the server. */
export const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

export class BodyTooLarge extends Error {
  constructor(readonly status: number) {
    super('body too large');
  }
}

type Body = AsyncIterable<Buffer | Uint8Array> & { destroy?: () => void };

/** The body's chunks as they arrive, within the limit: past it the body is dropped and an error thrown. */
async function* withinLimit(body: Body, status: number): AsyncGenerator<Buffer | Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy?.();
      throw new BodyTooLarge(status);
    }
    yield chunk;
  }
}

/** The body as bytes, as sent; over the limit, an error. */
export async function readBodyBytes(body: Body, status: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of withinLimit(body, status)) parts.push(chunk);
  return parts.length === 1 ? Buffer.from(parts[0]!.buffer, parts[0]!.byteOffset, parts[0]!.length) : Buffer.concat(parts);
}

/** The body as text, decoded as it arrives (no one large decode at the end); over the limit, an error. */
export async function readBody(body: Body, status: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for await (const chunk of withinLimit(body, status)) parts.push(decoder.decode(chunk, { stream: true }));
  parts.push(decoder.decode());
  return parts.join('');
}

export function errorCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string') return c;
    const cause = (e as { cause?: unknown }).cause;
    if (cause && cause !== e) return errorCode(cause);
  }
  return undefined;
}

export function describeNetworkError(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'the connection was closed before an answer came';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'network unreachable';
    default:
      return code ? `network error (${code})` : 'network error';
  }
}

/** `15 s`, `1.5 s`. */
export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
