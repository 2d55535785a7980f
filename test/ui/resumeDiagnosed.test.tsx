/**
 * A relayer resumed is diagnosed at once: its jam was not known while paused (v1.8 refuses a paused
 * relayer's JSON-RPC), and the answer to the resume has the jam store read it again, not leave it
 * `not diagnosed` until the next refresh. Against the sandbox's real flavour, its clock stopped.
 */
import { afterEach, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

it('P on a paused relayer: once resumed, its diagnosis is read again at once, and its detail no longer says not diagnosed', async () => {
  h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
  h.sandbox.clock.stop();
  await h.waitFor((x) => /^\W*paused\s+Mainnet Hot Wallet/m.test(x) && !/reading…/.test(x), 'mainnet-hot paused, the diagnoses read');
  for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('Mainnet Hot Wallet'); i++) await h.press(KEY.down);
  await h.press('P');
  await h.waitFor((x) => x.includes('Review'), 'the resume review');
  await h.sendReview();
  await h.waitFor((x) => x.includes('✓ Done'), 'resumed');
  const patched = h.sandbox.requests.findIndex((q) => q.method === 'PATCH' && q.url === '/api/v1/relayers/mainnet-hot');
  expect(patched).toBeGreaterThanOrEqual(0);
  // Its chain read again for its diagnosis after the answer (a JSON-RPC read through its /rpc).
  await h.waitFor(() => h!.sandbox.requests.slice(patched).some((q) => q.method === 'POST' && q.url === '/api/v1/relayers/mainnet-hot/rpc'), 'its diagnosis read again');
  await h.press(KEY.esc);
  await h.waitFor((x) => cursorRow(x).includes('Mainnet Hot Wallet') && !/^\W*paused/.test(cursorRow(x)), 'the list: no longer paused');
  await h.press('i');
  const d = await h.waitFor((x) => /^state\s+/m.test(x), 'the detail');
  expect(d).not.toMatch(/^state\s+.*not diagnosed/m);
});
