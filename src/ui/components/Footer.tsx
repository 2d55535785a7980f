/** Key hints generated from the keymap for the current screen. */
import { Text } from './Text.js';
import { hintsFor, type Scope } from '../keymap.js';
import { isMutationCommand } from '../mutations.js';
import { useServices } from '../services.js';
import { tone } from '../theme.js';

/** The hints that fit in `width`; in read-only mode the mutation keys are not offered. */
export function footerText(scopes: readonly Scope[], width: number, readOnly = false): string {
  let out = '';
  for (const h of hintsFor(scopes)) {
    if (readOnly && h.command && isMutationCommand(h.command)) continue;
    const piece = `${out ? '  ' : ''}${h.label} ${h.hint}`;
    if (out.length + piece.length > width) break;
    out += piece;
  }
  return out;
}

export function Footer({ scopes, width }: { scopes: readonly Scope[]; width: number }) {
  const { readOnly } = useServices();
  return (
    <Text wrap="truncate" color={tone('muted')}>
      {footerText(scopes, width, readOnly)}
    </Text>
  );
}
