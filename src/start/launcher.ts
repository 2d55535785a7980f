/**
 * The package's launcher (bin/relayer-tui.cjs -> dist/cli.cjs): runs the program bundle the command
 * line needs (src/start/startProgram.ts) from beside this file, through V8's code cache (src/start/codeCache.ts),
 * each cache kept beside its bundle — the build makes them (scripts/build.mjs) — or in
 * $XDG_CACHE_HOME/relayer-tui where the bundle's directory cannot be written (a global install).
 * Every build replaces them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFile, fnv1a } from './codeCache.js';
import { startProgram, type BundleFor } from './startProgram.js';

const bundle: BundleFor = (name, variant) => {
  const file = join(__dirname, `${name}.cjs`);
  const v = variant ? `.${variant}` : '';
  return {
    // Read with its code cache (src/start/codeCache.ts); the build keeps the bundles ASCII (read as Latin-1, not decoded).
    source: { file },
    filename: file,
    dirname: __dirname,
    beside: `${file}${v}.cache`,
    fallback: cacheFile(`${name}${variant ? `-${variant}` : ''}-${fnv1a(file)}.cache`),
    require,
  };
};

startProgram(bundle, (name) => readFileSync(join(__dirname, name)));
