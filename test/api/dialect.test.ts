/**
 * Dialects: the same API cases against both sandbox flavours, with the differences asserted
 * explicitly — detection, the Stellar memo on the wire, and the real server's extra endpoints.
 */
import { describe, expect, it } from 'vitest';
import { prepareReplaceTransaction, type Dialect } from '../../src/api/index.js';
import { FLAVORS, apiError, useSandbox, type Flavor } from './helpers.js';

const HASH = 'ab'.repeat(32);
const XDR = 'AAAAAgAAAAA=';
const DIALECT: Record<Flavor, Dialect> = { contract: 'contract', real: 'openzeppelin' };

describe('the memo on the wire, per dialect, from the operator\'s natural input', () => {
  const body = (memo: object) => ({ network: 'testnet', transaction_xdr: XDR, memo }) as never;
  it('hash/return: 64 hex digits → a hex string (OpenZeppelin) or 32 integers (interface document)', () => {
    expect(prepareReplaceTransaction('r', 't', body({ type: 'hash', value: HASH }), 'openzeppelin').body).toContain(`"memo":{"type":"hash","value":"${HASH}"}`);
    expect(prepareReplaceTransaction('r', 't', body({ type: 'return', value: `0x${HASH.toUpperCase()}` }), 'openzeppelin').body).toContain(`"value":"${HASH}"`);
    expect(prepareReplaceTransaction('r', 't', body({ type: 'hash', value: HASH }), 'contract').body).toContain(`"value":[${Array(32).fill(171).join(',')}]`);
    // 32 byte values are accepted too and encoded per dialect.
    expect(prepareReplaceTransaction('r', 't', body({ type: 'hash', value: Array(32).fill(1) }), 'openzeppelin').body).toContain(`"value":"${'01'.repeat(32)}"`);
  });
  it('id: a decimal string (OpenZeppelin) or an integer (interface document), every digit', () => {
    const max = '9223372036854775807';
    expect(prepareReplaceTransaction('r', 't', body({ type: 'id', value: max }), 'openzeppelin').body).toContain(`"memo":{"type":"id","value":"${max}"}`);
    expect(prepareReplaceTransaction('r', 't', body({ type: 'id', value: max }), 'contract').body).toContain(`"memo":{"type":"id","value":${max}}`);
  });
});

describe.each(FLAVORS)('dialect against the %s flavour', (flavor) => {
  const ctx = useSandbox({ flavor });

  it('is detected from the public health check, without a token', async () => {
    const c = ctx.makeClient();
    expect(c.dialect()).toMatchObject({ dialect: 'contract', source: 'assumed' });
    const before = ctx.count();
    const d = await c.detectDialect();
    expect(d).toMatchObject({ dialect: DIALECT[flavor], source: 'detected' });
    const probe = ctx.since(before);
    expect(probe.map((r) => r.url)).toEqual(['/api/v1/health']);
    expect(probe[0]!.headers.authorization).toBeUndefined();
    // Once: a second call asks nothing.
    await c.detectDialect();
    expect(ctx.count()).toBe(before + 1);
  });

  it('--dialect wins over detection', async () => {
    const c = ctx.makeClient({ dialect: 'openzeppelin' });
    expect(await c.detectDialect()).toMatchObject({ dialect: 'openzeppelin', source: 'set' });
  });

  it('a Stellar replacement with each memo type is accepted in the detected dialect', async () => {
    const c = ctx.makeClient();
    await c.detectDialect();
    const page = await c.listTransactions('stellar-testnet', { perPage: 50 });
    const tx = page.items.find((t) => t.status === 'pending')!;
    for (const memo of [{ type: 'none' }, { type: 'text', value: 'hi' }, { type: 'id', value: '42' }, { type: 'hash', value: HASH }, { type: 'return', value: HASH }] as const) {
      const before = ctx.count();
      await c.replaceTransaction('stellar-testnet', tx.id, { network: 'testnet', transaction_xdr: XDR, memo });
      const sent = ctx.since(before)[0]!.body;
      if (memo.type === 'hash') expect(sent).toContain(flavor === 'real' ? `"value":"${HASH}"` : '"value":[171,');
      if (memo.type === 'id') expect(sent).toContain(flavor === 'real' ? '"value":"42"' : '"value":42');
    }
  });

  it("the real server's extra endpoints: there, or `unsupported` (asked once) on a contract server", async () => {
    const c = ctx.makeClient();
    await c.detectDialect();
    const page = await c.listTransactions('sepolia-main', { perPage: 5 });
    if (flavor === 'real') {
      const st = await c.relayerStatus('sepolia-main');
      expect(st).toMatchObject({ network_type: 'evm' });
      expect(typeof st.balance).toBe('string');
      expect(typeof st.pending_transactions_count).toBe('number');
      expect(c.supports('relayerStatus')).toBe(true);
      const one = await c.getTransaction('sepolia-main', page.items[0]!.id);
      expect(one).toEqual(page.items[0]);
      const pending = await c.listTransactions('sepolia-main', { perPage: 50, status: 'pending' });
      expect(pending.items.length).toBeGreaterThan(0);
      expect(pending.items.every((t) => t.status === 'pending')).toBe(true);
      const missing = await apiError(c.getTransaction('sepolia-main', 'nope'));
      expect(missing.kind).toBe('not_found');
      expect(c.supports('transactionById')).toBe(true);
    } else {
      // The contract dialect: known missing from the detection, so nothing is even asked.
      const before = ctx.count();
      expect((await apiError(c.relayerStatus('sepolia-main'))).kind).toBe('unsupported');
      expect((await apiError(c.getTransaction('sepolia-main', page.items[0]!.id))).kind).toBe('unsupported');
      expect((await apiError(c.listTransactions('sepolia-main', { status: 'pending' }))).kind).toBe('unsupported');
      expect(ctx.count()).toBe(before);
      expect(c.supports('relayerStatus')).toBe(false);
    }
  });

  it('an undetected client asks once, and a contract 404 turns the feature off for the session', async () => {
    if (flavor === 'real') return expect(await ctx.makeClient().relayerStatus('solana-devnet')).toMatchObject({ network_type: 'solana' });
    const c = ctx.makeClient();
    const before = ctx.count();
    expect((await apiError(c.relayerStatus('sepolia-main'))).kind).toBe('unsupported');
    expect((await apiError(c.relayerStatus('holesky-test'))).kind).toBe('unsupported');
    expect(ctx.count()).toBe(before + 1);
  });
});
