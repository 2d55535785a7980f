/**
 * The single executable's entry (dist/sea.cjs, `npm run sea`): the program bundles are assets of the
 * executable — the TUI's (app.cjs) and every other command's (oneshot.cjs), chosen as the package's bin
 * chooses (src/start/startProgram.ts) — run through V8's code cache (src/start/codeCache.ts). The caches are
 * built in: `npm run sea` starts the executable once to its first frame and once for `relayers --json`,
 * and embeds the caches they wrote as an asset (code-caches.bin), read in place. Where
 * there is none (a long read's flags) or V8 refuses one, the start writes its own in
 * $XDG_CACHE_HOME/relayer-tui, one per executable and bundle (its path, size and time), and the next
 * starts read that. (The blob's own code cache covers only this file's top level, made before anything
 * ran: measured slower than this.)
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
/** An asset of the executable in place, or undefined when it has none of that name. */
const asset = (key: string): ArrayBuffer | undefined => {
  try {
    return sea.getRawAsset(key);
  } catch {
    return undefined;
  }
};
/**
 * The code caches npm run sea made with this executable's own Node, in place: code-caches.bin is a
 * header (16 bytes of marker, then the TUI's and the one-shot's offset and length, u32 LE; 0, 0 for one
 * not made) and the caches, each aligned for V8 to read where it lies. scripts/sea.mjs writes it, to this
 * layout, and reads it back from the executable to check the alignment.
 */
function builtInCache(name: 'app' | 'oneshot'): Uint8Array | undefined {
  const all = asset('code-caches.bin');
  if (!all || all.byteLength < 32) return undefined;
  const header = new DataView(all, 16, 16);
  const i = name === 'app' ? 0 : 8;
  const [offset, length] = [header.getUint32(i, true), header.getUint32(i + 4, true)];
  // Length 0: none was made when the executable was built.
  return length > 0 && offset + length <= all.byteLength ? new Uint8Array(all, offset, length) : undefined;
}
/** One of the two bundles (app.cjs: the TUI; oneshot.cjs: every other command). */
const bundle: BundleFor = (name, variant) => {
  // None for a long read's flags (its own cache file is made by its first start).
  const builtIn = variant ? undefined : builtInCache(name);
  return {
    // The asset in place (getAsset would copy it, then decode UTF-8: ~4 ms more for the TUI's); the
    // build keeps the bundles ASCII.
    source: Buffer.from(sea.getRawAsset(`${name}.cjs`)).toString('latin1'),
    filename: `relayer-tui/${name}.cjs`,
    dirname: '/nonexistent',
    fallback: cacheFile(`${name === 'app' ? 'sea' : `sea-oneshot${variant ? `-${variant}` : ''}`}-${fnv1a(`${exe}:${stamp}`)}.cache`),
    builtIn,
    require,
  };
};

startProgram(bundle, (name) => {
  const a = asset(name);
  return a && new Uint8Array(a);
});
