#!/usr/bin/env node
// Bundles src/start/main.ts into dist/app.cjs and the launcher src/start/launcher.ts into dist/cli.cjs (esbuild), writes
// the man page (dist/relayer-tui.1), then makes the launcher's code cache (dist/app.cjs.cache) by starting the CLI once.
// --if-stale: skip when dist/cli.cjs is newer than every file under src/, package.json and the build scripts.
import { analyzeMetafile, build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, statSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ANY_COPY, patchDependency } from './patches.mjs';
import { primeOneShot, primeTui } from './prime.mjs';
import { writeManPage } from './man.mjs';
import { startPaths } from './startPath.mjs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'cli.cjs');

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
    const src = Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs, statSync(join(root, 'scripts', 'patches.mjs')).mtimeMs, statSync(join(root, 'scripts', 'man.mjs')).mtimeMs);
    if (built > src) process.exit(0);
  } catch {
    // no build yet
  }
}

rmSync(join(root, 'dist'), { recursive: true, force: true });
mkdirSync(join(root, 'dist'), { recursive: true });

const dependencyPatches = {
  name: 'dependency-patches',
  setup(b) {
    b.onLoad({ filter: ANY_COPY }, async (args) => ({
      contents: patchDependency(await readFile(args.path, 'utf8'), args.path),
      loader: 'js',
    }));
  },
};

// The WebAssembly (undici's HTTP parser) travels as files beside the bundles (dist/*.wasm; assets of the
// single executable), not as base64 text inside them: as text it was read, copied into a string and held
// in the code cache at every start, then decoded before it could be compiled. Each is read when first needed.
const WASM_READER = `const { readFileSync } = require('node:fs');
const { join } = require('node:path');
/** A WebAssembly file the build put beside this bundle, else an asset of the single executable (its bundles have no directory). */
exports.wasmFile = (name) => {
  // Compiled ahead by the launcher (src/start/wasmAhead.ts), when it is ready: a WebAssembly.Module.
  const ahead = globalThis[Symbol.for('relayer-tui.wasm-ahead')]?.get(name);
  if (ahead) return ahead;
  try {
    return readFileSync(join(__dirname, name));
  } catch (e) {
    const sea = require('node:sea');
    if (!sea.isSea()) throw e;
    return new Uint8Array(sea.getRawAsset(name));
  }
};`;
const wasmOut = join(root, 'dist');
const LLHTTP = { '../llhttp/llhttp_simd-wasm.js': 'llhttp_simd.wasm', '../llhttp/llhttp-wasm.js': 'llhttp.wasm' };
const requireHere = createRequire(import.meta.url);
for (const [from, name] of Object.entries(LLHTTP)) writeFileSync(join(wasmOut, name), requireHere(`undici/lib/llhttp/${from.slice('../llhttp/'.length)}`));
const wasmFiles = {
  name: 'wasm-files',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/llhttp\/llhttp(_simd)?-wasm\.js$/ }, (args) => (/node_modules[\\/]undici[\\/]/.test(args.importer) ? { path: LLHTTP[args.path], namespace: 'wasm-file' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'wasm-file' }, (args) => ({ contents: `module.exports = require('relayer-tui:wasm-reader').wasmFile(${JSON.stringify(args.path)});`, loader: 'js' }));
    b.onResolve({ filter: /^relayer-tui:wasm-reader$/ }, () => ({ path: 'wasm-reader', namespace: 'wasm-reader' }));
    b.onLoad({ filter: /.*/, namespace: 'wasm-reader' }, () => ({ contents: WASM_READER, loader: 'js' }));
  },
};
// Every dependency measures text through src/core/text/fastStringWidth.ts (see there), which alone imports
// the real string-width (so wrap-ansi's older copy is not bundled).
const fastWidth = join(root, 'src', 'core', 'text', 'fastStringWidth.ts');
const fastStringWidth = {
  name: 'fast-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) =>
      /node_modules[\\/]/.test(args.importer) ? { path: fastWidth } : undefined,
    );
  },
};

// Ink's `yoga-layout` is src/ui/columnLayout.ts (see there: Yoga's layout of a column, in JavaScript).
const columnLayout = join(root, 'src', 'ui', 'columnLayout.ts');
const layoutEngine = {
  name: 'layout-engine',
  setup(b) {
    b.onResolve({ filter: /^yoga-layout$/ }, () => ({ path: columnLayout }));
  },
};

// undici checks its own invariants with node:assert, as Ink's signal-exit checks its argument, and loading
// that module costs a start ~6 ms: it loads Node's assertion-error formatting, which creates
// process.stderr (a tty stream) to pick its colours. Both only call `assert(value[, message])` and
// `assert.equal(actual, expected[, message])`: in the bundle they get these instead.
const LIGHT_ASSERT = `function fail(message, fallback) {
  if (message instanceof Error) throw message;
  const e = new Error(message === undefined ? fallback : String(message));
  e.name = 'AssertionError';
  e.code = 'ERR_ASSERTION';
  throw e;
}
function assert(value, message) {
  if (!value) fail(message, 'The expression evaluated to a falsy value');
}
assert.ok = assert;
assert.equal = (actual, expected, message) => {
  if (actual != expected) fail(message, \`\${actual} == \${expected}\`);
};
module.exports = assert;`;
const lightAssert = {
  name: 'light-assert',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) => (/node_modules[\\/](undici|signal-exit)[\\/]/.test(args.importer) ? { path: 'assert', namespace: 'light-assert' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'light-assert' }, () => ({ contents: LIGHT_ASSERT, loader: 'js' }));
  },
};

// undici's HTTP/1 client reads two tables of llhttp's constants (ERROR and TYPE); the module they come
// from builds thirty more (character classes in loops, method and status maps) as it loads, ~0.4 ms of
// every start. The client gets those two, as data read from the installed undici here; the build fails
// if it reads any other.
const llhttpConstants = requireHere('undici/lib/llhttp/constants.js');
const LLHTTP_TABLES = ['ERROR', 'TYPE'];
{
  const client = readFileSync(requireHere.resolve('undici/lib/dispatcher/client-h1.js'), 'utf8');
  const read = new Set([...client.matchAll(/(?<![\w/])constants\.([A-Za-z_]+)/g)].map((m) => m[1]));
  const other = [...read].filter((t) => !LLHTTP_TABLES.includes(t));
  if (other.length || !/const constants = require\('\.\.\/llhttp\/constants\.js'\)/.test(client)) throw new Error(`build: undici's client-h1.js reads llhttp constants ${other.join(', ') || '(another way)'}; see LLHTTP_TABLES in scripts/build.mjs`);
}
const llhttpTables = {
  name: 'llhttp-tables',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/llhttp\/constants\.js$/ }, (args) => (/node_modules[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h1\.js$/.test(args.importer) ? { path: 'llhttp-tables', namespace: 'llhttp-tables' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'llhttp-tables' }, () => ({ contents: `module.exports = ${JSON.stringify(Object.fromEntries(LLHTTP_TABLES.map((t) => [t, llhttpConstants[t]])))};`, loader: 'js' }));
  },
};

// Code the program never runs, kept out of the bundles (each reached only by a static require esbuild follows):
// Ink's devtools (only with DEV=true; they bring the ws WebSocket library, 48 KB) and undici's fetch body
// encoder (41 KB, for FormData request bodies; the transport sends strings). Were either reached, it says so.
const NOT_BUNDLED = {
  'ink/build/reconciler.js': { './devtools.js': 'Ink devtools (DEV=true) are not part of relayer-tui' },
  'undici/lib/dispatcher/client-h1.js': { '../web/fetch/body.js': 'undici FormData request bodies are not part of relayer-tui' },
  'undici/lib/dispatcher/client-h2.js': { '../web/fetch/body.js': 'undici FormData request bodies are not part of relayer-tui' },
};
const notBundled = {
  name: 'not-bundled',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const importer = args.importer.replaceAll('\\', '/');
      const entry = Object.entries(NOT_BUNDLED).find(([file]) => importer.endsWith(`/node_modules/${file}`));
      const why = entry?.[1][args.path];
      return why === undefined ? undefined : { path: why, namespace: 'not-bundled' };
    });
    b.onLoad({ filter: /.*/, namespace: 'not-bundled' }, (args) => ({
      contents: `const no = () => { throw new Error(${JSON.stringify(`${args.path} (left out of the bundle by scripts/build.mjs)`)}); };\nmodule.exports = new Proxy({}, { get: (_, k) => (k === '__esModule' ? false : no) });`,
      loader: 'js',
    }));
  },
};

const CHALK_ANSI_STYLES = join(root, 'node_modules', 'chalk', 'source', 'vendor', 'ansi-styles', 'index.js');
if (readFileSync(CHALK_ANSI_STYLES, 'utf8') !== readFileSync(requireHere.resolve('ansi-styles'), 'utf8')) throw new Error("build: chalk's copy of ansi-styles differs from ansi-styles; see CHALK_ANSI_STYLES in scripts/build.mjs");

/** What both outputs share: one bundled CommonJS file each, for Node 20, under dist/. */
const common = { outExtension: { '.js': '.cjs' }, outdir: join(root, 'dist'), bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' };

// The programs: one CommonJS file each (what V8's code cache can load; see src/start/launcher.ts), every
// dependency bundled, production React, devtools left out (NOT_BUNDLED). Lazy imports stay lazy: esbuild runs an
// imported module's top level on its first import(). dist/app.cjs is the TUI (and every command);
// dist/oneshot.cjs every command but the TUI, with no Ink, React or layout engine in it.
const program = {
  ...common,
  plugins: [notBundled, dependencyPatches, wasmFiles, fastStringWidth, layoutEngine, lightAssert, llhttpTables],
  jsx: 'automatic',
  minify: process.env.RELAYER_TUI_NO_MINIFY !== '1',
  sourcemap: false,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  // wrap-ansi and slice-ansi import ansi-styles, which chalk carries a copy of (the same file, checked
  // below): one copy is bundled and built at a start, not two.
  alias: { 'is-in-ci': join(root, 'src', 'ui', 'notInCi.ts'), 'ansi-styles': CHALK_ANSI_STYLES },
  // Each bundle is one function expression, a CommonJS module's wrapper, which src/start/codeCache.ts
  // compiles as it is read: wrapping it there made a second copy of its 1.3 MB (a few ms of a start,
  // most of them the first touch of fresh memory).
  banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
  footer: { js: '})' },
};
// RELAYER_TUI_ANALYZE=FILE: esbuild's metafile of the two programs written there, and its per-module
// summary printed (what each bundle holds, by module; see docs of esbuild's analyzeMetafile), then each
// program's start path (scripts/startPath.mjs).
const analyze = process.env.RELAYER_TUI_ANALYZE;
const built = await build({ ...program, metafile: Boolean(analyze), entryPoints: { app: join(root, 'src', 'start', 'main.ts'), oneshot: join(root, 'src', 'start', 'oneShot.ts') } });
if (analyze) {
  writeFileSync(analyze, JSON.stringify(built.metafile));
  console.log(await analyzeMetafile(built.metafile, { verbose: false }));
  console.log(startPaths(built.metafile));
}

// src/start/launcher.ts reads the bundles as Latin-1 (no UTF-8 decoding), so they must be ASCII. esbuild escapes
// strings but not regular expression literals or kept comments: escape what is left (a \u escape
// means the same character in all three).
for (const name of ['app.cjs', 'oneshot.cjs']) {
  const file = join(root, 'dist', name);
  const text = readFileSync(file, 'utf8');
  if (/[^\x00-\x7f]/.test(text)) writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
// esbuild's __toESM (an ES module importing a CommonJS one or a Node built-in) builds a new namespace object
// at every import site: a getter closure and a defineProperty for every property of the module. The TUI
// made 135 of them before its first frame, 4,219 properties (React's 42 for each of ~67 importers, the
// process object's ~130 seven times): ~1.9 MB of allocation, ~8 ms of a start. Each module's namespace is
// built once instead, at its first import, and shared, as Node's own loader makes one namespace a module.
const TO_ESM = [
  /var (?<helper>[\w$]+)=(?<fn>\((?<m>[\w$]+),(?<n>[\w$]+),(?<t>[\w$]+)\)=>\(\k<t>=\k<m>!=null\?[\w$]+\([\w$]+\(\k<m>\)\):\{\},[\w$]+\(\k<n>\|\|!\k<m>\|\|!\k<m>\.__esModule\?[\w$]+\(\k<t>,"default",\{value:\k<m>,enumerable:!0\}\):\k<t>,\k<m>\)\))(?<end>[,;])/g,
  /var (?<helper>__toESM) = (?<fn>\(mod, isNodeMode, target\) => \(target = mod != null \? __create\(__getProtoOf\(mod\)\) : \{\}, __copyProps\([^;]*?\n\)\))(?<end>;\n)/g,
];
const ONCE_A_MODULE = '((f,a=new WeakMap,b=new WeakMap)=>(e,t)=>{if(e===null||typeof e!="object"&&typeof e!="function")return f(e,t);const c=t||!e.__esModule?a:b;let n=c.get(e);return n===void 0&&c.set(e,n=f(e,t)),n})';
for (const name of ['app.cjs', 'oneshot.cjs']) {
  const file = join(root, 'dist', name);
  const text = readFileSync(file, 'latin1');
  const found = TO_ESM.flatMap((re) => [...text.matchAll(re)]);
  // None where the bundle imports no CommonJS module (the helper is then not emitted); one in another shape fails.
  const helperLeft = found.length === 0 && (text.includes('var __toESM') || /\.__esModule\?[\w$]+\([\w$]+,"default",\{value:/.test(text));
  if (found.length > 1 || helperLeft) throw new Error(`build: esbuild's __toESM not found once in dist/${name} (${found.length}); re-check TO_ESM in scripts/build.mjs`);
  if (found.length === 0) continue;
  const [all] = found[0];
  const { helper, fn, end } = found[0].groups;
  writeFileSync(file, text.replace(all, () => `var ${helper}=${ONCE_A_MODULE}(${fn})${end}`), 'latin1');
}
// No WebAssembly as text in either bundle (it is read from dist/*.wasm: WASM_READER), and nothing NOT_BUNDLED.
for (const name of ['app.cjs', 'oneshot.cjs']) {
  const text = readFileSync(join(root, 'dist', name), 'latin1');
  for (const [what, mark] of [['WebAssembly as base64', 'AGFzbQ'], ['the ws library', 'permessage-deflate'], ["undici's fetch body", 'multipart/form-data; boundary=']])
    if (text.includes(mark)) throw new Error(`build: dist/${name} holds ${what} (${mark}); see WASM_READER and NOT_BUNDLED in scripts/build.mjs`);
}
// The one-shot bundle must stay free of the TUI's libraries (a stray import would bring them back).
const oneshot = readFileSync(join(root, 'dist', 'oneshot.cjs'), 'latin1');
for (const [what, mark] of [['React', 'react.transitional.element'], ['Ink', 'ink-text'], ['yoga', 'yogaNode']])
  if (oneshot.includes(mark)) throw new Error(`build: dist/oneshot.cjs holds ${what} (${mark}): something in src/start/oneShot.ts's reach imports the TUI`);

// The launchers read the command words (src/cli/commands.ts) before any bundle loads, and the operations'
// subcommands and options come from src/core/operations/registry.ts. Its entries (their closures and help
// texts: 12 of the launcher's 20 KB, compiled at every start without a code cache) are not needed there:
// the launchers get what commands.ts takes of it as data, read from the registry here.
const registryOut = await build({ entryPoints: [join(root, 'src', 'core', 'operations', 'registry.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'warning' });
const registry = { exports: {} };
new Function('module', 'exports', 'require', registryOut.outputFiles[0].text)(registry, registry.exports, requireHere);
const { OPERATION_SUBCOMMANDS, subcommandOptions } = registry.exports;
const REGISTRY_WORDS = `export const OPERATION_SUBCOMMANDS = ${JSON.stringify(OPERATION_SUBCOMMANDS)};
const OPTIONS = ${JSON.stringify(Object.fromEntries(OPERATION_SUBCOMMANDS.map((sub) => [sub, subcommandOptions(sub)])))};
export const subcommandOptions = (sub) => OPTIONS[sub];`;
const registryWords = {
  name: 'registry-words',
  setup(b) {
    b.onResolve({ filter: /[\\/]core[\\/]operations[\\/]registry\.js$/ }, (args) => (/[\\/]src[\\/]cli[\\/]commands\.ts$/.test(args.importer) ? { path: 'registry-words', namespace: 'registry-words' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'registry-words' }, () => ({ contents: REGISTRY_WORDS, loader: 'js' }));
  },
};
// The launcher, which loads the program through the code cache.
const launchers = [await build({ ...common, plugins: [registryWords], metafile: true, entryPoints: { cli: join(root, 'src', 'start', 'launcher.ts') }, banner: { js: '#!/usr/bin/env node' } })];
// The single executable's entry (npm run sea embeds it with the bundle as an asset; not in the package).
launchers.push(await build({ ...common, plugins: [registryWords], metafile: true, entryPoints: { sea: join(root, 'src', 'start', 'seaMain.ts') } }));
for (const { metafile } of launchers)
  if (Object.keys(metafile.inputs).some((p) => /core[\\/]operations[\\/]/.test(p))) throw new Error(`build: a launcher (${Object.keys(metafile.outputs).join(', ')}) holds src/core/operations/; see registryWords in scripts/build.mjs`);
// The man page (dist/relayer-tui.1, package.json's `man`), made from the texts --help prints (scripts/man.mjs).
await writeManPage(root, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);

// Make the code caches now (scripts/prime.mjs): the first start after an install or a build is as fast as the ones after it.
const cliArgs = [join(root, 'dist', 'cli.cjs')];
const noConfig = { RELAYER_TUI_CONFIG_DIR: join(root, 'dist', 'no-config') };
const notPrimed = await primeTui({ file: process.execPath, args: cliArgs, cwd: root, env: noConfig, written: () => existsSync(join(root, 'dist', 'app.cjs.cache')) });
if (notPrimed) console.warn(`build: code cache not made (${notPrimed}); the first start will make it`);
// The one-shot bundle's (dist/oneshot.cjs.cache): the launcher writes it when the command is done.
const oneShotNotPrimed = await primeOneShot({ file: process.execPath, args: cliArgs, env: noConfig, written: () => existsSync(join(root, 'dist', 'oneshot.cjs.cache')) });
if (oneShotNotPrimed) console.warn(`build: one-shot code cache not made (${oneShotNotPrimed}); the first one-shot will make it`);
