/** Key hints generated from the keymap for the current screen. */
import { Text } from './Text.js';
import { hintsFor, type Command, type Scope } from '../keymap.js';
import { isMutationCommand } from '../mutations.js';
import { useServices } from '../services.js';
import { tone } from '../theme.js';

/** A screen's own hints before the keymap's (`lead`), and keymap commands it leaves out (`omit`: keys that do not work there now). */
export interface FooterLead {
  lead?: readonly { label: string; hint: string; command?: Command }[];
  omit?: ReadonlySet<Command>;
}

/** The hints that fit in `width`; in read-only mode the mutation keys are not offered. */
export function footerText(scopes: readonly Scope[], width: number, readOnly = false, own: FooterLead = {}): string {
  let out = '';
  const leadCommands = new Set(own.lead?.flatMap((h) => (h.command ? [h.command] : [])) ?? []);
  const all = [...(own.lead ?? []), ...hintsFor(scopes).filter((h) => !h.command || (!leadCommands.has(h.command) && !own.omit?.has(h.command)))];
  // help and quit first as ever, then the screen's own.
  all.sort((a, b) => Number(b.command === 'help' || b.command === 'quit') - Number(a.command === 'help' || a.command === 'quit'));
  for (const h of all) {
    if (readOnly && h.command && isMutationCommand(h.command)) continue;
    const piece = `${out ? '  ' : ''}${h.label} ${h.hint}`;
    if (out.length + piece.length > width) break;
    out += piece;
  }
  return out;
}

export function Footer({ scopes, width, own }: { scopes: readonly Scope[]; width: number; own?: FooterLead }) {
  const { readOnly } = useServices();
  return (
    <Text wrap="truncate" color={tone('muted')}>
      {footerText(scopes, width, readOnly, own)}
    </Text>
  );
}
