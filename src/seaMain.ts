/**
 * The single executable's entry (dist/sea.cjs, `npm run sea`): the program bundles are assets of the
 * executable — the TUI's (app.cjs) and every other command's (oneshot.cjs), chosen as the package's bin
 * chooses (src/launcher.ts) — run through V8's code cache (src/codeCache.ts). The caches live in
 * $XDG_CACHE_HOME/relayer-tui, one per executable and bundle (its path, size and time): the first
 * start makes it (the TUI's after its first frame), the next ones read it. (The blob's own code cache covers only this file's
 * top level, made before anything ran: measured slower than this.)
 */
import { statSync } from 'node:fs';
import { isLongRead, isOneShot } from './cli/commands.js';
import { cacheFile, fnv1a, launch, launchOneShot, ONE_SHOT_FLAGS, type Launch } from './codeCache.js';

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
/** One of the two bundles (app.cjs: the TUI; oneshot.cjs: every other command), as the bin runs them. */
const bundle = (name: 'app' | 'oneshot', variant = ''): Launch => ({
  source: sea.getAsset(`${name}.cjs`, 'utf8'),
  filename: `relayer-tui/${name}.cjs`,
  dirname: '/nonexistent',
  fallback: cacheFile(`${name === 'app' ? 'sea' : `sea-oneshot${variant}`}-${fnv1a(`${exe}:${stamp}`)}.cache`),
  require,
});
const tui = (): Promise<void> => launch(bundle('app'));
const argv = process.argv.slice(2);
if (isOneShot(argv)) {
  // As src/launcher.ts: a one-shot keeps WebAssembly on V8's baseline compiler (no wait at exit); a long read has its own flags and cache.
  const long = isLongRead(argv);
  const v8 = require('node:v8') as typeof import('node:v8');
  v8.setFlagsFromString(ONE_SHOT_FLAGS(long));
  launchOneShot(bundle('oneshot', long ? '-long' : ''), () => {
    v8.setFlagsFromString('--no-liftoff-only');
    return tui();
  });
} else void tui();
