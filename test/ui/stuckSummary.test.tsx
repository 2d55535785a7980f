/**
 * :stuck's per-relayer lines: those cut for room are said with how to read them, and `/` brings any
 * relayer's line back (walk finding: "… and 11 more relayers" with no way to read them).
 */
import { afterEach, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { frameLines } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

it('at 80x24 the lines that do not fit say how to read them; / and a relayer id shows that relayer\'s line', async () => {
  h = await renderApp({ route: { kind: 'stuck' }, columns: 80, rows: 24 });
  const f = await h.waitFor((x) => /not final in \d+ of \d+ relayers/.test(x), 'the triage');
  const more = frameLines(f).find((l) => /^… and \d+ more relayers/.test(l));
  expect(more, f).toMatch(/^… and \d+ more relayers \(\/ and a relayer's id shows its line\)$/);
  // A relayer whose line was cut: its id nowhere at the start of a summary line.
  const shownIds = new Set(frameLines(f).map((l) => /^([a-z0-9-]+): \d+ not final/.exec(l)?.[1]).filter(Boolean));
  const hidden = ['sepolia-main', 'holesky-test', 'arbitrum-payouts', 'solana-devnet', 'stellar-testnet', 'polygon-ops', 'base-batch'].find((id) => !shownIds.has(id));
  expect(hidden, 'a relayer whose line did not fit').toBeDefined();
  await h.press('/');
  await h.press(hidden!, KEY.enter);
  await h.waitFor((x) => frameLines(x).some((l) => l.startsWith(`${hidden}: `)), `the line of ${hidden}`);
});

it('at 80x24 the summary is wrapped, never cut: how it was read is there whole (walk finding: "gaps c…")', async () => {
  // The real flavour filters by status on the server: the longest words of how it was read.
  h = await renderApp({ route: { kind: 'stuck' }, columns: 80, rows: 24, sandbox: { flavor: 'real' } });
  const f = await h.waitFor((x) => /not final in \d+ of \d+ relayers/.test(x), 'the triage');
  const ls = frameLines(f);
  const at = ls.findIndex((l) => /not final in \d+ of \d+ relayers/.test(l));
  // Its second row, when it has one, is indented under the first.
  const summary = /^ {2}\S/.test(ls[at + 1] ?? '') ? `${ls[at]} ${ls[at + 1]!.trim()}` : ls[at]!;
  expect(summary).toMatch(/\d+ requests, filtered by the server, gaps checked against every status( ·|$)/);
  expect(ls[at]!.endsWith('…')).toBe(false);
});

it("the summary's ages turn as the rows' do (a walk read `oldest 15s` beside rows that ticked)", async () => {
  const clock = { skew: 0 };
  h = await renderApp({ route: { kind: 'stuck' }, columns: 120, rows: 40, sandbox: { flavor: 'real' }, services: { now: () => Date.now() + clock.skew } });
  h.sandbox.clock.stop();
  // bsc-treasury has nothing not final: one sent now is its oldest, seconds old.
  await h.client.sendTransaction('bsc-treasury', { to: '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', value: '1', speed: 'fast' });
  await h.waitFor((x) => /not final in \d+ of \d+ relayers/.test(x), 'the triage');
  await h.press('r');
  await h.press('/', 'bsc-treasury', KEY.enter);
  const line = (f: string) => frameLines(f).find((l) => l.startsWith('bsc-treasury: '));
  const first = await h.waitFor((x) => /oldest \ds/.test(line(x) ?? ''), "bsc-treasury's line");
  expect(line(first)).toMatch(/^bsc-treasury: 1 not final · oldest \ds/);
  // The diagnoses the scan asked for, read to the end: from here nothing is read, nothing re-renders the screen.
  for (let n = -1, i = 0; i < 50 && n !== h.sandbox.requests.length; i++) {
    n = h.sandbox.requests.length;
    await new Promise((r) => setTimeout(r, 200));
  }
  const reads = h.sandbox.requests.length;
  // The clock alone moves the line (the tick is at most a second away).

  clock.skew = 40_000;
  const later = await h.waitFor((x) => /oldest 4\ds/.test(line(x) ?? ''), 'the age turned');
  expect(line(later)).toMatch(/^bsc-treasury: 1 not final · oldest 4\ds/);
  expect(h.sandbox.requests.length).toBe(reads);

});
