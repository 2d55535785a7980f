/**
 * The forecasts' part of the first screen's line, after the jams and the rest of today's trouble:
 * `2 heading for trouble: linea-idle (cap 90 %), sepolia-main (runway ~3h)` — every relayer with its
 * marks where they fit, else the first ones and `+N more`, else `N heading for trouble` (STATE says
 * `soon` on each row; i on one says its figures). Built over the Forecast union by its mark alone: a
 * new kind needs nothing here.
 */
import { forecastMark, type Forecast } from '../forecast/forecast.js';
import { cellWidth } from '../text/cells.js';

export interface AheadOne {
  relayerId: string;
  forecasts: readonly Forecast[];
}

/** The shortest form: the count alone. */
export function aheadCount(ahead: readonly AheadOne[]): string {
  return `${ahead.length} heading for trouble`;
}

/** Every relayer named: with its marks, then by its id alone (`3 heading for trouble: a, b, c`). */
export function aheadNamed(ahead: readonly AheadOne[]): [string, string] {
  const head = `${aheadCount(ahead)}: `;
  return [`${head}${ahead.map((a) => `${a.relayerId} (${a.forecasts.map(forecastMark).join(', ')})`).join(', ')}`, `${head}${ahead.map((a) => a.relayerId).join(', ')}`];
}

/** The part fitted to `width` cells, or null when not even the count fits. */
export function aheadPart(ahead: readonly AheadOne[], width: number): string | null {
  if (!ahead.length) return null;
  const head = `${aheadCount(ahead)}: `;
  const whole = ahead.map((a) => `${a.relayerId} (${a.forecasts.map(forecastMark).join(', ')})`);
  const fits = (s: string) => cellWidth(s) <= width;
  for (const names of [whole, ahead.map((a) => a.relayerId)]) {
    const all = `${head}${names.join(', ')}`;
    if (fits(all)) return all;
    // As many as fit whole, then how many more.
    for (let k = names.length - 1; k >= 1; k--) {
      const some = `${head}${names.slice(0, k).join(', ')}, +${names.length - k} more`;
      if (fits(some)) return some;
    }
  }
  const count = aheadCount(ahead);
  return fits(count) ? count : null;
}
