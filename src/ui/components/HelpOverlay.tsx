/** Help generated from the keymap: every command with its keys, grouped by where it applies. */
import { Box } from 'ink';
import { Text } from './Text.js';
import { BINDINGS, EDITING_KEYS, SCOPE_TITLES, type KeySpec, type Scope } from '../keymap.js';
import { fit, wrapCells } from '../../core/text/cells.js';
import { tone } from '../theme.js';

/**
 * The keys of the screen on top first (its scopes and the global ones), then the rest under
 * "Elsewhere": help never offers a key as this screen's when it does nothing here. Forms list the
 * text editor's keys too.
 */
/** A key as help writes it: `ctrl+c`, `F1`, `esc`. */
function keyLabel(k: KeySpec): string {
  if (k.ctrl) return `ctrl+${k.name}`;
  return k.name === 'escape' ? 'esc' : k.name === 'f1' ? 'F1' : k.name;
}

/** What a column's figures mean where they could be misread (`21/3 gwei` is two prices, not a fraction). */
const COLUMN_NOTES: Partial<Record<Scope, { column: string; meaning: string }[]>> = {
  transactions: [{ column: 'FEE max/tip', meaning: 'EVM: max fee per gas / max priority fee (tip), in gwei (`21/3 gwei`); a legacy transaction: its gas price' }],
};

export function helpLines(here: readonly Scope[] = []): { text: string; heading: boolean }[] {
  const lines: { text: string; heading: boolean }[] = [];
  const all = Object.keys(SCOPE_TITLES) as Scope[];
  const mine = [...here.filter((s) => s !== 'global'), 'global' as const];
  const section = (scopes: readonly Scope[]) => {
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
      if (scope === 'form') for (const k of EDITING_KEYS) lines.push({ text: `  ${fit(k.label, 12)}${k.description}`, heading: false });
      for (const n of COLUMN_NOTES[scope] ?? []) lines.push({ text: `  ${fit(n.column, 12)}${n.meaning}`, heading: false });
    }
  };
  // While text is typed (a form's fields, the leave prompt) a printable key is text: of the global
  // keys only the ones that cannot be typed work there (F1, esc, ctrl+c, ctrl+l).
  const typing = here.includes('form') || here.includes('leave') || here.includes('draft');
  if (here.length && typing) {
    const own = here.filter((s) => s !== 'global');
    lines.push({ text: `On this screen (${own.map((s) => SCOPE_TITLES[s]).join(', ')}, and the keys that cannot be typed)`, heading: true });
    section(own);
    lines.push({ text: SCOPE_TITLES.global, heading: true });
    for (const b of BINDINGS.filter((x) => x.scope === 'global')) {
      const keys = b.keys.filter((k) => k.ctrl || k.name.length > 1);
      if (keys.length) lines.push({ text: `  ${fit(keys.map(keyLabel).join('/'), 12)}${b.description}`, heading: false });
    }
    lines.push({ text: 'Elsewhere', heading: true });
    section(all.filter((s) => !(own as readonly Scope[]).includes(s)));
  } else if (here.length) {
    lines.push({ text: `On this screen (${mine.map((s) => SCOPE_TITLES[s]).join(', ')})`, heading: true });
    section(mine);
    lines.push({ text: 'Elsewhere', heading: true });
    section(all.filter((s) => !mine.includes(s)));
  } else section(all);
  return lines;
}

/** Help's lines at a width: a description too long for its row wraps under itself (never cut). */
function helpRows(scopes: readonly Scope[], width: number): { text: string; heading: boolean }[] {
  return helpLines(scopes).flatMap((l) => (l.heading ? [l] : wrapCells(l.text, width, 14).map((text) => ({ text, heading: false }))));
}

export function HelpOverlay({ width, height, scroll, scopes = [] }: { width: number; height: number; scroll: number; scopes?: readonly Scope[] }) {
  const lines = helpRows(scopes, width);
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

export function helpMaxScroll(height: number, scopes: readonly Scope[] = [], width = Infinity): number {
  return Math.max(0, (Number.isFinite(width) ? helpRows(scopes, width) : helpLines(scopes)).length - height);
}
