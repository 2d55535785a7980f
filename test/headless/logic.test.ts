/**
 * The headless face's logic without a build or a process (issue 20): the form filled from flags,
 * the replacement built from flags or a body against an in-process sandbox, and the exit code of
 * every class of ApiError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createRelayerClient, type RelayerClient, type Transaction } from '../../src/api/index.js';
import { EXIT, EXIT_MEANINGS } from '../../src/cli/exitCodes.js';
import { evmForm, evmInitialValues } from '../../src/core/operations/evm.js';
import { fillForm } from '../../src/headless/formFlags.js';
import { exitCodeFor } from '../../src/headless/output.js';
import { buildReplacement } from '../../src/headless/replaceRequest.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sb: Sandbox;
let client: RelayerClient;
let pending: Transaction;
beforeAll(async () => {
  sb = await startSandbox();
  client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
  pending = (await client.listTransactions('sepolia-main', { perPage: 10 })).items.find((t) => t.status === 'pending' && t.max_fee_per_gas != null)!;
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

describe('fillForm', () => {
  it("checks every field with the form's own check and names it by its flag and value", () => {
    const def = evmForm('sepolia-main', undefined, pending);
    const r = fillForm(def, { ...evmInitialValues(pending), gas_price: '1', max_fee_per_gas: '2' }, new Set(['gas_price']), (f) => `--${f.replace(/_/g, '-')}`);
    expect(r).toEqual({ usage: '--gas-price "1": not with max_fee_per_gas / max_priority_fee_per_gas; --max-priority-fee-per-gas (not given): required with max_fee_per_gas' });
  });

  it("a builder's refusal is named the same way (a price below the transaction's own)", () => {
    const def = evmForm('sepolia-main', undefined, pending);
    const r = fillForm(def, { ...evmInitialValues(pending), max_fee_per_gas: '1', max_priority_fee_per_gas: '1' }, new Set(['max_fee_per_gas', 'max_priority_fee_per_gas']), (f) => `--${f.replace(/_/g, '-')}`);
    expect(r).toEqual({ usage: expect.stringMatching(/^--max-fee-per-gas "1": below the transaction's own \d+ wei/) });
  });

  it('a field the command line left out but the form holds a value for (read from the transaction) says both', () => {
    const def = evmForm('sepolia-main', undefined, pending);
    const r = fillForm(def, { ...evmInitialValues(pending), max_fee_per_gas: '1', max_priority_fee_per_gas: '1' }, new Set(['max_priority_fee_per_gas']), (f) => `--${f.replace(/_/g, '-')}`);
    expect(r).toEqual({ usage: expect.stringMatching(/^--max-fee-per-gas \(not given; "1" as read\): below the transaction's own \d+ wei/) });
  });

  it('builds the exact body when every check passes', () => {
    const r = fillForm(evmForm('sepolia-main', undefined, pending), { ...evmInitialValues(pending), speed: 'fastest' }, new Set(['speed']), (f) => f);
    if (!('request' in r)) throw new Error(r.usage);
    expect(JSON.parse(r.request.prepared.body!)).toMatchObject({ speed: 'fastest', to: pending.to });
  });
});

describe('buildReplacement', () => {
  it('from flags: the transaction read, its values the start, the flag applied', async () => {
    const b = await buildReplacement(client, 'sepolia-main', pending.id, { speed: 'fast' }, undefined);
    if (!('request' in b)) throw new Error(JSON.stringify(b));
    expect(b.request.prepared.path).toBe(`/api/v1/relayers/sepolia-main/transactions/${pending.id}`);
    expect(JSON.parse(b.request.prepared.body!)).toMatchObject({ speed: 'fast', to: pending.to, gas_limit: pending.gas_limit });
  });

  it('from a body: the group checked against the relayer, every integer kept', async () => {
    const big = '340282366920938463463374607431768211455';
    const b = await buildReplacement(client, 'sepolia-main', pending.id, {}, `{"value": ${big}}`);
    if (!('request' in b)) throw new Error(JSON.stringify(b));
    expect(b.request.prepared.body).toBe(`{"value":${big}}`);
    expect(await buildReplacement(client, 'sepolia-main', pending.id, {}, '{"transaction": "AAAA"}')).toEqual({ usage: '--body is a Solana body, but relayer sepolia-main is evm' });
  });

  it("a speed slower than the transaction's own is warned about, from flags and from a body alike", async () => {
    expect(pending.speed).toBe('average');
    const warned = (b: Awaited<ReturnType<typeof buildReplacement>>) => {
      if (!('request' in b)) throw new Error(JSON.stringify(b));
      return (b.request.review ?? []).filter((r) => r.label === '⚠ speed').map((r) => r.value);
    };
    const slower = ['average → safeLow is slower: the replacement may be priced below the one it replaces, and a server refuses an underpriced replacement'];
    expect(warned(await buildReplacement(client, 'sepolia-main', pending.id, { speed: 'safeLow' }, undefined))).toEqual(slower);
    expect(warned(await buildReplacement(client, 'sepolia-main', pending.id, {}, '{"value": 1, "speed": "safeLow"}'))).toEqual(slower);
    expect(warned(await buildReplacement(client, 'sepolia-main', pending.id, { speed: 'fast' }, undefined))).toEqual([]);
    expect(warned(await buildReplacement(client, 'sepolia-main', pending.id, { speed: 'average' }, undefined))).toEqual([]);
  });

  it('an unknown relayer or transaction: not found, saying how it was looked for', async () => {
    expect(await buildReplacement(client, 'nope', 'x', { speed: 'fast' }, undefined)).toEqual({ notFound: 'Relayer nope not found' });
    const r = await buildReplacement(client, 'sepolia-main', 'no-such', { speed: 'fast' }, undefined);
    expect(r).toEqual({ notFound: expect.stringMatching(/^Transaction no-such not among relayer sepolia-main's \d+ transactions \(the server has no by-id lookup\)/) });
  });
});

describe('exit codes', () => {
  it('one per class of outcome, from the one table', () => {
    const cases: [ConstructorParameters<typeof ApiError>, number][] = [
      [['unauthorized', 'x'], EXIT.unauthorized],
      [['forbidden', 'x'], EXIT.unauthorized],
      [['not_found', 'x'], EXIT.notFound],
      [['rate_limited', 'x'], EXIT.rateLimited],
      [['bad_request', 'x'], EXIT.usage],
      [['conflict', 'x'], EXIT.usage],
      [['server', 'x'], EXIT.server],
      [['network', 'x', { notSent: true }], EXIT.network],
      [['network', 'x', { outcomeUnknown: true }], EXIT.outcomeUnknown],
      [['timeout', 'x', { outcomeUnknown: true }], EXIT.outcomeUnknown],
    ];
    for (const [args, code] of cases) expect({ kind: args[0], code: exitCodeFor(new ApiError(...args)) }).toEqual({ kind: args[0], code });
    // Every code has its meaning in words, once.
    expect(EXIT_MEANINGS.map((m) => m.code)).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });
});
