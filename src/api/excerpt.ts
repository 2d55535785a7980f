/** A short plain-text excerpt of an error page (text/plain or HTML), in one linear pass. */

/** How much of a text or HTML error page the excerpt reads: the first 300 characters of text are in there. */
const EXCERPT_SCAN = 256 * 1024;

const ENTITIES: [string, string][] = [
  ['&nbsp;', ' '],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&#39;', "'"],
  ['&amp;', '&'],
];

/**
 * A short plain-text excerpt of a text/plain or HTML body: no tags, comments, scripts or styles,
 * whitespace collapsed, at most 300 characters. One pass over at most EXCERPT_SCAN characters:
 * linear whatever the page holds (`stats.steps` counts the characters it moved over).
 */
export function excerpt(text: string, stats?: { steps: number }): string {
  const end = Math.min(text.length, EXCERPT_SCAN);
  let out = '';
  let space = false;
  let i = 0;
  let steps = 0;
  const to = (j: number) => {
    steps += Math.max(1, j - i);
    i = j;
  };
  const emit = (s: string) => {
    if (space && out !== '') out += ' ';
    space = false;
    out += s;
  };
  while (i < end && out.length <= 300) {
    const c = text.charCodeAt(i);
    if (c === 60 /* < */) {
      if (text.startsWith('<!--', i)) {
        const close = text.indexOf('-->', i + 4);
        if (close < 0 || close >= end) break;
        to(close + 3);
        space = true;
        continue;
      }
      const close = text.indexOf('>', i + 1);
      if (close < 0 || close >= end) break;
      const name = /^<\s*(script|style)\b/i.exec(text.slice(i, Math.min(close + 1, i + 16)))?.[1]?.toLowerCase();
      to(close + 1);
      space = true;
      if (name) {
        // Skip to the matching close tag: each `</` is looked at once.
        let k = i;
        for (;;) {
          const lt = text.indexOf('</', k);
          if (lt < 0 || lt >= end) {
            to(end);
            break;
          }
          steps += lt - k;
          if (text.slice(lt + 2, lt + 2 + name.length).toLowerCase() === name) {
            const gt = text.indexOf('>', lt);
            to(gt < 0 || gt >= end ? end : gt + 1);
            break;
          }
          k = lt + 2;
        }
      }
      continue;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12) {
      space = true;
      to(i + 1);
      continue;
    }
    if (c === 38 /* & */) {
      const entity = ENTITIES.find(([name]) => text.startsWith(name, i));
      if (entity) {
        if (entity[1] === ' ') space = true;
        else emit(entity[1]);
        to(i + entity[0].length);
        continue;
      }
    }
    // A run of ordinary characters at once.
    let j = i + 1;
    while (j < end && j - i < 400) {
      const d = text.charCodeAt(j);
      if (d === 60 || d === 38 || d === 32 || d === 9 || d === 10 || d === 13 || d === 12) break;
      j++;
    }
    emit(text.slice(i, j));
    to(j);
  }
  if (stats) stats.steps += steps;
  return out.length > 300 ? `${out.slice(0, 299)}…` : out;
}

