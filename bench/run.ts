/**
 * Benchmarks for relayer-tui: `npm run bench` (it builds first). Each section (bench/sections/) drives
 * the built CLI in a real pseudo-terminal through the tests' harness (test/e2e/pty.ts), or runs the
 * headless CLI, against servers in their own processes; the report (bench/report.ts) prints a table
 * with each budget beside its figure and, when every section ran, writes bench/RESULTS.md. Figures
 * only: nothing here fails on a budget — the exit status is 1 only when a section could not run (a
 * screen never came, a server did not start), which is what CI's smoke run watches for.
 *
 *   npm run bench                          every section (about 6 minutes on a 2-core machine)
 *   npm run bench -- --only startup,bytes  some sections (nothing written)
 *   npm run bench -- --startup             the startup section alone (as before)
 *   npm run bench -- --only bytes,startup --smoke   CI's: each section once through with few repeats
 *                                          (its figures are not to be read; nothing written)
 */
import { RESULTS, assertBuilt, closeAll } from './cli.ts';
import { Report, type Section } from './report.ts';
import { bytes } from './sections/bytes.ts';
import { check } from './sections/check.ts';
import { contexts } from './sections/contexts.ts';
import { deepPage } from './sections/deepPage.ts';
import { fleet } from './sections/fleet.ts';
import { floor } from './sections/floor.ts';
import { hostile } from './sections/hostile.ts';
import { jams } from './sections/jams.ts';
import { latency } from './sections/latency.ts';
import { memory } from './sections/memory.ts';
import { packageSection } from './sections/package.ts';
import { startup } from './sections/startup.ts';
import { stream } from './sections/stream.ts';
import { watchTriage } from './sections/watchTriage.ts';
import { forecastWatch } from './sections/forecastWatch.ts';

const SECTIONS: Section[] = [startup, floor, packageSection, bytes, latency, memory, deepPage, hostile, contexts, watchTriage, forecastWatch, jams, check, fleet, stream];

function chosen(argv: string[]): Section[] {
  if (argv.includes('--startup')) return [startup];
  const i = argv.indexOf('--only');
  if (i < 0) return SECTIONS;
  const names = (argv[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length || !names.length) {
    console.error(`--only takes section names, comma-separated: ${SECTIONS.map((s) => s.name).join(', ')}${unknown.length ? ` (not one: ${unknown.join(', ')})` : ''}`);
    process.exit(2);
  }
  return SECTIONS.filter((s) => names.includes(s.name));
}

assertBuilt();
// Every figure is taken without NODE_EXTRA_CA_CERTS: where it is set, Node 20 spends ~48 ms loading
// certificates at every start, which would hide the client's own start-up cost (issue 29).
delete process.env.NODE_EXTRA_CA_CERTS;
const sections = chosen(process.argv.slice(2));
// CI's smoke run (.ci/run): the sections run through with few repeats (bench/stats.ts repeats()), to
// show they still run against today's product; what they measure is not read.
const smoke = process.argv.includes('--smoke');
if (smoke) process.env.BENCH_SMOKE = '1';
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    void closeAll().finally(() => process.exit(130));
  });

const report = new Report();
let failed: { section: string; error: unknown } | undefined;
try {
  for (const s of sections) {
    console.log(s.title);
    try {
      await s.run(report);
    } catch (error) {
      failed = { section: s.name, error };
      break;
    }
  }
} finally {
  await closeAll();
}
if (failed) {
  console.error(`\nbench: the ${failed.section} section could not run:`, failed.error);
  process.exit(1);
}
report.print();
if (smoke) console.log('(a smoke run: few repeats, its figures not to be read; bench/RESULTS.md left as it was)');
else if (sections.length === SECTIONS.length) report.write(RESULTS, sections);
else console.log('(some sections only: bench/RESULTS.md left as it was)');
process.exit(0);
