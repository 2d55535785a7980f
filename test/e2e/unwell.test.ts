/**
 * `relayer-tui check` against an unwell server (issue 51): the built CLI against the sandbox's real
 * flavour with one fault switched on at a time (src/sandbox/faults.ts) — a status nonce of "0", a 429
 * on the first request or on /ready, Redis down, a slow RPC — and what it concludes: no jam called
 * clear, nothing changed by a 429 it could wait out, "not ready" first, diagnoses side by side; and
 * one rule for a relayer's states in check and the fleet.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRelayerClient } from '../../src/api/index.js';
import { Fleet } from '../../src/core/fleet/fleet.js';
import { rowMarks } from '../../src/core/fleet/health.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { assertBuilt } from './pty.js';
import { runAgainst } from './run.js';
import { CHECK_IN_FLIGHT } from '../../src/core/limiter.js';

const HOME = mkdtempSync(join(tmpdir(), 'relayer-tui-unwell-'));
const open: Sandbox[] = [];
beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** A fresh real-flavour sandbox with these faults, its clock one block on (as check.test.ts has it). */
async function sandbox(o: SandboxOptions = {}): Promise<Sandbox> {
  const s = await startSandbox({ flavor: 'real', ...o });
  open.push(s);
  s.clock.step(1);
  return s;
}

interface CheckJson {
  summary: string;
  relayers: { relayer: string; state: string; states: string[]; diagnosed: boolean; not_diagnosed_because: string | null; jam: { cause: string; distrusted: { kind: string } | null } | null; distrusted: { kind: string; words: string } | null }[];
}
const check = async (s: Sandbox, json = true) => {
  const r = await runAgainst(s, HOME, ['check', ...(json ? ['--json'] : [])]);
  return { ...r, json: json ? (JSON.parse(r.out) as CheckJson) : undefined };
};
/** What check concluded, relayer by relayer: diagnosed or not, its states, its jam's cause. */
const concluded = (j: CheckJson) => j.relayers.map((r) => ({ relayer: r.relayer, diagnosed: r.diagnosed, states: r.states, cause: r.jam?.cause ?? null }));

const JAMMED = ['avalanche-bridge', 'holesky-test', 'optimism-relay'];

describe('check against an unwell server', () => {
  it('a status nonce of "0" (v1.8 when its counter read fails) is not trusted: every jammed relayer is still jammed, and says which reading was not trusted', async () => {
    const s = await sandbox({ statusNonceZero: 'all' });
    const r = await check(s);
    expect(r.code, r.err).toBe(12);
    const by = new Map(r.json!.relayers.map((x) => [x.relayer, x]));
    for (const id of JAMMED) {
      expect(by.get(id), id).toMatchObject({ diagnosed: true, state: 'jammed', jam: { distrusted: { kind: 'status_nonce_zero' } }, distrusted: { kind: 'status_nonce_zero' } });
    }
    expect(by.get('holesky-test')!.jam!.cause).toBe('never_broadcast');
    expect(r.json!.summary).toMatch(/; 3 jammed: /);
    const text = await check(s, false);
    expect(text.out.split('\n').find((l) => l.startsWith('holesky-test:'))).toMatch(/signed and never broadcast.*\(the status's nonce 0 was not trusted \(v1\.8 answers 0 when its counter read fails\): what waits was read from the transaction at the chain's nonce and the pending, sent and submitted lists\)$/);
  });

  it('one 429 on the first request (the server-type probe) changes nothing check concludes; nor does one on /ready (its Retry-After waited out)', async () => {
    const plain = await check(await sandbox());
    const first = await sandbox({ throttle: { first: true } });
    const r = await check(first);
    expect(first.requests[0]!.url).toBe('/api/v1/health');
    expect(first.requests.filter((q) => q.url === '/api/v1/health').length).toBe(2);
    expect(r.code, r.err).toBe(plain.code);
    expect(concluded(r.json!)).toEqual(concluded(plain.json!));
    expect(r.out).not.toMatch(/not the OpenZeppelin Relayer/);

    const ready = await sandbox();
    ready.inject({ status: 429, body: '{"success":false,"code":429,"error":"TooManyRequests","message":"Too Many Requests","after":1}', headers: { 'retry-after': '1', 'x-ratelimit-after': '1' }, match: { pathPrefix: '/api/v1/ready' } });
    const rr = await check(ready);
    expect(rr.code, rr.err).toBe(plain.code);
    expect(concluded(rr.json!)).toEqual(concluded(plain.json!));
  }, 30_000);

  it('with Redis down, check says the server is not ready first, then what could not be read: exit 12', async () => {
    const s = await sandbox({ redisDown: true });
    const r = await check(s, false);
    expect(r.code, r.err).toBe(12);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^server not ready: .*Redis primary pool: .*Connection refused/);
    expect(lines.at(-1)).toMatch(/^relayers not read: 500 Internal Server Error/);
    expect(r.err).toMatch(/^relayer-tui check: server not ready .*; relayers not read: /);
  });

  it('diagnoses run side by side: behind a slow RPC, several JSON-RPC reads are in flight at once (never more than the limit)', async () => {
    const s = await sandbox({ rpcDelayMs: 300 });
    const r = await check(s);
    expect(r.code, r.err).toBe(12);
    expect(s.rpcInFlight.max).toBeGreaterThanOrEqual(4);
    expect(s.rpcInFlight.max).toBeLessThanOrEqual(CHECK_IN_FLIGHT);
  });

  it('check and the fleet list the same states for one relayer: disabled and low, paused and low', async () => {
    const s = await sandbox();
    const r = await check(s);
    const by = new Map(r.json!.relayers.map((x) => [x.relayer, x]));
    expect(by.get('base-batch')!.states).toEqual(['disabled', 'low']);
    expect(by.get('mainnet-hot')!.states).toEqual(['paused', 'low']);
    const text = await check(s, false);
    expect(text.out).toMatch(/^base-batch: disabled by the system: /m);
    expect(text.out).toMatch(/^base-batch: low balance: /m);
    const f = new Fleet([{ name: 'sb', url: s.url, open: async () => ({ client: createRelayerClient({ baseUrl: s.url, token: s.token }), timeoutMs: 10_000 }) }], { now: Date.now });
    try {
      await f.refresh();
      for (const row of f.rows().filter((x) => x.relayerId !== null)) expect(rowMarks(row), row.relayerId!).toEqual(by.get(row.relayerId!)!.states);
    } finally {
      await f.close();
    }
  }, 30_000);
});
