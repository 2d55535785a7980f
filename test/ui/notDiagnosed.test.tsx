/**
 * No false all-clear on the first screen (issue 51): a relayer whose jam diagnosis has not come reads
 * `reading…` in STATE, one whose reads failed `not diagnosed` (the detail says why) — never `active` —
 * and the line above the table names them (its absence is the all-clear); a balance under its minimum is
 * named there after the jams. Against the sandbox's real flavour over loopback, a slow or failing
 * JSON-RPC read of one relayer injected into it (only the diagnosis reads the chain through it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, headLine as line, relayerRow as row, relayerState as state } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

/** sepolia-main's read of the chain (its nonce) through its /rpc: the diagnosis's, not the forecasts' (the price, its trend). */
const RPC = { method: 'POST', pathPrefix: '/api/v1/relayers/sepolia-main/rpc', rpcMethod: 'eth_getTransactionCount' };

describe('a relayer whose jam is not known is never said active', () => {
  it('its diagnosis in flight: `reading…` in STATE from the first frame on, and the line says the diagnosis is not complete (no jam counted from it)', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    // sepolia-main's read of the chain answers late (long after this test): its diagnosis stays in flight.
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"message":"late"}', match: RPC, delayMs: 60_000, times: 1 });
    // Every other relayer diagnosed (their rows say what was found), sepolia-main's still on its way.
    const f = await h.waitFor((x) => state(x, 'linea-idle') === 'active' && state(x, 'arbitrum-payouts') === 'active' && state(x, 'optimism-relay') === 'jammed' && / PEND /.test(x), 'the others diagnosed');
    expect(state(f, 'sepolia-main')).toBe('reading…');
    // Its first read not complete: no jam counted or named yet (issue 53.3), how far said.
    expect(line(f)).toMatch(/^reading… jams diagnosed for \d+ of \d+ relayers \(counted once all are\)$/);
    // In no frame, before the server's dialect was known included, was it said active.
    const said = h.stdout.frames.map((x) => state(x, 'sepolia-main')).filter((s) => s !== undefined);
    expect(said.length).toBeGreaterThan(0);
    expect(said.filter((s) => s !== 'reading…')).toEqual([]);
    // Its detail says the same, not a state it does not know.
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('sepolia-main'); i++) await h.press(KEY.down);
    await h.press('i');
    const d = await h.waitFor((x) => x.includes('relayer Sepolia Main') && /^state\s/m.test(x), 'the detail');
    expect(d).toMatch(/^state\s+reading…$/m);
    expect(d).toMatch(/^jam\s+reading… \(its diagnosis has not come yet\)$/m);
  });

  it('its reads failed: `not diagnosed` in STATE and the line names it with why; i says why; the next read that answers clears it', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 160, rows: 30 });
    // Its two reads through /rpc fail: the network's price (read first, for its forecasts) and the chain's nonce.
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: RPC, times: 1 });
    const f = await h.waitFor((x) => state(x, 'sepolia-main') === 'not diagnosed' && !/being diagnosed/.test(x), 'not diagnosed');
    // Named in the line (its why where it fits: i says it whole).
    expect(line(f)).toMatch(/^3 jammed .*; 1 not diagnosed: sepolia-main(?: \(its.*)?$/);
    // Not counted among the clear: every other relayer of the kind diagnosed says what it is.
    expect(state(f, 'linea-idle')).toBe('active');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('sepolia-main'); i++) await h.press(KEY.down);
    await h.press('i');
    const d = (await h.waitFor((x) => x.includes('relayer Sepolia Main') && /^jam\s/m.test(x), 'the detail')).replace(/\s+/g, ' ');
    expect(d).toMatch(/state not diagnosed jam not diagnosed: its JSON-RPC \(eth_getTransactionCount\) could not be read \(/);
    await h.press(KEY.esc);
    // r diagnoses again: the injected failure used up, it answers — and only now is it active.
    await h.waitFor((x) => x.includes('relayer-tui › relayers'), 'the list');
    await h.press('r');
    const after = await h.waitFor((x) => state(x, 'sepolia-main') === 'active', 'diagnosed');
    expect(line(after)).not.toMatch(/not diagnosed/);
  });
});

describe('the first screen line names low balances after the jams', () => {
  it('at 80 columns: the jams, then the low one with its balance and minimum, cut with … to fit', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    // The low one is named once its status is read (a read of its own, apart from the diagnosis).
    const f = await h.waitFor((x) => /^3 jammed /.test(line(x)) && !/being diagnosed/.test(x) && /; 1 low: /.test(line(x)), 'the line, every relayer diagnosed, the low one read');
    // mainnet-hot holds about 0.3556 ETH against its policy's 100 ETH (paused: its STATE says paused; the line says the balance).
    expect(line(f)).toMatch(/^3 jammed (?:as of [\d:]+|\(read [\d:–]+\)): holesky-test.*; 1 low: mainnet-hot 0\.355/);
    expect([...line(f)].length).toBeLessThanOrEqual(80);
  });

  it('at 80 columns, a low one and one not diagnosed beside the jams: each named, by its id where no more fits', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    // Its two reads through /rpc fail: the network's price (read first, for its forecasts) and the chain's nonce.
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: RPC, times: 1 });
    const f = await h.waitFor((x) => /^3 jammed/.test(line(x)) && /not diagnosed/.test(line(x)) && !/being diagnosed/.test(x) && /; 1 low: /.test(line(x)), 'the line, every relayer read, the low one too');
    expect(line(f)).toMatch(/^3 jammed.*: holesky-test.*; 1 low: mainnet-hot\b.*; 1 not diagnosed: sepolia-main/);
    expect([...line(f)].length).toBeLessThanOrEqual(80);
  });

  it('wide enough, whole: each low one with its balance against its minimum (the context\'s, where it is the higher)', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 330, rows: 30, services: { context: { name: 'lab', minBalances: { sepolia: '10 ETH' } } } });
    const f = await h.waitFor((x) => /^3 jammed /.test(line(x)) && !/being diagnosed/.test(x) && / 3 low: /.test(x), 'the line, every relayer diagnosed');
    expect(line(f)).toMatch(/ — t: the worst first; 3 low: bulk-1m \d\.\d+… ETH < 10 ETH min, mainnet-hot 0\.355\d*… ETH < 100 ETH min, sepolia-main \d\.\d+… ETH < 10 ETH min$/);
  });
});
