/**
 * The launcher (dist/cli.cjs): runs the program bundle (dist/app.cjs, src/main.ts) through V8's code
 * cache. Node 20 has no module compile cache, and compiling the bundle's code on every start was a
 * large part of the time to the first frame. The cache is made after the first frame (so it holds
 * the code the start needed, not just the top level) by the first start without one — normally the
 * build's own (scripts/build.mjs) — and kept beside the bundle. Every build replaces it, V8 refuses
 * one made by another Node or under other flags (it is then rewritten), and an unwritable directory
 * only means no cache.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import type { MainHooks } from './main.js';

const APP = join(__dirname, 'app.cjs');
const CACHE = `${APP}.cache`;

function readCache(): Buffer | undefined {
  try {
    return readFileSync(CACHE);
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

function saveCache(): void {
  if (cachedData && !script.cachedDataRejected) return;
  const tmp = `${CACHE}.${process.pid}`;
  try {
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, CACHE);
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was written
    }
  }
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
