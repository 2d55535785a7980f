/** Resident memory after 100 pages of 100: the TUI alone (the sandbox in its own process), and with the built-in sandbox. */
import { close, openTx, pageIs, selected, startCli } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox } from '../servers.ts';
import { fmtMs } from '../stats.ts';

async function memoryRun(env: Record<string, string>): Promise<{ samples: number[]; elapsed: number }> {
  const s = await startCli({ cols: 100, rows: 30, args: ['--per-page', '100'], env });
  await openTx(s, 'bulk-1m');
  const samples = [s.rssKb()];
  const t0 = performance.now();
  for (let p = 2; p <= 101; p++) {
    s.press(']');
    await s.waitForScreen((rows) => pageIs(p)(rows) && (selected(rows) ?? '').includes(` ${1_000_000 - 1 - (p - 1) * 100} `), 10_000, `page ${p}`);
    if (p === 26 || p === 51 || p === 76) samples.push(s.rssKb());
  }
  const elapsed = performance.now() - t0;
  await s.quiet(300);
  samples.push(s.rssKb()); // page 101: after 100 page changes
  await close(s);
  return { samples: samples.map((kb) => Math.round(kb / 1024)), elapsed };
}

async function run(r: Report): Promise<void> {
  const sb = await externalSandbox();
  let ext;
  try {
    ext = await memoryRun({ RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token });
  } finally {
    await sb.stop();
  }
  const last = ext.samples.at(-1)!;
  r.record('resident memory after 100 pages of 100, TUI only (VmRSS)', `${last} MB`, '≤ 150 MB', last <= 150, `sandbox in its own process; RSS at page 1/26/51/76/101: ${ext.samples.join('/')} MB; ${fmtMs(ext.elapsed / 100)} a page`);
  const own = await memoryRun({});
  r.record('  … with the built-in sandbox in the same process', `${own.samples.at(-1)} MB`, '', true, `RSS at page 1/26/51/76/101: ${own.samples.join('/')} MB; ${fmtMs(own.elapsed / 100)} a page`);
}

export const memory: Section = {
  name: 'memory',
  title: 'memory after 100 pages…',
  run,
  method: `
- **Memory**: \`VmRSS\` from \`/proc/<pid>/status\` of the CLI after \`]\` ×100 with \`--per-page 100\`,
  waiting for each page to be on screen, sampled every 25 pages. Run twice: against a sandbox in its own
  process (\`dist/cli.cjs sandbox --port 0 --flavor real --block-time 0\`, \`RELAYER_URL\`/\`RELAYER_API_KEY\`),
  so the figure is the TUI's alone (this is the one held to the budget), and with the built-in sandbox
  (\`npm start\`'s: its real flavour, its chain running), whose server and data then share the process.
`,
};
