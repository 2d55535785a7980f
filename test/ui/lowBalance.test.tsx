/**
 * Balances that warn before they bite (issue 42.3): a relayer under its minimum — the higher of its
 * policies.min_balance (where it counts: above v1.8's EVM default of 1 wei) and the context's own
 * `min_balance:` — reads `low` in STATE, and its detail says the minimum and whose it is. Against the
 * sandbox's real flavour over loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, tableRows } from './support.js';
import { lowLine } from '../../src/core/columns/relayers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const row = (frame: string, id: string) => tableRows(frame).find((r) => r.includes(` ${id} `)) ?? '';

describe('a balance under its minimum', () => {
  it("STATE says low where the balance is under the relayer's own minimum; the detail names it and whose it is", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
    // mainnet-hot holds 0.3556 ETH against its policy's 100 ETH, and is paused: STATE shows the worst
    // of disabled, jammed, paused, low (issue 41.3), the detail lists them all.
    const f = await h.waitFor((x) => / BALANCE /.test(x) && /ETH/.test(row(x, 'mainnet-hot')), 'the balances');
    expect(row(f, 'mainnet-hot')).toMatch(/^\W*paused\s+Mainnet Hot Wallet/);
    // A relayer over its own minimum and no context threshold: its own state.
    expect(row(f, 'sepolia-main')).toMatch(/^\W*active\s+Sepolia Main/);
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('mainnet-hot'); i++) await h.press(KEY.down);
    await h.press('i');
    const d = await h.waitFor((x) => /minimum balance/.test(x), 'the detail');
    expect(d.replace(/\s+/g, ' ')).toMatch(/minimum balance 100 ETH: its policies\.min_balance — the balance is under it/);
    expect(d).toMatch(/^state\s+paused, low$/m);
  });

  it("the context's min_balance counts where it is above the relayer's own (a policy's 1 wei never hides it)", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30, services: { context: { name: 'lab', minBalances: { '*': '1 ETH' } } } });
    const f = await h.waitFor((x) => / BALANCE /.test(x) && /ETH/.test(row(x, 'sepolia-main')), 'the balances');
    // sepolia-main holds about 0.02 ETH: under the context's 1 ETH.
    expect(row(f, 'sepolia-main')).toMatch(/^\W*low\s+Sepolia Main/);
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('sepolia-main'); i++) await h.press(KEY.down);
    await h.press('i');
    const d = await h.waitFor((x) => /minimum balance/.test(x), 'the detail');
    expect(d).toMatch(/^state\s+low$/m);
    expect(d.replace(/\s+/g, ' ')).toMatch(/minimum balance 1 ETH: context lab min_balance \(above its policies\.min_balance\) — the balance is under it/);
  });

  it('the first screen line names them, shorter as the width asks', () => {
    expect(lowLine(['mainnet-hot', 'sepolia-main'])).toBe('2 under their minimum balance: mainnet-hot, sepolia-main — i on one says the minimum and whose it is');
    expect(lowLine(['mainnet-hot', 'sepolia-main'], 55)).toBe('2 under their minimum balance: mainnet-hot, +1 more');
    expect(lowLine(['mainnet-hot', 'sepolia-main'], 40)).toBe('2 under their minimum balance: mainnet-hot +1');
  });
});
