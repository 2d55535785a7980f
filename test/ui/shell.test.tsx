/** The screen stack, quitting, help and footer from the keymap, and why a key does not apply. */
import { afterEach, describe, expect, it } from 'vitest';
import { BINDINGS, SCOPE_TITLES } from '../../src/ui/keymap.js';
import { footerText } from '../../src/ui/components/Footer.js';
import { KEY, renderApp, type Harness } from './helpers.js';
import { cursorRow, footerLine, frameLines, running, statusLine, waitForExit } from './support.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.unmount();
  h = undefined;
});

const title = (f: string) => frameLines(f)[0] ?? '';

describe('screen stack', () => {
  it('relayers → transactions → transaction and back with esc, one level at a time; esc never quits', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'), 'relayers');
    await h.press('/', 'sepolia-main', KEY.enter);
    await h.waitFor((f) => cursorRow(f).includes('Sepolia Main') && !f.includes('Arbitrum'), 'filtered to sepolia-main');
    await h.press(KEY.enter);
    await h.waitFor((f) => title(f).includes('Sepolia Main › transactions') && f.includes('ETH'), 'transactions');
    await h.press(KEY.enter);
    const detail = await h.waitFor((f) => /› transaction \S+/.test(title(f)), 'transaction detail');
    expect(detail).toMatch(/^relayer_id\s+sepolia-main/m);
    await h.press(KEY.esc);
    await h.waitFor((f) => title(f).endsWith('› transactions (evm)'), 'back to transactions');
    await h.press(KEY.esc);
    // The relayers screen kept its state (the filter) while it was below.
    await h.waitFor((f) => title(f) === 'relayer-tui › relayers' && f.includes('/sepolia-main'), 'back to relayers');
    await h.press(KEY.esc);
    await h.waitFor((f) => !f.includes('/sepolia-main') && f.includes('Arbitrum'), 'esc cleared the filter');
    await h.press(KEY.esc);
    const top = await h.waitFor((f) => statusLine(f).includes('Already at the top: q quits'), 'esc at the top');
    expect(title(top)).toBe('relayer-tui › relayers');
    expect(running(h)).toBe(true);
  });

  it('relayers → relayer detail with i, and back with esc', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('j');
    await h.waitFor((f) => cursorRow(f).includes('Avalanche Bridge'));
    await h.press('i');
    const f = await h.waitFor((x) => title(x) === 'relayer-tui › relayer Avalanche Bridge' && x.includes('avalanche-bridge'), 'relayer detail');
    expect(f).toMatch(/^id\s+avalanche-bridge$/m);
    await h.press(KEY.esc);
    await h.waitFor((x) => title(x) === 'relayer-tui › relayers' && cursorRow(x).includes('Avalanche Bridge'), 'back, cursor kept');
  });
});

describe('quitting', () => {
  it('q quits from the relayers screen', async () => {
    h = await renderApp();
    await h.waitFor((f) => f.includes('Sepolia Main'));
    expect(running(h)).toBe(true);
    await h.press('q');
    await waitForExit(h);
  });

  it('ctrl+c quits from a transaction detail', async () => {
    h = await renderApp({ route: { kind: 'transactions', relayerId: 'sepolia-main' } });
    await h.waitFor((f) => f.includes('ETH'));
    await h.press(KEY.enter);
    await h.waitFor((f) => /› transaction \S+/.test(title(f)));
    await h.press(KEY.ctrlC);
    await waitForExit(h);
  });
});

describe('help and footer from the keymap', () => {
  it('? opens help listing every binding of the keymap; q and esc close it without quitting', async () => {
    h = await renderApp({ columns: 320, rows: 120 });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('?');
    const help = await h.waitFor((f) => title(f).includes('help'), 'help');
    for (const scope of new Set(BINDINGS.map((b) => b.scope))) expect(help).toMatch(new RegExp(`^${SCOPE_TITLES[scope]}$`, 'm'));
    for (const b of BINDINGS) {
      const line = frameLines(help).find((l) => l.trimStart().startsWith(b.label) && l.includes(b.description));
      expect(line, `${b.label} ${b.description}`).toBeDefined();
    }
    await h.press('q');
    await h.waitFor((f) => title(f) === 'relayer-tui › relayers', 'q closed help');
    expect(running(h)).toBe(true);
    await h.press('?');
    await h.waitFor((f) => title(f).includes('help'));
    await h.press(KEY.esc);
    await h.waitFor((f) => title(f) === 'relayer-tui › relayers', 'esc closed help');
  });

  it('F1 toggles help, also from a detail screen, and j scrolls it', async () => {
    h = await renderApp({ rows: 16 });
    await h.waitFor((f) => f.includes('Arbitrum'));
    await h.press('i');
    await h.waitFor((f) => title(f).includes('relayer Arbitrum'));
    await h.press(KEY.f1);
    const help = await h.waitFor((f) => title(f).includes('help'), 'help via F1');
    // This screen's keys first (issue 18.10).
    expect(frameLines(help)[1]).toBe('On this screen (Relayer detail, Detail views, Everywhere)');
    await h.press('j');
    await h.waitFor((f) => frameLines(f)[1] !== 'On this screen (Relayer detail, Detail views, Everywhere)', 'help scrolled');
    // G to its end, g back to its top, ctrl+d half a screen down (the keymap's scrolling keys; a walk found G and ctrl+d did nothing).
    const lastBody = (f: string) => frameLines(f)[frameLines(f).length - 3];
    const end = lastBody(h.frame());
    await h.press('G');
    await h.waitFor((f) => lastBody(f) !== end && frameLines(f)[1] !== frameLines(help)[1], 'G: the end');
    const atEnd = h.frame();
    await h.press('G');
    expect(lastBody(h.frame())).toBe(lastBody(atEnd));
    await h.press('g');
    await h.waitFor((f) => frameLines(f)[1] === 'On this screen (Relayer detail, Detail views, Everywhere)', 'g: the top');
    await h.press('\x04');
    await h.waitFor((f) => frameLines(f)[1] !== 'On this screen (Relayer detail, Detail views, Everywhere)', 'ctrl+d: down');
    await h.press(KEY.f1);
    await h.waitFor((f) => title(f).includes('relayer Arbitrum'), 'F1 closed help');
  });

  it('the footer shows the hints of the keymap for the screen', async () => {
    h = await renderApp({ columns: 120 });
    const list = await h.waitFor((f) => f.includes('Sepolia Main'));
    expect(footerLine(list)).toBe(footerText(['relayers', 'list'], 120));
    expect(footerLine(list)).toContain('? help');
    expect(footerLine(list)).toContain('q quit');
    await h.press('i');
    const detail = await h.waitFor((f) => title(f).includes('relayer Arbitrum'));
    expect(footerLine(detail)).toBe(footerText(['relayer', 'detail'], 120));
    // P pauses or resumes (the review says which): the hint says both (the re-walk saw 'P pause' on a paused relayer).
    expect(footerLine(detail)).toContain('P pause/resume');
  });
});

describe('keys that do not apply say why', () => {
  it('e on the relayers screen names where it works; the next key clears the message', async () => {
    h = await renderApp({ columns: 120, rows: 24 });
    await h.waitFor((f) => f.includes('Sepolia Main'));
    await h.press('e');
    const where = [...new Set(BINDINGS.filter((b) => b.command === 'edit').map((b) => SCOPE_TITLES[b.scope]))].join(', ');
    const f = await h.waitFor((x) => statusLine(x).includes('not here'), 'flash');
    expect(statusLine(f)).toContain('e (replace) not here: works in');
    // The reason first, the places after: cut at the edge, it still says not here (Plugins and Networks grew the list).
    expect(where.split(', ').length).toBeGreaterThan(3);
    await h.press('j');
    await h.waitFor((x) => !statusLine(x).includes('not here') && cursorRow(x).includes('Avalanche'), 'flash cleared');
    await h.press('v');
    await h.waitFor((x) => statusLine(x).includes('v (raw) not here: works in Detail views'), 'v explained');
  });
});
