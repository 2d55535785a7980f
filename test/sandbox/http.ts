/** Test helper: talk to a sandbox over real HTTP with undici. */
import { request } from 'undici';
import { parseJson } from '../../src/api/json.js';
import { afterEach, expect } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  contentType: string;
  text: string;
  /** Parsed with parseJson (bigint beyond 2^53); undefined when the body is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  ms: number;
}

export interface CallOptions {
  /** A string is sent as is; anything else is JSON.stringify'd. */
  body?: unknown;
  /** Token to send; null sends no Authorization header. Default: the sandbox token. */
  token?: string | null;
  headers?: Record<string, string>;
}

export async function call(sb: Sandbox, method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = opts.token === undefined ? sb.token : opts.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const t0 = performance.now();
  const res = await request(`${sb.url}${path}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  const ms = performance.now() - t0;
  let json: unknown;
  try {
    json = parseJson(text);
  } catch {
    json = undefined;
  }
  const ct = res.headers['content-type'];
  return {
    status: res.statusCode,
    headers: res.headers,
    contentType: Array.isArray(ct) ? (ct[0] ?? '') : (ct ?? ''),
    text,
    json,
    ms,
  };
}

export const api = (p: string) => `/api/v1${p}`;

export interface TxLike {
  id: string;
  status: string;
  [k: string]: unknown;
}

/** All transactions of a small seeded relayer. */
export async function allTxs(sb: Sandbox, relayerId: string): Promise<TxLike[]> {
  const r = await call(sb, 'GET', api(`/relayers/${relayerId}/transactions/?per_page=1000`));
  if (r.status !== 200) throw new Error(`list ${relayerId}: ${r.status} ${r.text}`);
  return r.json.data as TxLike[];
}

/** Take transactions by status one at a time, so tests that mutate state do not collide. */
export class TxPicker {
  private used = new Set<string>();
  constructor(
    private readonly sb: Sandbox,
    private readonly relayerId: string,
  ) {}
  async take(status: string): Promise<TxLike> {
    const txs = await allTxs(this.sb, this.relayerId);
    const tx = txs.find((t) => t.status === status && !this.used.has(t.id));
    if (!tx) throw new Error(`no unused ${status} transaction on ${this.relayerId}`);
    this.used.add(tx.id);
    return tx;
  }
}

/**
 * Real-flavour sandboxes for one test file, each closed after its test: `sandbox(o)` starts one (its
 * token `token`), `rpc` asks its JSON-RPC passthrough and expects a 200.
 */
export function realSandboxes(token: string): { sandbox: (o?: SandboxOptions) => Promise<Sandbox>; rpc: (sb: Sandbox, relayer: string, method: string, params?: unknown[]) => Promise<unknown> } {
  const open: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return {
    async sandbox(o = {}) {
      const sb = await startSandbox({ port: 0, flavor: 'real', token, ...o });
      open.push(sb);
      return sb;
    },
    async rpc(sb, relayer, method, params = []) {
      const r = await call(sb, 'POST', api(`/relayers/${relayer}/rpc`), { body: { jsonrpc: '2.0', method, params, id: 1 } });
      expect(r.status, `${method} on ${relayer}`).toBe(200);
      return r.json.result;
    },
  };
}
