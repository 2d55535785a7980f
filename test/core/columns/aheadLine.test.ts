/**
 * The forecasts' part of the first screen's line (issue 54.2): where today's trouble in its whole words
 * leaves room only for the count, the relayers heading for trouble are named all the same — today's
 * said narrower (by ids), every kind of it still there and nothing cut — before the count alone.
 */
import { describe, expect, it } from 'vitest';
import { relayersLine, type RelayersLineFacts } from '../../../src/core/columns/relayersLine.js';
import { nativeUnitOf } from '../../../src/core/amounts.js';
import { rpcFailingFromRead } from '../../../src/core/forecast/rpcFailing.js';
import { cellWidth } from '../../../src/core/text/cells.js';

const AT = new Date(2026, 11, 6, 4, 30, 0).getTime();
const failing = (id: string) => ({ relayerId: id, forecasts: [rpcFailingFromRead(id, { code: -32000, message: 'transport error', description: null }, 'eth_gasPrice', AT)] });
const facts: RelayersLineFacts = {
  jams: [],
  low: [{ relayerId: 'mainnet-hot', balance: '355631000000000000', min: '100000000000000000000', unit: nativeUnitOf('evm', 'mainnet') }],
  notDiagnosed: [{ relayerId: 'linea-idle', why: 'its JSON-RPC (eth_getTransactionCount) could not be read (HTTP 500 from the server: RPC transport error)' }],
  reading: 0,
  ahead: [failing('linea-idle'), failing('celo-ops'), failing('gnosis-pay')],
};

describe('the first screen line: the forecasts named before today gets its detail', () => {
  it('today by its ids, every kind still said, the three heading for trouble named — not the count alone', () => {
    const whole = relayersLine({ ...facts, ahead: [] })!;
    // Today's whole words take the room a named part would need.
    expect(whole).toContain('(its JSON-RPC');
    const line = relayersLine(facts, 165)!;
    expect(cellWidth(line)).toBeLessThanOrEqual(165);
    // With when the forecasts were read (their figures date as the jams' do).
    expect(line).toMatch(/^1 low: mainnet-hot; 1 not diagnosed: linea-idle; 3 heading for trouble as of 04:30:00: linea-idle \(RPC failing\), celo-ops \(RPC failing\), gnosis-pay \(RPC failing\)$/);
    // Narrower, by ids alone.
    expect(relayersLine(facts, 125)).toBe('1 low: mainnet-hot; 1 not diagnosed: linea-idle; 3 heading for trouble as of 04:30:00: linea-idle, celo-ops, gnosis-pay');
    // No word of today's cut to make room (`1 not diagnosed…` once was): where even the ids do not fit, each kind counted.
    const narrow = relayersLine(facts, 70)!;
    expect(narrow.replace(/being diagnosed…/g, '')).not.toContain('…');
    expect(narrow).toMatch(/\blow\b.*\bnot diagnosed\b.*3 heading for trouble/);
  });

  it('when the forecasts were read, said where room allows: every one named before the time, the marks (a time-to-go) before it, the time before the ids alone', () => {
    const runwayAt = { relayerId: 'sepolia-main', forecasts: [{ ...failing('x').forecasts[0]!, read_at: AT + 5_000 }] };
    const alone: RelayersLineFacts = { jams: [], low: [], notDiagnosed: [], reading: 0, ahead: [failing('linea-idle'), runwayAt] };
    const timed = '2 heading for trouble (read 04:30:00–05): linea-idle (RPC failing), sepolia-main (RPC failing)';
    expect(relayersLine(alone, 200)).toBe(timed);
    expect(relayersLine(alone, timed.length - 1)).toBe('2 heading for trouble: linea-idle (RPC failing), sepolia-main (RPC failing)');
    expect(relayersLine(alone, 80)).toBe('2 heading for trouble: linea-idle (RPC failing), sepolia-main (RPC failing)');
    expect(relayersLine(alone, 60)).toBe('2 heading for trouble: linea-idle (RPC failing), +1 more');
    expect(relayersLine(alone, 45)).toBe('2 heading for trouble: linea-idle, +1 more');
    expect(relayersLine(alone, 25)).toBe('2 heading for trouble');
  });
});
