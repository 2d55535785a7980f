/** The review: method, full path, extra lines (before → after), and the exact JSON body. */
import { Box, Text } from 'ink';
import type { BuiltRequest } from '../forms/types.js';
import { tone } from '../theme.js';

export function reviewLines(request: BuiltRequest): { text: string; tone?: 'warn' | 'bad' | 'muted' | 'accent' }[] {
  const { prepared } = request;
  const lines: { text: string; tone?: 'warn' | 'bad' | 'muted' | 'accent' }[] = [{ text: `${prepared.method} ${prepared.path}`, tone: 'accent' }];
  for (const r of request.review ?? []) lines.push({ text: `${r.label.padEnd(26)}${r.value}`, tone: r.tone });
  lines.push({ text: 'Body (exactly as sent):', tone: 'muted' });
  for (const l of (prepared.displayBody ?? '').split('\n')) lines.push({ text: l });
  return lines;
}

export function ReviewView({ request, height, scroll }: { request: BuiltRequest; height: number; scroll: number }) {
  const lines = reviewLines(request);
  const top = Math.max(0, Math.min(scroll, lines.length - height));
  return (
    <Box flexDirection="column" height={height}>
      {lines.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="wrap" color={l.tone ? tone(l.tone) : undefined} bold={i + top === 0}>
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
