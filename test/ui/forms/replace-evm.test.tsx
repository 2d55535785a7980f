/** Replacing an EVM transaction (group A) against the sandbox: fields, review, send, outcome. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { formatGwei } from '../../../src/core/amounts.js';
import { rawGet } from '../support.js';
import { EVM_FIELDS, SEPOLIA, U128_MAX, fieldHint, fieldLabels, fieldValue, focusedField, lines, openReplace, retype, settle, statusBar, writes } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});


describe('replace an EVM transaction', () => {
  it('replaces a pending tx with value u128 max: digits exact in the review, on the wire and in the store', async () => {
    h = await renderApp({ route: SEPOLIA });
    const id = await openReplace(h);
    const before = h.sandbox.getTransaction('sepolia-main', id)!;
    expect(before.status).toBe('pending');
    expect(focusedField(h.frame())).toBe('value');

    await retype(h, U128_MAX);
    let f = await h.waitFor((x) => fieldValue(x, 'value') === U128_MAX, 'u128 typed');
    expect(fieldHint(f, 'value')).toContain('= 340,282,366,920,938,463,463.374607431768211455 ETH');

    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(f).toContain(`PUT /api/v1/relayers/sepolia-main/transactions/${id}`);
    expect(f).toContain(`"value": ${U128_MAX},`);
    expect(f).toMatch(new RegExp(`value \\(wei\\)\\s+10000000000000000 → ${U128_MAX}`));
    // Nothing is sent before y.
    expect(writes(h)).toEqual([]);

    await h.sendReview();
    f = await h.waitFor((x) => x.includes('✓ Done'), 'done');
    expect(f).toContain(U128_MAX);
    const puts = writes(h);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.method).toBe('PUT');
    expect(puts[0]!.url).toBe(`/api/v1/relayers/sepolia-main/transactions/${id}`);
    expect(puts[0]!.body).toContain(`"value":${U128_MAX}`);
    expect(puts[0]!.body.startsWith(`{"value":${U128_MAX},`)).toBe(true);
    expect(h.sandbox.getTransaction('sepolia-main', id)!.value).toBe(U128_MAX);
  });

  it('opens with the fields in contract order, focus on value, prefilled from the transaction', async () => {
    h = await renderApp({ route: SEPOLIA });
    const id = await openReplace(h);
    const tx = h.sandbox.getTransaction('sepolia-main', id)!;
    const f = h.frame();
    expect(lines(f)[0]).toMatch(/replace EVM tx \S+ \(pending\)/);
    expect(fieldLabels(f)).toEqual(EVM_FIELDS);
    expect(focusedField(f)).toBe('value');
    expect(fieldValue(f, 'value')).toBe(String(tx.value));
    expect(fieldValue(f, 'to')).toBe(tx.to);
    expect(fieldValue(f, 'data')).toBe(tx.data);
    expect(fieldValue(f, 'gas_limit')).toBe(String(tx.gas_limit));
    expect(fieldValue(f, 'speed')).toBe(`‹ ${String(tx.speed)} ›`);
    expect(fieldValue(f, 'gas_price')).toBe('');
    expect(fieldValue(f, 'valid_until')).toBe('');
    // Every field shows its constraint.
    expect(f).toContain('wei, integer 0 … 2^128-1 (u128), required');
    expect(fieldHint(f, 'to')).toContain('0x address (40 hex digits; mixed case: EIP-55 checked)');
    expect(fieldHint(f, 'gas_limit')).toContain('integer ≥ 0 (int64)');
    expect(fieldHint(f, 'valid_until')).toContain('RFC 3339');
    // The prices start empty (not sent): the transaction's own are said beside them (walk finding: never shown).
    expect(fieldValue(f, 'max_fee_per_gas')).toBe('');
    expect(fieldHint(f, 'max_fee_per_gas')).toMatch(new RegExp(`^now ${formatGwei(String(tx.max_fee_per_gas)).replace('.', '\\.')}; empty = not sent \\(the server chooses\\)`));
    expect(fieldHint(f, 'max_priority_fee_per_gas')).toMatch(/^now [\d.]+ gwei; empty = not sent/);
  });

  it('prefills value in decimal wei when the real server sends it as 0x-hex', async () => {
    h = await renderApp({ route: SEPOLIA, sandbox: { flavor: 'real' } });
    const id = await openReplace(h);
    const raw = h.sandbox.getTransaction('sepolia-main', id)!.value as string;
    expect(raw).toMatch(/^0x[0-9a-f]+$/);
    const f = h.frame();
    expect(fieldValue(f, 'value')).toBe(BigInt(raw).toString());
    expect(fieldValue(f, 'value')).not.toContain('0x');
    expect(fieldHint(f, 'value')).toMatch(/^= [\d.,]+ ETH/);
  });

  it('shows the value in ETH as it is typed', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    await retype(h, '15');
    await h.waitFor((x) => fieldHint(x, 'value')?.startsWith('= 0.000000000000000015 ETH') === true, '15 wei');
    await h.press('00000000000000000');
    const f = await h.waitFor((x) => fieldValue(x, 'value') === '1500000000000000000', 'typed');
    expect(fieldHint(f, 'value')).toMatch(/^= 1\.5 ETH/);
  });

  it('refuses gas_price together with the EIP-1559 pair inline, and will not review', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    await h.press(KEY.tab, KEY.tab, KEY.tab, KEY.tab);
    expect(focusedField(h.frame())).toBe('gas_price');
    await h.press('20000000000', KEY.tab, '30000000000');
    let f = await h.waitFor((x) => fieldValue(x, 'max_fee_per_gas') === '30000000000', 'typed');
    expect(fieldHint(f, 'gas_price')).toContain('✗ not with max_fee_per_gas / max_priority_fee_per_gas');
    expect(fieldHint(f, 'max_priority_fee_per_gas')).toContain('✗ required with max_fee_per_gas');
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => statusBar(x).includes('need attention before review'), 'refused');
    expect(f).not.toContain('Review:');
    // The first field in error gets the focus.
    expect(focusedField(f)).toBe('gas_price');
    expect(writes(h)).toEqual([]);
  });

  it('reviews before → after and the nonce being replaced; no warning for a pending transaction', async () => {
    h = await renderApp({ route: SEPOLIA });
    const id = await openReplace(h);
    const tx = h.sandbox.getTransaction('sepolia-main', id)!;
    await retype(h, '42');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(f).toMatch(new RegExp(`replacing nonce\\s+${String(tx.nonce)} \\(the nonce is kept\\)`));
    expect(f).toMatch(new RegExp(`value \\(wei\\)\\s+${String(tx.value)} → 42`));
    expect(f).toMatch(/to\s+0x[0-9a-f]{40} \(sent unchanged\)/);
    expect(f).not.toContain('⚠ status');
  });

  it('a pending transaction not signed yet has no nonce: the review says so (a walk read "replacing nonce ?")', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId: 'holesky-test' }, columns: 120, rows: 40 });
    await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'transactions loaded');
    const txs = (await rawGet(h, '/relayers/holesky-test/transactions?page=1&per_page=100')).json.data as { id: string; status: string; nonce?: number | null }[];
    const pending = txs.find((t) => t.status === 'pending' && (t.nonce === undefined || t.nonce === null))!;
    expect(pending, 'a pending one with no nonce among the seeds').toBeDefined();
    await h.press('/', pending.id.slice(0, 8), KEY.enter);
    await h.waitFor((x) => /^› /m.test(x) && x.includes(pending.id.slice(0, 8)), 'the pending row');
    await h.press('e');
    await h.waitFor((x) => x.includes('replace ') && /^› /m.test(x), 'replace form');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(f).toMatch(/^nonce\s+none yet: not signed, the replacement gets one when it is signed$/m);
    expect(f).not.toMatch(/replacing nonce/);
  });

  it('speed: → goes faster ((none), safeLow, average, fast, fastest), ← slower; a speed below the transaction\'s own is warned in the review', async () => {
    h = await renderApp({ route: SEPOLIA });
    // Row 1 of the seeded list: pending, speed average.
    await openReplace(h);
    for (let i = 0; i < 7; i++) await h.press(KEY.tab);
    await h.waitFor((x) => focusedField(x) === 'speed', 'speed focused');
    expect(fieldValue(h.frame(), 'speed')).toBe('‹ average ›');
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await h.press(KEY.right);
      const want = ['fast', 'fastest', '(none)', 'safeLow', 'average'][i]!;
      await h.waitFor((x) => fieldValue(x, 'speed') === `‹ ${want} ›`, `→ ${want}`);
      seen.push(want);
    }
    expect(seen).toEqual(['fast', 'fastest', '(none)', 'safeLow', 'average']);
    // ← from average: slower.
    await h.press(KEY.left);
    await h.waitFor((x) => fieldValue(x, 'speed') === '‹ safeLow ›', '← safeLow');
    await h.press(KEY.ctrlS);
    let f = await h.waitFor((x) => x.includes('Review:'), 'review');
    // (Its continuation rows, indented under the value column, read as one line.)
    expect(f.replace(/\n {26}/g, ' ')).toMatch(/⚠ speed\s+average → safeLow is slower: the replacement may be priced below the one it replaces, and a server refuses an underpriced replacement/);
    // Faster is not warned about.
    await h.press(KEY.esc);
    await h.waitFor((x) => focusedField(x) === 'speed', 'back in the form');
    await h.press(KEY.right, KEY.right, KEY.right);
    await h.waitFor((x) => fieldValue(x, 'speed') === '‹ fastest ›', 'fastest');
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'), 'review again');
    expect(f).toMatch(/speed\s+average → fastest/);
    expect(f).not.toContain('⚠ speed');
    expect(writes(h)).toEqual([]);
  });

  it('warns in the review when the status cannot be replaced, and shows the server refusal with every field kept', async () => {
    h = await renderApp({ route: SEPOLIA });
    // Row 9 of the seeded list is confirmed.
    const id = await openReplace(h, 8);
    expect(h.sandbox.getTransaction('sepolia-main', id)!.status).toBe('confirmed');
    await retype(h, '7');
    await h.press(KEY.ctrlS);
    let f = await h.waitFor((x) => x.includes('Review:'), 'review');
    expect(f).toContain('⚠ status');
    expect(f).toContain('confirmed: only pending, sent or submitted can be replaced');
    await h.sendReview();
    f = await h.waitFor((x) => x.includes('Refused by the server'), 'refusal');
    expect(f).toContain('✗ Refused by the server (HTTP 400): nothing was applied');
    expect(f).toContain('Invalid transaction state for replace_transaction. Current: Confirmed');
    // No edit fixes a final state: the next step does not say "fix it".
    expect(f).toContain("The transaction's state does not allow it (already final?): no edit fixes it.");
    expect(f).not.toContain('fix it and review again');
    expect(fieldValue(f, 'value')).toBe('7');
  });

  it('after success the list refreshes and selects the replaced transaction', async () => {
    h = await renderApp({ route: SEPOLIA });
    // The fourth row (pending, not the first) so the selection has to follow the replaced id.
    const id = await openReplace(h, 3);
    await retype(h, U128_MAX);
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'), 'done');
    await h.press(KEY.esc);
    // u128 max wei is about 3.4e20 ETH: shortened in the list with a marker, whole in the detail.
    let f = await h.waitFor((x) => x.includes('› transactions') && /^›[ *]submitted .*≈3\.40e20 ETH/m.test(x), 'selected replaced row');
    // The selected row is the replaced transaction: opening it shows its id and the new value.
    await h.press(KEY.enter);
    f = await h.waitFor((x) => x.includes(`transaction ${id}`), 'detail of the replaced transaction');
    expect(f).toMatch(new RegExp(`value\\s+${U128_MAX}`));
  });

  it('a 500 on a PUT is an unknown outcome: server message and status shown, every field kept, the review warns, a new review can send again', async () => {
    h = await renderApp({ route: SEPOLIA });
    const id = await openReplace(h);
    await retype(h, '123');
    await h.press(KEY.tab, KEY.tab, KEY.tab);
    await retype(h, '50000');
    h.sandbox.inject({
      status: 500,
      body: '{"success":false,"data":null,"message":"Internal Server Error"}',
      match: { method: 'PUT', pathPrefix: '/api/v1/relayers/sepolia-main/transactions/' },
    });
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    let f = await h.waitFor((x) => x.includes('Outcome unknown'), 'failure');
    expect(f).toContain('⚠ Outcome unknown (HTTP 500): the request was sent and may have been applied');
    expect(f).not.toContain('refused');
    expect(f).toContain('Internal Server Error');
    expect(f).toContain('Nothing was resent. Refresh the list');
    expect(fieldValue(f, 'value')).toBe('123');
    expect(fieldValue(f, 'gas_limit')).toBe('50000');
    expect(focusedField(f)).toBe('gas_limit');
    expect(writes(h)).toHaveLength(1);
    // The stored transaction is untouched.
    expect(h.sandbox.getTransaction('sepolia-main', id)!.value).not.toBe('123');
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toContain('⚠ The last send of this form had an unknown outcome: it may have been applied.');
    await h.sendReview();
    f = await h.waitFor((x) => x.includes('✓ Done'), 'second attempt');
    // The header (wrapped at 100 columns) says what was sent and the status that came back.
    expect(f.replace(/\n/g, ' ')).toMatch(/✓ Done \(HTTP 200\): transaction \S+ replaced: the answer carries what was sent.* PUT \/api\/v1\/relayers\/sepolia-main\/transactions\/\S+ → HTTP 200/);
    expect(writes(h)).toHaveLength(2);
    expect(h.sandbox.getTransaction('sepolia-main', id)!.value).toBe('123');
  });

  it('keeps one request in flight: y and ctrl+s while sending do nothing', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    h.sandbox.setLatency(600);
    await retype(h, '99');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    const f = await h.waitFor((x) => x.includes('Sending PUT'), 'sending');
    expect(f).toContain('One request at a time');
    await h.press('y', KEY.ctrlS, 'y', KEY.enter, 'y');
    await h.waitFor((x) => x.includes('✓ Done'), 'done');
    expect(writes(h)).toHaveLength(1);
  });

  it('a timed-out PUT says the outcome is unknown, suggests refreshing, and is not resent', async () => {
    h = await renderApp({ route: SEPOLIA, client: { timeoutMs: 300 } });
    const id = await openReplace(h);
    h.sandbox.setLatency(900);
    await retype(h, '777');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    const f = await h.waitFor((x) => x.includes('Outcome unknown'), 'timeout');
    expect(f).toContain('the outcome is unknown');
    expect(f).toContain('Nothing was resent');
    expect(f).toMatch(/Refresh/);
    expect(fieldValue(f, 'value')).toBe('777');
    // The server answers after 900 ms: once it has answered every request, nothing was sent again.
    await h.sandbox.idle();
    await settle(100);
    expect(writes(h)).toHaveLength(1);
    // It did reach the server: that is why the outcome is called unknown rather than failed.
    expect(h.sandbox.getTransaction('sepolia-main', id)!.value).toBe('777');
  });

  it('opens from the transaction detail too', async () => {
    h = await renderApp({ route: SEPOLIA });
    await h.waitFor((f) => /^› pending/m.test(f), 'list');
    await h.press(KEY.enter);
    const detail = await h.waitFor((f) => f.includes('› transaction '), 'detail');
    const id = /› transaction (\S+)/.exec(detail)![1]!;
    await h.press('e');
    const f = await h.waitFor((x) => x.includes('replace EVM tx'), 'form');
    expect(f).toContain(`replace EVM tx ${id}`);
    expect(focusedField(f)).toBe('value');
  });
});
