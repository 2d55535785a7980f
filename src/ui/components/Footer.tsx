/** Key hints generated from the keymap for the current screen. */
import { Text } from 'ink';
import { hintsFor, type Scope } from '../keymap.js';
import { tone } from '../theme.js';

export function footerText(scopes: readonly Scope[], width: number): string {
  let out = '';
  for (const h of hintsFor(scopes)) {
    const piece = `${out ? '  ' : ''}${h.label} ${h.hint}`;
    if (out.length + piece.length > width) break;
    out += piece;
  }
  return out;
}

export function Footer({ scopes, width }: { scopes: readonly Scope[]; width: number }) {
  return (
    <Text wrap="truncate" color={tone('muted')}>
      {footerText(scopes, width)}
    </Text>
  );
}
