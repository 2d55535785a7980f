/**
 * E2E harness: the built CLI (dist/cli.cjs) in a real pseudo-terminal (node-pty), its output fed to a
 * headless xterm for the screen and also kept as the raw byte stream (to check escape sequences).
 * The benchmarks (bench/) drive the CLI through the same class: it also counts bytes, times output
 * chunks (when a text first arrived, when the screen changed after a key) and reads the child's memory.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import xterm from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import * as pty from 'node-pty';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'dist', 'cli.cjs');

/** Escape sequences the terminal contract is about (src/ui/terminal.ts). */
export const ENTER_ALT = '\x1b[?1049h';
export const LEAVE_ALT = '\x1b[?1049l';
export const SHOW_CURSOR = '\x1b[?25h';
export const HIDE_CURSOR = '\x1b[?25l';
/** Synchronized output: Ink wraps each frame in begin/end (DEC mode 2026) on a TTY. */
export const BEGIN_SYNC = '\x1b[?2026h';
export const END_SYNC = '\x1b[?2026l';

/** Keys as the bytes a terminal sends. */
export const KEY = {
  enter: '\r',
  esc: '\x1b',
  tab: '\t',
  ctrlC: '\x03',
  ctrlS: '\x13',
  ctrlU: '\x15',
  down: '\x1b[B',
  up: '\x1b[A',
} as const;

/** Data rows of a table: the rows under the column header, up to the status bar. */
export function tableRows(rows: string[], header: RegExp): string[] {
  const h = rows.findIndex((r) => header.test(r));
  if (h < 0) return [];
  const out: string[] = [];
  for (const r of rows.slice(h + 1)) {
    if (!/^[› ][ *]\S/.test(r)) break;
    out.push(r);
  }
  return out;
}

/** Column headers of the relayers and (EVM) transactions tables. */
export const RELAYER_HEADER = /^\s+STATE\s+NAME\s+ID/;
export const TX_HEADER = /^\s+STATUS\s+NONCE/;

export function assertBuilt(): void {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: the e2e tests drive the built CLI. Run \`npm run build\` first (\`npm test\` builds before vitest).`);
}

let snapshotDir: string | undefined;
/**
 * The CLI the tests run: a copy of dist/ taken once per test file (removed by `releaseCli` in
 * afterAll). The bundle is self-contained (esbuild bundles every dependency), so the copy is the
 * built CLI byte for byte; it only protects a run from a concurrent `npm run build`, which deletes
 * and rewrites dist/ while CLIs are starting.
 */
export function cliPath(): string {
  assertBuilt();
  if (!snapshotDir) {
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-e2e-'));
    snapshotDir = dir;
    cpSync(dirname(CLI), dir, { recursive: true });
    if (!existsSync(join(dir, 'cli.cjs'))) throw new Error(`Copying ${dirname(CLI)} failed (was it being rebuilt?)`);
  }
  return join(snapshotDir, 'cli.cjs');
}

/** Kills what is left and removes the copy of dist/ (use in afterAll). */
export async function releaseCli(): Promise<void> {
  await disposeAll();
  if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
  rmSync(TEST_HOME, { recursive: true, force: true });
  snapshotDir = undefined;
}

export interface SpawnOptions {
  cols?: number;
  rows?: number;
  args?: string[];
  /** Merged over the inherited environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Another copy of the built launcher to run (default: this run's snapshot of dist/cli.cjs). */
  cli?: string;
  /** An executable to run itself (the single executable), instead of Node with `cli`. */
  file?: string;
  /** Texts whose first arrival in the output is timed (`seenAt`): a start's first frame. */
  watchFor?: string[];
}

/** The pty's line discipline, read from outside with stty: raw mode means no icanon and no echo. */
export interface Termios {
  icanon: boolean;
  echo: boolean;
}

/** Reads the termios of a pty slave (`/dev/pts/N`) with stty; undefined once the pty is gone. */
export function readTermios(pts: string): Termios | undefined {
  let out: string;
  try {
    out = execFileSync('stty', [process.platform === 'darwin' ? '-f' : '-F', pts, '-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    return undefined;
  }
  const flags = new Set(out.split(/[\s;]+/));
  return { icanon: flags.has('icanon'), echo: flags.has('echo') };
}

export interface Exit {
  exitCode: number;
  signal?: number;
  /** performance.now() at the exit. */
  at: number;
}

/** Variables that would point the CLI at a real server or change its mode: never inherited. */
const STRIPPED_ENV = ['RELAYER_URL', 'RELAYER_API_KEY', 'RELAYER_TUI_READ_ONLY', 'NO_COLOR', 'RELAYER_TUI_CONTEXT', 'RELAYER_TUI_DIALECT', 'RELAYER_TUI_CLIPBOARD', 'TMUX', 'STY'];

/** Config, state and cache of the CLIs under test: one temporary home for the run, never the operator's. */
const TEST_HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-home-'));

/** A process's main thread so far: CPU ms (schedstat) and page faults (minor + major), or undefined off Linux. */
export function mainThreadCost(pid: number): { cpuMs: number; faults: number } | undefined {
  try {
    const cpuNs = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
    // Fields after the command's closing parenthesis: state is the first, minflt the 8th, majflt the 10th.
    const f = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { cpuMs: cpuNs / 1e6, faults: Number(f[7]) + Number(f[9]) };
  } catch {
    return undefined;
  }
}

export class Tui {
  readonly proc: pty.IPty;
  readonly term: InstanceType<typeof xterm.Terminal>;
  /** Every byte the CLI wrote to the terminal, in order (decoded as UTF-8). */
  raw = '';
  readonly exited: Promise<Exit>;
  private exit: Exit | undefined;
  /** The pty slave the CLI runs on. */
  readonly pts: string;
  /**
   * The termios after the CLI was last seen leaving the alternate screen: read the moment the leave
   * sequence arrives (the CLI closes its client and sandbox before exiting, so the pty still exists
   * then) and re-read while it still shows raw mode, until the pty is gone.
   */
  termiosAtLeave: Termios | undefined;
  private leaveSeen = -1;
  cols: number;
  rows: number;
  /** Bytes the CLI wrote (UTF-8). */
  bytes = 0;
  /** performance.now() just before the spawn, and at the last output chunk. */
  readonly startedAt = performance.now();
  lastDataAt = performance.now();
  /** When each of `watchFor` first arrived in the output (performance.now()). */
  readonly seenAt = new Map<string, number>();
  /**
   * What the process's main thread had spent when each of `watchFor` arrived: CPU ms and page faults
   * (Linux's /proc; absent elsewhere). The machine's load moves them far less than it moves wall time.
   */
  readonly seenCost = new Map<string, { cpuMs: number; faults: number }>();
  /** How often waitForScreen looks (the benchmarks look more often). */
  pollMs = 15;
  private readonly chunkListeners = new Set<(at: number) => void>();
  private lastBegin = -1;
  private lastEnd = -1;

  constructor({ cols = 100, rows = 30, args = [], env = {}, cli, file, watchFor = [] }: SpawnOptions = {}) {
    this.cols = cols;
    this.rows = rows;
    const base: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !STRIPPED_ENV.includes(k)) base[k] = v;
    base.TERM = 'xterm-256color';
    base.XDG_CONFIG_HOME = join(TEST_HOME, 'config');
    base.XDG_STATE_HOME = join(TEST_HOME, 'state');
    base.XDG_CACHE_HOME = join(TEST_HOME, 'cache');
    delete base.RELAYER_TUI_CONFIG_DIR;
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete base[k];
      else base[k] = v;
    }
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
    // Emoji are two cells wide, as in tmux and today's terminals (xterm.js defaults to Unicode 6).
    this.term.loadAddon(new Unicode11Addon());
    this.term.unicode.activeVersion = '11';
    this.proc = file ? pty.spawn(file, args, { name: 'xterm-256color', cols, rows, cwd: ROOT, env: base }) : pty.spawn(process.execPath, [cli ?? cliPath(), ...args], { name: 'xterm-256color', cols, rows, cwd: ROOT, env: base });
    // node-pty keeps the slave's path in a private field (UnixTerminal#_pty).
    this.pts = (this.proc as unknown as { _pty?: string })._pty ?? '';
    this.proc.onData((d) => {
      const at = performance.now();
      this.lastDataAt = at;
      this.bytes += Buffer.byteLength(d, 'utf8');
      // Only what the new chunk completes is searched: the work per chunk does not grow with the output.
      const before = this.raw.length;
      const from = Math.max(0, before - 16);
      this.raw += d;
      for (const needle of watchFor)
        if (!this.seenAt.has(needle) && this.raw.indexOf(needle, Math.max(0, before - needle.length + 1)) >= 0) {
          this.seenAt.set(needle, at);
          const cost = mainThreadCost(this.proc.pid);
          if (cost) this.seenCost.set(needle, cost);
        }
      this.lastBegin = lastIndexFrom(this.raw, BEGIN_SYNC, from, this.lastBegin);
      this.lastEnd = lastIndexFrom(this.raw, END_SYNC, from, this.lastEnd);
      this.term.write(d, () => {
        for (const fn of this.chunkListeners) fn(at);
      });
      const leave = lastIndexFrom(this.raw, LEAVE_ALT, from, this.leaveSeen);
      if (leave > this.leaveSeen) {
        this.leaveSeen = leave;
        this.watchTermios();
      }
    });
    this.exited = new Promise<Exit>((res) => {
      this.proc.onExit(({ exitCode, signal }) => {
        this.exit = { exitCode, signal, at: performance.now() };
        res(this.exit);
      });
    });
  }

  /**
   * Reads the termios now and, while it still shows raw mode, again every few ms until the pty is
   * gone: the last reading is what the CLI left behind, whichever order it restores things in.
   */
  private watchTermios(): void {
    const read = () => {
      const t = this.pts ? readTermios(this.pts) : undefined;
      if (!t) return;
      this.termiosAtLeave = t;
      if (!t.icanon || !t.echo) setTimeout(read, 5);
    };
    read();
  }

  get pid(): number {
    return this.proc.pid;
  }

  get hasExited(): boolean {
    return this.exit !== undefined;
  }

  /** Resolves once xterm has parsed everything received so far. */
  flushed(): Promise<void> {
    return new Promise((r) => this.term.write('', r));
  }

  /** The visible rows, trailing blanks trimmed per row. Call after `flushed()` (waitForScreen does). */
  screen(): string[] {
    const buf = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < this.rows; i++) out.push(buf.getLine(buf.viewportY + i)?.translateToString(true) ?? '');
    return out;
  }

  text(): string {
    return this.screen().join('\n');
  }

  termios(): Termios | undefined {
    return this.pts ? readTermios(this.pts) : undefined;
  }

  /** Waits until the CLI has put its terminal in raw mode (no canonical input, no echo). */
  async waitForRawMode(timeoutMs = 5000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const t = this.termios();
      if (t && !t.icanon && !t.echo) return;
      if (!t && !this.hasExited) throw new Error(`Cannot read the termios of ${this.pts || 'the pty'} with \`stty -F\` (is stty installed?)`);
      if (this.hasExited || Date.now() > end) throw new Error(`The terminal is not in raw mode (${JSON.stringify(t)}) ${this.hasExited ? 'and the CLI exited' : `after ${timeoutMs} ms`}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  press(bytes: string): void {
    if (this.hasExited) throw new Error(`press(${JSON.stringify(bytes)}): the CLI has already exited`);
    this.proc.write(bytes);
  }

  /**
   * Sends the review on screen as an operator must: paged to its end (space) while its footer says rows
   * are not seen yet — a review is sent only once all of it has been on screen — then y.
   */
  async sendReview(): Promise<void> {
    await this.quiet(50, 1000);
    for (let i = 0; i < 40; i++) {
      const footer = this.screen().find((r) => /\d+ more rows? below, not seen yet/.test(r));
      if (footer === undefined) break;
      this.press(' ');
      await this.waitForScreen((r) => !r.includes(footer), 3000, 'the review paged');
    }
    this.press('y');
  }

  /** True while a frame is only partly received (inside a synchronized-output block). */
  midFrame(): boolean {
    return this.lastBegin > this.lastEnd;
  }

  /** Resolves once nothing has been written for `ms` (or after `maxMs` in all), and xterm has parsed it. */
  async quiet(ms = 200, maxMs = 5000): Promise<void> {
    const end = performance.now() + maxMs;
    while (performance.now() - this.lastDataAt < ms && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
    await this.flushed();
  }

  /**
   * Presses `bytes` and resolves with the time (ms) from the write to the arrival of the first output
   * chunk after which the screen differs from the screen before the press.
   */
  pressAndTimeFrame(bytes: string, timeoutMs = 5000): Promise<number> {
    const before = this.text();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.chunkListeners.delete(onChunk);
        reject(new Error(`no frame within ${timeoutMs} ms after ${JSON.stringify(bytes)}`));
      }, timeoutMs);
      const onChunk = (at: number) => {
        if (at < t0 || this.text() === before) return;
        this.chunkListeners.delete(onChunk);
        clearTimeout(timer);
        resolve(at - t0);
      };
      this.chunkListeners.add(onChunk);
      const t0 = performance.now();
      this.press(bytes);
    });
  }

  /** The CLI's resident memory (VmRSS, kB), from /proc. */
  rssKb(): number {
    const m = readFileSync(`/proc/${this.proc.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return m ? Number(m[1]) : NaN;
  }

  /**
   * Polls until `pred(rows)` holds on a whole frame (never on half of one: a frame can arrive in
   * several chunks); on timeout throws with the screen and what was waited for.
   */
  async waitForScreen(pred: (rows: string[]) => boolean, timeoutMs = 5000, what = 'condition'): Promise<string[]> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      await this.flushed();
      const rows = this.screen();
      if (!this.midFrame() && pred(rows)) return rows;
      if (this.hasExited) throw new Error(`The CLI exited (${JSON.stringify(this.exit)}) while waiting for ${what}. Screen:\n${rows.join('\n')}`);
      if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Screen:\n${rows.join('\n')}`);
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  /** Waits until the screen contains `needle` (string or regexp). */
  waitForText(needle: string | RegExp, timeoutMs = 5000): Promise<string[]> {
    const test = (s: string) => (typeof needle === 'string' ? s.includes(needle) : needle.test(s));
    return this.waitForScreen((rows) => test(rows.join('\n')), timeoutMs, `text ${String(needle)}`);
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (!this.hasExited) this.proc.kill(signal);
  }

  /** Waits for the exit, failing after `timeoutMs`. */
  async waitForExit(timeoutMs = 5000): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, rej) => {
      timer = setTimeout(() => rej(new Error(`The CLI did not exit within ${timeoutMs} ms. Screen:\n${this.text()}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** For afterEach: make sure the child is gone (SIGKILL if it does not exit on SIGTERM). */
  async dispose(): Promise<void> {
    if (!this.hasExited) {
      this.kill('SIGTERM');
      try {
        await this.waitForExit(2000);
      } catch {
        this.kill('SIGKILL');
        await this.waitForExit(2000).catch(() => undefined);
      }
    }
    this.term.dispose();
  }
}

/** The start of the last occurrence of `needle` that begins at or after `from`, else `previous`. */
function lastIndexFrom(haystack: string, needle: string, from: number, previous: number): number {
  let found = previous;
  for (let i = haystack.indexOf(needle, from); i >= 0; i = haystack.indexOf(needle, i + 1)) found = i;
  return found;
}

/**
 * Starts the CLI and waits for the relayers table (the built-in sandbox answers) and for raw mode.
 * Raw mode is waited for because the CLI draws its first frame before Ink's input effect turns raw
 * mode on: a key sent in that window is echoed by the pty into the frame (a stray character below
 * it), which is a bug in the app, reported, not something each flow should trip over at random.
 */
export async function startCli(opts: SpawnOptions = {}): Promise<Tui> {
  const tui = new Tui(opts);
  started.add(tui);
  await tui.waitForText('Sepolia Main', 10_000);
  await tui.waitForRawMode();
  return tui;
}

const started = new Set<Tui>();

/**
 * The CLI against the built-in sandbox's contract flavour (`--sandbox-flavor contract`): the interface
 * document's seeded data, standing still. The default (the real flavour) lives in time: blocks every
 * 2 s move its transactions, which a test of browsing, layout or forms must not race.
 */
export function startContractCli(opts: SpawnOptions = {}): Promise<Tui> {
  return startCli({ ...opts, args: ['--sandbox-flavor', 'contract', ...(opts.args ?? [])] });
}

/** Runs a palette command: `:`, the command (waiting until the palette shows it), enter. */
export async function runCommand(tui: Tui, command: string): Promise<void> {
  tui.press(':');
  await tui.waitForScreen((rows) => rows.some((r) => r.startsWith(':')), 3000, 'the command palette');
  tui.press(command);
  await tui.waitForText(`:${command}`, 3000);
  tui.press(KEY.enter);
}

/** Kills every CLI started by startCli (use in afterEach). */
export async function disposeAll(): Promise<void> {
  const all = [...started];
  started.clear();
  await Promise.all(all.map((t) => t.dispose()));
}

/** The row carrying the selection marker `›` in a list. */
export function selectedRow(rows: string[]): string | undefined {
  return rows.find((r) => r.startsWith('›'));
}

/** Index of the status bar row (server label is its first segment). */
export function statusRow(rows: string[], label = 'SANDBOX'): number {
  return rows.findIndex((r) => r.startsWith(label));
}

/**
 * Every whole frame in `raw` (the CLI's bytes from its start), as the screen stood after it: the bytes
 * replayed into a fresh terminal of that size, read at the end of each synchronized-output block. A
 * frame drawn and replaced before a poll could see it is here too.
 */
export async function replayFrames(raw: string, cols: number, rows: number): Promise<string[][]> {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  const write = (s: string) => new Promise<void>((r) => term.write(s, r));
  const screens: string[][] = [];
  let from = 0;
  for (let end = raw.indexOf(END_SYNC); end >= 0; end = raw.indexOf(END_SYNC, from)) {
    await write(raw.slice(from, end + END_SYNC.length));
    from = end + END_SYNC.length;
    const buf = term.buffer.active;
    const screen: string[] = [];
    for (let i = 0; i < rows; i++) screen.push(buf.getLine(buf.viewportY + i)?.translateToString(true) ?? '');
    screens.push(screen);
  }
  term.dispose();
  return screens;
}
