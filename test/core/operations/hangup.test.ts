/**
 * The pipeline's hang-up rule (issue 31.2) and the read-back of an unknown outcome (31.3), over
 * loopback against the sandbox whose mutations are applied at once and answered late.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, prepareReplaceTransaction, prepareSetPaused, type RelayerClient } from '../../../src/api/index.js';
import { AuditLedger } from '../../../src/ledger/audit.js';
import { execute, sendsInFlight, seeInFlightThrough } from '../../../src/core/operations/pipeline.js';
import { settleCheck, settleTarget } from '../../../src/core/operations/settle.js';
import type { BuiltRequest } from '../../../src/core/operations/types.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';

let sb: Sandbox;
let client: RelayerClient;
let ledger: AuditLedger;
beforeAll(async () => {
  sb = await startSandbox({ flavor: 'real', answerDelayMs: 400 });
  client = createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 });
  await client.detectDialect();
  ledger = new AuditLedger(join(mkdtempSync(join(tmpdir(), 'rt-hangup-')), 'audit.jsonl'), { context: 'test', server: sb.url });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});
const lines = () => readFileSync(ledger.path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
const pause = (id: string, paused: boolean): BuiltRequest => ({ op: paused ? 'pause' : 'resume', target: { relayerId: id }, what: 'pause', prepared: prepareSetPaused(id, paused), send: (c, o) => c.setPaused(id, paused, o) });

describe('a send in flight when the terminal hangs up', () => {
  it("the face's abort (its screen unmounting) no longer stops it: the answer comes and is recorded with a note", async () => {
    const face = new AbortController();
    const outcome = execute(pause('holesky-test', true), { client, ledger, signal: face.signal });
    await new Promise((r) => setTimeout(r, 50));
    expect(sendsInFlight()).toBe(1);
    const held = seeInFlightThrough(5_000);
    face.abort();
    await held;
    expect(await outcome).toMatchObject({ kind: 'answered', status: 200 });
    expect(sendsInFlight()).toBe(0);
    expect(lines().at(-1)).toMatchObject({ phase: 'done', status: 200, outcome: 'answered, unchecked', note: expect.stringContaining('the terminal hung up') });
    // Once every held send is recorded, a face's abort stops a send again.
    const again = new AbortController();
    const next = execute(pause('holesky-test', false), { client, ledger, signal: again.signal });
    await new Promise((r) => setTimeout(r, 50));
    again.abort();
    expect(await next).toMatchObject({ kind: 'failed', known: 'unknown' });
    expect(lines().at(-1)).toMatchObject({ phase: 'done', outcome: 'unknown' });
    expect(lines().at(-1)!.note).toBeUndefined();
  });

  it('the wait is bounded: past the bound the send is written as unknown, once', async () => {
    sb.setLatency(3_000);
    try {
      const outcome = execute(pause('mainnet-hot', false), { client, ledger });
      await new Promise((r) => setTimeout(r, 50));
      const t0 = Date.now();
      await seeInFlightThrough(300);
      expect(Date.now() - t0).toBeLessThan(1_500);
      await outcome;
      const done = lines().filter((l) => l.phase === 'done');
      expect(done.at(-1)).toMatchObject({ outcome: 'unknown', effect: expect.stringContaining('no answer came within') });
      // Written once: the abort that followed did not add a second line.
      expect(lines().filter((l) => l.id === done.at(-1)!.id)).toHaveLength(2);
    } finally {
      sb.setLatency(0);
    }
  });
});

describe('settleCheck: an unknown outcome read back', () => {
  it('names what can be read back from the path as sent', () => {
    expect(settleTarget({ method: 'PUT', path: '/api/v1/relayers/r%201/transactions/t1', body: '{}' })).toEqual({ kind: 'replace', relayerId: 'r 1', txId: 't1' });
    expect(settleTarget({ method: 'DELETE', path: '/api/v1/relayers/r/transactions/t', body: '' })).toMatchObject({ kind: 'cancel' });
    expect(settleTarget({ method: 'DELETE', path: '/api/v1/relayers/r/transactions/pending', body: '' })).toMatchObject({ kind: 'none' });
    expect(settleTarget({ method: 'PATCH', path: '/api/v1/relayers/r', body: '{"paused":true}' })).toMatchObject({ kind: 'relayer', relayerId: 'r' });
    expect(settleTarget({ method: 'POST', path: '/api/v1/plugins/echo/call', body: '{}' })).toMatchObject({ kind: 'none' });
  });

  it('a replacement that took, one that did not, a pause as asked and not', async () => {
    const t = (await client.listTransactions('sepolia-main', { perPage: 100, status: 'pending' })).items[0]!;
    const body = { value: 12345n, speed: 'fast' };
    const prepared = prepareReplaceTransaction('sepolia-main', t.id, body as never, 'openzeppelin');
    await client.replaceTransaction('sepolia-main', t.id, body as never);
    expect(await settleCheck({ method: 'PUT', path: prepared.path, body: prepared.displayBody! }, client)).toMatchObject({ outcome: 'applied' });
    expect(await settleCheck({ method: 'PUT', path: prepared.path, body: '{"value": 99}' }, client)).toMatchObject({ outcome: 'not applied', words: expect.stringContaining('value: asked 99') });
    const relayer = (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'sepolia-main')!;
    const path = prepareSetPaused('sepolia-main', true).path;
    expect(await settleCheck({ method: 'PATCH', path, body: JSON.stringify({ paused: relayer.paused }) }, client)).toMatchObject({ outcome: 'applied' });
    expect(await settleCheck({ method: 'PATCH', path, body: JSON.stringify({ paused: !relayer.paused }) }, client)).toMatchObject({ outcome: 'not applied' });
  });

  it('a policy edit: the relayer read back carries the merge patch sent, field by field (null: the field gone)', async () => {
    const relayer = (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'sepolia-main')!;
    const policies = relayer.policies as Record<string, unknown>;
    const [field, value] = Object.entries(policies).find(([, v]) => typeof v === 'number' || typeof v === 'bigint')!;
    const rec = (patch: unknown) => ({ method: 'PATCH', path: '/api/v1/relayers/sepolia-main', body: JSON.stringify(patch), op: 'policy-edit', target: { relayerId: 'sepolia-main' } });
    expect(await settleCheck(rec({ policies: { [field]: String(value) } }), client)).toMatchObject({ outcome: 'applied', words: expect.stringContaining(`policies.${field}: ${String(value)}`) });
    expect(await settleCheck(rec({ policies: { [field]: 7 } }), client)).toMatchObject({ outcome: 'not applied', words: expect.stringContaining(`policies.${field} is ${String(value)}, asked 7`) });
    expect(await settleCheck(rec({ policies: { not_a_policy_here: null } }), client)).toMatchObject({ outcome: 'applied', words: expect.stringContaining('not_a_policy_here unset') });
    expect(await settleCheck(rec({ policies: { [field]: null } }), client)).toMatchObject({ outcome: 'not applied', words: expect.stringContaining('asked unset') });
    expect(await settleCheck(rec('x'), client)).toMatchObject({ outcome: 'unknown' });
  });
});
