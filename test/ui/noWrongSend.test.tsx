/**
 * Issue 51, "no wrong send", the TUI's face: against the sandbox's real flavour over loopback. A wrong
 * EIP-55 checksum is pointed at on its field; a max fee over the cap is warned on the review as v1.8
 * caps it; a speed's gas is in the balance check (an estimate, said); what the client has read that
 * makes the server refuse (a paused relayer's cancels, a notification in use) is refused before
 * sending — no review, nothing sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, rawGet } from './support.js';
import { fieldHint, writes } from './forms/support.js';
import { RX1, wrongChecksum } from '../fixtures/addresses.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const WRONG = wrongChecksum(RX1);

async function onRelayer(relayerId: string, key: string): Promise<void> {
  h = await renderApp({ sandbox: { flavor: 'real' }, columns: 120, rows: 40 });
  h.sandbox.clock.stop();
  await h.waitFor((x) => x.includes(relayerId), 'the relayers');
  for (let i = 0; i < 20 && !cursorRow(h.frame()).includes(relayerId); i++) await h.press('j');
  await h.press(key);
}

/** The form open, and the network's price read (the speed's estimate rests on it). */
async function openSend(relayerId: string): Promise<void> {
  await onRelayer(relayerId, 'n');
  await h!.waitFor((x) => x.includes('› send'), 'the send form');
  await h!.waitFor(() => h!.sandbox.requests.some((r) => r.rpcMethod === 'eth_gasPrice') && h!.sandbox.requests.some((r) => r.url.endsWith(`/relayers/${relayerId}/status`)), "the network's price and the balance read");
}

describe('n: the send form', () => {
  it('a to whose EIP-55 checksum is wrong: pointed at on the field, nothing sent', async () => {
    await openSend('sepolia-main');
    await h!.press(WRONG, KEY.tab, '1', KEY.ctrlS);
    const f = await h!.waitFor((x) => /EIP-55 checksum does not match/.test(x), 'the refusal');
    expect(fieldHint(f, 'to')).toMatch(/^✗ its EIP-55 checksum does not match \(a typo\?\)/);
    expect(f).not.toContain('Review:');
    expect(writes(h!)).toEqual([]);
  });

  it('max_fee_per_gas over gas_price_cap: the review warns that v1.8 lowers it to the cap', async () => {
    await openSend('linea-idle');
    // speed fast → average → safeLow → (none): priced by the EIP-1559 pair.
    await h!.press(RX1, KEY.tab, '1', KEY.tab, KEY.left, KEY.left, KEY.left, KEY.tab, KEY.tab, '150 gwei', KEY.tab, '1 gwei', KEY.ctrlS);
    const review = await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    expect(review.replace(/\s+/g, ' ')).toContain("⚠ max fee 150 gwei is above the relayer's gas_price_cap 100 gwei: v1.8 takes it and lowers it to the cap when it prices it — it is sent at 100 gwei at most, not at what is asked");
    expect(writes(h!)).toEqual([]);
  });

  it("a speed's gas: in the balance check (all over min_balance but 1,000 wei is refused on value), and said on the review as an estimate", async () => {
    await openSend('linea-idle');
    const min = BigInt(String(((await rawGet(h!, '/relayers/linea-idle')).json.data as { policies: { min_balance: unknown } }).policies.min_balance));
    const balance = BigInt(String(((await rawGet(h!, '/relayers/linea-idle/status')).json.data as { balance: unknown }).balance));
    await h!.press(RX1, KEY.tab, (balance - min - 1_000n).toString(), KEY.ctrlS);
    const f = await h!.waitFor((x) => /its gas at speed fast costs about/.test(x.replace(/\s+/g, ' ')), 'the refusal');
    expect(f.replace(/\s+/g, ' ')).toMatch(/✗ more than the relayer can pay over its min_balance: .* and its gas at speed fast costs about [\d.]+ ETH \(an estimate: 21000 gas × [\d.]+ gwei\)/);
    expect(writes(h!)).toEqual([]);
    await h!.press(KEY.ctrlU, '1', KEY.ctrlS);
    const review = await h!.waitFor((x) => x.includes('Review: y sends exactly this'), 'the review');
    expect(review.replace(/\s+/g, ' ')).toMatch(/gas \(estimate\) about [\d.]+ ETH: at least 21000 gas \(none given: the server estimates it\) × [\d.]+ gwei \(the network's [\d.]+ gwei × 150 % for fast, v1\.8's legacy quote; an EIP-1559 quote is often more\); the balance check includes it/);
  });
});

describe('refused before sending: what the client read makes the server refuse', () => {
  it('X on a paused relayer: no review, the refusal in the warning\'s words, nothing sent', async () => {
    await onRelayer('mainnet-hot', 'X');
    const f = await h!.waitFor((x) => /Not offered/.test(x), 'the refusal');
    expect(f.replace(/\s+/g, ' ')).toContain('Not offered: the relayer is paused: the server refuses cancels until it is resum'); // the rest in :messages (80 columns)
    expect(f).not.toMatch(/Type mainnet-hot and enter/);
    expect(writes(h!)).toEqual([]);
  });
});
