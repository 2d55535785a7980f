/**
 * The headless twin streaming a whole relayer, as a cron job would: the installed bin
 * (`node dist/cli.cjs txs bulk-1m --all`) against the sandbox in its own process, stdout read by the
 * bench (counting lines), the child's resident memory sampled from /proc every 100 ms.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI, ROOT } from '../cli.ts';
import { procKb } from '../stats.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox } from '../servers.ts';

const TOTAL = 1_000_000;

/** Streams every transaction of bulk-1m; returns lines, bytes, seconds, peak RSS (MB), and the sandbox's CPU seconds. */
export async function streamAll(args: string[] = []) {
  const sb = await externalSandbox();
  try {
    const sbTicks = () => {
      const f = readFileSync(`/proc/${sb.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    };
    const sb0 = sbTicks();
    const t0 = performance.now();
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token };
    const child = spawn(process.execPath, [CLI, 'txs', 'bulk-1m', '--all', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let lines = 0;
    let bytes = 0;
    let firstAt: number | undefined;
    child.stdout.on('data', (d: Buffer) => {
      firstAt ??= performance.now() - t0;
      bytes += d.length;
      for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
    });
    const rss: number[] = [];
    let peak = 0;
    const timer = setInterval(() => {
      const r = procKb(child.pid!, 'VmRSS');
      const hwm = procKb(child.pid!, 'VmHWM');
      if (Number.isFinite(r)) rss.push(r);
      if (Number.isFinite(hwm)) peak = Math.max(peak, hwm);
    }, 100);
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    clearInterval(timer);
    const seconds = (performance.now() - t0) / 1000;
    const sorted = [...rss].sort((a, b) => a - b);
    return { code, lines, bytes, seconds, firstMs: firstAt ?? NaN, peakMb: Math.round(peak / 1024), medianMb: Math.round((sorted[Math.floor(sorted.length / 2)] ?? NaN) / 1024), sandboxCpuS: sbTicks() - sb0 };
  } finally {
    await sb.stop();
  }
}

async function run(r: Report): Promise<void> {
  const s = await streamAll();
  const rate = Math.round(s.lines / s.seconds);
  r.record(
    'headless: txs bulk-1m --all → NDJSON (1,000,000 transactions; throughput)',
    `${rate.toLocaleString('en-US')} tx/s`,
    '',
    s.code === 0 && s.lines === TOTAL,
    `${s.lines.toLocaleString('en-US')} lines, ${(s.bytes / 1e6).toFixed(0)} MB in ${s.seconds.toFixed(1)} s (first line after ${Math.round(s.firstMs)} ms; 10,000 requests of 100, 2 in flight; the sandbox used ${s.sandboxCpuS.toFixed(1)} s of CPU in its own process); exit ${s.code}`,
  );
  r.record('… resident memory while streaming them (peak / median of 100 ms samples)', `${s.peakMb} MB / ${s.medianMb} MB`, '≤ 150 MB', s.peakMb <= 150, 'the installed bin, stdout read by the bench; memory does not grow with the total');
}

export const stream: Section = {
  name: 'stream',
  title: 'headless streaming of 1,000,000 transactions…',
  run,
  method: `
- **Headless streaming**: \`node dist/cli.cjs txs bulk-1m --all\` against the sandbox in its own process,
  stdout read by the bench (lines counted), the child's VmRSS and VmHWM sampled every 100 ms.
`,
};
