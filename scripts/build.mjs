#!/usr/bin/env node
// Bundles src/cli.ts into dist/cli.js (esbuild, production React, devtools stubbed).
// --if-stale: skip when dist/cli.js is newer than every file under src/, package.json and the build scripts.
import { build } from 'esbuild';
import { readdirSync, statSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PATCHED, patchDependency } from './patches.mjs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'cli.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (process.argv.includes('--if-stale')) {
  try {
    const built = statSync(out).mtimeMs;
    const src = Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs, statSync(join(root, 'scripts', 'patches.mjs')).mtimeMs);
    if (built > src) process.exit(0);
  } catch {
    // no build yet
  }
}

rmSync(join(root, 'dist'), { recursive: true, force: true });
mkdirSync(join(root, 'dist'), { recursive: true });
const stub = join(root, 'dist', 'devtools-stub.js');
writeFileSync(stub, 'export default {};\nexport const connectToDevTools = () => {};\n');

const dependencyPatches = {
  name: 'dependency-patches',
  setup(b) {
    b.onLoad({ filter: PATCHED }, async (args) => ({
      contents: patchDependency(await readFile(args.path, 'utf8'), args.path),
      loader: 'js',
    }));
  },
};

// Every dependency measures text through src/ui/fastStringWidth.ts (see there), which alone imports
// the real string-width (so wrap-ansi's older copy is not bundled).
const fastWidth = join(root, 'src', 'ui', 'fastStringWidth.ts');
const fastStringWidth = {
  name: 'fast-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) =>
      /node_modules[\\/]/.test(args.importer) ? { path: fastWidth } : undefined,
    );
  },
};

await build({
  plugins: [dependencyPatches, fastStringWidth],
  entryPoints: [join(root, 'src', 'cli.ts')],
  outdir: join(root, 'dist'),
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  minify: process.env.RELAYER_TUI_NO_MINIFY !== "1",
  sourcemap: false,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { 'react-devtools-core': stub, 'is-in-ci': join(root, 'src', 'ui', 'notInCi.ts') },
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
