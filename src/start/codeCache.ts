/**
 * Runs the program bundle (dist/app.cjs, src/start/main.ts) through V8's code cache: Node 20 has no module
 * compile cache, and compiling the bundle's code on every start was a large part of the time to the
 * first frame. The cache is made after the first frame (so it holds the code the start needed, not
 * just the top level) by the first start without one, and kept beside the bundle where that can be
 * written, else in the fallback (`$XDG_CACHE_HOME/relayer-tui`). V8 refuses one made by another Node,
 * for other source or under other flags (it is then rewritten). Two launchers use it: the package's
 * bin (src/start/launcher.ts; the build makes its caches) and the single executable (src/start/seaMain.ts; its
 * caches are built into it, and a file is written only where V8 refuses one).
 */
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homeDir } from '../config/homeDir.js';
import { join } from 'node:path';
import { Script } from 'node:vm';
import type { MainHooks } from './main.js';
import type { OneShotHooks } from './oneShot.js';

export interface Launch {
  /**
   * The bundle's source (ASCII): `(function (exports, require, module, __filename, __dirname) {…})`, as
   * built — or the file that holds it (read here, through the buffer its code cache is then read into).
   */
  source: string | { file: string };
  /** Its name in stack traces. */
  filename: string;
  /** What the bundle sees as `__dirname` (the schema is found from it). */
  dirname: string;
  /** Where the cache goes first (beside the bundle), if anywhere. */
  beside?: string;
  /** Where it goes when `beside` cannot be written (or there is none). */
  fallback: string;
  /**
   * A cache made when the program was built, read in place (the single executable's asset): used when
   * no cache file is there — one is written only when V8 refused this one (another V8 or other flags).
   */
  builtIn?: Uint8Array;
  /** The `require` the bundle gets (Node's built-in modules are all it needs). */
  require: NodeJS.Require;
}

/**
 * A one-shot's V8 flags, set by the launchers before the bundle loads (V8 takes a code cache only
 * under the flags it was made with). Every one-shot, a long read too, keeps undici's WebAssembly
 * parser on the baseline compiler (`--liftoff-only`): the optimized compile held a short one-shot's
 * exit ~100 ms, and on the 100k stream it cost ~15-20 MB of peak memory (a compile on a background
 * thread) for no CPU saved once the rows were no longer parsed (measured interleaved, issue 29).
 * A long read (--all, the fleet) also keeps V8's young generation at its first size
 * (`--semi-space-growth-factor=1`): its garbage is mostly page bodies outside V8's heap, freed only when
 * the small Buffer objects holding them are collected, and a young generation grown to its default
 * 16 MB let ~25 MB of them wait (the 100k stream's peak RSS ~95-115 MB; ~70 MB with it, and no more
 * CPU). `--max-semi-space-size` would say it directly but is read only when the heap is made, before
 * any code of ours runs. And every one compiles WebAssembly whole (`--no-wasm-lazy-compilation`): the
 * parser compiled ahead on background threads (src/start/wasmAhead.ts) is then compiled entirely there,
 * not a function at a time on the main thread at its first call.
 */
export const ONE_SHOT_FLAGS = (long: boolean): string => (long ? '--liftoff-only --no-wasm-lazy-compilation --semi-space-growth-factor=1' : '--liftoff-only --no-wasm-lazy-compilation');

/**
 * The TUI's V8 flags until its first frame, set by the launchers before its bundle loads (its code cache is
 * made under them, after the first frame) and unset by `launch` once the cache is made. With them undici's
 * parser (WebAssembly) stays on the baseline compiler, and is compiled whole, as a one-shot's is
 * (ONE_SHOT_FLAGS): an optimized compile on a background thread during the first render took the second
 * of two cores from the main thread (measured with Ink's former WebAssembly layout engine: the first
 * frame ~17% later, issue 55).
 */
export const TUI_START_FLAGS = '--liftoff-only --no-wasm-lazy-compilation';

/** $XDG_CACHE_HOME/relayer-tui/<name>. */
export function cacheFile(name: string): string {
  return join(process.env.XDG_CACHE_HOME || join(homeDir(), '.cache'), 'relayer-tui', name);
}

/** A short, stable name for a path (no node:crypto on the way to the first frame). */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** A file's time and size, or undefined when it is not there. */
const stat = (p: string | undefined): { mtimeMs: number; size: number } | undefined => {
  if (p === undefined) return undefined;
  try {
    // No error made for a file that is not there (the fallback, mostly): a start's first error costs ~0.2 ms.
    return statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
};

/** Writes `data` to `path` whole or not at all; false when it could not. */
function writeWhole(path: string, data: Buffer): boolean {
  const tmp = `${path}.${process.pid}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
    return true;
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was written
    }
    return false;
  }
}

/** A bundle run through the cache: its exports, and `saveCache` (writes it unless V8 took the one it read). */
export interface Loaded<T> {
  exports: T;
  saveCache: () => void;
}

/** Reads a file whole into `into` (grown when too small); its length, and the buffer it is in. */
function readInto(path: string, into: Buffer | undefined, atLeast = 0): { buf: Buffer; length: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buf = into && into.length >= size ? into : Buffer.allocUnsafeSlow(Math.max(size, atLeast));
    let length = 0;
    for (let n = -1; length < size && n !== 0; length += n) n = readSync(fd, buf, length, size - length, length);
    return { buf, length };
  } finally {
    closeSync(fd);
  }
}

/**
 * The bundle's source (as a string) and its code cache. A file is read through one buffer: the source's
 * bytes are copied into V8's string, then the cache's are read over them. A page of memory touched for
 * the first time cost the bench's machine ~13 µs (bench/RESULTS.md), and two fresh buffers were ~235 such
 * pages more on the way to the first frame (the 961 KB source's).
 */
function sourceAndCache(source: Launch['source'], cache: { path: string; size: number } | undefined): { source: string; cachedData?: Uint8Array } {
  let buf: Buffer | undefined;
  let text: string;
  if (typeof source === 'string') text = source;
  else {
    const read = readInto(source.file, undefined, cache?.size);
    buf = read.buf;
    text = buf.toString('latin1', 0, read.length);
  }
  if (cache === undefined) return { source: text };
  try {
    const read = readInto(cache.path, buf);
    return { source: text, cachedData: read.buf.subarray(0, read.length) };
  } catch {
    return { source: text };
  }
}

/** Runs a bundle's top level through the code cache (the newer of `beside` and `fallback`, else the built-in one). */
export function load<T>(o: Launch): Loaded<T> {
  // The newer of the two caches (the fallback is only ever written when beside could not be).
  const [fallback, beside] = [stat(o.fallback), stat(o.beside)];
  const newer = fallback && (!beside || fallback.mtimeMs > beside.mtimeMs) ? { path: o.fallback, size: fallback.size } : beside && { path: o.beside!, size: beside.size };
  const read = sourceAndCache(o.source, newer);
  const { source } = read;
  // An empty file is no cache (nothing for V8 to read; the start writes one).
  const cachedData = [read.cachedData, o.builtIn].find((c) => c !== undefined && c.length > 0);
  // The bundle is a module wrapper's function expression as built (scripts/build.mjs): compiled as read, never copied.
  const script = new Script(source, { filename: o.filename, cachedData });
  // Only whether there was one is kept: the buffer's memory (~1.2 MB) is free for what the start does next.
  const hadCache = cachedData !== undefined;
  const mod = { exports: {} as T };
  script.runInThisContext()(mod.exports, o.require, mod, o.filename, o.dirname);

  const saveCache = (): void => {
    if (hadCache && !script.cachedDataRejected) return;
    const data = script.createCachedData();
    if (o.beside !== undefined && writeWhole(o.beside, data)) return;
    try {
      mkdirSync(join(o.fallback, '..'), { recursive: true, mode: 0o700 });
    } catch {
      return; // no cache then: every start compiles, nothing else changes
    }
    writeWhole(o.fallback, data);
  };
  return { exports: mod.exports, saveCache };
}

const fatal = (e: unknown): void => {
  process.stderr.write(`relayer-tui: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
};

/** The TUI's bundle (dist/app.cjs, src/start/main.ts): its cache is saved after the first frame. */
export function launch(o: Launch): Promise<void> {
  const app = load<{ main: (hooks: MainHooks) => Promise<void> }>(o);
  const afterFirstFrame = (): void => {
    app.saveCache();
    // A long-running TUI holds little live data (about 35 MB after paging through 100 pages of 100)
    // but V8's default heap growth let the resident size reach ~190 MB: prefer a small heap from now
    // on. Not before: it slows the start by a fifth (more collections), and V8 only accepts a code
    // cache made under the flags it is read with, so the cache is made first. (node:v8 is required
    // here rather than imported: loading it costs ~4 ms.) The start's own flags (TUI_START_FLAGS) end here.
    (o.require('node:v8') as typeof import('node:v8')).setFlagsFromString('--optimize-for-size --no-liftoff-only');
  };
  return app.exports.main({ onFirstFrame: afterFirstFrame }).catch(fatal);
}

/**
 * A one-shot command's bundle (dist/oneshot.cjs, src/start/oneShot.ts: no Ink, React or layout engine): its
 * cache is saved once the command is done; `tui` starts the TUI's bundle if the command line is the TUI's.
 */
export function launchOneShot(o: Launch, tui: () => Promise<void>): void {
  const one = load<{ main: (hooks: OneShotHooks) => Promise<void> }>(o);
  let handedOn = false;
  one.exports
    .main({
      openTui: () => {
        handedOn = true;
        return tui();
      },
    })
    .then(() => {
      if (!handedOn) one.saveCache();
    }, fatal);
}
