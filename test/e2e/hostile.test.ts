/**
 * E2E: the built CLI in a real pseudo-terminal against the hostile server (test/hostile/), every byte
 * it writes read: no control sequence from the server reaches the terminal, nothing blocks q, the
 * start-up request is made once, and the warnings of the start are on screen, not before it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unsafeBytes } from '../hostile/bytes.js';
import { startHostile, type Hostile } from '../hostile/server.js';
import { ENTER_ALT, KEY, LEAVE_ALT, Tui, assertBuilt, releaseCli, runCommand } from './pty.js';

beforeAll(assertBuilt);
afterAll(releaseCli);

let server: Hostile | undefined;
const tuis: Tui[] = [];
afterEach(async () => {
  await Promise.all(tuis.splice(0).map((t) => t.dispose()));
  await server?.close();
  server = undefined;
});

async function start(modes: string[], opts: { cols?: number; rows?: number; args?: string[]; url?: string } = {}): Promise<Tui> {
  server = await startHostile(modes);
  const tui = new Tui({ cols: opts.cols ?? 100, rows: opts.rows ?? 30, args: opts.args, env: { RELAYER_URL: opts.url ?? server.url, RELAYER_API_KEY: server.token } });
  tuis.push(tui);
  return tui;
}

/** What the CLI wrote while its screen was up (the alternate screen's own switches are the app's). */
const shown = (tui: Tui) => tui.raw.slice(tui.raw.indexOf(ENTER_ALT));

describe('a hostile server, through the built CLI in a pty (bytes read)', () => {
  it('a walk through every view at 100x30 writes no control sequence of the server, and q leaves cleanly', async () => {
    const tui = await start(['escapes']);
    await tui.waitForText('Evil', 10_000);
    await tui.waitForRawMode();
    tui.press('i');
    await tui.waitForText('notification_id');
    tui.press('v');
    await tui.waitForText('"notification_id"');
    tui.press(KEY.esc);
    await tui.waitForText(/STATE\s+NAME/);
    tui.press(KEY.enter);
    await tui.waitForText(/STATUS\s+NONCE/);
    tui.press(KEY.enter);
    await tui.waitForText('status_reason');
    tui.press('v');
    await tui.waitForText('"status_reason"');
    tui.press('v');
    tui.press('e');
    await tui.waitForText(/› value/);
    tui.press(KEY.ctrlS);
    await tui.waitForText('Review:');
    await tui.sendReview();
    await tui.waitForText('Refused by the server');
    // Nothing was edited: esc leaves the form at once (back on the transaction).
    tui.press(KEY.esc);
    await tui.waitForText('status_reason');
    await runCommand(tui, 'plugin p');
    await tui.waitForText(/› params/);
    tui.press(KEY.ctrlS);
    await tui.waitForText('Review:');
    await tui.sendReview();
    const s = await tui.waitForText('logs (2)');
    expect(s.join('\n')).toContain('msg');
    tui.press('q');
    const exit = await tui.waitForExit();
    expect(exit.exitCode).toBe(0);
    expect(tui.raw.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(tui.raw.indexOf(ENTER_ALT));
    expect(unsafeBytes(shown(tui))).toEqual([]);
    // No window title was ever set (xterm would have reported it).
    expect(tui.raw).not.toMatch(/\x1b\][012];/);
  });

  it('CJK and emoji names at 80x24: the id column starts at the same cell in every row', async () => {
    const tui = await start(['wide'], { cols: 80, rows: 24 });
    await tui.waitForText('Plain ASCII name', 10_000);
    await tui.flushed();
    const buf = tui.term.buffer.active;
    const cellsOf = (y: number) => {
      const line = buf.getLine(buf.viewportY + y)!;
      const out: string[] = [];
      for (let x = 0; x < tui.cols; x++) {
        const c = line.getCell(x)!;
        out.push(c.getWidth() === 0 ? '' : c.getChars() || ' ');
      }
      return out;
    };
    const rows = Array.from({ length: tui.rows }, (_, y) => cellsOf(y));
    const header = rows.findIndex((r) => /^\s+STATE\s+NAME/.test(r.join('')));
    const idAt = rows[header]!.join('').indexOf('ID ');
    for (const id of ['wide-cjk', 'wide-emoji', 'plain-ascii']) expect(rows.some((r) => r.slice(idAt, idAt + id.length).join('') === id), id).toBe(true);
    expect(unsafeBytes(shown(tui))).toEqual([]);
  });

  it('q quits at once with a 1,000,000-digit value on screen', async () => {
    const tui = await start(['digits']);
    await tui.waitForText('Plain Relayer', 10_000);
    await tui.waitForRawMode();
    await runCommand(tui, 'tx ok-relayer');
    await tui.waitForText('9999…9999 (1,');
    tui.press(KEY.enter);
    await tui.waitForText('9999…9999 (1,000,000 digits)');
    tui.press('q');
    expect((await tui.waitForExit(5_000)).exitCode).toBe(0);
  });

  it('a server that never answers gets one request for the relayers, not two; q still quits', async () => {
    const tui = await start(['hang']);
    await tui.waitForText('Loading relayers', 10_000);
    await tui.waitForRawMode();
    // 'Loading relayers' is drawn after the first frame's wait (300 ms) and as the screen's own load began: a second request would follow at once.
    await new Promise((r) => setTimeout(r, 250));
    expect(server!.requests.filter((r) => r.url.startsWith('/api/v1/relayers'))).toHaveLength(1);
    tui.press('q');
    expect((await tui.waitForExit(5_000)).exitCode).toBe(0);
  });

  it('start-up warnings (--token on the command line, cleartext http://) are shown inside the TUI, not printed before it', async () => {
    server = await startHostile([]);
    // An http:// URL to a host that is not this machine (it need not answer: the warning is about the URL).
    const tui = new Tui({ cols: 100, rows: 30, args: ['--url', 'http://relayer.invalid:8080', '--token', server.token, '--timeout', '1'], env: {} });
    tuis.push(tui);
    // The first warning, cut where the bar ends, and where every one is whole (:messages).
    const rows = await tui.waitForText(/⚠ --token is visible to other users.*… \(:messages\)/, 10_000);
    expect(rows.join('\n')).toMatch(/relayer\.invalid:8080 │ http! cleartext │/);
    // The cleartext mark stays after the flash is gone (any key clears a flash).
    tui.press('j');
    const after = await tui.waitForScreen((r) => !r.join('\n').includes('--token is visible'), 5_000, 'the flash cleared');
    expect(after.join('\n')).toMatch(/relayer\.invalid:8080 │ http! cleartext │/);
    // Not gone: the status bar keeps saying there are start-up warnings until :messages is read.
    expect(after.join('\n')).toContain('⚠ 2 start-up warnings: :messages');
    expect(tui.raw.slice(0, tui.raw.indexOf(ENTER_ALT))).not.toContain('warning');
  });
});
