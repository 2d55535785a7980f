/** Replacing Solana (group B) and Stellar (group C) transactions: the form follows the relayer's network type. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/api/index.js';
import { KEY, renderApp, type Harness } from '../helpers.js';
import { fieldHint, fieldLabels, fieldValue, focusedField, lines, openReplace, retype, statusBar, writes } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const SOLANA = { kind: 'transactions', relayerId: 'solana-devnet' } as const;
const STELLAR = { kind: 'transactions', relayerId: 'stellar-testnet' } as const;

/** Tabs from the first field (network) to the one labelled `label`. */
async function focus(h: Harness, label: string): Promise<void> {
  for (let i = 0; i < 12 && focusedField(h.frame()) !== label; i++) await h.press(KEY.tab);
  expect(focusedField(h.frame())).toBe(label);
}

describe('replace a Solana transaction', () => {
  it('opens the group B form with the encoded transaction, checks base64, and sends it', async () => {
    h = await renderApp({ route: SOLANA });
    const id = await openReplace(h);
    let f = h.frame();
    expect(lines(f)[0]).toContain(`replace SOLANA tx ${id}`);
    expect(fieldLabels(f)).toEqual(['transaction']);
    expect(focusedField(f)).toBe('transaction');
    expect(fieldHint(f, 'transaction')).toMatch(/^\d+ bytes {2}base64 of the serialized transaction/);
    await h.press('!!');
    f = await h.waitFor((x) => fieldHint(x, 'transaction')!.startsWith('✗ not base64'), 'not base64');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => statusBar(x).includes('needs attention'), 'refused');
    expect(writes(h)).toEqual([]);

    await retype(h, 'AQIDBA==');
    await h.waitFor((x) => fieldHint(x, 'transaction')!.startsWith('4 bytes'), '4 bytes');
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toContain(`PUT /api/v1/relayers/solana-devnet/transactions/${id}`);
    expect(f).toContain('"transaction": "AQIDBA=="');
    await h.press('y');
    await h.waitFor((x) => x.includes('✓ Done'));
    expect(writes(h).map((r) => r.body)).toEqual(['{"transaction":"AQIDBA=="}']);
    expect(h.sandbox.getTransaction('solana-devnet', id)!.transaction).toBe('AQIDBA==');
  });
});

describe('replace a Stellar transaction', () => {
  it('opens the group C form: network first and required, max_fee default 1000000 shown, operations editor', async () => {
    h = await renderApp({ route: STELLAR });
    const id = await openReplace(h);
    let f = h.frame();
    expect(lines(f)[0]).toContain(`replace STELLAR tx ${id}`);
    expect(focusedField(f)).toBe('network');
    expect(fieldValue(f, 'network')).toBe('testnet');
    expect(fieldValue(f, 'max_fee')).toBe('1000000');
    expect(fieldHint(f, 'max_fee')).toContain('default 1,000,000');
    expect(fieldValue(f, 'memo')).toBe('‹ none ›');
    expect(fieldValue(f, 'build from')).toBe('‹ operations ›');
    expect(fieldLabels(f)).toContain('operations');
    expect(fieldLabels(f)).not.toContain('transaction_xdr');
    expect(fieldLabels(f)).not.toContain('memo value');
    await retype(h, '');
    f = await h.waitFor((x) => fieldHint(x, 'network')!.startsWith('✗ required'), 'network required');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => /needs? attention/.test(statusBar(x)));
    expect(writes(h)).toEqual([]);
  });

  it('at 80x24 the required fields are on screen when it opens (issue 43), the fields under the fold are said, a focused hint is read whole', async () => {
    h = await renderApp({ route: STELLAR, columns: 80, rows: 24 });
    await openReplace(h);
    let f = h.frame();
    // What the server requires comes first: the network, what it is built from, the operations editor.
    expect(fieldLabels(f).slice(0, 3)).toEqual(['network', 'build from', 'operations']);
    expect(lines(f).find((l) => l.includes('below'))?.trim()).toBe('↓ valid_until, fee_bump below (tab)');
    expect(lines(f).some((l) => l.includes('above'))).toBe(false);
    // No rows left blank while fields wait below (the old order left 7 blank rows with operations under the fold).
    const body = lines(f).slice(1, -2);
    expect(body.filter((l) => l.trim() === '').length).toBeLessThanOrEqual(3);
    await focus(h, 'operations');
    f = h.frame();
    // The focused field's hint is wrapped whole, never cut with an ellipsis.
    const hint = lines(f).map((l) => l.slice(28).trim()).join(' ');
    expect(hint).toContain('type over it, or arrow into it and fill it in');
    await focus(h, 'fee_bump');
    f = h.frame();
    expect(lines(f).find((l) => l.includes('above'))?.trim()).toMatch(/^↑ \d+ fields? above \(shift\+tab\)$/);
    expect(lines(f).some((l) => l.includes('below'))).toBe(false);
  });

  it('memo types: choosing one shows the memo value with its own check; none hides it', async () => {
    h = await renderApp({ route: STELLAR });
    await openReplace(h);
    await focus(h, 'memo');
    await h.press(KEY.right);
    let f = await h.waitFor((x) => fieldValue(x, 'memo') === '‹ text ›');
    expect(fieldLabels(f)).toContain('memo value');
    await h.press(KEY.tab, 'this memo text is longer than 28 bytes');
    await h.waitFor((x) => fieldHint(x, 'memo value')!.startsWith('✗ out of range: a text memo is at most 28 bytes'), 'text too long');
    await h.press(KEY.shiftTab, KEY.right);
    f = await h.waitFor((x) => fieldValue(x, 'memo') === '‹ id ›');
    expect(fieldHint(f, 'memo value')).toMatch(/^✗ not an integer/);
    await h.press(KEY.tab);
    await retype(h, '9223372036854775807');
    await h.waitFor((x) => !fieldHint(x, 'memo value')!.startsWith('✗'), 'int64 max ok');
    await h.press(KEY.shiftTab, KEY.right);
    f = await h.waitFor((x) => fieldValue(x, 'memo') === '‹ hash ›');
    expect(fieldHint(f, 'memo value')).toMatch(/^✗ not hex: exactly 64 hex digits/);
    await h.press(KEY.right);
    f = await h.waitFor((x) => fieldValue(x, 'memo') === '‹ return ›');
    await h.press(KEY.right);
    f = await h.waitFor((x) => fieldValue(x, 'memo') === '‹ none ›');
    expect(fieldLabels(f)).not.toContain('memo value');
  });

  it('build from: switching to transaction_xdr hides operations (and back); fee_bump only with xdr', async () => {
    h = await renderApp({ route: STELLAR });
    await openReplace(h);
    await focus(h, 'fee_bump');
    await h.press(KEY.right);
    let f = await h.waitFor((x) => fieldValue(x, 'fee_bump') === '‹ yes ›');
    expect(fieldHint(f, 'fee_bump')).toMatch(/^✗ only with transaction_xdr/);
    for (let i = 0; i < 12 && focusedField(h.frame()) !== 'build from'; i++) await h.press(KEY.shiftTab);
    expect(focusedField(h.frame())).toBe('build from');
    await h.press(KEY.right);
    f = await h.waitFor((x) => fieldValue(x, 'build from') === '‹ transaction_xdr ›');
    expect(fieldLabels(f)).toContain('transaction_xdr');
    expect(fieldLabels(f)).not.toContain('operations');
    expect(fieldHint(f, 'transaction_xdr')).toMatch(/^✗ required/);
    expect(fieldHint(f, 'fee_bump')).not.toMatch(/^✗/);
    await h.press(KEY.left);
    f = await h.waitFor((x) => fieldValue(x, 'build from') === '‹ operations ›');
    expect(fieldLabels(f)).toContain('operations');
    expect(fieldLabels(f)).not.toContain('transaction_xdr');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => /needs? attention/.test(statusBar(x)));
    expect(writes(h)).toEqual([]);
  });

  it('sends a signed XDR with fee_bump and never the operations', async () => {
    h = await renderApp({ route: STELLAR });
    const id = await openReplace(h);
    await focus(h, 'build from');
    await h.press(KEY.right, KEY.tab);
    expect(focusedField(h.frame())).toBe('transaction_xdr');
    await h.press('AAAAAgAAAAA=');
    await h.waitFor((x) => fieldHint(x, 'transaction_xdr')!.startsWith('✗') === false);
    await focus(h, 'fee_bump');
    await h.press(KEY.right);
    await h.waitFor((x) => fieldValue(x, 'fee_bump') === '‹ yes ›');
    await h.press(KEY.ctrlS);
    const f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toContain(`PUT /api/v1/relayers/stellar-testnet/transactions/${id}`);
    expect(f).toContain('"transaction_xdr": "AAAAAgAAAAA="');
    expect(f).toContain('"fee_bump": true');
    expect(f).toContain('"max_fee": 1000000');
    expect(f).not.toContain('"operations"');
    await h.press('y');
    await h.waitFor((x) => x.includes('✓ Done'));
    const body = parseJson(writes(h)[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ network: 'testnet', transaction_xdr: 'AAAAAgAAAAA=', fee_bump: true, max_fee: 1000000 });
    expect(body).not.toHaveProperty('operations');
    expect(h.sandbox.getTransaction('stellar-testnet', id)!.fee).toBe(1000000);
  });

  it('sends operations from the JSON editor (never transaction_xdr), and points at bad JSON', async () => {
    h = await renderApp({ route: STELLAR });
    const id = await openReplace(h);
    await focus(h, 'operations');
    // Typing replaces the template; a broken JSON is pointed at with its line and column.
    await h.press('[{"type": "payment", "destination": "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ", "amount": "2", "asset": {"type": "native"}},');
    let f = await h.waitFor((x) => /✗ not valid JSON at line 1, column \d+/.test(x), 'json error');
    await h.press(KEY.backspace, ']');
    f = await h.waitFor((x) => !x.includes('✗ not valid JSON'));
    await h.press(KEY.tab);
    expect(focusedField(h.frame())).toBe('source_account');
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => x.includes('Review:'));
    expect(f).toContain('"operations": [');
    expect(f).not.toContain('transaction_xdr');
    await h.press('y');
    await h.waitFor((x) => x.includes('✓ Done'));
    const body = parseJson(writes(h)[0]!.body) as Record<string, unknown>;
    expect(body.network).toBe('testnet');
    expect(body.operations).toEqual([{ type: 'payment', destination: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', amount: '2', asset: { type: 'native' } }]);
    expect(body).not.toHaveProperty('transaction_xdr');
    expect(h.sandbox.getTransaction('stellar-testnet', id)!.status).toBe('pending');
  });

  it('the operations template is a placeholder: its empty destination is flagged, ctrl+s refuses it unedited; nothing is sent', async () => {
    h = await renderApp({ route: STELLAR });
    await openReplace(h);
    let f = h.frame();
    expect(f).toMatch(/✗ operations\[0\]\.destination is empty: fill it in/);
    await h.press(KEY.ctrlS);
    f = await h.waitFor((x) => statusBar(x).includes('needs attention'), 'refused');
    expect(f).toMatch(/✗ operations\[0\]\.destination is empty/);
    expect(f).not.toContain('Review:');
    expect(writes(h)).toEqual([]);
  });

  it('arrowing into the template edits it in place: the destination filled, the rest kept on purpose; the exact bytes sent', async () => {
    h = await renderApp({ route: STELLAR });
    const id = await openReplace(h);
    await focus(h, 'operations');
    // From the end: up to line 2, then between the quotes of `"destination": ""` (38 characters in).
    await h.press(KEY.up);
    await h.press('\x1b[H');
    for (let i = 0; i < 38; i++) await h.press(KEY.right);
    await h.press('GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ');
    await h.waitFor((x) => !/✗ operations/.test(x), 'the template filled');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review:'));
    await h.press('y');
    await h.waitFor((x) => x.includes('✓ Done'));
    const tx = h.sandbox.getTransaction('stellar-testnet', id)!;
    expect(writes(h)[0]!.body).toBe(
      `{"network":"testnet","operations":[{"type":"payment","destination":"GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ","amount":"1","asset":{"type":"native"}}],"source_account":"${String(tx.source_account)}","memo":{"type":"none"},"max_fee":1000000}`,
    );
    expect(h.sandbox.getTransaction('stellar-testnet', id)!.status).toBe('pending');
  });
});
