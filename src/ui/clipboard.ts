/**
 * Copy over SSH: OSC 52 (the terminal sets its clipboard from a base64 payload; works across SSH),
 * through tmux or screen when the app runs inside one. In tmux the text goes into tmux's own buffer
 * with `tmux load-buffer -w -` (tmux then sets the outer terminal's clipboard itself when its
 * set-clipboard option is on or external, whatever its allow-passthrough); if that fails, OSC 52 in
 * tmux's DCS passthrough. A TMUX whose server does not answer is no tmux: plain OSC 52. What is said
 * is what happened: OSC 52 is "sent, not confirmed". Server text stays inert: it only ever travels as
 * base64 inside the sequence.
 */
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
  if (env.TMUX)
    return "tmux's buffer (tmux load-buffer -w; its set-clipboard option says whether it reaches the terminal), else OSC 52 through tmux passthrough; plain OSC 52 when TMUX names a server that does not answer";
  if (env.STY || (env.TERM ?? '').startsWith('screen')) return 'OSC 52 through screen (not confirmed: no program can read back the clipboard)';
  return 'OSC 52 (not confirmed: no program can read back the clipboard)';
}

/** How long a tmux command may take before its server counts as not answering. */
const TMUX_TIMEOUT_MS = 2_000;

/** Runs tmux (the server TMUX names), feeding `input`: its stdout, or undefined when it failed or did not answer. */
function tmux(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    // node:child_process is loaded on the first copy in tmux, not on every start (5-20 ms).
    const { execFile } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
    const child = execFile('tmux', args, { env, timeout: TMUX_TIMEOUT_MS }, (err, stdout) => resolve(err ? undefined : String(stdout)));
    // tmux may exit before its stdin is written or closed (show-options never reads it): a broken pipe is
    // not a crash, and not the answer either — tmux's exit says how the command went (the callback above).
    // Resolved from here, a tmux that answered quickly counted as no tmux at all (plain OSC 52, "not confirmed").
    child.stdin?.on('error', () => undefined);
    child.on('error', () => resolve(undefined));
    child.stdin?.end(input ?? '');
  });
}

/** What a copy did, in words; `unconfirmed`: it went to the terminal and nothing can say whether it arrived. */
export interface CopyResult {
  said: string;
  tone: 'info' | 'warn';
  unconfirmed?: boolean;
  /** How many characters went (said in :messages beside the text when unconfirmed). */
  chars?: number;
}

/** The line before the copied text in :messages, where it can be read when the clipboard cannot be confirmed. */
export const READ_IT_HERE = 'the text, to read here if your clipboard did not get it:';

/**
 * A copier for the TUI: resolves with what it did, in words, never claiming more than happened.
 * In tmux (TMUX set and its server answering) the text goes into tmux's buffer, and whether tmux
 * passes it on to the terminal is read from its `set-clipboard` option (on/external: passed, off:
 * kept in tmux). A TMUX whose server does not answer (a re-attached SSH session, a shell moved out
 * of tmux) is no tmux: plain OSC 52, since only tmux understands its passthrough wrapper. OSC 52
 * cannot be confirmed by any program: said so, with where the text can be read instead.
 * `write` puts bytes on the terminal (between frames: OSC 52 moves no cursor).
 */
export function makeCopier(setting: ClipboardSetting, env: NodeJS.ProcessEnv, write: (bytes: string) => void): (text: string) => Promise<CopyResult> {
  return async (text) => {
    const chars = [...text].length;
    if (setting === 'off') return { said: 'Copying is off (--clipboard off)', tone: 'warn' };
    let sendEnv = env;
    if (env.TMUX) {
      // Does tmux's server answer? Its clipboard option, read first, says so.
      const option = (await tmux(['show-options', '-gv', 'set-clipboard'], env))?.trim();
      if (option === undefined) {
        // No tmux behind TMUX: nothing would unwrap a passthrough; the terminal gets plain OSC 52.
        const { TMUX: _stale, ...rest } = env;
        sendEnv = { ...rest, TERM: (rest.TERM ?? '').startsWith('screen') && !rest.STY ? 'xterm' : rest.TERM };
      } else if ((await tmux(['load-buffer', '-w', '-'], env, text)) !== undefined) {
        if (option === 'off')
          return { said: `copied ${chars} chars into tmux's buffer only (set-clipboard off: not passed to the terminal; paste with prefix ])`, tone: 'warn' };
        if (option === 'on' || option === 'external') return { said: `copied ${chars} chars into tmux's buffer; tmux passes it to the terminal (set-clipboard ${option})`, tone: 'info' };
        return { said: `copied ${chars} chars into tmux's buffer (set-clipboard ${option || 'unreadable'}: whether tmux passes it to your terminal is not known)`, tone: 'info' };
      }
    }
    const seq = osc52(text, sendEnv);
    if ('error' in seq) return { said: `Not copied: ${seq.error}`, tone: 'warn' };
    write(seq.bytes);
    // Short: the status bar shows it whole at 80 columns, then "… (:messages)", where the text is.
    const said = seq.how === 'OSC 52' ? 'sent to the terminal (OSC 52, not confirmed)' : `sent to the terminal (${seq.how}, not confirmed)`;
    return { said, tone: 'info', unconfirmed: true, chars };
  };
}
