/**
 * The fleet's relayers heading for trouble (src/core/fleet/ahead.ts, core/columns/fleet.ts): the
 * summary names how many in which contexts for which stop, and those a failed read left unforecast;
 * STATE `soon` sorted after every state of today and before ok; a row read again alike but for its
 * forecasts' read times is the same as shown.
 */
import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../../src/api/index.js';
import { byTrouble, fleetRowRecord, relayerRow, summaryLine, type FleetRow } from '../../../src/core/fleet/health.js';
import { rowAsShown } from '../../../src/core/fleet/ahead.js';
import { problemText, stateWord } from '../../../src/core/columns/fleet.js';
import { capHeadroom, type Forecast } from '../../../src/core/forecast/forecast.js';
import type { ForecastUnknown } from '../../../src/core/forecast/unknown.js';

const G = 1_000_000_000n;
const NOW = Date.UTC(2026, 0, 1);
const evm = (id: string, over: Partial<Relayer> = {}): Relayer => ({ id, name: id, network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false, ...over }) as Relayer;
const cap = (id: string, at = NOW): Forecast => capHeadroom(id, 90n * G, 100n * G, at)!;
const row = (context: string, id: string, forecasts: Forecast[] = [], forecastsNotKnown: ForecastUnknown[] = [], over: Partial<Relayer> = {}): FleetRow => relayerRow({ context, relayer: evm(id, over), now: NOW, forecasts, forecastsNotKnown }, false);
const unread = (at = NOW): ForecastUnknown => ({ kind: 'rpc_failing', reason: 'price_unread', why: '404 no /rpc', at });

describe('the fleet heading for trouble', () => {
  it('the summary: how many, in which contexts, for which stop — after today’s trouble; what a failed read left unforecast', () => {
    const rows = [row('prod', 'a', [cap('a')]), row('prod', 'b'), row('staging', 'c', [cap('c')]), row('staging', 'd', [], [unread()]), row('staging', 'e', [], [{ kind: 'balance_runway', reason: 'not_enough', samples: 1, min: 5, at: NOW }])];
    expect(summaryLine(rows, 2, 0)).toBe('2 contexts · 5 relayers · nothing needs attention · 2 heading for trouble (prod: 1 for a jam at its cap; staging: 1 for a jam at its cap) · 1 not forecast, a read failed (staging: 1)');
    // Past three contexts, the rest counted.
    const many = ['w', 'x', 'y', 'z'].map((c) => row(c, 'r', [cap('r')]));
    expect(summaryLine(many, 4, 0)).toMatch(/ · 4 heading for trouble \(w: 1 for a jam at its cap; x: 1 for a jam at its cap; y: 1 for a jam at its cap; \+1 more context\)$/);
  });

  it('STATE soon and the marks; sorted after paused, before ok; the unknown said in its row, too few transactions not', () => {
    const soon = row('c', 'a', [cap('a')]);
    expect(stateWord(soon)).toBe('soon');
    expect(problemText(soon, NOW)).toBe('ahead: cap 90 %');
    expect(problemText(row('c', 'd', [], [unread()]), NOW)).toBe('not known (a read failed; i says why): whether its RPC fails');
    expect(problemText(row('c', 'e', [], [{ kind: 'balance_runway', reason: 'not_enough', samples: 1, min: 5, at: NOW }]), NOW)).toBe('');
    // (By name the ok one and the paused one would come first.)
    const sorted = [row('c', 'aa-ok'), row('c', 'zz', [cap('zz')]), row('c', 'ab-paused', [], [], { paused: true })].sort(byTrouble).map((r) => r.relayerId);
    expect(sorted).toEqual(['ab-paused', 'zz', 'aa-ok']);
    expect(fleetRowRecord(row('c', 'd', [], [unread()]), NOW).forecasts_not_known).toEqual([{ kind: 'rpc_failing', reason: 'price_unread', why: '404 no /rpc', read_at: new Date(NOW).toISOString() }]);
  });

  it('read again a minute later, alike but for the read times: the same as shown; a figure shown that moved is not', () => {
    const later = NOW + 60_000;
    expect(rowAsShown(row('c', 'a', [cap('a', later)], [unread(later)]))).toEqual(rowAsShown(row('c', 'a', [cap('a')], [unread()])));
    expect(row('c', 'a', [cap('a', later)])).not.toEqual(row('c', 'a', [cap('a')]));
    expect(rowAsShown(row('c', 'a', [capHeadroom('a', 95n * G, 100n * G, later)!]))).not.toEqual(rowAsShown(row('c', 'a', [cap('a')])));
  });
});
