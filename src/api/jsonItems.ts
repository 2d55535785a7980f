/**
 * The texts of a page's items as the server sent them (a row's `y` copies its record as sent, and the
 * stream of `--all` writes them): each element of a top-level object's `data` array, without parsing it.
 */
const INT_RE = /^-?(0|[1-9]\d*)$/;

/**
 * The JSON text of each element of a top-level object's `data` array, at most `max`, as the server
 * wrote it (its digits, escapes and key order untouched), on one line (tabs and line breaks between
 * tokens dropped: JSON has none raw inside a string). For a text that has already parsed as JSON: it follows
 * strings and nesting only. The last `data` key wins, as in JSON.parse. Undefined when `data` is not
 * an array.
 */
export function dataItemTexts(text: string, max: number): string[] | undefined {
  let found: string[] | undefined;
  let depth = 0;
  let i = 0;
  const n = text.length;
  /** Index just past the string starting at `at` (a quote). */
  const stringEnd = (at: number): number => {
    let j = at + 1;
    for (;;) {
      const q = text.indexOf('"', j);
      if (q < 0) return n;
      let bs = 0;
      while (text.charCodeAt(q - 1 - bs) === 92) bs++;
      if (bs % 2 === 0) return q + 1;
      j = q + 1;
    }
  };
  const skipWs = (at: number): number => {
    while (at < n) {
      const c = text.charCodeAt(at);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      at++;
    }
    return at;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(i);
      if (depth === 1) {
        const colon = skipWs(end);
        if (text.charCodeAt(colon) === 58 && JSON.parse(text.slice(i, end)) === 'data') {
          const v = skipWs(colon + 1);
          if (text.charCodeAt(v) !== 91) {
            found = undefined;
            i = v;
            continue;
          }
          // The array's elements: each from its first character to the last before `,` or `]` at its level.
          const items: string[] = [];
          let j = skipWs(v + 1);
          let start = j;
          let level = 0;
          while (j < n) {
            const d = text.charCodeAt(j);
            if (d === 34) {
              j = stringEnd(j);
              continue;
            }
            if (d === 123 || d === 91) level++;
            else if (d === 125 || d === 93) {
              if (level === 0) break;
              level--;
            } else if (d === 44 && level === 0) {
              if (items.length < max) items.push(oneLine(text.slice(start, j)));
              start = skipWs(j + 1);
            }
            j++;
          }
          if (j > start && items.length < max) items.push(oneLine(text.slice(start, j)));
          found = items;
          i = j + 1;
          continue;
        }
      }
      i = end;
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
    i++;
  }
  return found;
}

/**
 * An element's text without surrounding whitespace and without the tabs and line breaks JSON allows
 * between tokens (a string holds none raw: the text parsed), so that it is one line of plain text.
 */
export function oneLine(t: string): string {
  const s = t.trimEnd();
  return /[\t\r\n]/.test(s) ? s.replace(/[\t\r\n]/g, '') : s;
}

export function isIntegerText(s: string): boolean {
  return INT_RE.test(s);
}
