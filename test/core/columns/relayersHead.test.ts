/**
 * The line above the relayers table (issue 55): one row from the first frame on, whatever it says —
 * reading before the server's kind is known, what cannot be known on a server that cannot be
 * diagnosed, the trouble, else the all-clear in words, said only of what was read.
 */
import { describe, expect, it } from 'vitest';
import { READING_LINE, UNDIAGNOSABLE_LINE, UNREAD_LINE, relayersHead, type RelayersLineFacts } from '../../../src/core/columns/relayersLine.js';
import { clock } from '../../../src/core/time.js';

const AT = new Date(2026, 11, 5, 12, 3, 4).getTime();
const none: RelayersLineFacts = { jams: [], low: [], notDiagnosed: [], reading: 0, jamsAsOf: AT };

describe('relayersHead', () => {
  it('before the server is known, and where it cannot be diagnosed: said, never an all-clear', () => {
    expect(relayersHead({ kind: 'reading' })).toBe(READING_LINE);
    expect(READING_LINE).toMatch(/^reading the relayers… /);
    expect(relayersHead({ kind: 'unread' })).toBe(UNREAD_LINE);
    expect(relayersHead({ kind: 'undiagnosable' })).toBe('jams not diagnosed: not the OpenZeppelin Relayer (no relayer status or JSON-RPC)');
    expect(relayersHead({ kind: 'undiagnosable' }, 60)).toBe(`${UNDIAGNOSABLE_LINE.slice(0, 59)}…`);
    for (const l of [READING_LINE, UNREAD_LINE, UNDIAGNOSABLE_LINE]) expect(l).not.toMatch(/none jammed|all clear/);
  });

  it('what is wrong or not known is the line it was (relayersLine)', () => {
    expect(relayersHead({ kind: 'facts', facts: { ...none, reading: 3 }, diagnosed: 2, lowsRead: true })).toBe('3 being diagnosed…');
    expect(relayersHead({ kind: 'notReady', summary: 'not ready: Redis down' })).toBe('server not ready: Redis down');
    // The first diagnosis not complete: how far, no jam counted.
    expect(relayersHead({ kind: 'diagnosing', read: 5, of: 7 })).toBe('reading… jams diagnosed for 5 of 7 relayers (counted once all are)');
  });

  it('nothing wrong: the all-clear with when it was read and how many it rests on; low only once every balance was read', () => {
    expect(relayersHead({ kind: 'facts', facts: none, diagnosed: 6, lowsRead: true })).toBe(`none jammed or low as of ${clock(AT)} (6 diagnosed)`);
    expect(relayersHead({ kind: 'facts', facts: none, diagnosed: 6, lowsRead: false })).toBe(`none jammed as of ${clock(AT)} (6 diagnosed)`);
    expect(relayersHead({ kind: 'facts', facts: { ...none, jamsAsOf: { oldest: AT, newest: AT + 5000 } }, diagnosed: 2, lowsRead: false })).toBe(`none jammed (read ${clock(AT)}–${clock(AT + 5000).slice(6)}) (2 diagnosed)`);
    // No active relayer that can be diagnosed: nothing said clear.
    expect(relayersHead({ kind: 'facts', facts: { ...none, jamsAsOf: undefined }, diagnosed: 0, lowsRead: true })).toBe('nothing diagnosed: no active EVM relayer on this page');
  });
});
