/**
 * The code cache's loading (src/start/codeCache.ts `load`), on a small bundle in a scratch directory: the
 * source and the cache read through one buffer whichever is the larger, a cache V8 takes used as it
 * is (nothing written), one it refuses (empty, damaged) written again, and a cache given in memory (the
 * single executable's, built in) used when no file is there. "Taken" is read the way a start sees it:
 * `saveCache` writes only when there was no cache or V8 refused it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { load, type Launch } from '../../src/start/codeCache.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'relayer-tui-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A bundle as the build writes them: a module wrapper's function expression; `pad` bytes of comment make it larger than its cache. */
function bundle(pad = 0, value = 42): string {
  const file = join(dir, 'b.cjs');
  writeFileSync(file, `(function (exports, require, module, __filename, __dirname) {\n/*${' '.repeat(pad)}*/\nmodule.exports.value = ${value}; module.exports.twice = (n) => n * 2;\n})`, 'latin1');
  return file;
}
// Each load under a name of its own: V8 keeps what it compiled in this process by source and name, and
// a second load of the same would never look at its cache (a start is a process of its own).
let loads = 0;
const launch = (file: string, extra: Partial<Launch> = {}): Launch => ({ source: { file }, filename: `${file}#${++loads}`, dirname: dir, beside: `${file}.cache`, fallback: join(dir, 'fallback', 'b.cache'), require, ...extra });
type Exports = { value: number; twice: (n: number) => number };
/**
 * A file's time, length and content, or 'none'. (Time and length alone failed once in CI: a cache
 * rewritten within the same millisecond, for a source of another length, came out as long as the old.)
 */
function stamp(path: string): string {
  try {
    return `${statSync(path).mtimeMs}:${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
  } catch {
    return 'none';
  }
}
/** Loads, runs, and saves as a start does after its first frame; whether a cache file was (re)written. */
function start(o: Launch): { exports: Exports; wrote: boolean } {
  const before = stamp(o.beside!);
  const l = load<Exports>(o);
  l.exports.twice(2); // compiled, so that the cache holds more than the top level
  l.saveCache();
  return { exports: l.exports, wrote: stamp(o.beside!) !== before };
}

describe('load: the source and its cache through one buffer', () => {
  for (const [what, pad] of [
    ['a cache larger than its source', 0],
    ['a source larger than its cache', 300_000],
  ] as const)
    it(`${what}: written by the first start, taken as it is by the next`, () => {
      const file = bundle(pad);
      const first = start(launch(file));
      expect(first.exports.value).toBe(42);
      expect(first.wrote).toBe(true);
      const size = statSync(`${file}.cache`).size;
      expect(pad ? size < statSync(file).size : size > statSync(file).size).toBe(true);
      for (let i = 0; i < 2; i++) {
        const next = start(launch(file));
        expect(next.exports.twice(21)).toBe(42);
        expect(next.wrote).toBe(false);
      }
    });

  it('an empty or damaged cache file is refused and written again; the program runs all the same', () => {
    const file = bundle(1000);
    start(launch(file));
    for (const bad of [Buffer.alloc(0), Buffer.from('not a code cache at all')]) {
      writeFileSync(`${file}.cache`, bad);
      const s = start(launch(file));
      expect(s.exports.value).toBe(42);
      expect(s.wrote).toBe(true);
      expect(start(launch(file)).wrote).toBe(false);
    }
  });

  it('a cache made for another source is refused and replaced', () => {
    const file = bundle(0, 1);
    start(launch(file));
    const old = readFileSync(`${file}.cache`);
    bundle(5, 2);
    const s = start(launch(file));
    expect(s.exports.value).toBe(2);
    expect(s.wrote).toBe(true);
    expect(readFileSync(`${file}.cache`).equals(old)).toBe(false);
  });
});

describe('load: a cache given in memory (the single executable\'s, built in)', () => {
  it('is used when no cache file is there: nothing is written', () => {
    const file = bundle(2000);
    start(launch(file));
    const builtIn = new Uint8Array(readFileSync(`${file}.cache`));
    rmSync(`${file}.cache`);
    const s = start(launch(file, { builtIn }));
    expect(s.exports.value).toBe(42);
    expect(s.wrote).toBe(false);
  });

  it('refused (another V8, other flags: here, damaged), the start writes a file of its own, which the next starts take', () => {
    const file = bundle(2000);
    const s = start(launch(file, { builtIn: new Uint8Array(64) }));
    expect(s.exports.value).toBe(42);
    expect(s.wrote).toBe(true);
    expect(start(launch(file, { builtIn: new Uint8Array(64) })).wrote).toBe(false);
  });
});
