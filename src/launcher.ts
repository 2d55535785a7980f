/**
 * The package's launcher (bin/relayer-tui.cjs -> dist/cli.cjs): runs the program bundle beside it
 * (dist/app.cjs) through V8's code cache (src/codeCache.ts), kept beside the bundle — the build makes
 * it (scripts/build.mjs) — or in $XDG_CACHE_HOME/relayer-tui where the bundle's directory cannot be
 * written (a global install). Every build replaces it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFile, fnv1a, launch } from './codeCache.js';

const APP = join(__dirname, 'app.cjs');
launch({
  // The build keeps the bundle ASCII, so it is read without UTF-8 decoding.
  source: readFileSync(APP, 'latin1'),
  filename: APP,
  dirname: __dirname,
  beside: `${APP}.cache`,
  fallback: cacheFile(`app-${fnv1a(APP)}.cache`),
  require,
});
