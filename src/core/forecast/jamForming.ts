/**
 * `jam_forming`: the transaction at the chain's nonce (the oldest not mined: every later one waits
 * behind it) not mined yet, before the jam rules (core/jam/diagnose.ts) call it a jam — from the reads
 * the diagnosis already makes (read.ts), and the network's price where the caller read it (check reads
 * `eth_gasPrice` for cap_headroom anyway): no request of its own.
 *
 * One read cannot see "rising"; what one read holds, by v1.8's rules (tag v1.8.0):
 * - `underpriced`: it is broadcast (`submitted`) and offers less than the network asks now (its legacy
 *   price or its max fee under `eth_gasPrice`): the chain will not take it before v1.8 re-prices it,
 *   which is its speed's time after its last broadcast at the earliest (should_resubmit,
 *   domain/transaction/evm/status.rs:300-343: the age from `sent_at`, common.rs:57; the time
 *   utils/transaction.rs:16-25, doubled for each earlier hash :35-41; on an Arbitrum network a flat
 *   20 s, status.rs:325-334). The number of hashes is not in v1.8's answer (EvmTransactionResponse,
 *   models/transaction/response.rs:26-77 has `hash`, `sent_at`, no `hashes`), so the re-price said is
 *   the earliest it can be;
 * - `not_mined_yet`: broadcast and still not mined FORMING_AFTER_MS after its creation (half the jam
 *   rule's NOT_MINED_AFTER_MS: a priced transaction is taken within blocks);
 * - `refused`: signed and never broadcast past v1.8's first re-send (25 s, EVM_RESEND_TIMEOUT_SECONDS,
 *   constants/evm_transaction.rs:59; status.rs:1359-1430): the node refused its broadcast at least twice.
 * Across reads (the fleet's refresh and the TUI's jam store keep the last sighting): `waiting_grows` — the chain's nonce stood since a
 * read at least FORMING_AFTER_MS ago while what is not final rose (`pending growing block over block`).
 *
 * Never where a jam already stands (the diagnosis says it), nor on a relayer with nothing waiting
 * (its counter at the chain's nonce: nothing signed waits).
 */
import type { Transaction } from '../../api/index.js';
import { formatGwei } from '../amounts.js';
import { sanitize } from '../text/sanitize.js';
import { ageMs, clock } from '../time.js';
import { NEVER_BROADCAST_AFTER_MS, NOT_MINED_AFTER_MS, offeredWei, REPRICE_MS, RESEND_AFTER_MS, type Diagnosis } from '../jam/diagnose.js';
import type { FixFace } from '../jam/words.js';
import type { JamRead } from '../jam/read.js';
import { isCanceling } from '../status.js';

/** A broadcast transaction at the chain's nonce not mined this long after its creation: a jam forming (the jam rule is NOT_MINED_AFTER_MS). */
export const FORMING_AFTER_MS = NOT_MINED_AFTER_MS / 2;
/** v1.8 re-prices on an Arbitrum network after a flat 20 s, no backoff (ARBITRUM_TIME_TO_RESUBMIT, status.rs:325-334). */
export const ARBITRUM_REPRICE_MS = 20_000;

export type FormingSignal = 'underpriced' | 'not_mined_yet' | 'refused' | 'waiting_grows';

/** The chain's nonce as a read saw it, and what was not final then (a fleet's refresh carries it to the next read). */
export interface ChainSeen {
  /** When this chain nonce was first seen (the read that saw it, carried while it stands). */
  at: number;
  chain_nonce: number;
  /** Not final then (pending, sent, submitted: the servers' totals). */
  not_final: number;
}

export type JamForming = {
  kind: 'jam_forming';
  relayer_id: string;
  signal: FormingSignal;
  chain_nonce: number;
  /** The transaction at the chain's nonce (null: waiting_grows read no blocker that was not final). */
  tx_id: string | null;
  tx_status: 'sent' | 'submitted' | null;
  speed: string | null;
  created_at: number | null;
  /** Its last broadcast (v1.8 moves it at each re-price or re-send), null: never broadcast. */
  sent_at: number | null;
  /** Since its creation or first broadcast, whichever is older (as the jam rules count it). */
  age_ms: number | null;
  /**
   * Its last broadcast more than a re-send's time (25 s) after its creation: likely broadcast again (a
   * re-send or a re-price; v1.8 does not serve how often) — a first submit delayed that long reads the same.
   */
  rebroadcast: boolean;
  offered_wei: bigint | null;
  network_price_wei: bigint | null;
  /** A cancel of it is in flight (`is_canceled` on a status not final): its NOOP takes the nonce once mined (the fix is then not a cancel). */
  canceling: boolean;
  /** The earliest v1.8 re-prices it (its speed's time after its last broadcast; later if it has more than one hash). */
  next_reprice_at: number | null;
  /** When the jam rules call it a jam if it is still there (null: waiting_grows without a blocker). */
  jam_at: number | null;
  /** Not final now (pending, sent, submitted: the servers' totals, the one at the chain's nonce among them), null: not read. */
  not_final: number | null;
  /** Across reads: the chain's nonce stood since `since.at`, what was not final then. */
  since: ChainSeen | null;
  read_at: number;
  method: string;
};

/** What the jam read saw (read.ts), the network's price where it was read, and the last read's chain (a fleet's refresh). */
export interface FormingReading {
  relayer_id: string;
  network: string | null;
  now: number;
  diagnosis: Diagnosis;
  chain_nonce: number;
  /** The relayer's next nonce (its counter, or made from its transactions where its status was not trusted). */
  relayer_nonce: number;
  /** The transaction at the chain's nonce (null: none, or not read because nothing waits). */
  blocker: Transaction | null;
  not_final: number | null;
  network_price_wei: bigint | null;
  /** The chain as an earlier read saw it (null: the first read). */
  seen?: ChainSeen | null;
}

const time = (v: unknown): number | null => {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** The chain as this read saw it, to carry to the next: the earlier sighting kept while the chain's nonce stands. */
export function chainSeen(r: Pick<FormingReading, 'now' | 'chain_nonce' | 'not_final' | 'seen'>): ChainSeen | null {
  if (r.seen && r.seen.chain_nonce === r.chain_nonce) return r.seen;
  return r.not_final === null ? null : { at: r.now, chain_nonce: r.chain_nonce, not_final: r.not_final };
}

/** The forecast, or null: a jam stands, nothing waits, or nothing says one forms. */
export function jamForming(r: FormingReading): JamForming | null {
  // A jam already stands: the diagnosis says it (never a forecast of what is).
  if (r.diagnosis.kind === 'jam') return null;
  // Nothing signed waits: its counter is at the chain's nonce.
  if (r.relayer_nonce <= r.chain_nonce) return null;
  const b = r.blocker;
  const status = b ? String(b.status).toLowerCase() : null;
  const open = status === 'sent' || status === 'submitted' ? status : null;
  const created = b ? time(b.created_at) : null;
  const sent = b ? time(b.sent_at) : null;
  const since = Math.min(created ?? Infinity, sent ?? Infinity);
  const age = b && open && Number.isFinite(since) ? Math.max(0, r.now - since) : null;
  const offered = b && open ? offeredWei(b) : null;
  const speed = b && typeof b.speed === 'string' ? b.speed : null;
  const repriceMs = (r.network ?? '').toLowerCase().startsWith('arbitrum') ? ARBITRUM_REPRICE_MS : (REPRICE_MS[speed ?? 'fast'] ?? REPRICE_MS.fast!);
  // Across reads: the chain's nonce stood since a read FORMING_AFTER_MS ago or more, and what is not final rose.
  const stood = r.seen && r.seen.chain_nonce === r.chain_nonce && r.now - r.seen.at >= FORMING_AFTER_MS ? r.seen : null;
  const grows = stood !== null && r.not_final !== null && r.not_final > stood.not_final;
  let signal: FormingSignal | null = null;
  if (open === 'submitted' && sent !== null && age !== null) {
    if (offered !== null && r.network_price_wei !== null && offered < r.network_price_wei) signal = 'underpriced';
    else if (age > FORMING_AFTER_MS) signal = 'not_mined_yet';
  } else if (open === 'sent' && sent === null && age !== null && age > RESEND_AFTER_MS) signal = 'refused';
  if (signal === null && grows) signal = 'waiting_grows';
  if (signal === null) return null;
  const withBlocker = open !== null && age !== null;
  return {
    kind: 'jam_forming',
    relayer_id: r.relayer_id,
    signal,
    chain_nonce: r.chain_nonce,
    tx_id: withBlocker ? b!.id : null,
    tx_status: withBlocker ? open : null,
    speed: withBlocker ? speed : null,
    created_at: withBlocker ? created : null,
    sent_at: withBlocker ? sent : null,
    age_ms: withBlocker ? age : null,
    rebroadcast: withBlocker && created !== null && sent !== null && sent - created > RESEND_AFTER_MS,
    offered_wei: withBlocker ? offered : null,
    network_price_wei: r.network_price_wei,
    canceling: withBlocker && isCanceling(b!),
    next_reprice_at: withBlocker && open === 'submitted' && sent !== null ? sent + repriceMs : null,
    jam_at: withBlocker ? since + (open === 'sent' ? NEVER_BROADCAST_AFTER_MS : NOT_MINED_AFTER_MS) : null,
    not_final: r.not_final,
    since: stood,
    read_at: r.now,
    method: METHOD[signal],
  };
}

const METHOD: Record<FormingSignal, string> = {
  underpriced: "the transaction at the chain's nonce (by-nonce) offers less than eth_gasPrice read through the relayer's /rpc: not mined before v1.8 re-prices it (its speed's time after its last broadcast at the earliest: how many hashes it has is not served); one reading",
  not_mined_yet: `the transaction at the chain's nonce (by-nonce), broadcast and not mined ${FORMING_AFTER_MS / 1000} s after its creation; the jam rules call it a jam at ${NOT_MINED_AFTER_MS / 1000} s; one reading`,
  refused: `the transaction at the chain's nonce (by-nonce), signed and not broadcast past v1.8's re-send at ${RESEND_AFTER_MS / 1000} s; the jam rules call it a jam at ${NEVER_BROADCAST_AFTER_MS / 1000} s; one reading`,
  waiting_grows: `the chain's nonce (eth_getTransactionCount) the same across reads at least ${FORMING_AFTER_MS / 1000} s apart while the non-final totals (?status=pending, sent, submitted) rose`,
};

/** The fix: a bump of the transaction at the chain's nonce, or its cancel (a key in the TUI, a command headless), as the jam's words name them. */
function fixWords(f: JamForming, face: FixFace): string {
  if (f.tx_id === null) return face.kind === 'keys' ? 'look at what waits (its stuck screen)' : `look at what waits: ${face.prefix ?? 'relayer-tui'} txs ${face.relayerId} --status submitted`;
  const tx = sanitize(f.tx_id);
  const cli = face.kind === 'commands' ? (face.prefix ?? 'relayer-tui') : 'relayer-tui';
  // A cancel already in flight: its NOOP (not held to a cap) is what clears the nonce; a second cancel adds nothing.
  if (f.canceling) return `a cancel of it is in flight (its NOOP takes the nonce once mined); or bump it (${face.kind === 'keys' ? `${face.via ?? ''}e` : `${cli} replace ${face.relayerId} ${tx} --speed fastest`})`;
  if (face.kind === 'keys') return `bump it (${face.via ?? ''}e) or cancel it (${face.via ?? ''}X)`;
  return `bump it (${cli} replace ${face.relayerId} ${tx} --speed fastest) or cancel it (${cli} cancel ${face.relayerId} ${tx})`;
}

/** jam_forming in words: what holds the chain, why it is forming, when the jam rules apply, the fix, what it is not sure of. */
export function jamFormingWords(f: JamForming, face: FixFace, now = f.read_at): string {
  const at = (t: number) => `${clock(t)}${t > now ? `, in ${ageMs(t - now)}` : ''}`;
  const what = f.tx_id === null ? `the chain at nonce ${f.chain_nonce}` : `nonce ${f.chain_nonce} (${sanitize(f.tx_id)}, ${f.tx_status}${f.speed ? `, ${sanitize(f.speed)}` : ''}) not mined after ${ageMs(f.age_ms ?? 0)}`;
  const growth = f.since && f.not_final !== null ? `; ${f.not_final} not final, ${f.since.not_final} when the chain stood at this nonce at ${clock(f.since.at)}` : '';
  const reprice = f.next_reprice_at !== null ? `v1.8 re-prices it at ${at(f.next_reprice_at)} at the earliest (later if it was re-priced before: how often is not served)` : null;
  let why: string;
  switch (f.signal) {
    case 'underpriced':
      why = `it offers ${formatGwei(f.offered_wei)}, the network asks ${formatGwei(f.network_price_wei)}: the chain will not take it before ${reprice}`;
      break;
    case 'not_mined_yet':
      why = `broadcast${f.rebroadcast ? ' again' : ''} ${f.sent_at !== null ? `at ${clock(f.sent_at)}` : ''} and not taken: ${reprice}`;
      break;
    case 'refused':
      why = `signed and never broadcast past v1.8's re-send (${RESEND_AFTER_MS / 1000} s): the node refuses it`;
      break;
    case 'waiting_grows':
      why = `what is not final rose while the chain's nonce stood`;
      break;
  }
  const jam = f.jam_at !== null ? `; the jam rules call it a jam at ${at(f.jam_at)}` : '';
  const unsure = f.signal === 'waiting_grows' ? 'two reads: a chain between blocks is not told apart' : f.signal === 'underpriced' ? 'one reading: the price may fall back under its offer' : 'one reading: the next block may take it';
  return `a jam forming: ${what} — ${why}${growth}${jam}; ${fixWords(f, face)} before; ${unsure}`;
}

/** jam_forming as JSON: flat fields, wei as decimal strings, times as ISO. */
export function jamFormingJson(f: JamForming): Record<string, unknown> {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    kind: f.kind,
    signal: f.signal,
    chain_nonce: f.chain_nonce,
    tx_id: f.tx_id,
    tx_status: f.tx_status,
    speed: f.speed,
    created_at: iso(f.created_at),
    sent_at: iso(f.sent_at),
    age_seconds: f.age_ms === null ? null : Math.round(f.age_ms / 1000),
    rebroadcast: f.rebroadcast,
    offered_wei: f.offered_wei === null ? null : f.offered_wei.toString(),
    network_price_wei: f.network_price_wei === null ? null : f.network_price_wei.toString(),
    canceling: f.canceling,
    next_reprice_at: iso(f.next_reprice_at),
    next_reprice_is_earliest: f.next_reprice_at !== null,
    jam_at: iso(f.jam_at),
    not_final: f.not_final,
    chain_stood_since: f.since ? iso(f.since.at) : null,
    not_final_then: f.since ? f.since.not_final : null,
    read_at: iso(f.read_at),
    method: f.method,
  };
}

/** The short mark in a summary: `jam forming (underpriced)`. */
export function jamFormingMark(f: JamForming): string {
  return `jam forming (${f.signal.replaceAll('_', ' ')})`;
}

/** The forecast from a jam read (read.ts) of an active relayer, the network's price where read, and an earlier read's chain; with the chain as this read saw it, to carry. */
export function jamFormingOf(relayer: { id: string; network?: string | null }, read: JamRead, networkPriceWei: bigint | null, now: number, seen: ChainSeen | null = null): { forecast: JamForming | null; seen: ChainSeen | null } {
  if (read.kind !== 'diagnosed' || !read.seen) return { forecast: null, seen: null };
  const reading: FormingReading = {
    relayer_id: relayer.id,
    network: relayer.network ?? null,
    now,
    diagnosis: read.diagnosis,
    chain_nonce: read.chainNonce,
    relayer_nonce: read.seen.relayerNonce,
    blocker: read.seen.blocker,
    not_final: read.seen.notFinal,
    network_price_wei: networkPriceWei,
    seen,
  };
  return { forecast: jamForming(reading), seen: chainSeen(reading) };
}
