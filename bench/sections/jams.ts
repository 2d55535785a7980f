/**
 * The first screen's jam marks: the TUI (the package's bin) against the sandbox's real flavour in its
 * own process, its clock still; time from the spawn to the first frame, and to the first line that
 * names a jam (`N jammed: …`: the relayers are diagnosed two at a time in the page's order, the line
 * grows as they come) — with the 15 seeds, and with 50 relayers cycled from them (`sandbox --relayers 50`).
 */
import { close, startCli } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox } from '../servers.ts';
import { fmtMs, median } from '../stats.ts';

const RUNS = 5;

async function marks(args: string[]): Promise<{ frame: number[]; marks: number[]; line: string }> {
  const sb = await externalSandbox(['--flavor', 'real', '--block-time', '0', ...args]);
  const frame: number[] = [];
  const marks: number[] = [];
  let line = '';
  try {
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const s = await startCli({ cols: 120, rows: 60, env: { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token } });
      frame.push(performance.now() - t0);
      const rows = await s.waitForScreen((x) => x.some((l) => /^\d+ jammed: /.test(l)), 20_000, 'the jam line');
      marks.push(performance.now() - t0);
      line = rows.find((l) => /^\d+ jammed: /.test(l)) ?? '';
      await close(s);
    }
  } finally {
    await sb.stop();
  }
  return { frame, marks, line };
}

async function run(r: Report): Promise<void> {
  for (const [label, args] of [['the 15 seeds (4 jammed)', []], ['50 relayers cycled from them', ['--relayers', '50']]] as const) {
    const m = await marks([...args]);
    const gap = median(m.marks) - median(m.frame);
    r.record(`jam marks: launch → the first jam named, ${label}`, fmtMs(median(m.marks)), '≤ 1 s after the first frame', gap <= 1000, `first frame ${fmtMs(median(m.frame))}, the marks ${fmtMs(gap)} after it (median of ${RUNS}; max ${fmtMs(Math.max(...m.marks))}); "${m.line.trim().slice(0, 70)}…"`);
  }
}

export const jams: Section = {
  name: 'jams',
  title: 'jam marks on the first screen…',
  run,
  method: `
- **Jam marks**: the package's bin against \`sandbox --flavor real --block-time 0\` in its own process
  (its clock still: the same jams each start), 120x60; from \`pty.spawn\` to the first frame (\`Sepolia
  Main\`) and to the first line that names a jam (\`N jammed: …\`; the relayers are diagnosed two at a
  time in the page's order, and the line grows as they come), ${RUNS} starts each, with the 15 seeds and
  with \`--relayers 50\`. Budget: within 1 s of the first frame.
`,
};
