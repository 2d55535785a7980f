/**
 * HTTP transport: one undici keep-alive pool, bearer auth, timeouts, abort, retries for GETs, and
 * the translation of every failure into an ApiError with the server's own text.
 */
import { STATUS_CODES } from 'node:http';
import request from 'undici/lib/api/api-request.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import { ApiError, kindForStatus, type ApiErrorKind } from './errors.js';
import { parseJson } from './json.js';
import type { PreparedRequest } from './requests.js';

export interface TransportOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  maxRetries: number;
  userAgent: string;
}

export interface Envelope {
  success: true;
  data: unknown;
  pagination?: unknown;
  metadata?: unknown;
  [k: string]: unknown;
}

export interface Response {
  status: number;
  envelope: Envelope;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Longest server-requested wait we sleep through before retrying a GET; longer ones are reported. */
const MAX_RETRY_WAIT_MS = 30_000;
/** Network errors where the request provably never reached the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

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

export class Transport {
  private readonly pool: InstanceType<typeof Pool>;
  private readonly basePath: string;
  private readonly host: string;
  private readonly headers: Record<string, string>;
  private readonly secret: string;

  constructor(private readonly opts: TransportOptions) {
    // The token lives in a closure-like private field, never in an error.
    this.secret = opts.token;
    let parsed: ReturnType<typeof parseBaseUrl>;
    try {
      parsed = parseBaseUrl(opts.baseUrl);
    } catch (e) {
      // The message quotes the URL, which may hold a token pasted into the wrong field.
      throw e instanceof ApiError ? this.scrubbed(e) : e;
    }
    const { origin, basePath, host } = parsed;
    this.basePath = basePath;
    this.host = host;
    this.pool = new Pool(origin, { connections: 4, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
    this.headers = { 'user-agent': opts.userAgent, accept: 'application/json' };
  }

  async close(): Promise<void> {
    await this.pool.close().catch(() => this.pool.destroy());
  }

  /** Sends a prepared request; resolves with a success envelope, rejects with ApiError. */
  async send(req: PreparedRequest, signal?: AbortSignal): Promise<Response> {
    const idempotent = req.method === 'GET';
    const retries = idempotent ? Math.max(0, this.opts.maxRetries) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(req, signal);
      } catch (e) {
        const err = this.scrubbed(e instanceof ApiError ? e : new ApiError('network', 'Request failed unexpectedly'));
        const retryable =
          attempt < retries &&
          !err.aborted &&
          (err.kind === 'network' || err.kind === 'server' || err.kind === 'rate_limited' || err.kind === 'timeout');
        if (!retryable) throw err;
        const wait = err.retryAfterMs ?? backoff(attempt);
        if (wait > MAX_RETRY_WAIT_MS) throw err;
        await sleep(wait, signal).catch(() => {
          throw new ApiError('network', 'Request cancelled', { aborted: true });
        });
      }
    }
  }

  private async attempt(req: PreparedRequest, signal?: AbortSignal): Promise<Response> {
    if (signal?.aborted) throw new ApiError('network', 'Request cancelled', { aborted: true });
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.opts.timeoutMs);
    const onAbort = () => ctrl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const mutation = req.method !== 'GET';
    let sent = false;
    try {
      const headers: Record<string, string> = { ...this.headers, authorization: `Bearer ${this.secret}` };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const res = await request.call(this.pool, {
        path: this.basePath + req.path,
        method: req.method,
        headers,
        body: req.body,
        signal: ctrl.signal,
      });
      sent = true;
      const text = await readBody(res.body);
      return this.interpret(res.statusCode, res.headers, text);
    } catch (e) {
      if (e instanceof ApiError) throw this.scrubbed(e);
      const code = errorCode(e);
      const maybeSent = sent || !NOT_SENT_CODES.has(code ?? '');
      if (timedOut) {
        const secs = formatSeconds(this.opts.timeoutMs);
        throw new ApiError(
          'timeout',
          mutation && maybeSent
            ? `No answer from ${this.host} within ${secs}: the outcome is unknown. Refresh to check before trying again.`
            : `No answer from ${this.host} within ${secs}`,
          { outcomeUnknown: mutation && maybeSent },
        );
      }
      if (signal?.aborted) throw new ApiError('network', 'Request cancelled', { aborted: true, outcomeUnknown: mutation && maybeSent });
      if (e instanceof BodyTooLarge) throw new ApiError('invalid_response', `The server's answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
      const what = code ? describeNetworkError(code) : `request failed (${e instanceof Error ? e.message : String(e)})`;
      const suffix = mutation && maybeSent ? ': the outcome is unknown. Refresh to check before trying again.' : '';
      throw new ApiError('network', `Cannot reach ${this.host}: ${what}${suffix}`, { outcomeUnknown: mutation && maybeSent });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private interpret(status: number, headers: Record<string, string | string[] | undefined>, text: string): Response {
    const contentType = String(headerValue(headers['content-type']) ?? '');
    const trimmed = text.trimStart();
    let json: unknown;
    let jsonError: string | undefined;
    if (trimmed.startsWith('{') || trimmed.startsWith('[') || /json/i.test(contentType)) {
      try {
        json = parseJson(text);
      } catch (e) {
        jsonError = (e as Error).message;
      }
    }
    const env = isObject(json) ? json : undefined;

    if (status >= 200 && status < 300) {
      if (json === undefined) {
        if (jsonError) throw new ApiError('invalid_response', `The server's answer is not valid JSON (${jsonError})`, { status });
        const what = /html/i.test(contentType) || /^<(!doctype|html)/i.test(trimmed) ? 'an HTML page' : `${contentType || 'text'}`;
        throw new ApiError('invalid_response', `The server answered with ${what} instead of JSON: ${excerpt(text) || statusLine(status)}`, { status });
      }
      if (!env || typeof env.success !== 'boolean' || !('data' in env))
        throw new ApiError('invalid_response', 'The server answered without the {success, data} envelope', { status });
      if (env.success !== true) throw this.failure('server', status, env, text, headers);
      return { status, envelope: env as Envelope };
    }
    throw this.failure(kindForStatus(status), status, env, text, headers);
  }

  private failure(
    kind: ApiErrorKind,
    status: number,
    env: Record<string, unknown> | undefined,
    text: string,
    headers: Record<string, string | string[] | undefined>,
  ): ApiError {
    const msg =
      (env && nonEmptyString(env.message)) ?? (env && nonEmptyString(env.error)) ?? (excerpt(text) || statusLine(status));
    const retryAfterMs = retryAfter(headers, env);
    const data = env && env.data !== null && env.data !== undefined ? env.data : undefined;
    return this.scrubbed(new ApiError(kind, msg, { status, retryAfterMs, data }));
  }

  /** The token never appears in an error, even if a server echoes it. */
  private scrubbed(e: ApiError): ApiError {
    if (this.secret.length < 4) return e;
    // The failure `data` is an enumerable field (JSON.stringify(err) shows it): redact it too.
    const data = redactDeep(e.data, this.secret);
    if (e.message.includes(this.secret) || data !== e.data) {
      const clean = new ApiError(e.kind, e.message.split(this.secret).join('[redacted]'), {
        status: e.status,
        retryAfterMs: e.retryAfterMs,
        field: e.field,
        outcomeUnknown: e.outcomeUnknown,
        aborted: e.aborted,
        data,
      });
      return clean;
    }
    return e;
  }
}

class BodyTooLarge extends Error {}

/** `v` with every occurrence of `secret` in its strings (and keys) replaced; the same object when there is none. */
function redactDeep(v: unknown, secret: string): unknown {
  if (typeof v === 'string') return v.includes(secret) ? v.split(secret).join('[redacted]') : v;
  if (Array.isArray(v)) {
    const out = v.map((x) => redactDeep(x, secret));
    return out.some((x, i) => x !== v[i]) ? out : v;
  }
  if (typeof v === 'object' && v !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const key = redactDeep(k, secret) as string;
      const val = redactDeep(x, secret);
      if (key !== k || val !== x) changed = true;
      Object.defineProperty(out, key, { value: val, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : v;
  }
  return v;
}

async function readBody(body: AsyncIterable<Buffer | Uint8Array> & { destroy?: () => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy?.();
      throw new BodyTooLarge();
    }
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function statusLine(status: number): string {
  return `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

/** A short plain-text excerpt of a text/plain or HTML body: no tags, at most 300 characters. */
export function excerpt(text: string): string {
  const plain = text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 300 ? `${plain.slice(0, 299)}…` : plain;
}

function retryAfter(headers: Record<string, string | string[] | undefined>, env: Record<string, unknown> | undefined): number | undefined {
  const ra = headerValue(headers['retry-after']);
  if (ra !== undefined) {
    const secs = Number(ra);
    if (Number.isFinite(secs) && secs >= 0) return Math.round(secs * 1000);
    const date = Date.parse(ra);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const xr = Number(headerValue(headers['x-ratelimit-after']));
  if (headers['x-ratelimit-after'] !== undefined && Number.isFinite(xr) && xr >= 0) return Math.round(xr * 1000);
  if (env && typeof env.after === 'number' && env.after >= 0) return Math.round(env.after * 1000);
  return undefined;
}

function backoff(attempt: number): number {
  const base = Math.min(250 * 2 ** attempt, 4000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function errorCode(e: unknown): string | undefined {
  if (typeof e === 'object' && e !== null) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string') return c;
    const cause = (e as { cause?: unknown }).cause;
    if (cause && cause !== e) return errorCode(cause);
  }
  return undefined;
}

function describeNetworkError(code: string | undefined): string {
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

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
