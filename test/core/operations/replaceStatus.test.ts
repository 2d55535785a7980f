/**
 * What v1.8 replaces (src/core/operations/replaceStatus.ts): an EVM transaction only while pending,
 * sent or submitted (evm_transaction.rs:1316). The form refuses the rest itself, whatever opened it —
 * a kept draft opens the form on a final transaction so its stale notice can be read and discarded,
 * and nothing it builds there is sent (a review found the key's refusal bypassed that way).
 */
import { describe, expect, it } from 'vitest';
import type { DialectState, Transaction } from '../../../src/api/index.js';
import { evmForm, evmInitialValues } from '../../../src/core/operations/evm.js';
import { replaceStatusRefusal } from '../../../src/core/operations/replaceStatus.js';

const OZ: DialectState = { dialect: 'openzeppelin', source: 'detected', why: 'test' } as DialectState;
const CONTRACT: DialectState = { dialect: 'contract', source: 'detected', why: 'test' } as DialectState;
const tx = (status: string): Transaction => ({ id: 'tx-1', status, value: '1', to: '0x1111111111111111111111111111111111111111', data: '0x', gas_limit: 21000, nonce: 7, speed: 'fast' }) as unknown as Transaction;

describe('what the OpenZeppelin Relayer replaces', () => {
  it('EVM: pending, sent, submitted only (mined is not among them); a server of the interface document decides for itself', () => {
    for (const s of ['pending', 'sent', 'submitted']) expect(replaceStatusRefusal('evm', 'openzeppelin', tx(s)), s).toBeNull();
    for (const s of ['mined', 'confirmed', 'failed', 'canceled', 'expired']) expect(replaceStatusRefusal('evm', 'openzeppelin', tx(s)), s).toMatch(new RegExp(`only while it is pending, sent or submitted; this one is ${s}`));
    expect(replaceStatusRefusal('evm', 'contract', tx('confirmed'))).toBeNull();
  });

  it('the form itself builds nothing for one it will not replace (opened for a kept draft), and builds for one it will', () => {
    const values = { ...evmInitialValues(tx('mined')), speed: 'fastest' };
    const refused = evmForm('sepolia-main', undefined, tx('mined'), () => OZ).build(values);
    expect(refused).toEqual({ errors: { value: expect.stringMatching(/^not sent: the OpenZeppelin Relayer replaces an EVM transaction only while/) } });
    expect('request' in evmForm('sepolia-main', undefined, tx('submitted'), () => OZ).build({ ...values })).toBe(true);
    expect('request' in evmForm('sepolia-main', undefined, tx('mined'), () => CONTRACT).build({ ...values })).toBe(true);
  });
});
