/** Pure text editing for form fields (src/ui/forms/editor.ts). */
import { describe, expect, it } from 'vitest';
import { edit, lineCol, type EditState } from '../../../src/ui/forms/editor.js';
import { parseKey } from '../../../src/ui/input/keys.js';

const K = {
  left: '\x1b[D',
  right: '\x1b[C',
  up: '\x1b[A',
  down: '\x1b[B',
  home: '\x1b[H',
  end: '\x1b[F',
  backspace: '\x7f',
  del: '\x1b[3~',
  enter: '\r',
  tab: '\t',
  esc: '\x1b',
  ctrlA: '\x01',
  ctrlE: '\x05',
  ctrlU: '\x15',
  ctrlK: '\x0b',
  ctrlW: '\x17',
  ctrlS: '\x13',
};

/** Applies raw keys in order; a non-editing key leaves the state as it was. */
function run(s: EditState, multiline: boolean, ...keys: string[]): EditState {
  return keys.reduce((st, k) => edit(st, parseKey(k), multiline) ?? st, s);
}

describe('editor', () => {
  it('inserts typed and pasted text at the cursor', () => {
    expect(run({ value: 'ac', cursor: 1 }, false, 'b')).toEqual({ value: 'abc', cursor: 2 });
    expect(run({ value: '', cursor: 0 }, false, '340282366920938463463374607431768211455')).toEqual({
      value: '340282366920938463463374607431768211455',
      cursor: 39,
    });
  });

  it('moves with left/right/home/end and clamps at the ends', () => {
    const s = { value: 'abc', cursor: 3 };
    expect(run(s, false, K.right)).toEqual(s);
    expect(run(s, false, K.left, K.left)).toEqual({ value: 'abc', cursor: 1 });
    expect(run(s, false, K.left, K.left, K.left, K.left)).toEqual({ value: 'abc', cursor: 0 });
    expect(run(s, false, K.home)).toEqual({ value: 'abc', cursor: 0 });
    expect(run({ value: 'abc', cursor: 0 }, false, K.end)).toEqual({ value: 'abc', cursor: 3 });
    expect(run(s, false, K.ctrlA)).toEqual({ value: 'abc', cursor: 0 });
    expect(run({ value: 'abc', cursor: 0 }, false, K.ctrlE)).toEqual({ value: 'abc', cursor: 3 });
  });

  it('deletes with backspace, delete, ctrl+u, ctrl+k and ctrl+w', () => {
    expect(run({ value: 'abc', cursor: 2 }, false, K.backspace)).toEqual({ value: 'ac', cursor: 1 });
    expect(run({ value: 'abc', cursor: 0 }, false, K.backspace)).toEqual({ value: 'abc', cursor: 0 });
    expect(run({ value: 'abc', cursor: 1 }, false, K.del)).toEqual({ value: 'ac', cursor: 1 });
    expect(run({ value: 'abc', cursor: 3 }, false, K.del)).toEqual({ value: 'abc', cursor: 3 });
    // ctrl+u clears left of the cursor: at the end of a prefilled value, the whole field.
    expect(run({ value: '10000', cursor: 5 }, false, K.ctrlU)).toEqual({ value: '', cursor: 0 });
    expect(run({ value: 'abcdef', cursor: 2 }, false, K.ctrlU)).toEqual({ value: 'cdef', cursor: 0 });
    expect(run({ value: 'abcdef', cursor: 2 }, false, K.ctrlK)).toEqual({ value: 'ab', cursor: 2 });
    // In a multi-line value ctrl+k ends at the end of this line (a walk lost every line below, the closing ] too);
    // at the end of a line it joins the next, as readline does.
    expect(run({ value: '[\n  {"a": 1},\n]', cursor: 4 }, true, K.ctrlK)).toEqual({ value: '[\n  \n]', cursor: 4 });
    expect(run({ value: '[\n  x\n]', cursor: 5 }, true, K.ctrlK)).toEqual({ value: '[\n  x]', cursor: 5 });
    // ctrl+u the same, to the start of this line (a walk lost every line above); at its start, the line break before it.
    expect(run({ value: '[\n  {"a": 1},\n]', cursor: 12 }, true, K.ctrlU)).toEqual({ value: '[\n,\n]', cursor: 2 });
    expect(run({ value: '[\n  x\n]', cursor: 2 }, true, K.ctrlU)).toEqual({ value: '[  x\n]', cursor: 1 });
    expect(run({ value: '{}', cursor: 2 }, true, K.ctrlU)).toEqual({ value: '', cursor: 0 });
    expect(run({ value: 'one two  three', cursor: 14 }, false, K.ctrlW)).toEqual({ value: 'one two  ', cursor: 9 });
    expect(run({ value: 'one two', cursor: 3 }, false, K.ctrlW)).toEqual({ value: ' two', cursor: 0 });
  });

  it('single-line fields: enter, up/down, tab, esc and ctrl+s are not editing keys; pasted newlines are dropped', () => {
    const s = { value: 'x', cursor: 1 };
    for (const k of [K.enter, K.up, K.down, K.tab, K.esc, K.ctrlS]) expect(edit(s, parseKey(k), false)).toBeNull();
    expect(edit(s, { ...parseKey('a'), name: 'paste', text: 'b\r\nc\nd' }, false)).toEqual({ value: 'xbcd', cursor: 4 });
  });

  it('multi-line fields: enter inserts a newline, up/down keep the column, home/end stay on the line', () => {
    let s = run({ value: '', cursor: 0 }, true, '{', K.enter, '  "n": 1', K.enter, '}');
    expect(s.value).toBe('{\n  "n": 1\n}');
    expect(lineCol(s.value, s.cursor)).toEqual({ line: 2, col: 1 });
    s = run(s, true, K.up);
    expect(lineCol(s.value, s.cursor)).toEqual({ line: 1, col: 1 });
    s = run(s, true, K.end);
    expect(lineCol(s.value, s.cursor)).toEqual({ line: 1, col: 8 });
    s = run(s, true, K.home);
    expect(lineCol(s.value, s.cursor)).toEqual({ line: 1, col: 0 });
    s = run(s, true, K.ctrlE, K.down);
    // The last line is shorter: the column is clamped.
    expect(lineCol(s.value, s.cursor)).toEqual({ line: 2, col: 1 });
    // Past the first/last line up/down are not editing keys (the form moves focus).
    expect(edit(s, parseKey(K.down), true)).toBeNull();
    expect(edit({ value: s.value, cursor: 0 }, parseKey(K.up), true)).toBeNull();
    expect(edit(s, { ...parseKey('a'), name: 'paste', text: 'a\r\nb' }, true)).toEqual({ value: '{\n  "n": 1\n}a\nb', cursor: 15 });
  });

  it('lineCol counts lines and columns from 0', () => {
    expect(lineCol('ab\ncd', 0)).toEqual({ line: 0, col: 0 });
    expect(lineCol('ab\ncd', 2)).toEqual({ line: 0, col: 2 });
    expect(lineCol('ab\ncd', 3)).toEqual({ line: 1, col: 0 });
    expect(lineCol('ab\ncd', 5)).toEqual({ line: 1, col: 2 });
  });
});
