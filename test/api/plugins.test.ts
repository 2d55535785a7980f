import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { U128_MAX, createRelayerClient, type PluginCallResult, type RelayerClient } from '../../src/api/index.js';
import { FLAVORS, U128_MAX_TEXT, apiError, useSandbox } from './helpers.js';

const LEVELS = ['log', 'info', 'debug', 'warn', 'error', 'info', 'debug', 'result'];
const FAIL_TEXT = 'Plugin execution failed: insufficient balance for relayer sepolia-main';

describe.each(FLAVORS)('callPlugin (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor, slowPluginMs: 50 });

  it('echoes a u128 bigint param exactly, both ways', async () => {
    const before = ctx.count();
    const calls = ctx.sandbox.pluginCalls;
    const r = await ctx.client.callPlugin('echo', { n: U128_MAX });
    const sent = ctx.since(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/v1/plugins/echo/call');
    expect(sent[0]!.body).toBe(`{"params":{"n":${U128_MAX_TEXT}}}`);
    expect(ctx.sandbox.pluginCalls).toBe(calls + 1);
    expect(r).toEqual({ success: true, message: flavor === 'contract' ? 'Plugin called successfully' : null, error: null, return_value: { n: U128_MAX }, logs: [], traces: [] });
    expect((r.return_value as { n: unknown }).n).toBe(340282366920938463463374607431768211455n);
  });

  it('echoes scalars, arrays and null params', async () => {
    expect((await ctx.client.callPlugin('echo', [1, 'two', { three: 3n }])).return_value).toEqual([1, 'two', { three: 3 }]);
    expect((await ctx.client.callPlugin('echo', 'text')).return_value).toBe('text');
    expect((await ctx.client.callPlugin('echo', undefined)).return_value).toBeNull();
  });

  it('returns logs with their levels and the traces', async () => {
    const r = await ctx.client.callPlugin('logs', {});
    expect(r.success).toBe(true);
    expect(r.return_value).toEqual({ ok: true, processed: 3 });
    expect(r.logs.map((l) => l.level)).toEqual(LEVELS);
    for (const l of r.logs) expect(typeof l.message).toBe('string');
    expect(r.logs[0]).toEqual({ level: 'log', message: 'plugin "logs" started' });
    expect(r.logs.at(-1)).toEqual({ level: 'result', message: '{"ok":true,"processed":3}' });
    expect(r.traces).toHaveLength(3);
    expect(r.traces[0]).toMatchObject({ relayerId: 'sepolia-main', method: 'sendTransaction' });
  });

  it('reports a failing plugin with its own error text', async () => {
    const call = ctx.client.callPlugin('fail', {});
    if (flavor === 'real') {
      // The real server answers a plugin's own error with its status and {code, details}: the plugin's answer.
      const r = await call;
      expect(r.success).toBe(false);
      expect(r.error).toBe(FAIL_TEXT);
      expect(r.status).toBe(422);
      expect(r.code).toBe('INSUFFICIENT_BALANCE');
    } else {
      const r = await call;
      expect(r.success).toBe(false);
      expect(r.error).toBe(FAIL_TEXT);
      expect(r.logs.map((l) => l.level)).toEqual(['info', 'error']);
    }
  });

  it('answers an unknown plugin with not_found', async () => {
    const err = await apiError(ctx.client.callPlugin('nope', {}));
    expect(err.kind).toBe('not_found');
    expect(err.status).toBe(404);
    expect(err.message).toBe(flavor === 'real' ? 'Plugin with id nope not found' : 'Plugin with ID nope not found');
  });

  it('waits for the slow plugin', async () => {
    const r = await ctx.client.callPlugin('slow', { ms: 30 });
    expect(r.return_value).toEqual({ ms: 30 });
    expect(r.logs).toEqual([{ level: 'info', message: 'slept 30 ms' }]);
  });

  it('refuses an empty plugin id before sending', async () => {
    const before = ctx.count();
    const err = await apiError(ctx.client.callPlugin('', {}));
    expect(err.kind).toBe('bad_request');
    expect(err.field).toBe('plugin_id');
    expect(ctx.count()).toBe(before);
  });
});

describe('plugin results are the same whichever server shape they came in', () => {
  const sandboxes: Sandbox[] = [];
  const clients: RelayerClient[] = [];
  beforeAll(async () => {
    for (const flavor of FLAVORS) {
      const s = await startSandbox({ port: 0, flavor });
      sandboxes.push(s);
      clients.push(createRelayerClient({ baseUrl: s.url, token: s.token, maxRetries: 0 }));
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(sandboxes.map((s) => s.close()));
  });

  /** The contract's `message` is extra information the real server does not send. */
  const comparable = (r: PluginCallResult) => ({ ...r, message: null });

  it.each([
    ['echo', { n: U128_MAX, nested: { list: [1, 2n ** 70n, 'x'] } }],
    ['logs', {}],
    ['slow', { ms: 5 }],
  ])('%s', async (plugin, params) => {
    const [contract, real] = await Promise.all(clients.map((c) => c.callPlugin(plugin, params)));
    expect(comparable(contract!)).toEqual(comparable(real!));
    expect(contract!.success).toBe(true);
  });
});
