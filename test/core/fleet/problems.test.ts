/**
 * A fleet row's problems are data, worded once (src/core/fleet/problems.ts): every kind in words, as
 * `fleet --check`, `--json`, the table (without the label STATE says) and the TUI's `i` say it.
 */
import { describe, expect, it } from 'vitest';
import { nativeUnitOf } from '../../../src/core/amounts.js';
import { problemWords, stateWord, stateWords, type Problem, type ProblemKind } from '../../../src/core/fleet/problems.js';

const now = Date.parse('2026-11-24T10:00:00Z');
const ETH = nativeUnitOf('evm', 'sepolia');

/** One of each kind (the type makes a kind left out a compile error). */
const one: { [K in ProblemKind]: Extract<Problem, { kind: K }> } = {
  disabled: { kind: 'disabled', reasons: ['RpcValidationFailed: an RPC endpoint failed validation', 'NonceSyncFailed'] },
  'low-balance': { kind: 'low-balance', balance: '1', min: '1000000000000000000', unit: ETH, source: 'context a min_balance' },
  'balance-unreadable': { kind: 'balance-unreadable', start: 'lots', length: 4 },
  'minimum-unreadable': { kind: 'minimum-unreadable', why: 'context c min_balance.*: ETH is not a unit of this chain (SOL or lamports)' },
  stuck: { kind: 'stuck', count: 1234, flags: ['old', 'never broadcast'], oldestMs: now - 12 * 60_000, tx: 'tx-1' },
  gap: { kind: 'gap', count: 5, first: [101, 102, 104] },
  jam: {
    kind: 'jam',
    jam: { cause: 'price_cap', blocker_id: 'tx-cap', blocker_nonce: 1204, blocker_status: 'submitted', blocker_price_wei: 30_000_000_000n, blocker_reason: null, blocker_speed: 'fast', blocker_canceling: false, chain_nonce: 1204, relayer_nonce: 1207, waiting: 2, unlisted_nonces: 0, network_price_wei: 55_000_000_000n, cap_wei: 30_000_000_000n, since: now - 18 * 60_000, since_of: 'blocker_created', next_reprice_at: null },
  },
  chain: { kind: 'chain', words: 'waits on nonce 103: tx 1a2b…, sent, never broadcast', tx: 'tx-9' },
  'status-not-read': { kind: 'status-not-read', why: '500 boom' },
  'not-diagnosed': { kind: 'not-diagnosed', why: "its JSON-RPC (eth_getTransactionCount) could not be read (500 boom)" },
  'transactions-not-read': { kind: 'transactions-not-read', why: 'timed out after 15.5 s' },
  unreachable: { kind: 'unreachable', why: '401 Unauthorized' },
  'not-opened': { kind: 'not-opened', reason: 'no token', why: 'The token_command of context k failed (exit status 1)' },
  'not-ready': { kind: 'not-ready', summary: 'not ready (HTTP 503, unhealthy): Redis down' },
  degraded: { kind: 'degraded', summary: 'ready but degraded: redis reader pool' },
  'not-all-read': { kind: 'not-all-read', read: 1000, total: 1500, pages: 10, perPage: 100, keptPaging: false },
};

describe('every problem kind in words', () => {
  it('each kind once, as --check and --json say it (the stuck one with its age when said at a moment)', () => {
    expect(Object.values(one).map((p) => problemWords(p, now))).toEqual([
      'disabled: RpcValidationFailed: an RPC endpoint failed validation; NonceSyncFailed',
      'low balance: 1 wei < 1 ETH (context a min_balance)',
      'balance unreadable: lots',
      'context c min_balance.*: ETH is not a unit of this chain (SOL or lamports)',
      '1,234 stuck (oldest 12m): old, never broadcast',
      'nonce gap at 101, 102, 104 (+2)',
      'jammed 18m (blocker created 09:42:00) at nonce 1204 — at its cap 30 gwei, the network asks 55 gwei; 2 waiting. The server\'s re-pricing stops at the cap; a bump (e) reaches only 33 gwei (quoted at the cap, raised +10 % over its price), under the network\'s 55 gwei: it stays jammed; raise gas_price_cap (p), or cancel this nonce (X: the NOOP is not held to the cap)',
      'waits on nonce 103: tx 1a2b…, sent, never broadcast',
      'status not read: 500 boom',
      'not diagnosed: its JSON-RPC (eth_getTransactionCount) could not be read (500 boom)',
      'transactions not read: timed out after 15.5 s',
      'unreachable: 401 Unauthorized',
      'no token: The token_command of context k failed (exit status 1)',
      'not ready (HTTP 503, unhealthy): Redis down',
      'ready but degraded: redis reader pool',
      'relayers not all read: 1,000 of the 1,500 it says it has (the fleet reads 10 pages of 100); a relayer beyond them is not checked',
    ]);
  });

  it('the variants: no age without a moment, the label STATE says left off in the table, long and empty balances, a server that kept paging', () => {
    expect(problemWords(one.stuck)).toBe('1,234 stuck: old, never broadcast');
    // A jam without a moment: no age (a row kept between reads does not change by itself).
    expect(problemWords(one.jam)).toMatch(/^jammed at nonce 1204 — at its cap/);
    expect(problemWords({ ...one.stuck, oldestMs: null }, now)).toBe('1,234 stuck: old, never broadcast');
    expect([one.disabled, one.unreachable, one['not-opened'], { ...one['not-opened'], reason: 'broken' as const }, one['status-not-read']].map((p) => problemWords(p, now, { labelled: false }))).toEqual([
      'RpcValidationFailed: an RPC endpoint failed validation; NonceSyncFailed',
      '401 Unauthorized',
      'The token_command of context k failed (exit status 1)',
      'The token_command of context k failed (exit status 1)',
      'status not read: 500 boom',
    ]);
    expect([problemWords({ kind: 'disabled', reasons: [] }), problemWords({ kind: 'disabled', reasons: [] }, now, { labelled: false })]).toEqual(['disabled', 'disabled']);
    expect(problemWords({ kind: 'balance-unreadable', start: 'x'.repeat(40), length: 81 })).toBe(`balance unreadable: ${'x'.repeat(40)}… (81 characters)`);
    expect(problemWords({ kind: 'balance-unreadable', start: '', length: 0 })).toBe('balance unreadable: (empty)');
    expect(problemWords({ kind: 'not-all-read', read: 1000, total: 5, pages: 10, perPage: 100, keptPaging: true })).toBe('relayers not all read: the server kept paging past 1,000 (10 pages of 100; it says 5 in all)');
  });

  it('a state in words and in one word (the STATE column)', () => {
    const states = [{ kind: 'loading' }, { kind: 'ok' }, { kind: 'paused' }, ...[one.disabled, one.unreachable, one['not-opened'], { ...one['not-opened'], reason: 'broken' as const }, one['not-ready'], one.degraded, one['not-all-read']].map((problem) => ({ kind: 'problem' as const, problem }))] as const;
    expect(states.map((s) => stateWord(s))).toEqual(['loading…', 'ok', 'paused', 'disabled', 'unreachable', 'no token', 'broken', 'not ready', 'degraded', 'not all read']);
    expect(states.slice(0, 5).map((s) => stateWords(s))).toEqual(['loading', 'ok', 'paused', 'disabled: RpcValidationFailed: an RPC endpoint failed validation; NonceSyncFailed', 'unreachable: 401 Unauthorized']);
  });
});
