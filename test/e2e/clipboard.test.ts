/**
 * E2E: copy is not claimed where it did not happen (issue 31, part 5). The built CLI in a pty, `y` on
 * the relayers list, against real tmux servers (each on its own socket, started and killed here):
 * - a stale TMUX (its server gone, the socket file left, as after a re-attached SSH session): no tmux,
 *   so plain OSC 52 reaches the terminal (no passthrough wrapper only tmux would unwrap), said as
 *   "sent to the terminal (OSC 52, not confirmed)" with the text in :messages;
 * - a live tmux: the text is in tmux's buffer (read back with `tmux show-buffer`), and what is said
 *   follows its set-clipboard option (off: kept in tmux; on/external: passed to the terminal).
 * Skipped, with the reason, only where tmux is not installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY, assertBuilt, disposeAll, releaseCli, runCommand, startCli, type Tui } from './pty.js';

function tmuxVersion(): string | undefined {
  try {
    return execFileSync('tmux', ['-V'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}
const TMUX_VERSION = tmuxVersion();
const NO_TMUX = 'tmux is not installed here (these tests need a real tmux server)';

const ID = 'arbitrum-payouts';
const B64 = Buffer.from(ID).toString('base64');
const PLAIN = `\x1b]52;c;${B64}\x07`;
const WRAPPED = `\x1bPtmux;\x1b\x1b]52;c;${B64}\x07\x1b\\`;

/** A tmux server on its own socket; `env` is what a shell inside it has (TMUX = socket,pid,session). */
class TmuxServer {
  readonly socket: string;
  readonly env: { TMUX: string };
  constructor() {
    this.socket = join(mkdtempSync(join(tmpdir(), 'relayer-tui-tmux-')), 'sock');
    this.run('-f', '/dev/null', 'new-session', '-d', '-s', 'ops', '-x', '80', '-y', '24');
    const pid = this.run('display-message', '-p', '#{pid}').trim();
    const session = this.run('display-message', '-p', '#{session_id}').trim().replace(/^\$/, '');
    this.env = { TMUX: `${this.socket},${pid},${session}` };
  }
  run(...args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
  buffer(): string | undefined {
    try {
      return this.run('show-buffer');
    } catch {
      return undefined;
    }
  }
  kill(): void {
    try {
      this.run('kill-server');
    } catch {
      // already gone
    }
  }
}

const servers: TmuxServer[] = [];
beforeAll(assertBuilt);
afterEach(async () => {
  await disposeAll();
  for (const s of servers.splice(0)) s.kill();
});
afterAll(releaseCli);

/** The CLI with the built-in sandbox and this TMUX; `y` on the first relayer (arbitrum-payouts). */
async function copyFirstId(env: Record<string, string>): Promise<{ tui: Tui }> {
  // Wide enough for the status bar to show the tmux cases' words whole (:messages has them at any width).
  const tui = await startCli({ cols: 160, env: { RELAYER_TUI_CONFIG_DIR: '/nonexistent', ...env } });
  await tui.waitForText('Arbitrum Payouts');
  tui.press('y');
  await tui.waitForText(/│ id: /);
  return { tui };
}

describe.skipIf(!TMUX_VERSION)(`copy says what happened (e2e, real tmux servers${TMUX_VERSION ? `, ${TMUX_VERSION}` : `: skipped, ${NO_TMUX}`})`, () => {
  it('a stale TMUX (its server gone): plain OSC 52 reaches the terminal, said as not confirmed, the text in :messages', async () => {
    const server = new TmuxServer();
    servers.push(server);
    const env = server.env;
    server.kill();
    const { tui } = await copyFirstId(env);
    const rows = await tui.waitForText('sent to the terminal (OSC 52, not confirmed)');
    const text = rows.join('\n');
    // Said, and where the text can be read instead (the status bar's "… (:messages)").
    expect(text).toMatch(/│ id: sent to the terminal \(OSC 52, not confirmed\) … \(:messages\)/);
    expect(text).not.toMatch(/passthrough|copied/);
    // The sequence the terminal acts on, not a wrapper only a tmux would unwrap.
    expect(tui.raw).toContain(PLAIN);
    expect(tui.raw).not.toContain('\x1bPtmux;');
    // Where the text can be read instead: :messages keeps it whole.
    await runCommand(tui, 'messages');
    const msgs = await tui.waitForText('messages (');
    const m = msgs.join('\n');
    expect(m).toContain('id: sent to the terminal (OSC 52, not confirmed)');
    expect(m).toContain('16 chars; the text, to read here if your clipboard did not get it:');
    expect(msgs.some((r) => r.trim().endsWith(ID))).toBe(true);
  });

  it("a live tmux with set-clipboard off: in tmux's buffer only, said so; nothing sent to the terminal", async () => {
    const server = new TmuxServer();
    servers.push(server);
    server.run('set-option', '-g', 'set-clipboard', 'off');
    const { tui } = await copyFirstId(server.env);
    // (The copy runs tmux commands: 10 s, as a loaded CI machine once took more than 5.)
    const rows = await tui.waitForText("tmux's buffer", 10_000);
    expect(rows.join('\n')).toContain("│ id: copied 16 chars into tmux's buffer only (set-clipboard off: not passed to the terminal; paste with prefix ])");
    expect(server.buffer()).toBe(ID);
    expect(tui.raw).not.toContain(PLAIN);
    expect(tui.raw).not.toContain(WRAPPED);
  });

  it('a live tmux with set-clipboard on or external: in its buffer, and said to be passed on to the terminal', async () => {
    for (const option of ['external', 'on']) {
      const server = new TmuxServer();
      servers.push(server);
      server.run('set-option', '-g', 'set-clipboard', option);
      const { tui } = await copyFirstId(server.env);
      const rows = await tui.waitForText("tmux's buffer", 10_000);
      expect(rows.join('\n')).toContain(`│ id: copied 16 chars into tmux's buffer; tmux passes it to the terminal (set-clipboard ${option})`);
      expect(server.buffer()).toBe(ID);
      await tui.dispose();
    }
  });

  it('without tmux: plain OSC 52, never claimed as copied', async () => {
    const { tui } = await copyFirstId({});
    await tui.waitForText('sent to the terminal (OSC 52, not confirmed)');
    expect(tui.raw).toContain(PLAIN);
    tui.press(KEY.esc);
  });
});
