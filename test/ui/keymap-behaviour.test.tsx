/**
 * The keymap tied to behaviour (issue 20): every command of the form, review and leave scopes is
 * pressed by the key the keymap gives it, and does what its description says. A binding added to
 * these scopes without a case here fails the coverage check.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BINDINGS, type Command, type KeySpec } from '../../src/ui/keymap.js';
import { KEY, renderApp, type Harness } from './helpers.js';
import { fieldValue, focusedField, openReplace, SEPOLIA, statusBar, writes } from './forms/support.js';
import { footerLine } from './support.js';

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
  if (k.name === 'pageup') return KEY.pageUp;
  if (k.name === 'pagedown') return KEY.pageDown;
  return k.name;
}
const keyOf = (scope: string, command: Command) => bytes(BINDINGS.find((b) => b.scope === scope && b.command === command)!.keys[0]!);

const COVERED: Record<string, Command[]> = {
  form: ['nextField', 'prevField', 'review'],
  review: ['sendReviewed', 'copyCurl', 'up', 'down', 'pageDown', 'pageUp'],
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

  it('review: up/down scroll it, copyCurl copies the request; send sends it only once all of it has been on screen (pageDown pages)', async () => {
    h = await renderApp({ route: SEPOLIA, columns: 80, rows: 24 });
    await openReplace(h);
    await h.press(keyOf('form', 'review'));
    const first = await h.waitFor((f) => f.includes('Review:'), 'the review');
    // The review's rows (the footer counts what is not seen yet: one row fewer once scrolled).
    const rows = (f: string) => f.split('\n').slice(0, -1).join('\n');
    await h.press(keyOf('review', 'down'));
    await h.waitFor((f) => rows(f) !== rows(first), 'scrolled down');
    await h.press(keyOf('review', 'up'));
    await h.waitFor((f) => rows(f) === rows(first), 'scrolled back');
    await h.press(keyOf('review', 'copyCurl'));
    await h.waitFor(() => h!.copied.length > 0, 'copied');
    expect(h.copied[0]).toMatch(/^curl -sS -X PUT /);
    // At 80x24 the replacement's review is taller than the screen: y before its end is seen sends nothing, and says why.
    expect(footerLine(first)).toMatch(/^\d+ more rows? below, not seen yet: space\/j — sent once all seen  esc back$/);
    await h.press(keyOf('review', 'sendReviewed'));
    await h.waitFor((f) => /Not sent: \d+ rows? of the review not seen yet \(space\/j\)/.test(f), 'refused unseen');
    expect(writes(h)).toHaveLength(0);
    for (let i = 0; i < 10 && /not seen yet/.test(footerLine(h.frame())); i++) await h.press(keyOf('review', 'pageDown'));
    const end = await h.waitFor((f) => !/not seen yet/.test(footerLine(f)), 'paged to the end');
    // The "Not sent" said before is no longer true: the status bar says so.
    await h.waitFor((f) => f.includes('All of the review has been on screen: y sends it'), 'said seen');
    expect(end).toMatch(/"speed"|"value"/);
    // Once seen, scrolling back up (a screenful) does not make it unseen.
    await h.press(keyOf('review', 'pageUp'));
    await h.waitFor((f) => f !== end, 'paged back up');
    await h.press(keyOf('review', 'sendReviewed'));
    await h.waitFor((f) => f.includes('✓ Done'), 'sent');
    expect(writes(h)).toHaveLength(1);
  });

  it('review: esc back to the form takes the review\'s own message with it (no "y sends it" under a form)', async () => {
    h = await renderApp({ route: SEPOLIA, columns: 80, rows: 24 });
    await openReplace(h);
    await h.press(keyOf('form', 'review'));
    await h.waitFor((f) => f.includes('Review:'), 'the review');
    for (let i = 0; i < 10 && /not seen yet/.test(footerLine(h.frame())); i++) await h.press(keyOf('review', 'pageDown'));
    await h.waitFor((f) => f.includes('All of the review has been on screen: y sends it'), 'said seen');
    await h.press(KEY.esc);
    const form = await h.waitFor((f) => f.includes('ctrl+s review'), 'the form again');
    expect(form).not.toContain('y sends it');
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
