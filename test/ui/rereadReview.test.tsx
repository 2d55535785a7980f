/**
 * A replace (`e`) or policy (`p`) review older than 15 s is read again before it is sent (issue 43:
 * a walk's replace, reviewed 20 s before, met v1.8's "Current: Confirmed"; a cap edit went out on a
 * relayer read 26 s before). Sent only if the transaction and relayer are as reviewed; else the new
 * review is shown, nothing sent; a transaction now final is refused on the form. Against the sandbox's
 * real flavour over loopback, its clock stopped; the app's clock moved by the test (`skew`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, rawGet } from './support.js';
import { focusedField, writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const clock = { skew: 0 };

/** sepolia-main's transactions, the app's clock moved by the test, its first pending transaction selected: its id. */
async function selectPending(): Promise<string> {
  clock.skew = 0;
  h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId: 'sepolia-main' }, columns: 140, rows: 40, services: { now: () => Date.now() + clock.skew } });
  h.sandbox.clock.stop();
  await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'transactions loaded');
  const txs = (await rawGet(h, '/relayers/sepolia-main/transactions?page=1&per_page=100')).json.data as { id: string; status: string }[];
  const tx = txs.find((t) => t.status === 'pending')!;
  await h.press('/', tx.id.slice(0, 8), '\r');
  await h.waitFor((x) => /^› /m.test(x) && x.includes(tx.id.slice(0, 8)), 'its row');
  return tx.id;
}

/** e on sepolia-main's first pending transaction, the speed changed, reviewed: its id. */
async function reviewReplace(): Promise<string> {
  const id = await selectPending();
  await h!.press('e');
  await h!.waitFor((x) => x.includes('replace EVM tx'), 'the form');
  // speed: the next choice (v1.8 quotes from it).
  await h!.press(KEY.right, KEY.ctrlS);
  await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
  return id;
}

describe('a replace review read again before it is sent', () => {
  it('the transaction as reviewed: sent at once', async () => {
    const id = await reviewReplace();
    clock.skew = 20_000;
    await h!.sendReview();
    await h!.waitFor((x) => x.includes("The server's answer"), 'the answer');
    expect(writes(h!).map((w) => `${w.method} ${w.url}`)).toEqual([`PUT /api/v1/relayers/sepolia-main/transactions/${id}`]);
  });

  it('replaced meanwhile by someone else: the new review, nothing sent', async () => {
    const id = await reviewReplace();
    clock.skew = 20_000;
    const tx = (await rawGet(h!, `/relayers/sepolia-main/transactions/${id}`)).json.data as { to: string; value: string };
    await h!.client.replaceTransaction('sepolia-main', id, { to: tx.to, value: BigInt(tx.value).toString(), speed: 'fastest' } as never);
    const before = writes(h!).length;
    await h!.sendReview();
    const again = await h!.waitFor((x) => /its figures moved/.test(x), 'the new review');
    expect(again.replace(/\s+/g, ' ')).toMatch(/Read again at \d\d:\d\d:\d\d: its figures moved, so the request changed: nothing was sent; review it again/);
    expect(writes(h!)).toHaveLength(before);
    // The new review is of the transaction as it is now; y sends it (its figures just read).
    await h!.sendReview();
    await h!.waitFor((x) => x.includes("The server's answer"), 'the answer');
    expect(writes(h!)).toHaveLength(before + 1);
  });

  it('cancelled meanwhile (final): refused on the form, in v1.8 terms, nothing sent', async () => {
    const id = await reviewReplace();
    clock.skew = 20_000;
    await h!.client.cancelTransaction('sepolia-main', id);
    h!.sandbox.clock.step(30);
    const status = ((await rawGet(h!, `/relayers/sepolia-main/transactions/${id}`)).json.data as { status: string }).status;
    const before = writes(h!).length;
    await h!.sendReview();
    const refused = await h!.waitFor((x) => /the request is refused/.test(x), 'the refusal');
    expect(refused).toMatch(/Read again at \d\d:\d\d:\d\d, the request is refused: value: not sent:/);
    // Whole on its field, the form as typed (the title reads the transaction as it is now).
    expect(refused.replace(/\s+/g, ' ')).toContain(`✗ not sent: the OpenZeppelin Relayer replaces an EVM transaction only while it is pending, sent or submitted; this one is ${status} (it answers 400)`);
    expect(refused).toContain(`(${status})`);
    expect(writes(h!)).toHaveLength(before);
    // The list behind is told what the read found: its row says the status now, not the one the form opened on.
    await h!.press(KEY.esc);
    await h!.waitFor((x) => x.includes('Leave this form?') || /^›/m.test(x), 'leaving');
    if (h!.frame().includes('Leave this form?')) await h!.press('n');
    // Told by an event, the list reads its page again: its row says the status once that read has answered.
    await h!.waitFor((x) => x.includes(`/${id.slice(0, 8)}`) && /^›/m.test(x) && !x.includes('Leave this form?') && cursorRow(x).includes(status) && !cursorRow(x).includes('pending'), 'the list, filtered to it, its row read again');
    expect(cursorRow(h!.frame())).toContain(status === 'canceled' ? 'canceled' : status);
    expect(cursorRow(h!.frame())).not.toContain('pending');
  });
});

describe('a policy review read again before it is sent', () => {
  async function reviewCap(): Promise<void> {
    clock.skew = 0;
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 40, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('avalanche-bridge') || x.includes('Avalanche Bridge'), 'the relayers');
    for (let i = 0; i < 20 && !/avalanche|Avalanche/.test(cursorRow(h.frame())); i++) await h.press('j');
    await h.waitFor((x) => /^[› ][ *]jammed\s+Avalanche Bridge/m.test(x), 'avalanche-bridge jammed');
    await h.press('p');
    await h.waitFor((x) => x.includes('› policies') && /gas_price_cap\s+72gwei/.test(x), 'the editor');
    await h.press(KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
  }

  it('the relayer as reviewed: sent at once', async () => {
    await reviewCap();
    clock.skew = 20_000;
    await h!.sendReview();
    await h!.waitFor((x) => x.includes('policies now, as the server answered:'), 'the answer');
    expect(writes(h!).map((w) => w.body)).toEqual(['{"policies":{"gas_price_cap":72000000000}}']);
  });

  it('its policies changed meanwhile: the new review, nothing sent', async () => {
    await reviewCap();
    clock.skew = 20_000;
    await h!.client.patchRelayer('avalanche-bridge', { policies: { min_balance: 7 } } as never);
    const before = writes(h!).length;
    await h!.sendReview();
    const again = await h!.waitFor((x) => /its figures moved/.test(x), 'the new review');
    expect(again.replace(/\s+/g, ' ')).toMatch(/Read again at \d\d:\d\d:\d\d: its figures moved/);
    expect(writes(h!)).toHaveLength(before);
  });
});

describe('a policy edit whose relayer could not be read as it opened', () => {
  it('starts from the row, says so, and reads the relayer again before any send (however young the review)', async () => {
    clock.skew = 0;
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 40, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('Linea Idle'), 'the relayers');
    await h.press('/', 'linea', '\r');
    await h.waitFor((x) => /^› .*Linea Idle/m.test(x), 'its row');
    // The editor's own read of the relayer fails (the server's 500, retries included).
    h.sandbox.inject({ status: 500, body: '{"success":false,"data":null,"message":"Internal Server Error"}', match: { method: 'GET', pathPrefix: '/api/v1/relayers?' }, times: 4 });
    await h.press('p');
    const form = await h.waitFor((x) => x.includes('› policies') && /could not be read again/.test(x), 'the editor, from the row');
    expect(form.replace(/\s+/g, ' ')).toContain("could not be read again: the form starts from the list's row (it may be older); read again before it is sent");
    while (h.sandbox.requests.filter((q) => q.url.startsWith('/api/v1/relayers?')).length < 5) await h.client.listRelayers({ perPage: 1 }).catch(() => undefined);
    // gas_price_cap (focused first) set, reviewed at once: no clock moved, the review is young.
    await h.press(KEY.ctrlU, '77gwei', KEY.ctrlS);
    await h.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    const from = h.sandbox.requests.length;
    await h.sendReview();
    await h.waitFor((x) => x.includes('policies now, as the server answered:'), 'the answer');
    // The relayer read again after y and before the PATCH left.
    const after = h.sandbox.requests.slice(from);
    const patch = after.findIndex((q) => q.method === 'PATCH');
    expect(after.slice(0, patch).filter((q) => q.method === 'GET' && q.url.startsWith('/api/v1/relayers?')).length).toBeGreaterThan(0);
    expect(writes(h).map((w) => w.body)).toEqual(['{"policies":{"gas_price_cap":77000000000}}']);
  });
});

describe('a review read again whose figures moved starts unseen', () => {
  it('at 80x24 the new withdrawal review is not sent until all of it has been on screen again (a walk sent one with its body below the fold)', async () => {
    clock.skew = 0;
    const RX1 = '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7';
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('bsc-treasury') || x.includes('BSC'), 'the relayers');
    for (let i = 0; i < 20 && !/bsc|BSC/.test(cursorRow(h.frame())); i++) await h.press('j');
    await h.press('W');
    await h.waitFor((x) => /read at \d\d:\d\d:\d\d: balance/.test(x), 'the form');
    await h.press(RX1, KEY.ctrlS);
    const first = await h.waitFor((x) => /^Type bsc-treasury and enter/m.test(x), 'the review');
    const unseen = (f: string) => Number(/(\d+) more rows? below, not seen yet/.exec(f)?.[1] ?? 0);
    expect(unseen(first)).toBeGreaterThan(0);
    // Seen to its end (and left there).
    for (let i = 0; i < 40 && /not seen yet/.test(h.frame()); i++) await h.press(KEY.down);
    expect(h.frame()).not.toMatch(/not seen yet/);
    clock.skew = 20_000;
    h.sandbox.chain!.fund('bsc-treasury', 10n ** 15n);
    await h.press('bsc-treasury', KEY.enter);
    const again = await h.waitFor((x) => /its figures moved/.test(x), 'the new review');
    // Shown from its top, unseen: its request line and what moved in sight, at least as many rows below as the first had.
    expect(again).toContain('POST /api/v1/relayers/bsc-treasury/transactions');
    expect(again).toMatch(/^read again\s+at \d\d:\d\d:\d\d/m);
    expect(unseen(again)).toBeGreaterThanOrEqual(unseen(first));
    await h.press('bsc-treasury', KEY.enter);
    await h.waitFor((x) => /Not sent: \d+ rows? of the review not seen yet/.test(x), 'not sent: unseen');
    expect(writes(h)).toEqual([]);
    for (let i = 0; i < 40 && /not seen yet/.test(h.frame()); i++) await h.press(KEY.down);
    await h.press(KEY.enter);
    await h.waitFor((x) => /new transaction\s+[0-9a-f-]{36}/.test(x), 'the answer');
    expect(writes(h)).toHaveLength(1);
  });
});

describe('a cancel (X on a transaction) read again before it is sent', () => {
  /** X on sepolia-main's first pending transaction, reviewed: its id. */
  async function reviewCancel(): Promise<string> {
    const id = await selectPending();
    await h!.press('X');
    await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    return id;
  }

  it('as reviewed: sent at once', async () => {
    const id = await reviewCancel();
    clock.skew = 20_000;
    await h!.sendReview();
    await h!.waitFor((x) => x.includes("The server's answer"), 'the answer');
    expect(writes(h!).map((w) => `${w.method} ${w.url}`)).toEqual([`DELETE /api/v1/relayers/sepolia-main/transactions/${id}`]);
  });

  it('canceled meanwhile by someone else: the review stays, refused; y says so again; nothing sent', async () => {
    const id = await reviewCancel();
    clock.skew = 20_000;
    await h!.client.cancelTransaction('sepolia-main', id);
    const before = writes(h!).length;
    await h!.sendReview();
    const refused = await h!.waitFor((x) => /the request is refused/.test(x), 'the refusal');
    expect(refused).toContain('Review: y sends exactly this');
    // Its footer no longer offers y (a walk read `y send` under a refused review).
    const footer = (f: string) => f.split('\n').filter((l) => l.trim()).pop() ?? '';
    await h!.waitFor((x) => footer(x).startsWith('refused when read again: nothing can be sent from this review'), 'the footer says so');
    expect(footer(h!.frame())).not.toMatch(/y send/);
    await h!.press('y');
    await h!.waitFor((x) => /the request is refused/.test(x), 'refused again');
    expect(writes(h!)).toHaveLength(before);
  });
});

describe('a pause (P on a relayer) read again before it is sent', () => {
  /** P on linea-idle in the relayers list, reviewed. */
  async function reviewPause(): Promise<void> {
    clock.skew = 0;
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 140, rows: 40, services: { now: () => Date.now() + clock.skew } });
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('Linea Idle'), 'the relayers');
    await h.press('/', 'linea', '\r');
    await h.waitFor((x) => /^› .*Linea Idle/m.test(x), 'its row');
    await h.press('P');
    await h.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
  }

  it('as reviewed: read again, then sent', async () => {
    await reviewPause();
    clock.skew = 20_000;
    const from = h!.sandbox.requests.length;
    await h!.sendReview();
    await h!.waitFor((x) => x.includes("The server's answer"), 'the answer');
    expect(writes(h!).map((w) => `${w.method} ${w.url} ${w.body}`)).toEqual(['PATCH /api/v1/relayers/linea-idle {"paused":true}']);
    // Read again after y and before the PATCH left (the relayers' pages).
    const after = h!.sandbox.requests.slice(from);
    expect(after.slice(0, after.findIndex((q) => q.method === 'PATCH')).filter((q) => q.method === 'GET' && q.url.startsWith('/api/v1/relayers?')).length).toBeGreaterThan(0);
  });

  it('paused meanwhile by someone else: the review shown again, "already paused" marked *, nothing sent', async () => {
    await reviewPause();
    clock.skew = 20_000;
    await fetch(`${h!.sandbox.url}/api/v1/relayers/linea-idle`, { method: 'PATCH', headers: { authorization: `Bearer ${h!.sandbox.token}`, 'content-type': 'application/json' }, body: '{"paused":true}' });
    const before = writes(h!).length;
    await h!.sendReview();
    const again = (await h!.waitFor((x) => /read again\s+at \d\d:\d\d:\d\d/.test(x) && x.includes('already paused'), 'the review again')).replace(/\s+/g, ' ');
    expect(again).toMatch(/\*\s*⚠ already/);
    expect(writes(h!)).toHaveLength(before);
  });
});

describe('a replacement with a valid_until, on the OpenZeppelin Relayer', () => {
  it('is refused on its field before anything is sent: v1.8 keeps the transaction\'s own (for_replacement)', async () => {
    await selectPending();
    await h!.press('e');
    await h!.waitFor((x) => x.includes('replace EVM tx'), 'the form');
    for (let i = 0; i < 12 && focusedField(h!.frame()) !== 'valid_until'; i++) await h!.press(KEY.tab);
    expect(focusedField(h!.frame())).toBe('valid_until');
    await h!.press('2036-01-01T00:00:00Z', KEY.ctrlS);
    await h!.waitFor((x) => /not sent: the OpenZeppelin Relayer v1.8 keeps the transaction's own valid_until/.test(x.replace(/\s+/g, ' ')), 'refused on its field');
    expect(writes(h!)).toEqual([]);
  });
});

