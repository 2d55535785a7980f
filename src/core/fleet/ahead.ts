/**
 * The fleet's relayers heading for trouble (core/forecast, read with their diagnosis: fleet.ts), in the
 * summary's words — how many, in which contexts, for which stop — and how many could not be forecast
 * because a read failed; and a row as the fleet shows it (each forecast by its mark), for the TUI's
 * changed-row mark: a forecast read again alike but for its read time or an age is no change.
 */
import { FORECAST_STOP, forecastMark, type Forecast } from '../forecast/forecast.js';
import { readFailed, type ForecastUnknown } from '../forecast/unknown.js';
import { thousands } from '../text/values.js';

/** What of a fleet row (health.ts FleetRow: not imported, health.ts imports this) these read. */
export interface AheadRow {
  context: string;
  relayerId: string | null;
  forecasts: readonly Forecast[];
  forecastsNotKnown: readonly ForecastUnknown[];
}

/** Contexts named in the summary at most (the rest counted): its other parts must keep their room. */
const CONTEXTS_NAMED = 3;
const KINDS = Object.keys(FORECAST_STOP) as Forecast['kind'][];

/** The rows' contexts, by name (a part that holds still between reads), at most CONTEXTS_NAMED of them. */
function byContext<R extends AheadRow, T>(rows: readonly R[], each: (rs: readonly R[]) => T): { named: [string, T][]; more: number } {
  const of = new Map<string, R[]>();
  for (const r of rows) of.set(r.context, [...(of.get(r.context) ?? []), r]);
  const all = [...of].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { named: all.slice(0, CONTEXTS_NAMED).map(([c, rs]) => [c, each(rs)]), more: Math.max(0, all.length - CONTEXTS_NAMED) };
}

const moreWords = (more: number) => (more ? `; +${more} more context${more === 1 ? '' : 's'}` : '');

/**
 * `2 heading for trouble (prod: 1 for a jam at its cap, 1 for its minimum balance; staging: 1 for a jam
 * forming)`: the relayers with a forecast (`count` counts them as the summary counts relayers), and in
 * each context how many for each stop (a relayer heading for two is counted under each). Null: none.
 */
export function headingPart<R extends AheadRow>(rows: readonly R[], count: (rs: readonly R[]) => number): string | null {
  const heading = rows.filter((r) => r.relayerId !== null && r.forecasts.length > 0);
  if (!heading.length) return null;
  const { named, more } = byContext(heading, (rs) =>
    KINDS.map((k) => [k, rs.filter((r) => r.forecasts.some((f) => f.kind === k)).length] as const)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${thousands(n)} for ${FORECAST_STOP[k]}`)
      .join(', '),
  );
  return `${thousands(count(heading))} heading for trouble (${named.map(([c, s]) => `${c}: ${s}`).join('; ')}${moreWords(more)})`;
}

/** `1 not forecast, a read failed (sandbox: 1)`: relayers a forecast of which a failed read left unmade (i on the row says which, and why). Null: none. */
export function notForecastPart<R extends AheadRow>(rows: readonly R[], count: (rs: readonly R[]) => number): string | null {
  const unknown = rows.filter((r) => r.relayerId !== null && r.forecastsNotKnown.some(readFailed));
  if (!unknown.length) return null;
  const { named, more } = byContext(unknown, (rs) => thousands(rs.length));
  return `${thousands(count(unknown))} not forecast, a read failed (${named.map(([c, n]) => `${c}: ${n}`).join('; ')}${moreWords(more)})`;
}

/**
 * A row as the fleet shows it, for comparing two reads of it: each forecast by its kind and mark (what
 * STATE, NEEDS ATTENTION and BALANCE say of it), each forecast not known by its kind and reason — not
 * their read times, a waiting transaction's age, the blocks a trend spans, which move at every read.
 */
export function rowAsShown<R extends AheadRow>(r: R): Omit<R, 'forecasts' | 'forecastsNotKnown'> & { forecasts: string[]; forecastsNotKnown: string[] } {
  return { ...r, forecasts: r.forecasts.map((f) => `${f.kind}: ${forecastMark(f)}`), forecastsNotKnown: r.forecastsNotKnown.map((u) => `${u.kind}: ${u.reason}`) };
}
