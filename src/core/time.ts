/** Times in words: ages (`12s`, `5m`, `3h`, `2d`) and clock times (true without ticking). */

/** `12s`, `5m`, `3h`, `2d` since an RFC 3339 (or other Date-parsable) timestamp; '' if unparsable. */
export function age(ts: string | null | undefined, now: number): string {
  if (!ts) return '';
  const t = Date.parse(ts);
  if (Number.isNaN(t)) return '';
  return ageMs(now - t);
}

export function ageMs(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 0) return 'future';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/**
 * When `ageMs(now - since)` next reads differently: at the next second, minute, hour or day of the
 * age (a table redraws an age column then, and not before: an age drawn once stood still).
 */
export function ageChangesAt(since: number | null, now: number): number | null {
  if (since === null || !Number.isFinite(since)) return null;
  const ms = now - since;
  if (ms < 0) return since;
  const s = Math.floor(ms / 1000);
  const unit = s < 60 ? 1000 : s < 3600 ? 60_000 : s < 48 * 3600 ? 3_600_000 : 86_400_000;
  return since + (Math.floor(ms / unit) + 1) * unit;
}

/** ageChangesAt for a timestamp's text (unparsable: never). */
export function ageTextChangesAt(ts: string | null | undefined, now: number): number | null {
  const t = ts ? Date.parse(ts) : NaN;
  return Number.isNaN(t) ? null : ageChangesAt(t, now);
}

/** The upper edges of the read-time bands: 25, 100, 250 ms, 1, 2.5, 10, 25, 100 s (past them, `> 100 s`). */
const READ_BANDS = [25, 100, 250, 1000, 2500, 10_000, 25_000, 100_000];
const bandOf = (ms: number): number => {
  const i = READ_BANDS.findIndex((e) => ms <= e);
  return i < 0 ? READ_BANDS.length : i;
};
const bandWords = (i: number): string => {
  const edge = READ_BANDS[i];
  if (edge === undefined) return `> ${READ_BANDS[READ_BANDS.length - 1]! / 1000} s`;
  return edge < 1000 ? `≤ ${edge} ms` : `≤ ${edge / 1000} s`;
};

/** The band a watched bar says, and the reads since that fell below it. */
export interface ReadBands {
  band: number;
  below: number;
  /** The highest band of those reads. */
  belowMax: number;
}

/** Reads in a row below the band said before it moves down to theirs. */
export const BAND_DOWN_AFTER = 5;

/**
 * The band a watched read's time is said in, from the one said before: an upper bound, true of every
 * read since it was said. A slower read moves it up at once; it moves down only after
 * BAND_DOWN_AFTER reads in a row below it (to the highest of theirs), so a steady server whose reads
 * straddle an edge keeps one text and a watched screen has nothing to redraw.
 */
export function nextReadBands(prev: ReadBands | null, ms: number): ReadBands {
  const band = bandOf(ms);
  if (prev === null || band >= prev.band) return { band, below: 0, belowMax: -1 };
  const below = prev.below + 1;
  const belowMax = Math.max(prev.belowMax, band);
  return below >= BAND_DOWN_AFTER ? { band: belowMax, below: 0, belowMax: -1 } : { band: prev.band, below, belowMax };
}

/** The band said: `≤ 25 ms`, `≤ 100 ms`, `≤ 250 ms`, `≤ 1 s`, `≤ 2.5 s`, …, `> 100 s`. */
export function readBandsWords(b: ReadBands): string {
  return bandWords(b.band);
}

/** A time of day, `12:03:04` (local): says when without needing to tick. */
export function clock(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * When something last happened, for a column that is drawn once and not redrawn while idle: the clock
 * time today (local; true without ticking, where an age such as `2s` would stand still), an age
 * (`14h`, `3d`) before today — never a bare clock time of another day (it would read as today's).
 */
export function sinceCell(ms: number | null, now: number): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  if (ms > now + 1000) return 'future';
  return ms >= dayStart(now) ? clock(ms) : ageMs(now - ms);
}

/** When `sinceCell` next reads differently: at the next local midnight a clock time becomes an age, then as that age. */
export function sinceChangesAt(ms: number | null, now: number): number | null {
  if (ms === null || !Number.isFinite(ms)) return null;
  if (ms > now + 1000) return ms - 1000;
  if (ms < dayStart(now)) return ageChangesAt(ms, now);
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return next.getTime();
}

/** The local midnight that began `now`'s day. */
function dayStart(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** When a draft was typed, as an operator reads it: `14:02` today, `2026-11-24 14:02` before (local time). */
export function draftTime(ms: number, now: number): string {
  if (!Number.isFinite(ms)) return 'an unreadable time';
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return new Date(now).toDateString() === d.toDateString() ? hm : `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${hm}`;
}

/**
 * When a transaction was created, for a review line (drawn once, read for minutes): its clock time
 * within the last day — true without ticking, where `created 1s ago` stood still — else its date and
 * time; `created at an unreadable time` when it cannot be read.
 */
export function ageWords(ts: string | null | undefined, now: number): string {
  const t = ts ? Date.parse(ts) : NaN;
  if (Number.isNaN(t)) return 'created at an unreadable time';
  if (t > now + 1000) return 'created in the future';
  return `created ${now - t < 86_400_000 ? clock(t) : `${draftTime(t, now)} (${ageMs(now - t)} before this read)`}`;
}
