/** jam_forming's rule on typed readings: what one read holds (underpriced, not mined yet, refused), what two reads hold (the chain standing while what waits rises), and never where a jam stands or nothing waits. */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/api/index.js';
import { diagnose, NOT_MINED_AFTER_MS } from '../../../src/core/jam/diagnose.js';
import { chainSeen, FORMING_AFTER_MS, jamForming, type FormingReading } from '../../../src/core/forecast/jamForming.js';
import { forecastJson, forecastMark, forecastWords } from '../../../src/core/forecast/forecast.js';

const NOW = Date.parse('2026-12-05T12:00:00Z');
const G = 1_000_000_000n;
const iso = (ms: number) => new Date(ms).toISOString();

/** The transaction at nonce 40, created `ageS` seconds before NOW, broadcast 2 s later (null: never). */
function blocker(ageS: number, o: { status?: string; price?: bigint; sentAfterS?: number | null; speed?: string } = {}): Transaction {
  const created = NOW - ageS * 1000;
  const sent = o.sentAfterS === null ? null : created + (o.sentAfterS ?? 2) * 1000;
  return { id: 'tx-40', status: o.status ?? 'submitted', nonce: 40, created_at: iso(created), sent_at: sent === null ? null : iso(sent), gas_price: String(o.price ?? 3n * G), speed: o.speed ?? 'fast' } as unknown as Transaction;
}

/** What the jam read saw (the diagnosis made from it as read.ts does), the network asking `net`. */
function reading(b: Transaction | null, o: { net?: bigint | null; relayerNonce?: number; notFinal?: number | null; seen?: FormingReading['seen']; network?: string } = {}): FormingReading {
  const relayerNonce = o.relayerNonce ?? 43;
  const notFinal = b ? [b] : [];
  return {
    relayer_id: 'bsc-treasury',
    network: o.network ?? 'bsc',
    now: NOW,
    diagnosis: diagnose({ now: NOW, chainNonce: 40, relayerNonce, blocker: b, notFinal, notFinalTotal: o.notFinal ?? 3, networkPriceWei: o.net ?? null, capWei: null }),
    chain_nonce: 40,
    relayer_nonce: relayerNonce,
    blocker: b,
    not_final: o.notFinal === undefined ? 3 : o.notFinal,
    network_price_wei: o.net === undefined ? 10n * G : o.net,
    seen: o.seen ?? null,
  };
}

describe('jam_forming from one read', () => {
  it('underpriced: broadcast 20 s ago at 3 gwei while the network asks 10: forming, with the earliest re-price and when the jam rules apply', () => {
    const f = jamForming(reading(blocker(20)));
    expect(f).toMatchObject({ kind: 'jam_forming', signal: 'underpriced', chain_nonce: 40, tx_id: 'tx-40', tx_status: 'submitted', age_ms: 20_000, offered_wei: 3n * G, network_price_wei: 10n * G, rebroadcast: false, not_final: 3 });
    // v1.8 re-prices at its speed's time (fast: 3 min) after its last broadcast, at the earliest; the jam rules at 90 s from its creation.
    expect(f!.next_reprice_at).toBe(NOW - 18_000 + 180_000);
    expect(f!.jam_at).toBe(NOW - 20_000 + NOT_MINED_AFTER_MS);
    const words = forecastWords(f!, { kind: 'commands', relayerId: 'bsc-treasury' });
    expect(words).toMatch(/^a jam forming: nonce 40 \(tx-40, submitted, fast\) not mined after 20s — it offers 3 gwei, the network asks 10 gwei: the chain will not take it before v1\.8 re-prices it at \S+, in 2m at the earliest \(later if it was re-priced before: how often is not served\)/);
    expect(words).toMatch(/the jam rules call it a jam at \S+, in 1m; bump it \(relayer-tui replace bsc-treasury tx-40 --speed fastest\) or cancel it \(relayer-tui cancel bsc-treasury tx-40\) before; one reading: the price may fall back under its offer$/);
    expect(forecastWords(f!, { kind: 'keys', via: '⏎ ' })).toMatch(/bump it \(⏎ e\) or cancel it \(⏎ X\) before/);
    expect(forecastMark(f!)).toBe('jam forming (underpriced)');
    expect(forecastJson(f!)).toMatchObject({ kind: 'jam_forming', signal: 'underpriced', offered_wei: '3000000000', network_price_wei: '10000000000', age_seconds: 20, next_reprice_is_earliest: true, jam_at: iso(NOW + 70_000), chain_stood_since: null });
  });

  it('a cancel of it already in flight: the fix is not a second cancel', () => {
    const f = jamForming(reading({ ...blocker(20), is_canceled: true } as Transaction))!;
    expect(f).toMatchObject({ signal: 'underpriced', canceling: true });
    expect(forecastWords(f, { kind: 'commands', relayerId: 'bsc-treasury' })).toMatch(/; a cancel of it is in flight \(its NOOP takes the nonce once mined\); or bump it \(relayer-tui replace bsc-treasury tx-40 --speed fastest\) before;/);
    expect(forecastWords(f, { kind: 'keys' })).not.toMatch(/\(X\)/);
  });

  it('on an Arbitrum network the re-price said is v1.8\'s flat 20 s', () => {
    expect(jamForming(reading(blocker(10), { network: 'arbitrum-one' }))!.next_reprice_at).toBe(NOW - 8_000 + 20_000);
  });

  it(`priced at or over the network: not forming until ${FORMING_AFTER_MS / 1000} s unmined (not_mined_yet), then said until the jam rules apply`, () => {
    expect(jamForming(reading(blocker(FORMING_AFTER_MS / 1000, { price: 12n * G })))).toBeNull();
    expect(jamForming(reading(blocker(FORMING_AFTER_MS / 1000 + 1, { price: 12n * G })))).toMatchObject({ signal: 'not_mined_yet', rebroadcast: false });
    // The price not read: the age alone.
    expect(jamForming(reading(blocker(60), { net: null }))).toMatchObject({ signal: 'not_mined_yet', network_price_wei: null });
    expect(jamForming(reading(blocker(10), { net: null }))).toBeNull();
  });

  it('signed and never broadcast past the 25 s re-send: refused (the jam rules at 37 s)', () => {
    expect(jamForming(reading(blocker(20, { status: 'sent', sentAfterS: null })))).toBeNull();
    expect(jamForming(reading(blocker(30, { status: 'sent', sentAfterS: null })))).toMatchObject({ signal: 'refused', next_reprice_at: null, jam_at: NOW - 30_000 + 37_000 });
  });

  it('a jam already stands: none (the diagnosis says it)', () => {
    const r = reading(blocker(NOT_MINED_AFTER_MS / 1000 + 1));
    expect(r.diagnosis.kind).toBe('jam');
    expect(jamForming(r)).toBeNull();
  });

  it('nothing waits (its counter at the chain\'s nonce): none, whatever the price', () => {
    expect(jamForming(reading(null, { relayerNonce: 40, notFinal: 0 }))).toBeNull();
    expect(jamForming({ ...reading(blocker(20)), relayer_nonce: 40 })).toBeNull();
  });

  it('mined already (the chain moves): none', () => {
    expect(jamForming(reading(blocker(20, { status: 'mined' })))).toBeNull();
  });
});

describe('jam_forming across reads', () => {
  it(`the chain's nonce stood since a read ${FORMING_AFTER_MS / 1000} s ago or more while what is not final rose: waiting_grows`, () => {
    const young = blocker(5, { price: 12n * G });
    const before = { at: NOW - FORMING_AFTER_MS, chain_nonce: 40, not_final: 2 };
    expect(jamForming(reading(young, { seen: before, notFinal: 5 }))).toMatchObject({ signal: 'waiting_grows', since: before, not_final: 5 });
    expect(forecastWords(jamForming(reading(young, { seen: before, notFinal: 5 }))!, { kind: 'keys' })).toMatch(/what is not final rose while the chain's nonce stood; 5 not final, 2 when the chain stood at this nonce at \S+;/);
    // Not long enough, not risen, or the chain moved: none.
    expect(jamForming(reading(young, { seen: { ...before, at: NOW - FORMING_AFTER_MS + 1 }, notFinal: 5 }))).toBeNull();
    expect(jamForming(reading(young, { seen: before, notFinal: 2 }))).toBeNull();
    expect(jamForming(reading(young, { seen: { ...before, chain_nonce: 39 }, notFinal: 5 }))).toBeNull();
  });

  it('the sighting carried while the chain stands, renewed when it moves', () => {
    const first = chainSeen({ now: NOW - 60_000, chain_nonce: 40, not_final: 2, seen: null });
    expect(chainSeen({ now: NOW, chain_nonce: 40, not_final: 5, seen: first })).toBe(first);
    expect(chainSeen({ now: NOW, chain_nonce: 41, not_final: 5, seen: first })).toEqual({ at: NOW, chain_nonce: 41, not_final: 5 });
  });
});
