/**
 * A cancel left in flight (issue 43: a walk's cancel stayed "in flight" on its outcome and in the
 * ledger, never read back): X on a submitted transaction, its NOOP on its way; the outcome follows it
 * — read back every 2 s — and says what it came to once the chain mines the NOOP, writes that to the
 * ledger as a read-back line, and :audit says `applied (read back)`. Against the sandbox's real flavour
 * over loopback, its clock stepped by the test (never slept on for the chain).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditLedger } from '../../src/ledger/audit.js';
import { renderApp, type Harness } from './helpers.js';
import { rawGet } from './support.js';
import { palette } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

describe('a cancel left in flight is followed on its outcome', () => {
  it('X on a submitted transaction: "following the cancel", then "applied — … is canceled" once its NOOP is mined; the ledger has the read-back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-cancel-follow-'));
    const audit = new AuditLedger(join(dir, 'audit.jsonl'), { context: 'test', server: 'http://sandbox' });
    h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId: 'sepolia-main' }, columns: 120, rows: 36, services: { audit } });
    h.sandbox.clock.stop();
    await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'transactions loaded');
    const txs = (await rawGet(h, '/relayers/sepolia-main/transactions?page=1&per_page=100')).json.data as { id: string; status: string }[];
    const tx = txs.find((t) => t.status === 'submitted')!;
    expect(tx).toBeDefined();
    await h.press('/', tx.id.slice(0, 8), '\r');
    await h.waitFor((x) => /^› /m.test(x) && x.includes(tx.id.slice(0, 8)), 'its row');
    await h.press('X');
    await h.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    await h.sendReview();
    const following = await h.waitFor((x) => /following the cancel: transaction \S+ is submitted, marked canceling/.test(x.replace(/\s+/g, ' ')), 'followed');
    expect(following).toContain("The server's answer");
    // The chain mines the NOOP: the next read back says so.
    h.sandbox.clock.step(10);
    const done = (await h.waitFor((x) => /read back at \d\d:\d\d:\d\d: applied — transaction \S+ is canceled \(written to the ledger\)/.test(x.replace(/\s+/g, ' ')), 'read back: canceled')).replace(/\s+/g, ' ');
    expect(done).not.toContain('following the cancel');
    // The answer's times stay dated by when it came, however often the follow redrew the screen.
    const dated = (f: string) => [...f.matchAll(/before (\d\d:\d\d:\d\d)\)/g)].map((m) => m[1]);
    expect(dated(following).length).toBeGreaterThan(0);
    expect(dated(done)).toEqual(dated(following));
    const lines = readFileSync(audit.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; phase: string; outcome?: string; of?: string });
    expect(lines.map((l) => [l.phase, l.outcome ?? null])).toEqual([['sent', null], ['done', 'in flight'], ['settled', 'applied']]);
    expect(lines[2]!.of).toBe(lines[0]!.id);
    await h.press('\x1b');
    await palette(h, 'audit');
    await h.waitFor((x) => x.includes('relayer-tui › audit') && /applied \(read back\)/.test(x), ':audit says it');
  });
});

describe('a replacement of a transaction being canceled', () => {
  it('is warned in its review: the replacement takes its NOOP\'s place, the cancel undone (v1.8 keeps is_canceled and confirms what is sent)', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId: 'sepolia-main' }, columns: 140, rows: 50 });
    h.sandbox.clock.stop();
    await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'transactions loaded');
    const txs = (await rawGet(h, '/relayers/sepolia-main/transactions?page=1&per_page=100')).json.data as { id: string; status: string }[];
    const tx = txs.find((t) => t.status === 'submitted')!;
    await h.client.cancelTransaction('sepolia-main', tx.id);
    await h.press('r');
    await h.press('/', tx.id.slice(0, 8), '\r');
    // The form starts from the row as r read it again: canceling (the refresh answers after the keys).
    await h.waitFor((x) => /^›[ *]canceling\s/m.test(x) && x.includes(tx.id.slice(0, 8)), 'its row, canceling');
    await h.press('e');
    await h.waitFor((x) => x.includes('replace EVM tx'), 'the form');
    // The form starts from the transaction as it is now: its NOOP (0 to itself). Sent so, the cancel stands.
    await h.press('\x13');
    const same = (await h.waitFor((x) => x.includes('Review:'), 'the review')).replace(/\s+/g, ' ');
    expect(same).toContain("⚠ canceling a cancel of it is on its way (its NOOP): this replacement takes the NOOP's place and is itself one (0 to the relayer itself, no data): the cancel stands, re-priced");
    // A value of 1 wei: no NOOP any more — the cancel undone, said so.
    await h.press('\x1b');
    await h.waitFor((x) => !x.includes('Review:') && x.includes('replace EVM tx'), 'back on the form');
    await h.press('\x15', '1', '\x13');
    const review = (await h.waitFor((x) => x.includes('Review:'), 'the review again')).replace(/\s+/g, ' ');
    expect(review).toContain("⚠ canceling a cancel of it is on its way (its NOOP): this replacement takes the NOOP's place — the cancel is undone, and what is sent here goes through instead");
  });
});

describe('a cancel of one that waits behind a jam', () => {
  it('says in its review (and a replacement of it in its) that nothing sent for it can be mined before the jammed nonce is', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 140, rows: 50 });
    h.sandbox.clock.stop();
    await h.waitFor((x) => /jammed .*holesky-test/.test(x), 'the jam line');
    await h.press('/', 'holesky', '\r');
    await h.waitFor((x) => /^› .*Holesky Test/m.test(x), 'its row');
    await h.press('\r');
    await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'its transactions');
    const txs = (await rawGet(h, '/relayers/holesky-test/transactions?page=1&per_page=100')).json.data as { id: string; nonce: number | null }[];
    const behind = txs.find((t) => t.nonce === 2835)!;
    await h.press('/', behind.id.slice(0, 8), '\r');
    await h.waitFor((x) => /^› /m.test(x) && x.includes(behind.id.slice(0, 8)), 'its row');
    await h.press('X');
    const review = (await h.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review')).replace(/\s+/g, ' ');
    expect(review).toContain('⚠ behind a jam it waits behind nonce 2834 (never broadcast): nothing sent for it can be mined before that nonce is — the blocker is fixed from t');
    // A replacement of it says the same (a walk's bump of a waiter was unwarned).
    await h.press('\x1b');
    await h.waitFor((x) => /^› /m.test(x) && x.includes(behind.id.slice(0, 8)) && !x.includes('Review:'), 'back on its row');
    await h.press('e');
    await h.waitFor((x) => x.includes('replace EVM tx'), 'the replace form');
    await h.press('\x13');
    const replace = (await h.waitFor((x) => x.includes('Review:'), 'the replace review')).replace(/\s+/g, ' ');
    expect(replace).toContain('⚠ behind a jam it waits behind nonce 2834 (never broadcast): nothing sent for it can be mined before that nonce is');
  });
});
