/**
 * The sandbox HTTP server's lifecycle: node:http around the pure router (router.ts), with the rate
 * limit (rateLimit.ts), latency, injections, request recording and a prompt close. Every JSON body is
 * read with parseJson and written with stringifyJson (u128-exact).
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxData, renderTransaction } from './data.js';
import { FLAVORS, type Flavor, type SandboxResponse, fail, tooManyRequests } from './flavor.js';
import { NotificationStore } from './notifications.js';
import { rateLimiter } from './rateLimit.js';
import { throttler } from './faults.js';
import { READY_STATES, type ReadyState } from './ready.js';
import { API_PREFIX, MAX_BODY_BYTES, createRouter, isReadyPath } from './router.js';
import { rpcRequestOf } from './rpc.js';
import { DEFAULT_RPC_FAILING, type Injection, type RecordedRequest, type RpcCall, type RpcFailing, type Sandbox, type SandboxOptions } from './types.js';
import { SandboxMetrics } from './metrics.js';
import { SandboxClock } from './chain/clock.js';
import { Chain } from './chain/chain.js';
import { SPIKES } from './chain/situations.js';
import { DEFAULT_DRAINING } from './draining.js';
import { DEFAULT_PRICE_CLIMB } from './priceClimb.js';


export const MAX_RECORDED = 500;

const RPC_PATH = /^\/api\/v1\/relayers\/([^/]+)\/rpc\/?$/;

interface PendingInjection extends Injection {
  remaining: number;
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

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const flavor: Flavor = opts.flavor ?? 'contract';
  if (!FLAVORS.includes(flavor)) throw new Error(`Unknown sandbox flavor: ${String(flavor)}`);
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? randomBytes(16).toString('hex');
  const rateLimit = opts.rateLimit ?? 0;
  const slowPluginMs = opts.slowPluginMs ?? 3000;
  let latencyMs = opts.latencyMs ?? 0;
  const answerDelayMs = opts.answerDelayMs ?? 0;
  const checkReady = (state: ReadyState) => {
    if (!READY_STATES.includes(state)) throw new Error(`Unknown readiness: ${String(state)} (one of ${READY_STATES.join(', ')})`);
    return state;
  };
  let ready = checkReady(opts.ready ?? 'healthy');
  // Faults (faults.ts).
  let statusNonceZero: readonly string[] | 'all' = opts.statusNonceZero ?? [];
  let throttled = throttler(opts.throttle);
  let redisDown = opts.redisDown === true;
  let rpcDelayMs = Math.max(0, opts.rpcDelayMs ?? 0);
  let rpcFailing: RpcFailing | false = flavor === 'real' ? (opts.rpcFailing ?? DEFAULT_RPC_FAILING) : false;
  const rpcInFlight = { now: 0, max: 0, reset: () => void (rpcInFlight.max = rpcInFlight.now) };
  const redisWindow: NodeJS.Timeout[] = [];
  if (typeof opts.redisDown === 'object') {
    const w = opts.redisDown;
    redisWindow.push(setTimeout(() => void (redisDown = true), w.fromMs));
    if (w.toMs !== undefined) redisWindow.push(setTimeout(() => void (redisDown = false), w.toMs));
    for (const t of redisWindow) t.unref();
  }

  // One clock: the contract flavour keeps wall time; the real flavour's blocks come from it.
  const clock = new SandboxClock({ blockTimeMs: opts.blockTimeMs, timeScale: opts.timeScale, running: flavor === 'contract' || opts.running === true, ...(opts.startMs !== undefined ? { startMs: opts.startMs } : {}) });
  const data = new SandboxData(clock.now(), opts.profile, flavor);
  const chain = flavor === 'real' ? new Chain(data, clock, { spikes: { ...SPIKES, ...opts.gasSpikes }, gapFiller: opts.gapFiller, traffic: opts.traffic, draining: opts.draining ?? DEFAULT_DRAINING, priceClimb: opts.priceClimb ?? DEFAULT_PRICE_CLIMB }) : undefined;
  data.chain = chain;
  if (flavor === 'real' && opts.running) clock.start();
  // --advance (contract flavour): transactions move on by themselves; the timer never keeps the process alive.
  const advancing = opts.advanceMs && flavor === 'contract' ? setInterval(() => data.advance(clock.now()), opts.advanceMs) : undefined;
  advancing?.unref();
  const notifications = new NotificationStore();
  const metrics = flavor === 'real' ? new SandboxMetrics(data, () => clock.now()) : undefined;
  // The failing-RPC scenario: the relayer's node fails once its time (scaled) has come.
  const failingNow = (relayerId: string) => rpcFailing !== false && rpcFailing.relayerId === relayerId && clock.now() - data.startMs >= rpcFailing.afterMs / clock.timeScale;
  const requests: RecordedRequest[] = [];
  const rpcCalls: RpcCall[] = [];
  const injections: PendingInjection[] = [];
  const rateLimited = rateLimiter(rateLimit);
  let pluginCalls = 0;
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

  const router = createRouter({
    flavor,
    token,
    data,
    notifications,
    slowPluginMs,
    sleep,
    onPluginCall: () => {
      pluginCalls++;
    },
    now: () => clock.now(),
    chain,
    ready: () => ready,
    redisDown: () => redisDown,
    statusNonceZero: () => statusNonceZero,
    ...(metrics ? { metrics, rpcFailing: failingNow } : {}),
  });

  const takeInjection = (method: string, url: string, rpcMethod?: string): Injection | undefined => {
    const idx = injections.findIndex(
      (i) =>
        (i.match?.method === undefined || i.match.method.toUpperCase() === method) &&
        (i.match?.pathPrefix === undefined || url.startsWith(i.match.pathPrefix)) &&
        (i.match?.rpcMethod === undefined || i.match.rpcMethod === rpcMethod),
    );
    if (idx < 0) return undefined;
    const inj = injections[idx]!;
    inj.remaining--;
    if (inj.remaining <= 0) injections.splice(idx, 1);
    return inj;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const recorded: RecordedRequest = { method, url, headers: { ...req.headers }, body: body.text };
    // A JSON-RPC call is recorded by its method as well, so a test can say which ones a client sent.
    const rpc = method === 'POST' ? RPC_PATH.exec(url.split('?')[0]!) : null;
    const asked = rpc ? rpcRequestOf(body.text) : undefined;
    if (rpc && asked) {
      recorded.rpcMethod = asked.method;
      rpcCalls.push({ relayerId: safeDecode(rpc[1]!), ...asked });
      if (rpcCalls.length > MAX_RECORDED) rpcCalls.splice(0, rpcCalls.length - MAX_RECORDED);
    }
    record(recorded);
    if (closed || !body.complete) return;

    const injected = takeInjection(method, url, asked?.method);
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
    const authorization = headerValue(req.headers.authorization);
    const health = flavor === 'real' && (path === `${API_PREFIX}/health` || isReadyPath(path));
    let response: SandboxResponse;
    // A slow RPC: the passthrough answers later; what is in flight there is counted (the most at once).
    const slow = rpc !== null && flavor === 'real';
    if (slow) rpcInFlight.max = Math.max(rpcInFlight.max, ++rpcInFlight.now);
    const startedAt = performance.now();
    try {
      // The throttle fault lands on any request, /health and /ready included (NOTES.md: "it can land on any request").
      if (throttled()) {
        const after = throttled.afterSeconds;
        const r = tooManyRequests(flavor, after);
        response = { ...r, headers: { ...r.headers, 'retry-after': String(after) } };
      } else if (!health && rateLimited(authorization ?? '')) response = tooManyRequests(flavor, 1);
      else {
        if (slow) await sleep(rpcDelayMs);
        response = await router({ method, path, query, body: body.text, bodySize: body.size, authorization });
      }
    } catch {
      response = fail(flavor, 500, 'Internal Server Error');
    } finally {
      if (slow) rpcInFlight.now--;
    }
    if (metrics && !health) {
      // v1.8's middleware counts each request by its route; a passthrough call answered with a result is an RPC call observed (retry.rs:409).
      metrics.countRequest(path.replace(/^\/api\/v1\/relayers\/[^/]+/, '/api/v1/relayers/{relayer_id}'), method, response.status);
      if (slow && asked && response.status === 200 && response.body.includes('"result"')) metrics.observeRpc(asked.method, (performance.now() - startedAt) / 1000);
    }
    // The health and readiness checks answer at once (they are not the API: no latency, no rate limit).
    // A mutation's answer (applied already) may be held longer: --answer-delay.
    if (!health) await sleep(latencyMs + (method === 'GET' || method === 'HEAD' ? 0 : answerDelayMs));
    if (closed) return;
    send(res, response);
  };

  // Requests being handled (latency included), and who waits for none to be (`idle`).
  let inFlight = 0;
  const idleWaiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    inFlight++;
    handle(req, res)
      .catch(() => {
        send(res, fail(flavor, 500, 'Internal Server Error'));
      })
      .finally(() => {
        if (--inFlight === 0) for (const w of idleWaiters.splice(0)) w();
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
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r));
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
    rpcCalls,
    clock,
    chain,
    setReady(state: ReadyState) {
      ready = checkReady(state);
    },
    setStatusNonceZero(ids) {
      statusNonceZero = ids;
    },
    setThrottle(t) {
      throttled = throttler(t);
    },
    setRedisDown(down) {
      for (const t of redisWindow.splice(0)) clearTimeout(t);
      redisDown = down;
    },
    setRpcDelay(ms) {
      rpcDelayMs = Math.max(0, ms);
    },
    setRpcFailing(f) {
      rpcFailing = f;
    },
    setDraining(d) {
      chain?.setDraining(d);
    },
    setPriceClimb(c) {
      chain?.setPriceClimb(c);
    },
    metrics,
    rpcInFlight,
    close() {
      if (!closing) {
        closed = true;
        clearInterval(advancing);
        for (const t of redisWindow.splice(0)) clearTimeout(t);
        clock.stop();
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
