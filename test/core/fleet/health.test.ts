/** The fleet's rules (src/core/fleet/health.ts): the minimum a balance is held to, trouble order, problems in words. */
import { describe, expect, it } from 'vitest';
import type { Relayer } from '../../../src/api/index.js';
import { parseNativeAmount, nativeUnitOf } from '../../../src/core/amounts.js';
import { byTrouble, contextRow, fleetRowRecord, minimumFor, needsAttention, problemsSaid, relayerRow, summaryLine, TROUBLES } from '../../../src/core/fleet/health.js';
import { problemLines } from '../../../src/headless/fleet.js';
import { summarize } from '../../../src/core/triage/scan.js';
import { DEFAULT_TRIAGE } from '../../../src/core/triage/rules.js';
import { asciiJson, readableId } from '../../../src/core/text/values.js';
import type { Jam } from '../../../src/core/jam/diagnose.js';

const evm = (over: Partial<Relayer> = {}): Relayer => ({ id: 'r1', name: 'R 1', network: 'sepolia', network_type: 'evm', paused: false, system_disabled: false, ...over }) as Relayer;
const ETH = nativeUnitOf('evm', 'sepolia');
const SOL = nativeUnitOf('solana', 'devnet');

describe('the minimum a balance is held to', () => {
  it("the relayer's own policies.min_balance first, then the context's line for its network, then for *", () => {
    // The higher of the two binds (issue 42.3): a policy's 7 wei under the operator's 1 ETH is not the minimum.
    expect(minimumFor(evm({ policies: { min_balance: 7 } }), ETH, { '*': '1 ETH' }, 'c')).toEqual({ min: '1000000000000000000', source: 'context c min_balance (above its policies.min_balance)' });
    expect(minimumFor(evm({ policies: { min_balance: '2000000000000000000' } }), ETH, { '*': '1 ETH' }, 'c')).toEqual({ min: '2000000000000000000', source: 'its policies.min_balance' });
    expect(minimumFor(evm({ policies: { min_balance: 7 } }), ETH, undefined, 'c')).toEqual({ min: '7', source: 'its policies.min_balance' });
    // v1.8's EVM default of 1 wei holds nothing back: the operator's threshold is used against it.
    expect(minimumFor(evm({ policies: { min_balance: 1 } }), ETH, { '*': '0.1 ETH' }, 'c')).toEqual({ min: '100000000000000000', source: 'context c min_balance' });
    expect(minimumFor(evm({ policies: { min_balance: 1 } }), ETH, undefined, 'c')).toBeNull();
    // A threshold written in another chain's unit: the relayer's own floor holds, the threshold said unused.
    expect(minimumFor(evm({ network: 'devnet', network_type: 'solana', policies: { min_balance: 10_000_000 } }), SOL, { '*': '1 ETH' }, 'c')).toEqual({
      min: '10000000',
      source: 'its policies.min_balance (context c min_balance.* not used: ETH is not a unit of this chain (SOL or lamports))',
    });
    expect(minimumFor(evm(), ETH, { sepolia: '0.5 ETH', '*': '1 ETH' }, 'c')).toEqual({ min: '500000000000000000', source: 'context c min_balance.sepolia' });
    expect(minimumFor(evm({ network: 'base' }), ETH, { sepolia: '0.5 ETH', '*': '1 ETH' }, 'c')).toEqual({ min: '1000000000000000000', source: 'context c min_balance' });
    expect(minimumFor(evm(), ETH, undefined, 'c')).toBeNull();
    expect(minimumFor(evm({ network: 'devnet', network_type: 'solana' }), SOL, { '*': '1 ETH' }, 'c')).toEqual({ error: 'context c min_balance.*: ETH is not a unit of this chain (SOL or lamports)' });
  });

  it('amounts as written in config: base units, or a decimal with the coin or its base unit, exactly', () => {
    expect(parseNativeAmount('2 SOL', SOL)).toEqual({ base: '2000000000' });
    expect(parseNativeAmount(1500, SOL)).toEqual({ base: '1500' });
    expect(parseNativeAmount('20 gwei', ETH)).toEqual({ base: '20000000000' });
    expect(parseNativeAmount('0.0000000001 SOL', SOL)).toEqual({ error: 'more decimals than the unit has (9): not a whole number of lamports' });
    expect(parseNativeAmount('lots', ETH)).toMatchObject({ error: expect.stringMatching(/^not an amount/) });
  });
});

describe('trouble', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  it('the worst of what is wrong, in the order an operator acts on it; paused and ok need no attention', () => {
    const low = relayerRow({ context: 'a', relayer: evm({ paused: true }), status: { balance: '1' }, minBalances: { '*': '1 ETH' }, now }, false);
    expect(fleetRowRecord(low, now)).toMatchObject({ trouble: 'low-balance', problems: ['low balance: 1 wei < 1 ETH (context a min_balance)', 'paused'] });
    const paused = relayerRow({ context: 'a', relayer: evm({ paused: true }), now }, false);
    expect([paused.trouble, needsAttention(paused)]).toEqual(['paused', false]);
    const disabled = relayerRow({ context: 'a', relayer: evm({ system_disabled: true, disabled_reason: { type: 'RpcValidationFailed', details: null } }), now }, false);
    expect(fleetRowRecord(disabled, now)).toMatchObject({ trouble: 'disabled', state: 'disabled: RpcValidationFailed: an RPC endpoint failed validation' });
    const unchecked = relayerRow({ context: 'a', relayer: evm(), statusError: '500 boom', now }, false);
    expect(fleetRowRecord(unchecked, now)).toMatchObject({ trouble: 'unchecked', problems: ['status not read: 500 boom'] });
    const down = contextRow('b', 'timed out after 15 s');
    const rows = [paused, low, contextRow('c', null), disabled, down, unchecked].sort(byTrouble);
    expect(rows.map((r) => r.trouble)).toEqual(['unreachable', 'unchecked', 'disabled', 'low-balance', 'paused', 'ok']);
    expect(TROUBLES).toEqual(['unreachable', 'not-opened', 'not-ready', 'unchecked', 'jammed', 'disabled', 'stuck', 'low-balance', 'degraded', 'paused', 'ok']);
    expect(summaryLine(rows, 3, 1)).toBe('3 contexts · 4 relayers · 3 need attention · 1 unreachable (b) · 1 still loading');
    expect(problemLines(rows, now)).toEqual(['b: unreachable: timed out after 15 s', 'a/r1: status not read: 500 boom', 'a/r1: disabled: RpcValidationFailed: an RPC endpoint failed validation', 'a/r1: low balance: 1 wei < 1 ETH (context a min_balance)']);
  });
});

describe('a jam diagnosed (core/jam) in the fleet', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  const jam = (over: Partial<Jam>): Jam => ({ cause: 'never_broadcast', blocker_id: 'tx-1', blocker_nonce: 7, blocker_status: 'sent', blocker_price_wei: null, blocker_speed: 'safeLow', blocker_reason: null, blocker_canceling: false, chain_nonce: 7, relayer_nonce: 10, waiting: 2, unlisted_nonces: 0, network_price_wei: null, cap_wei: null, since: now - 60_000, since_of: 'blocker_created', next_reprice_at: null, ...over });
  const jammed = (id: string, j: Jam, over: Partial<Relayer> = {}) =>
    relayerRow({ context: 'a', relayer: evm({ id, ...over }), jam: { kind: 'diagnosed', diagnosis: { kind: 'jam', jam: j }, chainNonce: j.chain_nonce }, now }, false);

  it('jammed and low on funds: the jam is said first (a walk read `low balance: 0.…` with the jam cut off behind it)', () => {
    const row = relayerRow({ context: 'a', relayer: evm({ id: 'r2' }), status: { balance: '1' }, minBalances: { '*': '1 ETH' }, jam: { kind: 'diagnosed', diagnosis: { kind: 'jam', jam: jam({}) }, chainNonce: 7 }, now }, false);
    expect(row.problems.map((p) => p.kind)).toEqual(['jam', 'low-balance']);
  });

  it('its STATE says jammed, its problem is the jam in words (in place of stuck, gap, chain), its record carries the jam as check --json has it', () => {
    const row = jammed('r1', jam({}));
    expect([row.trouble, row.state, needsAttention(row)]).toEqual(['jammed', { kind: 'jammed' }, true]);
    expect(problemsSaid(row, now)).toEqual([expect.stringMatching(/^jammed 1m \(blocker created 09:59:00\) at nonce 7 — tx tx-1 was signed and never broadcast/)]);
    expect(fleetRowRecord(row, now)).toMatchObject({ state: 'jammed', trouble: 'jammed', diagnosed: true, not_diagnosed_because: null, jam: { cause: 'never_broadcast', waiting: 2, chain_nonce: 7, since: new Date(now - 60_000).toISOString() } });
    // STUCK holds the blocker and what waits behind it, whatever the triage flagged (a walk read `jammed … 0`).
    expect(row.stuck).toBe(3);
    // A disabled relayer stays disabled in STATE; the jam is among its problems.
    const off = jammed('r2', jam({}), { system_disabled: true });
    expect([off.trouble, off.state.kind, off.problems.map((p) => p.kind)]).toEqual(['disabled', 'problem', ['disabled', 'jam']]);
    // Not diagnosed: said why, never "no jam".
    const sol = relayerRow({ context: 'a', relayer: evm({ network_type: 'solana' }), jam: { kind: 'not_diagnosed', why: 'a solana relayer: the diagnosis reads an EVM chain' }, now }, false);
    expect(fleetRowRecord(sol, now)).toMatchObject({ trouble: 'ok', diagnosed: false, not_diagnosed_because: 'a solana relayer: the diagnosis reads an EVM chain', jam: null });
  });

  it('worst first: jammed before disabled (what waits ages behind a jam) and stuck; two jams by what waits, then the older', () => {
    const small = jammed('small', jam({ waiting: 1 }));
    const big = jammed('big', jam({ waiting: 5, since: now - 1000 }));
    const older = jammed('older', jam({ waiting: 5, since: now - 3_600_000 }));
    const off = relayerRow({ context: 'a', relayer: evm({ id: 'off', system_disabled: true }), now }, false);
    const fine = relayerRow({ context: 'a', relayer: evm({ id: 'fine' }), now }, false);
    expect([fine, small, big, off, older].sort(byTrouble).map((r) => r.relayerId)).toEqual(['older', 'big', 'small', 'off', 'fine']);
  });
});

describe('a balance that cannot be read is said, never ok (issue 27.5)', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  it('-5, lots, empty, 0.5, 1e80, 81 digits, 0x + 100 f: unreadable, needs attention; absent: no balance, ok', () => {
    for (const balance of ['-5', 'lots', '', 0.5, 1e80, '9'.repeat(81), `0x${'f'.repeat(100)}`]) {
      const row = relayerRow({ context: 'a', relayer: evm(), status: { balance }, minBalances: { '*': '1 ETH' }, now }, false);
      expect(problemsSaid(row, now)[0], String(balance)).toMatch(/^balance unreadable: /);
      expect([row.trouble, needsAttention(row)], String(balance)).toEqual(['unchecked', true]);
    }
    expect(problemsSaid(relayerRow({ context: 'a', relayer: evm(), status: { balance: 'lots' }, now }, false), now)).toEqual(['balance unreadable: lots']);
    const none = relayerRow({ context: 'a', relayer: evm(), status: {}, now }, false);
    expect([none.trouble, none.problems]).toEqual(['ok', []]);
  });
});

describe('look-alike ids are told apart where a reader sees them (issue 27.4)', () => {
  it('a Cyrillic о is written as its code point in --check lines and the table; JSON keeps the bytes', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const fake = relayerRow({ context: 'pr\u043ed', relayer: evm({ id: 'pr\u043ed-main', system_disabled: true }), now }, false);
    const real = relayerRow({ context: 'prod', relayer: evm({ id: 'prod-main', system_disabled: true }), now }, false);
    const lines = problemLines([fake, real], now);
    expect(lines.map((l) => l.split(':')[0])).toEqual(['pr\\u043ed/pr\\u043ed-main', 'prod/prod-main']);
    expect(readableId('prod-main')).toBe('prod-main');
    expect(readableId('caf\u00e9 \u{1f600}')).toBe('caf\\u00e9\\u0020\\u{1f600}');
    const text = asciiJson(JSON.stringify({ relayer: 'pr\u043ed-main' }));
    expect(text).toBe('{"relayer":"pr\\u043ed-main"}');
    expect(JSON.parse(text).relayer).toBe('pr\u043ed-main');
  });
});

describe('a read that stopped short is said, never shown as complete', () => {
  it('counts become lower bounds (≥), the place it stopped and the unchecked nonces are in NEEDS ATTENTION, GAP says ? not —', async () => {
    const { FLEET_COLUMNS, problemText } = await import('../../../src/core/columns/fleet.js');
    const now = Date.parse('2026-11-24T10:00:00Z');
    const relayer = evm();
    const summary = { relayer, count: 8, oldestMs: null, pending: 8, stuck: 0, oldestStuckMs: null, gaps: { count: 0, first: [], lowestMissing: null, unchecked: 3 }, pages: 4, how: 'newest first' as const, filterIgnored: false, skipped: 'stopped after 4 pages (200 newest)', error: null };
    const row = relayerRow({ context: 'a', relayer, triage: { summary, rows: [] }, now }, false);
    expect(row).toMatchObject({ trouble: 'ok', readCut: 'stopped after 4 pages (200 newest)', gap: { count: 0, unchecked: 3 } });
    const cell = (key: string) => FLEET_COLUMNS(() => now).find((c) => c.key === key)!.cell(row, 20);
    expect([cell('pending'), cell('stuck'), cell('gap')]).toEqual(['≥8', '≥0', '?']);
    expect(problemText(row, now)).toBe('read stopped after 4 pages (200 newest) · 3 lower nonces not checked');
    // A whole read says its counts plainly.
    const whole = relayerRow({ context: 'a', relayer, triage: { summary: { ...summary, skipped: null, gaps: { ...summary.gaps, unchecked: 0 } }, rows: [] }, now }, false);
    expect([FLEET_COLUMNS(() => now).find((c) => c.key === 'pending')!.cell(whole, 20), FLEET_COLUMNS(() => now).find((c) => c.key === 'gap')!.cell(whole, 20), problemText(whole, now)]).toEqual(['8', '—', '']);
  });
});

describe('PEND and STUCK, one truth (issue 28.3)', () => {
  it("PEND is pending, sent and submitted (mined is not), the server's own count where its status answers; STUCK the flagged ones", () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const relayer = evm();
    const at = (min: number) => new Date(now - min * 60_000).toISOString();
    const tx = (id: string, status: string, nonce: number, min: number, over: Record<string, unknown> = {}) => ({ id, status, nonce, created_at: at(min), sent_at: at(min), hash: '0xab', ...over });
    const found = [tx('a', 'pending', 1, 1), tx('b', 'sent', 2, 1), tx('c', 'submitted', 3, 30), tx('d', 'mined', 4, 30), tx('e', 'mined', 5, 40)];
    const { rows, summary } = summarize({ relayer, found: found as never, known: { held: [], coveredFrom: -Infinity }, pages: 1, skipped: null, filterIgnored: false, error: null }, now, DEFAULT_TRIAGE, false);
    expect(summary.count).toBe(5);
    expect(summary.pending).toBe(3);
    expect(summary.stuck).toBe(rows.filter((r) => r.flags.length).length);
    expect(summary.stuck).toBeGreaterThan(0);
    expect(summary.stuck).toBeLessThan(5);
    // Counted from what was read, where the status is not offered.
    expect(relayerRow({ context: 'a', relayer, triage: { summary, rows }, now }, false)).toMatchObject({ pending: 3, stuck: summary.stuck });
    // The server's own count where its status answers (it reads the chain; what was read may be a part).
    expect(relayerRow({ context: 'a', relayer, status: { balance: '1', pending_transactions_count: 6 }, triage: { summary, rows }, now }, false).pending).toBe(6);
    // A count that is not one is not taken.
    expect(relayerRow({ context: 'a', relayer, status: { balance: '1', pending_transactions_count: -1 }, triage: { summary, rows }, now }, false).pending).toBe(3);
  });
});

describe('the summary counts what needs attention as it counts relayers (walk finding)', () => {
  it('two contexts on one server: its disabled relayer is one relayer needing attention, never more than there are', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const disabled = (context: string) => relayerRow({ context, relayer: evm({ system_disabled: true, disabled_reason: { type: 'RpcValidationFailed', details: null } }), now }, false);
    const rows = [disabled('one'), disabled('two'), contextRow('three', 'timed out after 15 s')];
    expect(summaryLine(rows, 3, 0, { one: 'http://h:1', two: 'http://h:1', three: 'http://h:2' })).toBe('3 contexts · 1 relayer · 1 needs attention · 1 unreachable (three) · one and two: one server');
  });
});
