/**
 * The first screen's line above the relayers table: what is wrong, then what is not known — the jams
 * (core/jam/words.ts jamsLine), the balances under their minimum, the relayers not diagnosed (their
 * reads failed) and how many are still being diagnosed. The line has its row from the first frame on
 * (relayersHead), whatever it says, so no row of the table moves under the cursor when the diagnosis
 * comes: before the server's kind is known it says the relayers are being read, on a server that cannot
 * be diagnosed (not the OpenZeppelin Relayer) that it cannot, and once every relayer shown was
 * diagnosed with nothing wrong, the all-clear in words (when it was read, and how many it rests on).
 * The forecasts come last (aheadLine.ts), in the room today's trouble leaves — and where that leaves
 * room for the count alone, today's said by its ids (every kind of it still said, uncut) so that the
 * relayers heading for trouble are named (t lists the jams with their causes).
 */
import { formatAmountShort } from '../amounts.js';
import { asOfWords, clearedBrief, jamsLine } from '../jam/words.js';
import type { Jam } from '../jam/diagnose.js';
import { cellWidth, truncateCells } from '../text/cells.js';
import type { LowOne } from './relayers.js';
import { aheadAsOf, aheadCount, aheadNamed, aheadPart, type AheadOne } from './aheadLine.js';

export interface RelayersLineFacts {
  /** Worst first (RelayerJams.jams). */
  jams: readonly { relayerId: string; jam: Jam }[];
  /** When the diagnoses behind the jams were read (jamsLine's `asOf`). */
  jamsAsOf?: number | { oldest: number; newest: number } | undefined;
  low: readonly LowOne[];
  /** Active relayers whose jam reads came back without a diagnosis, and why (the first's said when it is the only one). */
  notDiagnosed: readonly { relayerId: string; why: string }[];
  /** Active relayers whose diagnosis has not come yet. */
  reading: number;
  /** Jams seen to clear, still to be said (RelayerJams.cleared). */
  cleared?: readonly { relayerId: string; at: number; from: number; to: number }[];
  /** The relayers heading for trouble (core/forecast), said after all of today's (aheadLine.ts). */
  ahead?: readonly AheadOne[];
}

/** One low balance: `holesky-test 0.01 ETH < 0.05 ETH min`. */
export function lowWords(l: LowOne): string {
  return `${l.relayerId} ${formatAmountShort(l.balance, l.unit)} < ${formatAmountShort(l.min, l.unit)} min`;
}

/**
 * `2 jammed as of 12:03:04: …; 1 low: holesky-test 0.01 ETH < 0.05 ETH min; 1 not diagnosed: …`, fitted
 * to `width`: the rest whole where it fits beside the jams (as many as fit whole, jamsLine); else cut
 * with `…` where every relayer it names is still named, or each of its parts by its ids alone — every
 * kind of trouble and of not knowing named before the jams lose their time (t lists the jams, i on a row
 * says its balance and minimum, or why it is not diagnosed).
 * Null: nothing to say.
 */
export function relayersLine(f: RelayersLineFacts, width = Infinity): string | null {
  const today = todayLine(f, width);
  if (!f.ahead?.length) return today;
  // When the forecasts were read, said with them (a time-to-go dates like every figure).
  const asOf = aheadAsOf(f.ahead);
  if (today === null) return aheadPart(f.ahead, width, asOf) ?? truncateCells(aheadCount(f.ahead), width);
  // After today's trouble, in the room it leaves; else today's made narrower for the count where that
  // still says every kind of it uncut (the forecasts never push today's trouble out of the line).
  const part = aheadPart(f.ahead, width - cellWidth(today) - 2, asOf);
  const counts = [aheadCount(f.ahead, asOf), aheadCount(f.ahead)];
  if (part !== null && !counts.includes(part)) return `${today}; ${part}`;
  // The forecasts' relayers named before today's words get their detail: today's narrower where that
  // still says every kind of it uncut (its jams' causes and waiting counts are on t; each row says the rest).
  for (const names of [...aheadNamed(f.ahead, asOf), ...aheadNamed(f.ahead)]) {
    const narrower = todayLine(f, width - cellWidth(names) - 2);
    if (narrower !== null && saysAll(narrower, today)) return `${narrower}; ${names}`;
  }
  if (part !== null) return `${today}; ${part}`;
  for (const count of counts) {
    const narrower = todayLine(f, width - cellWidth(count) - 2);
    if (narrower !== null && saysAll(narrower, today)) return `${narrower}; ${count}`;
  }
  // Else each kind of today's counted (t lists the jams; i on a row says the rest), where that leaves the count its room.
  const counted = [...(f.cleared?.length ? [f.cleared.map(clearedBrief).join(', ')] : []), todayCounts(f)].filter(Boolean).join('; ');
  const withCount = `${counted}; ${aheadPart(f.ahead, width - cellWidth(counted) - 2, asOf) ?? counts[1]}`;
  return cellWidth(withCount) <= width ? withCount : today;
}

/** Each kind of today's trouble by its count alone: `2 jammed (t); 1 low; 1 not diagnosed`. */
function todayCounts(f: RelayersLineFacts): string {
  return [f.jams.length ? `${f.jams.length} jammed (t)` : '', f.low.length ? `${f.low.length} low` : '', f.notDiagnosed.length ? `${f.notDiagnosed.length} not diagnosed` : '', f.reading ? `${f.reading} being diagnosed…` : ''].filter(Boolean).join('; ');
}

const KINDS = [/ cleared /, /\bjammed\b/, /\blow\b/, /\bnot diagnosed\b/, /being diagnosed…/];

/** Whether a narrower line still says every kind the whole one says, nothing cut (a `…` only in `being diagnosed…`: `1 not diagnosed…` was let through). */
function saysAll(narrower: string, whole: string): boolean {
  return KINDS.every((k) => !k.test(whole) || k.test(narrower)) && !narrower.replace(/being diagnosed…/g, '').includes('…');
}

/** Today's trouble and what is not known (everything but the forecasts), fitted to `width`; null: nothing to say. */
function todayLine(f: RelayersLineFacts, width: number): string | null {
  // The clearings first, whole with their figures (issue 53.4: at 80 columns one was cut before them); the rest in what is left.
  if (f.cleared?.length) {
    const said = f.cleared.map(clearedBrief).join(', ');
    const room = width - cellWidth(said) - 2;
    const full = todayLine({ ...f, cleared: [] }, room);
    // Cut for room: each kind counted instead (t lists the jams; i on a row says the rest), none left unsaid.
    const counts = todayCounts(f);
    const rest = full !== null && full.endsWith('…') && !full.endsWith('diagnosed…') && cellWidth(counts) <= room ? counts : full;
    return rest === null || width - cellWidth(said) - 2 < 12 ? (cellWidth(said) <= width ? said : truncateCells(said, width)) : `${said}; ${rest}`;
  }
  const nd = f.notDiagnosed;
  const ids = (xs: readonly { relayerId: string }[]) => xs.map((x) => x.relayerId).join(', ');
  const parts = (whole: boolean): string[] => [
    ...(f.low.length ? [`${f.low.length} low: ${whole ? f.low.map(lowWords).join(', ') : ids(f.low)}`] : []),
    ...(nd.length ? [`${nd.length} not diagnosed: ${ids(nd)}${!whole ? '' : nd.length === 1 ? ` (${nd[0]!.why})` : ' (i on one says why)'}`] : []),
    ...(f.reading ? [`${f.reading} being diagnosed…`] : []),
  ];
  const fits = (s: string) => cellWidth(s) <= width;
  const cut = (s: string) => (fits(s) ? s : truncateCells(s, width));
  const [whole, short] = [parts(true), parts(false)];
  const named = [...f.low, ...nd].map((x) => x.relayerId);
  if (!f.jams.length) {
    if (!whole.length) return null;
    const w = whole.join('; ');
    if (fits(w)) return w;
    const cutWhole = cut(w);
    return named.every((id) => cutWhole.includes(id)) ? cutWhole : cut(short.join('; '));
  }
  const [wholeTail, shortTail] = [whole, short].map((p) => (p.length ? `; ${p.join('; ')}` : '')) as [string, string];
  // The jams named with their causes first (issue 53.4): every one, else the worst ones (`+N more: t`)
  // — the rest by its ids alone where that gives the jams their causes, their time kept.
  const withCause = (j: string, all: boolean) => (all ? !/ more: t$| \(t\)$/.test(j) : f.jams[0] !== undefined && j.includes(`${f.jams[0].relayerId} (`));
  for (const all of [true, false]) {
    for (const tail of [wholeTail, shortTail]) {
      const jams = jamsLine(f.jams, width - cellWidth(tail), f.jamsAsOf);
      // The rest whole, or each part by its ids (never cut: a part cut off, `being diagnosed…`, was a state unsaid).
      if (fits(`${jams}${tail}`) && withCause(jams, all)) return `${jams}${tail}`;
    }
  }
  for (const asOf of [f.jamsAsOf, undefined]) {
    const jams = jamsLine(f.jams, width - cellWidth(wholeTail), asOf);
    if (fits(`${jams}${wholeTail}`)) return `${jams}${wholeTail}`;
    const beside = jamsLine(f.jams, width - cellWidth(shortTail), asOf);
    if (!fits(`${beside}${shortTail}`)) continue;
    // The whole words cut with `…` where every relayer they name is still named; else the ids alone.
    const cutWhole = cut(`${beside}${wholeTail}`);
    return named.every((id) => cutWhole.slice(beside.length).includes(id)) ? cutWhole : `${beside}${shortTail}`;
  }
  return cut(`${jamsLine(f.jams, Math.floor(width / 2))}${shortTail}`);
}

/** What the line above the relayers table rests on, from the first frame on. */
export type RelayersHead =
  /** The server's kind not known yet (can it be diagnosed?), or no page of relayers read yet. */
  | { kind: 'reading' }
  /** The first page of relayers could not be read: nothing to diagnose (the table says why). */
  | { kind: 'unread' }
  /** A server that is not the OpenZeppelin Relayer: no relayer status or JSON-RPC to diagnose from. */
  | { kind: 'undiagnosable' }
  /**
   * The relayers shown read, and their first diagnosis not complete: `read` of the `of` active ones
   * that can be diagnosed have theirs (issue 53.3: no jam counted or named from a partial first read —
   * at start the line said `2 jammed` a second before the third was diagnosed).
   */
  | { kind: 'diagnosing'; read: number; of: number }
  /** The server said it is not ready (/ready): its own words. */
  | { kind: 'notReady'; summary: string }
  /**
   * The relayers shown, diagnosed or on their way: `diagnosed` active ones read without a failure,
   * `lowsRead` when every relayer shown has its balance read (the all-clear then says none is low).
   */
  | { kind: 'facts'; facts: RelayersLineFacts; diagnosed: number; lowsRead: boolean };

export const READING_LINE = 'reading the relayers… (jams, balances and readiness not known yet)';
/** While the first diagnosis of the relayers shown is not complete: how far it is, no jam counted. */
export function diagnosingLine(read: number, of: number): string {
  return `reading… jams diagnosed for ${read} of ${of} relayers (counted once all are)`;
}
export const UNREAD_LINE = 'nothing diagnosed: the relayers could not be read';
export const UNDIAGNOSABLE_LINE = 'jams not diagnosed: not the OpenZeppelin Relayer (no relayer status or JSON-RPC)';

/**
 * The line above the relayers table, always one: what is wrong or not known (relayersLine), else the
 * all-clear — `none jammed or low as of 12:03:04 (6 diagnosed)`, said only of what was read — fitted to
 * `width` (cut with …).
 */
export function relayersHead(h: RelayersHead, width = Infinity): string {
  const cut = (s: string) => (cellWidth(s) <= width ? s : truncateCells(s, width));
  switch (h.kind) {
    case 'reading':
      return cut(READING_LINE);
    case 'unread':
      return cut(UNREAD_LINE);
    case 'undiagnosable':
      return cut(UNDIAGNOSABLE_LINE);
    case 'diagnosing':
      return cut(diagnosingLine(h.read, h.of));
    case 'notReady':
      return cut(`server ${h.summary}`);
    case 'facts': {
      const said = relayersLine(h.facts, width);
      if (said !== null) return said;
      // Nothing wrong and nothing unknown: said of the relayers diagnosed, never of none.
      if (h.diagnosed === 0) return cut('nothing diagnosed: no active EVM relayer on this page');
      return cut(`${h.lowsRead ? 'none jammed or low' : 'none jammed'}${asOfWords(h.facts.jamsAsOf)} (${h.diagnosed} diagnosed)`);
    }
  }
}
