/** Help generated from the keymap: every command with its keys, grouped by where it applies. */
import { Box, Text } from 'ink';
import { BINDINGS, SCOPE_TITLES, type Scope } from '../keymap.js';
import { fit } from '../safeText.js';
import { tone } from '../theme.js';

export function helpLines(): { text: string; heading: boolean }[] {
  const lines: { text: string; heading: boolean }[] = [];
  const scopes = Object.keys(SCOPE_TITLES) as Scope[];
  for (const scope of scopes) {
    const bs = BINDINGS.filter((b) => b.scope === scope);
    if (!bs.length) continue;
    lines.push({ text: SCOPE_TITLES[scope], heading: true });
    const seen = new Set<string>();
    for (const b of bs) {
      if (seen.has(b.command)) continue;
      seen.add(b.command);
      lines.push({ text: `  ${fit(b.label, 12)}${b.description}`, heading: false });
    }
  }
  return lines;
}

export function HelpOverlay({ width, height, scroll }: { width: number; height: number; scroll: number }) {
  const lines = helpLines();
  const max = Math.max(0, lines.length - height);
  const top = Math.min(scroll, max);
  return (
    <Box flexDirection="column" height={height} width={width}>
      {lines.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="truncate" bold={l.heading} color={l.heading ? tone('accent') : undefined}>
          {l.text}
        </Text>
      ))}
    </Box>
  );
}

export function helpMaxScroll(height: number): number {
  return Math.max(0, helpLines().length - height);
}
