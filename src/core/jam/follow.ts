/**
 * Following a relayer until its jam clears (after a fix, or while a jam is watched): the chain's
 * nonce read again and again until it passes the last transaction that waited when the follow began
 * (the relayer's counter then) — cleared, with how far the chain moved and how long it took — or the
 * deadline passes: still jammed, with the cause as it is now (a fix can leave a new one). Reads only
 * (core/jam/read.ts); `sleep` is the caller's (a test drives it).
 */
import type { Relayer, RelayerClient } from '../../api/index.js';
import { readJam, type JamRead } from './read.js';
import type { Jam } from './diagnose.js';

export type FollowEnd =
  | { kind: 'cleared'; from: number; to: number; went: number; ms: number; at: number }
  | { kind: 'deadline'; ms: number; read: JamRead; jam: Jam | null; from: number | null; to: number | null }
  | { kind: 'not_diagnosed'; why: string };

export interface FollowOptions {
  now: () => number;
  /** Waits between reads (resolves early when the follow is aborted). */
  sleep: (ms: number) => Promise<void>;
  deadlineMs: number;
  /** Between reads; default 2 s (a block of v1.8's networks is 0.25–12 s). */
  everyMs?: number;
  signal?: AbortSignal;
  /**
   * The jam as known when the fix was sent (the first screen's diagnosis): the follow counts from its
   * chain nonce to its relayer's counter, whatever moved before the first read here.
   */
  before?: { chain_nonce: number; relayer_nonce: number; since?: number };
  /** Each read, as it comes (progress lines). */
  onRead?: (r: JamRead, chainNonce: number | null, target: number | null) => void;
}

export async function followJam(client: RelayerClient, relayer: Relayer, o: FollowOptions): Promise<FollowEnd> {
  const start = o.now();
  const first = await readJam(client, relayer, { now: start, signal: o.signal });
  if (first.kind === 'not_diagnosed') return { kind: 'not_diagnosed', why: first.why };
  const from = o.before ? Math.min(o.before.chain_nonce, first.chainNonce) : first.chainNonce;
  // The last that waited: everything the relayer had given a nonce to when the fix was sent (or the follow began).
  const target = o.before ? o.before.relayer_nonce : first.diagnosis.kind === 'jam' ? first.diagnosis.jam.relayer_nonce : from;
  let last: JamRead = first;
  // When the chain was last seen at the nonce it is at: the jam's own age carried (the one known when the
  // fix was sent, else the first read's), never the follow's start (a jam is never said younger than
  // the follow); a move seen before the first read, at the follow's start.
  const firstJam = first.diagnosis.kind === 'jam' ? first.diagnosis.jam : null;
  let seen = { nonce: first.chainNonce, at: first.chainNonce !== from ? start : (o.before?.since ?? firstJam?.since ?? start) };
  o.onRead?.(first, from, target);
  for (;;) {
    if (last.kind === 'diagnosed' && last.chainNonce >= target && last.diagnosis.kind !== 'jam') {
      const at = o.now();
      return { kind: 'cleared', from, to: last.chainNonce, went: last.chainNonce - from, ms: at - start, at };
    }
    if (o.now() - start >= o.deadlineMs || o.signal?.aborted) {
      const jam = last.kind === 'diagnosed' && last.diagnosis.kind === 'jam' ? last.diagnosis.jam : null;
      return { kind: 'deadline', ms: o.now() - start, read: last, jam, from, to: last.kind === 'diagnosed' ? last.chainNonce : null };
    }
    await o.sleep(Math.min(o.everyMs ?? 2_000, Math.max(0, o.deadlineMs - (o.now() - start))));
    const now = o.now();
    last = await readJam(client, relayer, { now, signal: o.signal, chainSeen: seen });
    if (last.kind === 'diagnosed' && last.chainNonce !== seen.nonce) seen = { nonce: last.chainNonce, at: now };
    o.onRead?.(last, last.kind === 'diagnosed' ? last.chainNonce : null, target);
  }
}
