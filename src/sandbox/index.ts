/** Local sandbox relayer: an HTTP server speaking the relayer API with seeded data, in two flavors. */
export { startSandbox } from './server.js';
export { runSandboxCli, parseSandboxArgs, SANDBOX_USAGE } from './cli.js';
export { SANDBOX_RELAYERS, BULK_RELAYER_ID } from './data.js';
export type { Flavor as SandboxFlavor } from './flavor.js';
export type { SandboxOptions, RecordedRequest, Injection, Sandbox, RpcCall } from './types.js';
export { READY_STATES, type ReadyState } from './ready.js';
export { PLUGIN_IDS } from './plugins.js';
export type { Throttle, RedisDown } from './faults.js';
