/**
 * The report: each section records its figures (with the budget beside each, never a gate) and says
 * how it measures them; at the end the table goes to the console and, with the method of every
 * section that ran, to bench/RESULTS.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** The heading under which bench/RESULTS.md keeps earlier runs' figures across a rewrite. */
const EARLIER_RUNS = '\n## Earlier runs\n';

export interface Figure {
  name: string;
  value: string;
  budget: string;
  verdict: '' | 'within' | 'OVER';
  detail: string;
}

/** One part of the benchmark: what it prints while running, how it measures (markdown), and the run. */
export interface Section {
  name: string;
  title: string;
  method: string;
  run: (report: Report) => Promise<void>;
}

export class Report {
  readonly figures: Figure[] = [];
  readonly notes: string[] = [];
  readonly methods: string[] = [];
  private readonly startedAt = performance.now();
  private readonly loadAtStart = os.loadavg()[0]!;

  /** A figure; `within` says whether it keeps its budget (ignored without one). */
  record(name: string, value: string, budget = '', within = true, detail = ''): void {
    this.figures.push({ name, value, budget, verdict: budget ? (within ? 'within' : 'OVER') : '', detail });
    console.log(`  ${name}: ${value}${budget ? `   (budget ${budget}: ${within ? 'within' : 'OVER'})` : ''}${detail ? `   ${detail}` : ''}`);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  private machine() {
    const cpu = os.cpus();
    return {
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      date: new Date().toISOString(),
      load: `${this.loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end (1-minute load average)`,
      seconds: (performance.now() - this.startedAt) / 1000,
    };
  }

  print(): void {
    const m = this.machine();
    const header = ['Figure', 'Measured', 'Budget', 'Verdict', 'Detail'];
    const rows = this.figures.map((r) => [r.name, r.value, r.budget, r.verdict, r.detail]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log('');
    console.log(`relayer-tui bench — ${m.cpu}, ${m.cores} cores, ${m.memory}, Node ${m.node}, ${m.date}`);
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const r of rows) console.log(line(r));
    for (const n of this.notes) console.log(`note: ${n}`);
    console.log(`load average: ${m.load}`);
    console.log(`\n(${m.seconds.toFixed(0)} s)`);
  }

  markdown(sections: readonly Section[]): string {
    const m = this.machine();
    const cell = (c: string) => c.replaceAll('|', '\\|');
    return `# relayer-tui benchmark results

Measured by \`npm run bench\` (\`bench/run.ts\`, its sections in \`bench/sections/\`): the built CLI
(\`dist/cli.cjs\`, and the package's bin) in a real pseudo-terminal through the tests' own harness
(\`test/e2e/pty.ts\`: node-pty, its output parsed by a headless xterm), against relayer servers in their
own processes or the CLI's built-in sandbox. The figures are measurements, not pass/fail gates; each
budget is printed beside its figure. Every row is run with \`NODE_EXTRA_CA_CERTS\` unset (where it is set,
Node 20 spends ~48 ms loading certificates at every start, which would hide the client's own cost). The
floor rows compare each start and the stream with a bare Node script doing the least any client must
(\`bench/floor/\`), run interleaved with them; their budgets are ratios to it.

## Machine

- CPU: ${m.cpu}, ${m.cores} cores
- Memory: ${m.memory}
- OS: ${m.os}
- Node: ${m.node}
- Date: ${m.date}
- Load: ${m.load}
- Bench run time: ${m.seconds.toFixed(0)} s

## Results

| Figure | Measured | Budget | Verdict | Detail |
| --- | --- | --- | --- | --- |
${this.figures.map((r) => `| ${[r.name, r.value, r.budget, r.verdict, r.detail].map(cell).join(' | ')} |`).join('\n')}

${this.notes.length ? `Notes:\n\n${this.notes.map((n) => `- ${n}`).join('\n')}\n\n` : ''}## How each figure is measured

${sections.map((s) => s.method.trim()).join('\n')}

## Reproduce

\`\`\`sh
npm ci
npm run bench                       # builds dist/ (and the single executable), runs every section, rewrites this file
npm run bench -- --only startup     # one or more sections (comma-separated), nothing written
\`\`\`

Sections: ${sections.map((s) => `\`${s.name}\``).join(', ')}. Run it on an otherwise idle machine; figures on a loaded
2-core machine vary by tens of percent.
`;
  }

  /** The report, with the file's "Earlier runs" kept below it (dated figures of past runs, written by hand: docs/performance.md points there). */
  write(file: string, sections: readonly Section[]): void {
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const at = old.indexOf(EARLIER_RUNS);
    writeFileSync(file, this.markdown(sections) + (at < 0 ? '' : `\n${old.slice(at + 1)}`));
    console.log(`wrote ${file}`);
  }
}
