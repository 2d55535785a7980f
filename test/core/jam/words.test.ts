/**
 * The jam's words that decide what the operator is offered (core/jam/words.ts): which transaction
 * actions fit a cause, and what a cancel of the blocker is expected to do — a pending blocker's cancel
 * is immediate on v1.8 (evm_transaction.rs:1252-1260: no NOOP), a signed one's NOOP takes the nonce.
 */
import { describe, expect, it } from 'vitest';
import type { Jam } from '../../../src/core/jam/diagnose.js';
import { actionMisfit, cancelOfBlockerWords, clockSpan, followWords, gapEvidenceWords, jamBrief, jamDetail, jamsLine, runbookStepWords } from '../../../src/core/jam/words.js';
import { gapRunbook } from '../../../src/core/jam/runbook.js';
import { replaceJamNotes } from '../../../src/core/operations/replace.js';
import { clock } from '../../../src/core/time.js';

const now = Date.parse('2026-11-28T10:00:00Z');
const jam = (over: Partial<Jam>): Jam => ({ cause: 'never_broadcast', blocker_id: 'tx-1', blocker_nonce: 7, blocker_status: 'sent', blocker_price_wei: null, blocker_speed: 'fast', blocker_reason: null, blocker_canceling: false, chain_nonce: 7, relayer_nonce: 10, waiting: 2, unlisted_nonces: 0, network_price_wei: null, cap_wei: null, since: now - 60_000, since_of: 'blocker_created', next_reprice_at: null, ...over });

describe('the actions that fit a cause', () => {
  it('a bump of a blocker at its cap does not fit (a cancel does); nothing on a transaction fits an empty or final nonce; the rest fit', () => {
    const cap = jam({ cause: 'price_cap', blocker_status: 'submitted', cap_wei: 30_000_000_000n, network_price_wei: 55_000_000_000n });
    // The blocker at the cap (30 gwei): a replacement is quoted at the cap, raised +10 % over its price (33 gwei), under 55.
    expect(actionMisfit({ ...cap, blocker_price_wei: 30_000_000_000n }, 'bump', 7)).toBe("a bump (e) reaches only 33 gwei (quoted at the cap, raised +10 % over its price), under the network's 55 gwei: it stays jammed: raise gas_price_cap (p), or cancel this nonce (X: the NOOP is not held to the cap)");
    // Where +10 % over its price reaches the network's (v1.8 raises a replacement past the cap), the bump fits.
    expect(actionMisfit({ ...cap, blocker_price_wei: 50_000_000_000n }, 'bump', 7)).toBeNull();
    expect(actionMisfit({ ...cap, blocker_price_wei: 30_000_000_000n }, 'cancel', 7)).toBeNull();
    // A transaction above the blocker is not held at the cap by this rule (it waits).
    expect(actionMisfit({ ...cap, blocker_price_wei: 30_000_000_000n }, 'bump', 8)).toBeNull();
    for (const cause of ['no_tx_at_nonce', 'blocker_final'] as const)
      for (const action of ['bump', 'cancel'] as const) expect(actionMisfit(jam({ cause, blocker_id: null, blocker_status: cause === 'blocker_final' ? 'failed' : null }), action, 8), `${cause} ${action}`).toMatch(/^no action on a transaction fills nonce 7: /);
    for (const cause of ['never_broadcast', 'underpriced', 'dropped', 'not_mined'] as const) for (const action of ['bump', 'cancel'] as const) expect(actionMisfit(jam({ cause }), action, 7), `${cause} ${action}`).toBeNull();
  });
});

describe('what a cancel of the blocker does', () => {
  it('a pending blocker: immediate, no NOOP; a signed one: its NOOP; at the cap: the next may stay jammed', () => {
    expect(cancelOfBlockerWords(jam({ blocker_status: 'pending' }))).toBe('2 transactions wait behind it (nonce 7: never broadcast): it is pending (not signed), so the cancel is immediate (no NOOP is needed); the relayer is followed until the chain passes them');
    expect(cancelOfBlockerWords(jam({}))).toMatch(/: once its NOOP is mined they go through in order;/);
    expect(cancelOfBlockerWords(jam({ cause: 'price_cap', waiting: 1 }))).toMatch(/^1 transaction waits behind it .*its NOOP is not held to the cap/);
  });

  it('without a moment no age is said (a fleet row kept between reads)', () => {
    expect(jamDetail(jam({}), undefined, { kind: 'keys' })).toMatch(/^jammed at nonce 7 — /);
    expect(jamDetail(jam({}), now, { kind: 'keys' })).toMatch(/^jammed 1m \(blocker created 09:59:00\) at nonce 7 — /);
  });
});

describe('a blocker being canceled', () => {
  it('offers no fix (the cancel is sent): says its NOOP takes the nonce and what waits goes after it; the brief says it too', () => {
    const c = jam({ blocker_canceling: true, blocker_reason: 'Transaction canceled by user, replacing with NOOP' });
    expect(jamDetail(c, now, { kind: 'keys' })).toBe('jammed 1m (blocker created 09:59:00) at nonce 7 — tx tx-1 is being canceled (sent): its NOOP takes the nonce once mined; 2 waiting, to go through in order after it; open 1m');
    expect(jamDetail(c, now, { kind: 'keys' })).not.toMatch(/\(e\)|\(X/);
    expect(jamBrief('payouts-1', c)).toBe('payouts-1 (being canceled, 2 waiting)');
    expect(jamBrief('payouts-1', jam({}))).toBe('payouts-1 (never broadcast, 2 waiting)');
  });
});

describe('a re-price time', () => {
  it('to come: its time; passed: due since then, at the next status check (a walk read "re-prices it at" a past time)', () => {
    const u = jam({ cause: 'underpriced', blocker_price_wei: 10_000_000_000n, network_price_wei: 20_000_000_000n, next_reprice_at: now + 60_000 });
    expect(jamDetail(u, now, { kind: 'keys' })).toContain('The server re-prices it at 10:01:00 at the earliest (its speed fast;');
    expect(jamDetail(u, now + 90_000, { kind: 'keys' })).toContain('The server re-prices it at its next status check (due since 10:01:00: its speed fast;');
  });
});

describe('followWords at the deadline with no jam diagnosed', () => {
  const read = { kind: 'diagnosed' as const, chainNonce: 7, diagnosis: { kind: 'clear' as const, why: 'nonce 7 was broadcast moments ago' } };
  it('a chain that stood is never said to be moving (a re-send alone moves nothing)', () => {
    const w = followWords('r1', { kind: 'deadline', ms: 240_000, read, jam: null, from: 7, to: 7 }, now, { kind: 'keys' });
    expect(w).toMatch(/^r1: not cleared after 4m \(followed since \d\d:\d\d:\d\d\): the chain is still at nonce 7; no jam diagnosed at the last read \(nonce 7 was broadcast moments ago\)$/);
    expect(w).not.toMatch(/moving|moved/);
  });
  it('a chain that moved says how far', () => {
    const w = followWords('r1', { kind: 'deadline', ms: 240_000, read: { ...read, chainNonce: 9 }, jam: null, from: 7, to: 9 }, now, { kind: 'keys' });
    expect(w).toContain('the chain moved 7 → 9 (2 went through), not past the last that waited');
  });
});

describe('jamsLine: when what it lists was read', () => {
  const j = { relayerId: 'r1', jam: { cause: 'price_cap', blocker_id: 'tx-1', blocker_nonce: 7, blocker_status: 'submitted', blocker_price_wei: 1n, blocker_speed: 'fast', blocker_reason: null, blocker_canceling: false, chain_nonce: 7, relayer_nonce: 9, waiting: 1, unlisted_nonces: 0, network_price_wei: 2n, cap_wei: 1n, since: now - 60_000, next_reprice_at: null } as Jam };
  it('one time: "as of"; read at different times: the span, never the oldest alone (a walk read a cancel "as of" a time before it was sent)', () => {
    expect(jamsLine([j], Infinity, now)).toMatch(/^1 jammed as of \d\d:\d\d:\d\d: r1 \(at its cap, 1 waiting\)/);
    const at = (h: number, m: number, s: number) => new Date(2026, 10, 29, h, m, s).getTime();
    expect(jamsLine([j], Infinity, { oldest: at(5, 27, 47), newest: at(6, 1, 0) })).toMatch(/^1 jammed \(read 05:27:47–06:01:00\): r1/);
    // The second time without what it shares with the first: a span fits a narrow line as "as of" did
    // (a CI run at 80 columns saw the reads straddle a second and the line lose its words).
    expect(clockSpan(at(5, 27, 47), at(5, 27, 48))).toBe('05:27:47–48');
    expect(clockSpan(at(5, 27, 47), at(5, 31, 2))).toBe('05:27:47–31:02');
    const four = [j, { ...j, relayerId: 'r2' }, { ...j, relayerId: 'r3' }, { ...j, relayerId: 'r4' }];
    const one = jamsLine(four, 80, at(5, 27, 47));
    const span = jamsLine(four, 80, { oldest: at(5, 27, 47), newest: at(5, 27, 48) });
    expect(span.replace('(read 05:27:47–48)', 'as of 05:27:47').length).toBeLessThanOrEqual(one.length + 4);
    // Each named with its cause before the waiting counts, as many as fit (issue 53.4).
    expect(span).toMatch(/^4 jammed \(read 05:27:47–48\): r1 \(at its cap\), r2 \(at its cap\), \+2 more: t$/);
  });
});

describe("an overdue gap's runbook (runbook.ts)", () => {
  const gap = (overdue: boolean) =>
    jam({ cause: 'no_tx_at_nonce', blocker_id: null, blocker_status: null, chain_nonce: 7, relayer_nonce: 10, gap: { due_at: now - 120_000, fill_by: now - 60_000, overdue, stale: [{ id: 'tx-8', nonce: 8, status: 'submitted', created_at: now - 300_000, sent_at: now - 300_000, due_at: now - 120_000 }], above: 2 } });
  const address = '0x' + 'ab'.repeat(20);

  it('none while the job may still come; overdue: restart and cancel said to fill nothing, then the storage steps, each command with its values', () => {
    expect(gapRunbook({ id: 'r-1', address }, gap(false))).toBeNull();
    expect(gapRunbook({ id: 'r-1', address }, jam({}))).toBeNull();
    const rb = gapRunbook({ id: 'r-1', address }, gap(true), 'relayer-tui --context prod')!;
    expect(rb.steps.map((s) => [s.kind, s.clears, s.command])).toEqual([
      ['restart', 'if_the_job_was_lost', null],
      ['cancel_waiting', 'no', 'relayer-tui --context prod cancel r-1 --all-pending'],
      ['stop_senders', 'yes', null],
      ['read_counter', 'yes', `redis-cli -u "$REDIS_URL" GET 'oz-relayer:transaction_counter:r-1:${address}'`],
      ['set_counter', 'yes', `redis-cli -u "$REDIS_URL" SET 'oz-relayer:transaction_counter:r-1:${address}' 7`],
      ['send_filler', 'yes', `relayer-tui --context prod send r-1 --to ${address} --value 0 --speed fast`],
      ['restore_counter', 'yes', `redis-cli -u "$REDIS_URL" EVAL "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) return 1 end return 0" 1 'oz-relayer:transaction_counter:r-1:${address}' 8 10`],
    ]);
    for (const s of rb.steps) expect(s.cites.length, s.kind).toBeGreaterThan(0);
    expect(runbookStepWords(rb.steps[0]!, rb)).toMatch(/^A restart does not fill it: .*never lowers it \(it stays at 10\)/);
    expect(runbookStepWords(rb.steps[1]!, rb)).toMatch(/^Cancelling what waits does not fill it: /);
    expect(runbookStepWords(rb.steps[6]!, rb)).toMatch(/set the counter back to 10, only if exactly one nonce was taken since/);
    expect(jamBrief('r-1', gap(true))).toBe('r-1 (no transaction at its nonce, overdue, 2 waiting)');
    expect(gapEvidenceWords(gap(true), now)).toEqual([
      `the gap at nonce 7: no transaction holds it, seen since ${clock(now - 60_000)} (open 1m); the relayer's counter 10, the chain's nonce 7`,
      `v1.8's nonce-health job was due at ${clock(now - 120_000)} (a status check finds a stale transaction above the gap) and its NOOP mined by ${clock(now - 60_000)}: overdue`,
      `stale above it (2): tx tx-8 (nonce 8, submitted 5m ago) due ${clock(now - 120_000)}; +1 more`,
    ]);
  });

  it("a server's id or address that is not a plain word never goes into a command (a placeholder, said)", () => {
    const rb = gapRunbook({ id: "x'; rm -rf ~; '", address: '0xnot-an-address' }, gap(true))!;
    expect(rb.placeholders).toHaveLength(2);
    for (const s of rb.steps) if (s.command) expect(s.command, s.kind).not.toMatch(/rm -rf|not-an-address/);
    expect(rb.steps.find((s) => s.kind === 'set_counter')!.command).toBe(`redis-cli -u "$REDIS_URL" SET 'oz-relayer:transaction_counter:RELAYER:ADDRESS' 7`);
  });
});

describe("a bump's review on its relayer's jam (replaceJamNotes)", () => {
  const input = (j: Jam, tx: { id: string; nonce: number }) => ({ target: { relayerId: 'r-1', txId: tx.id }, tx, jam: { kind: 'diagnosed', diagnosis: { kind: 'jam', jam: j } }, jamAt: now }) as unknown as Parameters<typeof replaceJamNotes>[0];
  it('of the blocker: what waits behind it and what the replacement is expected to do, as a cancel of it says; behind it: that it waits; held at the cap: that it stays jammed', () => {
    expect(replaceJamNotes(input(jam({}), { id: 'tx-1', nonce: 7 }), { face: 'keys' })).toEqual([
      { label: 'what waits', value: `2 transactions wait behind it (nonce 7: never broadcast): the replacement keeps nonce 7; once it is mined they go through in order; the relayer is followed until the chain passes them (diagnosed at ${clock(now)})` },
    ]);
    // Headless, the relayer is followed only with --wait.
    expect(replaceJamNotes(input(jam({}), { id: 'tx-1', nonce: 7 }), { face: 'commands' })[0]!.value).toContain('once it is mined they go through in order; --wait S follows the relayer until the chain passes them (diagnosed at');
    expect(replaceJamNotes(input(jam({}), { id: 'tx-2', nonce: 8 }), { face: 'keys' })[0]).toMatchObject({ label: '⚠ behind a jam', tone: 'warn' });
    const cap = jam({ cause: 'price_cap', blocker_status: 'submitted', cap_wei: 30_000_000_000n, network_price_wei: 55_000_000_000n, blocker_price_wei: 30_000_000_000n });
    expect(replaceJamNotes(input(cap, { id: 'tx-1', nonce: 7 }), { face: 'keys' })[0]).toMatchObject({ label: '⚠ stays jammed', tone: 'warn' });
  });
});
