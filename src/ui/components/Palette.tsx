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
  const text = useShell().state.paletteText;
  const options = completions(text, useDirectory().ids(), useServices().contexts).slice(0, 8);
  const hint = options.length > 1 ? `   ${options.join('  ')}` : '';
  const line = sanitize(`:${text}`);
  return (
    <Text wrap="truncate">
      {line}
      <Text inverse> </Text>
      <Text color={tone('muted')}>{truncateCells(hint, Math.max(0, width - cellWidth(line) - 1))}</Text>
    </Text>
  );
}
