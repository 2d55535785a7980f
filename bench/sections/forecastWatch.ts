/**
 * What the forecasts cost a watch tick (issue 54.5): the TUI (the package's bin) watching the relayers
 * list every 2 s against the sandbox's real flavour, its chain running (a block every 2 s), 40 s each
 * with forecasts on and with `--forecast off`: the CLI's CPU (its own process, /proc/<pid>/stat) and
 * the requests it made per refresh — the forecasts' own reads (eth_feeHistory, a page of confirmed
 * transactions) counted apart, from the sandbox's request log (the sandbox runs in this process, the
 * CLI in its own: its CPU is its own alone).
 */
import { readFileSync } from 'node:fs';
import { startSandbox } from '../../src/sandbox/index.js';
import { close, startCli } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { sleep } from '../stats.ts';

const WATCH_S = 2;

async function watchFor(seconds: number, forecast: 'on' | 'off'): Promise<{ cpuPct: number; perTick: number; forecastPerTick: number; ticks: number }> {
  const sb = await startSandbox({ flavor: 'real' });
  try {
    const s = await startCli({ cols: 120, rows: 40, args: ['--watch', String(WATCH_S), '--forecast', forecast], env: { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token } });
    const cpu = () => {
      const f = readFileSync(`/proc/${s.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(f[11]) + Number(f[12]);
    };
    const c0 = cpu();
    const [q0, r0] = [sb.requests.length, sb.rpcCalls.length];
    await sleep(seconds * 1000);
    const cpuPct = (cpu() - c0) / seconds; // clock ticks of 1/100 s: ticks / 100 / s × 100 %
    const requests = sb.requests.slice(q0);
    const own = sb.rpcCalls.slice(r0).filter((c) => c.method === 'eth_feeHistory').length + requests.filter((q) => /status=confirmed/.test(q.url)).length;
    await close(s);
    const ticks = seconds / WATCH_S;
    return { cpuPct, perTick: requests.length / ticks, forecastPerTick: own / ticks, ticks };
  } finally {
    await sb.close();
  }
}

async function run(r: Report): Promise<void> {
  const seconds = process.env.BENCH_SMOKE ? 10 : 40;
  const off = await watchFor(seconds, 'off');
  const on = await watchFor(seconds, 'on');
  r.record(
    `forecasts on a watch tick: the CLI's CPU watching the relayers (--watch ${WATCH_S}, the chain running, ${seconds} s)`,
    `${on.cpuPct.toFixed(1)} % of a core (--forecast off: ${off.cpuPct.toFixed(1)} %)`,
    'off + ≤ 1 point',
    on.cpuPct <= off.cpuPct + 1,
    `the CLI process alone (/proc/pid/stat), ${on.ticks} refreshes each`,
  );
  r.record(
    'forecasts on a watch tick: requests per refresh',
    `${on.perTick.toFixed(1)} (--forecast off: ${off.perTick.toFixed(1)}); the forecasts' own reads ${on.forecastPerTick.toFixed(1)}`,
    'the jam reads shared: only eth_feeHistory and a confirmed page added',
    off.forecastPerTick === 0,
    "eth_gasPrice and the relayer's status are the diagnosis's reads, shared; counted from the sandbox's request log",
  );
}

export const forecastWatch: Section = {
  name: 'forecasts',
  title: 'forecasts on a watch tick…',
  run,
  method: `
- **Forecasts on a watch tick**: the sandbox's real flavour in this process (its chain running), the
  CLI in its own with \`--watch 2\`, 40 s with forecasts on and 40 s with \`--forecast off\`: the CLI's
  CPU (utime + stime from \`/proc/<pid>/stat\`) and the requests per refresh from the sandbox's log,
  the forecasts' own (eth_feeHistory, a page of confirmed transactions) apart.
`,
};
