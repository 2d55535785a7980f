/**
 * Scrolling for Ink's incremental renderer (wired into ink/build/log-update.js by
 * scripts/patches.mjs). Ink rewrites every line that differs from the previous frame, so a list
 * scrolled by one row rewrote every visible row. When the new frame holds a block of the previous
 * one moved up or down, the terminal moves it instead: delete k lines at one end of the block and
 * insert k at the other (DL and IL, relative to the cursor: no scroll region, no absolute rows, so
 * it works wherever the frame sits). Deleting first pulls blank lines in at the bottom of the
 * screen and inserting pushes them back out, so nothing outside the block moves.
 *
 * The caller has the cursor on the frame's first line; the escapes leave it there. It then diffs
 * `lines` — the previous frame as the terminal now shows it — against the new frame as usual.
 */
export interface LineShift {
  escapes: string;
  lines: string[];
}

/** Fewer moved lines than this are cheaper to rewrite than to move. */
const MIN_MOVED = 3;

export function lineShift(previous: readonly string[], next: readonly string[], count: number): LineShift | undefined {
  let top = 0;
  while (top < count && previous[top] === next[top]) top++;
  let bottom = count - 1;
  while (bottom > top && previous[bottom] === next[bottom]) bottom--;
  const span = bottom - top + 1;
  if (span <= MIN_MOVED) return undefined;

  // The shift (positive: content moved up) that keeps the most non-empty lines.
  let best = 0;
  let shift = 0;
  for (let k = 1; k <= span - MIN_MOVED; k++) {
    let up = 0;
    let down = 0;
    for (let i = top; i + k <= bottom; i++) {
      if (next[i] === previous[i + k] && next[i] !== '') up++;
      if (next[i + k] === previous[i] && previous[i] !== '') down++;
    }
    if (up > best) [best, shift] = [up, k];
    if (down > best) [best, shift] = [down, -k];
  }
  if (best < MIN_MOVED) return undefined;

  const k = Math.abs(shift);
  const lines = [...previous];
  let escapes: string;
  if (shift > 0) {
    for (let i = top; i <= bottom; i++) lines[i] = i + k <= bottom ? previous[i + k]! : '';
    escapes = move(0, top) + csi(k, 'M') + move(top, bottom - k + 1) + csi(k, 'L') + move(bottom - k + 1, 0);
  } else {
    for (let i = bottom; i >= top; i--) lines[i] = i - k >= top ? previous[i - k]! : '';
    escapes = move(0, bottom - k + 1) + csi(k, 'M') + move(bottom - k + 1, top) + csi(k, 'L') + move(top, 0);
  }
  return { escapes, lines };
}

const csi = (n: number, final: string) => `\x1b[${n}${final}`;

/** Cursor up or down from line `from` to line `to` (nothing when they are the same). */
function move(from: number, to: number): string {
  return to > from ? csi(to - from, 'B') : to < from ? csi(from - to, 'A') : '';
}
