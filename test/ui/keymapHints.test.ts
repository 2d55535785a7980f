/** The footer's hints: a key is hinted once, as the screen's own scope means it (walk finding: `enter call … enter open`). */
import { expect, it } from 'vitest';
import { hintsFor, resolve, type Scope } from '../../src/ui/keymap.js';

it('every list screen hints each key once, with what the key does there', () => {
  const screens: Scope[][] = [['plugins', 'list'], ['fleet', 'list'], ['relayers', 'list'], ['transactions', 'list'], ['stuck', 'list'], ['audit', 'list']];
  for (const scopes of screens) {
    const hints = hintsFor(scopes);
    const labels = hints.map((h) => h.label);
    expect({ scopes, twice: labels.filter((l, i) => labels.indexOf(l) !== i) }).toEqual({ scopes, twice: [] });
    // What the footer says enter does is what enter does there.
    const enter = hints.find((h) => h.label === 'enter');
    if (enter) expect(enter.command).toBe(resolve({ name: 'return', ctrl: false, shift: false, text: '', raw: '\r' }, scopes)?.command);
  }
  expect(hintsFor(['plugins', 'list']).filter((h) => h.label === 'enter').map((h) => h.hint)).toEqual(['call']);
  expect(hintsFor(['fleet', 'list']).filter((h) => h.label === 'enter').map((h) => h.hint)).toEqual(['drill down']);
});
