/**
 * The fleet's context lines (`c`) add up to its summary at every moment of a read: a context whose
 * relayers are listed (rows of the table, counted in the summary) while their transactions are still
 * read says how many it listed, never only "reading…" (the walk once saw lines adding to 87 under a
 * summary of 95). Real sandboxes over loopback, one slow.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRelayerClient } from '../../../src/api/index.js';
import { Fleet, type FleetSource } from '../../../src/core/fleet/fleet.js';
import { needsAttention, summaryLine } from '../../../src/core/fleet/health.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { contextLine } from '../../../src/ui/screens/fleet/FleetScreen.js';

let fast: Sandbox;
let slow: Sandbox;
let sick: Sandbox;
beforeAll(async () => {
  fast = await startSandbox({ port: 0 });
  slow = await startSandbox({ port: 0, latencyMs: 120 });
  sick = await startSandbox({ port: 0, flavor: 'real', ready: 'unhealthy' });
});
afterAll(async () => {
  await Promise.all([fast.close(), slow.close(), sick.close()]);
});

const source = (name: string, s: Sandbox): FleetSource => ({
  name,
  url: s.url,
  open: async () => ({ client: createRelayerClient({ baseUrl: s.url, token: s.token, timeoutMs: 5_000, maxRetries: 0 }), timeoutMs: 5_000 }),
});

it('every moment of a read: the relayers the context lines say add up to the summary', async () => {
  const checks: { lines: number; summary: number; listedWhileLoading: boolean }[] = [];
  const check = () => {
    const attention = new Map<string, number>();
    for (const r of f.rows()) if (needsAttention(r) && r.relayerId !== null) attention.set(r.context, (attention.get(r.context) ?? 0) + 1);
    const lines = f.contexts().map((c) => contextLine(c, attention).text);
    const counted = lines.reduce((n, l) => n + Number(/(\d+) relayers/.exec(l)?.[1] ?? 0), 0);
    const summary = Number(/(\d+) relayers/.exec(summaryLine(f.rows(), 2, f.loading(), f.serverOf()))![1]);
    checks.push({ lines: counted, summary, listedWhileLoading: lines.some((l) => l.includes('listed, reading their transactions')) });
  };
  const f: Fleet = new Fleet([source('fast', fast), source('slow', slow)], { now: Date.now, onChange: check });
  try {
    await f.refresh();
    check();
  } finally {
    await f.close();
  }
  expect(checks.some((c) => c.listedWhileLoading)).toBe(true);
  expect(checks.filter((c) => c.lines !== c.summary)).toEqual([]);
  expect(checks.at(-1)).toMatchObject({ lines: 30, summary: 30 });
});

it('a server that answers but is not ready gets no ✓: its line and the summary say not ready; "need attention" counts relayers only (walk finding)', async () => {
  const f = new Fleet([source('fast', fast), source('sick', sick)], { now: Date.now });
  try {
    await f.refresh();
    const rows = f.rows();
    const attention = new Map<string, number>();
    for (const r of rows) if (needsAttention(r) && r.relayerId !== null) attention.set(r.context, (attention.get(r.context) ?? 0) + 1);
    const readiness = rows.find((r) => r.context === 'sick' && r.trouble === 'not-ready');
    expect(readiness).toBeDefined();
    const line = contextLine(f.contexts().find((c) => c.name === 'sick')!, attention, readiness);
    expect(line.tone).toBe('bad');
    expect(line.text).toMatch(/^sick: ✗ ≤ [\d.]+ m?s · 15 relayers · \d+ need attention · not ready \(HTTP 503, unhealthy\)/);
    expect(line.text).not.toContain('✓');
    const summary = summaryLine(rows, 2, f.loading(), f.serverOf());
    expect(summary).toContain('· 1 not ready (sick)');
    // The attention count is of relayers: never the context's own row besides.
    const relayers = Number(/(\d+) relayers/.exec(summary)![1]);
    const needing = Number(/(\d+) need attention/.exec(summary)![1]);
    expect(needing).toBe(rows.filter((r) => r.relayerId !== null && needsAttention(r)).length);
    expect(needing).toBeLessThanOrEqual(relayers);
  } finally {
    await f.close();
  }
});
