/** The word a typo was probably meant to be: the command line's and the palette's "did you mean". */

/** Of `words`, the one `word` was probably meant to be: a prefix of it, or at most `edits` edits away. */
export function nearestWord(word: string, words: readonly string[], edits: number): string | undefined {
  let best: { c: string; d: number } | undefined;
  for (const c of words) {
    const d = c.startsWith(word) && word.length >= 2 ? 0 : editDistance(word.toLowerCase(), c);
    if (d <= edits && (!best || d < best.d)) best = { c, d };
  }
  return best?.c;
}

/** Levenshtein distance, for short words (commands). */
function editDistance(a: string, b: string): number {
  if (a.length > 40) return Infinity;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}
