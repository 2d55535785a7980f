/**
 * src/ui/lineShift.ts against a terminal emulator: the previous frame on screen, the cursor on its
 * first line, the shift's escapes, then the lines that still differ written as Ink's renderer writes
 * them — the screen must read exactly as the new frame, with only the new lines written.
 */
import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { lineShift } from '../../src/ui/lineShift.js';

const ROWS = 12;
const COLS = 40;

function write(term: xterm.Terminal, data: string): Promise<void> {
  return new Promise((resolve) => term.write(data, resolve));
}

function screen(term: xterm.Terminal): string[] {
  const b = term.buffer.active;
  return Array.from({ length: ROWS }, (_, i) => b.getLine(i)?.translateToString(true) ?? '');
}

/** Draws `previous`, applies the shift towards `next` and redraws what differs; returns the screen and the rewritten lines. */
async function render(previous: string[], next: string[]) {
  const term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true });
  await write(term, `\x1b[H\x1b[2J${previous.join('\r\n')}\x1b[H`);
  const shift = lineShift(previous, next, next.length);
  let model = previous;
  if (shift) {
    await write(term, shift.escapes);
    model = shift.lines;
  }
  const rewritten: number[] = [];
  for (let i = 0; i < next.length; i++) {
    if (model[i] === next[i]) continue;
    rewritten.push(i);
    await write(term, `\x1b[${i + 1};1H${next[i]}\x1b[K`);
  }
  const shown = screen(term);
  term.dispose();
  return { shown, rewritten, shift };
}

/** A list frame: title, header, `height` rows from `top` with `cursor` marked, then a status bar and a footer. */
function frame(top: number, cursor: number, height: number): string[] {
  const rows = Array.from({ length: height }, (_, i) => `${top + i === cursor ? '›' : ' '} row ${top + i}`);
  return ['title', 'HEADER', ...rows, `status ${cursor}`, 'footer'];
}

const padded = (lines: string[]) => [...lines, ...Array(ROWS - lines.length).fill('')];

describe('lineShift on a terminal', () => {
  it('scrolls a list down by a row: one new row plus the two cursor rows and the status line', async () => {
    const { shown, rewritten, shift } = await render(frame(0, 5, 6), frame(1, 6, 6));
    expect(shift).toBeDefined();
    expect(shown).toEqual(padded(frame(1, 6, 6)));
    expect(rewritten).toEqual([6, 7, 8]); // the old cursor row, the new (last) row, the status line
  });

  it('scrolls a list up by a row', async () => {
    const { shown, rewritten } = await render(frame(5, 5, 6), frame(4, 4, 6));
    expect(shown).toEqual(padded(frame(4, 4, 6)));
    expect(rewritten).toEqual([2, 3, 8]);
  });

  it('scrolls by several rows either way', async () => {
    for (const [a, b] of [
      [frame(0, 6, 7), frame(2, 8, 7)],
      [frame(6, 6, 7), frame(4, 4, 7)],
    ] as const) {
      const { shown, rewritten, shift } = await render(a, b);
      expect(shift).toBeDefined();
      expect(shown).toEqual(padded(b));
      expect(rewritten).toHaveLength(4); // two new rows, the old cursor row, the status line
    }
  });

  it('moves every line of the block to its exact row (lines kept as they are, cursor mid-list)', async () => {
    // The window scrolls under a cursor that stays on row 3; nothing but the new rows is written.
    const view = (top: number) => ['title', 'HEADER', ...Array.from({ length: 6 }, (_, i) => `${top + i === 3 ? '›' : ' '} row ${top + i}`), 'status', 'footer'];
    for (const [a, b, news] of [
      [view(0), view(2), [6, 7]],
      [view(3), view(1), [2, 3]],
    ] as const) {
      const { shown, rewritten } = await render(a, b);
      expect(shown).toEqual(padded(b));
      expect(rewritten).toEqual(news);
    }
  });

  it('keeps a frame that fills the whole screen intact', async () => {
    const a = frame(0, 7, 8);
    const b = frame(1, 8, 8);
    expect(a).toHaveLength(ROWS);
    const { shown, shift } = await render(a, b);
    expect(shift).toBeDefined();
    expect(shown).toEqual(b);
  });

  it('leaves frames that did not scroll to the line-by-line diff', () => {
    expect(lineShift(frame(0, 1, 8), frame(0, 2, 8), 12)).toBeUndefined(); // a cursor move
    expect(lineShift(frame(0, 0, 8), frame(100, 100, 8), 12)).toBeUndefined(); // another page
    expect(lineShift(['a', 'b'], ['b', 'c'], 2)).toBeUndefined(); // too few lines to be worth it
  });
});
