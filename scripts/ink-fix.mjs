// Ink 6.8's incremental log-update moves the cursor up one line too few when the previous frame
// ended with a newline (every frame shorter than the terminal does), so each redraw after the first
// lands one row low. Both the bundle (scripts/build.mjs) and the tests (vitest.config.ts) apply
// this one-expression fix; a changed Ink fails loudly instead of silently skipping it.
export const INK_LOG_UPDATE = /ink[\\/]build[\\/]log-update\.js$/;
const BUG = 'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));';
const FIX = "buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\\n') ? 0 : 1)));";

export function patchInkLogUpdate(src, file) {
  if (src.includes(FIX)) return src;
  if (!src.includes(BUG)) throw new Error(`ink log-update changed; re-check the incremental cursor fix in scripts/ink-fix.mjs (${file})`);
  return src.replace(BUG, FIX);
}
