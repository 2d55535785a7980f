/** Line scrolling for detail views, driven by the keymap's list/detail commands. */
import { useState } from 'react';
import type { Command } from '../keymap.js';

export function useScroll(lineCount: number, height: number) {
  const [scroll, setScroll] = useState(0);
  const max = Math.max(0, lineCount - height);
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
    setScroll((s) => Math.max(0, Math.min(Math.min(s, max) + d, max)));
    return true;
  };
  return { scroll: Math.min(scroll, max), apply, reset: () => setScroll(0) };
}
