/**
 * POST /relayers/{id}/transactions (issue 42.2): the client's sendTransaction against the sandbox's
 * real flavour, which answers as v1.8's send_transaction does (src/sandbox/send.ts: its checks in its
 * order, each with v1.8's own text), and the chain then carries the new transaction to mined. A
 * server of the interface document has no such endpoint: said, never guessed. Over loopback; the
 * chain's clock stepped by the test.
 */
import { describe, expect, it } from 'vitest';
import { apiError, useSandbox } from './helpers.js';

const TO = '0x1111111111111111111111111111111111111111';
/** sepolia-main's whitelist's first address (seeds.ts: evmAddress('rx1')). */
const RX1 = '0x7ec79378722ec5d7cd4b76b25060b0b70dff6fb7';
const U128_MAX = '340282366920938463463374607431768211455';

describe('sendTransaction on the OpenZeppelin Relayer (the real flavour)', () => {
  const ctx = useSandbox({ flavor: 'real' });

  it('sends exactly the body (u128 exact), answers the new transaction pending, and the chain mines it', async () => {
    await ctx.client.detectDialect();
    const before = ctx.count();
    const tx = await ctx.client.sendTransaction('sepolia-main', { to: RX1, value: '1000000000000000', speed: 'fast' });
    const sent = ctx.since(before).filter((q) => q.method === 'POST' && q.url.endsWith('/transactions'));
    expect(sent.map((q) => [q.url, q.body])).toEqual([['/api/v1/relayers/sepolia-main/transactions', `{"value":1000000000000000,"to":"${RX1}","speed":"fast"}`]]);
    expect(tx).toMatchObject({ status: 'pending', to: RX1, relayer_id: 'sepolia-main' });
    ctx.sandbox.clock.step(12);
    expect(ctx.sandbox.getTransaction('sepolia-main', tx.id)?.status).toMatch(/^(mined|confirmed)$/);
    // A u128 at its top goes on the wire digit for digit (the relayer cannot pay it: v1.8 takes it and fails it later).
    const big = ctx.count();
    await ctx.client.sendTransaction('sepolia-main', { to: RX1, value: U128_MAX, speed: 'fast' });
    expect(ctx.since(big).find((q) => q.method === 'POST')!.body).toContain(`"value":${U128_MAX}`);
  });

  it('takes a send it cannot pay and fails it when it prepares it, in v1.8\'s words (validate_sufficient_relayer_balance); a send mined pays its value', async () => {
    const balance = async () => BigInt(((await ctx.client.relayerStatus('arbitrum-payouts')) as { balance: string }).balance);
    const before = await balance();
    // More than it holds over its 0.005 ETH minimum: accepted (200), then failed at the next block.
    const big = await ctx.client.sendTransaction('arbitrum-payouts', { to: RX1, value: (before - 4_000_000_000_000_000n).toString(), speed: 'fast' });
    expect(big.status).toBe('pending');
    ctx.sandbox.clock.step(1);
    const failed = ctx.sandbox.getTransaction('arbitrum-payouts', big.id)!;
    expect(failed.status).toBe('failed');
    expect(failed.status_reason).toMatch(/^Insufficient balance: Relayer balance \d+ is insufficient to cover \d+, with an enforced minimum balance of 5000000000000000$/);
    // One it can pay goes through, and its value leaves the balance with its gas (linea-idle: no other traffic).
    const idle = async () => BigInt(((await ctx.client.relayerStatus('linea-idle')) as { balance: string }).balance);
    const was = await idle();
    const paid = await ctx.client.sendTransaction('linea-idle', { to: RX1, value: '1000000000000000', speed: 'fast' });
    ctx.sandbox.clock.step(3);
    const mined = ctx.sandbox.getTransaction('linea-idle', paid.id)!;
    expect(mined.status).toMatch(/^(mined|confirmed)$/);
    const drop = was - (await idle());
    const mostGas = 21_000n * BigInt(String(mined.max_fee_per_gas ?? mined.gas_price));
    expect(drop >= 1_000_000_000_000_000n && drop <= 1_000_000_000_000_000n + mostGas, `${drop}`).toBe(true);
    expect(drop > 1_000_000_000_000_000n).toBe(true);
  });

  it("refuses as v1.8 does, in its words: not whitelisted, above the cap, no pricing, mixed pricing, gas under the intrinsic, a paused relayer", async () => {
    const cases: [string, Parameters<typeof ctx.client.sendTransaction>[1], number, string][] = [
      ['avalanche-bridge', { to: TO, value: '0', speed: 'fast' }, 400, 'Transaction target address is not whitelisted'],
      ['avalanche-bridge', { to: '0xb4fc8ad8ba1c14ad4ef1b5e21ef9fe5463a5fbe6', value: '0' }, 400, 'gas_limit is required when gas_limit_estimation policy is disabled'],
      ['avalanche-bridge', { to: '0xb4fc8ad8ba1c14ad4ef1b5e21ef9fe5463a5fbe6', value: '0', gas_limit: '21000', gas_price: '31000000000' }, 400, 'Gas price is too high'],
      ['sepolia-main', { to: TO, value: '0', speed: 'fast' }, 400, 'Transaction target address is not whitelisted'],
      ['bsc-treasury', { to: TO, value: '0' }, 400, 'Transaction must specify either gasPrice, speed, or EIP1559 parameters'],
      ['bsc-treasury', { to: TO, value: '0', speed: 'fast', gas_price: '1' }, 400, 'Cannot mix different transaction types. Use either gasPrice, speed, or EIP1559 parameters'],
      ['bsc-treasury', { to: TO, value: '0', speed: 'fast', gas_limit: '20999' }, 400, 'gas_limit is too low, intrinsic gas is 21000 and gas_limit is 20999'],
      ['mainnet-hot', { to: TO, value: '0', speed: 'fast' }, 403, 'Relayer paused'],
    ];
    for (const [relayer, body, status, words] of cases) {
      const e = await apiError(ctx.client.sendTransaction(relayer, body));
      expect({ relayer, status: e.status, message: e.message }).toEqual({ relayer, status, message: words });
    }
  });
});

describe('sendTransaction on a server of the interface document', () => {
  const ctx = useSandbox({ flavor: 'contract' });
  it('is said not offered (no such endpoint), nothing guessed', async () => {
    await ctx.client.detectDialect();
    const e = await apiError(ctx.client.sendTransaction('sepolia-main', { to: TO, value: '0', speed: 'fast' }));
    expect(e.kind).toBe('unsupported');
    expect(e.message).toBe('This server does not offer sending a transaction (POST /relayers/{id}/transactions)');
  });
});
