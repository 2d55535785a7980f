/**
 * The launcher (dist/cli.cjs): runs the program bundle (dist/app.cjs, src/main.ts) through V8's code
 * cache. Node 20 has no module compile cache, and compiling the bundle's code on every start was a
 * large part of the time to the first frame. The cache is made after the first frame (so it holds
 * the code the start needed, not just the top level) by the first start without one — normally the
 * build's own (scripts/build.mjs) — and kept beside the bundle, or in $XDG_CACHE_HOME/relayer-tui
 * where the bundle's directory cannot be written (a global install). Every build replaces it, V8
 * refuses one made by another Node or under other flags (it is then rewritten).
 */
import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import type { MainHooks } from './main.js';

const APP = join(__dirname, 'app.cjs');
/** Beside the bundle (the build writes it there). */
const BESIDE = `${APP}.cache`;
/**
 * Where the cache goes when it cannot be written beside the bundle (a global install in a read-only
 * or root-owned directory): $XDG_CACHE_HOME/relayer-tui, one file per installed bundle.
 */
const FALLBACK = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'relayer-tui', `app-${fnv1a(APP)}.cache`);

/** A short, stable name for a path (no node:crypto on the way to the first frame). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

const mtime = (p: string): number => {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return -1;
  }
};

/** The newer of the two caches (the fallback is only ever written when beside could not be). */
function readCache(): Buffer | undefined {
  const path = mtime(FALLBACK) > mtime(BESIDE) ? FALLBACK : BESIDE;
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

const cachedData = readCache();
// The build keeps the bundle ASCII, so it is read without UTF-8 decoding.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(APP, 'latin1')}\n})`, {
  filename: APP,
  cachedData,
});
const app: { exports: { main?: (hooks: MainHooks) => Promise<void> } } = { exports: {} };
script.runInThisContext()(app.exports, require, app, APP, __dirname);

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

function saveCache(): void {
  if (cachedData && !script.cachedDataRejected) return;
  const data = script.createCachedData();
  if (writeWhole(BESIDE, data)) return;
  try {
    mkdirSync(join(FALLBACK, '..'), { recursive: true, mode: 0o700 });
  } catch {
    return; // no cache then: every start compiles, nothing else changes
  }
  writeWhole(FALLBACK, data);
}

function afterFirstFrame(): void {
  saveCache();
  // A long-running TUI holds little live data (about 35 MB after paging through 100 pages of 100)
  // but V8's default heap growth let the resident size reach ~190 MB: prefer a small heap from now
  // on. Not before: it slows the start by a fifth (more collections), and V8 only accepts a code
  // cache made under the flags it is read with, so the cache is made first. (node:v8 is required
  // here rather than imported: loading it costs ~4 ms.)
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--optimize-for-size');
}

app.exports.main!({ onFirstFrame: afterFirstFrame }).catch((e: unknown) => {
  process.stderr.write(`relayer-tui: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
