/**
 * Every field of a record, labelled, long values wrapped, timestamps shown as given and as an age;
 * or the raw JSON as received (src/ui/detailLines.ts). Scrolls by lines; draws only sanitized text.
 */
import { Box } from 'ink';
import { Text } from './Text.js';
import { sanitize } from '../../core/text/sanitize.js';
import { tone } from '../theme.js';
import { type Tone } from '../../core/tone.js';

export { flatten, layoutDetail, rawLines, type DetailLine, type DetailRow } from '../detailLines.js';

/** `cursor`: the row under the cursor, its label (a raw JSON row: the row) in reverse video (what `y` copies). */
export function DetailView({ lines, scroll, height, cursor }: { lines: readonly { label: string; value: string; tone?: Tone }[]; scroll: number; height: number; cursor?: number }) {
  const top = Math.max(0, Math.min(scroll, lines.length - height));
  // Lines under the fold are said on the last row (a record must not look whole when it is not) —
  // except while the cursor is on that row: it is being read, and j shows the next.
  const below = lines.length - (top + height);
  const said = below > 0 && cursor !== top + height - 1;
  const shown = lines.slice(top, top + height - (said ? 1 : 0));
  return (
    <Box flexDirection="column" height={height}>
      {shown.map((l, i) => (
        <Text key={top + i} wrap="truncate">
          <Text color={tone('muted')} inverse={top + i === cursor}>
            {sanitize(l.label)}
          </Text>
          {/* Raw JSON rows have no label: the cursor marks the row itself. */}
          <Text color={l.tone ? tone(l.tone) : undefined} inverse={top + i === cursor && l.label === ''}>
            {sanitize(l.value)}
          </Text>
        </Text>
      ))}
      {said ? (
        <Text color={tone('muted')} wrap="truncate">
          {`↓ ${below + 1} more line${below + 1 === 1 ? '' : 's'} (j, ↓ or G)`}
        </Text>
      ) : null}
    </Box>
  );
}

export function maxScroll(count: number, height: number): number {
  return Math.max(0, count - height);
}
