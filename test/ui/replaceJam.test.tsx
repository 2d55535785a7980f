/**
 * e on a jam's blocker held at its cap, from its transactions list (a fleet's enter lands there): the
 * review says first that the replacement leaves it jammed, and what fits (issue 43's re-walk: `:stuck`
 * refused the bump in words, the list opened it with none). Against the sandbox's real flavour, its
 * clock stopped.
 */
import { afterEach, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

it("the blocker at its cap: the review's first line says it stays jammed, and that a cap raise or a cancel fits", async () => {
  h = await renderApp({ sandbox: { flavor: 'real' }, columns: 140, rows: 40 });
  h.sandbox.clock.stop();
  await h.waitFor((x) => /^[› ][ *]jammed\s+Avalanche Bridge/m.test(x), 'avalanche-bridge jammed');
  for (let i = 0; i < 20 && !/Avalanche Bridge/.test(cursorRow(h.frame())); i++) await h.press('j');
  await h.press(KEY.enter);
  await h.waitFor((x) => x.includes('Avalanche Bridge') && x.includes('transactions') && /^› /m.test(x), 'its transactions');
  await h.press('/', '4520', KEY.enter);
  await h.waitFor((x) => /^› .*4520/m.test(x), 'the blocker selected');
  await h.press('e');
  await h.waitFor((x) => x.includes('replace EVM tx'), 'the form');
  await h.press(KEY.right, KEY.ctrlS);
  const review = await h.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
  const flat = review.replace(/\s+/g, ' ');
  expect(flat).toMatch(/⚠ stays jammed a bump \(e\) reaches only [\d.]+ gwei .*: it stays jammed: raise gas_price_cap \(p\), or cancel this nonce \(X: the NOOP is not held to the cap\)/);
  // First among the review's lines, after the request line.
  expect(review.split('\n').findIndex((l) => l.startsWith('⚠ stays jammed'))).toBe(review.split('\n').findIndex((l) => l.startsWith('PUT ')) + 1);
});
