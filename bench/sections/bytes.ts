/**
 * Bytes written per interaction at 100x30: cursor moves, idle, a refresh with unchanged data, page
 * changes — against the sandbox's real flavour (npm start's) in its own process with its clock stopped
 * (`sandbox --flavor real --block-time 0`): the same data at every read, so what is written is the
 * interaction's alone (a chain making a block every 2 s changes rows by itself).
 */
import { bytesFor, close, openTx, pageIs, startCli, statusBar } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox, STILL } from '../servers.ts';
import { fmtB, mean, sleep } from '../stats.ts';

const selectedIndex = (rows: string[]) => rows.findIndex((l) => l.startsWith('›'));
/**
 * A row with its clock times taken out (`12:03:04`, a span's `–05`): what is left is what it says. A read
 * time in either of its forms (core/jam/words.ts asOfWords: `as of 12:03:04`, read across seconds
 * `(read 12:03:04–05)`) is one read time.
 */
const timeless = (row: string) => row.replace(/ (?:as of \d\d:\d\d:\d\d|\(read \d\d:\d\d:\d\d–[\d:]+\))/g, ' <read time>').replace(/\d\d:\d\d:\d\d(–[\d:]+)?/g, 'hh:mm:ss');

async function run(r: Report): Promise<void> {
  const sb = await externalSandbox(STILL);
  const env = { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token };
  try {
    {
      // Started, every relayer of the page diagnosed and its figures read (startCli waits for both).
      const s = await startCli({ cols: 100, rows: 30, env });
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
        const bar = statusBar(before);
        s.screen().forEach((row, k) => {
          if (row === before[k]) return;
          // r diagnoses the page again: the line above the table says when (its `as of` time moves, nothing else).
          changed.add(before[k] === bar ? 'status bar' : timeless(row) === timeless(before[k]!) ? `row ${k}: its read time` : `row ${k}`);
        });
      }
      // r always answers ("refreshed 12:03:04, unchanged"): the status bar, and the read times of what
      // it read again, and nothing else, may change. Refreshes nobody asked for (watch): the watch section.
      const rowsChanged = [...changed].filter((c) => c !== 'status bar' && !c.endsWith('its read time'));
      r.record(
        'bytes per r with unchanged data: its acknowledgement (relayers, mean of 3)',
        fmtB(mean(refreshes)),
        'the status bar and read times only',
        rowsChanged.length === 0,
        changed.size ? `what changed: ${[...changed].join(', ')}` : 'nothing changed',
      );
      await close(s);
    }
    {
      const s = await startCli({ cols: 100, rows: 30, env });
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
  } finally {
    await sb.stop();
  }
}

export const bytes: Section = {
  name: 'bytes',
  title: 'bytes written…',
  run,
  method: `
- **Bytes**: every byte the CLI writes to the pty (UTF-8), from the key press until the expected screen is
  on display and the output has been quiet for 200 ms. Terminal 100x30, against \`sandbox --flavor real
  --block-time 0\` in its own process (v1.8's dialect, its clock stopped: the same data at every read),
  from the relayers screen with every relayer diagnosed and its figures read. Relayers: \`j\` ×10. bulk-1m:
  \`:tx bulk-1m\` at the default (fit the window) page size, \`j\` ×10 and \`]\` ×5. Idle: 3 s on the
  relayers screen with no input. Refresh: \`r\` on the relayers screen (the sandbox answers with the same
  relayers; r diagnoses them again, so the line above the table says a new read time), 1 s plus 300 ms of
  quiet, ×3.
`,
};
