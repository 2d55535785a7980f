/**
 * The stdout Ink writes frames to: the terminal's, with runs of "next line" escapes collapsed.
 *
 * Ink's incremental renderer skips each unchanged line of a frame with one `ESC[E` (3 bytes a line);
 * a cursor move in a 30-row list leaves most lines unchanged. `ESC[nE` moves the same n lines, so a
 * run becomes one counted escape (a cursor move stays near 250 bytes). A rewrite of bytes, not of
 * Ink: it needs nothing of Ink's state, so it sits in front of the stream (Ink's supported `stdout`
 * option) instead of inside Ink. Everything else passes to the real stream unchanged.
 */
const NEXT_LINE_RUN = /(?:\x1b\[E){2,}/g;

export function collapseNextLines(s: string): string {
  return s.includes('\x1b[E\x1b[E') ? s.replace(NEXT_LINE_RUN, (m) => `\x1b[${m.length / 3}E`) : s;
}

/** `muted`: the terminal hung up — frames are dropped, nothing is written (a dead pty's write fails). */
export function frameStdout(stdout: NodeJS.WriteStream, muted: () => boolean = () => false): NodeJS.WriteStream {
  const write = (chunk: unknown, ...rest: unknown[]) => {
    if (muted()) {
      const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      cb?.();
      return true;
    }
    return (stdout.write as (...a: unknown[]) => boolean)(typeof chunk === 'string' ? collapseNextLines(chunk) : chunk, ...rest);
  };
  return new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
