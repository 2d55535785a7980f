/** A send to a relayer whose whitelist is present but empty (issue 51.7): refused in words that say so, never a blank list. */
import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../../src/api/index.js';
import { sendErrors } from '../../../src/core/operations/send.js';

const relayer = (whitelist: string[]): Relayer =>
  ({ id: 'r1', name: 'R1', network: 'sepolia', network_type: 'evm', paused: false, signer_id: 's', address: '0x7b3352b20e17d932f2096f2be160dc56e99e03bb', system_disabled: false, policies: { whitelist_receivers: whitelist } }) as unknown as Relayer;

describe('a send refused by an empty whitelist', () => {
  it('says the list is empty and what it allows (v1.8), no blank', () => {
    const errors = sendErrors({ to: '0x11de54b4cdd449746a7262da6f5a85f2e3444e59', value: '1' }, { relayerId: 'r1', relayer: relayer([]), now: 0 });
    expect(errors.to).toBe(`not allowed: the relayer's whitelist_receivers is empty: it allows only the zero address and the relayer's own: v1.8 answers 400 "Transaction target address is not whitelisted"`);
    expect(errors.to).not.toMatch(/: {2}\(/);
  });
});
