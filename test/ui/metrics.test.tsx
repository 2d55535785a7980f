/**
 * `:metrics` (issue 54.4): the server's own figures on a screen, the same words as `relayer-tui
 * metrics` — the first read totals since the server started (said so), `r` a second read and the
 * figures between the two; a Stellar relayer whose RPC fails has its failures there; a server without
 * metrics (the contract flavour) says so plainly. Against the sandbox over loopback, its clock stepped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { palette } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const flat = (f: string) => f.replace(/\s+/g, ' ');

describe(':metrics', () => {
  it('the real flavour: one read said as totals since the start; r reads again for the window between', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 40 });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    h.sandbox.setRpcFailing({ relayerId: 'stellar-testnet', afterMs: 0 });
    await fetch(`${h.sandbox.url}/api/v1/relayers/stellar-testnet/status`, { headers: { authorization: `Bearer ${h.sandbox.token}` } });
    h.sandbox.clock.stepTime(60_000);
    await palette(h, 'metrics');
    const f = await h.waitFor((x) => flat(x).includes("one read: totals since the server's process started"), 'the first read');
    expect(flat(f)).toContain('stellar-testnet');
    // Its status read failed (the test's, and the relayers list's own reads of it): each counted.
    expect(flat(f)).toMatch(/stellar-testnet \d+ RPC failures? \(get_status get_account_failed: \d+\)/);
    expect(flat(f)).toContain('r reads again for rates');
    await fetch(`${h.sandbox.url}/api/v1/relayers/stellar-testnet/balance`, { headers: { authorization: `Bearer ${h.sandbox.token}` } });
    await h.press('r');
    const g = await h.waitFor((x) => flat(x).includes('between two reads'), 'the second read');
    // What changed between the two reads: the balance read's failure among them.
    expect(flat(g)).toMatch(/stellar-testnet \d+ RPC failures? \(get_balance get_account_failed: 1, get_status get_account_failed: \d+\)/);
  });

  it('a server without metrics: said, not an error', async () => {
    h = await renderApp({ sandbox: { flavor: 'contract' } });
    await h.waitFor((x) => x.includes('Sepolia Main'));
    await palette(h, 'metrics');
    const f = await h.waitFor((x) => flat(x).includes('no metrics:'), 'no metrics');
    expect(flat(f)).toContain('does not offer them');
  });
});
