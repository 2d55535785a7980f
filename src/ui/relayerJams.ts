/**
 * The first screen's jam marks: the server's readiness and each relayer's jam diagnosis
 * (core/jam), read in the background after the first frame for the relayers on screen — at most two
 * relayers read at once (each a handful of requests: the server's rate limit is respected), each
 * diagnosis kept with its time and read again once older than 20 s, the chain's nonce remembered per
 * relayer (when it was last seen to move: kept for the reading, never a jam's age). Nothing where the server cannot be
 * diagnosed (a contract server: no marks, and nothing said to be clear).
 * With each diagnosis of an active EVM relayer, its forecasts as check makes them
 * (core/forecast/relayerRead.ts, within the relayer's turn: the same budget): the network's price
 * (eth_gasPrice, read once and given to the diagnosis; with a cap, its trend: eth_feeHistory and its
 * window's two blocks), its status (read once, given to the diagnosis: the balance) and one page of its
 * confirmed transactions (the runway); jam_forming from the diagnosis's reads, its sighting kept. Each price and balance read is
 * kept for the session (the detail's sparklines); the forecasts with their read time, and what could not
 * be forecast and why.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { ApiError, errorWords, type Relayer, type RelayerClient } from '../api/index.js';
import { BackgroundReads } from './backgroundReads.js';
import { readJam, type JamRead } from '../core/jam/read.js';
import { REPRICE_MS, worseJam, type Jam } from '../core/jam/diagnose.js';
import { followJam } from '../core/jam/follow.js';
import { followWords } from '../core/jam/words.js';
import { findRelayer } from '../core/lookup.js';
import { notReadyWarning, readinessWords, type ReadinessWords } from '../core/readiness.js';
import { clock } from '../core/time.js';
import { delay, realAfter, type After } from './scheduler.js';
import { toBigInt } from '../core/amounts.js';
import type { MinBalances } from '../core/fleet/balance.js';
import type { Forecast } from '../core/forecast/forecast.js';
import { forecastRelayer, minimumOf, startPriceRead, type PriceRead } from '../core/forecast/relayerRead.js';
import type { ForecastUnknown } from '../core/forecast/unknown.js';
import type { ChainSeen } from '../core/forecast/jamForming.js';
import { pushReading, type Reading } from '../core/forecast/sparkline.js';
import type { RelayerStatus } from '../api/index.js';

/** A relayer's forecasts as last read (with its diagnosis), and what could not be forecast. */
export interface AheadEntry {
  forecasts: readonly Forecast[];
  unknown: readonly ForecastUnknown[];
  at: number;
}

/** What this session read of a relayer's price and balance (oldest first, bounded), and the last price read's outcome. */
export interface ReadsSeries {
  prices: Reading[];
  balances: Reading[];
  lastPrice?: PriceRead;
}

export interface JamEntry {
  read: JamRead;
  at: number;
}

/** A jam seen to clear (followed after a fix, or gone between two reads): when, and how far the chain went. */
export interface Clearing {
  relayerId: string;
  at: number;
  from: number;
  to: number;
  /** When a screen first showed it (undefined: not yet): it goes at the relayer's next read SEEN_MS after that. */
  seenAt?: number;
}

/**
 * How long a clearing is on screen before a read may take it away: the stuck screen scans (and reads
 * every relayer again) as soon as a jam ends, which would take it away the moment it was drawn.
 */
export const SEEN_MS = 10_000;

const MAX_AGE_MS = 20_000;
const MAX_WANTED = 100;

export class RelayerJams extends BackgroundReads {
  private readonly entries = new Map<string, JamEntry>();
  private readonly chainSeen = new Map<string, { nonce: number; at: number }>();
  /** jam_forming's sighting of each relayer's chain (core/forecast/jamForming.ts), carried from one read to the next. */
  private readonly formingSeen = new Map<string, ChainSeen>();
  private readonly following = new Set<string>();
  private readonly clearings = new Map<string, Clearing>();
  /** Relayers asked for again while a read of them ran (changed meanwhile): each read once more when it ends. */
  private readonly again = new Map<string, Relayer>();
  private readonly series = new Map<string, ReadsSeries>();
  private readonly aheadOf = new Map<string, AheadEntry>();
  /** The server's readiness (null: not read yet, or no such endpoint). */
  readiness: ReadinessWords | null = null;
  private readinessAt = 0;

  constructor(
    private readonly client: RelayerClient,
    private readonly now: () => number,
    /** Its timers (ui/scheduler.ts): the services' clock. */
    private readonly after: After = realAfter,
    /** The context's minimum balances (the runway's minimum, as check's: the higher of a relayer's policy's and these). */
    /** `forecast: false` (--forecast off): no forecast's reads — the diagnosis alone, as before forecasts. */
    private readonly context: { minBalances?: MinBalances | undefined; name: string; forecast?: boolean } | undefined = undefined,
  ) {
    super();
  }

  /** Whether the server can be diagnosed at all (the OpenZeppelin Relayer: status and JSON-RPC). */
  available(): boolean {
    return this.client.offers('rpc') && this.client.offers('relayerStatus');
  }

  async ready(): Promise<void> {
    await this.client.detectDialect();
    this.detected = true;
  }

  private detected = false;

  /**
   * Whether it is known if the server can be diagnosed (its dialect settled, or detection asked once):
   * until then its relayers are not said `active`, only `reading…`.
   */
  settled(): boolean {
    return this.detected || this.client.dialect().source !== 'assumed';
  }

  /** The last read of this relayer's jam, diagnosed or why not; undefined: none came yet. */
  read(id: string): JamRead | undefined {
    return this.entries.get(id)?.read;
  }

  /** The relayer's forecasts as last read with its diagnosis (undefined: none read yet, or nothing forecast for it: not an active EVM relayer). */
  ahead(id: string): AheadEntry | undefined {
    return this.aheadOf.get(id);
  }

  /** The network's price and the balance as read this session with its diagnoses; undefined: never read. */
  reads(id: string): ReadsSeries | undefined {
    return this.series.get(id);
  }

  /** The reads of one diagnosis kept: its price (the reading where it answered one) and its balance. */
  private noteReads(id: string, price: PriceRead | undefined, status: RelayerStatus | undefined, at: number): void {
    const e = this.series.get(id) ?? { prices: [], balances: [] };
    if (price) {
      e.lastPrice = price;
      if (price.wei !== null) pushReading(e.prices, { at: price.at, wei: price.wei });
    }
    const wei = status ? toBigInt(status.balance) : undefined;
    if (wei !== undefined) pushReading(e.balances, { at, wei });
    this.series.set(id, e);
  }

  jam(id: string): Jam | undefined {
    const e = this.entries.get(id);
    return e && e.read.kind === 'diagnosed' && e.read.diagnosis.kind === 'jam' ? e.read.diagnosis.jam : undefined;
  }

  /**
   * The clearings of these relayers still to be said, oldest first (issue 53.4: kept on the first
   * screen and the stuck screen until the relayer's next read after an operator has seen them).
   */
  cleared(ids: readonly string[]): Clearing[] {
    return ids.flatMap((id) => {
      const c = this.clearings.get(id);
      return c ? [c] : [];
    }).sort((a, b) => a.at - b.at);
  }

  /** These clearings were drawn on a screen: each goes at its relayer's next read SEEN_MS or more from now. */
  seen(ids: readonly string[]): void {
    const now = this.now();
    for (const id of ids) {
      const c = this.clearings.get(id);
      if (c && c.seenAt === undefined) c.seenAt = now;
    }
  }

  private clearedNow(c: Clearing): void {
    this.changed(() => this.clearings.set(c.relayerId, c));
  }

  /** When the oldest diagnosis of these relayers was read (undefined: none read yet). */
  oldestReadAt(ids: readonly string[]): number | undefined {
    return this.readSpan(ids)?.oldest;
  }

  /** When the diagnoses of these relayers were read: the oldest and the newest (undefined: none read). */
  readSpan(ids: readonly string[]): { oldest: number; newest: number } | undefined {
    let span: { oldest: number; newest: number } | undefined;
    for (const id of ids) {
      const t = this.entries.get(id)?.at;
      if (t === undefined) continue;
      span = span ? { oldest: Math.min(span.oldest, t), newest: Math.max(span.newest, t) } : { oldest: t, newest: t };
    }
    return span;
  }

  /** Every jam known of these relayers, worst first (most waiting, then oldest). */
  jams(ids: readonly string[]): { relayerId: string; jam: Jam }[] {
    const out: { relayerId: string; jam: Jam }[] = [];
    for (const id of ids) {
      const jam = this.jam(id);
      if (jam) out.push({ relayerId: id, jam });
    }
    return out.sort((a, b) => worseJam(a.jam, b.jam));
  }

  /** Reads readiness and these relayers' diagnoses where missing or old; the rest of an older wish is dropped. */
  want(relayers: readonly Relayer[], maxAgeMs = MAX_AGE_MS): void {
    // A server that is not the OpenZeppelin Relayer has neither /ready nor anything to diagnose: nothing is asked of it.
    if (this.ctrl.signal.aborted || !this.available()) return;
    const now = this.now();
    this.wantReadiness();
    this.wantEach(
      relayers.slice(0, MAX_WANTED),
      (r) => r.id,
      (id) => {
        const e = this.entries.get(id);
        return e !== undefined && now - e.at <= maxAgeMs;
      },
      (r) => this.ask(r),
    );
  }

  /**
   * One relayer read again when its diagnosis is older than `maxAgeMs` (a review resting on it), beside
   * the wish of the screen behind — which `want` would drop, leaving its rows `reading…`.
   */
  wantOne(r: Relayer, maxAgeMs: number): void {
    if (this.ctrl.signal.aborted || !this.available()) return;
    // A read under way began before what is asked now (age 0: the relayer just changed, resumed): it is read once more after it.
    if (this.pending.has(r.id)) {
      if (maxAgeMs === 0) this.again.set(r.id, r);
      return;
    }
    const e = this.entries.get(r.id);
    if (e !== undefined && this.now() - e.at <= maxAgeMs) return;
    this.limiter.run(() => this.ask(r), this.ctrl.signal).catch(() => undefined);
  }

  /** Readiness read again when older than `maxAgeMs` (a review asks for a fresh one: its warning rests on it). */
  wantReadiness(maxAgeMs = MAX_AGE_MS): void {
    if (this.ctrl.signal.aborted || !this.available()) return;
    const now = this.now();
    if (now - this.readinessAt <= maxAgeMs) return;
    this.readinessAt = now;
    this.client.readiness({ signal: this.ctrl.signal }).then(
      (a) => this.changed(() => (this.readiness = readinessWords(a))),
      (e) => this.changed(() => (this.readiness = e instanceof ApiError && e.kind === 'unsupported' ? null : this.readiness)),
    );
  }

  /**
   * After a fix (a cancel, a replacement, a resume, a policy edit): the relayer followed until the
   * chain passes the last transaction that waited (`cleared at …`) or the deadline — never shorter
   * than the blocker's next re-price for its speed (4 minutes at least) — with the cause as it is
   * then. The marks follow each read. `onEnd` gets the words (core/jam/words.ts followWords).
   */
  follow(relayerId: string, onEnd: (words: string, cleared: boolean) => void): void {
    if (!this.available() || this.following.has(relayerId)) return;
    this.following.add(relayerId);
    const signal = this.ctrl.signal;
    const jam = this.jam(relayerId);
    const deadlineMs = Math.max(4 * 60_000, (REPRICE_MS[jam?.blocker_speed ?? 'fast'] ?? REPRICE_MS.fast!) + 30_000);
    const sleep = (ms: number) => delay(this.after, ms, signal);
    void findRelayer(this.client, relayerId)
      .then((r) =>
        r
          ? followJam(this.client, r, {
              now: this.now,
              sleep,
              deadlineMs,
              signal,
              ...(jam ? { before: jam } : {}),
              // Each read of the follow is the store's: its age from the one origin (Jam.since), as every face says it.
              onRead: (read) => this.settle(relayerId, { read, at: this.now() }),
            })
          : undefined,
      )
      .then((end) => {
        if (!end || signal.aborted) return;
        if (end.kind === 'cleared') this.clearedNow({ relayerId, at: end.at, from: end.from, to: end.to });
        onEnd(followWords(relayerId, end, this.now(), { kind: 'keys' }), end.kind === 'cleared');
      })
      .catch(() => undefined)
      .finally(() => this.following.delete(relayerId));
  }

  /**
   * Said when a jam seen at one read is gone at the next (the list watched, `r`, the stuck screen's
   * scan): `payouts-1: cleared by 01:23:45 (chain nonce 311 → 316 since the read at 01:23:25)`. A
   * relayer being followed after a fix says its own end.
   */
  onCleared: ((words: string, relayerId: string) => void) | null = null;

  private async ask(r: Relayer): Promise<void> {
    this.pending.add(r.id);
    const signal = this.ctrl.signal;
    // Within this relayer's turn (the store's two at a time): its reads one after another, the price beside them.
    const direct = <T>(p: () => Promise<T>) => p();
    // The forecasts' reads, as check makes them: the network's price beside the diagnosis (given to it: never read twice)…
    const forecast = this.context?.forecast !== false;
    const price = forecast ? startPriceRead(this.client, r, { ask: direct, now: this.now, signal }) : undefined;
    let status: RelayerStatus | undefined;
    let statusWhy: string | null = null;
    try {
      const now = this.now();
      const seen = this.chainSeen.get(r.id);
      const before = this.entries.get(r.id);
      // … and its status (the balance), read once and given to the diagnosis.
      if (price && this.client.offers('relayerStatus'))
        try {
          status = await this.client.relayerStatus(r.id, { signal });
        } catch (e) {
          if (signal.aborted) throw e;
          statusWhy = errorWords(e);
        }
      const diagnosed = await readJam(this.client, r, { now, signal, ...(seen ? { chainSeen: seen } : {}), ...(status ? { status } : {}), ...(price ? { price: price.raw } : {}) });
      // Its forecasts (one page of its confirmed transactions for the runway); a diagnosis its failing RPC stopped is said under that forecast.
      const ahead = await forecastRelayer(this.client, r, { forecast, read: diagnosed, price: price?.read, trend: price?.trend, seen: this.formingSeen.get(r.id) ?? null, status, statusWhy, minimum: minimumOf(r, this.context), ask: direct, now: this.now, signal });
      const read = ahead.read;
      if (signal.aborted) return;
      // The chain as this read saw it, for the next read's jam_forming (its nonce standing while more wait).
      if (ahead.seen) this.formingSeen.set(r.id, ahead.seen);
      else this.formingSeen.delete(r.id);
      this.noteReads(r.id, await price?.read, status, now);
      // Not forecast now (paused, disabled since): its forecasts go with the read, never said of it still.
      if (price) this.aheadOf.set(r.id, { forecasts: ahead.forecasts, unknown: ahead.unknown, at: this.now() });
      else this.aheadOf.delete(r.id);
      // A clearing already seen goes with this read (one begun after it was seen); one jammed again too.
      const kept = this.clearings.get(r.id);
      if (kept && ((kept.seenAt !== undefined && now - kept.seenAt >= SEEN_MS) || (read.kind === 'diagnosed' && read.diagnosis.kind === 'jam'))) this.clearings.delete(r.id);
      if (read.kind === 'diagnosed' && (!seen || seen.nonce !== read.chainNonce)) this.chainSeen.set(r.id, { nonce: read.chainNonce, at: seen ? now : (read.diagnosis.kind === 'jam' ? read.diagnosis.jam.since : now) });
      const was = this.jam(r.id);
      // Cleared: diagnosed without a jam, the chain past the nonce that held it (not merely unreadable now).
      if (was && before && read.kind === 'diagnosed' && read.diagnosis.kind === 'clear' && read.chainNonce > was.chain_nonce && !this.following.has(r.id)) {
        this.clearings.set(r.id, { relayerId: r.id, at: this.now(), from: was.chain_nonce, to: read.chainNonce });
        this.onCleared?.(`${r.id}: cleared by ${clock(this.now())} (chain nonce ${was.chain_nonce} → ${read.chainNonce} since the read at ${clock(before.at)})`, r.id);
      }
      this.settle(r.id, { read, at: this.now() });
    } catch (e) {
      this.pending.delete(r.id);
      if (signal.aborted) return;
      // Not closed: what failed is said (the row would otherwise read `reading…` with nothing on its way).
      const read: JamRead = { kind: 'not_diagnosed', why: `its diagnosis failed (${errorWords(e)})`, unreadable: true };
      // Its forecasts from what was read before the failure (the price: never a read of its own here), the rest not known and why.
      if (price) {
        try {
          const ahead = await forecastRelayer(this.client, r, { forecast, read, price: price.read, trend: price.trend, status, statusWhy: status ? null : (statusWhy ?? read.why), minimum: minimumOf(r, this.context), ask: direct, now: this.now, signal });
          this.noteReads(r.id, await price.read, status, this.now());
          this.aheadOf.set(r.id, { forecasts: ahead.forecasts, unknown: ahead.unknown, at: this.now() });
        } catch {
          // Its forecasts not made either: none said of it from an older read.
          this.aheadOf.delete(r.id);
        }
      } else this.aheadOf.delete(r.id);
      this.settle(r.id, { read, at: this.now() });
    }
  }

  private changed(f: () => void): void {
    if (this.ctrl.signal.aborted) return;
    f();
    this.notify();
  }

  private settle(id: string, entry: JamEntry): void {
    this.pending.delete(id);
    this.changed(() => this.entries.set(id, entry));
    const r = this.again.get(id);
    if (r === undefined) return;
    this.again.delete(id);
    this.limiter.run(() => this.ask(r), this.ctrl.signal).catch(() => undefined);
  }
}

export const RelayerJamsContext = createContext<RelayerJams | null>(null);

/** The jam store, reading `relayers` once the first frame is out and the dialect is known; re-renders on each answer. */
export function useRelayerJams(relayers: readonly Relayer[]): RelayerJams | null {
  const store = useContext(RelayerJamsContext);
  const [, setVersion] = useState(0);
  useEffect(() => store?.subscribe(() => setVersion((v) => v + 1)), [store]);
  useEffect(() => {
    if (!store) return;
    let live = true;
    void store.ready().then(() => {
      if (!live) return;
      store.want(relayers);
      // Settled: drawn again (a server that cannot be diagnosed asks nothing, and tells nothing).
      setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [store, relayers]);
  return store;
}

/** How old a diagnosis a review opens on may be before it is read again (its notes rest on it). */
export const REVIEW_JAM_MAX_AGE_MS = 5_000;

/** A relayer's jam as the store has it (undefined: none known) and when it was read. */
export interface ReviewJam {
  jam: Jam | undefined;
  at: number | undefined;
}

/**
 * One relayer's jam for a review that rests on it (a replacement's warning; a cancel's notes take it
 * through its spec's Seen), with when it was read — the review says that time (issue 53.3: the face with
 * the older read says so). One older than REVIEW_JAM_MAX_AGE_MS is read again into the store as the
 * review opens: every face then shows the newer read. Re-renders on each answer of the store.
 */
export function useReviewJam(relayer: Relayer | undefined, relayerId: string): ReviewJam {
  const store = useContext(RelayerJamsContext);
  const [, setVersion] = useState(0);
  useEffect(() => store?.subscribe(() => setVersion((v) => v + 1)), [store]);
  useEffect(() => {
    if (store && relayer) store.wantOne(relayer, REVIEW_JAM_MAX_AGE_MS);
  }, [store, relayer]);
  const jam = store?.jam(relayerId);
  return { jam, at: jam ? store?.oldestReadAt([relayerId]) : undefined };
}

/**
 * The review's warning while the server answers not ready (core/readiness.ts notReadyWarning), null
 * otherwise; a review (`active`) reads readiness again when the last read is over 5 s old. Re-renders
 * only when the warning changes.
 */
export function useNotReadyWarning(active: boolean): string | null {
  const store = useContext(RelayerJamsContext);
  const [warning, setWarning] = useState<string | null>(() => notReadyWarning(store?.readiness));
  useEffect(() => {
    if (!store) return;
    const said = () => setWarning(notReadyWarning(store.readiness));
    said();
    return store.subscribe(said);
  }, [store]);
  useEffect(() => {
    if (active) store?.wantReadiness(5_000);
  }, [active, store]);
  return warning;
}
