/** The review: method, full path, extra lines (before → after), and the exact JSON body. */
import { Box } from 'ink';
import { Text } from './Text.js';
import { SECRET_WORDS, type BuiltRequest } from '../../core/operations/types.js';
import { wrapCells } from '../../core/text/cells.js';
import { tone } from '../theme.js';

type ReviewTone = 'warn' | 'bad' | 'muted' | 'accent';
const LABEL = 26;

export function reviewLines(request: BuiltRequest): { text: string; tone?: ReviewTone; indent?: number }[] {
  const { prepared } = request;
  const lines: { text: string; tone?: ReviewTone; indent?: number }[] = [{ text: `${prepared.method} ${prepared.path}`, tone: 'accent' }];
  // A label as long as the column keeps a space before its value (`⚠ max_priority_fee_per_gas 3000000000 …`, never run together).
  for (const r of request.review ?? []) lines.push({ text: `${r.label.padEnd(LABEL - 1)} ${r.value}`, tone: r.tone, indent: LABEL });
  if (prepared.displayBody === undefined) lines.push({ text: `No body (${prepared.method} sends none)`, tone: 'muted' });
  else {
    // A body with a secret is shown masked: then it is not exactly what is sent, and says so.
    const w = request.secret ? SECRET_WORDS[request.secret] : null;
    lines.push({ text: w ? `Body (as sent, ${w.what} masked: the request carries ${w.it} whole):` : 'Body (exactly as sent):', tone: 'muted' });
    for (const l of prepared.displayBody.split('\n')) lines.push({ text: l });
  }
  return lines;
}

/**
 * The review as screen rows of the given width: long lines (the path, before → after, long body
 * values) are wrapped here, so every row is one terminal row and scrolling reaches every line.
 */
export function reviewRows(request: BuiltRequest, width: number): { text: string; tone?: ReviewTone; head: boolean }[] {
  return reviewLines(request).flatMap((l, i) => wrapCells(l.text, width, l.indent).map((text) => ({ text, tone: l.tone, head: i === 0 })));
}

export function ReviewView({ request, height, scroll, width }: { request: BuiltRequest; height: number; scroll: number; width: number }) {
  const rows = reviewRows(request, width);
  const top = Math.max(0, Math.min(scroll, rows.length - height));
  return (
    <Box flexDirection="column" height={height}>
      {rows.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="truncate" color={l.tone ? tone(l.tone) : undefined} bold={l.head}>
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
