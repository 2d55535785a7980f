/** Pure text editing for form fields: a value and a cursor offset; multi-line for JSON editors. */
import type { KeyEvent } from '../input/keys.js';

export interface EditState {
  value: string;
  cursor: number;
}

/** Line and column (0-based) of an offset. */
export function lineCol(value: string, offset: number): { line: number; col: number } {
  const before = value.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, col: offset - (before.lastIndexOf('\n') + 1) };
}

function offsetOf(value: string, line: number, col: number): number {
  const lines = value.split('\n');
  const l = Math.max(0, Math.min(line, lines.length - 1));
  let off = 0;
  for (let i = 0; i < l; i++) off += lines[i]!.length + 1;
  return off + Math.min(col, lines[l]!.length);
}

/**
 * Applies an editing key. Returns the new state, or null when the key is not an editing key
 * (the form handles it: tab, ctrl+s, esc…). `multiline` lets enter insert a newline and up/down move lines.
 */
export function edit(s: EditState, key: KeyEvent, multiline: boolean): EditState | null {
  const { value, cursor } = s;
  const clamp = (c: number) => Math.max(0, Math.min(value.length, c));
  if (key.ctrl) {
    switch (key.name) {
      case 'a':
        return { value, cursor: multiline ? offsetOf(value, lineCol(value, cursor).line, 0) : 0 };
      case 'e': {
        if (!multiline) return { value, cursor: value.length };
        const { line } = lineCol(value, cursor);
        return { value, cursor: offsetOf(value, line, Infinity) };
      }
      case 'u': {
        // Left of the cursor to the start of the line, as help says: at the end of a prefilled one-line
        // value, the whole field. In a multi-line value this line only;
        // at the start of a line, the line break before it (ctrl+k's mirror).
        if (!multiline) return { value: value.slice(cursor), cursor: 0 };
        const start = offsetOf(value, lineCol(value, cursor).line, 0);
        const from = start === cursor ? Math.max(0, start - 1) : start;
        return { value: value.slice(0, from) + value.slice(cursor), cursor: from };
      }
      case 'k': {
        // To the end of the line (of this line only, never the lines below);
        // at the end of a line, the line break (as emacs and readline do).
        if (!multiline) return { value: value.slice(0, cursor), cursor };
        const end = offsetOf(value, lineCol(value, cursor).line, Infinity);
        return { value: value.slice(0, cursor) + value.slice(end === cursor ? Math.min(value.length, end + 1) : end), cursor };
      }
      case 'w': {
        const before = value.slice(0, cursor).replace(/\S+\s*$/, '');
        return { value: before + value.slice(cursor), cursor: before.length };
      }
      default:
        return null;
    }
  }
  switch (key.name) {
    case 'left':
      return { value, cursor: clamp(cursor - 1) };
    case 'right':
      return { value, cursor: clamp(cursor + 1) };
    case 'home':
      return { value, cursor: multiline ? offsetOf(value, lineCol(value, cursor).line, 0) : 0 };
    case 'end': {
      if (!multiline) return { value, cursor: value.length };
      return { value, cursor: offsetOf(value, lineCol(value, cursor).line, Infinity) };
    }
    case 'backspace':
      if (cursor === 0) return s;
      return { value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1 };
    case 'delete':
      return { value: value.slice(0, cursor) + value.slice(cursor + 1), cursor };
    case 'up':
    case 'down': {
      if (!multiline) return null;
      const { line, col } = lineCol(value, cursor);
      const target = key.name === 'up' ? line - 1 : line + 1;
      if (target < 0 || target >= value.split('\n').length) return null;
      return { value, cursor: offsetOf(value, target, col) };
    }
    case 'return':
      if (!multiline) return null;
      return insert(s, '\n');
    default:
      if (key.text) return insert(s, multiline ? key.text.replace(/\r\n?/g, '\n') : key.text.replace(/[\r\n]+/g, ''));
      return null;
  }
}

function insert(s: EditState, text: string): EditState {
  return { value: s.value.slice(0, s.cursor) + text + s.value.slice(s.cursor), cursor: s.cursor + text.length };
}
