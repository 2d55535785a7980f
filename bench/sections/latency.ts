/** Keypress → frame on a 100-row page: keys back to back, and keys at least a frame apart (with the bytes of each). */
import { TX_HEADER, tableRows } from '../../test/e2e/pty.ts';
import { FRAME_MS, close, openTx, selected, startCli } from '../cli.ts';
import type { Report, Section } from '../report.ts';
import { externalSandbox, STILL } from '../servers.ts';
import { fmtB, fmtMs, mean, percentile, sleep } from '../stats.ts';

/** A key has moved the cursor: the selected row is another (each row's text is its own: its hash, its nonce if it has one). */
const movedFrom = (before: string) => (rows: string[]) => (selected(rows) ?? before) !== before;

async function run(r: Report): Promise<void> {
  // The real flavour with its clock stopped: the page's rows stand still under the keys.
  const sb = await externalSandbox(STILL);
  try {
    await keys(r, { RELAYER_URL: sb.url, RELAYER_API_KEY: sb.token });
  } finally {
    await sb.stop();
  }
}

async function keys(r: Report, env: Record<string, string>): Promise<void> {
  const s = await startCli({ cols: 100, rows: 30, args: ['--per-page', '100'], env });
  await openTx(s, 'bulk-1m');
  // The first row with a nonce (v1.8's pending transactions have none yet): the keys start there.
  const from = Math.max(0, tableRows(s.screen(), TX_HEADER).findIndex((l) => / \d{6} /.test(l)));
  for (let row = 1; row <= from; row++) {
    s.press('j');
    await s.quiet(FRAME_MS + 30);
  }
  await s.waitForScreen((rows) => / \d{6} /.test(selected(rows) ?? ''), 5000, 'the first row with a nonce selected');
  const lat: number[] = [];
  // Back to back: the next key as soon as the previous frame is on screen (so most keys land inside
  // the 15 fps throttle window of the frame before). Down to row 100 (the window scrolls). A row is
  // known by its text, not by a nonce: some rows have none (a transaction v1.8 failed before it had one).
  for (let row = from + 1; row < 100; row++) {
    const before = selected(s.screen()) ?? '';
    lat.push(await s.pressAndTimeFrame('j'));
    await s.waitForScreen(movedFrom(before), 5000, `row ${row} selected`);
  }
  r.record('keypress → frame, j through a 100-row page, back to back (p50)', fmtMs(percentile(lat, 50)), '', true);
  r.record('keypress → frame, back to back (p95)', fmtMs(percentile(lat, 95)), `≤ 16 ms + ${FRAME_MS.toFixed(0)} ms throttle`, percentile(lat, 95) <= 16 + FRAME_MS, `max ${fmtMs(Math.max(...lat))}, n=${lat.length}`);

  // Spaced: each key more than one frame interval after the previous frame, so the throttle is idle
  // and the figure is the CLI's own work; the bytes of each key are everything written until the
  // next one. Keys back up the page with k, to the first row with a nonce.
  const spaced: number[] = [];
  const inWin: number[] = [];
  const scroll: number[] = [];
  const firstRow = (rows: string[]) => rows.find((l) => /^[› ] \S+\s+\d{6}\s/.test(l))?.slice(1);
  await s.quiet(FRAME_MS + 30);
  for (let row = 98; row >= from; row--) {
    const before = selected(s.screen()) ?? '';
    const top = firstRow(s.screen());
    const m = s.bytes;
    spaced.push(await s.pressAndTimeFrame('k'));
    const after = await s.waitForScreen(movedFrom(before), 5000, `row ${row} selected`);
    await sleep(FRAME_MS + 30);
    await s.flushed();
    (firstRow(after) === top ? inWin : scroll).push(s.bytes - m);
  }
  r.record('keypress → frame, keys ≥ 1 frame apart (p50)', fmtMs(percentile(spaced, 50)), '', true);
  r.record('keypress → frame, keys ≥ 1 frame apart (p95)', fmtMs(percentile(spaced, 95)), '≤ 16 ms', percentile(spaced, 95) <= 16, `max ${fmtMs(Math.max(...spaced))}, n=${spaced.length}`);
  const all = [...inWin, ...scroll];
  r.record(`bytes per cursor move, 100-row page (k, mean of ${all.length})`, fmtB(mean(all)), '≤ 600 B (aim 200)', mean(all) <= 600, `max ${Math.max(...all)}`);
  r.record('  … moves inside the visible window', fmtB(mean(inWin)), '≤ 600 B (aim 200)', mean(inWin) <= 600, `n=${inWin.length}, max ${Math.max(...inWin)}`);
  r.record('  … moves that scroll the window (by one row; lines moved by the terminal)', fmtB(mean(scroll)), '≤ 600 B (aim 200)', mean(scroll) <= 600, `n=${scroll.length}, max ${Math.max(...scroll)}`);
  await close(s);
}

export const latency: Section = {
  name: 'latency',
  title: 'keypress → frame latency…',
  run,
  method: `
- **Keypress → frame**: \`--per-page 100\`, 100x30, \`:tx bulk-1m\` against \`sandbox --flavor real
  --block-time 0\` in its own process (its clock stopped: the rows stand still under the keys), from
  its first row with a nonce (v1.8's pending transactions, above, have none yet; a row is followed by its
  text, as some further down have none either); the time from writing \`j\` to the
  arrival of the first output chunk after which the parsed screen differs from the screen before the key.
  "Back to back": the next key is written as soon as the previous frame shows the new selection (the keys
  down the page to row 100; the window scrolls), so keys usually land inside the 15 fps throttle window and wait
  for it. "≥ 1 frame apart": the keys back up the page (\`k\`), each written ${Math.round(FRAME_MS + 30)} ms after the previous
  frame, so the throttle is idle and the figure is the CLI's own work (input parsing, React, layout,
  write); the bytes per move on the 100-row page come from this run (everything written until the next
  key), split into moves inside the visible window and moves that scroll it.
`,
};
