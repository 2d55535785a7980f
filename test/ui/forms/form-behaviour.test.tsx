/** What every form does: moving between fields, inline checks, review round trip, leaving, drafts, layout. */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { EVM_FIELDS, SEPOLIA, U128_MAX, fieldHint, fieldLabels, fieldValue, focusedField, lines, openReplace, palette, retype, statusBar, writes } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});


describe('form behaviour', () => {
  it('tab and shift+tab move through the fields in order and wrap around', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    const seen: string[] = [];
    for (let i = 0; i < EVM_FIELDS.length; i++) {
      seen.push(focusedField(h.frame())!);
      await h.press(KEY.tab);
    }
    expect(seen).toEqual(EVM_FIELDS);
    expect(focusedField(h.frame())).toBe('value');
    await h.press(KEY.shiftTab);
    expect(focusedField(h.frame())).toBe('valid_until');
    await h.press(KEY.shiftTab, KEY.shiftTab);
    expect(focusedField(h.frame())).toBe('max_priority_fee_per_gas');
  });

  it('a choice field: a letter picks the next option starting with it (any case), another says it is a choice, enter moves on', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    for (let i = 0; i < 7; i++) await h.press(KEY.tab);
    await h.waitFor((x) => focusedField(x) === 'speed' && fieldValue(x, 'speed') === '‹ average ›', 'speed focused');
    for (const [letter, want] of [['f', 'fast'], ['f', 'fastest'], ['F', 'fast'], ['s', 'safeLow'], ['n', '(none)'], ['a', 'average']] as const) {
      await h.press(letter);
      await h.waitFor((x) => fieldValue(x, 'speed') === `‹ ${want} ›`, `${letter} → ${want}`);
    }
    await h.press('x');
    const f = await h.waitFor((x) => statusBar(x).includes('speed is a choice'), 'said');
    expect(statusBar(f)).toContain("speed is a choice: ←/→ or an option's first letter (no option starts with x)");
    expect(fieldValue(f, 'speed')).toBe('‹ average ›');
    expect(focusedField(f)).toBe('speed');
    await h.press(KEY.enter);
    await h.waitFor((x) => focusedField(x) === 'valid_until', 'enter: the next field');
    expect(fieldValue(h.frame(), 'speed')).toBe('‹ average ›');
    expect(writes(h)).toEqual([]);
  });

  it('at 80 columns: validation messages and hints wrap under the field whole; a long label keeps a gap before its value', async () => {
    h = await renderApp({ route: SEPOLIA, columns: 80, rows: 24 });
    await openReplace(h);
    await retype(h, '1.5');
    const f = await h.waitFor((x) => fieldHint(x, 'value')?.startsWith('✗ not an integer') === true, 'not an integer');
    expect(f.replace(/\n {28}/g, ' ')).toContain('✗ not an integer: digits only (no decimals, units or separators)');
    expect(lines(f).every((l) => l.length <= 80)).toBe(true);
    for (let i = 0; i < 6; i++) await h.press(KEY.tab);
    await h.press('7');
    const g = await h.waitFor((x) => fieldValue(x, 'max_priority_fee_per_gas') === '7', 'a priority fee');
    expect(lines(g).find((l) => /^[› ] max_priority_fee_per_gas/.test(l))).toMatch(/^› max_priority_fee_per_gas {2,}7$/);
  });

  it('the value takes units (1.5 ETH): the note shows the exact wei, and those digits are sent', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    await retype(h, '1.5 ETH');
    await h.waitFor((x) => fieldHint(x, 'value')?.startsWith('= 1500000000000000000 wei (1.5 ETH)') === true, 'the wei note');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toContain('"value": 1500000000000000000');
    await h.sendReview();
    await h.waitFor((x) => x.includes('✓ Done'));
    expect(writes(h)[0]!.body).toMatch(/^\{"value":1500000000000000000,/);
  });

  it('checks each field as it is typed: out of range, not an integer, not hex, not RFC 3339', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    await retype(h, '1.5');
    await h.waitFor((f) => fieldHint(f, 'value')!.startsWith('✗ not an integer'), 'not an integer');
    await retype(h, '340282366920938463463374607431768211456');
    // Message and hint do not fit one line at 100 columns: each gets its own, nothing is cut.
    const wrapped = await h.waitFor((f) => fieldHint(f, 'value') === '✗ out of range: above the u128 maximum', 'above u128');
    expect(wrapped).toMatch(/✗ out of range: above the u128 maximum\n {28}wei, integer 0 … 2\^128-1 \(u128\), required/);
    await retype(h, '-1');
    await h.waitFor((f) => fieldHint(f, 'value')!.startsWith('✗ out of range: must not be negative'), 'negative');
    await retype(h, '1');
    await h.waitFor((f) => !fieldHint(f, 'value')!.startsWith('✗'), 'valid again');

    await h.press(KEY.tab);
    await retype(h, '0x1234');
    await h.waitFor((f) => fieldHint(f, 'to')!.startsWith('✗ not an address'), 'bad address');
    await h.press(KEY.tab);
    await retype(h, '0xabc');
    await h.waitFor((f) => fieldHint(f, 'data')!.startsWith('✗ not hex'), 'odd hex');
    await h.press(KEY.tab);
    await retype(h, '9223372036854775808');
    await h.waitFor((f) => fieldHint(f, 'gas_limit')!.startsWith('✗ out of range: above the int64 maximum'), 'int64');
    await h.press(KEY.shiftTab, KEY.shiftTab, KEY.shiftTab, KEY.shiftTab);
    expect(focusedField(h.frame())).toBe('valid_until');
    await h.press('tomorrow');
    const f = await h.waitFor((x) => fieldHint(x, 'valid_until')!.startsWith('✗ not RFC 3339'), 'rfc3339');
    // Errors stay beside their fields while others are edited.
    expect(fieldHint(f, 'to')).toMatch(/^✗ not an address/);
    // One already passed is pointed at (its hint says "later than now"; a walk's 2020 date went out).
    await retype(h, '2020-01-01T00:00:00Z');
    await h.waitFor((x) => fieldHint(x, 'valid_until')!.startsWith('✗ already passed'), 'a past time');
    await retype(h, '2036-11-22T18:00:00Z');
    await h.waitFor((x) => !fieldHint(x, 'valid_until')!.startsWith('✗'), 'valid timestamp');
  });

  it('sends nothing without the review, and esc in the review returns to the form exactly as it was', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    await retype(h, '5');
    // Keys that send elsewhere are text here: y and enter in a field never send.
    await h.press('y', KEY.enter);
    await h.press(KEY.shiftTab);
    await retype(h, '6');
    await h.press(KEY.tab, KEY.tab);
    const form = await h.waitFor((f) => fieldValue(f, 'value') === '6' && focusedField(f) === 'data');
    await h.press(KEY.ctrlS);
    await h.waitFor((f) => f.includes('Review:'), 'review');
    expect(writes(h)).toEqual([]);
    await h.press(KEY.esc);
    const back = await h.waitFor((f) => !f.includes('Review:'), 'form again');
    expect(lines(back).slice(0, -2)).toEqual(lines(form).slice(0, -2));
    expect(writes(h)).toEqual([]);
  });

  it('esc with changes asks; any other key stays; k keeps the draft for the same transaction', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h, 3);
    await retype(h, '31337');
    await h.press(KEY.tab, KEY.tab, KEY.tab);
    await retype(h, '60000');
    await h.press(KEY.esc);
    let f = await h.waitFor((x) => x.includes('Leave this form?'), 'prompt');
    // This harness has no draft store on disk: the prompt says the draft lasts the session (the pty's drafts e2e has the store).
    expect(f).toContain('k keep it this session · d discard it');
    await h.press('x');
    f = await h.waitFor((x) => !x.includes('Leave this form?'), 'stayed');
    expect(fieldValue(f, 'gas_limit')).toBe('60000');
    await h.press(KEY.esc, 'k');
    await h.waitFor((x) => x.includes('› transactions'), 'back at the list');
    // Another transaction's form starts from its own values.
    await h.press('j', 'e');
    f = await h.waitFor((x) => x.includes('replace EVM tx'), 'other form');
    expect(fieldValue(f, 'value')).not.toBe('31337');
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('› transactions'), 'left unchanged form without asking');
    await h.press('k', 'e');
    f = await h.waitFor((x) => x.includes('replace EVM tx'), 'draft form');
    expect(fieldValue(f, 'value')).toBe('31337');
    expect(fieldValue(f, 'gas_limit')).toBe('60000');
    expect(writes(h)).toEqual([]);
  });

  it('d discards the draft: reopening shows the transaction as it is', async () => {
    h = await renderApp({ route: SEPOLIA });
    const id = await openReplace(h);
    const tx = h.sandbox.getTransaction('sepolia-main', id)!;
    await retype(h, '31337');
    await h.press(KEY.esc);
    await h.waitFor((x) => x.includes('Leave this form?'));
    await h.press('d');
    await h.waitFor((x) => x.includes('› transactions'));
    await h.press('e');
    const f = await h.waitFor((x) => x.includes('replace EVM tx'));
    expect(fieldValue(f, 'value')).toBe(String(tx.value));
  });

  it('keeps a form while browsing elsewhere (esc, k, other screens, back)', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await palette(h, 'notify');
    await h.waitFor((f) => focusedField(f) === 'url');
    await h.press('https://ops.example.com/hook', KEY.tab, 'draft-id');
    await h.press(KEY.esc, 'k');
    await h.waitFor((f) => f.includes('relayer-tui › relayers'), 'relayers');
    await palette(h, 'tx sepolia-main');
    await h.waitFor((f) => /^› pending/m.test(f), 'transactions');
    await palette(h, 'plugin echo');
    await h.waitFor((f) => f.includes('plugin echo') && focusedField(f) === 'params');
    await h.press(KEY.esc);
    await palette(h, 'notify');
    const f = await h.waitFor((x) => x.includes('create notification') && fieldValue(x, 'url') !== undefined);
    expect(fieldValue(f, 'url')).toBe('https://ops.example.com/hook');
    expect(fieldValue(f, 'id')).toBe('draft-id');
    expect(writes(h)).toEqual([]);
  });

  it('at 80x24 the review wraps the full path and every line, and scrolls to the end of the body', async () => {
    h = await renderApp({ route: SEPOLIA, columns: 80, rows: 24 });
    const id = await openReplace(h, 8);
    await retype(h, U128_MAX);
    await h.press(KEY.ctrlS);
    let f = await h.waitFor((x) => x.includes('Review:'));
    const path = `/api/v1/relayers/sepolia-main/transactions/${id}`;
    expect(lines(f).some((l) => l.includes(path))).toBe(true);
    expect(lines(f).some((l) => l.trim() === U128_MAX)).toBe(true);
    expect(f).toContain('j/k scroll');
    expect(lines(f).every((l) => l.length <= 80)).toBe(true);
    const seen = new Set(lines(f));
    // Scrolled until the body's end shows (at most 40 rows).
    for (let i = 0; i < 40 && !lines(h.frame()).some((l) => l === '}'); i++) {
      await h.press('j');
      for (const l of lines(h.frame())) seen.add(l);
    }
    f = await h.waitFor((x) => x.includes('"speed": '), 'end of body');
    expect(lines(f).some((l) => l === '}')).toBe(true);
    // Every field of the body has its before → after line somewhere in the scrolled review.
    for (const label of ['replacing nonce', 'value (wei)', 'to', 'gas_limit', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'speed'])
      expect({ label, shown: [...seen].some((l) => l.startsWith(label.padEnd(26))) }).toEqual({ label, shown: true });
  });

  it('at 80x24 the result keeps every line of the answer (the id row is not squeezed out)', async () => {
    h = await renderApp({ route: SEPOLIA, columns: 80, rows: 24 });
    const id = await openReplace(h);
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    const f = await h.waitFor((x) => x.includes('✓ Done'));
    expect(f).toMatch(new RegExp(`^id\\s+${id}$`, 'm'));
    expect(f).toMatch(/^relayer_id\s+sepolia-main$/m);
    expect(f).toContain('enter or esc: back');
  });

  it('at 80x24 a long server refusal is shown whole, wrapped above the form', async () => {
    h = await renderApp({ route: SEPOLIA, columns: 80, rows: 24 });
    await openReplace(h, 8);
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.sendReview();
    const f = await h.waitFor((x) => x.includes('Refused by the server'));
    const text = lines(f).join(' ');
    expect(text).toContain('Invalid transaction state for replace_transaction. Current: Confirmed, Expected one of: [Pending, Sent, Submitted]');
    expect(statusBar(f)).toContain('sepolia-main');
    expect(fieldLabels(f)[0]).toBe('value');
  });
});
