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
