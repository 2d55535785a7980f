/**
 * Issue 53.4: a jam that clears by itself stays said — `optimism-relay cleared HH:MM:SS (nonce a → b)`,
 * whole at 80 columns — on the first screen after the status bar's word of it is gone, 30 s (the
 * sandbox's clock, stepped) later, until the relayer's next read once it has been seen; then it goes.
 * The sandbox's real flavour: optimism-relay's gap is filled by v1.8's nonce-health job about a minute in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from './clock.js';
import { renderApp, type Harness } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const CLEARED = /optimism-relay cleared \d\d:\d\d:\d\d \(nonce (\d+) → (\d+)\)/;
/** The line above the relayers table (the first row under the title). */
const line = (f: string) => f.split('\n')[1] ?? '';

describe('a self-clearing on the first screen at 80x24', () => {
  it('is said whole in the jam line, still 30 s later (the status bar word gone), and goes at the next read once seen', async () => {
    const clock = manualClock();
    // The app's clock is the sandbox's (the jams' ages and the clearing's time); its timers wait for the test.
    let sandboxNow: () => number = Date.now;
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24, services: { now: () => sandboxNow(), after: clock.after } });
    const sb = h.sandbox;
    sandboxNow = () => sb.clock.now();
    await h.waitFor((f) => /^3 jammed /.test(line(f)) && !/being diagnosed/.test(f), 'the three jams');
    // v1.8's job fills optimism-relay's gap (a minute and a half of blocks); r reads the jams again.
    sb.clock.step(45);
    await h.press('r');
    const cleared = await h.waitFor((f) => CLEARED.test(line(f)), 'the clearing in the jam line');
    const [, from, to] = CLEARED.exec(line(cleared))!;
    expect(Number(to)).toBeGreaterThan(Number(from));
    expect(line(cleared)).toMatch(/^optimism-relay cleared \d\d:\d\d:\d\d \(nonce \d+ → \d+\); 2 jammed/);
    // The status bar's word of it ends (its timer); 30 s of the sandbox's clock pass; a key redraws the screen.
    await clock.next(5_000, 'flash');
    sb.clock.stepTime(30_000);
    await h.press('j');
    const later = await h.waitFor((f) => !/cleared by/.test(f) && /^› /m.test(f) && CLEARED.test(line(f)), 'the clearing kept, the flash gone');
    expect(line(later)).toMatch(CLEARED);
    // The next read once it has been seen takes it away.
    await h.press('r');
    await h.waitFor((f) => !/optimism-relay cleared/.test(f) && /^2 jammed /.test(line(f)), 'the clearing gone at the next read');
  }, 30_000);
});
