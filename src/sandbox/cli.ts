/**
 * `relayer-tui sandbox` command line: start a sandbox relayer and keep it running until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { FLAVORS, type Flavor } from './flavor.js';
import { startSandbox } from './server.js';
import type { SandboxOptions } from './types.js';
import { SANDBOX_OPTIONS } from './options.js';
import { READY_STATES, type ReadyState } from './ready.js';
import { parseRedisDown, parseRelayerIds, parseThrottle } from './faults.js';
import { parseDraining } from './draining.js';
import { parsePriceClimb } from './priceClimb.js';


export const SANDBOX_CLI_DEFAULT_PORT = 8080;

export const SANDBOX_USAGE = `Usage: relayer-tui sandbox [options]

Start a local sandbox relayer (an HTTP server speaking the relayer API) with seeded demo data.

Options:
  --host <host>         Interface to listen on (default 127.0.0.1)
  --port <port>         Port to listen on, 0 for a free one (default ${SANDBOX_CLI_DEFAULT_PORT})
  --token <token>       API key clients must send as "Authorization: Bearer <token>" (default: random)
  --latency <ms>        Delay every API response by this many milliseconds (default 0)
  --answer-delay <ms>   Apply each mutation (PUT, POST, PATCH, DELETE) at once but hold its answer this many
                        milliseconds more (default 0): a dropped line mid-send, an answer that comes late
  --rate-limit <n>      Allow n requests per second per API key, then answer 429 (default 0 = unlimited);
                        or a fault: first (the first request only answers 429, Retry-After 1 s) or NN%
                        (that share of requests, counted: 25% is every 4th), /health and /ready included
  --flavor <flavor>     contract (the interface document) or real (imitates OpenZeppelin Relayer v1.8)
                        (default contract: this server stands still unless --advance moves it, for
                        scripts and tests; the TUI's built-in sandbox, npm start with no server
                        configured, is the real flavour, --sandbox-flavor contract for the other)
  --advance <seconds>   Contract flavour only: every so many seconds, in each relayer whose transactions
                        have been listed (bulk-1m and holesky-test aside), the oldest unfinished
                        transaction moves one status on (pending → sent → submitted → mined → confirmed)

The real flavour lives in time: a chain per network and v1.8's machinery on every block (signing,
broadcasting, re-sending after 25 s, re-pricing after 2/3/5/10 min by speed doubled per earlier hash,
held by gas_price_cap; pending past 2 min fails; confirmations per network; nonce gaps filled with
NOOPs; a disabled relayer enabled again once funded), and new transactions every few seconds on
sepolia-main, arbitrum-payouts and bsc-treasury. Its seeded jams, each with the real server's cause:
  holesky-test          its lowest nonce is a safeLow transaction never broadcast: the node's floor
                        (1 gwei tip) refuses every re-send, re-priced from safeLow. A bump at a faster
                        speed or a cancel clears it.
  avalanche-bridge      at its gas_price_cap (30 gwei) while Avalanche asks 55 gwei: re-pricing stops at
                        the cap (openzeppelin-relayer#808). Raising the cap clears it at the next
                        re-price; a cancel's NOOP (not held to the cap) clears its own nonce only.
  optimism-relay        its counter ran ahead of the chain (#818): no transaction at the chain's nonce.
                        The nonce-health job fills it with a NOOP about a minute after the start, then
                        it clears by itself (never with --gap-filler off, as #843 reports).
  mainnet-hot           paused: its sends, cancels, replaces and /rpc answer 403; the rest keeps going.
  base-batch            disabled by its balance; fund it (the sandbox's own faucet, not the relayer API):
                          curl -X POST -H "Authorization: Bearer $TOKEN" $URL/sandbox/relayers/base-batch/fund
                        (optionally -d '{"wei":"<decimal>"}'; default ten times its min_balance), and
                        v1.8's health check (10, 20, 30, 45 s, then every 60 s) enables it again.
  linea-idle            its RPC starts failing 20 minutes after the start (at --time-scale 1; 20/n
                        minutes at n, 3 min 20 s at 6): its /rpc answers v1.8's transport error, its
                        /status and /balance 500. v1.8 disables a relayer whose health check fails at
                        its next start (--rpc-failing moves or ends it)
  sepolia-main          drains toward its minimum: busy as any other until 25 minutes after the start
                        (at --time-scale 1; 25/n at n), then its payouts take its balance to its
                        min_balance at 40 minutes (6 min 40 s at 6), after which v1.8 fails its sends
                        (--draining moves or ends it; the faucet puts the minimum further off)
  arbitrum-payouts      its network's price climbs toward its gas_price_cap (100 gwei) from 15 minutes
                        after the start (at --time-scale 1; 15/n at n, 2 min 30 s at 6): 70 % of the cap
                        at 18 min, 80 % at ~20 min 20 s, the cap at 25 min (4 min 10 s at 6), 110 % at
                        26 min and held there: what it sends waits at its cap and every re-price stops
                        there (#808), a jam a client says from ~27 min (what waits past 90 s: a client's
                        wait, not scaled). Raising the cap over 110 gwei clears it (--price-climb moves
                        or ends it)

  --block-time <s>      Real flavour: a block every so many seconds (default 2; 0 = the clock stands
                        still and nothing moves)
  --time-scale <n>      Real flavour: the server's own timeouts (re-send, re-price, prepare, gap filling,
                        health checks) divided by n, their ratios kept (default 1)
  --gas-spike <net:gwei>  Real flavour: hold a network's price (base fee + tip) at so many gwei, e.g.
                        sepolia:80 (repeatable; avalanche:55 is seeded)
  --gap-filler <on|off>  Real flavour: whether v1.8's nonce-health job fills nonce gaps (default on)
  --ready <state>       What the real flavour's public GET /api/v1/ready reports: healthy, degraded
                        (200, Redis's reader pool down) or unhealthy (503, Redis down) (default healthy);
                        /ready only — --redis-down fails the other endpoints too

Faults of an unwell server (real flavour), one at a time:
  --status-nonce-zero <ids|all>  These relayers' GET …/status answer "nonce": "0" (comma-separated ids,
                        or all), as v1.8 does when its counter read fails, whatever waits on the chain
  --redis-down <on|A-B>  Redis down, from the start (on) or from A to B seconds after it (A- for good):
                        /ready answers 503 unhealthy ("Redis primary pool: … Connection refused"), every
                        other authenticated endpoint 500, /health still OK
  --rpc-delay <ms>      The JSON-RPC passthrough (POST /relayers/{id}/rpc) answers this much later (a
                        slow RPC; default 0)
  --rpc-failing <id@min|off>  Whose RPC starts failing, how many minutes after the start (time-scaled;
                        default linea-idle@20), or off
  --draining <id@min|off>  Whose payouts drain it to its minimum, how many minutes after the start
                        (time-scaled; default sepolia-main@40), or off
  --price-climb <id@min|off>  Whose network's price climbs to its gas_price_cap, how many minutes after
                        the start it begins (time-scaled; default arbitrum-payouts@15), or off

  --relayers <n>        n relayers (1-1000) cycled from the seeds (ids made unique: holesky-test-2, …),
                        their situations with them; bulk-1m not among them
  --jams-first          With --relayers: the seeds with a jam of their own come first (--relayers 7
                        --jams-first: holesky-test, avalanche-bridge, optimism-relay and four others)
  --fleet <n>           n deployments instead of one (1-100), each on a free port: mixed flavours, one
                        with bulk-1m, one mostly paused, one with low balances, one slow; prints their
                        config.yaml (contexts and fleets) on stdout, the rest on stderr. Try:
                          relayer-tui sandbox --fleet 5 > fleet.yaml &
                          relayer-tui fleet --config fleet.yaml      (or relayer-tui --config fleet.yaml, then F)
  -h, --help            Show this help
`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Stops the sandbox when aborted, like SIGINT/SIGTERM (for in-process use and tests). */
  signal?: AbortSignal;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function parseNonNegativeInt(name: string, raw: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined | Error {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) > max) return new Error(`--${name} must be an integer between 0 and ${max}, got "${raw}"`);
  return Number(raw);
}

function parseSeconds(name: string, raw: string | undefined): number | undefined | Error {
  if (raw === undefined) return undefined;
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(raw)) return new Error(`--${name} must be a number of at most 3 decimals, got "${raw}"`);
  return Number(raw);
}

/** Parse options; returns the sandbox options, 'help', or an error message. */
export function parseSandboxArgs(argv: string[]): (SandboxOptions & { fleet?: number }) | 'help' | Error {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      strict: true,
      options: SANDBOX_OPTIONS,
    }));
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
  if (values.help) return 'help';
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const opts: SandboxOptions & { fleet?: number } = {};
  const fleet = parseNonNegativeInt('fleet', str('fleet'), 100);
  if (fleet instanceof Error) return fleet;
  if (fleet !== undefined) {
    if (fleet < 1) return new Error('--fleet must be an integer between 1 and 100');
    opts.fleet = fleet;
  }
  const relayers = parseNonNegativeInt('relayers', str('relayers'), 1000);
  if (relayers instanceof Error) return relayers;
  if (relayers !== undefined) {
    if (relayers < 1) return new Error('--relayers must be an integer between 1 and 1000');
    opts.profile = { relayers, ...(values['jams-first'] ? { jamsFirst: true } : {}) };
  } else if (values['jams-first']) return new Error('--jams-first orders the relayers of --relayers <n>: give --relayers too');
  const host = str('host');
  if (host !== undefined) {
    if (host === '') return new Error('--host must not be empty');
    opts.host = host;
  }
  const port = parseNonNegativeInt('port', str('port'), 65535);
  if (port instanceof Error) return port;
  opts.port = port ?? SANDBOX_CLI_DEFAULT_PORT;
  const token = str('token');
  if (token !== undefined) {
    if (token === '' || /\s/.test(token)) return new Error('--token must be non-empty and contain no whitespace');
    opts.token = token;
  }
  const latency = parseNonNegativeInt('latency', str('latency'));
  if (latency instanceof Error) return latency;
  if (latency !== undefined) opts.latencyMs = latency;
  const answerDelay = parseNonNegativeInt('answer-delay', str('answer-delay'));
  if (answerDelay instanceof Error) return answerDelay;
  if (answerDelay !== undefined) opts.answerDelayMs = answerDelay;
  const rateRaw = str('rate-limit');
  const throttle = rateRaw === undefined ? undefined : parseThrottle(rateRaw);
  if (throttle instanceof Error) return throttle;
  if (throttle) opts.throttle = throttle;
  else {
    const rate = parseNonNegativeInt('rate-limit', rateRaw);
    if (rate instanceof Error) return new Error(`--rate-limit must be a number of requests per second, first, or a share like 25%, got "${rateRaw}"`);
    if (rate !== undefined) opts.rateLimit = rate;
  }
  const zero = str('status-nonce-zero');
  if (zero !== undefined) {
    const ids = parseRelayerIds('status-nonce-zero', zero);
    if (ids instanceof Error) return ids;
    opts.statusNonceZero = ids;
  }
  const redis = str('redis-down');
  if (redis !== undefined) {
    const down = parseRedisDown(redis);
    if (down instanceof Error) return down;
    opts.redisDown = down;
  }
  const rpcDelay = parseNonNegativeInt('rpc-delay', str('rpc-delay'), 600_000);
  if (rpcDelay instanceof Error) return rpcDelay;
  if (rpcDelay !== undefined) opts.rpcDelayMs = rpcDelay;
  const failing = str('rpc-failing');
  if (failing !== undefined) {
    const m = /^([^@\s]+)@(\d{1,4}(?:\.\d{1,3})?)$/.exec(failing);
    if (failing === 'off') opts.rpcFailing = false;
    else if (m) opts.rpcFailing = { relayerId: m[1]!, afterMs: Math.round(Number(m[2]) * 60_000) };
    else return new Error(`--rpc-failing must be <relayer-id>@<minutes> (e.g. linea-idle@20) or off, got "${failing}"`);
  }
  const draining = str('draining');
  if (draining !== undefined) {
    const d = parseDraining(draining);
    if (d instanceof Error) return d;
    opts.draining = d;
  }
  const climb = str('price-climb');
  if (climb !== undefined) {
    const c = parsePriceClimb(climb);
    if (c instanceof Error) return c;
    opts.priceClimb = c;
  }
  const advance = parseNonNegativeInt('advance', str('advance'));
  if (advance instanceof Error) return advance;
  if (advance) opts.advanceMs = advance * 1000;
  const blockTime = parseSeconds('block-time', str('block-time'));
  if (blockTime instanceof Error) return blockTime;
  opts.running = blockTime !== 0;
  if (blockTime) opts.blockTimeMs = blockTime * 1000;
  const scale = parseSeconds('time-scale', str('time-scale'));
  if (scale instanceof Error) return scale;
  if (scale !== undefined) {
    if (scale < 1) return new Error('--time-scale must be at least 1');
    opts.timeScale = scale;
  }
  const spikes = values['gas-spike'] as unknown as string[] | undefined;
  for (const spike of spikes ?? []) {
    const m = /^([a-z0-9-]+):(\d{1,6}(?:\.\d{1,9})?)$/.exec(spike);
    if (!m) return new Error(`--gas-spike must be <network>:<gwei>, e.g. sepolia:80, got "${spike}"`);
    opts.gasSpikes = { ...opts.gasSpikes, [m[1]!]: Number(m[2]) };
  }
  const filler = str('gap-filler');
  if (filler !== undefined) {
    if (filler !== 'on' && filler !== 'off') return new Error(`--gap-filler must be on or off, got "${filler}"`);
    opts.gapFiller = filler === 'on';
  }
  const flavor = str('flavor');
  if (flavor !== undefined) {
    if (!(FLAVORS as readonly string[]).includes(flavor)) {
      return new Error(`--flavor must be one of ${FLAVORS.join(', ')}, got "${flavor}"`);
    }
    opts.flavor = flavor as Flavor;
  }
  const ready = str('ready');
  if (ready !== undefined) {
    if (!(READY_STATES as readonly string[]).includes(ready)) return new Error(`--ready must be one of ${READY_STATES.join(', ')}, got "${ready}"`);
    opts.ready = ready as ReadyState;
  }
  return opts;
}

/**
 * Start the sandbox from command-line arguments. Resolves once the server has stopped (SIGINT/SIGTERM),
 * or right away after --help or a bad option (which sets process.exitCode = 2).
 */
export async function runSandboxCli(argv: string[], io: CliIo = defaultIo): Promise<void> {
  const parsed = parseSandboxArgs(argv);
  if (parsed === 'help') {
    io.out(SANDBOX_USAGE);
    return;
  }
  if (parsed instanceof Error) {
    io.err(`relayer-tui sandbox: ${parsed.message}`);
    io.err('Run "relayer-tui sandbox --help" for usage.');
    process.exitCode = 2;
    return;
  }
  if (parsed.fleet !== undefined) return runFleet(parsed.fleet, parsed, io);
  let sandbox;
  try {
    sandbox = await startSandbox(parsed);
  } catch (err) {
    io.err(`relayer-tui sandbox: cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
    return;
  }
  io.out(`relayer sandbox (${sandbox.flavor} flavor) listening on ${sandbox.url}`);
  if (sandbox.chain) io.out(sandbox.clock.isRunning ? `a block every ${sandbox.clock.blockTimeMs / 1000} s${sandbox.clock.timeScale !== 1 ? `, the server's timeouts ÷ ${sandbox.clock.timeScale}` : ''} (--block-time, --time-scale)` : 'the clock stands still (--block-time 0): nothing moves');
  if (parsed.token === undefined) io.out(`token: ${sandbox.token}`);
  io.out('run the client with:');
  io.out(`  RELAYER_URL=${sandbox.url} RELAYER_API_KEY=${sandbox.token} relayer-tui`);
  io.out('press Ctrl+C to stop');

  const s = sandbox;
  await new Promise<void>((resolve) => {
    let stopped = false;
    const stop = (reason: string) => {
      if (stopped) return;
      stopped = true;
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.signal?.removeEventListener('abort', onAbort);
      io.out(`received ${reason}, stopping sandbox`);
      void s.close().then(resolve);
    };
    const onAbort = () => stop('abort');
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (io.signal?.aborted) stop('abort');
    else io.signal?.addEventListener('abort', onAbort);
  });
}

/** `--fleet N`: the deployments' config.yaml on stdout (for a file), what runs where on stderr; until a signal. */
async function runFleet(n: number, o: SandboxOptions, io: CliIo): Promise<void> {
  const { serveFleet } = await import('./fleet.js');
  let fleet;
  try {
    fleet = await serveFleet(n, { host: o.host, token: o.token });
  } catch (err) {
    io.err(`relayer-tui sandbox: cannot start the fleet: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(fleet.config);
  for (const d of fleet.deployments) io.err(`${d.name}: ${d.sandbox.url} (${d.about})`);
  io.err(`${n} sandbox deployments listening; their config.yaml is on stdout. Ctrl+C stops them.`);
  const f = fleet;
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.signal?.removeEventListener('abort', stop);
      void f.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener('abort', stop);
  });
}
