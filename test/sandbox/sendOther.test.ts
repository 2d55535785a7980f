/**
 * POST /relayers/{id}/transactions to a Solana or Stellar relayer of the real flavour, over loopback
 * HTTP: v1.8's checks in its order, each with its status and its own text (src/sandbox/sendOther.ts),
 * and an accepted send carried by the clock (stepped, never slept) from pending to confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { base58Encode, parsePubkey } from '../../src/sandbox/solanaWire.js';
import { encodeStrKey } from '../../src/core/stellarKey.js';
import { api, call } from './http.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real', token: 'send-other-token' });
});
afterAll(async () => {
  await sb.close();
});

const send = (id: string, body: unknown) => call(sb, 'POST', api(`/relayers/${id}/transactions`), { body });
const refusal = async (id: string, body: unknown) => {
  const r = await send(id, body);
  return [r.status, r.json?.error ?? r.text];
};
const addressOf = async (id: string): Promise<string> => (await call(sb, 'GET', api(`/relayers/${id}`))).json.data.address as string;

/** The statuses a transaction goes through as the clock steps, until it is final (at most `blocks`). */
function walk(relayerId: string, txId: string, blocks = 200): string[] {
  const seen = [String(sb.getTransaction(relayerId, txId)?.status)];
  for (let i = 0; i < blocks && !['confirmed', 'failed'].includes(seen[seen.length - 1]!); i++) {
    sb.clock.step(1);
    const status = String(sb.getTransaction(relayerId, txId)?.status);
    if (status !== seen[seen.length - 1]) seen.push(status);
  }
  return seen;
}

// ---- Solana ----

const key = (seed: number) => Buffer.alloc(32, seed);
const keyOf = (address: string): Buffer => {
  const k = parsePubkey(address);
  if ('error' in k) throw new Error(`${address}: ${k.error}`);
  return k.key;
};
const shortU16 = (n: number) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, n >> 7]);
/** A legacy transaction as bincode writes it: one empty signature, the keys, a transfer from the first to the second. */
function legacyTx(keys: Buffer[]): string {
  const ix = keys.length ? [1, keys.length - 1, ...shortU16(2), 0, 1, ...shortU16(12), 2, 0, 0, 0, 64, 66, 15, 0, 0, 0, 0, 0] : [0];
  const parts = [Buffer.from([1]), Buffer.alloc(64), Buffer.from([1, 0, 1, ...shortU16(keys.length)]), ...keys, Buffer.alloc(32, 7), Buffer.from(ix)];
  return Buffer.concat(parts).toString('base64');
}
const SYSTEM = '11111111111111111111111111111112';
const ix = (over: Record<string, unknown> = {}, accounts?: unknown[]) => ({
  program_id: SYSTEM,
  accounts: accounts ?? [{ pubkey: base58Encode(key(9)), is_signer: false, is_writable: true }],
  data: 'AgAAAEBCDwAAAAAA',
  ...over,
});

describe('a Solana send (solana.rs validate, solana_relayer.rs process_transaction_request)', () => {
  it('seeds a relayer address that reads as a pubkey (32 bytes of base58)', async () => {
    for (const id of ['solana-devnet', 'solana-mainnet']) expect(keyOf(await addressOf(id))).toHaveLength(32);
  });

  it('refuses, in v1.8\'s order and words, 400 each', async () => {
    const relayer = await addressOf('solana-devnet');
    const other = base58Encode(key(3));
    const past = new Date(Date.now() - 60_000).toISOString();
    const cases: [unknown, string][] = [
      [{ transaction: 5 }, 'invalid type: integer `5`, expected a string'],
      [[], 'invalid length 0, expected struct SolanaTransactionRequest with 3 elements'],
      [{ transaction: legacyTx([key(3)]), instructions: [ix()] }, 'Cannot provide both transaction and instructions'],
      [{}, 'Must provide either transaction or instructions'],
      [{ instructions: [], transaction: null }, 'Must provide either transaction or instructions'],
      [{ transaction: '!!' }, 'Failed to decode transaction: Failed to decode base64: Invalid symbol 33, offset 0.'],
      [{ transaction: 'AAAA' }, 'Failed to decode transaction: Failed to deserialize transaction: io error: unexpected end of file'],
      [{ transaction: legacyTx([]) }, 'Transaction has no fee payer account'],
      [{ transaction: legacyTx([key(3), key(4), key(0)]) }, `Transaction fee payer ${other} does not match relayer address ${relayer}`],
      // A transaction beside an empty list: the list is still read, and refused.
      [{ transaction: legacyTx([keyOf(relayer), key(4)]), instructions: [] }, 'Instructions cannot be empty'],
      [{ instructions: [ix({ program_id: '  ' })] }, 'Instruction 0: program_id cannot be empty'],
      [{ instructions: [ix({ program_id: 'not-a-key' })] }, "Instruction 0: Invalid program_id 'not-a-key' - Invalid Base58 string"],
      [{ instructions: [ix(), ix({ program_id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' })] }, "Instruction 1: Invalid program_id 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' - String is the wrong size"],
      [{ instructions: [ix({ program_id: '11111111111111111111111111111111' })] }, 'Instruction 0: program_id cannot be default pubkey'],
      [{ instructions: [ix({}, Array.from({ length: 65 }, () => ({ pubkey: other, is_signer: false, is_writable: false })))] }, 'Instruction 0: Too many accounts 65 exceeds maximum of 64'],
      [{ instructions: [ix({}, [{ pubkey: relayer, is_signer: true, is_writable: true }, { pubkey: '', is_signer: false, is_writable: true }])] }, 'Instruction 0 account 1: pubkey cannot be empty'],
      [
        { instructions: [ix({}, [{ pubkey: other, is_signer: true, is_writable: true }])] },
        `Instruction 0 account 0: Only the relayer address ${relayer} can be marked as a signer, but '${other}' is marked as a signer. The relayer can only provide its own signature.`,
      ],
      [{ instructions: [ix({ data: 'abc' })] }, 'Instruction 0: Invalid base64 data - Invalid padding'],
      [{ instructions: [ix({ data: Buffer.alloc(1233).toString('base64') })] }, 'Instruction 0: Data too large (1233 bytes, max: 1232 bytes)'],
      [{ instructions: Array.from({ length: 65 }, () => ix()) }, 'Too many instructions: 65 exceeds maximum of 64'],
      [{ instructions: Array.from({ length: 64 }, (_, i) => ix({}, [{ pubkey: base58Encode(key(i + 10)), is_signer: false, is_writable: true }])) }, "Too many unique accounts: 65 exceeds Solana's limit of 64"],
      [{ instructions: [ix()], valid_until: past }, 'valid_until cannot be in the past'],
      [{ instructions: [ix()], valid_until: 'tomorrow' }, 'valid_until must be a valid RFC3339 timestamp'],
    ];
    for (const [body, why] of cases) expect(await refusal('solana-devnet', body), why).toEqual([400, why]);
  });

  it('takes a transaction its relayer pays, answers it pending, and the clock carries it to confirmed', async () => {
    const relayer = keyOf(await addressOf('solana-devnet'));
    const transaction = legacyTx([relayer, key(4), key(0)]);
    const future = new Date(Date.now() + 3_600_000).toISOString().replace('Z', '+00:00');
    const r = await send('solana-devnet', { transaction, valid_until: future, extra: 'ignored' });
    expect(r.status).toBe(200);
    const tx = r.json.data;
    expect(Object.keys(tx)).toEqual(['id', 'status', 'created_at', 'transaction']);
    expect(tx).toMatchObject({ status: 'pending', transaction });
    expect(walk('solana-devnet', tx.id)).toEqual(['pending', 'sent', 'submitted', 'mined', 'confirmed']);
    const got = await call(sb, 'GET', api(`/relayers/solana-devnet/transactions/${tx.id}`));
    expect(got.json.data).toMatchObject({ id: tx.id, status: 'confirmed', transaction });
    expect(got.json.data.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{88}$/);
  });

  it('takes instructions (transaction "" and the instructions as v1.8 writes them); a user-paid relayer asks for a transaction', async () => {
    const relayer = await addressOf('solana-devnet');
    const r = await send('solana-devnet', { instructions: [{ data: 'AQ==', accounts: [{ is_writable: true, pubkey: relayer, is_signer: true }], program_id: SYSTEM }] });
    expect(r.status).toBe(200);
    expect(r.text).toContain(`"transaction":"","instructions":[{"program_id":"${SYSTEM}","accounts":[{"pubkey":"${relayer}","is_signer":true,"is_writable":true}],"data":"AQ=="}]`);
    const patched = await call(sb, 'PATCH', api('/relayers/solana-mainnet'), { body: { policies: { fee_payment_strategy: 'user' } } });
    expect(patched.status).toBe(200);
    const user = await addressOf('solana-mainnet');
    expect(await refusal('solana-mainnet', { instructions: [ix({}, [{ pubkey: user, is_signer: true, is_writable: true }])] })).toEqual([
      400,
      'User-paid fees require a pre-built transaction. Use prepareTransaction RPC method first to build the transaction from instructions.',
    ]);
  });
});

// ---- Stellar ----

// A valid StrKey: v1.8 fails a transaction whose addresses are not (stellarPrepare.test.ts).
const G = encodeStrKey('account', Buffer.alloc(32, 0xbb));
const pay = { type: 'payment', destination: G, amount: 1000, asset: { type: 'native' } };
const invoke = { type: 'invoke_contract', contract_address: 'CA3D5KRYM6CB7OWQ6TWYRR3Z4T7GNZLKERYNZGGA5SOAOPIFY6YQGAXE', function_name: 'transfer', args: [] };

describe('a Stellar send (stellar.rs validate, repository.rs from_stellar_request)', () => {
  it('refuses, in v1.8\'s order and words, 400 each', async () => {
    const twice = (t: string) => `Transaction validation error: Transaction validation error: ${t}`;
    const cases: [unknown, string][] = [
      [{ operations: [pay] }, 'missing field `network`'],
      [{ network: 'testnet', operations: [pay], max_fee: 1.5 }, 'invalid type: floating point `1.5`, expected i64'],
      [{ network: 'testnet', operations: [pay], transaction_xdr: 'AAAA' }, 'Cannot provide both operations and transaction_xdr'],
      [{ network: 'testnet' }, 'Must provide either operations or transaction_xdr'],
      [{ network: 'testnet', operations: [] }, 'Must provide either operations or transaction_xdr'],
      [{ network: 'testnet', operations: [pay], fee_bump: true }, 'Cannot request fee_bump with operations mode'],
      [{ network: 'testnet', operations: [pay], signed_auth_entry: 'AAAA' }, 'signed_auth_entry requires transaction_xdr to be provided'],
      [{ network: 'testnet', transaction_xdr: 'AAAA', signed_auth_entry: 'AAAA', fee_bump: true }, 'Cannot use both signed_auth_entry and fee_bump'],
      [{ network: 'testnet', transaction_xdr: ' \n' }, 'Transaction validation error: Invalid XDR: failed to fill whole buffer'],
      [{ network: 'testnet', transaction_xdr: '!AAA' }, 'Transaction validation error: Invalid XDR: Invalid symbol 33, offset 0.'],
      [{ network: 'testnet', operations: Array.from({ length: 101 }, () => pay) }, twice('Transaction has 101 operations, but maximum allowed is 100')],
      [{ network: 'testnet', operations: [invoke, invoke] }, twice('Transaction can contain at most one Soroban operation')],
      [{ network: 'testnet', operations: [pay, invoke] }, twice('Soroban operations must be exclusive - no other operations allowed in the same transaction')],
      [{ network: 'testnet', operations: [invoke], memo: { type: 'text', value: 'hi' } }, twice('Soroban operations cannot have a memo (except MemoNone)')],
    ];
    for (const [body, why] of cases) expect(await refusal('stellar-testnet', body), why).toEqual([400, why]);
  });

  it('takes operations whatever the request\'s network says, from the relayer\'s address by default, and the clock confirms it', async () => {
    const relayer = await addressOf('stellar-testnet');
    const r = await send('stellar-testnet', { network: 'mainnet', operations: [pay, pay], memo: { type: 'text', value: 'twenty-eight bytes, no more!' } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'pending', hash: null, source_account: relayer, fee: 0, sequence_number: '0', relayer_id: 'stellar-testnet' });
    expect(walk('stellar-testnet', r.json.data.id)).toEqual(['pending', 'sent', 'submitted', 'confirmed']);
    const got = (await call(sb, 'GET', api(`/relayers/stellar-testnet/transactions/${r.json.data.id}`))).json.data;
    expect(got).toMatchObject({ status: 'confirmed', fee: 200 });
    expect(BigInt(got.sequence_number)).toBeGreaterThan(0n);
    const soroban = await send('stellar-testnet', { network: 'testnet', source_account: G, operations: [invoke], memo: { type: 'none' } });
    expect([soroban.status, soroban.json.data.source_account]).toEqual([200, G]);
    const xdr = await send('stellar-testnet', { network: 'testnet', transaction_xdr: 'AAAAAgAAAAA=', signed_auth_entry: 'AAAA' });
    expect(xdr.status).toBe(200);
  });
});

describe('what comes before the body', () => {
  it('a paused relayer 403, whatever the body; an unknown one 404', async () => {
    expect((await call(sb, 'PATCH', api('/relayers/stellar-mainnet'), { body: { paused: true } })).status).toBe(200);
    expect(await refusal('stellar-mainnet', {})).toEqual([403, 'Relayer paused']);
    expect((await call(sb, 'PATCH', api('/relayers/stellar-mainnet'), { body: { paused: false } })).status).toBe(200);
    expect(await refusal('stellar-mainnet', {})).toEqual([400, 'missing field `network`']);
    expect(await refusal('solana-ghost', {})).toEqual([404, 'Relayer with ID solana-ghost not found']);
  });

  it('the contract flavour has no such endpoint, for a Solana relayer as for an EVM one', async () => {
    const contract = await startSandbox({ port: 0, flavor: 'contract', token: 'c' });
    try {
      const sol = await call(contract, 'POST', api('/relayers/solana-devnet/transactions'), { body: { instructions: [] } });
      const evm = await call(contract, 'POST', api('/relayers/sepolia-main/transactions'), { body: { value: 1 } });
      expect([sol.status, sol.text]).toEqual([evm.status, evm.text]);
      expect(sol.status).toBe(404);
    } finally {
      await contract.close();
    }
  });
});
