/**
 * The Prometheus text format (version 0.0.4, as v1.8's prometheus crate writes it: `# HELP`, `# TYPE`,
 * samples `name{label="value",…} value [timestamp]`) parsed into families — a small parser of our own:
 * the one maintained candidate on npm (parse-prometheus-text-format) throws on a malformed line and has
 * no caps. The text is hostile: at most MAX_METRICS_BYTES are read and MAX_SAMPLES samples kept (the
 * rest said `truncated`), a line that is not a sample or a comment is skipped and counted, names must be
 * metric names, label values are capped and kept as sent (sanitized where they are shown: words.ts),
 * labels live in objects without a prototype (a label `__proto__` is a label).
 */

export type FamilyType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (a histogram's `_bucket`, `_sum`, `_count` included). */
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

export interface Family {
  name: string;
  type: FamilyType;
  help: string;
  samples: Sample[];
}

export interface ParsedMetrics {
  families: Map<string, Family>;
  /** Lines that were neither a sample nor a comment of the format (or broke a cap on names or labels): not read. */
  skipped: number;
  /** The text was longer than MAX_METRICS_BYTES or held more than MAX_SAMPLES samples: the rest not read. */
  truncated: boolean;
}

export const MAX_METRICS_BYTES = 4 * 1024 * 1024;
export const MAX_SAMPLES = 50_000;
export const MAX_NAME_LENGTH = 200;
export const MAX_LABELS = 16;
export const MAX_LABEL_VALUE_LENGTH = 512;

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const TYPES: readonly string[] = ['counter', 'gauge', 'histogram', 'summary', 'untyped'];

/** A sample's value: a decimal, or ±Inf / NaN as the format (and Rust's `inf`) writes them; else null. */
export function parseValue(s: string): number | null {
  if (NUMBER.test(s)) return Number(s);
  const l = s.toLowerCase();
  if (l === '+inf' || l === 'inf') return Infinity;
  if (l === '-inf') return -Infinity;
  if (l === 'nan') return NaN;
  return null;
}

/** `{a="1",b="x\"y"}` from `at` (the `{`): the labels and where they end, or null when malformed or over a cap. */
function parseLabels(line: string, at: number): { labels: Record<string, string>; end: number } | null {
  const labels = Object.create(null) as Record<string, string>;
  let i = at + 1;
  let count = 0;
  for (;;) {
    while (line[i] === ' ') i++;
    if (line[i] === '}') return { labels, end: i + 1 };
    const m = LABEL_NAME.exec(line.slice(i, i + MAX_NAME_LENGTH + 1));
    if (!m || m[0].length > MAX_NAME_LENGTH) return null;
    const name = m[0];
    i += name.length;
    while (line[i] === ' ') i++;
    if (line[i] !== '=') return null;
    i++;
    while (line[i] === ' ') i++;
    if (line[i] !== '"') return null;
    i++;
    let value = '';
    for (;;) {
      const c = line[i];
      if (c === undefined) return null;
      if (c === '"') break;
      if (c === '\\') {
        const n = line[i + 1];
        value += n === 'n' ? '\n' : n === '\\' ? '\\' : n === '"' ? '"' : `\\${n ?? ''}`;
        i += 2;
      } else {
        value += c;
        i++;
      }
      if (value.length > MAX_LABEL_VALUE_LENGTH) return null;
    }
    i++;
    if (Object.prototype.hasOwnProperty.call(labels, name) || ++count > MAX_LABELS) return null;
    labels[name] = value;
    while (line[i] === ' ') i++;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') return null;
  }
}

/** The family a sample belongs to: its own name, or a histogram's or summary's for `_bucket`, `_sum`, `_count`. */
function familyOf(families: Map<string, Family>, name: string): Family {
  const own = families.get(name);
  if (own) return own;
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  const base = m ? families.get(m[1]!) : undefined;
  if (base && (base.type === 'histogram' || base.type === 'summary')) return base;
  const f: Family = { name, type: 'untyped', help: '', samples: [] };
  families.set(name, f);
  return f;
}

function declared(families: Map<string, Family>, name: string): Family {
  let f = families.get(name);
  if (!f) {
    f = { name, type: 'untyped', help: '', samples: [] };
    families.set(name, f);
  }
  return f;
}

/** The text as families; never throws (what cannot be read is counted in `skipped`). */
export function parseMetricsText(raw: string): ParsedMetrics {
  const truncatedBytes = raw.length > MAX_METRICS_BYTES;
  // A line cut by the cap is not read (it would be a wrong value).
  const text = truncatedBytes ? raw.slice(0, raw.lastIndexOf('\n', MAX_METRICS_BYTES) + 1) : raw;
  const families = new Map<string, Family>();
  let skipped = 0;
  let samples = 0;
  let truncated = truncatedBytes;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '').trim();
    start = end + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /^#\s*(HELP|TYPE)\s+(\S+)(?:\s+(.*))?$/.exec(line);
      // Other comments are the format's too: nothing to read.
      if (!m) continue;
      const name = m[2]!;
      if (name.length > MAX_NAME_LENGTH || !METRIC_NAME.test(name)) {
        skipped++;
        continue;
      }
      if (m[1] === 'TYPE') {
        const t = (m[3] ?? '').trim();
        if (!TYPES.includes(t)) {
          skipped++;
          continue;
        }
        declared(families, name).type = t as FamilyType;
      } else declared(families, name).help = (m[3] ?? '').replace(/\\n/g, '\n').replace(/\\\\/g, '\\').slice(0, MAX_LABEL_VALUE_LENGTH);
      continue;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
    if (!nameMatch || nameMatch[0].length > MAX_NAME_LENGTH) {
      skipped++;
      continue;
    }
    const name = nameMatch[0];
    let labels: Record<string, string> = Object.create(null) as Record<string, string>;
    let rest = line.slice(name.length);
    if (rest.startsWith('{')) {
      const l = parseLabels(rest, 0);
      if (!l) {
        skipped++;
        continue;
      }
      labels = l.labels;
      rest = rest.slice(l.end);
    }
    const parts = rest.trim().split(/\s+/);
    const value = parts.length >= 1 && parts.length <= 2 && rest.length > 0 && /^\s/.test(rest) ? parseValue(parts[0]!) : null;
    if (value === null || (parts[1] !== undefined && !/^-?\d{1,20}$/.test(parts[1]))) {
      skipped++;
      continue;
    }
    if (samples >= MAX_SAMPLES) {
      truncated = true;
      break;
    }
    samples++;
    familyOf(families, name).samples.push({ name, labels, value });
  }
  return { families, skipped, truncated };
}
