/**
 * The real flavour's PATCH /plugins/{id} and PATCH /networks/{id}, over loopback HTTP, in v1.8's exact
 * statuses and words (src/sandbox/pluginStore.ts, networks.ts, typedBody.ts): what a PATCH changes is
 * what that sandbox's later GETs and calls see, and no other sandbox's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_RPC_KEY } from '../../src/sandbox/serverRecords.js';
import { api, call } from './http.js';

let sb: Sandbox;
let other: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real', token: 'p-token', slowPluginMs: 1500 });
  other = await startSandbox({ port: 0, flavor: 'real', token: 'o-token' });
});
afterAll(async () => {
  await Promise.all([sb.close(), other.close()]);
});

const patchPlugin = (id: string, body: unknown) => call(sb, 'PATCH', api(`/plugins/${id}`), { body });
const patchNetwork = (id: string, body: unknown) => call(sb, 'PATCH', api(`/networks/${id}`), { body });
const textError = (r: { status: number; contentType: string; text: string }) => [r.status, r.contentType.split(';')[0], r.text];
const PLUGIN_FIELDS = '`timeout`, `emit_logs`, `emit_traces`, `raw_response`, `allow_get_invocation`, `config`, `forward_logs`';

describe('PATCH /plugins/{id}', () => {
  it('answers the whole plugin as GET does; GET, the list and calls see it; another sandbox does not', async () => {
    const r = await patchPlugin('echo', { timeout: 45, emit_traces: true, raw_response: true, allow_get_invocation: true, forward_logs: true, config: { tier: 'gold', limits: [1, 2] } });
    expect(r.status).toBe(200);
    expect(r.text).toBe(
      '{"success":true,"data":{"id":"echo","path":"plugins/echo.ts","timeout":{"secs":45,"nanos":0},"emit_logs":false,"emit_traces":true,"raw_response":true,' +
        '"allow_get_invocation":true,"config":{"tier":"gold","limits":[1,2]},"forward_logs":true},"error":null}',
    );
    expect((await call(sb, 'GET', api('/plugins/echo'))).json.data).toEqual(r.json.data);
    const listed = (await call(sb, 'GET', api('/plugins?per_page=10'))).json.data.find((p: { id: string }) => p.id === 'echo');
    expect(listed).toEqual(r.json.data);
    // raw_response: the bare return value; allow_get_invocation: GET reaches it (params {}).
    expect((await call(sb, 'POST', api('/plugins/echo/call'), { body: { params: { a: 1 } } })).text).toBe('{"a":1}');
    expect((await call(sb, 'GET', api('/plugins/echo/call'))).text).toBe('{}');
    expect((await call(other, 'GET', api('/plugins/echo'))).json.data).toMatchObject({ timeout: { secs: 300, nanos: 0 }, raw_response: false, config: null });
    expect((await call(other, 'GET', api('/plugins/echo/call'))).status).toBe(405);
  });

  it('emit_logs off: no metadata; allow_get_invocation off: 405; a timeout past which a call answers 504', async () => {
    expect((await patchPlugin('logs', { emit_logs: false, emit_traces: false })).status).toBe(200);
    const quiet = await call(sb, 'POST', api('/plugins/logs/call'), { body: { params: {} } });
    expect([quiet.status, 'metadata' in quiet.json]).toEqual([200, false]);
    expect((await patchPlugin('routed', { allow_get_invocation: false })).json.data.allow_get_invocation).toBe(false);
    const g = await call(sb, 'GET', api('/plugins/routed/call/verify'));
    expect([g.status, g.json.error]).toEqual([405, "GET requests are not enabled for this plugin. Set 'allow_get_invocation: true' in plugin configuration to enable."]);
    // `slow` sleeps 1.5 s: within its 30 s it answers; with a 1 s timeout, v1.8's 504.
    expect((await call(sb, 'POST', api('/plugins/slow/call'), { body: { params: { n: 1 } } })).status).toBe(200);
    expect((await patchPlugin('slow', { timeout: 1 })).json.data.timeout).toEqual({ secs: 1, nanos: 0 });
    const late = await call(sb, 'POST', api('/plugins/slow/call'), { body: { params: { n: 1 } } });
    expect([late.status, late.text]).toEqual([504, '{"success":false,"data":{"code":"TIMEOUT"},"error":"Plugin execution timed out after 1 seconds"}']);
    expect(late.ms).toBeLessThan(1450);
  });

  it('config: an object replaces it, {} empties it, null leaves it as it is (serde reads null as absent)', async () => {
    const before = (await call(sb, 'GET', api('/plugins/routed'))).json.data.config;
    expect(before).toMatchObject({ network: 'sepolia' });
    expect((await patchPlugin('routed', { config: null, emit_traces: null })).json.data).toMatchObject({ config: before, emit_traces: false });
    expect((await patchPlugin('routed', { config: {} })).json.data.config).toEqual({});
    expect((await patchPlugin('routed', { config: { a: 1 } })).json.data.config).toEqual({ a: 1 });
    // A u64 timeout past 2^53, written back exactly.
    const big = await patchPlugin('routed', '{"timeout":18446744073709551615}');
    expect(big.text).toContain('"timeout":{"secs":18446744073709551615,"nanos":0}');
  });

  it('refuses in v1.8\'s words: the body (text, with its place) before the plugin, then 404, then a zero timeout', async () => {
    expect(textError(await patchPlugin('ghost', '{"timeout": 5, "colour" : 1}'))).toEqual([400, 'text/plain', `Json deserialize error: unknown field \`colour\`, expected one of ${PLUGIN_FIELDS} at line 1 column 24`]);
    expect(textError(await patchPlugin('echo', '{"timeout":-1}'))).toEqual([400, 'text/plain', 'Json deserialize error: invalid value: integer `-1`, expected u64 at line 1 column 13']);
    expect(textError(await patchPlugin('echo', '{"timeout":1.5}'))).toEqual([400, 'text/plain', 'Json deserialize error: invalid type: floating point `1.5`, expected u64 at line 1 column 14']);
    expect(textError(await patchPlugin('echo', '{"emit_logs":"yes"}'))).toEqual([400, 'text/plain', 'Json deserialize error: invalid type: string "yes", expected a boolean at line 1 column 18']);
    expect(textError(await patchPlugin('echo', '{"config":[1]}'))).toEqual([400, 'text/plain', 'Json deserialize error: invalid type: sequence, expected a map at line 1 column 10']);
    expect(textError(await patchPlugin('echo', '{"emit_logs":true,\n"emit_logs":false}'))).toEqual([400, 'text/plain', 'Json deserialize error: duplicate field `emit_logs` at line 2 column 11']);
    expect(textError(await patchPlugin('echo', '"x"'))).toEqual([400, 'text/plain', 'Json deserialize error: invalid type: string "x", expected struct UpdatePluginRequest at line 1 column 3']);
    const nf = await patchPlugin('ghost', { timeout: 0 });
    expect([nf.status, nf.json]).toEqual([404, { success: false, data: null, error: 'Plugin with id ghost not found' }]);
    const zero = await patchPlugin('echo', { timeout: 0, emit_logs: true });
    expect([zero.status, zero.json]).toEqual([400, { success: false, data: null, error: 'Timeout must be greater than 0' }]);
    expect((await call(sb, 'GET', api('/plugins/echo'))).json.data.emit_logs).toBe(false);
  });
});

describe('PATCH /networks/{id}', () => {
  it('replaces rpc_urls (strings weigh 100), answered unmasked as GET answers them; GET and the list see it; another sandbox does not', async () => {
    const before = (await call(sb, 'GET', api('/networks/evm:holesky'))).json.data;
    const r = await patchNetwork('evm:holesky', { rpc_urls: ['https://holesky.example/v3/KEY-1', { url: 'http://10.0.0.5:8545', weight: 250, note: 'ignored' }] });
    expect(r.status).toBe(200);
    const rpc_urls = [{ url: 'https://holesky.example/v3/KEY-1', weight: 100 }, { url: 'http://10.0.0.5:8545', weight: 250 }];
    expect(r.json.data).toEqual({ ...before, rpc_urls });
    expect((await call(sb, 'GET', api('/networks/evm:holesky'))).json.data).toEqual(r.json.data);
    expect((await call(sb, 'GET', api('/networks?per_page=100'))).json.data.find((n: { id: string }) => n.id === 'evm:holesky').rpc_urls).toEqual(rpc_urls);
    expect((await call(other, 'GET', api('/networks/evm:holesky'))).json.data.rpc_urls[0].url).toContain(SANDBOX_RPC_KEY);
  });

  it('refuses in v1.8\'s words and order: the body, the URLs, a missing field, then 404', async () => {
    const refused = async (id: string, body: unknown) => {
      const r = await patchNetwork(id, body);
      return [r.status, r.json?.error ?? r.text];
    };
    expect(await refused('evm:nope', { rpc_urls: [] })).toEqual([400, 'rpc_urls must contain at least one RPC endpoint']);
    expect(await refused('evm:nope', { rpc_urls: ['https://ok.example', 'wss://ws.example'] })).toEqual([400, 'Invalid RPC URL configuration: Invalid URL scheme for wss://ws.example: Only HTTP and HTTPS are supported']);
    expect(await refused('evm:nope', {})).toEqual([400, 'At least one field must be provided for update']);
    expect(await refused('evm:nope', { rpc_urls: null })).toEqual([400, 'At least one field must be provided for update']);
    expect(await refused('evm:nope', { rpc_urls: ['https://ok.example'] })).toEqual([404, "Network with ID 'evm:nope' not found"]);
    const gone = await call(sb, 'GET', api('/networks/evm:nope'));
    expect([gone.status, gone.json.error]).toEqual([404, "Network with ID 'evm:nope' not found"]);
    expect(textError(await patchNetwork('evm:sepolia', '{"rpc_urls":"https://a"}'))).toEqual([400, 'text/plain', 'Json deserialize error: rpc_urls must be an array of strings or RpcConfig objects at line 1 column 24']);
    expect(textError(await patchNetwork('evm:sepolia', '{"rpc_urls":[{"weight":5}]}'))).toEqual([400, 'text/plain', 'Json deserialize error: missing field `url` at line 1 column 27']);
    expect(textError(await patchNetwork('evm:sepolia', '{"rpc_urls":[{"url":"https://a","weight":300}], "x":1}'))).toEqual([400, 'text/plain', 'Json deserialize error: invalid value: integer `300`, expected u8 at line 1 column 46']);
    expect(textError(await patchNetwork('evm:sepolia', '{"urls":[]}'))).toEqual([400, 'text/plain', 'Json deserialize error: unknown field `urls`, expected `rpc_urls` at line 1 column 7']);
    // An empty array is the struct with rpc_urls left at its default (none).
    expect(await refused('evm:sepolia', [])).toEqual([400, 'At least one field must be provided for update']);
  });
});
