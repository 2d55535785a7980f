/**
 * One scheduler for the UI's time (issue 52.4): every timer of src/ui goes through the services'
 * `after` (src/ui/scheduler.ts) — the clock a test can stop or move by hand — and no other file of
 * src/ui calls setTimeout or setInterval (comments aside); no test sleeps a fixed time over 250 ms.
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

/** A fixed wait of a test: a sleep (`new Promise((r) => setTimeout(r, N))`) or `settle(N)`, N its milliseconds. */
const FIXED_WAIT = /(?:setTimeout\(\s*(?:r|res|resolve)\s*,\s*|\bsettle\(\s*)([0-9_]+)\s*\)/g;

it('no test waits a fixed time over 250 ms (the pty harness aside: test/e2e/pty.ts waits for quiet, not for a time)', () => {
  const TEST = join(ROOT, 'test');
  const offenders = files(TEST)
    .filter((f) => f !== join(TEST, 'e2e', 'pty.ts'))
    .flatMap((f) => code(readFileSync(f, 'utf8')).split('\n').map((line, i) => ({ f, i, line })))
    .flatMap(({ f, i, line }) => [...line.matchAll(FIXED_WAIT)].filter((m) => Number(m[1]!.replace(/_/g, '')) > 250).map(() => `${relative(ROOT, f)}:${i + 1}: ${line.trim()}`));
  expect(offenders).toEqual([]);
});
