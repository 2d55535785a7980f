/**
 * The lookups of the core (src/core/lookup.ts, find.ts) against both sandbox flavours over loopback:
 * the by-id answer classified once (found / not found in the server's words / no such lookup) and
 * every answer saying which way it was learnt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, type RelayerClient } from '../../src/api/index.js';
import { findByIdOrHash } from '../../src/core/find.js';
import { askById, findRelayer, findTransaction } from '../../src/core/lookup.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let contract: Sandbox;
let real: Sandbox;
let c: RelayerClient;
let r: RelayerClient;
beforeAll(async () => {
  contract = await startSandbox({ port: 0 });
  real = await startSandbox({ port: 0, flavor: 'real' });
  c = createRelayerClient({ baseUrl: contract.url, token: contract.token });
  r = createRelayerClient({ baseUrl: real.url, token: real.token, dialect: 'openzeppelin' });
});
afterAll(async () => {
  await Promise.all([c.close(), r.close()]);
  await Promise.all([contract.close(), real.close()]);
});

describe('askById and the finders over it', () => {
  it('the real server: found by id; a missing id is "not found" in its own words, never a page scan', async () => {
    const page = await r.listTransactions('sepolia-main', { perPage: 5 });
    const id = page.items[2]!.id;
    expect(await askById(r, 'sepolia-main', id)).toMatchObject({ kind: 'found', tx: { id } });
    const missing = await askById(r, 'sepolia-main', 'no-such-tx');
    expect(missing).toEqual({ kind: 'not-found', message: expect.stringContaining('no-such-tx') });
    const before = real.requests.length;
    expect((await findTransaction(r, 'sepolia-main', 'no-such-tx')).how).toMatch(/^not found: the server's by-id lookup says "/);
    expect(real.requests.length - before).toBe(1);
    expect((await findByIdOrHash(r, 'sepolia-main', 'no-such-tx', [])) as { message: string }).toEqual({ message: expect.stringContaining('nor a transaction id the server knows (its by-id lookup: ') });
  });

  it('the contract sandbox: no by-id lookup, said in both finders; findTransaction reads the pages instead', async () => {
    expect(await askById(c, 'sepolia-main', 'whatever')).toEqual({ kind: 'no-lookup' });
    const page = await c.listTransactions('sepolia-main', { perPage: 100 });
    const last = page.items.at(-1)!;
    expect(await findTransaction(c, 'sepolia-main', last.id)).toEqual({ tx: expect.objectContaining({ id: last.id }), how: "found among relayer sepolia-main's newest transactions (the server has no by-id lookup)" });
    expect((await findTransaction(c, 'sepolia-main', 'nope')).how).toBe(`not among relayer sepolia-main's ${page.totalItems} transactions (the server has no by-id lookup)`);
    expect(await findByIdOrHash(c, 'sepolia-main', 'nope', page.items)).toEqual({ message: 'nope is not on the loaded page (the server has no by-id lookup) (a hash is only looked for on the loaded page; :nonce N finds by nonce)' });
    expect(await findByIdOrHash(c, 'sepolia-main', last.id.toUpperCase(), page.items)).toEqual({ tx: last, how: 'on the loaded page' });
  });

  it('findRelayer pages until it finds the relayer or the pages end', async () => {
    const seen: number[] = [];
    expect((await findRelayer(c, 'bulk-1m', { seen: (p) => seen.push(p.length) }))?.id).toBe('bulk-1m');
    expect(await findRelayer(c, 'no-such-relayer')).toBeUndefined();
    expect(seen.length).toBeGreaterThanOrEqual(1);
  });
});

describe('findTransaction ends with the screen that asked', () => {
  it('its signal aborted: no page of the scan is asked (a closed review leaves no reads running)', async () => {
    await c.detectDialect();
    const before = contract.requests.length;
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(findTransaction(c, 'sepolia-main', 'no-such-id', ctrl.signal)).rejects.toBeDefined();
    expect(contract.requests.length).toBe(before);
  });
});
