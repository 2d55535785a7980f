/** Renders the app against a real sandbox over loopback HTTP, with a sized fake terminal. */
import { EventEmitter } from 'node:events';
import { render as inkRender } from 'ink';
import { vi } from 'vitest';
import xterm from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { createRelayerClient, type RelayerClient } from '../../src/api/index.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { App } from '../../src/ui/App.js';
import { ActivityLog } from '../../src/ui/activityLog.js';
import { frameStdout } from '../../src/ui/frameStdout.js';
import { makeCopier } from '../../src/ui/clipboard.js';
import type { Services } from '../../src/ui/services.js';
import type { Route } from '../../src/ui/state/shell.js';

export class FakeStdout extends EventEmitter {
  isTTY = true;
  frames: string[] = [];
  bytes = 0;
  constructor(
    public columns = 100,
    public rows = 30,
  ) {
    super();
  }
  write = (s: string) => {
    this.frames.push(s);
    this.bytes += Buffer.byteLength(s);
    return true;
  };
  lastFrame = () => this.frames[this.frames.length - 1] ?? '';
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

export class FakeStdin extends EventEmitter {
  isTTY = true;
  private queue: string[] = [];
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => this.queue.shift() ?? null;
  write = (data: string) => {
    this.queue.push(data);
    this.emit('readable');
  };
}

export interface Harness {
  sandbox: Sandbox;
  client: RelayerClient;
  stdout: FakeStdout;
  stdin: FakeStdin;
  frame: () => string;
  /** Sends keys one by one (each as its own input event), letting Ink process each. */
  press: (...keys: string[]) => Promise<void>;
  waitFor: (pred: (frame: string) => boolean, what?: string) => Promise<string>;
  unmount: () => Promise<void>;
  /** The emulated terminal's screen (terminal mode), one string per row, right-trimmed. */
  screen: () => string[];
  /** Resolves when everything written so far has been parsed by the emulator. */
  flushed: () => Promise<void>;
  /** Terminal mode: each row as its cells, one string a column ('' for the second cell of a wide character). */
  cells: () => string[][];
  /** Terminal mode: window titles the output set (OSC 0/2), in order. */
  titles: string[];
  /** What `y`/`Y` copied, in order. */
  copied: string[];
  /**
   * Sends the review on screen as an operator must: paged to its end first (space; ↓ where a word is
   * typed) while its footer says rows are below, not seen yet — a review is sent only once all of it has
   * been on screen — then y (or, where a word is typed, enter).
   */
  sendReview: () => Promise<void>;
}

export const KEY = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  shiftTab: '\x1b[Z',
  backspace: '\x7f',
  ctrlC: '\x03',
  ctrlS: '\x13',
  ctrlD: '\x04',
  ctrlU: '\x15',
  f1: '\x1bOP',
};

const tick = () => new Promise<void>((r) => setImmediate(r));

export interface HarnessOptions {
  columns?: number;
  rows?: number;
  sandbox?: SandboxOptions;
  services?: Partial<Services>;
  route?: Route;
  client?: { timeoutMs?: number; maxRetries?: number; token?: string };
  /** Another server to talk to (e.g. test/hostile/server.ts) instead of the sandbox (which still starts). */
  server?: { url: string; token: string };
  /**
   * Render as the CLI does (incremental rendering, 15 fps, no debug frames) into a terminal
   * emulator: `screen()` is what an operator sees, `stdout.bytes` what crossed the wire.
   */
  terminal?: boolean;
}

export async function renderApp(opts: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox(opts.sandbox);
  const activity = new ActivityLog();
  const client = createRelayerClient({
    onExchange: (e) => activity.add(e),
    baseUrl: opts.server?.url ?? sandbox.url,
    token: opts.client?.token ?? opts.server?.token ?? sandbox.token,
    timeoutMs: opts.client?.timeoutMs,
    maxRetries: opts.client?.maxRetries ?? 0,
  });
  const stdout = new FakeStdout(opts.columns, opts.rows);
  const stdin = new FakeStdin();
  const term = opts.terminal ? new xterm.Terminal({ cols: stdout.columns, rows: stdout.rows, allowProposedApi: true, convertEol: true }) : undefined;
  if (term) {
    // Emoji are two cells wide, as in tmux and today's terminals (xterm.js defaults to Unicode 6).
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
  }
  let parsed = Promise.resolve();
  if (term) {
    const write = stdout.write;
    stdout.write = (chunk: string) => {
      parsed = parsed.then(() => new Promise<void>((r) => term.write(chunk, r)));
      return write(chunk);
    };
    stdout.on('resize', () => term.resize(stdout.columns, stdout.rows));
  }
  const copied: string[] = [];
  const services: Services = {
    client,
    serverLabel: 'SANDBOX',
    serverUrl: opts.server?.url ?? sandbox.url,
    readOnly: false,
    now: Date.now,
    activity,
    // OSC 52 onto the fake terminal, as the CLI writes it (no tmux here); what was copied is kept too.
    copy: (text) => {
      copied.push(text);
      return makeCopier('osc52', {}, (b) => stdout.write(b))(text);
    },
    ...opts.services,
  };
  const instance = inkRender(<App services={services} initialRoute={opts.route} />, {
    // In a terminal, through the stdout the CLI gives Ink (src/ui/run.tsx): the bytes are the CLI's.
    stdout: opts.terminal ? frameStdout(stdout as unknown as NodeJS.WriteStream) : (stdout as unknown as NodeJS.WriteStream),
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: !opts.terminal,
    exitOnCtrlC: false,
    patchConsole: false,
    ...(opts.terminal ? { incrementalRendering: true, maxFps: 15 } : {}),
  });
  const screen = () => {
    if (!term) return stdout.lastFrame().split('\n');
    const buf = term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < term.rows; i++) lines.push(buf.getLine(buf.viewportY + i)?.translateToString(true) ?? '');
    return lines;
  };
  const frame = () => (term ? screen().join('\n') : stdout.lastFrame());
  const titles: string[] = [];
  term?.onTitleChange((t) => titles.push(t));
  const cells = () => {
    if (!term) throw new Error('cells() needs terminal: true');
    const buf = term.buffer.active;
    const rows: string[][] = [];
    for (let y = 0; y < term.rows; y++) {
      const line = buf.getLine(buf.viewportY + y);
      const row: string[] = [];
      for (let x = 0; x < term.cols; x++) {
        const cell = line?.getCell(x);
        row.push(!cell ? ' ' : cell.getWidth() === 0 ? '' : cell.getChars() || ' ');
      }
      rows.push(row);
    }
    return rows;
  };
  const harness: Harness = {
    sandbox,
    client,
    stdout,
    stdin,
    frame,
    sendReview: async () => {
      await parsed;
      const typed = /Type \S+ and enter to send/.test(frame());
      for (let i = 0; i < 40 && /more rows? below, not seen yet/.test(frame()); i++) {
        await harness.press(typed ? KEY.down : ' ');
        await parsed;
      }
      await harness.press(typed ? KEY.enter : 'y');
    },
    press: async (...keys) => {
      for (const k of keys) {
        stdin.write(k);
        await tick();
        await tick();
      }
    },
    waitFor: async (pred, what = 'condition') => {
      await vi.waitFor(
        async () => {
          await parsed;
          if (!pred(frame())) throw new Error(`waiting for ${what}; last frame:\n${frame()}`);
        },
        { timeout: 5000, interval: 10 },
      );
      await tick();
      return frame();
    },
    screen,
    copied,
    cells,
    titles,
    flushed: () => parsed,
    unmount: async () => {
      instance.unmount();
      term?.dispose();
      instance.cleanup();
      await client.close();
      await sandbox.close();
    },
  };
  return harness;
}
