/**
 * `p`'s editor sends only what the operator changed (issue 51, "no wrong send"): a cap of 1,000 gwei or
 * more is prefilled in a form its own check accepts and is not sent untouched; every y reads the
 * relayer again and a field changed on the server meanwhile is said, the review shown again, never
 * overwritten; a cap under the network's price and a min_balance over the balance are warned with their
 * figures; an empty whitelist ([]) is said with v1.8's effect. Against the sandbox's real flavour over
 * loopback, its clock stopped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow } from './support.js';
import { fieldHint, fieldValue, focusedField, writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

/** The app on the relayers list, sepolia-main's policies first set by a direct PATCH, then p on its row: the editor. */
async function openEditor(policies: Record<string, unknown>): Promise<Harness> {
  h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 50 });
  h.sandbox.clock.stop();
  await h.client.patchRelayer('sepolia-main', { policies } as never);
  await h.waitFor((x) => x.includes('Sepolia Main'), 'the relayers');
  for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('Sepolia Main'); i++) await h.press('j');
  await h.press('p');
  await h.waitFor((x) => x.includes('› policies') && /read at \d\d:\d\d:\d\d/.test(x), 'the editor');
  return h;
}

/** Tab until `label` is focused. */
async function focus(label: string): Promise<void> {
  for (let i = 0; i < 12 && focusedField(h!.frame()) !== label; i++) await h!.press(KEY.tab);
  expect(focusedField(h!.frame())).toBe(label);
}

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('the policy editor sends only what the operator changed', () => {
  it('a cap of 2,500 gwei is prefilled in plain digits, accepted as shown, and not sent untouched (only the field edited is)', async () => {
    await openEditor({ gas_price_cap: 2_500_000_000_000 });
    expect(fieldValue(h!.frame(), 'gas_price_cap')).toBe('2500gwei');
    expect(fieldHint(h!.frame(), 'gas_price_cap')).not.toMatch(/✗/);
    await focus('include_revert_data');
    await h!.press(KEY.ctrlU, 'true', KEY.ctrlS);
    const review = await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    expect(review).not.toMatch(/gas_price_cap\s+2,500 gwei → /);
    const base = writes(h!).length;
    await h!.sendReview();
    await h!.waitFor((x) => x.includes('policies now, as the server answered:'), 'the answer');
    expect(writes(h!).slice(base).map((w) => w.body)).toEqual(['{"policies":{"include_revert_data":true}}']);
  });

  it('the cap retyped alike (2500 gwei, in wei) is no change; a comma is pointed at on its field, never guessed', async () => {
    await openEditor({ gas_price_cap: 2_500_000_000_000 });
    await h!.press(KEY.ctrlU, '2500 gwei', KEY.ctrlS);
    await h!.waitFor((x) => x.includes('nothing changed: everything is as it is now'), 'nothing changed');
    expect(fieldHint(h!.frame(), 'gas_price_cap')).not.toMatch(/✗/);
    // (The flash goes with the edit: the second one is waited for after it.)
    await h!.press(KEY.ctrlU, '2500000000000');
    await h!.waitFor((x) => fieldValue(x, 'gas_price_cap') === '2500000000000' && !x.includes('nothing changed'), 'the cap retyped');
    await h!.press(KEY.ctrlS);
    await h!.waitFor((x) => x.includes('nothing changed: everything is as it is now'), 'nothing changed again');
    await h!.press(KEY.ctrlU, '2,500 gwei');
    await h!.waitFor((x) => /✗ a comma/.test(fieldHint(x, 'gas_price_cap') ?? ''), 'the comma pointed at');
    expect(writes(h!).filter((w) => w.method === 'PATCH' && w.url.includes('sepolia-main'))).toHaveLength(1);
  });
});

describe('a policy edit read again before every send', () => {
  it('the cap changed on the server since the editor opened: said, the review shown again, then only the operator\'s field sent', async () => {
    await openEditor({ gas_price_cap: 3_000_000_000_000 });
    await focus('include_revert_data');
    await h!.press(KEY.ctrlU, 'true', KEY.ctrlS);
    await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    // Someone else sets the cap meanwhile (no clock moved: the review is young).
    await h!.client.patchRelayer('sepolia-main', { policies: { gas_price_cap: 50_000_000_000 } } as never);
    const before = writes(h!).length;
    await h!.sendReview();
    const again = flat(await h!.waitFor((x) => /its figures moved/.test(x), 'the review again'));
    expect(again).toContain('gas_price_cap is 50 gwei on the server now (was 3,000 gwei when you opened it)');
    expect(writes(h!)).toHaveLength(before);
    await h!.sendReview();
    await h!.waitFor((x) => x.includes('policies now, as the server answered:'), 'the answer');
    expect(writes(h!).slice(before).map((w) => w.body)).toEqual(['{"policies":{"include_revert_data":true}}']);
    const now = (await h!.client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'sepolia-main')!;
    expect(String((now.policies as Record<string, unknown>).gas_price_cap)).toBe('50000000000');
  });
});

describe('what a policy would do, in its review', () => {
  it('a cap under the network price and a min_balance over the balance: warned with their figures', async () => {
    await openEditor({ gas_price_cap: 100_000_000_000 });
    await h!.press(KEY.ctrlU, '1gwei', KEY.tab, KEY.ctrlU, '1000eth', KEY.ctrlS);
    const review = flat(await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review'));
    expect(review).toMatch(/⚠ will jam gas_price_cap 1 gwei is under the network's price now, [\d.,]+ gwei \(eth_gasPrice at \d\d:\d\d:\d\d\)/);
    expect(review).toMatch(/⚠ will disable min_balance 1,000 ETH is above the relayer's balance, [\d.,]+ ETH \(read at \d\d:\d\d:\d\d\)/);
  });

  it('an empty whitelist ([]) is said with its effect', async () => {
    await openEditor({ whitelist_receivers: null });
    await focus('whitelist_receivers');
    await h!.press(KEY.ctrlU, '[]', KEY.ctrlS);
    const review = flat(await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review'));
    expect(review).toContain("whitelist_receivers (not set) → (empty: allows only the zero address and the relayer's own)");
    expect(review).toContain("⚠ whitelist whitelist_receivers empty: an empty list allows only the zero address and the relayer's own");
    expect(review).toContain('"whitelist_receivers": []');
  });

  it('an empty whitelist on the server is prefilled as [] (never a blank); emptied, it is removed (any receiver)', async () => {
    await openEditor({ whitelist_receivers: [] });
    expect(h!.frame()).toMatch(/^\s+1 {2}\[\]$/m);
    await focus('whitelist_receivers');
    await h!.press(KEY.ctrlU, KEY.ctrlS);
    const removed = flat(await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review'));
    expect(removed).toContain("whitelist_receivers (empty: allows only the zero address and the relayer's own) → (removed: any receiver)");
    expect(removed).not.toContain('⚠ whitelist');
    expect(removed).toContain('"whitelist_receivers": null');
  });
});

describe("p's proposal on a relayer jammed at its cap", () => {
  /** The app on the relayers list, its clock stopped, avalanche-bridge selected once its jam is known. */
  async function selectJammed(): Promise<Harness> {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 50 });
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('Avalanche Bridge'), 'the relayers');
    for (let i = 0; i < 20 && !/Avalanche/.test(cursorRow(h.frame())); i++) await h.press('j');
    await h.waitFor((x) => /^[› ][ *]jammed\s+Avalanche Bridge/m.test(x), 'avalanche-bridge jammed');
    return h;
  }

  it('fields changed on the server after it opened are said and never sent back: only the cap goes', async () => {
    await selectJammed();
    await h!.press('p');
    await h!.waitFor((x) => x.includes('› policies') && /gas_price_cap\s+72gwei/.test(x), 'the editor');
    await h!.press(KEY.ctrlS);
    await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    await h!.client.patchRelayer('avalanche-bridge', { policies: { min_balance: 50_000_000_000_000_000 } } as never);
    const before = writes(h!).length;
    await h!.sendReview();
    const again = flat(await h!.waitFor((x) => /its figures moved/.test(x), 'the review again'));
    expect(again).toMatch(/min_balance is 0\.05 AVAX on the server now \(was 0\.005 AVAX when you opened it\)/);
    await h!.sendReview();
    await h!.waitFor((x) => x.includes('policies now, as the server answered:'), 'the answer');
    expect(writes(h!).slice(before).map((w) => w.body)).toEqual(['{"policies":{"gas_price_cap":72000000000}}']);
  });

  it('a cap raised on the server above the proposal before p: not proposed (it would lower it), said', async () => {
    await selectJammed();
    await h!.client.patchRelayer('avalanche-bridge', { policies: { gas_price_cap: 200_000_000_000 } } as never);
    await h!.press('p');
    const form = await h!.waitFor((x) => x.includes('› policies') && /read at \d\d:\d\d:\d\d/.test(x), 'the editor');
    expect(fieldValue(form, 'gas_price_cap')).toBe('200gwei');
    expect(flat(form)).toContain('gas_price_cap is 200 gwei on the server now: the proposal (72 gwei) is not above it, so it is not proposed');
  });
});
