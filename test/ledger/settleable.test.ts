/**
 * A cancel left "in flight" (its NOOP on its way) can be read back later: a walk found `s` answering
 * "its outcome is known (in flight): nothing to read back" minutes after the jam had cleared. Against
 * the sandbox's real flavour, its chain driven by the test.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, type RelayerClient } from '../../src/api/index.js';
import { AuditLedger, auditOutcome, outcomeUnknown, settleable } from '../../src/ledger/audit.js';
import { cancelRequest } from '../../src/core/operations/cancel.js';
import { execute } from '../../src/core/operations/pipeline.js';
import { settleCheck } from '../../src/core/operations/settle.js';
import { sendRequest } from '../../src/core/operations/send.js';
import type { BuiltRequest } from '../../src/core/operations/types.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sb: Sandbox;
let client: RelayerClient;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real' });
  client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
  await client.detectDialect();
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

describe('a send left in flight', () => {
  it('is read back once it has landed: applied, a new line; then nothing more to read', async () => {
    const ledger = new AuditLedger(join(mkdtempSync(join(tmpdir(), 'settleable-')), 'audit.jsonl'), { context: 't', server: sb.url });
    const relayer = (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'sepolia-main')!;
    const tx = (await client.listTransactions('sepolia-main', { perPage: 100, status: 'submitted' })).items[0]!;
    const out = await execute(cancelRequest('sepolia-main', tx.id, relayer, tx, true, 'keys') as BuiltRequest, { client, ledger });
    expect(out).toMatchObject({ kind: 'answered', effect: { kind: 'in flight' } });
    let e = ledger.read()[0]!;
    expect(outcomeUnknown(e)).toBe(false);
    expect(settleable(e)).toBe(true);
    sb.clock.step(20); // the NOOP mines, the transaction turns canceled
    const r = await settleCheck(e, client);
    expect(r).toMatchObject({ outcome: 'applied', words: expect.stringContaining('is canceled') });
    ledger.settle(e, r);
    e = ledger.read()[0]!;
    expect(auditOutcome(e)).toBe('applied (read back)');
    expect(settleable(e)).toBe(false);
  });
});

describe('a cancel read back as v1.8 answers it later', () => {
  /** A cancel of sepolia-main's newest transaction read back while the server answers it with `over` (injected once). */
  async function readBackAs(over: Record<string, unknown>) {
    const tx = (await client.listTransactions('sepolia-main', { perPage: 10 })).items[0]!;
    const path = `/api/v1/relayers/sepolia-main/transactions/${tx.id}`;
    const raw = (await (await fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${sb.token}` } })).json()) as { data: Record<string, unknown> };
    sb.inject({ status: 200, body: JSON.stringify({ ...raw, data: { ...raw.data, ...over } }), match: { method: 'GET', pathPrefix: path }, times: 1 });
    return settleCheck({ method: 'DELETE', path, body: '', op: 'cancel', target: { relayerId: 'sepolia-main', txId: tx.id } }, client);
  }
  it('confirmed, still marked canceling: not applied (the original mined first, the cancel lost), never "in flight"', async () => {
    expect(await readBackAs({ status: 'confirmed', is_canceled: true })).toMatchObject({ outcome: 'not applied', words: expect.stringContaining('is confirmed, still marked canceling: the original was mined before its NOOP') });
  });
  it('mined, marked canceling: in flight (v1.8 says Canceled or Confirmed only once confirmed; a walk read "not applied" of a NOOP on its way to canceled)', async () => {
    expect(await readBackAs({ status: 'mined', is_canceled: true })).toMatchObject({ outcome: 'in flight', words: expect.stringContaining('is mined, marked canceling: awaiting its confirmations') });
  });
});

describe('a new transaction accepted', () => {
  it('is read back for its status: in flight while not final, then applied once mined (a walk: a failed withdrawal stayed "accepted", s refused to look)', async () => {
    const ledger = new AuditLedger(join(mkdtempSync(join(tmpdir(), 'settleable-')), 'audit.jsonl'), { context: 't', server: sb.url });
    const relayer = (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'bsc-treasury')!;
    const built = sendRequest({ to: '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', value: '1', speed: 'fast' } as never, { relayerId: 'bsc-treasury', relayer, now: Date.now() });
    expect('request' in built).toBe(true);
    const out = await execute((built as { request: BuiltRequest }).request, { client, ledger });
    expect(out.kind).toBe('answered');
    let e = ledger.read()[0]!;
    expect(e.done?.outcome).toBe('accepted');
    expect(settleable(e)).toBe(true);
    const pending = await settleCheck(e, client);
    expect(pending).toMatchObject({ outcome: 'in flight', words: expect.stringMatching(/is (pending|sent|submitted): not final yet$/) });
    sb.clock.step(30);
    const mined = await settleCheck(e, client);
    expect(mined).toMatchObject({ outcome: 'applied', words: expect.stringMatching(/is (mined|confirmed)$/) });
    ledger.settle(e, mined);
    e = ledger.read()[0]!;
    expect(auditOutcome(e)).toBe('applied (read back)');
    expect(settleable(e)).toBe(false);
  });
});
