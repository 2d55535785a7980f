/** Keypress events from the raw input strings Ink's parser splits stdin into. */

export interface KeyEvent {
  /** Named key (`up`, `return`, `escape`, `tab`, `f1`, …) or the printable text (`q`, `?`, a paste). */
  name: string;
  ctrl: boolean;
  shift: boolean;
  /** Printable text, '' for named/control keys. */
  text: string;
  raw: string;
}

const SEQUENCES: Record<string, { name: string; shift?: boolean }> = {
  '\x1b[A': { name: 'up' },
  '\x1b[B': { name: 'down' },
  '\x1b[C': { name: 'right' },
  '\x1b[D': { name: 'left' },
  '\x1bOA': { name: 'up' },
  '\x1bOB': { name: 'down' },
  '\x1bOC': { name: 'right' },
  '\x1bOD': { name: 'left' },
  '\x1b[5~': { name: 'pageup' },
  '\x1b[6~': { name: 'pagedown' },
  '\x1b[H': { name: 'home' },
  '\x1b[F': { name: 'end' },
  '\x1bOH': { name: 'home' },
  '\x1bOF': { name: 'end' },
  '\x1b[1~': { name: 'home' },
  '\x1b[4~': { name: 'end' },
  '\x1b[7~': { name: 'home' },
  '\x1b[8~': { name: 'end' },
  '\x1b[3~': { name: 'delete' },
  '\x1b[2~': { name: 'insert' },
  '\x1b[Z': { name: 'tab', shift: true },
  '\x1bOP': { name: 'f1' },
  '\x1b[11~': { name: 'f1' },
  '\x1b[[A': { name: 'f1' },
  '\x1b[1P': { name: 'f1' },
  '\x1b': { name: 'escape' },
  '\x1b\x1b': { name: 'escape' },
  '\r': { name: 'return' },
  '\n': { name: 'return' },
  '\t': { name: 'tab' },
  '\x7f': { name: 'backspace' },
  '\b': { name: 'backspace' },
};

export function parseKey(raw: string): KeyEvent {
  const known = SEQUENCES[raw];
  if (known) return { name: known.name, ctrl: false, shift: known.shift ?? false, text: '', raw };
  if (raw.length === 1) {
    const code = raw.charCodeAt(0);
    if (code >= 1 && code <= 26) {
      return { name: String.fromCharCode(code + 96), ctrl: true, shift: false, text: '', raw };
    }
    if (code === 0) return { name: 'space', ctrl: true, shift: false, text: '', raw };
  }
  if (raw.startsWith('\x1b')) {
    // Unknown escape sequence (other function keys, alt chords): never printable.
    return { name: 'unknown', ctrl: false, shift: false, text: '', raw };
  }
  // Printable text, possibly a paste of several characters; strip other control characters.
  const text = raw.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
  const single = [...text].length === 1;
  return { name: single ? text : 'paste', ctrl: false, shift: single && /[A-Z]/.test(text), text, raw };
}
