/**
 * The fleet table's columns give way in one fixed order of importance at every width (issue 28.4):
 * BALANCE is never gone while a less important column stays, the flex NEEDS ATTENTION takes room only
 * from the least important, and a low balance keeps its ⚠ and its unit however narrow the cell.
 */
import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../../src/api/index.js';
import { nativeUnitOf } from '../../../src/core/amounts.js';
import { balanceText, FLEET_COLUMNS, stateWord } from '../../../src/core/columns/fleet.js';
import { layoutColumns } from '../../../src/core/columns/layout.js';
import { byTrouble, relayerRow, type FleetRow } from '../../../src/core/fleet/health.js';
import { problemsSaid } from '../../../src/core/fleet/health.js';

const now = Date.parse('2026-11-24T10:00:00Z');
const relayer = { id: 'mainnet-hot', name: 'Mainnet Hot', network: 'mainnet', network_type: 'evm', paused: false, system_disabled: false } as Relayer;
const base = relayerRow({ context: 'prod', relayer, status: { balance: '355631000000000000' }, minBalances: { '*': '100 ETH' }, now }, false);
const long: FleetRow = { ...base, problems: [...base.problems, { kind: 'disabled', reasons: ['NonceSyncFailed: Failed to sync nonce: RPC error: nonce too low (expected 1042, got 1039)', 'RpcValidationFailed: RPC endpoint validation failed for every endpoint configured'] }] };

describe('the fleet columns, by importance', () => {
  it('at every width from 60 to 240 the columns shown are the most important ones, in one order', () => {
    const cols = FLEET_COLUMNS(() => now);
    const order = [...cols].sort((a, b) => a.priority - b.priority).map((c) => c.key);
    // Each its own priority: no tie for the layout to break by position.
    expect(new Set(cols.filter((c) => c.priority > 0).map((c) => c.priority)).size).toBe(cols.filter((c) => c.priority > 0).length);
    for (let width = 60; width <= 240; width += 5) {
      const shown = new Set(layoutColumns(cols, width, 2, [base, long]).map((x) => x.col.key));
      const kept = order.filter((k) => shown.has(k));
      // What is shown is a prefix of the order of importance: nothing less important stays while something more important went.
      expect(kept, `at ${width} columns: ${kept.join(' ')}`).toEqual(order.slice(0, kept.length));
      if (width >= 100) expect(shown.has('balance'), `BALANCE at ${width}`).toBe(true);
    }
  });

  it('a low balance keeps its ⚠ and its unit in any cell; a plain one its unit', () => {
    expect(base.balance?.low).toBe(true);
    expect(balanceText(base)).toBe('⚠0.355631 ETH'); // room to spare: six decimals (a walk found them cut at 160 columns)
    expect(balanceText(base, 13)).toBe('⚠0.355631 ETH');
    expect(balanceText(base, 12)).toBe('⚠0.3556… ETH');
    expect(balanceText(base, 10)).toMatch(/^⚠.* ETH$/);
    expect(balanceText(base, 9)).toMatch(/^⚠.* ETH$/);
    const plain = relayerRow({ context: 'prod', relayer, status: { balance: '1234567890000000000000' }, now }, false);
    expect(balanceText(plain, 9)).toMatch(/ ETH$/);
    expect(nativeUnitOf('evm', 'mainnet').unit).toBe('ETH');
    // A base unit with a long name: the number stays in BALANCE's 13 cells with its mark and its unit.
    const sol = relayerRow({ context: 'prod', relayer: { ...relayer, id: 'sol', network: 'devnet', network_type: 'solana' } as Relayer, status: { balance: '860' }, minBalances: { '*': '0.001 SOL' }, now }, false);
    expect(sol.balance?.low).toBe(true);
    expect(balanceText(sol, 13)).toBe('⚠860 lamports');
  });

  it('STATE never says ok beside what needs attention (a walk read `ok … 6 stuck`)', () => {
    expect(stateWord(base)).toBe('low');
    const plain = relayerRow({ context: 'prod', relayer, status: { balance: '355631000000000000' }, now }, false);
    expect(stateWord(plain)).toBe('ok');
    expect(stateWord({ ...plain, trouble: 'stuck', stuck: 6 })).toBe('stuck');
    expect(stateWord({ ...plain, state: { kind: 'paused' }, trouble: 'stuck' })).toBe('paused');
  });

  it('never ok before its reads answered (issue 51): reading… while being read, unchecked where its jam read failed, said why', () => {
    const plain = relayerRow({ context: 'prod', relayer, status: { balance: '355631000000000000' }, now }, false);
    const reading = relayerRow({ context: 'prod', relayer: { ...relayer, id: 'r2', name: 'Reading' } as Relayer, now }, true);
    expect(stateWord(reading)).toBe('reading…');
    const failed = relayerRow({ context: 'prod', relayer: { ...relayer, id: 'r3', name: 'Failed' } as Relayer, status: { balance: '355631000000000000' }, jam: { kind: 'not_diagnosed', why: 'its status could not be read (HTTP 500)', unreadable: true }, now }, false);
    expect(stateWord(failed)).toBe('unchecked');
    expect(problemsSaid(failed, now)).toEqual(['not diagnosed: its status could not be read (HTTP 500)']);
    // A relayer that cannot be diagnosed at all (no read failed: another network, a server without the reads) keeps its state.
    const never = relayerRow({ context: 'prod', relayer, status: { balance: '355631000000000000' }, jam: { kind: 'not_diagnosed', why: 'a solana relayer' }, now }, false);
    expect(stateWord(never)).toBe('ok');
    // Sorted after what is known wrong, before paused and ok: never among the healthy.
    const paused = relayerRow({ context: 'prod', relayer: { ...relayer, id: 'p', name: 'Paused', paused: true } as Relayer, now }, false);
    expect([plain, paused, reading, base, failed].sort(byTrouble).map((r) => stateWord(r))).toEqual(['unchecked', 'low', 'reading…', 'paused', 'ok']);
  });
});
