/** The EVM send's balance rule in words (issue 43): a relayer already under its minimum is said to be so, not "more than it can pay… leaves 0". */
import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../../src/api/index.js';
import { sendRequest } from '../../../src/core/operations/send.js';

const relayer = { id: 'r', name: 'r', network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false, address: '0x2e2f2e874c0d505edd7b5f7d7b4ca0d833490368', policies: { min_balance: 1_000_000 } } as unknown as Relayer;
const to = '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7';
const now = Date.parse('2026-11-28T18:00:00Z');
const valueError = (balanceWei: bigint, value: string) => {
  const built = sendRequest({ to, value, speed: 'fast' }, { relayerId: 'r', relayer, balanceWei, now });
  return 'errors' in built ? built.errors.value : undefined;
};

describe('a send the relayer cannot pay over its min_balance', () => {
  it('under its minimum: said so, whatever the value (0 included)', () => {
    expect(valueError(400_000n, '0')).toBe("the relayer's balance 0.0000000000004 ETH is under its min_balance 0.000000000001 ETH: no send can be paid (v1.8 takes it, then fails it); fund it first");
    expect(valueError(1_000_000n, '0')).toMatch(/^the relayer's balance \S+ ETH is at its min_balance/);
  });
  it('over its minimum but not by the value and fee: what it leaves', () => {
    expect(valueError(10n ** 18n, '2000000000000000000')).toMatch(/^more than the relayer can pay over its min_balance: 1 ETH − 0\.000000000001 ETH leaves 0\.999999999999 ETH/);
    expect(valueError(10n ** 18n, '1')).toBeUndefined();
  });
  it('at a fixed price (a withdrawal\'s): the fee said, and the most that can then be sent — never a figure under what is left that is still refused', () => {
    const built = sendRequest({ to, value: '999999000000000000', gas_limit: '21000', gas_price: '55000000000' }, { relayerId: 'r', relayer, balanceWei: 10n ** 18n, now });
    expect('errors' in built ? built.errors.value : undefined).toBe(
      'more than the relayer can pay over its min_balance: 1 ETH − 0.000000000001 ETH leaves 0.999999999999 ETH, and its gas costs 0.001155 ETH (21000 gas × 55 gwei): at most 0.998844999999 ETH can be sent (v1.8 takes it, then fails it)',
    );
    // Its gas as sure as it is: no gas_limit, at least the intrinsic gas (what can be sent is then still a true most);
    // a speed, an estimate of both.
    const noLimit = sendRequest({ to, value: '999999000000000000', gas_price: '55000000000' }, { relayerId: 'r', relayer, balanceWei: 10n ** 18n, now });
    expect('errors' in noLimit ? noLimit.errors.value : undefined).toContain('and its gas costs at least 0.001155 ETH (21000 gas at least, none given: the server estimates it × 55 gwei): at most 0.998844999999 ETH can be sent');
    const bySpeed = sendRequest({ to, value: '999999000000000000', speed: 'fast' }, { relayerId: 'r', relayer, balanceWei: 10n ** 18n, gasPriceWei: 10_000_000_000n, now });
    expect('errors' in bySpeed ? bySpeed.errors.value : undefined).toMatch(/costs about [\d.]+ ETH \(an estimate: 21000 gas × [\d.]+ gwei\): about [\d.]+ ETH can be sent/);
    // That most is taken.
    expect('errors' in sendRequest({ to, value: '998844999999000000', gas_limit: '21000', gas_price: '55000000000' }, { relayerId: 'r', relayer, balanceWei: 10n ** 18n, now })).toBe(false);
  });
});

describe("a replacement's own to, kept, is never refused by the form", () => {
  it('the transaction holds a wrong checksum (v1.8 stores it unchecked): kept, it passes; typed anew, it is pointed at', async () => {
    const { evmFields } = await import('../../../src/core/operations/evm.js');
    const { RX1, wrongChecksum } = await import('../../fixtures/addresses.js');
    const held = wrongChecksum(RX1);
    const to = evmFields('sepolia', { id: 't', status: 'pending', to: held } as never).find((f) => f.name === 'to')!;
    expect(to.validate!(held, {})).toBeNull();
    expect(to.validate!(wrongChecksum('0x11de54b4cdd449746a7262da6f5a85f2e3444e59'), {})).toMatch(/EIP-55 checksum does not match/);
    expect(evmFields('sepolia').find((f) => f.name === 'to')!.validate!(held, {})).toMatch(/EIP-55 checksum does not match/);
  });
});
