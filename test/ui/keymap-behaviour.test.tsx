/**
 * The keymap tied to behaviour (issue 20): every command of the form, review and leave scopes is
 * pressed by the key the keymap gives it, and does what its description says. A binding added to
 * these scopes without a case here fails the coverage check.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BINDINGS, type Command, type KeySpec } from '../../src/ui/keymap.js';
import { KEY, renderApp, type Harness } from './helpers.js';
import { fieldValue, focusedField, openReplace, SEPOLIA, statusBar, writes } from './forms/support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

/** The bytes a terminal sends for a keymap key. */
function bytes(k: KeySpec): string {
  if (k.name === 'tab') return k.shift ? KEY.shiftTab : KEY.tab;
  if (k.ctrl) return String.fromCharCode(k.name.charCodeAt(0) - 96);
  if (k.name === 'escape') return KEY.esc;
  if (k.name === 'up') return KEY.up;
  if (k.name === 'down') return KEY.down;
  return k.name;
}
const keyOf = (scope: string, command: Command) => bytes(BINDINGS.find((b) => b.scope === scope && b.command === command)!.keys[0]!);

const COVERED: Record<string, Command[]> = {
  form: ['nextField', 'prevField', 'review'],
  review: ['send', 'copyCurl', 'up', 'down'],
  leave: ['keepDraft', 'discardDraft'],
};

describe('the keymap drives the forms', () => {
  it('covers every command of the form, review and leave scopes', () => {
    for (const scope of Object.keys(COVERED))
      expect(BINDINGS.filter((b) => b.scope === scope).map((b) => b.command).sort()).toEqual([...COVERED[scope]!].sort());
  });

  it('form: nextField and prevField move the focus; review opens the review', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    expect(focusedField(h.frame())).toBe('value');
    await h.press(keyOf('form', 'nextField'));
    await h.waitFor((f) => focusedField(f) === 'to', 'next field');
    await h.press(keyOf('form', 'prevField'));
    await h.waitFor((f) => focusedField(f) === 'value', 'previous field');
    await h.press(keyOf('form', 'review'));
    await h.waitFor((f) => f.includes('Review:'), 'the review');
  });

  it('review: up/down scroll it, copyCurl copies the request, send sends it', async () => {
    h = await renderApp({ route: SEPOLIA, columns: 80, rows: 24 });
    await openReplace(h);
    await h.press(keyOf('form', 'review'));
    const first = await h.waitFor((f) => f.includes('Review:'), 'the review');
    await h.press(keyOf('review', 'down'));
    await h.waitFor((f) => f !== first, 'scrolled down');
    await h.press(keyOf('review', 'up'));
    await h.waitFor((f) => f === first, 'scrolled back');
    await h.press(keyOf('review', 'copyCurl'));
    await h.waitFor(() => h!.copied.length > 0, 'copied');
    expect(h.copied[0]).toMatch(/^curl -sS -X PUT /);
    await h.press(keyOf('review', 'send'));
    await h.waitFor((f) => f.includes('✓ Done'), 'sent');
    expect(writes(h)).toHaveLength(1);
  });

  it('leave: keepDraft keeps the edits for the next opening, discardDraft drops them', async () => {
    h = await renderApp({ route: SEPOLIA });
    await openReplace(h);
    await h.press(KEY.ctrlU, '777');
    await h.waitFor((f) => fieldValue(f, 'value') === '777', 'edited');
    await h.press(KEY.esc);
    await h.waitFor((f) => f.includes('Leave this form?'), 'asked');
    await h.press(keyOf('leave', 'keepDraft'));
    await h.waitFor((f) => f.includes('› transactions'), 'left');
    await h.press('e');
    await h.waitFor((f) => fieldValue(f, 'value') === '777', 'the draft kept');
    await h.press(KEY.esc);
    await h.waitFor((f) => f.includes('Leave this form?'), 'asked again');
    await h.press(keyOf('leave', 'discardDraft'));
    await h.waitFor((f) => f.includes('› transactions'), 'left again');
    await h.press('e');
    const f = await h.waitFor((x) => focusedField(x) === 'value', 'reopened');
    expect(fieldValue(f, 'value')).not.toBe('777');
    expect(statusBar(f)).not.toContain('draft');
  });
});
