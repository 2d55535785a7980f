/**
 * The terminal's lifecycle: alternate screen on start; on every exit path (quit, crash, SIGINT,
 * SIGTERM, SIGHUP) leave it, show the cursor and turn raw mode off. Restoring twice is harmless.
 */
import { safeLines, sanitize } from '../core/text/sanitize.js';

export const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[2J';
export const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';
/** The exit codes of the signals (128 + the signal's number). */
export const HANGUP_EXIT = 129;
export const SIGINT_EXIT = 130;
export const SIGTERM_EXIT = 143;

/**
 * The terminal is gone (SIGHUP: the SSH line dropped): its streams' failures (EIO on a dead pty,
 * EPIPE) are swallowed from now on, so a write that was already on its way cannot end the process.
 */
export function deafen(...streams: (NodeJS.ReadStream | NodeJS.WriteStream)[]): void {
  for (const s of streams) s.on('error', () => undefined);
}

export interface TerminalGuard {
  restore: () => void;
  /** Registers signal and crash handlers; `onExit` unmounts the app before the process exits. */
  install: (onExit: (code: number, report?: string) => void) => void;
  dispose: () => void;
}

export function guardTerminal(stdout: NodeJS.WriteStream, stdin: NodeJS.ReadStream): TerminalGuard {
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
    } catch {
      // stdin already gone (SSH drop)
    }
    try {
      stdout.write(LEAVE_ALT);
    } catch {
      // stdout already gone
    }
  };
  stdout.write(ENTER_ALT);
  // Raw mode now, not when Ink mounts its input: keys typed during startup must not echo.
  try {
    if (stdin.isTTY) stdin.setRawMode(true);
  } catch {
    // not a terminal after all
  }
  const listeners: [string, (...a: unknown[]) => void][] = [];
  return {
    restore,
    install(onExit) {
      const on = (ev: string, fn: (...a: unknown[]) => void) => {
        process.on(ev as NodeJS.Signals, fn);
        listeners.push([ev, fn]);
      };
      on('SIGINT', () => onExit(SIGINT_EXIT));
      on('SIGTERM', () => onExit(SIGTERM_EXIT));
      on('SIGHUP', () => onExit(HANGUP_EXIT));
      on('uncaughtException', (e) => onExit(1, crashReport(e)));
      on('unhandledRejection', (e) => onExit(1, crashReport(e)));
      on('exit', restore);
    },
    dispose() {
      for (const [ev, fn] of listeners) process.off(ev as NodeJS.Signals, fn);
    },
  };
}

/**
 * A short crash report: the message and the first frame of our own code, no full stack. The message
 * may quote server text: sanitized and capped like everything else drawn (src/core/text/sanitize.ts).
 */
export function crashReport(e: unknown): string {
  const err = e instanceof Error ? e : new Error(String(e));
  const frame = err.stack?.split('\n').find((l) => /^\s+at /.test(l))?.trim();
  const message = safeLines(err.message.slice(0, 2_000), 5).join('\n  ');
  return `relayer-tui crashed: ${message}${frame ? `\n  ${sanitize(frame)}` : ''}\nThe terminal was restored. Please report this with the steps that led to it.`;
}
