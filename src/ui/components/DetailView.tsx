/**
 * Every field of a record, labelled, long values wrapped, timestamps shown as given and as an age;
 * or the raw JSON as received. Scrolls by lines.
 */
import { Box, Text } from 'ink';
import { stringifyJson } from '../../api/index.js';
import { age, shortenMiddle, text } from '../format.js';
import { tone, type Tone } from '../theme.js';

export interface DetailLine {
  label: string;
  value: string;
  tone?: Tone;
}

const TIMESTAMP_KEY = /(_at|^valid_until)$/;

/** Flattens a record into label/value pairs in the order received (nested keys dotted). */
export function flatten(record: unknown, now: number, prefix = ''): DetailLine[] {
  const out: DetailLine[] = [];
  const visit = (v: unknown, label: string) => {
    if (Array.isArray(v)) {
      if (v.length === 0) out.push({ label, value: '[]' });
      else if (v.every((x) => x === null || typeof x !== 'object')) out.push({ label, value: v.map(text).join(', ') });
      else v.forEach((x, i) => visit(x, `${label}[${i}]`));
      return;
    }
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      if (entries.length === 0) out.push({ label, value: '{}' });
      for (const [k, x] of entries) visit(x, label ? `${label}.${k}` : k);
      return;
    }
    let value = v === null || v === undefined ? '—' : text(v);
    const key = label.split('.').pop() ?? label;
    if (typeof v === 'string' && TIMESTAMP_KEY.test(key)) {
      const a = age(v, now);
      if (a) value = `${v}  (${a} ago)`;
    }
    out.push({ label, value, tone: v === null || v === undefined ? 'muted' : undefined });
  };
  visit(record, prefix);
  return out;
}

/**
 * Wraps detail lines to the width: label column, value wrapped with empty labels below. Long labels are
 * shortened in the middle so sibling fields (`x.details[0].type` / `x.details[0].details`) stay distinct.
 */
export function layoutDetail(lines: readonly DetailLine[], width: number): { label: string; value: string; tone?: Tone }[] {
  const labelWidth = Math.min(28, Math.max(8, ...lines.map((l) => l.label.length)) + 1);
  const valueWidth = Math.max(10, width - labelWidth - 1);
  const out: { label: string; value: string; tone?: Tone }[] = [];
  for (const l of lines) {
    const chunks = chunk(l.value, valueWidth);
    chunks.forEach((c, i) => out.push({ label: i === 0 ? shortenMiddle(l.label, labelWidth - 1).padEnd(labelWidth) : ''.padEnd(labelWidth), value: c, tone: l.tone }));
  }
  return out;
}

export function rawLines(record: unknown, width: number): { label: string; value: string }[] {
  return stringifyJson(record, 2)
    .split('\n')
    .flatMap((l) => chunk(l, Math.max(10, width)))
    .map((value) => ({ label: '', value }));
}

function chunk(s: string, width: number): string[] {
  if (s.length <= width) return [s];
  const out: string[] = [];
  for (let i = 0; i < s.length; i += width) out.push(s.slice(i, i + width));
  return out;
}

export function DetailView({ lines, scroll, height }: { lines: readonly { label: string; value: string; tone?: Tone }[]; scroll: number; height: number }) {
  const top = Math.max(0, Math.min(scroll, lines.length - height));
  return (
    <Box flexDirection="column" height={height}>
      {lines.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="truncate">
          <Text color={tone('muted')}>{l.label}</Text>
          <Text color={l.tone ? tone(l.tone) : undefined}>{l.value}</Text>
        </Text>
      ))}
    </Box>
  );
}

export function maxScroll(count: number, height: number): number {
  return Math.max(0, count - height);
}
