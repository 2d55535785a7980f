/**
 * `n` on a relayer (issue 42.2): a new EVM transaction — the form checked by v1.8's rules before
 * anything is sent (each refusal on its field), the review of the exact body, the new transaction
 * named. Against the sandbox's real flavour over loopback (src/sandbox/send.ts answers as v1.8 does).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, rawGet, relayerRow } from './support.js';
import { fieldHint, fieldLabels, fieldValue, focusedField, writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

/** sepolia-main's whitelist's first address (seeds.ts: evmAddress('rx1')). */
const RX1 = '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7';

async function openSend(relayerId: string, columns = 80, rows = 24): Promise<string> {
  h = await renderApp({ sandbox: { flavor: 'real' }, columns, rows });
  // The form opens on the balance the list read (its row's figures: `…` until its status comes), which its review says.
  await h.waitFor((x) => relayerRow(x, relayerId) !== '' && !/\s…(\s|$)/.test(relayerRow(x, relayerId)), 'the relayers, its figures read');
  for (let i = 0; i < 20 && !cursorRow(h.frame()).includes(relayerId); i++) await h.press('j');
  await h.press('n');
  return h.waitFor((x) => x.includes('› send') || /Not offered/.test(x), 'the send form, or why not');
}

describe('n: a new transaction', () => {
  it('at 80x24: typed, reviewed as the exact body, sent; the answer names the new transaction, pending on the server', async () => {
    const form = await openSend('sepolia-main');
    expect(focusedField(form)).toBe('to');
    // Top to bottom: where it goes, then how much (a walk typed the value into "to": value was above it).
    expect(fieldLabels(form).filter((l) => ['to', 'value'].includes(l))).toEqual(['to', 'value']);
    await h!.press(RX1, KEY.tab, '0.001eth', KEY.ctrlS);
    const review = await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    expect(review).toContain('POST /api/v1/relayers/sepolia-main/transactions');
    expect(review).toMatch(/^value\s+1000000000000000 wei \(0\.001 ETH\)$/m);
    expect(review).toMatch(/^priced by\s+speed fast: the server quotes the price$/m);
    // A figure on a review carries its read time.
    expect(review).toMatch(/^balance\s+[\d.]+ ETH as read at \d\d:\d\d:\d\d/m);
    await h!.sendReview();
    const done = await h!.waitFor((x) => /new transaction\s+[0-9a-f-]{36}/.test(x), 'the answer');
    const id = /new transaction\s+([0-9a-f-]{36})/.exec(done)![1]!;
    expect(writes(h!).at(-1)!.body).toBe(`{"value":1000000000000000,"to":"${RX1}","speed":"fast"}`);
    expect(h!.sandbox.getTransaction('sepolia-main', id)).toMatchObject({ status: 'pending', to: RX1 });
    expect(done).toMatch(/^value\s+0\.001 ETH$/m);
  });

  it('at 80x24 the pricing is beside the speed: a gas_price typed under the preselected speed is refused on gas_price, on screen, saying how to price by it', async () => {
    const form = await openSend('sepolia-main');
    expect(fieldLabels(form).filter((l) => ['to', 'value', 'speed', 'gas_price', 'data', 'gas_limit'].includes(l)).slice(0, 4)).toEqual(['to', 'value', 'speed', 'gas_price']);
    await h!.press(RX1, KEY.tab, '1', KEY.tab, KEY.tab, '20 gwei', KEY.ctrlS);
    const f = await h!.waitFor((x) => /speed is fast too/.test(x), 'the refusal');
    expect(fieldHint(f, 'gas_price')).toMatch(/^✗ speed is fast too: one way of pricing only/);
    expect(f.replace(/\s+/g, ' ')).toContain('✗ speed is fast too: one way of pricing only (v1.8 refuses a mix); leave the speed out ((none), its first option) to price by gas_price');
    expect(writes(h!)).toEqual([]);
    // ← on speed to (none) (fast → average → safeLow → (none)): priced by gas_price alone. The error
    // on gas_price goes once the speed that caused it is left out, before any review (a walk saw it stay).
    await h!.press(KEY.shiftTab, KEY.left, KEY.left);
    expect(fieldHint(h!.frame(), 'gas_price')).toMatch(/^✗ speed is /);
    await h!.press(KEY.left);
    await h!.waitFor((x) => !/✗ speed is/.test(x), 'the error gone with its cause');
    await h!.press(KEY.ctrlS);
    const review = await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    expect(review).toMatch(/^priced by\s+gas_price 20 gwei/m);
  });

  it("refused before sending, on its field, as v1.8 would: a to outside the relayer's whitelist", async () => {
    await openSend('sepolia-main', 120, 40);
    await h!.press('0x1111111111111111111111111111111111111111', KEY.tab, '1', KEY.ctrlS);
    const f = await h!.waitFor((x) => /not in the relayer's whitelist_receivers/.test(x), 'the refusal');
    expect(fieldHint(f, 'to')).toMatch(/^✗ not in the relayer's whitelist_receivers/);
    // The addresses it takes are named (a walk was told only "2 addresses").
    const rx = (await rawGet(h!, '/relayers/sepolia-main')).json.data as { policies: { whitelist_receivers: string[] } };
    expect(f.replace(/\s+/g, ' ')).toContain(`✗ not in the relayer's whitelist_receivers: ${rx.policies.whitelist_receivers.join(', ')} (the zero address and its own go through too): v1.8 answers 400 "Transaction target address is not whitelisted"`);
    expect(f).not.toContain('Review:');
    expect(writes(h!)).toEqual([]);
  });

  it('a paused relayer: not offered, in the server\'s words', async () => {
    await openSend('mainnet-hot', 120, 40);
    await h!.press(':', ...'messages', '\r');
    const f = await h!.waitFor((x) => /Not offered/.test(x) && /messages/.test(x), ':messages');
    expect(f.replace(/\s+/g, ' ')).toContain('Not offered: relayer mainnet-hot is paused: the OpenZeppelin Relayer refuses a send (403 "Relayer paused")');
    expect(f).not.toContain('› send');
  });
});

describe('n on Solana and Stellar relayers', () => {
  const pay = { type: 'payment', destination: 'GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H', amount: '1000000', asset: { type: 'native' } };

  it("Stellar at 80x24: the network's form (the relayer's network prefilled, the operations template), the exact body reviewed and sent, the new transaction named", async () => {
    const form = await openSend('stellar-testnet');
    expect(form).toContain('› send');
    expect(fieldValue(form, 'network')).toBe('testnet');
    expect(focusedField(form)).toBe('build from');
    await h!.press(KEY.tab);
    expect(focusedField(h!.frame())).toBe('operations');
    await h!.press(JSON.stringify([pay]), KEY.ctrlS);
    const review = await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    expect(review).toContain('POST /api/v1/relayers/stellar-testnet/transactions');
    expect(review).toMatch(/^built from\s+1 operation$/m);
    // The payment's amount in XLM beside its stroops.
    expect(review.replace(/\n {26}/g, ' ')).toMatch(new RegExp(`^  payment 1\\s+${Number(pay.amount).toLocaleString('en-US')} stroops = ${Number(pay.amount) / 1e7} XLM to ${pay.destination.slice(0, 10)}`, 'm'));
    // A Stellar address (56 characters) wraps at 80 columns: read with its continuation lines joined.
    expect(review.replace(/\n {26}/g, ' ').replace(/([A-Z2-7]) ([A-Z2-7])/g, '$1$2')).toMatch(/^source\s+the relayer \(G[A-Z2-7]{55}\)$/m);
    await h!.sendReview();
    const done = await h!.waitFor((x) => /new transaction\s+[0-9a-f-]{36}/.test(x), 'the answer');
    expect(writes(h!).at(-1)!.body).toBe(`{"network":"testnet","operations":[${JSON.stringify(pay)}],"memo":{"type":"none"},"max_fee":1000000}`);
    const id = /new transaction\s+([0-9a-f-]{36})/.exec(done)![1]!;
    expect(h!.sandbox.getTransaction('stellar-testnet', id)).toMatchObject({ status: 'pending' });
  });

  it('Solana: instructions with a signer that is not the relayer are refused on the field, nothing sent', async () => {
    await openSend('solana-devnet', 120, 40);
    await h!.press(KEY.right);
    await h!.waitFor((x) => fieldValue(x, 'build from') === '‹ instructions ›', 'instructions chosen');
    await h!.press(KEY.tab);
    const other = 'DNwmmCDaHvn2C6X9GfHchdGgV2btSSJkNeu7jSdb8mfa';
    await h!.press(JSON.stringify([{ program_id: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', accounts: [{ pubkey: other, is_signer: true, is_writable: true }], data: '' }]), KEY.ctrlS);
    const f = await h!.waitFor((x) => /may be a signer/.test(x), 'the refusal');
    expect(f.replace(/\s+/g, ' ')).toMatch(/✗ instruction 0 account 0: only the relayer \(\w+\) may be a signer/);
    expect(f).not.toContain('Review:');
    expect(writes(h!)).toEqual([]);
  });

  it("W on a Solana relayer: not offered, in words (a withdrawal is EVM's)", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 40 });
    await h.waitFor((x) => x.includes('solana-devnet'), 'the relayers');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('solana-devnet'); i++) await h.press('j');
    await h.press('W', ':', ...'messages', '\r');
    const f = await h.waitFor((x) => /Not offered/.test(x) && /messages/.test(x), ':messages');
    expect(f.replace(/\s+/g, ' ')).toContain('Not offered: a withdrawal is an EVM send here (solana-devnet is solana): send a pre-built transfer with n (relayer-tui send --transaction B64) whose fee payer is the relayer; v1.8 refuses the System Program');
  });
});

describe('W: a withdrawal', () => {
  it("at 80x24: the balance and the network's price read and said, all over min_balance by default, the relayer's id typed to confirm, a fixed price and gas sent", async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    await h.waitFor((x) => x.includes('bsc-treasury'), 'the relayers');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('bsc-treasury'); i++) await h.press('j');
    await h.press('W');
    const form = await h.waitFor((x) => x.includes('› withdraw') && /read at \d\d:\d\d:\d\d: balance [\d.]+ BNB; the network's price [\d.]+ gwei/.test(x.replace(/\n\s+/g, ' ')), 'the form, its figures read');
    expect(form).toMatch(/^  amount\s+all$/m);
    await h.press(RX1, KEY.ctrlS);
    const review = await h.waitFor((x) => /^Type bsc-treasury and enter to send what is below/m.test(x), 'the review, asking for the id');
    expect(review).toMatch(/^priced by\s+gas_price [\d.]+ gwei \(legacy\)$/m);
    expect(review.replace(/\n\s{26}/g, ' ')).toMatch(/^leaves\s+0\.005\d+ BNB: its min_balance and what a re-price \(\+10 %\) would cost more/m);
    for (let i = 0; i < 20 && /not seen yet/.test(h.frame()); i++) await h.press(KEY.down);
    await h.press('bsc-treasury', KEY.enter);
    const done = await h.waitFor((x) => /new transaction\s+[0-9a-f-]{36}/.test(x), 'the answer');
    const body = JSON.parse(writes(h).at(-1)!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ to: RX1, gas_limit: 21000 });
    expect(typeof body.gas_price).toBe('number');
    // Everything over its minimum and one re-price's fee: balance − min − 21,000 × price × 1.1, exactly (the status read over HTTP).
    const raw = writes(h).at(-1)!.body;
    const status = (await rawGet(h, '/relayers/bsc-treasury/status')).json.data as { balance: string };
    const price = BigInt(/"gas_price":(\d+)/.exec(raw)![1]!);
    expect(BigInt(/"value":(\d+)/.exec(raw)![1]!)).toBe(BigInt(status.balance) - 5_000_000_000_000_000n - 21_000n * ((price * 11n) / 10n));
    expect(body.speed).toBeUndefined();
    expect(done).toMatch(/^status\s+pending$/m);
  });

  it('the amount checked as typed, in the chain\'s own coin; one over what is left says the fee and the most it can send (and that most is taken)', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 30 });
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('bsc-treasury'), 'the relayers');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('bsc-treasury'); i++) await h.press('j');
    await h.press('W');
    await h.waitFor((x) => /read at \d\d:\d\d:\d\d: balance/.test(x), 'the form, its figures read');
    // Typed after the prefilled all: pointed at as the field is left, in BNB.
    await h.press(RX1, KEY.tab, '5bnb', KEY.ctrlS);
    const bad = await h.waitFor((x) => /✗ all, or wei, or with a unit: 0\.5bnb/.test(x), 'the amount pointed at');
    expect(bad).toContain('all5bnb');
    expect(writes(h)).toHaveLength(0);
    await h.press(KEY.ctrlU, '99bnb', KEY.ctrlS);
    const over = (await h.waitFor((x) => /✗ more than the relayer can pay/.test(x), 'too much')).replace(/\s+/g, ' ');
    const most = /and its gas costs [\d.]+ BNB \(21000 gas × [\d.]+ gwei\): at most ([\d.]+) BNB can be sent/.exec(over);
    expect(most, over).not.toBeNull();
    // Beside it, what all would send: less, by what a re-price would cost more.
    expect(over).toMatch(/; all sends [\d.]+ BNB \(it keeps back what a re-price, \+10 %, would cost more: v1\.8 checks the balance again then\)/);
    await h.press(KEY.ctrlU, `${most![1]}bnb`, KEY.ctrlS);
    await h.waitFor((x) => /^Type bsc-treasury and enter/m.test(x), 'the most it can send: reviewed');
    expect(writes(h)).toHaveLength(0);
  });

  it('sent: the relayers list behind is told — its row and its figures read again, its pending count counting the new transaction', async () => {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 80, rows: 24 });
    // A still world: no block moves the pending count meanwhile.
    h.sandbox.clock.stop();
    await h.waitFor((x) => x.includes('bsc-treasury'), 'the relayers');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('bsc-treasury'); i++) await h.press('j');
    const pend = (row: string) => Number(/ (\d+) bsc-treasury/.exec(row)?.[1]);
    const before = pend(await h.waitFor((x) => !Number.isNaN(pend(cursorRow(x))), 'its pending count').then(cursorRow));
    await h.press('W');
    await h.waitFor((x) => /read at \d\d:\d\d:\d\d: balance/.test(x), 'the form, its figures read');
    await h.press(RX1, KEY.tab, KEY.ctrlU, '0.01bnb', KEY.ctrlS);
    await h.waitFor((x) => /^Type bsc-treasury and enter/m.test(x), 'the review');
    for (let i = 0; i < 20 && /not seen yet/.test(h.frame()); i++) await h.press(KEY.down);
    await h.press('bsc-treasury', KEY.enter);
    await h.waitFor((x) => /new transaction\s+[0-9a-f-]{36}/.test(x), 'the answer');
    const posted = h.sandbox.requests.findIndex((q) => q.method === 'POST' && q.url === '/api/v1/relayers/bsc-treasury/transactions');
    await h.waitFor(() => h!.sandbox.requests.slice(posted).some((q) => q.method === 'GET' && q.url === '/api/v1/relayers/bsc-treasury/status'), 'its figures read again');
    await h.press(KEY.esc);
    const row = cursorRow(await h.waitFor((x) => pend(cursorRow(x)) === before + 1, 'the list: one more pending'));
    expect(row).toContain('bsc-treasury');
  });

  /** W on bsc-treasury with the app's clock `skew` ms ahead of the wall's (moved by the test), up to its review. */
  async function reviewWithdrawal(clock: { skew: number }): Promise<string> {
    h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 40, services: { now: () => Date.now() + clock.skew } });
    await h.waitFor((x) => x.includes('bsc-treasury'), 'the relayers');
    for (let i = 0; i < 20 && !cursorRow(h.frame()).includes('bsc-treasury'); i++) await h.press('j');
    await h.press('W');
    await h.waitFor((x) => /read at \d\d:\d\d:\d\d: balance/.test(x), 'the form, its figures read');
    await h.press(RX1, KEY.ctrlS);
    return h.waitFor((x) => /^Type bsc-treasury and enter/m.test(x), 'the review');
  }
  const valueSent = () => BigInt(/"value":(\d+)/.exec(writes(h!).at(-1)!.body)![1]!);

  it('a review older than 15 s is read again before it is sent: its balance moved, so the new request is reviewed and nothing is sent', async () => {
    const clock = { skew: 0 };
    await reviewWithdrawal(clock);
    clock.skew = 20_000;
    h!.sandbox.chain!.fund('bsc-treasury', 10n ** 15n);
    await h!.press('bsc-treasury', KEY.enter);
    const again = await h!.waitFor((x) => /its figures moved/.test(x), 'the new review');
    expect(again.replace(/\s+/g, ' ')).toMatch(/Read again at \d\d:\d\d:\d\d: its figures moved, so the request changed: nothing was sent; review it again/);
    expect(writes(h!)).toEqual([]);
    // The new review, sent as it is now (its figures just read): the value takes the funds added.
    const status = (await rawGet(h!, '/relayers/bsc-treasury/status')).json.data as { balance: string };
    await h!.press('bsc-treasury', KEY.enter);
    await h!.waitFor((x) => /new transaction\s+[0-9a-f-]{36}/.test(x), 'the answer');
    const price = BigInt(/"gas_price":(\d+)/.exec(writes(h!).at(-1)!.body)![1]!);
    expect(valueSent()).toBe(BigInt(status.balance) - 5_000_000_000_000_000n - 21_000n * ((price * 11n) / 10n));
  });

  it('read again and the same: sent at once, as reviewed', async () => {
    const clock = { skew: 0 };
    const review = await reviewWithdrawal(clock);
    clock.skew = 20_000;
    await h!.press('bsc-treasury', KEY.enter);
    await h!.waitFor((x) => /new transaction\s+[0-9a-f-]{36}/.test(x), 'the answer');
    expect(writes(h!)).toHaveLength(1);
    expect(review.replace(/\n\s{26}/g, ' ')).toContain(writes(h!)[0]!.body.replace(/[{}]/g, '').split(',')[0]!.split(':')[0]!);
  });
});
