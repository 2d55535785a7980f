/** NO_COLOR / monochrome: the screen still reads through words and the `›` marker. */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

// Colours must be possible at all for this test to mean anything (chalk reads this at import).
const saved = vi.hoisted(() => {
  const before = process.env.FORCE_COLOR;
  process.env.FORCE_COLOR = '1';
  return before;
});

import { isColorEnabled, setColorEnabled } from '../../src/ui/theme.js';
import { KEY, renderApp, type Harness } from './helpers.js';
import { colourCodes, statusLine } from './support.js';

const initial = isColorEnabled();
let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
  setColorEnabled(initial);
});
afterAll(() => {
  if (saved === undefined) delete process.env.FORCE_COLOR;
  else process.env.FORCE_COLOR = saved;
});

const plain = (f: string) => f.replace(/\x1b\[[0-9;]*m/g, '');

describe('monochrome', () => {
  it('with colour on, states and statuses are coloured (the control case)', async () => {
    setColorEnabled(true);
    h = await renderApp();
    const f = await h.waitFor((x) => plain(x).includes('Sepolia Main'));
    expect(colourCodes(f).length).toBeGreaterThan(0);
  });

  it('with colour off: no colour codes, states in words, the cursor marked with › and reverse video', async () => {
    setColorEnabled(false);
    h = await renderApp();
    // The states are read after the list: a row says `reading…` until its relayer's status is known.
    const f = await h.waitFor((x) => plain(x).includes('Sepolia Main') && plain(x).includes(' ms') && !plain(x).includes('reading…'), 'states known');
    expect(colourCodes(f)).toEqual([]);
    const text = plain(f);
    expect(text).toMatch(/^› active\s+Arbitrum Payouts/m);
    expect(text).toMatch(/^ {2}paused\s+Mainnet Hot Wallet/m);
    expect(text).toMatch(/^ {2}disabled\s+Polygon Ops/m);
    expect(f).toContain('\x1b[7m› ');
    await h.press(':tx sepolia-main', KEY.enter);
    const tx = await h.waitFor((x) => /page 1\/\d/.test(statusLine(plain(x))), 'transactions');
    expect(colourCodes(tx)).toEqual([]);
    for (const s of ['pending', 'sent', 'submitted', 'mined', 'confirmed', 'failed', 'expired', 'canceled']) expect(plain(tx)).toMatch(new RegExp(`^[› ] ${s}\\s`, 'm'));
    await h.press(KEY.enter);
    const detail = await h.waitFor((x) => plain(x).includes('relayer_id'), 'detail');
    expect(colourCodes(detail)).toEqual([]);
    expect(plain(detail)).toMatch(/^status_reason\s+—/m);
  });
});
