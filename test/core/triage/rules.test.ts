import { describe, expect, it } from 'vitest';
import type { Relayer, Transaction } from '../../../src/api/index.js';
import { DEFAULT_TRIAGE, flagsFor as flagData, flagWords, nonceGaps, scanDone, stuckRows, type TriageOptions } from '../../../src/core/triage/rules.js';

/** The flags in words (flagWords of the data): what the stuck screen says. */
const flagsFor = (t: Transaction, now: number, o: TriageOptions, gap: boolean) => flagData(t, now, o, gap).map(flagWords);

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const tx = (over: Partial<Transaction> & { nonce?: number }): Transaction => ({ id: `t${over.nonce ?? 0}`, status: 'pending', created_at: ago(60_000), hash: null, ...over }) as Transaction;
const relayer = { id: 'r', name: 'R', network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false } as unknown as Relayer;

describe('triage rules', () => {
  it('flags in words, the real server\'s signatures: sent without sent_at (never broadcast, 2m), submitted not mined (5m after sent_at), pending not signed (5m), unknown status, canceling, old, a gap', () => {
    // sent: signed (the hash is set at signing), sent_at null: never broadcast — by its age, whatever the hash.
    expect(flagsFor(tx({ status: 'sent', created_at: ago(3 * 60_000), hash: '0xab' }), NOW, DEFAULT_TRIAGE, false)).toEqual(['never broadcast']);
    expect(flagsFor(tx({ status: 'sent', created_at: ago(60_000), hash: '0xab' }), NOW, DEFAULT_TRIAGE, false)).toEqual([]);
    // Broadcast (sent_at set): not "never broadcast", however old.
    expect(flagsFor(tx({ status: 'sent', created_at: ago(3 * 60_000), sent_at: ago(3 * 60_000), hash: '0xab' }), NOW, DEFAULT_TRIAGE, false)).toEqual([]);
    // submitted: counted from its broadcast.
    expect(flagsFor(tx({ status: 'submitted', created_at: ago(20 * 60_000), sent_at: ago(6 * 60_000) }), NOW, DEFAULT_TRIAGE, false)).toEqual(['not mined 5m after broadcast', 'old']);
    expect(flagsFor(tx({ status: 'submitted', created_at: ago(4 * 60_000), sent_at: ago(4 * 60_000) }), NOW, DEFAULT_TRIAGE, false)).toEqual([]);
    expect(flagsFor(tx({ status: 'pending', created_at: ago(6 * 60_000) }), NOW, DEFAULT_TRIAGE, true)).toEqual(['not signed after 5m', 'nonce gap', 'old']);
    expect(flagsFor(tx({ status: 'queued', created_at: ago(30 * 60_000) }), NOW, DEFAULT_TRIAGE, false)).toEqual(['unknown status', 'old']);
    expect(flagsFor(tx({ status: 'submitted', is_canceled: true, created_at: ago(60_000), sent_at: ago(60_000) }), NOW, DEFAULT_TRIAGE, false)).toEqual(['canceling']);
    expect(flagsFor(tx({ status: 'pending', created_at: 'not a time' }), NOW, DEFAULT_TRIAGE, false)).toEqual([]);
    // Mined: on the chain, waiting for its confirmations — old alone is not stuck (issue 43's walk: healthy
    // relayers with traffic said `8 stuck`); a gap below it still is said.
    expect(flagsFor(tx({ status: 'mined', created_at: ago(30 * 60_000), sent_at: ago(29 * 60_000) }), NOW, DEFAULT_TRIAGE, false)).toEqual([]);
    expect(flagsFor(tx({ status: 'mined', created_at: ago(30 * 60_000) }), NOW, DEFAULT_TRIAGE, true)).toEqual(['nonce gap']);
    expect(flagsFor(tx({ created_at: ago(2 * 60_000) }), NOW, { oldMs: 60_000, sentMs: 1000, submittedMs: 1000, pendingMs: 10 * 60_000 }, false)).toEqual(['old']);
  });

  it('nonce gaps: missing nonces between the lowest and highest non-final ones', () => {
    expect(nonceGaps([tx({ nonce: 5 }), tx({ nonce: 6 }), tx({ nonce: 9 })])).toEqual({ count: 2, first: [7, 8], lowestMissing: 7, unchecked: 0 });
    expect(nonceGaps([tx({ nonce: 5 }), tx({ nonce: 6 })]).count).toBe(0);
    expect(nonceGaps([tx({ nonce: 5 })]).count).toBe(0);
    // A hostile range is counted, not listed one by one.
    const wide = nonceGaps([tx({ nonce: 1 }), tx({ nonce: 1_000_000_000 })]);
    expect(wide).toEqual({ count: 999_999_998, first: [2, 3, 4], lowestMissing: 2, unchecked: 0 });
    // Held by final transactions (issue 18.4): not gaps; below what was read: unchecked, never missing.
    const nf = [tx({ nonce: 5 }), tx({ nonce: 7 }), tx({ nonce: 9 }), tx({ nonce: 12 })];
    expect(nonceGaps(nf, { held: [6, 8, 10], coveredFrom: -Infinity })).toEqual({ count: 1, first: [11], lowestMissing: 11, unchecked: 0 });
    expect(nonceGaps(nf, { held: [8, 10], coveredFrom: 8 })).toEqual({ count: 1, first: [11], lowestMissing: 11, unchecked: 1 });
    expect(nonceGaps(nf, { held: [], coveredFrom: null })).toEqual({ count: 0, first: [], lowestMissing: null, unchecked: 4 });
    // A negative nonce cannot be one: -3 and 2 are no "gap at -2, -1, 0 (+1)" (issue 27.7).
    expect(nonceGaps([tx({ nonce: -3 }), tx({ nonce: 2 })])).toMatchObject({ count: 0, first: [] });
    // Stellar sequence numbers (strings of 18 digits) are not nonces here.
    expect(nonceGaps([{ ...tx({}), nonce: undefined, sequence_number: '123456789012345678' } as Transaction]).count).toBe(0);
  });

  it('only transactions above the missing nonce wait behind it', () => {
    const { rows } = stuckRows(relayer, [tx({ nonce: 5 }), tx({ nonce: 7 }), tx({ nonce: 8 })], NOW, DEFAULT_TRIAGE);
    expect(rows.map((r) => [r.tx.nonce, r.flags.some((f) => f.kind === 'nonce_gap')])).toEqual([
      [5, false],
      [7, true],
      [8, true],
    ]);
  });

  it('the scan stops at the first page of only final transactions older than the oldest non-final one', () => {
    const final = (ms: number) => tx({ status: 'confirmed', created_at: ago(ms) });
    expect(scanDone([final(10_000), final(20_000)], null)).toBe(true);
    expect(scanDone([final(10_000), tx({ created_at: ago(20_000) })], null)).toBe(false);
    // A final transaction newer than the oldest non-final one: something older may still wait.
    expect(scanDone([final(10_000), final(40_000)], NOW - 30_000)).toBe(false);
    expect(scanDone([final(40_000), final(50_000)], NOW - 30_000)).toBe(true);
    expect(scanDone([{ ...final(40_000), created_at: 'garbage' }], NOW - 30_000)).toBe(false);
  });
});
