/**
 * A Stellar send with operations to the real flavour, over loopback HTTP: v1.8 takes it (200), then
 * fails it when it prepares it (its XDR conversion) or when it submits it (stellar-core refuses a
 * payment of 0 or less), each with v1.8's status_reason (src/sandbox/stellarPrepare.ts). The clock is
 * stopped and stepped, never slept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { decodeStrKey, encodeStrKey } from '../../src/core/stellarKey.js';
import { api, call } from './http.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real', token: 'stellar-prepare-token' });
  sb.clock.stop();
});
afterAll(async () => {
  await sb.close();
});

const RELAYER = 'stellar-testnet';
const send = (body: unknown, id = RELAYER) => call(sb, 'POST', api(`/relayers/${id}/transactions`), { body });
const get = async (txId: string, id = RELAYER) => (await call(sb, 'GET', api(`/relayers/${id}/transactions/${txId}`))).json.data;
const addressOf = async (id: string): Promise<string> => (await call(sb, 'GET', api(`/relayers/${id}`))).json.data.address as string;

/** The statuses a transaction goes through as the clock steps, until it is final. */
function walk(txId: string, id = RELAYER, blocks = 200): string[] {
  const seen = [String(sb.getTransaction(id, txId)?.status)];
  for (let i = 0; i < blocks && !['confirmed', 'failed'].includes(seen[seen.length - 1]!); i++) {
    sb.clock.step(1);
    const status = String(sb.getTransaction(id, txId)?.status);
    if (status !== seen[seen.length - 1]) seen.push(status);
  }
  return seen;
}

/** The same address with one character changed: its checksum no longer matches. */
const mistyped = (address: string): string => `${address.slice(0, 10)}${address[10] === 'A' ? 'B' : 'A'}${address.slice(11)}`;

const DEST = encodeStrKey('account', Buffer.alloc(32, 7));
const ISSUER = encodeStrKey('account', Buffer.alloc(32, 9));
const CONTRACT = encodeStrKey('contract', Buffer.alloc(32, 5));
const pay = (over: Record<string, unknown> = {}) => ({ type: 'payment', destination: DEST, amount: '1000000', asset: { type: 'native' }, ...over });
const CONVERSION = 'Preparation failed: Signer error: Transaction conversion error: ';
const MALFORMED = 'Submission failed: Unexpected error: Transaction submission error: TxFailed';

/** Sends the body, expects the 200 of v1.8, steps the clock until it is final: its statuses and its last state. */
async function sendAndWalk(body: Record<string, unknown>, id = RELAYER) {
  const r = await send({ network: 'testnet', ...body }, id);
  expect(r.status, r.text).toBe(200);
  expect(r.json.data).toMatchObject({ status: 'pending', status_reason: null });
  const statuses = walk(r.json.data.id, id);
  return { statuses, tx: await get(r.json.data.id, id) };
}

/** A send failed where v1.8 prepares it: nothing of a preparation on it (no hash, no sent_at, no sequence, no fee). */
async function failsToPrepare(body: Record<string, unknown>, reason: string, id = RELAYER) {
  const { statuses, tx } = await sendAndWalk(body, id);
  expect(statuses).toEqual(['pending', 'failed']);
  expect(tx).toMatchObject({ status: 'failed', status_reason: reason, hash: null, sent_at: null, confirmed_at: null, fee: 0, sequence_number: '0' });
}

describe('the sandbox\'s own Stellar addresses', () => {
  it('are StrKeys v1.8 reads (their checksum right), so its relayers can send', async () => {
    for (const id of ['stellar-testnet', 'stellar-mainnet']) {
      const address = await addressOf(id);
      expect(decodeStrKey(address, ['account']), `${id} ${address}`).toMatchObject({ kind: 'account' });
    }
  });
});

describe('a Stellar send v1.8 fails when it prepares it (conversion.rs, prepare/mod.rs handle_prepare_failure)', () => {
  it('a destination whose checksum does not match', async () => {
    await failsToPrepare({ operations: [pay({ destination: mistyped(DEST) })] }, `${CONVERSION}Invalid destination: the strkey is invalid`);
  });

  it('an issuer whose checksum does not match', async () => {
    await failsToPrepare({ operations: [pay({ asset: { type: 'credit4', code: 'USDC', issuer: mistyped(ISSUER) } })] }, `${CONVERSION}Invalid issuer: the strkey is invalid`);
  });

  it('an asset code too long (or too short) for its type, checked before its issuer', async () => {
    await failsToPrepare({ operations: [pay({ asset: { type: 'credit4', code: 'USDCX', issuer: mistyped(ISSUER) } })] }, `${CONVERSION}asset code 1-4 chars`);
    await failsToPrepare({ operations: [pay({ asset: { type: 'credit12', code: 'USD', issuer: ISSUER } })] }, `${CONVERSION}asset code 5-12 chars`);
  });

  it('a source_account that is not a StrKey', async () => {
    await failsToPrepare({ source_account: mistyped(await addressOf(RELAYER)), operations: [pay()] }, `${CONVERSION}Invalid source account: Failed to decode account ID: the strkey is invalid`);
  });

  it('a memo text over 28 bytes', async () => {
    await failsToPrepare({ operations: [pay()], memo: { type: 'text', value: 'a memo longer than twenty-eight bytes' } }, `${CONVERSION}Invalid memo text: xdr value max length exceeded`);
  });

  it('the first operation that does not convert, in order', async () => {
    const ops = [pay(), pay({ asset: { type: 'credit4', code: '', issuer: ISSUER } }), pay({ destination: 'G' })];
    await failsToPrepare({ operations: ops, source_account: 'nonsense' }, `${CONVERSION}asset code 1-4 chars`);
  });

  it('an invoke_contract whose contract is not a C… StrKey, or whose function name is over 32 bytes', async () => {
    const invoke = (over: Record<string, unknown>) => ({ type: 'invoke_contract', contract_address: CONTRACT, function_name: 'transfer', args: [], ...over });
    await failsToPrepare({ operations: [invoke({ contract_address: DEST })] }, `${CONVERSION}Invalid contract address: the strkey is invalid`);
    await failsToPrepare({ operations: [invoke({ function_name: 'f'.repeat(33) })] }, `${CONVERSION}Invalid function name: xdr value max length exceeded`);
  });

  it('any send of a relayer whose fee_payment_strategy is user (operations.rs:58-68)', async () => {
    const patch = (strategy: string) => call(sb, 'PATCH', api('/relayers/stellar-mainnet'), { body: { policies: { fee_payment_strategy: strategy } } });
    expect((await patch('user')).status).toBe(200);
    try {
      await failsToPrepare(
        { operations: [pay()] },
        'Preparation failed: Transaction validation error: Gasless transactions (User fee payment strategy) are not supported via operations path. Please use fee bump(SignedXdr) path for gasless transactions.',
        'stellar-mainnet',
      );
    } finally {
      expect((await patch('relayer')).status).toBe(200);
    }
  });
});

describe('a Stellar send v1.8 prepares and stellar-core refuses (submit.rs handle_submit_failure)', () => {
  it('a payment of amount 0, failed at submission: prepared (hash, sequence, fee) but never submitted', async () => {
    const { statuses, tx } = await sendAndWalk({ operations: [pay(), pay({ amount: 0 })] });
    expect(statuses).toEqual(['pending', 'sent', 'failed']);
    expect(tx).toMatchObject({ status: 'failed', status_reason: MALFORMED, confirmed_at: null, fee: 200 });
    expect(tx.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tx.sent_at).not.toBeNull();
    expect(BigInt(tx.sequence_number)).toBeGreaterThan(0n);
  });

  it('a negative payment amount (a decimal string, as v1.8 reads it)', async () => {
    const { statuses, tx } = await sendAndWalk({ operations: [pay({ amount: '-5' })] });
    expect(statuses).toEqual(['pending', 'sent', 'failed']);
    expect(tx).toMatchObject({ status: 'failed', status_reason: MALFORMED });
  });
});

describe('a Stellar send v1.8 carries through', () => {
  it('a valid payment (native, credit4, credit12, to a muxed account, from the relayer or another account) is confirmed', async () => {
    const muxed = encodeStrKey('muxed', Buffer.alloc(40, 3));
    const ops = [
      pay(),
      pay({ destination: muxed, asset: { type: 'credit4', code: 'USDC', issuer: ISSUER } }),
      pay({ amount: 1, asset: { type: 'credit12', code: 'LONGASSET', issuer: ISSUER } }),
    ];
    const { statuses, tx } = await sendAndWalk({ operations: ops, memo: { type: 'text', value: 'twenty-eight bytes, no more!' } });
    expect(statuses).toEqual(['pending', 'sent', 'submitted', 'confirmed']);
    expect(tx).toMatchObject({ status: 'confirmed', status_reason: null, fee: 300 });
    const other = await sendAndWalk({ source_account: DEST, operations: [pay({ destination: ISSUER })] });
    expect(other.statuses).toEqual(['pending', 'sent', 'submitted', 'confirmed']);
    expect(other.tx.source_account).toBe(DEST);
  });
});

describe('the ledger applies a Stellar send from the relayer: its balance moves, or the payment fails on-chain', () => {
  const balance = async (id = RELAYER) => BigInt((await call(sb, 'GET', api(`/relayers/${id}/status`))).json.data.balance as string);
  it('a native payment it can cover takes amount and fee from the balance', async () => {
    const before = await balance();
    const { tx } = await sendAndWalk({ operations: [pay({ amount: '2500000' })] });
    expect(tx).toMatchObject({ status: 'confirmed', fee: 100 });
    expect(await balance()).toBe(before - 2_500_000n - 100n);
  });
  it('one larger than its balance: failed on-chain in v1.8\'s words, the fee charged all the same (a walk saw it confirmed, the balance unmoved)', async () => {
    const before = await balance();
    const { statuses, tx } = await sendAndWalk({ operations: [pay({ amount: (before + 1n).toString() })] });
    expect(statuses).toEqual(['pending', 'sent', 'submitted', 'failed']);
    expect(tx).toMatchObject({ status: 'failed', status_reason: 'Transaction failed on-chain. reason=TxFailed' });
    expect(await balance()).toBe(before - 100n);
  });
});
