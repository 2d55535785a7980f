import { describe, expect, it } from 'vitest';
import { parseKey, splitKeys } from '../../../src/ui/input/keys.js';

const name = (raw: string) => parseKey(raw).name;

describe('parseKey', () => {
  it('names arrows (CSI and SS3), paging, home/end', () => {
    expect(['\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D'].map(name)).toEqual(['up', 'down', 'right', 'left']);
    expect(['\x1bOA', '\x1bOB'].map(name)).toEqual(['up', 'down']);
    expect(['\x1b[5~', '\x1b[6~', '\x1b[H', '\x1b[F', '\x1b[1~', '\x1b[4~'].map(name)).toEqual(['pageup', 'pagedown', 'home', 'end', 'home', 'end']);
  });

  it('knows F1 in its xterm, vt220, linux-console and rxvt spellings', () => {
    for (const raw of ['\x1bOP', '\x1b[11~', '\x1b[[A', '\x1b[1P']) expect(parseKey(raw)).toMatchObject({ name: 'f1', ctrl: false, text: '' });
  });

  it('turns control characters into ctrl+letters, but not Tab, Enter or Backspace', () => {
    expect(parseKey('\x03')).toMatchObject({ name: 'c', ctrl: true, text: '' });
    expect(parseKey('\x04')).toMatchObject({ name: 'd', ctrl: true });
    expect(parseKey('\x15')).toMatchObject({ name: 'u', ctrl: true });
    expect(parseKey('\x13')).toMatchObject({ name: 's', ctrl: true });
    expect(parseKey('\t')).toMatchObject({ name: 'tab', ctrl: false, shift: false });
    expect(parseKey('\x1b[Z')).toMatchObject({ name: 'tab', shift: true });
    expect(parseKey('\r')).toMatchObject({ name: 'return', ctrl: false });
    expect(parseKey('\n')).toMatchObject({ name: 'return', ctrl: false });
    expect(parseKey('\x7f').name).toBe('backspace');
    expect(parseKey('\b').name).toBe('backspace');
    expect(parseKey('\x1b')).toMatchObject({ name: 'escape', ctrl: false });
  });

  it('printable keys carry their text; capitals are shifted; a run of text is a paste', () => {
    expect(parseKey('q')).toMatchObject({ name: 'q', text: 'q', ctrl: false, shift: false });
    expect(parseKey('G')).toMatchObject({ name: 'G', text: 'G', shift: true });
    expect(parseKey('?')).toMatchObject({ name: '?', text: '?' });
    expect(parseKey('tx sepolia')).toMatchObject({ name: 'paste', text: 'tx sepolia' });
    expect(parseKey('€')).toMatchObject({ name: '€', text: '€' });
  });

  it('never makes printable text out of unknown escape sequences (alt chords, other F-keys)', () => {
    expect(parseKey('\x1bx')).toMatchObject({ name: 'unknown', text: '' });
    expect(parseKey('\x1b[15~')).toMatchObject({ name: 'unknown', text: '' });
  });
});

describe('splitKeys', () => {
  it('splits a palette chunk into text, tab and enter', () => {
    expect(splitKeys(':tx bu\t\r')).toEqual([':tx bu', '\t', '\r']);
    // esc + enter in one chunk (issue 18.10): two keys, the enter kept.
    expect(splitKeys('\x1b\r')).toEqual(['\x1b', '\r']);
    expect(splitKeys('\x1b\t\x1b\x7f')).toEqual(['\x1b', '\t', '\x1b', '\x7f']);
    // esc then ':' (or any key) typed at once: esc, then the palette — no key lost to an "alt chord".
    expect(splitKeys('\x1b:tx a\r')).toEqual(['\x1b', ':tx a', '\r']);
  });

  it('keeps escape sequences whole between other keys', () => {
    expect(splitKeys('jj\x1b[Bk')).toEqual(['jj', '\x1b[B', 'k']);
    expect(splitKeys('\x1b[5~\x1b[6~')).toEqual(['\x1b[5~', '\x1b[6~']);
    expect(splitKeys('\x1bOP')).toEqual(['\x1bOP']);
    expect(splitKeys('\x1b[[A')).toEqual(['\x1b[[A']);
    expect(splitKeys('\x1b[11~q')).toEqual(['\x1b[11~', 'q']);
    expect(splitKeys('\x1b[Z')).toEqual(['\x1b[Z']);
  });

  it('separates lone escapes, control characters and a paste', () => {
    expect(splitKeys('\x1b')).toEqual(['\x1b']);
    expect(splitKeys('\x1b\x1b')).toEqual(['\x1b', '\x1b']);
    expect(splitKeys('\x03')).toEqual(['\x03']);
    expect(splitKeys('a\x7fb')).toEqual(['a', '\x7f', 'b']);
    expect(splitKeys('hello world')).toEqual(['hello world']);
    expect(splitKeys('/sol\r')).toEqual(['/sol', '\r']);
  });

  it('every piece parses to the key it stands for', () => {
    expect(splitKeys('\x1b[A\x1bOP\x04G\t').map((k) => parseKey(k).name)).toEqual(['up', 'f1', 'd', 'G', 'tab']);
  });
});
