/**
 * HTTP transport: one undici keep-alive pool, bearer auth, timeouts, abort, retries for GETs, and
 * the translation of every failure into an ApiError with the server's own text.
 */
import { STATUS_CODES } from 'node:http';
import request from 'undici/lib/api/api-request.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import { ApiError, kindForStatus, type ApiErrorKind } from './errors.js';
import { parseJsonSliced } from './json.js';
import type { PreparedRequest } from './requests.js';

export interface TransportOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  maxRetries: number;
  userAgent: string;
  /** Told of every request once it is over (the activity log). Never sees the token. */
  onExchange?: (e: Exchange) => void;
}

/** One request as the activity log keeps it. */
export interface Exchange {
  /** When it started (ms since the epoch). */
  at: number;
  method: string;
  /** Path and query under the base URL. */
  path: string;
  /** HTTP status of the last answer, if one came. */
  status?: number;
  durationMs: number;
  /** Bytes of the answer's body, when it was read. */
  bytes?: number;
  /** Attempts after the first (GETs only). */
  retries: number;
  /** The failure in short, if it failed. */
  error?: string;
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
  /** Rows of a page's `data` the server sent, when more than the page size (only that many were kept). */
  sentItems?: number;
  /** Bytes of the body. */
  bytes?: number;
}

/** Larger answers are refused unread: no relayer API answer comes near (a page of 100 is ~100 KB). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** A server's error message longer than this is cut (views cap what they show anyway). */
const MAX_MESSAGE = 2_000;
/** How much of a text or HTML error page the excerpt reads: the first 300 characters of text are in there. */
const EXCERPT_SCAN = 256 * 1024;
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

  /**
   * A public GET (no Authorization header: e.g. /api/v1/health): its status and at most 1 KB of its
   * body, never interpreted. Rejects only when nothing came back.
   */
  async probe(path: string, signal?: AbortSignal): Promise<{ status: number; text: string }> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), this.opts.timeoutMs);
    const onAbort = () => ctrl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await request.call(this.pool, { path: this.basePath + path, method: 'GET', headers: { 'user-agent': this.opts.userAgent }, signal: ctrl.signal });
      let text = '';
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        if (text.length < 1024) text += chunk.toString('utf8');
      }
      return { status: res.statusCode, text: text.slice(0, 1024) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Sends a prepared request; resolves with a success envelope, rejects with ApiError. */
  async send(req: PreparedRequest, signal?: AbortSignal): Promise<Response> {
    const idempotent = req.method === 'GET';
    const retries = idempotent ? Math.max(0, this.opts.maxRetries) : 0;
    const at = Date.now();
    const t0 = performance.now();
    const log = (attempt: number, r: { status?: number; bytes?: number; error?: string }) =>
      this.opts.onExchange?.({ at, method: req.method, path: req.path, durationMs: Math.round(performance.now() - t0), retries: attempt, ...r });
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.attempt(req, signal);
        log(attempt, { status: res.status, bytes: res.bytes });
        return res;
      } catch (e) {
        const err = this.scrubbed(e instanceof ApiError ? e : new ApiError('network', 'Request failed unexpectedly'));
        const retryable =
          attempt < retries &&
          !err.aborted &&
          (err.kind === 'network' || err.kind === 'server' || err.kind === 'rate_limited' || err.kind === 'timeout');
        if (!retryable) {
          log(attempt, { status: err.status, error: err.aborted ? 'cancelled' : err.message.slice(0, 200) });
          throw err;
        }
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
      const text = await readBody(res.body, res.statusCode);
      return { ...(await this.interpret(req, res.statusCode, res.headers, text, ctrl.signal)), bytes: Buffer.byteLength(text) };
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
      if (e instanceof BodyTooLarge)
        throw new ApiError('invalid_response', `The server's answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB: not read`, {
          status: e.status,
          outcomeUnknown: mutation,
        });
      const what = code ? describeNetworkError(code) : `request failed (${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'})`;
      const suffix = mutation && maybeSent ? ': the outcome is unknown. Refresh to check before trying again.' : '';
      throw new ApiError('network', `Cannot reach ${this.host}: ${what}${suffix}`, { outcomeUnknown: mutation && maybeSent, notSent: mutation && !maybeSent });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The answer as a success envelope, or the ApiError it means. For PUT/POST the error also says what
   * is known of the outcome: `refused` only for a 4xx in the server's error envelope (or the real
   * server's own text/plain 4xx); a 5xx, a redirect, a gateway page or a 2xx that cannot be read is
   * `outcomeUnknown` (the change may have been applied).
   */
  private async interpret(
    req: PreparedRequest,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    text: string,
    signal: AbortSignal,
  ): Promise<Response> {
    const mutation = req.method !== 'GET';
    const contentType = String(headerValue(headers['content-type']) ?? '').slice(0, 200);
    const head = text.slice(0, 64).trimStart();
    const html = /html/i.test(contentType) || /^<(!doctype|html)/i.test(head);
    let json: unknown;
    let jsonError: string | undefined;
    let sentItems: number | undefined;
    if (!html && (head.startsWith('{') || head.startsWith('[') || /json/i.test(contentType))) {
      try {
        // In slices: a large answer never blocks keys. A page keeps at most what was asked for.
        const parsed = await parseJsonSliced(text, { maxDataItems: req.perPage }, signal);
        json = parsed.value;
        sentItems = parsed.dataItems;
      } catch (e) {
        if (signal.aborted) throw e;
        jsonError = (e as Error).message;
      }
    }
    const env = isObject(json) ? json : undefined;
    const unknown = mutation ? { outcomeUnknown: true } : {};

    if (status >= 200 && status < 300) {
      if (json === undefined) {
        if (jsonError) throw new ApiError('invalid_response', `The server's answer is not valid JSON (${jsonError})`, { status, ...unknown });
        const what = html ? 'an HTML page' : `${contentType || 'text'}`;
        throw new ApiError('invalid_response', `The server answered with ${what} instead of JSON: ${excerpt(text) || statusLine(status)}`, { status, ...unknown });
      }
      if (!env || typeof env.success !== 'boolean' || !('data' in env))
        throw new ApiError('invalid_response', 'The server answered without the {success, data} envelope', { status, ...unknown });
      if (env.success !== true) throw this.failure('server', status, env, text, headers, unknown);
      const cut = sentItems !== undefined && req.perPage !== undefined && sentItems > req.perPage;
      return { status, envelope: env as Envelope, ...(cut ? { sentItems } : {}) };
    }
    if (status >= 300 && status < 400) {
      const location = String(headerValue(headers.location) ?? '').slice(0, 500);
      throw this.scrubbed(
        new ApiError('redirect', location ? `The server redirects to ${location} (not followed: point the client at the final address)` : `${statusLine(status)} without a Location (not followed)`, {
          status,
          ...unknown,
        }),
      );
    }
    // A refusal is the server's own: its error envelope, or (the real server) a short text/plain reason.
    const refusal = status >= 400 && status < 500 && (env?.success === false || (!html && env === undefined && jsonError === undefined));
    throw this.failure(kindForStatus(status), status, env, text, headers, mutation ? (refusal ? { refused: true } : { outcomeUnknown: true }) : {});
  }

  private failure(
    kind: ApiErrorKind,
    status: number,
    env: Record<string, unknown> | undefined,
    text: string,
    headers: Record<string, string | string[] | undefined>,
    outcome: { refused?: boolean; outcomeUnknown?: boolean },
  ): ApiError {
    const msg = capMessage((env && nonEmptyString(env.message)) ?? (env && nonEmptyString(env.error)) ?? (excerpt(text) || statusLine(status)));
    const retryAfterMs = retryAfter(headers, env);
    const data = env && env.data !== null && env.data !== undefined ? env.data : undefined;
    return this.scrubbed(new ApiError(kind, msg, { status, retryAfterMs, data, ...outcome }));
  }

  /** The token never appears in an error, even if a server echoes it. */
  private scrubbed(e: ApiError): ApiError {
    if (this.secret.length < 4) return e;
    // The failure `data` is an enumerable field (JSON.stringify(err) shows it): redact it too.
    const data = redactDeep(e.data, this.secret);
    if (e.message.includes(this.secret) || data !== e.data) return e.withMessage(e.message.split(this.secret).join('[redacted]'), data);
    return e;
  }
}

class BodyTooLarge extends Error {
  constructor(readonly status: number) {
    super('body too large');
  }
}

function capMessage(s: string): string {
  return s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE)}…` : s;
}

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

/** The body as text, decoded as it arrives (no one large decode at the end); over the limit, an error. */
async function readBody(body: AsyncIterable<Buffer | Uint8Array> & { destroy?: () => void }, status: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy?.();
      throw new BodyTooLarge(status);
    }
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
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

const ENTITIES: [string, string][] = [
  ['&nbsp;', ' '],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&#39;', "'"],
  ['&amp;', '&'],
];

/**
 * A short plain-text excerpt of a text/plain or HTML body: no tags, comments, scripts or styles,
 * whitespace collapsed, at most 300 characters. One pass over at most EXCERPT_SCAN characters:
 * linear whatever the page holds (`stats.steps` counts the characters it moved over).
 */
export function excerpt(text: string, stats?: { steps: number }): string {
  const end = Math.min(text.length, EXCERPT_SCAN);
  let out = '';
  let space = false;
  let i = 0;
  let steps = 0;
  const to = (j: number) => {
    steps += Math.max(1, j - i);
    i = j;
  };
  const emit = (s: string) => {
    if (space && out !== '') out += ' ';
    space = false;
    out += s;
  };
  while (i < end && out.length <= 300) {
    const c = text.charCodeAt(i);
    if (c === 60 /* < */) {
      if (text.startsWith('<!--', i)) {
        const close = text.indexOf('-->', i + 4);
        if (close < 0 || close >= end) break;
        to(close + 3);
        space = true;
        continue;
      }
      const close = text.indexOf('>', i + 1);
      if (close < 0 || close >= end) break;
      const name = /^<\s*(script|style)\b/i.exec(text.slice(i, Math.min(close + 1, i + 16)))?.[1]?.toLowerCase();
      to(close + 1);
      space = true;
      if (name) {
        // Skip to the matching close tag: each `</` is looked at once.
        let k = i;
        for (;;) {
          const lt = text.indexOf('</', k);
          if (lt < 0 || lt >= end) {
            to(end);
            break;
          }
          steps += lt - k;
          if (text.slice(lt + 2, lt + 2 + name.length).toLowerCase() === name) {
            const gt = text.indexOf('>', lt);
            to(gt < 0 || gt >= end ? end : gt + 1);
            break;
          }
          k = lt + 2;
        }
      }
      continue;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12) {
      space = true;
      to(i + 1);
      continue;
    }
    if (c === 38 /* & */) {
      const entity = ENTITIES.find(([name]) => text.startsWith(name, i));
      if (entity) {
        if (entity[1] === ' ') space = true;
        else emit(entity[1]);
        to(i + entity[0].length);
        continue;
      }
    }
    // A run of ordinary characters at once.
    let j = i + 1;
    while (j < end && j - i < 400) {
      const d = text.charCodeAt(j);
      if (d === 60 || d === 38 || d === 32 || d === 9 || d === 10 || d === 13 || d === 12) break;
      j++;
    }
    emit(text.slice(i, j));
    to(j);
  }
  if (stats) stats.steps += steps;
  return out.length > 300 ? `${out.slice(0, 299)}…` : out;
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
