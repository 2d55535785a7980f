/**
 * The display-safety boundary (with cells.ts, the geometry of what is drawn, and values.ts, how a value reads): every string that came from outside (server data, error texts,
 * headers, files the operator loads) becomes display text here before any view measures or draws it.
 *
 * Terminals act on far more than colour codes: OSC 52 writes the clipboard, OSC 0/2 the window title,
 * OSC 8 makes links, DCS/APC/PM/SOS reach tmux, C1 controls (U+009B is CSI, U+009D is OSC) work like
 * ESC sequences, BEL/BS/CR ring, move and overwrite, bidi controls reorder what the eye reads, and
 * zero-width characters hide text. None of them is drawn as itself: each becomes a visible, inert
 * placeholder, never removed silently —
 *   C0 controls and DEL   → their Control Pictures: ESC `␛`, BEL `␇`, BS `␈`, CR `␍`, LF `␊`, DEL `␡`
 *   C1 controls           → `\u009b` (the escape as text)
 *   format characters (bidi embeddings, overrides, isolates and marks, zero-width space/joiners,
 *   BOM, soft hyphen, tags), line/paragraph separators, lone surrogates → `\u202e` likewise.
 * Widths are measured on what is drawn (CJK and most emoji take two cells), so columns line up
 * whatever the data.
 *
 * Who uses it: the drawing primitives (Table, DetailView, StatusBar, ScreenFrame's title, ErrorPanel,
 * ReviewView, FormView, Line) pass everything they draw through `sanitize`/`fit`, so a screen cannot
 * hand them raw server text; and the one text primitive (src/ui/components/Text.tsx, the only place
 * Ink's `Text` is used — test/architecture/imports.test.ts) draws every string through
 * `neutralizeKeepingColour`, so no control sequence reaches the terminal even from a view that forgot.
 *
 * Work is bounded by what is shown, never by what the server sent: `fit` looks at the first
 * `width` cells and `displayText` caps long strings and digit runs (the whole value stays in the data
 * for the raw view).
 */
/** Text that went through this module: safe to measure and draw. */
export type SafeText = string & { readonly __safeText: true };

/**
 * Text in which nothing is drawn differently from itself (with LF, for the forms that keep it): printable
 * ASCII and the rest of the Basic Multilingual Plane but its controls, format characters, line and
 * paragraph separators and surrogates — the ranges `unsafe` leaves, as this Node's Unicode data draws
 * them (test/core/text/safeText.test.ts checks every one of the 65,536). Most of what a screen shows, its own
 * glyphs (›, …, ●) included, is answered here without the Unicode-property patterns below, which are
 * built when a string first needs them (~1 ms of a start to build and compile four of them).
 */
const SAFE_BMP = '\\x20-\\x7e\\xa0-\\xac\\xae-\\u05ff\\u0606-\\u061b\\u061d-\\u06dc\\u06de-\\u070e\\u0710-\\u088f\\u0892-\\u08e1\\u08e3-\\u180d\\u180f-\\u200a\\u2010-\\u2027\\u202f-\\u205f\\u2065\\u2070-\\ud7ff\\ue000-\\ufefe\\uff00-\\ufff8\\ufffc-\\uffff';
const PLAIN = new RegExp(`^[${SAFE_BMP}]*$`);
const PLAIN_LINES = new RegExp(`^[${SAFE_BMP}\\n]*$`);

interface Unsafe {
  /** Anything drawn differently from itself, newline included. */
  one: RegExp;
  all: RegExp;
  /** The same without LF (Ink's own line breaks, for the backstop). */
  oneButLf: RegExp;
  allButLf: RegExp;
}
let built: Unsafe | undefined;
const unsafe = (): Unsafe =>
  (built ??= {
    one: /[\x00-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u,
    all: /[\x00-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu,
    oneButLf: /[\x00-\x09\x0b-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u,
    allButLf: /[\x00-\x09\x0b-\x1f\x7f-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu,
  });

function placeholder(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  const hex = code.toString(16).padStart(4, '0');
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex}`;
}

/** One line of display text: every control, format and line-break character as a visible placeholder. */
export function sanitize(s: string): SafeText {
  if (PLAIN.test(s)) return s as SafeText;
  const { one, all } = unsafe();
  return (one.test(s) ? s.replace(all, placeholder) : s) as SafeText;
}

/**
 * The backstop of the one text primitive (src/ui/components/Text.tsx): like `sanitize` but keeps LF,
 * which Ink uses to break a text into lines.
 */
export function neutralize(s: string): string {
  if (PLAIN_LINES.test(s)) return s;
  const { oneButLf, allButLf } = unsafe();
  return oneButLf.test(s) ? s.replace(allButLf, placeholder) : s;
}

/** A colour code (SGR), as `paint` (src/ui/theme.ts) writes them: the only escape a view may draw. */
const SGR = /\x1b\[[0-9;:]*m/g;

/**
 * What the text primitive draws: `neutralize`, except that colour codes (SGR) stay — a table row is
 * painted as one string (src/ui/theme.ts `paint`). Every other escape, OSC, DCS, C1 or bidi character
 * becomes its visible placeholder, whoever forgot to sanitize it.
 */
export function neutralizeKeepingColour(s: string): string {
  // A painted row: plain but for its colour codes (each piece between them would be left as it is).
  if (PLAIN_LINES.test(s) || (s.includes('\x1b') && PLAIN_LINES.test(s.replace(SGR, '')))) return s;
  const { oneButLf, allButLf } = unsafe();
  if (!oneButLf.test(s)) return s;
  if (!s.includes('\x1b')) return s.replace(allButLf, placeholder);
  let out = '';
  let at = 0;
  for (const m of s.matchAll(SGR)) {
    out += neutralize(s.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + neutralize(s.slice(at));
}

/**
 * JSON text for a terminal (a script's output that may land on one): the characters `sanitize`
 * replaces, written as JSON escapes instead (`\u009b`, astral ones as surrogate pairs). JSON.stringify
 * leaves C1, bidi and zero-width characters raw inside strings; escaped, the JSON means exactly the
 * same and no terminal acts on it. Line breaks between values (pretty printing) stay.
 */
export function jsonForTerminal(json: string): string {
  if (PLAIN_LINES.test(json)) return json;
  const { oneButLf, allButLf } = unsafe();
  if (!oneButLf.test(json)) return json;
  return json.replace(allButLf, (ch) => {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/**
 * Multi-line text (an error page, a log message): one sanitized line per LF or CRLF. A bare CR is not
 * a line break but an overwrite: it stays visible as `␍`.
 */
export function safeLines(s: string, maxLines = Infinity): SafeText[] {
  const out: SafeText[] = [];
  let start = 0;
  for (let i = 0; i < s.length && out.length < maxLines; i++) {
    if (s.charCodeAt(i) === 10) {
      out.push(sanitize(s.slice(start, i > start && s.charCodeAt(i - 1) === 13 ? i - 1 : i)));
      start = i + 1;
    }
  }
  if (out.length < maxLines) out.push(sanitize(s.slice(start)));
  return out;
}
