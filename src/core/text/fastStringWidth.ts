/**
 * String width for Ink's layout and output (wired in place of `string-width` for every dependency by
 * the bundler, and for Ink and widest-line by the test config). Ink measures every text node and
 * every line on every frame; the real function takes a slow Unicode path as soon as a line holds one
 * non-ASCII character (our `…`, `›`, `│`), and that was most of a keypress's CPU. Plain text of
 * single-width characters, coloured or not, is measured by its length without its colour codes;
 * anything else once, then from a bounded cache.
 */
import stringWidth from 'string-width';
import { SINGLE_WIDTH_SYMBOLS } from './glyphs.js';

type Options = Parameters<typeof stringWidth>[1];

/** Printable ASCII and the single-width symbols this UI draws (each checked against string-width). */
const SINGLE_WIDTH = new RegExp(`^[\\x20-\\x7e${SINGLE_WIDTH_SYMBOLS}]*$`);
/** Colour and style codes (SGR), which string-width does not count. */
const SGR = /\x1b\[[0-9;]*m/g;
const MAX_CACHED = 2_000;
const cache = new Map<string, number>();

export default function fastStringWidth(text: string, options?: Options): number {
  if (options !== undefined || typeof text !== 'string') return stringWidth(text, options);
  if (SINGLE_WIDTH.test(text)) return text.length;
  const plain = text.includes('\x1b') ? text.replace(SGR, '') : undefined;
  if (plain !== undefined && SINGLE_WIDTH.test(plain)) return plain.length;
  let width = cache.get(text);
  if (width === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    width = stringWidth(text);
    cache.set(text, width);
  }
  return width;
}
