/**
 * `p` on a relayer at 80x24 (issues 41.4/42.1, a walk's findings): why a value is proposed is said
 * whole, a balance is in the chain's own coin (AVAX on Avalanche, never '0.1eth'), a value shown in
 * other units but not changed is not sent, and the answer's policies are listed whole, a line each.
 * Against the sandbox's real flavour over loopback, its clock stopped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';
import { writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

describe('the policy editor at 80x24', () => {
  it('p on the relayer jammed at its cap: the proposal said whole, the balance in AVAX, only gas_price_cap sent, the answer listed whole', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    await h.waitFor((x) => /^\d+ jammed (as of |\(read )/m.test(x), 'the jam line');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('avalanche-bridge'); i++) await h.press('j');
    // Its jam known (the first screen diagnoses every relayer on it): p proposes the cap.
    await h.waitFor((x) => /^[› ][ *]jammed\s+Avalanche Bridge/m.test(x), 'avalanche-bridge jammed');
    await h.press('p');
    const form = await h.waitFor((x) => x.includes('› policies') && /gas_price_cap\s+72gwei/.test(x), 'the editor');
    const intro = form.split('\n').slice(1, 5).join(' ').replace(/\s+/g, ' ');
    expect(intro).toContain("jammed at its cap: gas_price_cap proposed at the network's price + 30 % (72 gwei)");
    expect(intro).toContain('the server re-prices the blocker at its next re-price; 2 wait behind it');
    expect(form).not.toMatch(/…$/m);
    expect(form).toMatch(/^  min_balance\s+0\.005avax$/m);
    expect(form).toMatch(/wei, or 0\.1avax; empty: the server's 1 wei/);
    expect(form).not.toMatch(/0\.1eth/);
    // The cap's hint names the chain's coin too (a walk read 'ETH or wei' on Avalanche).
    expect(form).toMatch(/gwei \(e\.g\. 66gwei\), avax or wei/);
    expect(form).not.toMatch(/, ETH or wei/);
    await h.press('\x13');
    await h.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    await h.sendReview();
    const done = await h.waitFor((x) => x.includes('policies now, as the server answered:'), 'the answer');
    const w = writes(h);
    expect(w.at(-1)!.body).toBe('{"policies":{"gas_price_cap":72000000000}}');
    expect(done).toMatch(/^  gas_price_cap\s+72gwei$/m);
    expect(done).toMatch(/^  min_balance\s+0\.005avax$/m);
  });
});
