/** What a policy edit would do and what moved on the server since its first read, as data, then its words (issue 51). */
import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../../src/api/index.js';
import { sameValue } from '../../../src/core/operations/policyEdit.js';
import { movedLine, policyRisks, riskLine, serverMoved } from '../../../src/core/operations/policyRisks.js';

const relayer = (over: Record<string, unknown>): Relayer => ({ id: 'r1', name: 'R1', network: 'sepolia', network_type: 'evm', paused: false, signer_id: 's', system_disabled: false, policies: {}, ...over }) as unknown as Relayer;

describe('serverMoved', () => {
  it('each policy and relayer field that differs, numbers exactly (a JSON number and a string of it are alike)', () => {
    const opened = relayer({ policies: { gas_price_cap: 3_000_000_000_000, min_balance: '5' } });
    const server = relayer({ paused: true, policies: { gas_price_cap: 50_000_000_000, min_balance: 5 } });
    const moved = serverMoved(opened, server, sameValue);
    expect(moved.map((m) => m.key)).toEqual(['gas_price_cap', 'paused']);
    expect(moved.map((m) => movedLine(m, server, 'opened').value)).toEqual([
      'gas_price_cap is 50 gwei on the server now (was 3,000 gwei when you opened it)',
      'paused is true on the server now (was false when you opened it)',
    ]);
  });
});

describe('policyRisks', () => {
  const figures = { price: { wei: 20_000_000_000n, at: 0 }, balance: { wei: 5n * 10n ** 18n, at: 0 } };
  it('a cap under the price, a min_balance over the balance, an empty whitelist; nothing for what is fine or removed', () => {
    expect(policyRisks({ gas_price_cap: 1_500_000_000, min_balance: 10n * 10n ** 18n, whitelist_receivers: [] }, figures).map((r) => r.kind)).toEqual(['cap under price', 'min above balance', 'empty whitelist']);
    expect(policyRisks({ gas_price_cap: 30_000_000_000, min_balance: null, whitelist_receivers: null }, figures)).toEqual([]);
    expect(riskLine(policyRisks({ gas_price_cap: 1_500_000_000 }, figures)[0]!, 'sepolia').value).toMatch(/^gas_price_cap 1\.5 gwei is under the network's price now, 20 gwei \(eth_gasPrice at \d\d:\d\d:\d\d\)/);
    expect(riskLine(policyRisks({ min_balance: 10n * 10n ** 18n }, figures)[0]!, 'sepolia').value).toMatch(/^min_balance 10 ETH is above the relayer's balance, 5 ETH \(read at/);
  });

  it('a figure not read is said, never taken as fine', () => {
    const r = policyRisks({ gas_price_cap: 1 }, { price: { unknown: 'could not be read (eth_gasPrice: Relayer paused)' }, balance: figures.balance });
    expect(r).toEqual([{ kind: 'not weighed', key: 'gas_price_cap', against: 'price', why: 'could not be read (eth_gasPrice: Relayer paused)' }]);
    expect(riskLine(r[0]!, 'sepolia').value).toBe("whether gas_price_cap jams the relayer is not known: the network's price could not be read (eth_gasPrice: Relayer paused)");
  });
});
