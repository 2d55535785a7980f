/**
 * A --help text as man(7) roff (src/cli/manPage.ts assembles the page): the text is read as --help
 * lays it out — paragraphs, `term  words` rows whose words go on indented below them, a Usage block,
 * an Examples block — and written so that man fills it at the reader's width, escaped for roff.
 */

/** Text as roff: a backslash, a minus, a quote and anything not ASCII escaped; a leading . or ' made text. */
export function roffText(s: string): string {
  const out = s
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/"/g, '\\(dq')
    .replace(/[^\x20-\x7e]/gu, (c) => `\\[u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
  return /^[.']/.test(out) ? `\\&${out}` : out;
}

export const bold = (s: string): string => `\\fB${roffText(s)}\\fR`;

/** A synopsis: each option within [ ] and < > kept whole on a line (`[--page N]`), so man breaks the line between options. */
function synopsisText(s: string): string {
  let depth = 0;
  let out = '';
  const cs = [...s];
  for (const [i, c] of cs.entries()) {
    if (c === '[' || c === '<') depth++;
    if (c === ']' || c === '>') depth = Math.max(0, depth - 1);
    const between = c === ' ' && depth > 0 && !/[-|]/.test(cs[i + 1] ?? '') && cs[i - 1] !== '|';
    out += between ? '\u00a0' : c;
  }
  return roffText(out).replace(/\\\[u00A0\]/g, '\\ ');
}

type Block =
  | { kind: 'para'; text: string }
  | { kind: 'row'; term: string; words: { code: boolean; text: string }[]; indent: number; column: number }
  | { kind: 'synopsis'; entries: string[] }
  | { kind: 'verbatim'; title: string; lines: string[] };

const indentOf = (line: string): number => line.length - line.trimStart().length;
/** `  term  words`: a term of single-spaced words, two or more spaces, then its words (not another option). */
const ROW = /^( +)(\S+(?: \S+)*)( {2,})(\S.*)$/;

/** The blocks of a --help text, as its layout shows them. */
export function blocks(text: string): Block[] {
  const lines = text.split('\n');
  const out: Block[] = [];
  let para: string[] = [];
  let paraIndent = 0;
  const flush = () => {
    if (para.length) out.push({ kind: 'para', text: para.join(' ') });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    const indent = indentOf(line);
    const last = out.at(-1);
    if (line === '') {
      flush();
      continue;
    }
    if (indent === 0 && /^Usage: /.test(line)) {
      flush();
      const entries = [line.slice('Usage: '.length).trim()];
      while (i + 1 < lines.length && lines[i + 1]!.trim() !== '' && indentOf(lines[i + 1]!) > 0) {
        const next = lines[++i]!.trim();
        if (next.startsWith('relayer-tui ')) entries.push(next);
        else entries[entries.length - 1] += ` ${next}`;
      }
      out.push({ kind: 'synopsis', entries });
      continue;
    }
    if (indent === 0 && /^Examples:$/.test(line)) {
      flush();
      const body: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1]!.trim() === '' || indentOf(lines[i + 1]!) > 0)) body.push(lines[++i]!.trimEnd());
      while (body.at(-1) === '') body.pop();
      const least = Math.min(...body.filter((l) => l !== '').map(indentOf));
      out.push({ kind: 'verbatim', title: line, lines: body.map((l) => l.slice(least)) });
      continue;
    }
    // A row's words go on below it, indented deeper; deeper than where they started is code, kept as written.
    if (para.length === 0 && last?.kind === 'row' && indent > last.indent) {
      const code = indent > last.column;
      const prev = last.words.at(-1)!;
      if (!code && !prev.code) prev.text += ` ${line.trim()}`;
      else last.words.push({ code, text: code ? line.slice(last.column) : line.trim() });
      continue;
    }
    const row = ROW.exec(line);
    if (row && !row[4]!.startsWith('-')) {
      flush();
      out.push({ kind: 'row', term: row[2]!, words: [{ code: false, text: row[4]! }], indent, column: row[1]!.length + row[2]!.length + row[3]!.length });
      continue;
    }
    // A line of options side by side (`--gas-limit N  --to 0xADDR  …`) is kept as written.
    if (row) {
      flush();
      out.push({ kind: 'verbatim', title: '', lines: [line.trim()] });
      continue;
    }
    if (para.length && indent < paraIndent) flush();
    if (para.length === 0) paraIndent = indent;
    para.push(line.trim());
    if (line.endsWith(':')) flush();
  }
  flush();
  return out;
}

/** Rows: a term, then its words indented below it (code kept as written). */
export function rowRoff(term: string, words: readonly { code: boolean; text: string }[], termFont: (s: string) => string = bold): string {
  const body = words.map((w) => (w.code ? `.nf\n${roffText(w.text)}\n.fi` : roffText(w.text))).join('\n');
  return `.TP\n${termFont(term)}\n${body}`;
}

/** Synopsis lines, each hanging: its continuation indented under the command. */
export function synopsisRoff(entries: readonly string[]): string {
  return `.PP\n${entries.map((e) => `.in +4n\n.ti -4n\n${synopsisText(e)}\n.in -4n`).join('\n')}`;
}

/** A --help text as roff. */
export function helpRoff(text: string): string {
  return blocks(text)
    .map((b) => {
      switch (b.kind) {
        case 'para':
          return `.PP\n${/^[^.]{1,40}:$/.test(b.text) ? bold(b.text) : roffText(b.text)}`;
        case 'row':
          return rowRoff(b.term, b.words);
        case 'synopsis':
          return synopsisRoff(b.entries);
        case 'verbatim':
          return `${b.title ? `.PP\n${bold(b.title)}\n` : '.PP\n'}.RS 4\n.nf\n${b.lines.map(roffText).join('\n')}\n.fi\n.RE`;
      }
    })
    .join('\n');
}
