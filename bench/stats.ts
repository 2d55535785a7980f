/** Figures from samples, and how the report writes them. */
import { readFileSync } from 'node:fs';

/** A process's memory figure from /proc (`VmRSS`, `VmHWM`), in kB; NaN when it cannot be read. */
export function procKb(pid: number, field: string): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The nearest-rank percentile (p in 0..100). */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
export const fmtMs = (x: number): string => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
export const fmtB = (x: number): string => `${Math.round(x).toLocaleString('en-US')} B`;
export const runs = (xs: readonly number[]): string => xs.map((x) => x.toFixed(0)).join(', ');
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** How many times to repeat a measurement: `n`, or `smoke` (default 3) in CI's smoke run (`--smoke`). */
export const repeats = (n: number, smoke = 3): number => (process.env.BENCH_SMOKE === '1' ? Math.min(n, smoke) : n);
