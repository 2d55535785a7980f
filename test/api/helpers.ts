/** Shared helpers of the API test suite: a sandbox per describe block, clients, error capture. */
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ApiError, createRelayerClient, type ClientOptions, type RelayerClient } from '../../src/api/index.js';

export type Flavor = 'contract' | 'real';
export const FLAVORS: Flavor[] = ['contract', 'real'];

export const U128_MAX_TEXT = '340282366920938463463374607431768211455';
export const U128_MAX_HEX = '0xffffffffffffffffffffffffffffffff';

export type SandboxOptions = NonNullable<Parameters<typeof startSandbox>[0]>;

export interface SandboxContext {
  sandbox: Sandbox;
  /** A client with the right token and maxRetries 0 unless overridden. */
  client: RelayerClient;
  /** Another client on the same sandbox; closed in afterAll. */
  makeClient(o?: Partial<ClientOptions>): RelayerClient;
  /** Number of requests the sandbox has recorded so far. */
  count(): number;
  /** The requests recorded since `from` (a value of count()). */
  since(from: number): Sandbox['requests'];
}

/**
 * Starts a sandbox (port 0) in beforeAll and closes it, with every client made, in afterAll.
 * `clientOptions` apply to ctx.client; default maxRetries is 0 so failures are not retried unless a
 * test asks for it.
 */
export function useSandbox(opts: SandboxOptions, clientOptions: Partial<ClientOptions> = {}): SandboxContext {
  const clients: RelayerClient[] = [];
  const ctx = {} as SandboxContext;
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, ...opts });
    ctx.sandbox = sandbox;
    ctx.makeClient = (o = {}) => {
      const c = createRelayerClient({ baseUrl: sandbox.url, token: sandbox.token, maxRetries: 0, timeoutMs: 10_000, ...o });
      clients.push(c);
      return c;
    };
    ctx.client = ctx.makeClient(clientOptions);
    ctx.count = () => sandbox.requests.length;
    ctx.since = (from) => sandbox.requests.slice(from);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await ctx.sandbox?.close();
  });
  return ctx;
}

/** Awaits a promise that must reject with an ApiError and returns the error. */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  let value: unknown;
  try {
    value = await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error(`expected an ApiError, but the call resolved with ${String(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)))?.slice(0, 200)}`);
}

/** Runs a call that must be refused before anything is sent; returns the error. */
export async function refusedLocally(ctx: SandboxContext, call: () => Promise<unknown>): Promise<ApiError> {
  const before = ctx.count();
  const err = await apiError(call());
  expect(err.kind).toBe('bad_request');
  expect(err.status).toBeUndefined();
  expect(ctx.count()).toBe(before);
  return err;
}

/** Header value from a recorded request (node lower-cases names). */
export function header(req: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

export function contractFailure(message: string): string {
  return JSON.stringify({ data: null, message, success: false });
}

export function realFailure(error: string, data: unknown = null): string {
  return JSON.stringify({ success: false, data, error });
}

/** A success envelope for a list. */
export function listBody(data: unknown, pagination: unknown = { current_page: 1, per_page: 10, total_items: Array.isArray(data) ? data.length : 0 }): string {
  return JSON.stringify({ success: true, data, error: null, pagination });
}
