/** Page 99,999 of bulk-1m: on screen through :page, and through the API module alone (bench/deep-page.ts in its own process). */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, close, openTx, pageIs, palette, selected, startCli, statusBar } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { cleanEnv } from '../servers.ts';
import { fmtMs, median, runs } from '../stats.ts';

async function run(r: Report): Promise<void> {
  // --per-page 10, :tx bulk-1m, then `:page 99999` typed and timed from enter to the frame showing that
  // page, 5 times (with `:page 1` in between so each jump is a real one).
  const s = await startCli({ cols: 100, rows: 30, args: ['--per-page', '10'] });
  await openTx(s, 'bulk-1m');
  const jumps: number[] = [];
  let unsupported = '';
  for (let i = 0; i < 5 && !unsupported; i++) {
    await palette(s, 'page 99999', false);
    const t0 = performance.now();
    s.press('\r');
    const rows = await s.waitForScreen((x) => pageIs(99_999)(x) || /unknown command/i.test(statusBar(x)), 10_000, 'page 99,999');
    if (!pageIs(99_999)(rows)) {
      unsupported = statusBar(rows);
      break;
    }
    await s.waitForScreen((x) => (selected(x) ?? '').includes(' 19 '), 5000, 'nonce 19 on page 99,999');
    jumps.push(performance.now() - t0);
    await palette(s, 'page 1');
    await s.waitForScreen(pageIs(1), 10_000, 'page 1');
    await s.quiet(150);
  }
  await close(s);
  if (jumps.length) r.record('time to show page 99,999 of bulk-1m on screen (:page 99999, --per-page 10, median of 5)', fmtMs(median(jumps)), '', true, `runs: ${runs(jumps)} ms, from enter to the frame`);
  else r.note(`:page is not available in this build (${unsupported}); only the API figure below.`);

  const out = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'deep-page.ts')], { cwd: ROOT, encoding: 'utf8', env: cleanEnv() });
  const api = JSON.parse(out.trim().split('\n').pop()!) as { deepMedianMs: number; firstMedianMs: number };
  r.record('time to fetch page 99,999 of bulk-1m (10 per page, median of 10)', fmtMs(api.deepMedianMs), '', true, `page 1 for comparison: ${fmtMs(api.firstMedianMs)} (client → sandbox over loopback)`);
}

export const deepPage: Section = {
  name: 'deep-page',
  title: 'page 99,999…',
  run,
  method: `
- **Page 99,999 on screen**: \`--per-page 10\`, \`:tx bulk-1m\`, then \`:page 99999\` typed in the palette;
  timed from enter to the frame that shows page 99,999 with nonce 19 selected; \`:page 1\` between runs.
- **Page 99,999 through the API**: \`bench/deep-page.ts\` (run with tsx) starts the sandbox in-process and
  times \`client.listTransactions('bulk-1m', { page: 99999, perPage: 10 })\` through the real API module
  over loopback HTTP, median of 10 after one warm-up; page 1 is timed the same way for comparison.
`,
};
