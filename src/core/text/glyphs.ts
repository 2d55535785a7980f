/**
 * The symbols this UI draws that take one cell each (checked against string-width), beside
 * printable ASCII: the fast width paths (fastStringWidth, cells.ts) and the grapheme shortcut patched
 * into Ink's tokenizer (scripts/patches.mjs reads this line) all take them from here.
 */
export const SINGLE_WIDTH_SYMBOLS = '…›‹│•·✓✗─↑↓←→⚠▁▂▃▄▅▆▇█';
