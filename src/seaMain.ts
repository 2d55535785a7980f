/**
 * The single executable's entry (dist/sea.cjs, `npm run sea`): the program bundle is an asset of the
 * executable, run through V8's code cache like the package's bin (src/codeCache.ts). The cache lives
 * in $XDG_CACHE_HOME/relayer-tui, one per executable (its path, size and time): the first start makes
 * it after its first frame, the next ones read it. (The blob's own code cache covers only this file's
 * top level, made before anything ran: measured slower than this.)
 */
import { statSync } from 'node:fs';
import { cacheFile, fnv1a, launch } from './codeCache.js';

type Sea = { getAsset(key: string, encoding: string): string };
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
launch({
  source: sea.getAsset('app.cjs', 'utf8'),
  filename: 'relayer-tui/app.cjs',
  dirname: '/nonexistent',
  fallback: cacheFile(`sea-${fnv1a(`${exe}:${stamp}`)}.cache`),
  require,
});
