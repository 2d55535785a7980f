/**
 * E2E: the built CLI against its sandbox in the real server's flavour (`--sandbox-flavor real`): the
 * relayers list grows its live-status columns, and a Stellar replacement with a hash memo typed as
 * 64 hex digits goes out as the real server reads it and is accepted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY, assertBuilt, disposeAll, releaseCli, runCommand, startCli, tableRows } from './pty.js';

beforeAll(assertBuilt);
afterEach(disposeAll);
afterAll(releaseCli);

const HASH = 'c0ffee'.padEnd(64, '0');

describe('npm start: the real flavour, its clock running (e2e, built CLI in a pty)', () => {
  it('is the default: the status bar says SANDBOX v1.8, and a healthy relayer\'s new transactions go through by themselves', async () => {
    const tui = await startCli({ cols: 100, rows: 30 });
    await tui.waitForText(/^SANDBOX v1\.8 │ rw/m);
    await runCommand(tui, 'tx sepolia-main');
    const header = /^\s+STATUS\s+NONCE\s+HASH/;
    const first = await tui.waitForScreen((r) => tableRows(r, header).length > 3, 5000, 'the transactions');
    const nonceOf = (row: string) => Number(/^[› ][ *](\S+)\s+(\d+)/.exec(row)?.[2] ?? NaN);
    const seen = Math.max(...tableRows(first, header).map(nonceOf).filter((n) => !Number.isNaN(n)));
    tui.press('w');
    // A transaction that was not there yet arrives, is signed, broadcast, mined and confirmed (6 blocks of 2 s) — no key pressed.
    await tui.waitForScreen((r) => tableRows(r, header).some((row) => /^[› ][ *]confirmed\s/.test(row) && nonceOf(row) > seen), 45_000, 'a new transaction confirmed');
  }, 60_000);
});

describe('the real flavour (e2e, built CLI in a pty)', () => {
  it('status columns on the relayers list, then a Stellar replacement with a hash memo', async () => {
    const tui = await startCli({ args: ['--sandbox-flavor', 'real'], cols: 120, rows: 30 });
    // The live status arrives after the first frame: balance in the native unit and the pending count.
    // (Row 1 is the jam line once the diagnosis is in: the header is below it.)
    let rows = await tui.waitForScreen((r) => r.some((l) => /^\s+STATE\s+NAME\s+BALANCE\s+PEND\s+LAST OK\s+ID/.test(l)) && !r.join('\n').includes(' … '), 10_000, 'the status columns');
    const sepolia = tableRows(rows, /^\s+STATE\s+NAME\s+BALANCE/).find((r) => r.includes('sepolia-main'))!;
    expect(sepolia).toMatch(/Sepolia Main\s+\d+\.\d{4,18}…? ETH\s+\d+\s+\S+\s+sepolia-main/);

    await runCommand(tui, 'tx stellar-testnet');
    await tui.waitForText(/Stellar Testnet › transactions \(stellar\)/);
    // The title comes with the route; the rows when the page arrives: e needs a selected row.
    await tui.waitForScreen((r) => r.some((l) => /^› pending\s/.test(l)), 5000, 'the transactions');
    tui.press('e');
    rows = await tui.waitForText(/replace STELLAR tx/);
    // The required first (issue 43): network → build from → operations, the template typed over (issue 18.3).
    tui.press(KEY.tab);
    tui.press(KEY.tab);
    await tui.waitForText(/› operations/);
    tui.press('[{"type": "payment", "destination": "GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H", "amount": "1", "asset": {"type": "native"}}]');
    await tui.waitForText('OASW7QC7OX2H');
    // operations → source_account → memo; three steps right: none → text → id → hash.
    tui.press(KEY.tab);
    tui.press(KEY.tab);
    await tui.waitForText(/› memo/);
    for (const _ of [1, 2, 3]) tui.press('\x1b[C');
    await tui.waitForText('‹ hash ›');
    tui.press(KEY.tab);
    await tui.waitForText(/› memo value/);
    tui.press(HASH);
    await tui.waitForText(HASH.slice(0, 40));
    tui.press(KEY.ctrlS);
    rows = await tui.waitForText('Review:');
    const review = rows.join('\n');
    expect(review).toMatch(/encoded for\s+OpenZeppelin Relayer \(detected/);
    // The review warns that v1.8 does nothing for a Stellar replace…
    expect(review.replace(/\s+/g, ' ')).toContain('⚠ Stellar the OpenZeppelin Relayer v1.8 answers a Stellar replace with 200 and does nothing');
    await tui.sendReview();
    // … and its 200 with the transaction unchanged is never called done (issue 26).
    rows = await tui.waitForText('nothing changed');
    expect(rows.join('\n')).toMatch(/⚠ The server answered success but nothing changed \(HTTP 200\): transaction \S+ came/);
    expect(rows.join('\n')).toMatch(/PUT \/api\/v1\/relayers\/stellar-testnet\/transactions\/\S+ → HTTP 200/);
    expect(rows.join('\n')).not.toContain('✓ Done');
  });
});
