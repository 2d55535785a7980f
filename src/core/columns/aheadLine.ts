/**
 * The forecasts' part of the first screen's line, after the jams and the rest of today's trouble:
 * `2 heading for trouble: linea-idle (cap 90 %), sepolia-main (runway ~3h)` — every relayer with its
 * marks where they fit, else the first ones and `+N more`, else `N heading for trouble` (STATE says
 * `soon` on each row; i on one says its figures). Built over the Forecast union by its mark alone: a
 * new kind needs nothing here.
 */
import { forecastMark, type Forecast } from '../forecast/forecast.js';
import { asOfWords } from '../jam/words.js';
import { cellWidth } from '../text/cells.js';

export interface AheadOne {
  relayerId: string;
  forecasts: readonly Forecast[];
}

/** When the forecasts were read (` as of 12:03:04`, ` (read 12:03:04–05:10)`): every figure on the line says its time, a time-to-go most of all. */
export function aheadAsOf(ahead: readonly AheadOne[]): string {
  const at = ahead.flatMap((a) => a.forecasts.map((f) => f.read_at));
  return at.length ? asOfWords({ oldest: Math.min(...at), newest: Math.max(...at) }) : '';
}

/** The shortest form: the count alone (with when it was read, where `asOf` is given). */
export function aheadCount(ahead: readonly AheadOne[], asOf = ''): string {
  return `${ahead.length} heading for trouble${asOf}`;
}

/** Every relayer named: with its marks, then by its id alone (`3 heading for trouble: a, b, c`). */
export function aheadNamed(ahead: readonly AheadOne[], asOf = ''): [string, string] {
  const head = `${aheadCount(ahead, asOf)}: `;
  return [`${head}${ahead.map((a) => `${a.relayerId} (${a.forecasts.map(forecastMark).join(', ')})`).join(', ')}`, `${head}${ahead.map((a) => a.relayerId).join(', ')}`];
}

/**
 * The part fitted to `width` cells, or null when not even the count fits. With `asOf`, each form is
 * tried with when the forecasts were read, then without: every relayer named before some, the marks
 * (a time-to-go among them) before the ids alone, the time where room allows (i says each forecast's).
 */
export function aheadPart(ahead: readonly AheadOne[], width: number, asOf = ''): string | null {
  if (!ahead.length) return null;
  const whole = ahead.map((a) => `${a.relayerId} (${a.forecasts.map(forecastMark).join(', ')})`);
  const fits = (s: string) => cellWidth(s) <= width;
  const heads = [...new Set([`${aheadCount(ahead, asOf)}: `, `${aheadCount(ahead)}: `])];
  for (const names of [whole, ahead.map((a) => a.relayerId)]) {
    // Every one named (with the time, else without), then as many as fit whole and how many more.
    for (const head of heads) if (fits(`${head}${names.join(', ')}`)) return `${head}${names.join(', ')}`;
    for (const head of heads)
      for (let k = names.length - 1; k >= 1; k--) {
        const some = `${head}${names.slice(0, k).join(', ')}, +${names.length - k} more`;
        if (fits(some)) return some;
      }
  }
  for (const count of [aheadCount(ahead, asOf), aheadCount(ahead)]) if (fits(count)) return count;
  return null;
}
