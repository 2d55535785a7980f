/** Key hints generated from the keymap for the current screen. */
import { Text } from './Text.js';
import type { Feature } from '../../api/index.js';
import { hintsFor, type Command, type Scope } from '../keymap.js';
import { isMutationCommand } from '../mutations.js';
import { useServices } from '../services.js';
import { tone } from '../theme.js';

/** Keys whose endpoint a server may not have: not hinted where the client knows it has not. */
const NEEDS: Partial<Record<Command, Feature>> = { cancel: 'cancel', cancelPending: 'cancelPending', pause: 'pause', statusFilter: 'statusFilter' };

/**
 * The hints that fit in `width`; in read-only mode the mutation keys are not offered, nor a key whose
 * endpoint the server is known not to have (`supports`: the client's knowledge; the key still says why).
 */
export function footerText(scopes: readonly Scope[], width: number, readOnly = false, supports: (f: Feature) => boolean | undefined = () => undefined): string {
  let out = '';
  for (const h of hintsFor(scopes)) {
    if (readOnly && h.command && isMutationCommand(h.command)) continue;
    const needs = h.command && NEEDS[h.command];
    if (needs && supports(needs) === false) continue;
    const piece = `${out ? '  ' : ''}${h.label} ${h.hint}`;
    if (out.length + piece.length > width) break;
    out += piece;
  }
  return out;
}

export function Footer({ scopes, width }: { scopes: readonly Scope[]; width: number }) {
  const { readOnly, client } = useServices();
  return (
    <Text wrap="truncate" color={tone('muted')}>
      {footerText(scopes, width, readOnly, (f) => client.supports(f))}
    </Text>
  );
}
