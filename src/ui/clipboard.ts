/**
 * Copy over SSH: OSC 52 (the terminal sets its clipboard from a base64 payload; works across SSH),
 * through tmux or screen when the app runs inside one. In tmux the text goes into tmux's own buffer
 * with `tmux load-buffer -w -` (tmux then sets the outer terminal's clipboard itself, whatever its
 * allow-passthrough); if that fails, OSC 52 in tmux's DCS passthrough. Server text stays inert: it
 * only ever travels as base64 inside the sequence.
 */
import { execFile } from 'node:child_process';

export type ClipboardSetting = 'osc52' | 'off';

/** Largest OSC 52 payload (base64) sent, as k9s: terminals drop or truncate longer ones. */
export const MAX_OSC52_BASE64 = 74_994;

/** The OSC 52 sequence for `text`, wrapped for screen or tmux (DCS passthrough) where needed. */
export function osc52(text: string, env: NodeJS.ProcessEnv): { bytes: string; how: string } | { error: string } {
  const b64 = Buffer.from(text, 'utf8').toString('base64');
  if (b64.length > MAX_OSC52_BASE64)
    return { error: `too large to copy: ${Math.ceil(b64.length / 1024)} KB of base64, terminals take about ${Math.floor(MAX_OSC52_BASE64 / 1024)} KB` };
  const seq = `\x1b]52;c;${b64}\x07`;
  if (env.TMUX) return { bytes: `\x1bPtmux;${seq.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`, how: 'OSC 52 through tmux passthrough' };
  if (env.STY || (env.TERM ?? '').startsWith('screen')) return { bytes: `\x1bP${seq}\x1b\\`, how: 'OSC 52 through screen' };
  return { bytes: seq, how: 'OSC 52' };
}

/** How `y` would copy here, in words (`relayer-tui info`). */
export function clipboardMethod(setting: ClipboardSetting, env: NodeJS.ProcessEnv): string {
  if (setting === 'off') return 'off (--clipboard off)';
  if (env.TMUX) return "tmux's buffer (tmux load-buffer -w), else OSC 52 through tmux passthrough";
  if (env.STY || (env.TERM ?? '').startsWith('screen')) return 'OSC 52 through screen';
  return 'OSC 52';
}

function tmuxLoadBuffer(text: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = execFile('tmux', ['load-buffer', '-w', '-'], { env, timeout: 3_000 }, (err) => resolve(!err));
    // tmux may be gone (or exit at once) before it reads: a broken pipe is a failed copy, not a crash.
    child.stdin?.on('error', () => resolve(false));
    child.on('error', () => resolve(false));
    child.stdin?.end(text);
  });
}

/**
 * A copier for the TUI: resolves with what it did, in words ("copied 66 chars via OSC 52"), or why
 * it did not. `write` puts bytes on the terminal (between frames: OSC 52 moves no cursor).
 */
export function makeCopier(setting: ClipboardSetting, env: NodeJS.ProcessEnv, write: (bytes: string) => void): (text: string) => Promise<string> {
  return async (text) => {
    const chars = [...text].length;
    if (setting === 'off') return 'Copying is off (--clipboard off)';
    if (env.TMUX && (await tmuxLoadBuffer(text, env))) return `copied ${chars} chars into tmux's buffer`;
    const seq = osc52(text, env);
    if ('error' in seq) return `Not copied: ${seq.error}`;
    write(seq.bytes);
    return `copied ${chars} chars via ${seq.how}`;
  };
}
