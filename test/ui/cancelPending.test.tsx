/**
 * X on a relayer (cancel every pending one), issue 43: the review lists what is pending as read at a
 * time; a review older than 15 s reads it again on enter and is sent only if the list is the same —
 * else the new list is reviewed and nothing is sent. Against the sandbox's real flavour over loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';
import { writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const RX1 = '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7';

async function reviewCancelAll(clock: { skew: number }): Promise<string> {
  h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 40, services: { now: () => Date.now() + clock.skew } });
  h.sandbox.clock.stop();
  await h.waitFor((x) => x.includes('sepolia-main'), 'the relayers');
  for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('sepolia-main'); i++) await h.press('j');
  await h.press('X');
  return h.waitFor((x) => /^Type sepolia-main and enter/m.test(x), 'the review');
}
const deletes = () => h!.sandbox.requests.filter((r) => r.method === 'DELETE');

describe('X on a relayer: what is pending, read again before it is sent', () => {
  it('a new pending transaction since the review: the new list is reviewed, nothing sent; then sent', async () => {
    const clock = { skew: 0 };
    const review = await reviewCancelAll(clock);
    const listed = /will be asked to cancel\s+(\d+|none)/.exec(review)?.[1];
    clock.skew = 20_000;
    const added = await h!.client.sendTransaction('sepolia-main', { to: RX1, value: '1', speed: 'fast' });
    await h!.press('sepolia-main', KEY.enter);
    const again = await h!.waitFor((x) => /its figures moved/.test(x), 'the new review');
    expect(deletes()).toEqual([]);
    expect(again).toContain(added.id);
    expect(/will be asked to cancel\s+(\d+)/.exec(again)?.[1]).toBe(String((listed === 'none' ? 0 : Number(listed)) + 1));
    // What moved is marked: the count, the transaction added; the lines alike are not.
    expect(again).toMatch(/^read again\s+at \d\d:\d\d:\d\d: the lines marked \* changed since the last review/m);
    expect(again).toMatch(/^\* will be asked to cancel\s+\d+/m);
    expect(again.split('\n').find((l) => l.includes(added.id))).toMatch(/^\* {3}pending/);
    expect(again).toMatch(/^the server takes\s/m);
    await h!.press('sepolia-main', KEY.enter);
    await h!.waitFor((x) => /The server's answer/.test(x), 'the answer');
    expect(deletes()).toHaveLength(1);
  });

  it('the same list read again: sent at once', async () => {
    const clock = { skew: 0 };
    await reviewCancelAll(clock);
    clock.skew = 20_000;
    await h!.press('sepolia-main', KEY.enter);
    await h!.waitFor((x) => /The server's answer/.test(x), 'the answer');
    expect(deletes()).toHaveLength(1);
    expect(writes(h!)).toHaveLength(1);
  });

  it('within 15 s, a transaction created after the review is taken by the server: the answer is said not as reviewed, naming it', async () => {
    const clock = { skew: 0 };
    const review = await reviewCancelAll(clock);
    // The review says the server takes what is pending when the request arrives, and when it read this list.
    expect(review.replace(/\s+/g, ' ')).toContain('the server takes what is pending when the request arrives, not this list');
    expect(review).toMatch(/will be asked to cancel\s+(\d+ \(pending, sent, submitted\), as read at|none: nothing pending, sent or submitted was read at) \d\d:\d\d:\d\d/);
    const added = await h!.client.sendTransaction('sepolia-main', { to: RX1, value: '1', speed: 'fast' });
    await h!.press('sepolia-main', KEY.enter);
    const done = await h!.waitFor((x) => /The server's answer/.test(x), 'the answer');
    expect(deletes()).toHaveLength(1);
    const flat = done.replace(/\s+/g, ' ');
    expect(flat).toContain('not as reviewed');
    expect(flat).toContain(`1 the review did not list (pending after it was read): ${added.id.slice(0, 8)}`);
  });

  it('at 80x24 a headline longer than its four rows ends marked … (a walk read one cut after "Queued: …," unmarked)', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('sepolia-main') || x.includes('Sepolia Main'), 'the relayers');
    for (let i = 0; i < 20 && !/Sepolia Main/.test(cursorRow(h.frame())); i++) await h.press('j');
    await h.press('X');
    await h.waitFor((x) => /^Type sepolia-main and enter/m.test(x), 'the review');
    await h.press('sepolia-main');
    await h.sendReview();
    const done = await h.waitFor((x) => /The server's answer/.test(x), 'the answer');
    const lines = done.split('\n');
    const sent = lines.findIndex((l) => l.startsWith('DELETE /api/v1/relayers/sepolia-main/transactions/pending'));
    // Its words took more than four rows here (six ids listed): four shown, the last marked cut.
    expect(sent).toBe(5);
    expect(lines[4]!.trimEnd().endsWith('…')).toBe(true);
  });
});
