/**
 * The single executable's entry (dist/sea.cjs, `npm run sea`): the program bundles are assets of the
 * executable — the TUI's (app.cjs) and every other command's (oneshot.cjs), chosen as the package's bin
 * chooses (src/startProgram.ts) — run through V8's code cache (src/codeCache.ts). The caches live in
 * $XDG_CACHE_HOME/relayer-tui, one per executable and bundle (its path, size and time): the first
 * start makes it (the TUI's after its first frame), the next ones read it. (The blob's own code cache covers only this file's
 * top level, made before anything ran: measured slower than this.)
 */
import { statSync } from 'node:fs';
import { cacheFile, fnv1a } from './codeCache.js';
import { startProgram, type BundleFor } from './startProgram.js';

type Sea = { getRawAsset(key: string): ArrayBuffer };
const sea = require('node:sea') as Sea;
const exe = process.execPath;
const stamp = (() => {
  try {
    const s = statSync(exe);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
})();
/** One of the two bundles (app.cjs: the TUI; oneshot.cjs: every other command). */
const bundle: BundleFor = (name, variant) => ({
  // The asset in place (getAsset would copy it, then decode UTF-8: ~4 ms more for the TUI's); the
  // build keeps the bundles ASCII.
  source: Buffer.from(sea.getRawAsset(`${name}.cjs`)).toString('latin1'),
  filename: `relayer-tui/${name}.cjs`,
  dirname: '/nonexistent',
  fallback: cacheFile(`${name === 'app' ? 'sea' : `sea-oneshot${variant ? `-${variant}` : ''}`}-${fnv1a(`${exe}:${stamp}`)}.cache`),
  require,
});

startProgram(bundle);
