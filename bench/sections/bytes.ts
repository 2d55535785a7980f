/** Bytes written per interaction at 100x30: cursor moves, idle, a refresh with unchanged data, page changes. */
import { bytesFor, close, openTx, pageIs, startCli } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { fmtB, mean, sleep } from '../stats.ts';

const selectedIndex = (rows: string[]) => rows.findIndex((l) => l.startsWith('›'));

async function run(r: Report): Promise<void> {
  {
    const s = await startCli({ cols: 100, rows: 30 });
    const moves: number[] = [];
    for (let i = 0; i < 10; i++) {
      const idx = selectedIndex(s.screen());
      moves.push(await bytesFor(s, 'j', (rows) => selectedIndex(rows) === idx + 1, 'the selection to move'));
    }
    r.record('bytes per cursor move, relayers (j, mean of 10)', fmtB(mean(moves)), '≤ 600 B (aim 200)', mean(moves) <= 600, `min ${Math.min(...moves)}, max ${Math.max(...moves)}`);

    // Idle: the relayers screen, nothing pressed, for 3 s.
    await s.quiet(500);
    const mark = s.bytes;
    await sleep(3000);
    const idle = (s.bytes - mark) / 3;
    r.record('bytes per second while idle (3 s, relayers)', `${idle.toFixed(0)} B/s`, '0 B/s', idle === 0);

    // Refresh that brings identical data.
    const refreshes: number[] = [];
    const changed = new Set<string>();
    for (let i = 0; i < 3; i++) {
      await s.quiet(300);
      const before = s.screen();
      const m = s.bytes;
      s.press('r');
      // Nothing on screen has to change, so there is no condition to wait for: allow the request and a
      // few frames (1 s), then wait for quiet.
      await sleep(1000);
      await s.quiet(300);
      refreshes.push(s.bytes - m);
      s.screen().forEach((row, k) => row !== before[k] && changed.add(row.startsWith('SANDBOX') ? 'status bar' : `row ${k}`));
    }
    // r always answers ("refreshed 12:03:04, unchanged"): the status bar, and nothing else, may change.
    // Refreshes nobody asked for (watch) must write nothing: measured in the watch section.
    const rowsChanged = [...changed].filter((c) => c !== 'status bar');
    r.record(
      'bytes per r with unchanged data: its acknowledgement (relayers, mean of 3)',
      fmtB(mean(refreshes)),
      'the status bar only',
      rowsChanged.length === 0,
      changed.size ? `what changed: ${[...changed].join(', ')}` : 'nothing changed',
    );
    await close(s);
  }
  {
    const s = await startCli({ cols: 100, rows: 30 });
    await openTx(s, 'bulk-1m');
    const moves: number[] = [];
    for (let i = 0; i < 10; i++) {
      const idx = selectedIndex(s.screen());
      moves.push(await bytesFor(s, 'j', (rows) => selectedIndex(rows) === idx + 1, 'the selection to move'));
    }
    r.record('bytes per cursor move, bulk-1m page (j, mean of 10)', fmtB(mean(moves)), '≤ 600 B (aim 200)', mean(moves) <= 600, `min ${Math.min(...moves)}, max ${Math.max(...moves)}`);
    const pages: number[] = [];
    for (let p = 2; p <= 6; p++) pages.push(await bytesFor(s, ']', pageIs(p), `page ${p}`));
    const perPage = s.screen().filter((row) => /^[› ] \S+\s+\d{6}\s/.test(row)).length;
    r.record(`bytes per page change (] on bulk-1m, ${perPage} rows, mean of 5)`, fmtB(mean(pages)), '', true, `min ${Math.min(...pages)}, max ${Math.max(...pages)}`);
    await close(s);
  }
}

export const bytes: Section = {
  name: 'bytes',
  title: 'bytes written…',
  run,
  method: `
- **Bytes**: every byte the CLI writes to the pty (UTF-8), from the key press until the expected screen is
  on display and the output has been quiet for 200 ms. Terminal 100x30. Relayers: \`j\` ×10. bulk-1m:
  \`:tx bulk-1m\` at the default (fit the window) page size, \`j\` ×10 and \`]\` ×5. Idle: 3 s on the
  relayers screen with no input. Refresh: \`r\` on the relayers screen (the sandbox answers with the same
  relayers), 1 s plus 300 ms of quiet, ×3.
`,
};
