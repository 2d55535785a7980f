/**
 * Milliseconds on a monotonic clock, as `performance.now()` gives them (from another origin), without
 * loading Node's performance timeline: its first use loads seven of Node's modules, ~1.6 ms of a start
 * (React's scheduler and Ink are patched to the same clock: scripts/patches.mjs).
 */
const hrtime = process.hrtime;

export function monotonicMs(): number {
  const [s, ns] = hrtime();
  return s * 1e3 + ns / 1e6;
}
