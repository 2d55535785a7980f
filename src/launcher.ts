/**
 * The package's launcher (bin/relayer-tui.cjs -> dist/cli.cjs): runs one of the two program bundles
 * beside it through V8's code cache (src/codeCache.ts) — dist/oneshot.cjs for a subcommand, help or
 * version (no Ink, React or layout engine: src/oneShot.ts), dist/app.cjs for the TUI (src/main.ts) —
 * each cache kept beside its bundle — the build makes them (scripts/build.mjs) — or in
 * $XDG_CACHE_HOME/relayer-tui where the bundle's directory cannot be written (a global install).
 * Every build replaces them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLongRead, isOneShot } from './cli/commands.js';
import { cacheFile, fnv1a, launch, launchOneShot, ONE_SHOT_FLAGS, type Launch } from './codeCache.js';

/** A bundle beside this file; `variant` names a cache of its own (one made under other V8 flags). */
function bundle(name: string, variant?: string): Launch {
  const file = join(__dirname, name);
  const v = variant ? `.${variant}` : '';
  return {
    // The build keeps the bundles ASCII, so they are read without UTF-8 decoding.
    source: readFileSync(file, 'latin1'),
    filename: file,
    dirname: __dirname,
    beside: `${file}${v}.cache`,
    fallback: cacheFile(`${name.replace(/\.cjs$/, '')}${v.replace('.', '-')}-${fnv1a(file)}.cache`),
    require,
  };
}

const tui = (): Promise<void> => launch(bundle('app.cjs'));
const argv = process.argv.slice(2);
if (isOneShot(argv)) {
  // The HTTP client's parser is WebAssembly (undici's llhttp). V8 compiles it at once with its baseline
  // compiler, then again optimized on a background thread, and the process may not exit before that
  // second compile ends: about 100 ms after a one-shot command's output (perf-notes). A one-shot keeps
  // the baseline code (ONE_SHOT_FLAGS). The flags are set before the bundle loads: V8 takes a code cache
  // only under the flags it was made with, so they are set on every such start, and the parser's unset
  // for the TUI. A long read (--all, the fleet: see isLongRead) has flags and a code cache of its own.
  const long = isLongRead(argv);
  const v8 = require('node:v8') as typeof import('node:v8');
  v8.setFlagsFromString(ONE_SHOT_FLAGS(long));
  launchOneShot(bundle('oneshot.cjs', long ? 'long' : undefined), () => {
    v8.setFlagsFromString('--no-liftoff-only');
    return tui();
  });
} else void tui();
