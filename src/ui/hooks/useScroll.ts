/**
 * A cursor over a detail view's rows (j/k move it, PgUp/PgDn a screenful, g/G the ends), and the
 * window that keeps it visible: `y` copies the field the cursor is on.
 */
import { useRef, useState } from 'react';
import type { Command } from '../keymap.js';
import { scrolled } from '../state/pagedList.js';

export function useScroll(lineCount: number, height: number) {
  const [pos, setPos] = useState({ cursor: 0, top: 0 });
  const ref = useRef(pos);
  ref.current = pos;
  const last = Math.max(0, lineCount - 1);
  const cursor = Math.min(pos.cursor, last);
  const top = scrolled(Math.min(pos.top, Math.max(0, lineCount - height)), cursor, height, lineCount);
  const apply = (cmd: Command): boolean => {
    const delta: Partial<Record<Command, number>> = {
      up: -1,
      down: 1,
      pageUp: -height,
      pageDown: height,
      halfUp: -Math.floor(height / 2),
      halfDown: Math.floor(height / 2),
      first: -Infinity,
      last: Infinity,
    };
    const d = delta[cmd];
    if (d === undefined) return false;
    setPos((p) => {
      const c = Math.max(0, Math.min(last, Math.min(p.cursor, last) + d));
      // A screenful moves the window with the cursor.
      const t = cmd === 'pageDown' || cmd === 'pageUp' ? Math.max(0, Math.min(p.top + d, lineCount - height)) : p.top;
      return { cursor: c, top: scrolled(t, c, height, lineCount) };
    });
    return true;
  };
  return { scroll: top, cursor, apply, reset: () => setPos({ cursor: 0, top: 0 }) };
}
