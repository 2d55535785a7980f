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
