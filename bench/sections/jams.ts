/**
 * The first screen's jam marks: the TUI (the package's bin) against the sandbox's real flavour in its
 * own process, its clock running as npm start's (a block every 2 s: the jam hour as an operator meets
 * it; each case's seeded jams hold for its few seconds); time from the spawn to the first frame, and to the first line that
 * names a jam (`N jammed: …`: the relayers are diagnosed two at a time in the page's order, the line
 * grows as they come) — with 7 relayers three of which are jammed (`--relayers 7 --jams-first`: to the
 * line naming all three), the 15 seeds, and 50 relayers cycled from them (`sandbox --relayers 50`).
 */
import { close, firstSeen, spawnTui } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox, RUNNING } from '../servers.ts';
import { fmtMs, median } from '../stats.ts';

const RUNS = 5;
/** The line above the table that names the jams: `N jammed as of 12:03:04: …`, `N jammed (read 12:03:04–05): …`, or, cut to the width, `N jammed: …`. */
const JAMMED = (n: string) => new RegExp(`^${n} jammed(?: as of [\\d:]+| \\(read [^)]*\\))?: `);

async function marks(args: readonly string[], want: RegExp): Promise<{ frame: number[]; marks: number[]; line: string }> {
  const sb = await externalSandbox([...RUNNING, ...args]);
  const frame: number[] = [];
  const marks: number[] = [];
  let line = '';
  try {
    for (let i = 0; i < RUNS; i++) {
      // The first frame as it reaches the pty (its first chunk holding the relayers), not once the
      // screen is quiet: the marks' own redraws come after it.
      const s = spawnTui({ cols: 120, rows: 60, env: { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token }, watchFor: ['Sepolia Main'] });
      frame.push(await firstSeen(s, 'Sepolia Main', 'the first frame'));
      const rows = await s.waitForScreen((x) => x.some((l) => want.test(l)), 20_000, 'the jam line');
      marks.push(performance.now() - s.startedAt);
      line = rows.find((l) => want.test(l)) ?? '';
      await close(s);
    }
  } finally {
    await sb.stop();
  }
  return { frame, marks, line };
}

async function run(r: Report): Promise<void> {
  const cases: [string, string, readonly string[], RegExp][] = [
    // Seven relayers, three of them jammed: to the line that names all three (each diagnosed).
    ['7 relayers (3 jammed)', 'all three named', ['--relayers', '7', '--jams-first'], JAMMED('3')],
    ['the 15 seeds (4 jammed)', 'the first jam named', [], JAMMED('\\d+')],
    ['50 relayers cycled from them', 'the first jam named', ['--relayers', '50'], JAMMED('\\d+')],
  ];
  for (const [label, what, args, want] of cases) {
    const m = await marks(args, want);
    const gap = median(m.marks) - median(m.frame);
    r.record(`jam marks: launch → ${what}, ${label}`, fmtMs(median(m.marks)), '≤ 1 s after the first frame', gap <= 1000, `first frame ${fmtMs(median(m.frame))}, the marks ${fmtMs(gap)} after it (median of ${RUNS}; max ${fmtMs(Math.max(...m.marks))}); "${m.line.trim().slice(0, 70)}…"`);
  }
}

export const jams: Section = {
  name: 'jams',
  title: 'jam marks on the first screen…',
  run,
  method: `
- **Jam marks**: the package's bin against \`sandbox --flavor real\` in its own process (its clock
  running, a block every 2 s, as \`npm start\`'s; the seeded jams hold for the section's seconds), 120x60; from \`pty.spawn\` to the first frame (\`Sepolia
  Main\`) and to the first line that names a jam (\`N jammed: …\`; the relayers are diagnosed two at a
  time in the page's order, and the line grows as they come), ${RUNS} starts each: with \`--relayers 7
  --jams-first\` (three jammed: to the line naming all three), with the 15 seeds and with \`--relayers
  50\` (to the first named). Budget: within 1 s of the first frame.
`,
};
