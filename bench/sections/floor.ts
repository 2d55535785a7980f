/**
 * The floor (issue 29): every start and the stream against what no client can beat on the same Node
 * and server — a bare Node script (bench/floor/relayers.cjs: node:http GET of the relayers, a line
 * printed for each) and, for the stream, the same pages GET raw (bench/floor/pages.cjs: 100 a page,
 * 2 in flight, bodies written untouched). Each figure is interleaved run by run with its floor (floor,
 * CLI, floor, CLI, …) and given as a ratio of medians, with its budget. Every child runs without
 * NODE_EXTRA_CA_CERTS (bench/run.ts removes it: Node 20 spends ~48 ms loading certificates at every
 * start when it is set, which would hide the client's own cost).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, SEA, close, firstSeen, seaNode, seaNodeVersion, spawnTui } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { cleanEnv, externalSandbox, minimalServer } from '../servers.ts';
import { fmtMs, median, percentile, runs, procKb } from '../stats.ts';

const STARTS = 21;
const STREAMS = 5;
const STREAM_TOTAL = 100_000;
const FIRST = 'Sepolia Main';
const FLOOR = join(ROOT, 'bench', 'floor', 'relayers.cjs');
const FLOOR_PAGES = join(ROOT, 'bench', 'floor', 'pages.cjs');
const BUDGET = { tui: 2.0, headless: 1.6, sea: 2.0, stream: 1.5, streamRssMb: 110 };

/** Main-thread CPU ms and page faults to the first relayer, per start (the pty's process; Linux). */
type Cost = { cpuMs: number; faults: number };
const costs = new Map<string, Cost[]>();

/** ms from the spawn to the first output holding the first relayer, in a 100x30 pty; its cost kept under `what`. */
async function frame(opts: Parameters<typeof spawnTui>[0], what: string): Promise<number> {
  const t = spawnTui({ ...opts, watchFor: [FIRST] });
  try {
    const ms = await firstSeen(t, FIRST, what);
    const cost = t.seenCost.get(FIRST);
    if (cost) costs.set(what, [...(costs.get(what) ?? []), cost]);
    return ms;
  } finally {
    await close(t);
  }
}

/** Runs a process with stdout read and counted: ms to its exit, its exit code, lines, peak RSS (MB). */
function timed(argv: string[], env: Record<string, string>): Promise<{ ms: number; code: number | null; lines: number; peakMb: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let lines = 0;
  child.stdout.on('data', (d: Buffer) => {
    for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
  });
  let peak = 0;
  const sample = () => {
    const hwm = procKb(child.pid!, 'VmHWM');
    if (Number.isFinite(hwm)) peak = Math.max(peak, hwm);
  };
  const timer = setInterval(sample, 50);
  const closed = new Promise<void>((r) => child.stdout.once('close', () => r()));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      const ms = performance.now() - t0;
      clearInterval(timer);
      void closed.then(() => resolve({ ms, code, lines, peakMb: peak / 1024 }));
    }),
  );
}

/** What one page fault costs this machine: a fresh process touches 16 MB page by page (µs a fault, median of 3). */
function faultCostUs(): number {
  const code = `const fs = require('fs'); const flt = () => Number(fs.readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8').split(') ')[1].split(' ')[7]);
const f0 = flt(); const t = performance.now(); const b = Buffer.allocUnsafeSlow(16 << 20); for (let i = 0; i < b.length; i += 4096) b[i] = 1;
console.log((performance.now() - t) * 1000 / (flt() - f0));`;
  try {
    return median([0, 1, 2].map(() => Number(execFileSync(process.execPath, ['-e', code], { encoding: 'utf8' }))));
  } catch {
    return NaN; // no /proc
  }
}

const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** `BENCH_FLOOR=stream`: the stream rows alone; `BENCH_FLOOR=starts`: the starts alone; the default runs both. */
const ONLY = process.env.BENCH_FLOOR;

async function run(r: Report): Promise<void> {
  const noConfig = mkdtempSync(join(os.tmpdir(), 'relayer-tui-floor-'));
  if (ONLY !== 'stream') await starts(r, noConfig);
  if (ONLY !== 'starts') await streamRows(r, noConfig);
  else {
    rmSync(noConfig, { recursive: true, force: true });
    r.record('floor: txs bulk-1m --all (the stream)', 'not run', '', true, 'BENCH_FLOOR=starts');
  }
}

/** The starts: the TUI's first frame, the headless one-shot and the single executable, each beside its floor. */
async function starts(r: Report, noConfig: string): Promise<void> {
  const minimal = await minimalServer();
  try {
    const env = { RELAYER_URL: minimal.url, RELAYER_API_KEY: minimal.token, RELAYER_TUI_CONFIG_DIR: join(noConfig, 'none'), NODE_EXTRA_CA_CERTS: undefined };
    const childEnv = cleanEnv({ RELAYER_URL: minimal.url, RELAYER_API_KEY: minimal.token, RELAYER_TUI_CONFIG_DIR: join(noConfig, 'none') });
    delete childEnv.NODE_EXTRA_CA_CERTS;

    // Starts: the TUI's first frame (the bin, 100x30 pty) and the single executable's, each after
    // the floor in the same pty; the headless one-shot to its exit, after the floor to its exit.
    const withSea = existsSync(SEA);
    // The executable's floor is the floor on the Node inside it (what no client on that Node can beat):
    // Node 24 starts ~10-16 ms later than Node 20 here, before any code of ours runs.
    const SEA_NODE = withSea ? seaNode() : undefined;
    // One of each first, not counted (each binary's pages into the page cache; an executable built
    // without its code caches makes them at its first start).
    await frame({ cli: FLOOR, env }, 'the floor');
    if (SEA_NODE) await frame({ file: SEA_NODE, args: [FLOOR], env }, 'the floor on the embedded Node');
    await frame({ cli: BIN, env }, 'the first frame');
    if (withSea) await frame({ file: SEA, args: [], env }, 'the first frame of the single executable');
    await timed([BIN, 'relayers', '--json'], childEnv);
    const f = { tui: [] as number[], sea: [] as number[], headless: [] as number[] };
    const floor = { tui: [] as number[], sea: [] as number[], seaNode: [] as number[], headless: [] as number[] };
    for (let i = 0; i < STARTS; i++) {
      floor.tui.push(await frame({ cli: FLOOR, env }, 'the floor'));
      f.tui.push(await frame({ cli: BIN, env }, 'the first frame'));
      floor.headless.push((await timed([FLOOR], childEnv)).ms);
      f.headless.push((await timed([BIN, 'relayers', '--json'], childEnv)).ms);
      if (withSea) {
        floor.sea.push(await frame({ cli: FLOOR, env }, 'the floor'));
        if (SEA_NODE) floor.seaNode.push(await frame({ file: SEA_NODE, args: [FLOOR], env }, 'the floor on the embedded Node'));
        f.sea.push(await frame({ file: SEA, args: [], env }, 'the first frame of the single executable'));
      }
    }
    const row = (name: string, xs: number[], fl: number[], budget: number, how: string) => {
      const [p50, p90, b] = [median(xs), percentile(xs, 90), median(fl)];
      r.record(name, `${fmtMs(p50)} / ${fmtMs(p90)} · ${ratio(p50, b)}`, `≤ ${budget}× the floor`, p50 / b <= budget, `p50 / p90 of ${xs.length}, ratio of the p50s; the floor ${how}: ${fmtMs(b)} (p90 ${fmtMs(percentile(fl, 90))}); runs: ${runs(xs)} ms; floor: ${runs(fl)} ms`);
    };
    r.record('floor: node bench/floor/relayers.cjs (node:http GET of the relayers, a line each)', `${fmtMs(median(floor.tui))} / ${fmtMs(median(floor.headless))}`, '', true, `median in the pty to the first relayer / to its exit; ${process.version}, the minimal server in its own process, NODE_EXTRA_CA_CERTS unset`);
    row('floor: TUI first frame (the bin, 100x30 pty, until the first relayer is on screen)', f.tui, floor.tui, BUDGET.tui, 'to its first relayer in the same pty');
    // Where a start's time goes, measured so that the machine's load does not move it: its main thread's CPU and page faults.
    const cost = (what: string): string => {
      const xs = costs.get(what) ?? [];
      return xs.length ? `${fmtMs(median(xs.map((x) => x.cpuMs)))} CPU, ${Math.round(median(xs.map((x) => x.faults))).toLocaleString('en-US')} page faults` : 'not measured';
    };
    r.record('  … main thread to the first relayer: the TUI / the floor', `${cost('the first frame')} / ${cost('the floor')}`, '', true, `medians over every start (the pty's process: /proc/<pid>/task/<pid>/schedstat and stat, read when the text arrives); a page fault costs this machine ${faultCostUs().toFixed(1)} µs (a process touching 16 MB of fresh memory, median of 3)`);
    row('floor: headless relayers --json (the bin), to its exit', f.headless, floor.headless, BUDGET.headless, 'to its exit');
    if (withSea) {
      const v = seaNodeVersion();
      if (SEA_NODE) {
        row(`floor: the single executable's first frame (${v} inside)`, f.sea, floor.seaNode, BUDGET.sea, `on ${v} (the Node inside) to its first relayer in the same pty`);
        r.record(`  … the executable ÷ the floor on ${process.version} (the bin's Node)`, ratio(median(f.sea), median(floor.sea)), '', true, `the floor on ${process.version}: ${fmtMs(median(floor.sea))} (interleaved with the above); ${v}'s own start costs the difference between the two floors: ${fmtMs(median(floor.seaNode) - median(floor.sea))}`);
        r.record('  … its main thread to the first relayer / the floor on its Node', `${cost('the first frame of the single executable')} / ${cost('the floor on the embedded Node')}`, '', true, 'as for the TUI above');
      } else {
        // Without the Node it embeds at hand (npm run sea -- --node PATH): the bin's Node's floor, said.
        row(`floor: the single executable's first frame (${v} inside)`, f.sea, floor.sea, BUDGET.sea, `on ${process.version}, not the Node inside (${v} is not in .sea-cache/), to its first relayer in the same pty`);
        r.record('  … its main thread to the first relayer', cost('the first frame of the single executable'), '', true, 'as for the TUI above');
      }
    } else r.record("floor: the single executable's first frame", 'not built', '', true, 'npm run sea could not build dist/relayer-tui-linux-x64');
  } finally {
    await minimal.stop();
  }
}

/** The stream: 100,000 transactions of bulk-1m from the sandbox in its own process, beside the raw floor. */
async function streamRows(r: Report, noConfig: string): Promise<void> {
  const sb = await externalSandbox();
  try {
    const env = cleanEnv({ RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token, RELAYER_TUI_CONFIG_DIR: join(noConfig, 'none') });
    delete env.NODE_EXTRA_CA_CERTS;
    const raw = [FLOOR_PAGES, 'bulk-1m', String(STREAM_TOTAL)];
    const cli = [BIN, 'txs', 'bulk-1m', '--all', '--limit', String(STREAM_TOTAL), '--output', 'ndjson'];
    await timed(raw, env); // the sandbox seeds bulk-1m's pages when first asked
    const ours: Awaited<ReturnType<typeof timed>>[] = [];
    const floor: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < STREAMS; i++) {
      floor.push(await timed(raw, env));
      ours.push(await timed(cli, env));
    }
    const [o, b] = [median(ours.map((x) => x.ms)), median(floor.map((x) => x.ms))];
    const lines = ours.map((x) => x.lines);
    r.record(
      `floor: txs bulk-1m --all --limit ${STREAM_TOTAL.toLocaleString('en-US')} --output ndjson vs the same pages GET raw (2 in flight)`,
      `${(o / 1000).toFixed(2)} s · ${ratio(o, b)}`,
      `≤ ${BUDGET.stream}× the floor`,
      o / b <= BUDGET.stream && lines.every((n) => n === STREAM_TOTAL) && ours.every((x) => x.code === 0),
      `median of ${STREAMS}, to the exit; the raw floor ${(b / 1000).toFixed(2)} s; runs: ${runs(ours.map((x) => x.ms))} ms; floor: ${runs(floor.map((x) => x.ms))} ms; lines: ${[...new Set(lines)].join(', ')}`,
    );
    const peak = Math.max(...ours.map((x) => x.peakMb));
    r.record('  … its peak resident memory (VmHWM, the largest of the runs)', `${peak.toFixed(0)} MB`, `≤ ${BUDGET.streamRssMb} MB`, peak <= BUDGET.streamRssMb, `the raw floor's: ${Math.max(...floor.map((x) => x.peakMb)).toFixed(0)} MB`);
  } finally {
    await sb.stop();
    rmSync(noConfig, { recursive: true, force: true });
  }
}

export const floor: Section = {
  name: 'floor',
  title: 'the floor: starts and the stream against a bare node:http script…',
  run,
  method: `
- **The floor** (issue 29): \`bench/floor/relayers.cjs\` — 15 lines of plain Node: GET /api/v1/relayers
  over node:http, print a line per relayer — is what no client can beat on the same Node and server.
  Against the minimal server in its own process, ${STARTS} rounds, each: the floor in a 100x30 pty timed
  to its first relayer, then the TUI (\`node bin/relayer-tui.cjs\`) timed to its first relayer on
  screen; the floor run with a pipe timed to its exit, then \`node bin/relayer-tui.cjs relayers --json\`
  timed to its exit; the floor in the pty again, the floor on the Node the single executable embeds
  (\`.sea-cache/\`'s: its floor, since that Node's own start is no cost of ours), then the
  executable (\`npm run sea\`) to its first relayer; its ratio to the bin's Node's floor is given beside.
  One start of each first, not counted. Figures are
  p50 / p90 and the ratio of the p50 to the floor's p50 measured beside it. The stream: against the
  sandbox in its own process, \`bench/floor/pages.cjs bulk-1m ${STREAM_TOTAL}\` (the pages GET raw, 100 a
  page, 2 in flight, keep-alive, bodies written untouched) and \`txs bulk-1m --all --limit ${STREAM_TOTAL}
  --output ndjson\`, in turn, ${STREAMS} times each after one raw warm-up, each timed to its exit with
  its stdout read and its lines counted; VmHWM sampled every 50 ms. No child has NODE_EXTRA_CA_CERTS.
  \`BENCH_FLOOR=stream\` runs the stream rows alone, \`BENCH_FLOOR=starts\` the starts alone.
`,
};
