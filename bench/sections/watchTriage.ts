/** Triage (t) over the sandbox's relayers, then 60 s of watch on unchanged data: CPU and bytes. */
import { readFileSync } from 'node:fs';
import { close, selected, startCli } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox } from '../servers.ts';
import { fmtMs, sleep } from '../stats.ts';

async function run(r: Report): Promise<void> {
  const sb = await externalSandbox();
  try {
    const s = await startCli({ cols: 100, rows: 30, args: ['--watch', '2'], env: { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token } });
    const t0 = performance.now();
    s.press('t');
    const rows = await s.waitForScreen((x) => x.some((l) => / not final in \d+ of \d+ relayers/.test(l)) && selected(x) !== undefined, 10_000, 'the triage view');
    const triageMs = performance.now() - t0;
    const head = rows.find((l) => / not final in /.test(l)) ?? '';
    const requests = Number(/ (\d+) requests/.exec(head)?.[1] ?? NaN);
    r.record(
      "triage: t → every relayer's non-final transactions on screen (the sandbox's 15 relayers, bulk-1m included)",
      fmtMs(triageMs),
      '≤ 1,000 ms, < 100 requests',
      triageMs <= 1000 && requests < 100,
      `${requests} requests, 2 in flight; "${head.trim().slice(0, 90)}"`,
    );
    // Back on the relayers list, watched every 2 s, nothing changing: CPU and bytes over 60 s.
    s.press('\x1b');
    await s.waitForScreen((x) => x[0]!.includes('relayers'), 5000, 'the relayers');
    await s.quiet(500);
    const ticks = () => {
      const f = readFileSync(`/proc/${s.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(f[11]) + Number(f[12]);
    };
    const c0 = ticks();
    const b0 = s.bytes;
    await sleep(60_000);
    const cpuPct = (ticks() - c0) / 60; // clock ticks are 1/100 s: ticks / 100 / 60 s * 100 %
    const bytes = s.bytes - b0;
    r.record('watch: CPU over 60 s of watching unchanged data (relayers, --watch 2: 30 refreshes)', `${cpuPct.toFixed(2)} % of a core`, '≤ 1 %', cpuPct <= 1, 'the CLI process alone (/proc/pid/stat); the sandbox runs in its own process');
    r.record('watch: bytes written over those 60 s', `${bytes} B`, '0 B', bytes === 0, 'unchanged data draws nothing: the status bar shows clock times, which need no ticking');
    await close(s);
  } finally {
    await sb.stop();
  }
}

export const watchTriage: Section = {
  name: 'watch',
  title: 'triage, and 60 s of watch…',
  run,
  method: `
- **Triage and watch**: the sandbox in its own process, the CLI with \`--watch 2\`; \`t\` timed to the
  triage view with its header (the requests it took are in the header). Then esc to the relayers and
  60 s with no input: the CLI's CPU (utime + stime from \`/proc/<pid>/stat\`) and the bytes it wrote.
`,
};
