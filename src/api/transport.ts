/**
 * HTTP transport: one undici keep-alive pool, bearer auth, timeouts, abort, retries for GETs (when:
 * retry.ts), and every failure as an ApiError with the server's own text (what an answer means:
 * outcome.ts; what a failed connection means: network.ts; the key kept out of errors: redact.ts).
 */
import request from 'undici/lib/api/api-request.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import { parseBaseUrl } from './baseUrl.js';
import { ApiError } from './errors.js';
import { BodyTooLarge, describeNetworkError, errorCode, formatSeconds, MAX_BODY_BYTES, NOT_SENT_CODES, readBody, readBodyBytes } from './network.js';
import { interpret, type Response } from './outcome.js';
import { scrub } from './redact.js';
import { isMutation, type PreparedRequest } from './requests.js';
import { backoff, MAX_RETRY_WAIT_MS, retryAfter, sleep } from './retry.js';
import { monotonicMs } from './monotonic.js';

/** The most a response's headers may take: 16 KiB, Node's own default (--max-http-header-size). */
const MAX_HEADER_BYTES = 16 * 1024;

export interface TransportOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  maxRetries: number;
  userAgent: string;
  /** Told of every request once it is over (the activity log). Never sees the token. */
  onExchange?: (e: Exchange) => void;
}

/** The least time a retry must have left to be made: a quarter of the timeout, at most 1 s. */
function minTryMs(timeoutMs: number): number {
  return Math.min(1000, timeoutMs / 4);
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

export class Transport {
  private readonly pool: InstanceType<typeof Pool>;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly host: string;
  private readonly headers: Record<string, string>;
  private readonly secret: string;

  constructor(private readonly opts: TransportOptions) {
    // The token lives in a closure-like private field, never in an error.
    this.secret = opts.token ?? ''; // none for a keyless public read (relayer-tui ready)
    let parsed: ReturnType<typeof parseBaseUrl>;
    try {
      parsed = parseBaseUrl(opts.baseUrl);
    } catch (e) {
      // The message quotes the URL, which may hold a token pasted into the wrong field.
      throw e instanceof ApiError ? this.scrubbed(e) : e;
    }
    const { origin, basePath, host } = parsed;
    this.origin = origin;
    this.basePath = basePath;
    this.host = host;
    // The header limit is given here: undici would ask node:http for its default, which loads that module
    // (~3 ms) on the way to the first frame (scripts/patches.mjs).
    // Connections: as many as `check` keeps requests in flight (core/limiter.ts CHECK_IN_FLIGHT, 24).
    this.pool = new Pool(origin, { connections: 24, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, maxHeaderSize: MAX_HEADER_BYTES });
    this.headers = { 'user-agent': opts.userAgent, accept: 'application/json' };
  }

  async close(): Promise<void> {
    await this.pool.close().catch(() => this.pool.destroy());
  }

  /**
   * A public GET (no Authorization header: e.g. /api/v1/health): its status and at most 1 KB of its
   * body, never interpreted. A 429 is asked again after its Retry-After (or x-ratelimit-after, or the
   * body's `after`), a 5xx or a failed connection after a backoff, as a GET sent with `send` is: within
   * the timeout, retries included. Resolves with the last answer (a 429 that outlasted the timeout
   * included: `tries` says how many were made); rejects only when nothing came back.
   */
  async probe(path: string, signal?: AbortSignal): Promise<{ status: number; text: string; tries: number }> {
    const deadline = monotonicMs() + this.opts.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      let answer: { status: number; text: string; wait: number | undefined } | undefined;
      let failure: unknown;
      try {
        answer = await this.probeOnce(path, signal, Math.max(1, deadline - monotonicMs()));
      } catch (e) {
        failure = e;
      }
      const again = answer ? answer.status === 429 || answer.status >= 500 : true;
      const wait = answer?.wait ?? backoff(attempt);
      const fits = attempt < Math.max(0, this.opts.maxRetries) && !signal?.aborted && wait <= MAX_RETRY_WAIT_MS && monotonicMs() + wait + minTryMs(this.opts.timeoutMs) <= deadline;
      if (!again || !fits) {
        if (answer) return { status: answer.status, text: answer.text, tries: attempt + 1 };
        if (signal?.aborted) throw new ApiError('network', 'Request cancelled', { aborted: true });
        const code = errorCode(failure);
        throw new ApiError('network', `Cannot reach ${this.host}: ${code ? describeNetworkError(code) : 'no answer'}${attempt > 0 ? ` (${attempt + 1} tries)` : ''}`);
      }
      await sleep(wait, signal);
    }
  }

  /** One try of `probe`, given `timeoutMs` (what is left of its timeout). */
  private async probeOnce(path: string, signal: AbortSignal | undefined, timeoutMs: number): Promise<{ status: number; text: string; wait: number | undefined }> {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), timeoutMs);
    const onAbort = () => ctrl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await request.call(this.pool, { path: this.basePath + path, method: 'GET', headers: { 'user-agent': this.opts.userAgent }, signal: ctrl.signal });
      let text = '';
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        if (text.length < 1024) text += chunk.toString('utf8');
      }
      let env: Record<string, unknown> | undefined;
      if (res.statusCode === 429) {
        try {
          const parsed: unknown = JSON.parse(text);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) env = parsed as Record<string, unknown>;
        } catch {
          // not JSON: the headers alone say when
        }
      }
      return { status: res.statusCode, text: text.slice(0, 1024), wait: res.statusCode === 429 ? retryAfter(res.headers, env) : undefined };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Sends a prepared request; resolves with a success envelope, rejects with ApiError. The timeout
   * bounds the whole operation, retries included: each try gets what is left of it, a retry is made
   * only where it fits, and an error after more than one try says how many there were.
   */
  async send(req: PreparedRequest, signal?: AbortSignal): Promise<Response> {
    const idempotent = !isMutation(req);
    // A public read asked once (/ready: a 503 there is the answer) is still asked again after a 429's
    // Retry-After: the server said when, and did nothing. (A plugin called by GET is not: a 429 may be the plugin's own.)
    const retries = idempotent ? Math.max(0, this.opts.maxRetries) : 0;
    const at = Date.now();
    const t0 = monotonicMs();
    const deadline = t0 + this.opts.timeoutMs;
    const log = (attempt: number, r: { status?: number; bytes?: number; error?: string }) =>
      this.opts.onExchange?.({ at, method: req.method, path: req.path, durationMs: Math.round(monotonicMs() - t0), retries: attempt, ...r });
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.attempt(req, signal, Math.max(1, deadline - monotonicMs()));
        log(attempt, { status: res.status, bytes: res.bytes });
        return res;
      } catch (e) {
        let err = this.scrubbed(e instanceof ApiError ? e : new ApiError('network', 'Request failed unexpectedly'));
        const wait = err.retryAfterMs ?? backoff(attempt);
        const retryable =
          attempt < retries &&
          !err.aborted &&
          (req.once ? req.public === true && err.kind === 'rate_limited' : err.kind === 'network' || err.kind === 'server' || err.kind === 'rate_limited' || err.kind === 'timeout') &&
          wait <= MAX_RETRY_WAIT_MS &&
          // A retry is made only where it fits in what is left of the timeout, with time to be answered.
          monotonicMs() + wait + minTryMs(this.opts.timeoutMs) <= deadline;
        if (!retryable) {
          if (attempt > 0 && !err.aborted) err = err.withMessage(`${err.message} (${attempt + 1} tries)`);
          log(attempt, { status: err.status, error: err.aborted ? 'cancelled' : err.message.slice(0, 200) });
          throw err;
        }
        await sleep(wait, signal).catch(() => {
          throw new ApiError('network', 'Request cancelled', { aborted: true });
        });
      }
    }
  }

  /** One try, given `timeoutMs` (what is left of the operation's timeout). */
  private async attempt(req: PreparedRequest, signal: AbortSignal | undefined, timeoutMs: number): Promise<Response> {
    if (signal?.aborted) throw new ApiError('network', 'Request cancelled', { aborted: true });
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, timeoutMs);
    const onAbort = () => ctrl.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const mutation = isMutation(req);
    let sent = false;
    try {
      const headers: Record<string, string> = req.public ? { ...this.headers } : { ...this.headers, authorization: `Bearer ${this.secret}` };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const res = await request.call(this.pool, {
        path: this.basePath + req.path,
        method: req.method,
        headers,
        body: req.body,
        signal: ctrl.signal,
      });
      sent = true;
      // A page wanted as lines stays bytes: its rows are passed on as sent (outcome.ts, pageLines.ts).
      const body = req.lines ? await readBodyBytes(res.body, res.statusCode) : await readBody(res.body, res.statusCode);
      return { ...(await interpret(req, res.statusCode, res.headers, body, ctrl.signal)), bytes: typeof body === 'string' ? Buffer.byteLength(body) : body.length };
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'not_api')
        throw this.scrubbed(e.withMessage(`${e.message} from ${this.origin}${this.basePath}${req.path.split('?')[0]}: this does not look like a relayer API — check the server URL`));
      if (e instanceof ApiError) throw this.scrubbed(e);
      const code = errorCode(e);
      const maybeSent = sent || !NOT_SENT_CODES.has(code ?? '');
      if (timedOut) {
        const secs = formatSeconds(this.opts.timeoutMs);
        // An answer that began (its status line came) and never finished is not "no answer".
        const what = sent ? `The answer from ${this.host} did not finish within ${secs}` : `No answer from ${this.host} within ${secs}`;
        throw new ApiError('timeout', mutation && maybeSent ? `${what}: the outcome is unknown. Refresh to check before trying again.` : what, { outcomeUnknown: mutation && maybeSent });
      }
      if (signal?.aborted) throw new ApiError('network', 'Request cancelled', { aborted: true, outcomeUnknown: mutation && maybeSent });
      if (e instanceof BodyTooLarge)
        throw new ApiError('invalid_response', `The server's answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB: not read`, {
          status: e.status,
          outcomeUnknown: mutation,
        });
      // The server answered, with more header than the limit: not "cannot reach", and not worth asking again.
      if (code === 'UND_ERR_HEADERS_OVERFLOW')
        throw new ApiError('invalid_response', `The answer from ${this.host} has more than ${MAX_HEADER_BYTES / 1024} KiB of headers: not read${mutation ? ': the outcome is unknown. Refresh to check before trying again.' : ''}`, {
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

  /** The token never appears in an error, even if a server echoes it. */
  private scrubbed(e: ApiError): ApiError {
    return scrub(e, this.secret);
  }
}
