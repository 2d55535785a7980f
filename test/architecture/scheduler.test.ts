/**
 * One scheduler for the UI's time (issue 52.4): every timer of src/ui goes through the services'
 * `after` (src/ui/scheduler.ts) — the clock a test can stop or move by hand — and no other file of
 * src/ui calls setTimeout or setInterval (comments aside).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const UI = join(ROOT, 'src', 'ui');
const SCHEDULER = join(UI, 'scheduler.ts');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The code of a file without its comments (a comment may name a timer). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

it('no file of src/ui but the scheduler calls setTimeout or setInterval', () => {
  const offenders = files(UI)
    .filter((f) => f !== SCHEDULER)
    .flatMap((f) => code(readFileSync(f, 'utf8')).split('\n').map((line, i) => ({ f, i, line })))
    .filter(({ line }) => /\b(setTimeout|setInterval)\s*\(/.test(line))
    .map(({ f, i, line }) => `${relative(ROOT, f)}:${i + 1}: ${line.trim()}`);
  expect(offenders).toEqual([]);
  // The scheduler itself holds the one real timer.
  expect(code(readFileSync(SCHEDULER, 'utf8'))).toMatch(/setTimeout\(fn, ms\)/);
});
