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
  // p works on a transactions list (its relayer's policies): hinted there as on the relayer (a walk did not find it).
  expect(hintsFor(['transactions', 'list']).filter((h) => h.label === 'p').map((h) => h.hint)).toEqual(['policies']);
});

it('an action with nothing to fill (pause), back after an unknown outcome, hints no field to tab to (walk finding)', async () => {
  const { renderApp } = await import('./helpers.js');
  const { footerLine } = await import('./support.js');
  const h = await renderApp({ sandbox: { flavor: 'real', answerDelayMs: 3000 }, client: { timeoutMs: 400 } });
  try {
    await h.waitFor((f) => f.includes('Arbitrum Payouts'), 'the relayers');
    await h.press('P');
    await h.waitFor((f) => f.includes('Pause relayer arbitrum-payouts'), 'the review');
    await h.press('y');
    const f = await h.waitFor((x) => /outcome unknown/i.test(x) && !/esc stops waiting/.test(footerLine(x)), 'back from the send');
    expect(footerLine(f).trim()).toBe('ctrl+s review  esc back  F1 help');
  } finally {
    await h.unmount();
  }
});

