/**
 * The first screen's line above the relayers table: what is wrong, then what is not known — the jams
 * (core/jam/words.ts jamsLine), the balances under their minimum, the relayers not diagnosed (their
 * reads failed) and how many are still being diagnosed. No line only when every relayer shown was
 * diagnosed and nothing is wrong: its absence is the all-clear, so nothing not known leaves it out.
 */
import { formatAmountShort } from '../amounts.js';
import { jamsLine } from '../jam/words.js';
import type { Jam } from '../jam/diagnose.js';
import { cellWidth, truncateCells } from '../text/cells.js';
import type { LowOne } from './relayers.js';

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
}

/** One low balance: `holesky-test 0.01 ETH < 0.05 ETH min`. */
export function lowWords(l: LowOne): string {
  return `${l.relayerId} ${formatAmountShort(l.balance, l.unit)} < ${formatAmountShort(l.min, l.unit)} min`;
}

/**
 * `2 jammed as of 12:03:04: …; 1 low: holesky-test 0.01 ETH < 0.05 ETH min; 1 not diagnosed: …`, fitted
 * to `width`: the jams as many as fit whole in what the rest leaves them (the rest keeps at least its
 * start), then cut with `…` (t lists the jams, i on a row says its minimum or why it is not diagnosed).
 * Null: nothing to say.
 */
export function relayersLine(f: RelayersLineFacts, width = Infinity): string | null {
  const rest: string[] = [];
  if (f.low.length) rest.push(`${f.low.length} low: ${f.low.map(lowWords).join(', ')}`);
  const nd = f.notDiagnosed;
  if (nd.length) rest.push(`${nd.length} not diagnosed: ${nd.length === 1 ? `${nd[0]!.relayerId} (${nd[0]!.why})` : `${nd.map((d) => d.relayerId).join(', ')} (i on one says why)`}`);
  if (f.reading) rest.push(`${f.reading} being diagnosed…`);
  const cut = (s: string) => (width === Infinity ? s : truncateCells(s, width));
  if (!f.jams.length) return rest.length ? cut(rest.join('; ')) : null;
  const tail = rest.length ? `; ${rest.join('; ')}` : '';
  const whole = `${jamsLine(f.jams, Infinity, f.jamsAsOf)}${tail}`;
  if (cellWidth(whole) <= width) return whole;
  const room = tail ? width - Math.min(cellWidth(tail), Math.max(24, Math.floor(width / 2))) : width;
  return cut(`${jamsLine(f.jams, room, f.jamsAsOf)}${tail}`);
}
