/**
 * Whether a cron schedule parses, as the `cron` crate's Schedule::from_str does for v1.8's swap configs
 * (src/models/relayer/mod.rs:936, 1131: `Invalid cron schedule format` otherwise): six or seven fields
 * (seconds, minutes, hours, day of month, month, day of week, optional year) or a shorthand
 * (@yearly, @annually, @monthly, @weekly, @daily, @hourly); each field `*`, `?`, a value, a range
 * `a-b`, a step `x/n`, or a list of those; months JAN-DEC and days SUN-SAT by name (any case).
 * An approximation of the crate's grammar: the common forms are judged as it judges them.
 */

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface Bounds {
  min: number;
  max: number;
  names?: string[];
  /** The value of the first name. */
  base?: number;
}

const FIELDS: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS, base: 1 },
  { min: 1, max: 7, names: DAYS, base: 1 },
  { min: 1970, max: 2100 },
];

function value(text: string, b: Bounds): number | undefined {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= b.min && n <= b.max ? n : undefined;
  }
  const i = b.names?.indexOf(text.toUpperCase()) ?? -1;
  return i >= 0 ? i + (b.base ?? 0) : undefined;
}

function part(text: string, b: Bounds): boolean {
  const [range, step, extra] = text.split('/');
  if (extra !== undefined || range === undefined || range === '') return false;
  if (step !== undefined && !(/^\d+$/.test(step) && Number(step) > 0)) return false;
  if (range === '*' || range === '?') return true;
  const [from, to, more] = range.split('-');
  if (more !== undefined || from === undefined) return false;
  const a = value(from, b);
  if (a === undefined) return false;
  if (to === undefined) return true;
  const z = value(to, b);
  return z !== undefined && a <= z;
}

export function cronParses(schedule: string): boolean {
  const s = schedule.trim();
  if (['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@hourly'].includes(s)) return true;
  const fields = s.split(/\s+/);
  if (fields.length < 6 || fields.length > 7) return false;
  return fields.every((f, i) => f.split(',').every((p) => part(p, FIELDS[i]!)));
}
