/**
 * Issue 18.2: the replacement review's before → after is computed from the exact body that will be
 * sent — "(sent unchanged)" only for what is sent, "not sent" for what the server will choose — and a
 * price below the original's is refused before anything leaves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { SEPOLIA, openReplace, retype, writes } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const reviewLine = (f: string, label: string) => f.split('\n').find((l) => new RegExp(`^\\s*${label.replace(/[()]/g, '\\$&')}\\s{2,}`).test(l))?.trim();

describe('the review says what the body does', () => {
  it('a legacy-priced transaction sent by speed: gas_price "not sent", value without an arrow; the PUT body matches', async () => {
    h = await renderApp({ route: SEPOLIA });
    // Row 2 of the seeded list: sent, gas_price 15897000000, speed safeLow, 0.01 ETH.
    const id = await openReplace(h, 1);
    const tx = h.sandbox.getTransaction('sepolia-main', id)!;
    expect(String(tx.gas_price)).toBe('15897000000');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(reviewLine(f, 'gas_price')).toBe('gas_price                 15897000000 → not sent (the server prices it from speed safeLow)');
    expect(reviewLine(f, 'value')).toBe('value                     0.01 ETH (unchanged)');
    expect(reviewLine(f, 'value (wei)')).toBe('value (wei)               10000000000000000 (sent unchanged)');
    expect(reviewLine(f, 'speed')).toBe('speed                     safeLow (sent unchanged)');
    expect(f).toMatch(/⚠ price\s+gas_price not sent: the server prices the replacement from speed safeLow/);
    expect(f).not.toMatch(/gas_price\s+15897000000 \(/);
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'), 'done');
    const puts = writes(h);
    expect(puts).toHaveLength(1);
    // Exactly the fields the review says are sent, and no price.
    expect(puts[0]!.body).toBe(`{"value":10000000000000000,"to":"${tx.to}","data":"${tx.data}","gas_limit":${tx.gas_limit},"speed":"safeLow"}`);
  });

  it('a gas_price below the original is refused on the field; nothing is sent', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h, 1);
    for (let i = 0; i < 4; i++) await h.press(KEY.tab);
    await retype(h, '15000000000');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes("below the transaction's own 15897000000 wei"), 'the refusal');
    expect(f).not.toContain('Review:');
    expect(writes(h)).toEqual([]);
  });

  it('a gas_price above the original but by less than 10 % is sent only after a loud warning; the body carries it', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h, 1);
    for (let i = 0; i < 4; i++) await h.press(KEY.tab);
    await retype(h, '16000000000');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(f).toMatch(/⚠ gas_price\s+16000000000 is less than \+10 % over 15897000000/);
    expect(reviewLine(f, 'gas_price')).toBe('gas_price                 15897000000 → 16000000000');
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done') || x.includes('refused'), 'sent');
    expect(writes(h)[0]!.body).toContain('"gas_price":16000000000,');
  });

  it('an EIP-1559 transaction re-priced by speed: both fee fields "not sent", none in the body', async () => {
    h = await renderApp({ route: SEPOLIA });
    const id = await openReplace(h, 0);
    const tx = h.sandbox.getTransaction('sepolia-main', id)!;
    expect(String(tx.max_fee_per_gas)).toBe('21000000000');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(reviewLine(f, 'max_fee_per_gas')).toBe('max_fee_per_gas           21000000000 → not sent (the server prices it from speed average)');
    expect(f).toMatch(/max_priority_fee_per_gas\s+\d+ → not sent/);
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'), 'done');
    expect(writes(h)[0]!.body).not.toMatch(/max_fee_per_gas|max_priority_fee_per_gas|gas_price/);
  });

  it('prices take units (issue 18.9): "20 gwei" shows its exact wei and goes on the wire as 20000000000', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h, 1);
    for (let i = 0; i < 4; i++) await h.press(KEY.tab);
    await retype(h, '20 gwei');
    let f = await h.waitFor((x) => x.includes('= 20000000000 wei (20 gwei)'), 'the exact wei');
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(reviewLine(f, 'gas_price')).toBe('gas_price                 15897000000 → 20000000000');
    expect(f).toContain('"gas_price": 20000000000,');
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'), 'done');
    expect(writes(h)[0]!.body).toContain(',"gas_price":20000000000,');
  });

  it('a fraction of a wei in a price is refused, not rounded', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h, 1);
    for (let i = 0; i < 5; i++) await h.press(KEY.tab);
    await retype(h, '1.0000000001 gwei');
    await h.waitFor((x) => x.includes('✗ not a whole number of wei'), 'refused');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => /needs? attention/.test(x), 'not reviewed');
    expect(writes(h)).toEqual([]);
  });
});
