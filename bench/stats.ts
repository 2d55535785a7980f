/** Figures from samples, and how the report writes them. */
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
