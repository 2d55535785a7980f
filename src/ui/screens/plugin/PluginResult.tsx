/** A plugin's answer: success, message, error, return value (pretty JSON), logs by level, traces. */
import { Box, Text } from 'ink';
import { stringifyJson, type PluginCallResult } from '../../../api/index.js';
import { wrapRows } from '../../format.js';
import { tone, type Tone } from '../../theme.js';

const LEVEL_TONE: Record<string, Tone> = { error: 'bad', warn: 'warn', info: 'info', debug: 'muted', log: 'plain', result: 'ok' };

/** Long log lines wrap under their level instead of being cut. */
function wrapLog(level: string, message: string, width: number): string[] {
  return wrapRows(`  ${level.toUpperCase().padEnd(7)}${message}`, width, 9);
}

export function pluginResultLines(r: PluginCallResult, showTraces: boolean, width = 80): { text: string; tone?: Tone }[] {
  const lines: { text: string; tone?: Tone }[] = [];
  lines.push({ text: `success   ${r.success ? 'yes' : 'no'}`, tone: r.success ? 'ok' : 'bad' });
  if (r.message) lines.push({ text: `message   ${r.message}` });
  if (r.error) lines.push({ text: `error     ${r.error}`, tone: 'bad' });
  lines.push({ text: 'return value:', tone: 'muted' });
  for (const l of stringifyJson(r.return_value, 2).split('\n')) lines.push({ text: `  ${l}` });
  lines.push({ text: `logs (${r.logs.length}):`, tone: 'muted' });
  for (const l of r.logs)
    for (const text of wrapLog(l.level, l.message, width)) lines.push({ text, tone: LEVEL_TONE[l.level.toLowerCase()] ?? 'plain' });
  lines.push({ text: `traces (${r.traces.length})${r.traces.length ? (showTraces ? ' — t hides' : ' — t shows them') : ''}`, tone: 'muted' });
  if (showTraces) r.traces.forEach((t, i) => stringifyJson(t, 2).split('\n').forEach((l, j) => lines.push({ text: `  ${j === 0 ? `#${i + 1} ` : '   '}${l}` })));
  return lines;
}

export function PluginResult({ result, showTraces, scroll, height, width }: { result: PluginCallResult; showTraces: boolean; scroll: number; height: number; width: number }) {
  const lines = pluginResultLines(result, showTraces, width);
  const top = Math.max(0, Math.min(scroll, lines.length - height));
  return (
    <Box flexDirection="column" height={height}>
      {lines.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="truncate" color={l.tone ? tone(l.tone) : undefined}>
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
