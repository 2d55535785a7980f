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

/**
 * Splits one input chunk into keys: escape sequences, single control characters, and runs of
 * printable text (a paste stays one run). Ink hands over chunks like ":tx bu\t\r" whole.
 */
export function splitKeys(raw: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < raw.length) {
    const c = raw.charCodeAt(i);
    if (c === 0x1b) {
      const next = raw[i + 1];
      if (next === undefined) {
        out.push('\x1b');
        i += 1;
      } else if (next === '[') {
        if (raw[i + 2] === '[' && raw[i + 3] !== undefined) {
          out.push(raw.slice(i, i + 4));
          i += 4;
          continue;
        }
        let j = i + 2;
        while (j < raw.length && /[0-9;?<>=]/.test(raw[j]!)) j++;
        out.push(raw.slice(i, Math.min(j + 1, raw.length)));
        i = j + 1;
      } else if (next === 'O' && raw[i + 2] !== undefined) {
        out.push(raw.slice(i, i + 3));
        i += 3;
      } else {
        // esc then another key in the same chunk (esc + enter, esc + ':' typed fast over a slow link):
        // two keys. No Alt chord is bound (they would read as esc + the key), so nothing typed is lost.
        out.push('\x1b');
        i += 1;
      }
    } else if (c < 0x20 || c === 0x7f) {
      out.push(raw[i]!);
      i += 1;
    } else {
      let j = i;
      while (j < raw.length && raw.charCodeAt(j) >= 0x20 && raw.charCodeAt(j) !== 0x7f && raw.charCodeAt(j) !== 0x1b) j++;
      out.push(raw.slice(i, j));
      i = j;
    }
  }
  return out;
}
