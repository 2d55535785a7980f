/**
 * The sandbox HTTP server: routing, auth, rate limit, latency, injection and request recording.
 * Only node:http; every JSON body is read with parseJson and written with stringifyJson (u128-exact).
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxData, renderRelayer, renderTransaction } from './data.js';
import { TX_STATUSES, type TxStatus } from './models.js';
import {
  FLAVORS,
  type Flavor,
  type SandboxResponse,
  badInput,
  fail,
  ok,
  textResponse,
  tooManyRequests,
  unauthorized,
} from './flavor.js';
import { NotificationStore } from './notifications.js';
import { handlePluginCall } from './plugins.js';
import { handleReplace } from './replace.js';
import type { Injection, RecordedRequest, Sandbox, SandboxOptions } from './types.js';

export const MAX_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_RECORDED = 500;
export const MAX_PER_PAGE = 10_000;
const U32_MAX = 4_294_967_295;
const API_PREFIX = '/api/v1';

interface PendingInjection extends Injection {
  remaining: number;
}

interface Bucket {
  tokens: number;
  last: number;
}

interface ReceivedBody {
  text: string;
  size: number;
  complete: boolean;
}

function readBody(req: IncomingMessage): Promise<ReceivedBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let kept = 0;
    let done = false;
    const finish = (complete: boolean) => {
      if (done) return;
      done = true;
      resolve({ text: Buffer.concat(chunks).toString('utf8'), size, complete });
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep at most one byte over the limit: enough to know the body is too large, bounded memory.
      if (kept <= MAX_BODY_BYTES) {
        const part = chunk.subarray(0, MAX_BODY_BYTES + 1 - kept);
        chunks.push(part);
        kept += part.length;
      }
    });
    req.on('end', () => finish(true));
    req.on('error', () => finish(false));
    req.on('close', () => finish(false));
  });
}

function send(res: ServerResponse, r: SandboxResponse): void {
  if (res.destroyed || res.writableEnded) return;
  const buf = Buffer.from(r.body, 'utf8');
  res.writeHead(r.status, { ...r.headers, 'content-length': String(buf.length) });
  res.end(buf);
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

type Paging = { page: number; perPage: number };

function parsePaging(flavor: Flavor, query: URLSearchParams): Paging | SandboxResponse {
  const read = (name: 'page' | 'per_page', fallback: number): number | SandboxResponse => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw)) {
      return badInput(flavor, 'query', raw === '' ? 'cannot parse integer from empty string' : 'invalid digit found in string');
    }
    const n = Number(raw);
    if (n > U32_MAX) return badInput(flavor, 'query', 'number too large to fit in target type');
    // The real server takes any u32: page=0 answers an empty page (the client never sends it), and
    // per_page has no maximum.
    if (flavor === 'real') return n;
    if (n < 1) return badInput(flavor, 'query', `${name} must be >= 1`);
    if (name === 'per_page' && n > MAX_PER_PAGE) return badInput(flavor, 'query', `per_page must be <= ${MAX_PER_PAGE}`);
    return n;
  };
  const page = read('page', 1);
  if (typeof page !== 'number') return page;
  const perPage = read('per_page', 10);
  if (typeof perPage !== 'number') return perPage;
  return { page, perPage };
}

function decodeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const flavor: Flavor = opts.flavor ?? 'contract';
  if (!FLAVORS.includes(flavor)) throw new Error(`Unknown sandbox flavor: ${String(flavor)}`);
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? randomBytes(16).toString('hex');
  const rateLimit = opts.rateLimit ?? 0;
  const slowPluginMs = opts.slowPluginMs ?? 3000;
  let latencyMs = opts.latencyMs ?? 0;

  const data = new SandboxData(Date.now());
  // --advance: transactions move on by themselves (for watch mode); the timer never keeps the process alive.
  const advancing = opts.advanceMs ? setInterval(() => data.advance(Date.now()), opts.advanceMs) : undefined;
  advancing?.unref();
  const notifications = new NotificationStore();
  const requests: RecordedRequest[] = [];
  const injections: PendingInjection[] = [];
  const buckets = new Map<string, Bucket>();
  let pluginCalls = 0;
  let replaceSeq = 0;
  let closed = false;

  const sleepers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  const sleep = (ms: number): Promise<void> => {
    if (ms <= 0 || closed) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          sleepers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      sleepers.add(entry);
    });
  };

  const record = (r: RecordedRequest) => {
    requests.push(r);
    if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED);
  };

  const takeInjection = (method: string, url: string): Injection | undefined => {
    const idx = injections.findIndex(
      (i) =>
        (i.match?.method === undefined || i.match.method.toUpperCase() === method) &&
        (i.match?.pathPrefix === undefined || url.startsWith(i.match.pathPrefix)),
    );
    if (idx < 0) return undefined;
    const inj = injections[idx]!;
    inj.remaining--;
    if (inj.remaining <= 0) injections.splice(idx, 1);
    return inj;
  };

  /** Token bucket per Authorization value: capacity = rate, refilled continuously at `rate` per second. */
  const rateLimited = (key: string): boolean => {
    if (rateLimit <= 0) return false;
    const now = performance.now();
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size > 10_000) buckets.clear();
      b = { tokens: rateLimit, last: now };
      buckets.set(key, b);
    }
    b.tokens = Math.min(rateLimit, b.tokens + ((now - b.last) / 1000) * rateLimit);
    b.last = now;
    if (b.tokens < 1) return true;
    b.tokens -= 1;
    return false;
  };

  const listRelayers = (query: URLSearchParams): SandboxResponse => {
    const paging = parsePaging(flavor, query);
    if ('status' in paging) return paging;
    const all = data.orderedRelayers(flavor);
    if (paging.page === 0) return ok([], 200, { current_page: 0, per_page: paging.perPage, total_items: all.length });
    const offset = (paging.page - 1) * paging.perPage;
    const items = all.slice(offset, offset + paging.perPage).map((r) => renderRelayer(flavor, r));
    return ok(items, 200, { current_page: paging.page, per_page: paging.perPage, total_items: all.length });
  };

  const listTransactions = (relayerId: string, query: URLSearchParams): SandboxResponse => {
    const paging = parsePaging(flavor, query);
    if ('status' in paging) return paging;
    let status: TxStatus | undefined;
    const rawStatus = query.get('status');
    // The real server also filters by ?status= (case-insensitive); the contract does not show it.
    if (flavor === 'real' && rawStatus !== null) {
      const s = TX_STATUSES.find((t) => t === rawStatus.toLowerCase());
      if (!s) {
        return badInput(
          flavor,
          'query',
          `unknown variant \`${rawStatus}\`, expected one of ${TX_STATUSES.map((t) => `\`${t}\``).join(', ')}`,
        );
      }
      status = s;
    }
    if (!data.relayer(relayerId)) return fail(flavor, 404, `Relayer with ID ${relayerId} not found`);
    if (paging.page === 0) return ok([], 200, { current_page: 0, per_page: paging.perPage, total_items: data.listTransactions(relayerId, 0, 0, status).total });
    const offset = (paging.page - 1) * paging.perPage;
    const { items, total } = data.listTransactions(relayerId, offset, paging.perPage, status);
    return ok(
      items.map((t) => renderTransaction(flavor, t)),
      200,
      { current_page: paging.page, per_page: paging.perPage, total_items: total },
    );
  };

  const route = async (method: string, path: string, query: URLSearchParams, body: string): Promise<SandboxResponse> => {
    const notFound = fail(flavor, 404, 'Not found');
    if (!path.startsWith(`${API_PREFIX}/`)) return notFound;
    const raw = path.slice(API_PREFIX.length + 1).split('/');
    const seg: string[] = [];
    for (const s of raw) {
      const d = decodeSegment(s);
      if (d === undefined) return notFound;
      seg.push(d);
    }
    // Tolerate one trailing slash everywhere.
    if (seg.length > 1 && seg[seg.length - 1] === '') seg.pop();
    const [a, b, c, d] = seg;
    if (a === 'relayers') {
      if (seg.length === 1 && method === 'GET') return listRelayers(query);
      if (seg.length === 3 && c === 'transactions' && b && method === 'GET') return listTransactions(b, query);
      if (seg.length === 4 && c === 'transactions' && b && d && method === 'PUT') {
        return handleReplace({ flavor, data, now: () => Date.now(), nextSeq: () => ++replaceSeq }, b, d, body);
      }
      // Endpoints of the real server the contract does not show (a contract server 404s them).
      if (flavor === 'real' && method === 'GET' && b) {
        if (seg.length === 3 && c === 'status') {
          const st = data.relayerStatus(flavor, b);
          return st ? ok(st) : fail(flavor, 404, `Relayer with ID ${b} not found`);
        }
        if (seg.length === 5 && c === 'transactions' && d === 'by-nonce') {
          if (!data.relayer(b)) return fail(flavor, 404, `Relayer with ID ${b} not found`);
          const n = seg[4]!;
          if (!/^\d{1,19}$/.test(n)) return fail(flavor, 400, 'Bad Request');
          const tx = data.findByNonce(b, Number(n));
          return tx ? ok(renderTransaction(flavor, tx)) : fail(flavor, 404, `Transaction with nonce ${n} not found`);
        }
        if (seg.length === 4 && c === 'transactions' && d) {
          if (!data.relayer(b)) return fail(flavor, 404, `Relayer with ID ${b} not found`);
          const tx = data.findTransaction(b, d);
          return tx ? ok(renderTransaction(flavor, tx)) : fail(flavor, 404, `Transaction with ID ${d} not found`);
        }
      }
    }
    if (a === 'plugins' && seg.length === 3 && c === 'call' && b && method === 'POST') {
      return handlePluginCall(
        {
          flavor,
          slowPluginMs,
          sleep,
          onCall: () => {
            pluginCalls++;
          },
        },
        b,
        body,
      );
    }
    if (a === 'notifications' && seg.length === 1 && method === 'POST') return notifications.create(flavor, body);
    return notFound;
  };

  const apiResponse = async (req: IncomingMessage, path: string, query: URLSearchParams, body: ReceivedBody): Promise<SandboxResponse> => {
    const authorization = headerValue(req.headers.authorization);
    if (rateLimited(authorization ?? '')) return tooManyRequests(flavor, 1);
    if (authorization === undefined) return unauthorized(flavor, false);
    if (authorization !== `Bearer ${token}`) return unauthorized(flavor, true);
    if (body.size > MAX_BODY_BYTES) {
      return flavor === 'real'
        ? textResponse(
            413,
            `Json deserialize error: JSON payload (${body.size} bytes) is larger than allowed (limit: ${MAX_BODY_BYTES} bytes).`,
          )
        : fail(flavor, 413, 'Payload Too Large');
    }
    return route(req.method ?? 'GET', path, query, body.text);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    record({ method, url, headers: { ...req.headers }, body: body.text });
    if (closed || !body.complete) return;

    const injected = takeInjection(method, url);
    if (injected) {
      await sleep(latencyMs + (injected.delayMs ?? 0));
      if (closed) return;
      if (injected.destroySocket) {
        req.socket.destroy();
        return;
      }
      send(res, {
        status: injected.status,
        headers: { 'content-type': injected.contentType ?? 'application/json', ...injected.headers },
        body: injected.body,
      });
      return;
    }

    const qIndex = url.indexOf('?');
    const path = qIndex < 0 ? url : url.slice(0, qIndex);
    const query = new URLSearchParams(qIndex < 0 ? '' : url.slice(qIndex + 1));
    // The real server's public health check; a contract server has none (it asks for a token, then 404s).
    if (flavor === 'real' && path === `${API_PREFIX}/health` && (method === 'GET' || method === 'HEAD')) {
      send(res, textResponse(200, 'OK'));
      return;
    }
    let response: SandboxResponse;
    try {
      response = await apiResponse(req, path, query, body);
    } catch {
      response = fail(flavor, 500, 'Internal Server Error');
    }
    await sleep(latencyMs);
    if (closed) return;
    send(res, response);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      send(res, fail(flavor, 500, 'Internal Server Error'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  const sandbox: Sandbox = {
    url: `http://${urlHost}:${port}`,
    token,
    flavor,
    requests,
    inject(i: Injection) {
      injections.push({ ...i, remaining: i.times ?? 1 });
    },
    setLatency(ms: number) {
      latencyMs = Math.max(0, ms);
    },
    getTransaction(relayerId: string, txId: string) {
      const tx = data.findTransaction(relayerId, txId);
      return tx ? renderTransaction(flavor, tx) : undefined;
    },
    getNotification(id: string) {
      return notifications.get(id);
    },
    get pluginCalls() {
      return pluginCalls;
    },
    set pluginCalls(n: number) {
      pluginCalls = n;
    },
    close() {
      if (!closing) {
        closed = true;
        clearInterval(advancing);
        for (const s of sleepers) {
          clearTimeout(s.timer);
          s.resolve();
        }
        sleepers.clear();
        closing = new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      return closing;
    },
  };
  return sandbox;
}
