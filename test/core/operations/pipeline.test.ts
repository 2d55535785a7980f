/**
 * The one mutation pipeline (core/operations/pipeline.ts) and its effect checks (effects.ts): one
 * outcome, worded once, the same in the ledger, the TUI and headless — over loopback where a send
 * is involved.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createRelayerClient, prepareCancelTransaction, type RelayerClient, type Transaction } from '../../../src/api/index.js';
import { AuditLedger } from '../../../src/ledger/audit.js';
import { cancelEffect, cancelPendingEffect, notifyEffect, replaceEffect } from '../../../src/core/operations/effects.js';
import { cancelRequest, cancelPendingRequest } from '../../../src/core/operations/cancel.js';
import { notificationDeleteRequest } from '../../../src/core/operations/notifications.js';
import { pauseEffect, pauseRequest } from '../../../src/core/operations/pause.js';
import { execute, failureKnown, outcomeWords, type Outcome } from '../../../src/core/operations/pipeline.js';
import type { BuiltRequest } from '../../../src/core/operations/types.js';
import { sendRequest } from '../../../src/core/operations/send.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';

const tx = (over: Partial<Transaction>): Transaction => ({ id: 't1', status: 'sent', nonce: 7, value: '0x10', to: '0xAbC0000000000000000000000000000000000001', data: '0x', hash: '0xaa', ...over }) as Transaction;

describe('effect checks: what came back against what was asked', () => {
  it('replace: unchanged → no effect (Stellar on v1.8 said); a field not as sent → not as asked; a price may come back higher, never lower', () => {
    const before = tx({});
    expect(replaceEffect('stellar', before, { network: 'testnet' })({ ...before })).toMatchObject({ kind: 'no effect', words: expect.stringContaining('does not replace Stellar transactions') });
    // A Stellar transaction that went on by itself (confirmed, a new hash) carries nothing the replacement changes: never "replaced".
    const st = tx({ status: 'pending', source_account: 'GSRC', hash: null });
    const confirmed = { ...st, status: 'confirmed', hash: 'ab12', fee: 15100 };
    const stAsked = { network: 'testnet', source_account: 'GSRC', max_fee: 1000000n, memo: { type: 'none' } };
    expect(replaceEffect('stellar', st, stAsked, true)(confirmed)).toMatchObject({ kind: 'no effect', words: expect.stringMatching(/carries none of what the replacement changes \(it is confirmed now: it went on by itself\): the OpenZeppelin Relayer v1\.8 does not replace/) });
    expect(replaceEffect('stellar', st, stAsked, false)(confirmed)).toMatchObject({ kind: 'unchecked' });
    // One that carries what changed (a server that does replace them): as asked.
    expect(replaceEffect('stellar', st, { ...stAsked, source_account: 'GNEW' }, false)({ ...confirmed, status: 'pending', source_account: 'GNEW' })).toMatchObject({ kind: 'as asked' });
    // Its max_fee is shown as fee: the fee asked, taken.
    expect(replaceEffect('stellar', { ...st, fee: 75000 }, stAsked, false)({ ...st, fee: 1000000 })).toMatchObject({ kind: 'as asked' });
    // Key order does not make a change.
    expect(replaceEffect('evm', before, { value: 16n })({ hash: '0xaa', value: '0x10', id: 't1', status: 'sent', nonce: 7, to: before.to, data: '0x' }).kind).toBe('no effect');
    const asked = { value: 5n, to: '0xabc0000000000000000000000000000000000001', gas_price: 30n };
    expect(replaceEffect('evm', before, asked)({ ...before, value: '0x5', hash: '0xbb', gas_price: '33' })).toMatchObject({ kind: 'as asked', words: expect.stringContaining('new hash 0xbb') });
    expect(replaceEffect('evm', before, asked)({ ...before, value: '0x6', hash: '0xbb', gas_price: '33' })).toMatchObject({ kind: 'not as asked', words: 'value: asked 5, the server has 0x6' });
    expect(replaceEffect('evm', before, asked)({ ...before, value: '0x5', hash: '0xbb', gas_price: '22' })).toMatchObject({ kind: 'not as asked', words: 'gas_price: asked 30, the server has 22' });
    expect(replaceEffect('evm', undefined, asked)({ ...before, value: '0x5', gas_price: '30' }).kind).toBe('unchecked');
  });

  it('cancel: canceled → as asked; is_canceled → in flight; anything else → no effect', () => {
    expect(cancelEffect(tx({ status: 'pending' }))(tx({ status: 'canceled' })).kind).toBe('as asked');
    expect(cancelEffect(tx({}))(tx({ is_canceled: true })).kind).toBe('in flight');
    expect(cancelEffect(tx({ status: 'pending' }))(tx({ status: 'pending' }))).toMatchObject({ kind: 'no effect', words: expect.stringContaining('came back exactly as it was') });
    expect(cancelPendingEffect([], 'evm')({ queued_for_cancellation_transaction_ids: [], failed_to_queue_transaction_ids: [], total_processed: 0 })).toMatchObject({ kind: 'no effect', words: 'there was nothing pending to cancel' });
    // Stellar on v1.8 queues nothing, whatever is pending: said as such, not "nothing was pending".
    expect(cancelPendingEffect(['a', 'b', 'c', 'd', 'e', 'f'], 'stellar')({ queued_for_cancellation_transaction_ids: [], failed_to_queue_transaction_ids: [], total_processed: 0 }).words).toContain('none of the 6 read as pending');
    // v1.8's queue re-sends rather than cancels: never called canceled.
    expect(cancelPendingEffect(['a'], 'evm')({ queued_for_cancellation_transaction_ids: ['a'], failed_to_queue_transaction_ids: [], total_processed: 1 })).toMatchObject({ kind: 'unchecked' });
    // The DELETE takes what is pending when it arrives: a queue that is not the reviewed list is said (a walk's queued one created 0.3 s before, neither reviewed one).
    const raced = cancelPendingEffect(['a', 'b'], 'evm')({ queued_for_cancellation_transaction_ids: ['c'], failed_to_queue_transaction_ids: [], total_processed: 1 });
    expect(raced.kind).toBe('not as asked');
    expect(raced.words).toBe('not as reviewed: 1 the review did not list (pending after it was read): c; 2 it listed the server did not take (no longer pending when it arrived): a, b; 1 queued for cancellation in all (the answer lists them)');
  });

  it('pause, notify: the answer in the state asked, or said otherwise', () => {
    expect(pauseEffect(true, undefined)({ id: 'r', paused: true }).kind).toBe('as asked');
    expect(pauseEffect(true, undefined)({ id: 'r', paused: false }).kind).toBe('no effect');
    // It already was: nothing changed, never called done.
    expect(pauseEffect(true, { id: 'r', paused: true })({ id: 'r', paused: true })).toMatchObject({ kind: 'no effect', words: 'relayer r already was paused' });
    // A notification deleted: said only where the answer says so.
    const del = notificationDeleteRequest('n1', undefined, [], true) as BuiltRequest;
    expect(del.effect!('Notification deleted successfully')).toMatchObject({ kind: 'as asked', words: expect.stringContaining('deleted') });
    expect(del.effect!({ id: 'n1' })).toMatchObject({ kind: 'unchecked' });
    expect(notifyEffect({ url: 'https://a.example/h', signingKey: true })({ id: 'n', url: 'https://a.example/h', has_signing_key: false })).toMatchObject({ kind: 'not as asked', words: expect.stringContaining('signing key') });
  });
});

describe('outcomes in words: one class, one heading, one ledger word', () => {
  const answered = (kind: Outcome & { kind: 'answered' } extends { effect: infer E } ? E extends { kind: infer K } ? K : never : never): Outcome => ({ kind: 'answered', status: 200, answer: {}, effect: { kind, words: 'w' } });
  it('a success that changed nothing is never called done; a local refusal reads the same everywhere', () => {
    expect(outcomeWords(answered('as asked'))).toMatchObject({ class: 'ok', head: '✓ Done (HTTP 200): w' });
    expect(outcomeWords(answered('no effect'))).toMatchObject({ class: 'no effect', tone: 'warn', head: '⚠ The server answered success but nothing changed (HTTP 200): w' });
    expect(outcomeWords(answered('not as asked')).class).toBe('no effect');
    expect(outcomeWords(answered('in flight')).class).toBe('in flight');
    expect(outcomeWords(answered('unchecked'))).toMatchObject({ class: 'ok', tone: 'info', head: '✓ Answered success (HTTP 200): w' });
    // A field refused before sending: "not sent", in the ledger too (it was "bad request", "failed" and "unknown" in three copies).
    const local = new ApiError('bad_request', 'value: is required', { field: 'value' });
    expect(failureKnown(local)).toBe('invalid');
    expect(outcomeWords({ kind: 'failed', error: local, known: 'invalid' })).toMatchObject({ class: 'invalid', line: 'not sent: the request is not valid' });
    expect(failureKnown(new ApiError('server', 'Bad Gateway', { status: 502, outcomeUnknown: true }))).toBe('unknown');
    expect(failureKnown(new ApiError('forbidden', 'Relayer paused', { status: 403, refused: true }))).toBe('refused');
  });
});

describe('execute over loopback: send once, ledger before and after, the effect', () => {
  let sb: Sandbox;
  let client: RelayerClient;
  let ledger: AuditLedger;
  let path: string;
  beforeAll(async () => {
    sb = await startSandbox({ flavor: 'real' });
    client = createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 });
    await client.detectDialect();
    path = join(mkdtempSync(join(tmpdir(), 'rt-pipeline-')), 'audit.jsonl');
    ledger = new AuditLedger(path, { context: 'test', server: sb.url });
  });
  afterAll(async () => {
    await client.close();
    await sb.close();
  });
  const lines = () => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

  it('a Stellar cancel answered 200 and unchanged: no effect, in the ledger as "no effect" with its words', async () => {
    const t = (await client.listTransactions('stellar-testnet', { perPage: 100, status: 'pending' })).items[0]!;
    const relayer = (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'stellar-testnet');
    const req = cancelRequest('stellar-testnet', t.id, relayer, t, client.supports('cancel'), 'keys') as BuiltRequest;
    expect(req.review!.map((r) => r.label)).toContain('⚠ Stellar');
    const o = await execute(req, { client, ledger });
    expect(o).toMatchObject({ kind: 'answered', status: 200, effect: { kind: 'no effect' } });
    expect(sb.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    const [sent, done] = lines().slice(-2);
    expect(sent).toMatchObject({ phase: 'sent', method: 'DELETE', path: `/api/v1/relayers/stellar-testnet/transactions/${t.id}` });
    expect(done).toMatchObject({ phase: 'done', id: sent!.id, status: 200, outcome: 'no effect', effect: expect.stringContaining('is still pending, not canceled') });
  });

  it('refused before sending where the network cannot: Solana, a final EVM status, a disabled relayer\'s pause, an unknown network', async () => {
    const relayers = (await client.listRelayers({ perPage: 100 })).items;
    const sol = relayers.find((r) => r.id === 'solana-devnet');
    expect(cancelRequest('solana-devnet', 'x', sol, undefined, true, 'keys')).toMatchObject({ refuse: expect.stringContaining('Endpoint is not supported for Solana relayers') });
    expect(cancelRequest('sepolia-main', 'x', relayers.find((r) => r.id === 'sepolia-main'), tx({ status: 'confirmed' }), true, 'keys')).toMatchObject({ refuse: expect.stringContaining('is confirmed') });
    expect(pauseRequest('polygon-ops', relayers.find((r) => r.id === 'polygon-ops'), true, true)).toMatchObject({ refuse: expect.stringContaining('Relayer is disabled') });
    const aptos = { id: 'apt', network_type: 'aptos' };
    expect(cancelRequest('apt', 'x', aptos, tx({}), true, 'keys')).toMatchObject({ refuse: expect.stringContaining('"aptos", which this client does not know') });
    expect(cancelPendingRequest('apt', aptos, [], Date.now(), true, 'keys')).toMatchObject({ refuse: expect.stringContaining('does not know') });
    // A server without the endpoint (not the OpenZeppelin Relayer): refused, nothing guessed.
    expect(cancelRequest('sepolia-main', 'x', undefined, tx({}), false, 'keys')).toMatchObject({ refuse: expect.stringContaining('cancelling is the OpenZeppelin Relayer’s') });
  });

  it('a refusal is recorded as refused; the request left once', async () => {
    const before = sb.requests.length;
    const req: BuiltRequest = { op: 'cancel', target: { relayerId: 'sepolia-main', txId: 'nope' }, what: 'x', prepared: prepareCancelTransaction('sepolia-main', 'nope'), send: (c, o) => c.cancelTransaction('sepolia-main', 'nope', o) };
    const o = await execute(req, { client, ledger });
    expect(o).toMatchObject({ kind: 'failed', known: 'refused', error: { status: 404 } });
    expect(sb.requests.length - before).toBe(1);
    // The server's own reason is kept (a walk found refused rows without it).
    expect(lines().at(-1)).toMatchObject({ phase: 'done', status: 404, outcome: 'refused', effect: expect.stringMatching(/not found/i) });
  });

  it('a new transaction answered as asked is "accepted" (not yet mined), never "applied"; its id kept', async () => {
    const relayer = (await client.listRelayers({ perPage: 100 })).items.find((r) => r.id === 'sepolia-main');
    const built = sendRequest({ to: '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7', value: '1', speed: 'fast' }, { relayerId: 'sepolia-main', relayer, now: Date.now() });
    if (!('request' in built)) throw new Error(JSON.stringify(built.errors));
    const o = await execute(built.request, { client, ledger });
    expect(o).toMatchObject({ kind: 'answered', effect: { kind: 'as asked' } });
    expect(lines().at(-1)).toMatchObject({ phase: 'done', status: 200, outcome: 'accepted', answer_id: (o as { answer: { id: string } }).answer.id });
  });
});
