/** The `:` command line, drawn in place of the footer. The shell sends it every key while open. */
import { Text } from './Text.js';
import { completions } from '../state/palette.js';
import { useDirectory } from '../directory.js';
import { useServices } from '../services.js';
import { useShell } from '../shellContext.js';
import { tone } from '../theme.js';
import { cellWidth, truncateCells } from '../../core/text/cells.js';
import { sanitize } from '../../core/text/sanitize.js';

export function Palette({ width }: { width: number }) {
  const { paletteText: text, paletteCycle: cycle } = useShell().state;
  const services = useServices();
  // While tab cycles, the candidates are those of the line as typed, the one on the line first.
  const typed = cycle ? cycle.base : text;
  const options = completions(typed, useDirectory().ids(), services.contexts, services.fleets);
  const line = sanitize(`:${text}`);
  const cells = Math.max(0, width - cellWidth(line) - 1);
  const hint = cycle ? cycleHint(options, cycle.index, cells) : paletteHint(options, text, cells);
  return (
    <Text wrap="truncate">
      {line}
      <Text inverse> </Text>
      <Text color={tone('muted')}>{hint}</Text>
    </Text>
  );
}

/**
 * What the line may become, as many as fit in `cells` (a count of the rest when not all do); a single
 * one too (`:l` → `log`), unless it is what is typed already.
 */
export function paletteHint(options: readonly string[], typed: string, cells: number): string {
  const last = typed.trim().split(/\s+/).pop() ?? '';
  const shown = options.filter((o) => o !== last);
  if (shown.length === 0) return '';
  let hint = `   ${shown.length === 1 ? 'tab: ' : ''}`;
  for (const [i, o] of shown.entries()) {
    const rest = shown.length - i - 1;
    const more = rest ? `  +${rest} more` : '';
    const piece = `${i ? '  ' : ''}${sanitize(o)}`;
    if (cellWidth(hint + piece + more) > cells) return truncateCells(`${hint.trimEnd()}  +${shown.length - i} more`, cells);
    hint += piece;
  }
  return truncateCells(hint, cells);
}

/** While tab cycles: the candidate on the line in brackets, then those the next tabs give. */
export function cycleHint(options: readonly string[], index: number, cells: number): string {
  const next = [...options.slice(index), ...options.slice(0, index)];
  const [current = '', ...rest] = next;
  const head = `   [${sanitize(current)}]  tab:`;
  // The rest as paletteHint words them ("   tab: x" for one, "   x  y  +3 more" for more), after the head.
  const tail = paletteHint(rest, '', cells - cellWidth(head) + 3).replace(/^ {3}(tab: )?/, ' ');
  return truncateCells(head + tail, cells);
}
