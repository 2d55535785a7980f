// Patches to Ink 6.8, applied by both the bundle (scripts/build.mjs) and the tests
// (vitest.config.ts). Each replaces one exact expression; a changed Ink fails loudly instead of
// silently skipping a fix.
export const INK_PATCHED = /ink[\\/]build[\\/](log-update|output|measure-text|wrap-text)\.js$/;

const PATCHES = {
  'log-update': [
    // The incremental log-update moves the cursor up one line too few when the previous frame
    // ended with a newline (every frame shorter than the terminal does), so each redraw after the
    // first lands one row low.
    [
      'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));',
      "buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\\n') ? 0 : 1)));",
    ],
    // Unchanged lines are skipped with one "next line" escape each (3 bytes a line); a run of them
    // collapses into one counted escape, which keeps a cursor move in a 30-row frame near 250 bytes.
    [
      "stream.write(buffer.join(''));",
      "stream.write(buffer.join('').replace(/(?:\\u001B\\[E){2,}/g, (m) => `\\u001B[${m.length / 3}E`));",
    ],
  ],
  output: [
    // Each frame built its own cache of styled characters and widths per line, so every frame
    // re-tokenised every line (the bulk of a keypress's CPU). Most lines repeat from frame to frame:
    // share one bounded cache across frames. The cached character objects are only read.
    [
      '    caches = new OutputCaches();',
      '    caches = sharedOutputCaches();',
    ],
    [
      'export default class Output {',
      'let sharedCaches;\nfunction sharedOutputCaches() {\n    if (!sharedCaches || sharedCaches.styledChars.size > 300 || sharedCaches.widths.size > 5000 || sharedCaches.slices.size > 300) sharedCaches = new OutputCaches();\n    return sharedCaches;\n}\nexport default class Output {',
    ],
    // Lines inside a clipping box (overflow hidden) are cut with sliceAnsi on every frame: cache
    // the cut lines too (same line, same bounds, same result).
    [
      'class OutputCaches {\n    widths = new Map();',
      "class OutputCaches {\n    slices = new Map();\n    getSlice(line, from, to) {\n        const key = from + ':' + to + ':' + line;\n        let cached = this.slices.get(key);\n        if (cached === undefined) {\n            cached = sliceAnsi(line, from, to);\n            this.slices.set(key, cached);\n        }\n        return cached;\n    }\n    widths = new Map();",
    ],
    ['return sliceAnsi(line, from, to);', 'return this.caches.getSlice(line, from, to);'],
  ],
  // Ink keeps the size of every text it ever measured and every line it ever wrapped, in module-level
  // maps that never shrink: paging through a million transactions grew the heap without end. Bound them.
  'measure-text': [['    cache.set(text, dimensions);', '    if (cache.size >= 5000) cache.clear();\n    cache.set(text, dimensions);']],
  'wrap-text': [
    ['const cache = {};', 'let cache = {};\nlet cacheSize = 0;'],
    ['    cache[cacheKey] = wrappedText;', '    if (++cacheSize > 5000) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;'],
  ],
};

export function patchInk(src, file) {
  const name = INK_PATCHED.exec(file)?.[1];
  const patches = name ? PATCHES[name] : undefined;
  if (!patches) return src;
  let out = src;
  for (const [from, to] of patches) {
    if (out.includes(to)) continue;
    if (out.split(from).length !== 2) throw new Error(`ink changed; re-check the patches in scripts/ink-fix.mjs (${file}: ${from})`);
    out = out.replace(from, to);
  }
  return out;
}
