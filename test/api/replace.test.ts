import { describe, expect, it } from 'vitest';
import { type Transaction, U128_MAX } from '../../src/api/index.js';
import { FLAVORS, U128_MAX_HEX, U128_MAX_TEXT, apiError, header, refusedLocally, useSandbox, type SandboxContext } from './helpers.js';

const XDR = 'AAAAAgAAAAA=';

/** Transactions of a relayer with a given status, newest first. */
async function withStatus(ctx: SandboxContext, relayerId: string, status: string): Promise<Transaction[]> {
  const page = await ctx.client.listTransactions(relayerId, { perPage: 100 });
  return page.items.filter((t) => t.status === status);
}

describe.each(FLAVORS)('replaceTransaction (%s flavor)', (flavor) => {
  const ctx = useSandbox({ flavor });
  const expectedValue = flavor === 'real' ? U128_MAX_HEX : U128_MAX_TEXT;

  it('sends u128 max (bigint) byte-exact and reads the replaced value back exactly', async () => {
    const [tx] = await withStatus(ctx, 'sepolia-main', 'pending');
    expect(tx).toBeDefined();
    const before = ctx.count();
    const out = await ctx.client.replaceTransaction('sepolia-main', tx!.id, { value: U128_MAX, speed: 'fast' });
    const sent = ctx.since(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.url).toBe(`/api/v1/relayers/sepolia-main/transactions/${tx!.id}`);
    expect(header(sent[0]!, 'content-type')).toBe('application/json');
    expect(sent[0]!.body).toContain(`"value":${U128_MAX_TEXT}`);
    expect(sent[0]!.body).toBe(`{"value":${U128_MAX_TEXT},"speed":"fast"}`);
    expect(out.id).toBe(tx!.id);
    expect(out.value).toBe(expectedValue);
    expect(BigInt(out.value as string)).toBe(U128_MAX);
    expect(ctx.sandbox.getTransaction('sepolia-main', tx!.id)?.value).toBe(expectedValue);
  });

  it('sends u128 max given as a decimal string byte-exact', async () => {
    const sent = await withStatus(ctx, 'sepolia-main', 'sent');
    const tx = sent[0]!;
    const before = ctx.count();
    const out = await ctx.client.replaceTransaction('sepolia-main', tx.id, { value: U128_MAX_TEXT, gas_limit: 21000n });
    const rec = ctx.since(before);
    expect(rec).toHaveLength(1);
    expect(rec[0]!.body).toBe(`{"value":${U128_MAX_TEXT},"gas_limit":21000}`);
    expect(out.value).toBe(expectedValue);
    expect(out.gas_limit).toBe(21000);
  });

  it('replaces a submitted transaction with EIP-1559 prices', async () => {
    const tx = (await withStatus(ctx, 'sepolia-main', 'submitted'))[0]!;
    const out = await ctx.client.replaceTransaction('sepolia-main', tx.id, {
      value: 0,
      max_fee_per_gas: 90_000_000_000n,
      max_priority_fee_per_gas: '2000000000',
    });
    if (flavor === 'real') {
      // The OpenZeppelin Relayer v1.8 ignores explicit prices: re-quoted from speed, at least 10 % over the old ones.
      const price = (t: { max_fee_per_gas?: unknown; gas_price?: unknown }) => BigInt(String(t.max_fee_per_gas ?? t.gas_price));
      expect(price(out)).toBeGreaterThanOrEqual((price(tx) * 110n) / 100n);
      expect(out.max_fee_per_gas).not.toBe('90000000000');
    } else {
      expect(out.max_fee_per_gas).toBe('90000000000');
      expect(out.max_priority_fee_per_gas).toBe('2000000000');
    }
    expect(out.nonce).toBe(tx.nonce);
  });

  it.each([
    ['value', { value: 1n << 128n }],
    ['value', { value: (1n << 128n).toString() }],
    ['value', { value: -1n }],
    ['value', { value: '-1' }],
    ['gas_limit', { value: 1, gas_limit: 1n << 63n }],
    ['gas_price', { value: 1, gas_price: 1n << 128n }],
  ])('refuses out-of-range %s before sending', async (field, body) => {
    const err = await refusedLocally(ctx, () => ctx.client.replaceTransaction('sepolia-main', 'any', body));
    expect(err.field).toBe(field);
    expect(err.message).toContain(field);
  });

  it.each([
    ['an EVM body without value', { to: '0x' + 'ab'.repeat(20), gas_limit: 21000 }, 'body', '`value`'],
    ['a Solana body without transaction', { transaction: '' }, 'transaction', 'base64'],
    ['a Solana body with bad base64', { transaction: '%%%not-base64%%%' }, 'transaction', 'base64'],
    ['a Stellar body without network', { operations: [{ type: 'payment' }] }, 'body', '`network`'],
    ['a Stellar body with operations and transaction_xdr', { network: 'testnet', operations: [{ type: 'payment' }], transaction_xdr: XDR }, 'operations', 'mutually exclusive'],
    ['a Stellar fee_bump without transaction_xdr', { network: 'testnet', operations: [{ type: 'payment' }], fee_bump: true }, 'fee_bump', 'transaction_xdr'],
  ])('refuses %s before sending', async (_name, body, field, text) => {
    const err = await refusedLocally(ctx, () => ctx.client.replaceTransaction('sepolia-main', 'any', body as never));
    expect(err.field).toBe(field);
    expect(err.message).toContain(text);
  });

  it('answers an unknown transaction with not_found', async () => {
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', 'nope', { value: 1 }));
    expect(err.kind).toBe('not_found');
    expect(err.status).toBe(404);
    expect(err.message).toBe(flavor === 'real' ? 'Transaction with ID nope not found' : 'Not found');
  });

  it('answers an unknown relayer with not_found', async () => {
    const err = await apiError(ctx.client.replaceTransaction('nope', 'nope', { value: 1 }));
    expect(err.kind).toBe('not_found');
    expect(err.status).toBe(404);
    expect(err.message).toBe(flavor === 'real' ? 'Relayer with ID nope not found' : 'Not found');
  });

  it('refuses a confirmed transaction with a 400', async () => {
    const tx = (await withStatus(ctx, 'sepolia-main', 'confirmed'))[0]!;
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', tx.id, { value: 1 }));
    expect(err.kind).toBe('bad_request');
    expect(err.status).toBe(400);
    if (flavor === 'real') expect(err.message).toMatch(/^Invalid transaction state for replace_transaction\. Current: Confirmed/);
    expect(ctx.sandbox.getTransaction('sepolia-main', tx.id)?.status).toBe('confirmed');
  });

  it('answers a body of the wrong group for the relayer with a 400', async () => {
    const tx = (await withStatus(ctx, 'sepolia-main', 'pending'))[0]!;
    const err = await apiError(ctx.client.replaceTransaction('sepolia-main', tx.id, { network: 'testnet', transaction_xdr: XDR }));
    expect(err.kind).toBe('bad_request');
    expect(err.status).toBe(400);
    // The real server converts the body by the relayer's type (serde from_value): its 400 JSON `error`.
    if (flavor === 'real') expect(err.message).toBe('missing field `value`');
    else expect(err.message).toBe('Bad Request');
  });

  it('replaces a Stellar transaction from a pre-built XDR', async () => {
    const tx = (await ctx.client.listTransactions('stellar-testnet', { perPage: 100 })).items.find((t) =>
      ['pending', 'sent', 'submitted'].includes(t.status),
    )!;
    expect(tx).toBeDefined();
    const out = await ctx.client.replaceTransaction('stellar-testnet', tx.id, { network: 'testnet', transaction_xdr: XDR, fee_bump: true });
    expect(out.id).toBe(tx.id);
    expect(typeof out.sequence_number).toBe('string');
    if (flavor === 'real') expect(out).toEqual(tx); // the real server answers with the transaction unchanged
    else expect(out.fee).toBe(1_000_000);
  });

  it('handles a Solana replacement per flavor', async () => {
    const tx = (await ctx.client.listTransactions('solana-devnet', { perPage: 100 })).items.find((t) =>
      ['pending', 'sent', 'submitted'].includes(t.status),
    )!;
    const call = ctx.client.replaceTransaction('solana-devnet', tx.id, { transaction: 'AQIDBA==' });
    if (flavor === 'real') {
      const err = await apiError(call);
      expect(err.kind).toBe('bad_request');
      expect(err.message).toBe('Endpoint is not supported for Solana relayers');
    } else {
      const out = await call;
      expect(out.transaction).toBe('AQIDBA==');
    }
  });

  if (flavor === 'real') {
    it('answers a paused relayer with forbidden', async () => {
      const tx = (await withStatus(ctx, 'mainnet-hot', 'pending'))[0]!;
      const err = await apiError(ctx.client.replaceTransaction('mainnet-hot', tx.id, { value: 1 }));
      expect(err.kind).toBe('forbidden');
      expect(err.status).toBe(403);
      expect(err.message).toBe('Relayer paused');
    });
  }
});
