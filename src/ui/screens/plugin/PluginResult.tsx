/** A plugin's answer: success, message, error, return value (pretty JSON), logs by level, traces. */
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import type { PluginCallResult } from '../../../api/index.js';
import { jsonLines } from '../../detailLines.js';
import { fit, wrapCells } from '../../../core/text/cells.js';
import { sanitize } from '../../../core/text/sanitize.js';
import { tone } from '../../theme.js';
import { type Tone } from '../../../core/tone.js';

const LEVEL_TONE: Record<string, Tone> = { error: 'bad', warn: 'warn', info: 'info', debug: 'muted', log: 'plain', result: 'ok' };

/** Long log lines wrap under their level instead of being cut. */
function wrapLog(level: string, message: string, width: number): string[] {
  return wrapCells(`  ${fit(level.slice(0, 40).toUpperCase(), 6)} ${message}`, width, 9);
}

export function pluginResultLines(r: PluginCallResult, showTraces: boolean, width = 80): { text: string; tone?: Tone }[] {
  const lines: { text: string; tone?: Tone }[] = [];
  const json = (label: string, v: unknown) => {
    const rows = jsonLines(v, 500, width);
    if (rows.length === 1) lines.push({ text: `${label.padEnd(10)}${rows[0]}` });
    else {
      lines.push({ text: `${label}:`, tone: 'muted' });
      for (const l of rows) lines.push({ text: `  ${l}` });
    }
  };
  lines.push({ text: `success   ${r.success ? 'yes' : 'no'}${r.status ? ` (HTTP ${r.status})` : ''}${r.raw ? ' · raw response (no envelope, no logs)' : ''}`, tone: r.success ? 'ok' : 'bad' });
  if (r.message) for (const t of wrapCells(`message   ${r.message}`, width, 10).slice(0, 20)) lines.push({ text: t });
  if (r.error) for (const t of wrapCells(`error     ${r.error}`, width, 10).slice(0, 20)) lines.push({ text: t, tone: 'bad' });
  if (r.code !== undefined) json('code', r.code);
  if (r.details !== undefined) json('details', r.details);
  if (r.success || r.return_value !== null) {
    lines.push({ text: 'return value:', tone: 'muted' });
    for (const l of jsonLines(r.return_value, 2_000, width)) lines.push({ text: `  ${l}` });
  }
  lines.push({ text: `logs (${r.logs.length}):`, tone: 'muted' });
  for (const l of r.logs.slice(0, 2_000))
    for (const text of wrapLog(l.level, l.message, width).slice(0, 50)) lines.push({ text, tone: LEVEL_TONE[l.level.toLowerCase()] ?? 'plain' });
  if (r.logs.length > 2_000) lines.push({ text: `  … ${r.logs.length - 2_000} more log lines not shown`, tone: 'warn' });
  lines.push({ text: `traces (${r.traces.length})${r.traces.length ? (showTraces ? ' — t hides' : ' — t shows them') : ''}`, tone: 'muted' });
  if (showTraces)
    r.traces.slice(0, 200).forEach((t, i) => jsonLines(t, 500, width).forEach((l, j) => lines.push({ text: `  ${j === 0 ? `#${i + 1} ` : '   '}${l}` })));
  return lines;
}

export function PluginResult({ result, showTraces, scroll, height, width }: { result: PluginCallResult; showTraces: boolean; scroll: number; height: number; width: number }) {
  const lines = pluginResultLines(result, showTraces, width);
  const top = Math.max(0, Math.min(scroll, lines.length - height));
  return (
    <Box flexDirection="column" height={height}>
      {lines.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="truncate" color={l.tone ? tone(l.tone) : undefined}>
          {sanitize(l.text)}
        </Text>
      ))}
    </Box>
  );
}
