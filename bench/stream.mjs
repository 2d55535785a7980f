#!/usr/bin/env node
// The headless twin streaming a whole relayer, as a cron job would: the installed bin
// (`node dist/cli.cjs txs bulk-1m --all`) against the sandbox in its own process, stdout read by
// this process (counting lines), the child's resident memory sampled from /proc every 100 ms.
// `node bench/stream.mjs` runs it alone; `npm run bench` includes it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { externalSandbox } from './servers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.cjs');
const TOTAL = 1_000_000;

const env = (extra) => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...extra });

function procKb(pid, field) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** Streams every transaction of bulk-1m; returns lines, bytes, seconds, peak RSS (MB), and the sandbox's CPU seconds. */
export async function streamAll(args = []) {
  const sb = await externalSandbox();
  try {
    const sbTicks = () => {
      const f = readFileSync(`/proc/${sb.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    };
    const sb0 = sbTicks();
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, 'txs', 'bulk-1m', '--all', ...args], { cwd: ROOT, env: env({ RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token }), stdio: ['ignore', 'pipe', 'inherit'] });
    let lines = 0;
    let bytes = 0;
    let firstAt;
    child.stdout.on('data', (d) => {
      firstAt ??= performance.now() - t0;
      bytes += d.length;
      for (let i = d.indexOf(10); i !== -1; i = d.indexOf(10, i + 1)) lines++;
    });
    const rss = [];
    let peak = 0;
    const timer = setInterval(() => {
      const r = procKb(child.pid, 'VmRSS');
      const hwm = procKb(child.pid, 'VmHWM');
      if (Number.isFinite(r)) rss.push(r);
      if (Number.isFinite(hwm)) peak = Math.max(peak, hwm);
    }, 100);
    const code = await new Promise((r) => child.on('exit', r));
    clearInterval(timer);
    const seconds = (performance.now() - t0) / 1000;
    const sorted = [...rss].sort((a, b) => a - b);
    return {
      code,
      lines,
      bytes,
      seconds,
      firstMs: firstAt,
      peakMb: Math.round(peak / 1024),
      medianMb: Math.round((sorted[Math.floor(sorted.length / 2)] ?? NaN) / 1024),
      sandboxCpuS: sbTicks() - sb0,
    };
  } finally {
    await sb.stop();
  }
}

/** The figures as `npm run bench` records them. */
export async function streamBench(record) {
  const r = await streamAll();
  const rate = Math.round(r.lines / r.seconds);
  record(
    'headless: txs bulk-1m --all → NDJSON (1,000,000 transactions; throughput)',
    `${rate.toLocaleString('en-US')} tx/s`,
    '',
    r.code === 0 && r.lines === TOTAL,
    `${r.lines.toLocaleString('en-US')} lines, ${(r.bytes / 1e6).toFixed(0)} MB in ${r.seconds.toFixed(1)} s (first line after ${Math.round(r.firstMs)} ms; 10,000 requests of 100, 2 in flight; the sandbox used ${r.sandboxCpuS.toFixed(1)} s of CPU in its own process); exit ${r.code}`,
  );
  record('… resident memory while streaming them (peak / median of 100 ms samples)', `${r.peakMb} MB / ${r.medianMb} MB`, '≤ 150 MB', r.peakMb <= 150, 'the installed bin, stdout read by the bench; memory does not grow with the total');
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await streamAll(process.argv.slice(2));
  console.log(r);
}
