/**
 * Balances that warn before they bite (issue 42.3): a relayer under its minimum — the higher of its
 * policies.min_balance (where it counts: above v1.8's EVM default of 1 wei) and the context's own
 * `min_balance:` — reads `low` in STATE, and its detail says the minimum and whose it is. Against the
 * sandbox's real flavour over loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, relayerRow as row } from './support.js';
import { relayersLine } from '../../src/core/columns/relayersLine.js';
import { nativeUnitOf } from '../../src/core/amounts.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});


describe('a balance under its minimum', () => {
  it("STATE says low where the balance is under the relayer's own minimum; the detail names it and whose it is", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
    // mainnet-hot holds 0.3556 ETH against its policy's 100 ETH, and is paused: STATE shows the worst
    // of disabled, jammed, paused, low (issue 41.3), the detail lists them all.
    const f = await h.waitFor((x) => / BALANCE /.test(x) && /ETH/.test(row(x, 'mainnet-hot')) && !/reading…/.test(row(x, 'sepolia-main')), 'the balances and the diagnosis');
    expect(row(f, 'mainnet-hot')).toMatch(/^\W*paused\s+Mainnet Hot Wallet/);
    // A relayer over its own minimum and no context threshold: its own state.
    expect(row(f, 'sepolia-main')).toMatch(/^\W*active\s+Sepolia Main/);
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('mainnet-hot'); i++) await h.press(KEY.down);
    await h.press('i');
    const d = await h.waitFor((x) => /minimum balance/.test(x), 'the detail');
    expect(d.replace(/\s+/g, ' ')).toMatch(/minimum balance 100 ETH: its policies\.min_balance — the balance is under it/);
    // Paused, v1.8 refuses its JSON-RPC: its jam is not known, and said (never left out as if clear).
    expect(d).toMatch(/^state\s+paused, low, not diagnosed$/m);
    expect(d.replace(/\s+/g, ' ')).toMatch(/jam not diagnosed: the server refuses its JSON-RPC \(eth_getTransactionCount\) \(403: /);
  });

  it("the context's min_balance counts where it is above the relayer's own (a policy's 1 wei never hides it)", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30, services: { context: { name: 'lab', minBalances: { '*': '100 ETH' } } } });
    const f = await h.waitFor((x) => / BALANCE /.test(x) && /ETH/.test(row(x, 'sepolia-main')), 'the balances');
    // sepolia-main holds about 7 ETH (a day of its spend: sandbox/spend.ts): under the context's 100 ETH.
    expect(row(f, 'sepolia-main')).toMatch(/^\W*low\s+Sepolia Main/);
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('sepolia-main'); i++) await h.press(KEY.down);
    await h.press('i');
    // Its jam read as the list's was (diagnosed: no jam), the state is its balance's alone.
    const d = await h.waitFor((x) => /minimum balance/.test(x) && !/reading…/.test(x), 'the detail, diagnosed');
    expect(d).toMatch(/^state\s+low$/m);
    expect(d.replace(/\s+/g, ' ')).toMatch(/minimum balance 100 ETH: context lab min_balance \(above its policies\.min_balance\) — the balance is under it/);
  });

  it('the first screen line names them after the jams, each with its balance and minimum, cut with … to the width', () => {
    const eth = nativeUnitOf('evm', 'sepolia');
    const low = [
      { relayerId: 'holesky-test', balance: '10000000000000000', min: '50000000000000000', unit: eth },
      { relayerId: 'sepolia-main', balance: '18666000000000000', min: '1000000000000000000', unit: eth },
    ];
    const none = { jams: [], notDiagnosed: [], reading: 0 };
    expect(relayersLine({ ...none, low })).toBe('2 low: holesky-test 0.01 ETH < 0.05 ETH min, sepolia-main 0.018666 ETH < 1 ETH min');
    // Cut with … where every one is still named; narrower, by their ids alone.
    expect(relayersLine({ ...none, low }, 75)).toBe('2 low: holesky-test 0.01 ETH < 0.05 ETH min, sepolia-main 0.018666 ETH < 1…');
    expect(relayersLine({ ...none, low }, 40)).toBe('2 low: holesky-test, sepolia-main');
    expect(relayersLine({ ...none, low }, 25)).toBe('2 low: holesky-test, sep…');
    expect(relayersLine({ ...none, low: [] })).toBeNull();
  });
});
