/**
 * The one text primitive: Ink's `Text`, with every string it is given drawn through the display-safety
 * boundary's backstop (`neutralizeKeepingColour`, src/core/text/sanitize.ts): a control character,
 * escape sequence, C1, bidi or zero-width character becomes its visible placeholder; colour codes
 * (`paint`'s) stay. Views sanitize what they draw anyway (`sanitize`/`fit`); this is what holds when
 * one forgets. Ink's own `Text` is used nowhere else (test/architecture/imports.test.ts).
 */
import { Text as InkText, type TextProps } from 'ink';
import type { ReactNode } from 'react';
import { neutralizeKeepingColour } from '../../core/text/sanitize.js';

function safe(node: ReactNode): ReactNode {
  if (typeof node === 'string') return neutralizeKeepingColour(node);
  if (Array.isArray(node)) return node.map(safe);
  return node;
}

export function Text({ children, ...props }: TextProps) {
  return <InkText {...props}>{safe(children)}</InkText>;
}

export type { TextProps };
