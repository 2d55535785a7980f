/**
 * String width for Ink's layout and output (wired in place of `string-width` for Ink and
 * widest-line by the bundler and the test config). Ink measures every text node and every line on
 * every frame; the real function takes a slow Unicode path as soon as a line holds one non-ASCII
 * character (our `…`, `›`, `│`), and that was most of a keypress's CPU. Plain text of
 * single-width characters is measured by its length; anything else once, then from a bounded cache.
 */
import stringWidth from 'string-width';

type Options = Parameters<typeof stringWidth>[1];

/** Printable ASCII and the single-width symbols this UI draws (each checked against string-width). */
const SINGLE_WIDTH = /^[\x20-\x7e…›‹│•·✓✗─↑↓←→⚠]*$/;
const MAX_CACHED = 2_000;
const cache = new Map<string, number>();

export default function fastStringWidth(text: string, options?: Options): number {
  if (options !== undefined || typeof text !== 'string') return stringWidth(text, options);
  if (SINGLE_WIDTH.test(text)) return text.length;
  let width = cache.get(text);
  if (width === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    width = stringWidth(text);
    cache.set(text, width);
  }
  return width;
}
