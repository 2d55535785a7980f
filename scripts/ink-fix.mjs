// Ink 6.8's incremental log-update moves the cursor up one line too few when the previous frame
// ended with a newline (every frame shorter than the terminal does), so each redraw after the first
// lands one row low. Both the bundle (scripts/build.mjs) and the tests (vitest.config.ts) apply
// this one-expression fix; a changed Ink fails loudly instead of silently skipping it.
export const INK_LOG_UPDATE = /ink[\\/]build[\\/]log-update\.js$/;
const BUG = 'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));';
const FIX = "buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\\n') ? 0 : 1)));";

// Unchanged lines are skipped with one "next line" escape each (3 bytes a line); a run of them
// collapses into one counted escape, which keeps a cursor move in a 30-row frame near 250 bytes.
const WRITE = "stream.write(buffer.join(''));";
const WRITE_COLLAPSED = "stream.write(buffer.join('').replace(/(?:\\u001B\\[E){2,}/g, (m) => `\\u001B[${m.length / 3}E`));";

export function patchInkLogUpdate(src, file) {
  if (src.includes(FIX)) return src;
  if (!src.includes(BUG) || src.split(WRITE).length !== 2)
    throw new Error(`ink log-update changed; re-check the incremental renderer fixes in scripts/ink-fix.mjs (${file})`);
  return src.replace(BUG, FIX).replace(WRITE, WRITE_COLLAPSED);
}
