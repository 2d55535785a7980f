/** Every failure of the API module is an ApiError; nothing else escapes. */

export type ApiErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'redirect'
  /** The server has no such endpoint (a contract server asked for what only the real server offers). */
  | 'unsupported'
  /** What answered at the URL is not a relayer API (a web server's or a proxy's HTML page): the URL is wrong. */
  | 'not_api'
  | 'server'
  | 'timeout'
  | 'network'
  | 'invalid_response';

/**
 * What a server's refusal says, decided here once from its status and its own words (v1.8's: 403
 * "Relayer is paused" / "Relayer disabled", 400 "… not supported …", "Invalid transaction state …"; a 405
 * or 501 from the API itself, not a web server's page: the method or endpoint is not there at all):
 * the faces choose their words from it, none reads the message again.
 */
export type ServerRefusal = 'relayer_paused' | 'relayer_disabled' | 'forbidden' | 'not_supported' | 'invalid_state' | 'method_absent';

export interface ApiErrorInit {
  status?: number;
  retryAfterMs?: number;
  /** The request field a local validation failure is about (e.g. `value`). */
  field?: string;
  /** true when a PUT/POST failed after it may have reached the server: its effect is unknown. */
  outcomeUnknown?: boolean;
  /**
   * true when a PUT/POST was answered with a refusal that proves nothing was applied: a 4xx in the
   * server's error envelope (or the real server's own text/plain 4xx), never a gateway page.
   */
  refused?: boolean;
  /** true when a PUT/POST provably never left this machine (connection refused, unknown host). */
  notSent?: boolean;
  /** true when the caller's AbortSignal cancelled the request. */
  aborted?: boolean;
  /** The failure envelope's `data`, when the server sent one (plugin errors carry details there). */
  data?: unknown;
  /** `data` is the whole body, sent without an envelope (a raw_response plugin's `{code, details}`, /ready's 503). */
  bare?: boolean;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly field?: string;
  readonly outcomeUnknown?: boolean;
  readonly refused?: boolean;
  readonly notSent?: boolean;
  readonly aborted?: boolean;
  readonly data?: unknown;
  readonly bare?: boolean;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.field !== undefined) this.field = init.field;
    if (init.outcomeUnknown) this.outcomeUnknown = true;
    if (init.refused) this.refused = true;
    if (init.notSent) this.notSent = true;
    if (init.aborted) this.aborted = true;
    if (init.data !== undefined) this.data = init.data;
    if (init.bare) this.bare = true;
  }

  /** The refusal's class (ServerRefusal), or null: not a refusal this client knows by its words. */
  get refusal(): ServerRefusal | null {
    if (this.kind === 'forbidden') return /paused/i.test(this.message) ? 'relayer_paused' : /disabled/i.test(this.message) ? 'relayer_disabled' : 'forbidden';
    if (/not supported/i.test(this.message)) return 'not_supported';
    if (/invalid transaction state/i.test(this.message)) return 'invalid_state';
    if (this.kind !== 'not_api' && (this.status === 405 || this.status === 501)) return 'method_absent';
    return null;
  }

  /** The same error with another message (and `data`, when given): e.g. a secret masked out. */
  withMessage(message: string, data: unknown = this.data): ApiError {
    return new ApiError(this.kind, message, {
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      field: this.field,
      outcomeUnknown: this.outcomeUnknown,
      refused: this.refused,
      notSent: this.notSent,
      aborted: this.aborted,
      data,
      bare: this.bare,
    });
  }
}

/** What went wrong, in the server's words with its status first (`401 Unauthorized`); raw text: sanitize to draw. */
export function errorWords(e: unknown): string {
  if (e instanceof ApiError) return `${e.status && !e.message.startsWith(`HTTP ${e.status}`) ? `${e.status} ` : ''}${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Maps an HTTP status of a failed response to an error kind. */
export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 500) return 'server';
  return 'bad_request';
}

/** Refusal of a request before it is sent: a message naming the field. */
export function invalidField(field: string, problem: string): ApiError {
  return new ApiError('bad_request', `${field}: ${problem}`, { field });
}
