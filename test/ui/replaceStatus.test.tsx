/**
 * e on a transaction v1.8 would not replace is refused at the key, in its terms (a walk opened a form
 * on a confirmed Stellar transaction): an EVM one only while pending, sent or submitted
 * (evm_transaction.rs:1316), a Stellar one not once final. Against the sandbox's real flavour over
 * loopback, its clock stopped; the headless face is test/e2e (replace … exit 2).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type Harness } from './helpers.js';
import { rawGet } from './support.js';
import { writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

async function openOn(relayerId: string, status: string): Promise<string> {
  h = await renderApp({ sandbox: { flavor: 'real' }, route: { kind: 'transactions', relayerId }, columns: 140, rows: 40 });
  await h.waitFor((f) => /^› \S/m.test(f) && f.includes('page 1/'), 'transactions loaded');
  const txs = (await rawGet(h, `/relayers/${relayerId}/transactions?page=1&per_page=100`)).json.data as { id: string; status: string }[];
  const tx = txs.find((t) => t.status === status)!;
  expect(tx, `a ${status} one among ${relayerId}'s seeds`).toBeDefined();
  await h.press('/', tx.id.slice(0, 8), '\r');
  await h.waitFor((x) => /^› /m.test(x) && x.includes(tx.id.slice(0, 8)), 'its row');
  await h.press('e');
  return h.waitFor((x) => x.includes('No replacement:'), 'the refusal');
}

describe('e on what v1.8 does not replace', () => {
  it('a confirmed EVM transaction: refused at the key, no form, nothing sent', async () => {
    const f = await openOn('sepolia-main', 'confirmed');
    expect(f).not.toMatch(/replace EVM/);
    expect(writes(h!)).toEqual([]);
    // Whole in :messages (the status bar shows what fits).
    await h!.press(':', ...'messages', '\r');
    const m = await h!.waitFor((x) => /No replacement:/.test(x) && /messages/.test(x), ':messages');
    expect(m.replace(/\s+/g, ' ')).toContain('No replacement: the OpenZeppelin Relayer replaces an EVM transaction only while it is pending, sent or submitted; this one is confirmed (it answers 400)');
  });

  it('a confirmed Stellar transaction: refused, it is final', async () => {
    const f = await openOn('stellar-testnet', 'confirmed');
    expect(f.replace(/\s+/g, ' ')).toContain('No replacement: this transaction is confirmed (final): there is nothing left to replace');
  });
});
