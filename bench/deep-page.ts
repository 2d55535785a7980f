/**
 * Bench helper (run by bench/sections/deepPage.ts with tsx): starts the sandbox in-process and times
 * listTransactions('bulk-1m', page 99,999 of 10) through the real client over loopback HTTP,
 * next to page 1 for comparison. Prints one JSON line.
 */
import { createRelayerClient } from '../src/api/index.js';
import { startSandbox } from '../src/sandbox/index.js';

const RUNS = 10;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up: connection, JIT
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const sandbox = await startSandbox();
const client = createRelayerClient({ baseUrl: sandbox.url, token: sandbox.token });
try {
  const deep = await client.listTransactions('bulk-1m', { page: 99_999, perPage: 10 });
  if (deep.items.length !== 10 || deep.page !== 99_999 || deep.totalItems !== 1_000_000)
    throw new Error(`unexpected page: ${deep.items.length} items, page ${deep.page}, total ${deep.totalItems}`);
  const deepMs = await time(() => client.listTransactions('bulk-1m', { page: 99_999, perPage: 10 }));
  const firstMs = await time(() => client.listTransactions('bulk-1m', { page: 1, perPage: 10 }));
  process.stdout.write(`${JSON.stringify({ runs: RUNS, deepMedianMs: median(deepMs), deepMs, firstMedianMs: median(firstMs), firstMs })}\n`);
} finally {
  await client.close();
  await sandbox.close();
}
