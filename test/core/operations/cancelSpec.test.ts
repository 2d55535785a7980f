/**
 * A cancel's review notes (core/operations/cancel.ts cancelSpec.reviewNotes): its relayer's jam is said
 * as read — not read (the TUI never diagnosed the relayer) and not diagnosed (why) are each said as not
 * known, never left out as if there were none; a network without a jam reading (Stellar) has no such line.
 */
import { describe, expect, it } from 'vitest';
import type { Relayer, Transaction } from '../../../src/api/index.js';
import { cancelSpec, type CancelInput } from '../../../src/core/operations/cancel.js';

const relayer = (network_type: string) => ({ id: 'r-1', name: 'R', network: 'sepolia', network_type, paused: false, system_disabled: false }) as unknown as Relayer;
const tx = { id: 't-1', status: 'pending', nonce: 7, created_at: '2026-12-06T00:00:00Z' } as unknown as Transaction;
const input = (over: Partial<CancelInput>): CancelInput => ({ target: { relayerId: 'r-1', txId: 't-1' }, relayer: relayer('evm'), tx, offered: true, ...over });
const jamLines = (i: CancelInput) => cancelSpec.reviewNotes(i, { now: Date.now(), face: 'keys' }).filter((l) => l.label === '⚠ jam');

describe("a cancel's review: its relayer's jam", () => {
  it('not read: said not known (the TUI had no diagnosis of the relayer)', () => {
    expect(jamLines(input({}))).toEqual([{ label: '⚠ jam', value: 'not known: its relayer was not diagnosed before this review', tone: 'warn' }]);
  });

  it('not diagnosed: said not known, with why', () => {
    expect(jamLines(input({ jam: { kind: 'not_diagnosed', why: 'the status read failed: 503', unreadable: true } }))).toEqual([{ label: '⚠ jam', value: 'not known: the status read failed: 503', tone: 'warn' }]);
  });

  it('a Stellar relayer: no jam line (no nonce to jam)', () => {
    expect(jamLines(input({ relayer: relayer('stellar') }))).toEqual([]);
  });
});
