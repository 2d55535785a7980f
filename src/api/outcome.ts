/**
 * The outcome rules: an HTTP answer (status, headers, body text) → a success envelope, or the ApiError
 * it means. For PUT/POST the error also says what is known of the outcome: `refused` only for a 4xx in
 * the server's error envelope (or the real server's own text/plain 4xx); a 5xx, a redirect, a gateway
 * page or a 2xx that cannot be read is `outcomeUnknown` (the change may have been applied). Pure but
 * for the sliced JSON parse (it yields to the event loop): testable without HTTP.
 */
import { ApiError, kindForStatus, type ApiErrorKind } from './errors.js';
import { excerpt } from './excerpt.js';
import { parseJsonSliced } from './json.js';
import { dataItemTexts } from './jsonItems.js';
import { scanPage } from './pageLines.js';
import { rowShape } from './rowShape.js';
import { RowLines } from './rowLines.js';
import { isMutation, type PreparedRequest } from './requests.js';
import { retryAfter } from './retry.js';

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
  /** Asked for (`lines`): the JSON text of each kept row of `data`, as the server wrote it, on one line (UTF-8). */
  lines?: RowLines;
  /** The page was scanned, not parsed (pageLines.ts): `data` holds each row's required fields, checked against `req.lines`. */
  scanned?: true;
}

export type Headers = Record<string, string | string[] | undefined>;

const utf8 = new TextDecoder('utf-8');

/** A server's error message longer than this is cut (views cap what they show anyway). */
const MAX_MESSAGE = 2_000;

/**
 * The answer as a success envelope, or the ApiError it means. For PUT/POST the error also says what
 * is known of the outcome: `refused` only for a 4xx in the server's error envelope (or the real
 * server's own text/plain 4xx); a 5xx, a redirect, a gateway page or a 2xx that cannot be read is
 * `outcomeUnknown` (the change may have been applied). A page wanted as lines (`req.lines`) comes as
 * bytes: a 2xx page the scan is sure of (pageLines.ts) is read from them without a parse; anything
 * else is decoded and read the exact way below.
 */
export async function interpret(
  req: Pick<PreparedRequest, 'method' | 'perPage' | 'bare' | 'safe' | 'lines' | 'text'>,
  status: number,
  headers: Headers,
  body: string | Buffer,
  signal: AbortSignal,
): Promise<Response> {
  const mutation = isMutation(req);
  const contentType = String(headerValue(headers['content-type']) ?? '').slice(0, 200);
  if (typeof body !== 'string') {
    if (req.lines && status >= 200 && status < 300 && !/html/i.test(contentType)) {
      const shape = rowShape(req.lines);
      const page = shape && scanPage(body, req.perPage ?? Infinity, shape);
      if (page) {
        const cut = req.perPage !== undefined && page.sentItems > req.perPage;
        return { status, envelope: { success: true, data: page.items, pagination: page.pagination }, ...(cut ? { sentItems: page.sentItems } : {}), lines: page.lines, scanned: true };
      }
    }
    body = utf8.decode(body);
  }
  const text = body;
  const head = text.slice(0, 64).trimStart();
  const html = /html/i.test(contentType) || /^<(!doctype|html)/i.test(head);
  // A text answer (the Prometheus text) is its own data: never parsed as JSON here.
  if (req.text && status >= 200 && status < 300 && !html) return { status, envelope: { success: true, data: text, bare: true } };
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

  // An HTML page where the API answers is not a relayer API: a web server's or a proxy's own 404, 405
  // or 501, or a web app's page answering a GET. A 5xx page is a gateway whose relayer is down, and a
  // 401/403 page an auth proxy in front of it: those keep their kinds. For a PUT/POST only 405 and 501
  // prove nothing was applied; a 404 page or a 2xx one keeps its unknown outcome (below).
  const notApi = html && (status === 405 || status === 501 || (!mutation && (status === 404 || (status >= 200 && status < 300))));
  if (notApi) throw new ApiError('not_api', `HTTP ${status} ${contentType.split(';')[0]!.trim() || 'text/html'}`, { status, ...(mutation ? { refused: true } : {}) });

  if (status >= 200 && status < 300) {
    if (json === undefined) {
      if (jsonError) throw new ApiError('invalid_response', `The server's answer is not valid JSON (${jsonError})`, { status, ...unknown });
      const what = html ? 'an HTML page' : `${contentType || 'text'}`;
      throw new ApiError('invalid_response', `The server answered with ${what} instead of JSON: ${excerpt(text) || statusLine(status)}`, { status, ...unknown });
    }
    if (!env || typeof env.success !== 'boolean' || !('data' in env)) {
      // A bare answer (a raw_response plugin, JSON-RPC, /ready) is the value itself.
      if (req.bare) return { status, envelope: { success: true, data: json, bare: true } };
      throw new ApiError('invalid_response', 'The server answered without the {success, data} envelope', { status, ...unknown });
    }
    if (env.success !== true) throw failure('server', status, env, text, headers, unknown);
    const cut = sentItems !== undefined && req.perPage !== undefined && sentItems > req.perPage;
    // The rows' own texts, where asked: only when they line up with the rows parsed (else the rows are written as parsed).
    const texts = req.lines && Array.isArray(env.data) ? dataItemTexts(text, req.perPage ?? Infinity) : undefined;
    const lines = texts && texts.length === (env.data as unknown[]).length ? { lines: RowLines.of(texts.map((t) => Buffer.from(t))) } : {};
    return { status, envelope: env as Envelope, ...(cut ? { sentItems } : {}), ...lines };
  }
  if (status >= 300 && status < 400) {
    const location = String(headerValue(headers.location) ?? '').slice(0, 500);
    throw new ApiError('redirect', location ? `The server redirects to ${location} (not followed: ${redirectAdvice(location)})` : `${statusLine(status)} without a Location (not followed)`, {
      status,
      ...unknown,
    });
  }
  // A refusal is the server's own: its error envelope, or (the real server) a short text/plain reason.
  // 405 and 501 say the method or endpoint is not there at all: nothing was applied, whatever the body.
  const refusal = (status >= 400 && status < 500 && (env?.success === false || (!html && env === undefined && jsonError === undefined))) || status === 405 || status === 501;
  // A bare failure (a raw_response plugin's `{code, details}`, /ready's 503) is its own `data`.
  const bareData = req.bare && env !== undefined && !('success' in env) ? { bareData: env } : {};
  throw failure(kindForStatus(status), status, env, text, headers, { ...(mutation ? (refusal ? { refused: true } : { outcomeUnknown: true }) : {}), ...bareData });
}

/** The ApiError of a failed answer: the server's own text (`message`, else `error`, else an excerpt of the page), capped. */
export function failure(
  kind: ApiErrorKind,
  status: number,
  env: Record<string, unknown> | undefined,
  text: string,
  headers: Headers,
  outcome: { refused?: boolean; outcomeUnknown?: boolean; bareData?: unknown },
): ApiError {
  const msg = capMessage((env && nonEmptyString(env.message)) ?? (env && nonEmptyString(env.error)) ?? (excerpt(text) || statusLine(status)));
  const retryAfterMs = retryAfter(headers, env);
  const { bareData, ...known } = outcome;
  const data = bareData ?? (env && env.data !== null && env.data !== undefined ? env.data : undefined);
  return new ApiError(kind, msg, { status, retryAfterMs, data, ...known, ...(bareData !== undefined ? { bare: true } : {}) });
}

/**
 * What to give the client instead of a redirect: the base address the Location holds (the client adds
 * /api/v1 itself), or — a Location with no API path, or the same path — that it does not look like a
 * relayer API there.
 */
function redirectAdvice(location: string): string {
  const at = location.indexOf('/api/v1/');
  if (at > 0 && /^https?:\/\//i.test(location)) return `give the client ${location.slice(0, at)} as its URL (it adds /api/v1 itself)`;
  return 'where it points is no relayer API base the client could use: check the server URL';
}

function capMessage(s: string): string {
  return s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE)}…` : s;
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

/** "HTTP 404 Not Found": the reason phrase is Node's (node:http, loaded here and not at the start: ~3 ms). */
export function statusLine(status: number): string {
  return `HTTP ${status} ${process.getBuiltinModule('node:http').STATUS_CODES[status] ?? ''}`.trim();
}
