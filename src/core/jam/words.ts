/**
 * A jam in words, made once from the typed Jam (diagnose.ts) for both faces: the cause, what holds
 * the chain, what waits, and the fix the real server offers for it. Ids are the server's: sanitize
 * to draw. Amounts in gwei, exact to the wei where they need it.
 */
import { formatGwei } from '../amounts.js';
import { age, clock } from '../time.js';
import { shortId } from '../text/ids.js';
import { displayText } from '../text/values.js';
import type { GapFill, Jam, JamCause, NonceDistrust } from './diagnose.js';
import type { FollowEnd } from './follow.js';
import { REDIS_KEY_PREFIX, type Runbook, type RunbookStep } from './runbook.js';
import { proposedCapFromPrice } from '../forecast/capProposal.js';

/** The cause in a few words (the first screen's line, a fleet row). */
export const CAUSE_WORDS: Record<JamCause, string> = {
  never_broadcast: 'never broadcast',
  price_cap: 'at its cap',
  underpriced: 'underpriced',
  dropped: 'dropped',
  not_mined: 'not mined',
  no_tx_at_nonce: 'no transaction at its nonce',
  blocker_final: 'its blocker is final',
  unknown_status: 'a status not placed',
};

const gwei = (wei: bigint | null) => (wei === null ? '?' : formatGwei(wei));
const waitingWords = (n: number) => `${n} waiting`;
/** What waits, with the nonces ahead that no listed transaction holds (a cancel on its way is hidden from v1.8's status lists). */
const waitingDetail = (jam: Jam) =>
  `${waitingWords(jam.waiting)}${jam.unlisted_nonces ? `, and ${jam.unlisted_nonces} more nonce${jam.unlisted_nonces === 1 ? '' : 's'} after it held by one being canceled (v1.8's status lists leave those out) or by none` : ''}`;

/** How long it has been jammed, as an age ("18m"). */
function open(jam: Jam, now: number): string {
  const a = age(new Date(jam.since).toISOString(), now);
  return a && a !== 'future' ? a : '0s';
}

/** What a jam's age counts from, in words: `blocker created 19:02:11` (Jam.since, one origin for every face). */
export function originWords(jam: Pick<Jam, 'since' | 'since_of'>): string {
  const what = { blocker_created: 'blocker created', blocker_broadcast: 'blocker broadcast', oldest_created: 'oldest waiting created', read: 'first read' }[jam.since_of];
  return `${what} ${clock(jam.since)}`;
}

/**
 * Where the fix is named: the TUI's keys (`e`, `X`, `p` on the stuck screen), or the commands that do
 * the same from a shell (check, fleet --check: a key means nothing to a cron job's mail). `prefix` is
 * the command's start (`relayer-tui`, or with the `--context` the line is about).
 */
/** `via` / `capVia`: the keys that lead to where e and X / p act (from the fleet: enter, then e). */
/** `runbook`: where this face shows an overdue gap's runbook (words: "below", "its detail (i on the first screen)"); else the face's default. */
export type FixFace = { kind: 'keys'; via?: string; capVia?: string; runbook?: string } | { kind: 'commands'; relayerId: string; prefix?: string; runbook?: string };

/** `relayer-tui`, with `--context NAME` where a context is named (a name a shell takes as it is; else left out). */
export function commandPrefix(context?: string): string {
  return context !== undefined && /^[\w.-]+$/.test(context) ? `relayer-tui --context ${context}` : 'relayer-tui';
}
const KEYS: FixFace = { kind: 'keys' };

/** The network's price + CAP_PROPOSAL_PERCENT, rounded up to a whole gwei: what `p` proposes for a jam at its cap (null: not read). */
export function proposedCapGwei(jam: Jam): bigint | null {
  return jam.network_price_wei === null ? null : proposedCapFromPrice(jam.network_price_wei);
}

/** How to do `action` on this jam from this face: a key, or a whole command line. */
function fix(face: FixFace, action: 'bump' | 'cancel' | 'cap', jam: Jam): string {
  // `via`: where the transaction keys are (a relayer's detail has p, but e and X are the stuck screen's there).
  if (face.kind === 'keys') return action === 'bump' ? `${face.via ?? ''}e` : action === 'cancel' ? `${face.via ?? ''}X` : `${face.capVia ?? ''}p`;
  const cli = `${face.prefix ?? 'relayer-tui'} `;
  const tx = jam.blocker_id ?? 'TX';
  if (action === 'bump') return `${cli}replace ${face.relayerId} ${tx} --speed fastest`;
  if (action === 'cancel') return `${cli}cancel ${face.relayerId} ${tx}`;
  const cap = proposedCapGwei(jam);
  return `${cli}policies ${face.relayerId} --set gas_price_cap=${cap === null ? 'N' : cap}gwei`;
}

/** What holds the chain and what to do, in one line: `minter-2: jammed 18m at nonce 1204 — …`. */
export function jamWords(relayerId: string, jam: Jam, now: number, face: FixFace): string {
  return `${relayerId}: ${jamDetail(jam, now, face)}`;
}

/**
 * The same without the relayer's id (a fleet row names it already): `jammed 18m at nonce 1204 — …`.
 * Without `now` no age is said (a row kept between reads must not change by itself).
 */
/** When v1.8 re-prices the blocker: a time to come, or one already passed (then at its next status check, which runs every 8–12 s). */
function reprice(jam: Jam, now: number | undefined): string {
  const at = jam.next_reprice_at;
  if (!at) return '';
  const why = `its speed ${jam.blocker_speed ?? 'fast'}; each earlier re-price doubles the wait`;
  // Without a clock (a row kept between reads) the time is said as it is: it never reads "due" by itself.
  if (now !== undefined && at <= now) return ` at its next status check (due since ${clock(at)}: ${why})`;
  return ` at ${clock(at)} at the earliest (${why})`;
}

/** A status reading not trusted, in words: which, and why (diagnose.ts NonceDistrust). */
export function distrustWords(d: NonceDistrust, chainNonce?: number): string {
  const read = "what waits was read from the transaction at the chain's nonce and the pending, sent and submitted lists";
  switch (d.kind) {
    case 'status_nonce_zero':
      return `the status's nonce 0 was not trusted (v1.8 answers 0 when its counter read fails): ${read}`;
    case 'status_nonce_missing':
      return `the status carries no nonce: ${read}`;
    case 'status_nonce_below_chain':
      return `the status's nonce ${d.status_nonce} was not trusted (below the chain's${chainNonce === undefined ? '' : ` ${chainNonce}`}: a counter behind the chain is no evidence that nothing waits): ${read}`;
    case 'pending_unaccounted':
      return `the status's nonce ${d.status_nonce} was not trusted (at the chain's, while the status counts ${d.pending_count} pending): ${read}`;
  }
}

export function jamDetail(jam: Jam, now: number | undefined, face: FixFace): string {
  const words = jamDetailRead(jam, now, face);
  return jam.distrusted ? `${words} (${distrustWords(jam.distrusted, jam.chain_nonce)})` : words;
}

function jamDetailRead(jam: Jam, now: number | undefined, face: FixFace): string {
  const e = fix(face, 'bump', jam);
  const x = fix(face, 'cancel', jam);
  const p = fix(face, 'cap', jam);
  const head = `jammed${now === undefined ? '' : ` ${open(jam, now)} (${originWords(jam)})`} at nonce ${jam.chain_nonce}`;
  const openFor = now === undefined ? '' : `; open ${open(jam, now)}`;
  const tx = jam.blocker_id ? `tx ${shortId(jam.blocker_id, 8, 4)}` : '';
  const w = waitingDetail(jam);
  // A cancel already sent: no fix to offer, only what it does next (whatever the cause it met).
  if (jam.blocker_canceling && jam.blocker_id)
    return `${head} — ${tx} is being canceled (${displayText(jam.blocker_status ?? '?').slice(0, 40)}): its NOOP takes the nonce once mined; ${w}, to go through in order after it${openFor}`;
  switch (jam.cause) {
    case 'never_broadcast':
      return `${head} — ${tx} was signed and never broadcast: every re-send refused${jam.blocker_reason ? ` (${jam.blocker_reason})` : ' (the server keeps no reason for it)'}; ${w}. Bump it at a faster speed (${e}) or cancel it (${x}: a NOOP takes the nonce)`;
    case 'price_cap':
      return `${head} — at its cap ${gwei(jam.cap_wei)}, the network asks ${gwei(jam.network_price_wei)}; ${w}. The server's re-pricing stops at the cap; ${bumpWords(jam, e)}; raise gas_price_cap (${p}), or cancel this nonce (${x}: the NOOP is not held to the cap)`;
    case 'underpriced':
      return `${head} — ${tx} offers ${gwei(jam.blocker_price_wei)}, under the network's ${gwei(jam.network_price_wei)}; ${w}. The server re-prices it${reprice(jam, now)}; or bump it now (${e}) or cancel it (${x})`;
    case 'dropped':
      return `${head} — ${tx} was broadcast and priced enough, and the node does not know it (dropped); ${w}. The server re-sends it at its next re-price; bump it (${e}) or cancel it (${x}) now`;
    case 'not_mined':
      return `${head} — ${tx} is priced ${gwei(jam.blocker_price_wei)}${jam.network_price_wei !== null ? ` (the network asks ${gwei(jam.network_price_wei)})` : ' (the network\'s price not read)'} and known to the node, not mined: why is not known; ${w}`;
    case 'no_tx_at_nonce':
      return `${head} — no transaction of the relayer holds it (${jam.distrusted ? `its transactions read go up to nonce ${jam.relayer_nonce - 1}` : `its counter ran ahead of the chain: the relayer is at ${jam.relayer_nonce}`}); ${w}. ${gapJobWords(jam, face)}${openFor}`;
    case 'blocker_final':
      return `${head} — ${tx} there is ${jam.blocker_status}: the nonce stays empty until the server's nonce-health job fills it with a NOOP; ${w}. ${gapJobWords(jam, face)}${openFor}`;
    case 'unknown_status':
      return `${head} — ${tx} there is ${jam.blocker_status ?? '?'}, a status these rules do not place; ${w}`;
  }
}

/** Where a face shows the runbook of an overdue gap. */
function runbookWhere(face: FixFace): string {
  if (face.runbook) return face.runbook;
  return face.kind === 'keys' ? "the relayer's detail (i on the first screen)" : `${face.prefix ?? 'relayer-tui'} check`;
}

/** A transaction above a gap in a few words: `tx 3f2a…9c1d (nonce 1205, submitted 14m before 10:00:00)`. */
function staleWords(t: GapFill['stale'][number], now: number | undefined): string {
  const since = t.sent_at ?? t.created_at;
  const a = now === undefined ? '' : age(new Date(since).toISOString(), now);
  return `tx ${shortId(t.id, 8, 4)} (nonce ${t.nonce}, ${t.status}${a && a !== 'future' ? ` ${a} ago` : ''})`;
}

/**
 * What v1.8's nonce-health job does about a gap, as the reading places it (diagnose.ts gapFill): due
 * once a stale transaction above is found, at a time; past its window, overdue — the job did not come
 * or filled nothing (#818, #843), and no API call fills the nonce: the runbook says what can.
 */
function gapJobWords(jam: Jam, face: FixFace): string {
  const g = jam.gap;
  const base = "The server's nonce-health job fills it with a NOOP once a stale transaction above triggers it";
  if (!g) return `${base}. No action on a transaction fixes it here`;
  if (g.due_at === null || g.fill_by === null) return `${base}: none above holds a nonce yet (nothing triggers it). No action on a transaction fixes it here`;
  const first = g.stale[0]!;
  if (!g.overdue) return `${base}: ${staleWords(first, undefined)} is found stale at ${clock(g.due_at)}, the NOOP due by ${clock(g.fill_by)}. No action on a transaction fixes it here`;
  return `Overdue: v1.8's nonce-health job should have filled it by ${clock(g.fill_by)} (${staleWords(first, undefined)} was found stale at ${clock(g.due_at)}${g.above > 1 ? `, ${g.above - 1} more above` : ''}) and has not (openzeppelin-relayer#818, #843). No API call fills it: the runbook is in ${runbookWhere(face)}`;
}

/**
 * An overdue gap's evidence, line by line (the detail's and check's, above the runbook): since when,
 * the counter and the chain, the stale transactions above with their ages, when the job was due.
 */
export function gapEvidenceWords(jam: Jam, now: number): string[] {
  const g = jam.gap;
  if (!g) return [];
  const out = [
    `the gap at nonce ${jam.chain_nonce}: ${jam.blocker_id ? `its transaction is ${jam.blocker_status}` : 'no transaction holds it'}, seen since ${clock(jam.since)} (open ${open(jam, now)}); the relayer's counter ${jam.relayer_nonce}${jam.distrusted ? ' (from its transactions: its status was not trusted)' : ''}, the chain's nonce ${jam.chain_nonce}`,
  ];
  if (g.due_at !== null && g.fill_by !== null) out.push(`v1.8's nonce-health job was due at ${clock(g.due_at)} (a status check finds a stale transaction above the gap) and its NOOP mined by ${clock(g.fill_by)}${g.overdue ? ': overdue' : ''}`);
  if (g.above) out.push(`stale above it (${g.above}): ${g.stale.map((t) => `${staleWords(t, now)} due ${clock(t.due_at)}`).join('; ')}${g.above > g.stale.length ? `; +${g.above - g.stale.length} more` : ''}`);
  return out;
}

/**
 * The runbook in a few lines for a screen with little room (the stuck screen): what fills nothing, the
 * storage steps by their commands' gist, and where it is whole (`where`: words of the face).
 */
export function runbookBrief(rb: Runbook, where: string): string[] {
  const cancel = rb.steps.find((s) => s.kind === 'cancel_waiting')?.command;
  return [
    `runbook (no API call fills nonce ${rb.chain_nonce}): a restart fills nothing (sync_nonce only raises the counter, ${rb.counter} stays); cancelling what waits fills nothing${cancel ? ` (${cancel}: their calls do not run late)` : ''}`,
    `by hand in Redis, its senders stopped: the counter ${rb.counter_key} set to ${rb.chain_nonce}, 0 sent to the relayer itself, then set back to ${rb.counter} — each step, its command and its risk: ${where}`,
  ];
}

/** The words of a runbook step (runbook.ts): what it does, what it does not, what it risks. */
export function runbookStepWords(step: RunbookStep, rb: Runbook): string {
  const n = rb.chain_nonce;
  const m = rb.counter;
  switch (step.kind) {
    case 'restart':
      return `A restart does not fill it: each relayer's start runs sync_nonce, which only raises the counter to the chain's nonce, never lowers it (it stays at ${m}), and no nonce-health job runs at start. It forgets the job's in-process debounce and lock, so a stale transaction's next status check schedules the job again: worth one try only if the job was lost. With in-memory storage (v1.8's default) a restart forgets the counter and every transaction (the waiting ones unknown to the server after it); RESET_STORAGE_ON_START=true drops them from Redis, for every relayer.`;
    case 'cancel_waiting':
      return `Cancelling what waits does not fill it: a pending one is canceled at once and takes no nonce; a signed or broadcast one becomes a NOOP at its own nonce, above ${n}, and waits too until the gap is filled (its re-broadcast restarts its wait before a status check looks for the gap again). It only keeps their calls from running late.`;
    case 'stop_senders':
      return `By hand in the server's storage (Redis: REPOSITORY_STORAGE_TYPE=redis; in memory there is no key): first stop whatever sends to this relayer (your application) — while the counter is lowered, each transaction prepared takes a nonce from it.`;
    case 'read_counter':
      return `Read the counter: it should answer ${m}. Another value: stop here and read the relayer again. (The key is <prefix>:transaction_counter:<relayer id>:<address>, the prefix ${REDIS_KEY_PREFIX} unless the server sets REDIS_KEY_PREFIX.)`;
    case 'set_counter':
      return `Set it to the chain's nonce ${n}: the next transaction prepared takes nonce ${n}.`;
    case 'send_filler':
      return `Send 0 to the relayer itself: it takes nonce ${n} when prepared, and what waits goes through after it.`;
    case 'restore_counter':
      return `Once it holds nonce ${n}, set the counter back to ${m}, only if exactly one nonce was taken since (it answers 1; 0: another took one — read the counter and set ${m} by hand). The risk: a transaction prepared while the counter was under ${m} gets a nonce one that waits already holds; of the two signed for it one is mined and v1.8 marks the other failed (nonce consumed).`;
  }
}

/**
 * What a replacement (e) would offer on v1.8 (determine_replacement_pricing): the speed's quote held to
 * the cap, then raised to at least the old price × 1.1 and 1 wei more than it (calculate_min_bump,
 * price_calculator.rs:110) — past the cap if need be. Null: the
 * blocker's price is not known.
 */
export function bumpReachWei(jam: Jam): bigint | null {
  if (jam.blocker_price_wei === null) return null;
  const p = jam.blocker_price_wei;
  const minBump = (p * 11n) / 10n > p ? (p * 11n) / 10n : p + 1n;
  const net = jam.network_price_wei;
  const quote = net === null ? jam.cap_wei : jam.cap_wei !== null && jam.cap_wei < net ? jam.cap_wei : net;
  return quote !== null && quote > minBump ? quote : minBump;
}

/** Whether a bump reaches the network's price (unknown either way: assumed not, and said so). */
function bumpFalls(jam: Jam): boolean {
  const reach = bumpReachWei(jam);
  return reach === null || jam.network_price_wei === null || reach < jam.network_price_wei;
}

/** A bump of a capped blocker in words: what it reaches against what the network asks. */
function bumpWords(jam: Jam, e = 'e'): string {
  const reach = bumpReachWei(jam);
  if (reach === null) return `a bump (${e}) is quoted at the cap and raised +10 % over a price not read here`;
  return bumpFalls(jam)
    ? `a bump (${e}) reaches only ${gwei(reach)} (quoted at the cap, raised +10 % over its price), under the network's ${gwei(jam.network_price_wei)}: it stays jammed`
    : `a bump (${e}) reaches ${gwei(reach)} (+10 % over its price, past the cap), the network's ${gwei(jam.network_price_wei)} or more`;
}

/** One jam in a few words for a list: `payouts-1 (never broadcast, 4 waiting)`. */
export function jamBrief(relayerId: string, jam: Jam): string {
  return `${relayerId} (${jam.blocker_canceling ? 'being canceled' : CAUSE_WORDS[jam.cause]}${jam.gap?.overdue ? ', overdue' : ''}, ${waitingWords(jam.waiting)})`;
}

/** A jam in the fewest words that still say why: `holesky-test (never broadcast)` (the first screen's line where room is short). */
export function jamCauseBrief(relayerId: string, jam: Jam): string {
  return `${relayerId} (${jam.blocker_canceling ? 'being canceled' : CAUSE_WORDS[jam.cause]}${jam.gap?.overdue ? ', overdue' : ''})`;
}

/** A Jam as JSON: u128 values as decimal strings. */
export function jamJson(jam: Jam): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
  for (const [k, v] of Object.entries(jam))
    out[k] =
      typeof v === 'bigint'
        ? v.toString()
        : k === 'since' || k === 'next_reprice_at'
          ? iso(v as number | null)
          : k === 'gap' && v
            ? { ...(v as GapFill), due_at: iso((v as GapFill).due_at), fill_by: iso((v as GapFill).fill_by), stale: (v as GapFill).stale.map((t) => ({ ...t, created_at: iso(t.created_at), sent_at: iso(t.sent_at), due_at: iso(t.due_at) })) }
            : v;
  return out;
}

/**
 * The first screen's line: `2 jammed: payouts-1 (never broadcast, 4 waiting), minter-2 (at its cap, 2
 * waiting) — t: the worst first`, worst first; as many as fit `width` whole, the rest counted (`+2
 * more`) — never a relayer cut mid-word (`t` lists them all). `asOf`: when the oldest diagnosis it
 * rests on was read (`2 jammed as of 12:03:04: …`; read at different times, `2 jammed (read 12:03:04–12:05:10): …`).
 */
export function jamsLine(jams: readonly { relayerId: string; jam: Jam }[], width = Infinity, asOf?: number | { oldest: number; newest: number }): string {
  // When the diagnoses behind the line were read: clock times, true without ticking (43: every figure
  // fresh or said old). Read at different times (one relayer's again after a fix), the span: "as of"
  // the oldest alone would date what was read later as that old.
  const head = `${jams.length} jammed${asOfWords(asOf)}: `;
  const fits = (line: string) => [...line].length <= width;
  // Each jam with its cause and what waits; where that does not fit, each with its cause alone — every
  // jam named with its cause before any is left out (issue 53.4: at 80 columns the line named the worst alone).
  for (const brief of [(j: (typeof jams)[number]) => jamBrief(j.relayerId, j.jam), (j: (typeof jams)[number]) => jamCauseBrief(j.relayerId, j.jam)]) {
    const briefs = jams.map(brief);
    for (const tail of [' — t: the worst first', ' — t lists them', '']) {
      const line = `${head}${briefs.join(', ')}${tail}`;
      if (fits(line)) return line;
    }
  }
  // Then as many as fit with their cause, the rest counted: `+2 more: t`.
  const briefs = jams.map((j) => jamCauseBrief(j.relayerId, j.jam));
  for (let n = briefs.length - 1; n >= 1; n--) {
    const line = `${head}${briefs.slice(0, n).join(', ')}, +${briefs.length - n} more: t`;
    if (fits(line)) return line;
  }
  // Narrower than one relayer's words: the count and the first id (t lists them all).
  return `${head}${jams[0]?.relayerId ?? ''}${jams.length > 1 ? ` +${jams.length - 1}` : ''} (t)`;
}

/** When what a line says was read: ` as of 12:03:04`, read at different times ` (read 12:03:04–05:10)`, unknown ''. */
export function asOfWords(asOf?: number | { oldest: number; newest: number }): string {
  const span = asOf === undefined ? undefined : typeof asOf === 'number' ? { oldest: asOf, newest: asOf } : asOf;
  return !span ? '' : clock(span.oldest) === clock(span.newest) ? ` as of ${clock(span.oldest)}` : ` (read ${clockSpan(span.oldest, span.newest)})`;
}

/** Two clock times as a span, the second without what it shares with the first: `05:27:47–48`, `05:27:47–31:02`, `05:27:47–06:01:00` (a span fits a narrow line as "as of" did). */
export function clockSpan(from: number, to: number): string {
  const [a, b] = [clock(from), clock(to)];
  return `${a}–${a.slice(0, 5) === b.slice(0, 5) ? b.slice(6) : a.slice(0, 2) === b.slice(0, 2) ? b.slice(3) : b}`;
}

/**
 * How a follow ended, in one line: `payouts-1: cleared at 01:23:45 (chain nonce 311 → 316, 5 went through in 7 s since 01:23:38)`;
 * still jammed, its fixes as `face` names them (keys in the TUI, commands headless: issue 53.5, a
 * deadline's words named TUI keys in a shell).
 */
export function followWords(relayerId: string, end: FollowEnd, now: number, face: FixFace): string {
  if (end.kind === 'cleared') {
    // Timed from when the follow began, said as a clock time: a second fix sent while one is followed
    // (a bump, then the cap raised) does not restart it.
    const went = end.went === 0 ? 'nothing was waiting' : `${end.went} went through in ${Math.max(1, Math.round(end.ms / 1000))} s since ${clock(end.at - end.ms)}`;
    return `${relayerId}: cleared at ${clock(end.at)} (chain nonce ${end.from} → ${end.to}, ${went})`;
  }
  if (end.kind === 'not_diagnosed') return `${relayerId}: not followed: ${end.why}`;
  const secs = Math.round(end.ms / 1000);
  // Followed since when, as a clock time: a second fix sent meanwhile does not restart the follow.
  const after = `${secs >= 120 ? `${Math.round(secs / 60)}m` : `${secs}s`} (followed since ${clock(now - end.ms)})`;
  if (end.jam) return `still jammed after ${after}: ${jamWords(relayerId, end.jam, now, face)}`;
  if (end.read.kind === 'not_diagnosed') return `${relayerId}: not cleared after ${after}: ${end.read.why}`;
  // "Moving" only when the chain's nonce went up during the follow (a re-send alone reads "broadcast
  // moments ago", and moves nothing).
  const moved = end.from !== null && end.to !== null && end.to > end.from;
  const chain = moved ? `the chain moved ${end.from} → ${end.to} (${end.to! - end.from!} went through), not past the last that waited` : `the chain is still at nonce ${end.to}`;
  return `${relayerId}: not cleared after ${after}: ${chain}; no jam diagnosed at the last read (${end.read.diagnosis.kind === 'clear' ? end.read.diagnosis.why : ''})`;
}

/** What waits behind a jam's blocker: `2 transactions wait behind it (nonce 2834: never broadcast)`. */
function waitsBehindWords(jam: Jam): string {
  const n = jam.waiting;
  const unlisted = jam.unlisted_nonces ? `, and ${jam.unlisted_nonces} more nonce${jam.unlisted_nonces === 1 ? '' : 's'} after it held by one being canceled or by none,` : '';
  return `${n} transaction${n === 1 ? '' : 's'} wait${n === 1 ? 's' : ''} behind it${unlisted} (nonce ${jam.chain_nonce}: ${CAUSE_WORDS[jam.cause]})`;
}

/** After a fix: the TUI follows the relayer until the chain passes what waited; headless, --wait does (without it, nothing is followed). */
function followedWords(face: FixFace): string {
  return face.kind === 'keys' ? 'the relayer is followed until the chain passes them' : '--wait S follows the relayer until the chain passes them';
}

/** A replacement of the blocker (a bump): what waits behind it, and what the replacement is expected to do. */
export function bumpOfBlockerWords(jam: Jam, face: FixFace = KEYS): string {
  return `${waitsBehindWords(jam)}: the replacement keeps nonce ${jam.chain_nonce}; once it is mined they go through in order; ${followedWords(face)}`;
}

/** The cancel review's line for a jam's blocker: what waits behind it and what the cancel is expected to do. */
export function cancelOfBlockerWords(jam: Jam, face: FixFace = KEYS): string {
  const waits = waitsBehindWords(jam);
  // v1.8 cancels a pending transaction at once (nothing was signed: no NOOP, evm_transaction.rs:1252-1260).
  if (String(jam.blocker_status).toLowerCase() === 'pending')
    return `${waits}: it is pending (not signed), so the cancel is immediate (no NOOP is needed); ${followedWords(face)}`;
  const then =
    jam.cause === 'price_cap'
      ? `its NOOP is not held to the cap and takes the nonce; a next one priced at the cap stays jammed until the cap is raised (${fix(face, 'cap', jam)})`
      : 'once its NOOP is mined they go through in order';
  return `${waits}: ${then}; ${followedWords(face)}`;
}

/**
 * Why a transaction action does not fit the jam on this relayer, or null when it does (the stuck screen
 * asks before opening a form): a bump of a blocker held at its cap stays at the cap; with no transaction
 * at the chain's nonce, or a final one there, no action on a transaction fills it.
 */
/** A replacement's or a cancel's review line for one that waits behind a jam (not its blocker): it cannot be mined before the jammed nonce is. Null: it does not wait behind it. */
export function behindJamWords(jam: Jam, txId: string, txNonce: number | null, face: FixFace = KEYS): string | null {
  if (txId === jam.blocker_id || txNonce === null || !Number.isInteger(txNonce) || txNonce <= jam.chain_nonce) return null;
  const first = face.kind === 'keys' ? 'the blocker is fixed from t' : `the blocker${jam.blocker_id ? ` ${jam.blocker_id}` : ''} is fixed first: ${fix(face, 'bump', jam)}, or ${fix(face, 'cancel', jam)}`;
  return `it waits behind nonce ${jam.chain_nonce} (${CAUSE_WORDS[jam.cause]}): nothing sent for it can be mined before that nonce is — ${first}`;
}

/** When the diagnosis a review rests on was read, after its words (issue 53.3: the face with the older read says so); '' when not given. */
export function diagnosedAtWords(at: number | undefined): string {
  return at === undefined ? '' : ` (diagnosed at ${clock(at)})`;
}

/**
 * A cancel's review notes on its relayer's jam, the same in both faces (words for the face: FixFace):
 * one that waits behind the jam cannot land before its blocker does; a cancel of the blocker says what
 * waits behind it and what the cancel will do, with when the jam was diagnosed. None: no jam, or this one is neither.
 */
export function cancelJamNotes(jam: Jam | undefined, tx: { id: string; nonce?: unknown } | undefined, face: FixFace = KEYS, diagnosedAt?: number): { label: string; value: string; tone?: 'warn' }[] {
  if (!jam || !tx) return [];
  const nonce = tx.nonce === null || tx.nonce === undefined || tx.nonce === '' ? null : Number(tx.nonce);
  const when = diagnosedAtWords(diagnosedAt);
  const behind = behindJamWords(jam, tx.id, nonce, face);
  if (behind) return [{ label: '⚠ behind a jam', value: behind + when, tone: 'warn' }];
  return jam.blocker_id === tx.id ? [{ label: 'what waits', value: cancelOfBlockerWords(jam, face) + when }] : [];
}

export function actionMisfit(jam: Jam, action: 'bump' | 'cancel', txNonce: number | null, face: FixFace = KEYS): string | null {
  const keys = face.kind === 'keys';
  if (jam.cause === 'no_tx_at_nonce' || jam.cause === 'blocker_final')
    return `no action on a transaction fills nonce ${jam.chain_nonce}: ${jam.cause === 'no_tx_at_nonce' ? 'no transaction of the relayer holds it' : `its transaction is ${jam.blocker_status}`}; ${jam.gap?.overdue && jam.gap.fill_by !== null ? `the server's nonce-health job should have filled it by ${clock(jam.gap.fill_by)} and has not: the runbook is in ${keys ? "the relayer's detail (i on the first screen)" : `relayer-tui check ${face.relayerId}`}` : "the server's nonce-health job fills it with a NOOP once a stale transaction above triggers it"}`;
  if (action === 'bump' && jam.cause === 'price_cap' && txNonce === jam.blocker_nonce && bumpFalls(jam))
    return keys
      ? `${bumpWords(jam)}: raise gas_price_cap (p), or cancel this nonce (X: the NOOP is not held to the cap)`
      : `${bumpWords(jam, 'this replacement')}: raise gas_price_cap (${fix(face, 'cap', jam)}), or cancel this nonce (${fix(face, 'cancel', jam)}: the NOOP is not held to the cap)`;
  return null;
}

/** A fix the stuck screen offers for the jam under its cursor: the action (its key is the UI's) and what it does there. */
export interface JamFix {
  action: 'cap' | 'bump' | 'cancel';
  hint: string;
}

/**
 * The fixes that work for this jam on the transaction under the cursor (its nonce), in the order its
 * words offer them — the stuck screen's footer puts them first and leaves out those that do not work
 * there (actionMisfit: a bump held at the cap, any action on a gap). A cancel already in flight: none.
 */
export function jamFixes(jam: Jam, txNonce: number | null): JamFix[] {
  if (jam.blocker_canceling) return [];
  const out: JamFix[] = [];
  if (jam.cause === 'price_cap') out.push({ action: 'cap', hint: 'raise cap' });
  if (!actionMisfit(jam, 'bump', txNonce)) out.push({ action: 'bump', hint: 'bump' });
  if (!actionMisfit(jam, 'cancel', txNonce)) out.push({ action: 'cancel', hint: 'cancel' });
  return out;
}

/** A jam seen to clear, its figures first to last: `optimism-relay cleared 18:56:02 (nonce 442 → 445)`. */
export function clearedBrief(c: { relayerId: string; at: number; from: number; to: number }): string {
  return `${c.relayerId} cleared ${clock(c.at)} (nonce ${c.from} → ${c.to})`;
}
