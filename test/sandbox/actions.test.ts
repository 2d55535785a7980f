/**
 * The real server's operator actions in the sandbox's real flavour, over loopback HTTP: the EVM
 * lifecycle its fields show, the jam, cancel, cancel-all-pending, pause/resume, readiness, plugins,
 * the JSON-RPC passthrough — and the contract flavour, which has none of them (404).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { BULK_RELAYER_ID, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { allTxs, api, call, type TxLike } from './http.js';

const EVM_RELAYERS = ['sepolia-main', 'mainnet-hot', 'polygon-ops', 'base-batch', 'arbitrum-payouts', 'optimism-relay', 'bsc-treasury', 'avalanche-bridge', 'holesky-test', 'linea-idle'];
const JAM = 'holesky-test';
const MIN = 60_000;

let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ port: 0, flavor: 'real', token: 'actions-token' });
});
afterAll(async () => {
  await sb.close();
});

const age = (t: TxLike) => Date.now() - Date.parse(String(t.created_at));
const nonces = (txs: TxLike[]) => txs.filter((t) => t.nonce !== null).map((t) => t.nonce as number);

describe('real flavour: the EVM lifecycle as the fields show it', () => {
  it('pending has no nonce, hash or sent_at; sent is signed but not broadcast; submitted on is broadcast', async () => {
    for (const id of EVM_RELAYERS) {
      for (const t of await allTxs(sb, id)) {
        const where = `${id} ${t.status} ${t.id}`;
        if (t.status === 'pending') expect([t.nonce, t.hash, t.signature, t.sent_at], where).toEqual([null, null, null, null]);
        if (t.status === 'sent') {
          expect(t.nonce, where).toEqual(expect.any(Number));
          expect(t.hash, where).toMatch(/^0x[0-9a-f]{64}$/);
          expect(t.sent_at, where).toBeNull();
        }
        if (['submitted', 'mined', 'confirmed'].includes(t.status)) expect(t.sent_at, where).toEqual(expect.any(String));
      }
    }
    const bulk = await call(sb, 'GET', api(`/relayers/${BULK_RELAYER_ID}/transactions?per_page=5`));
    expect(bulk.json.data.map((t: TxLike) => [t.status, t.nonce, t.sent_at === null])).toEqual([
      ['pending', null, true],
      ['pending', null, true],
      ['sent', 999997, true],
      ['submitted', 999996, false],
      ['submitted', 999995, false],
    ]);
  });

  it('signed nonces have no hole, and /status says the next one, above them all', async () => {
    for (const id of EVM_RELAYERS) {
      const ns = nonces(await allTxs(sb, id)).sort((a, b) => a - b);
      const st = await call(sb, 'GET', api(`/relayers/${id}/status`));
      expect(st.json.data.nonce, id).toBe(String(ns.length ? ns[ns.length - 1]! + 1 : 0));
      ns.forEach((n, i) => expect(n, id).toBe(ns[0]! + i));
    }
  });

  it('keeps each stuck signature somewhere: an old pending and an old broadcast one never mined (sepolia-main)', async () => {
    const txs = await allTxs(sb, 'sepolia-main');
    expect(txs.some((t) => t.status === 'pending' && age(t) > 5 * MIN)).toBe(true);
    const broadcast = txs.filter((t) => t.status === 'submitted');
    const lowest = broadcast.reduce((a, b) => ((a.nonce as number) < (b.nonce as number) ? a : b));
    expect(age(lowest)).toBeGreaterThan(5 * MIN);
    // The lowest not on the chain: nothing signed and not broadcast below it.
    expect(txs.filter((t) => t.status === 'sent' && (t.nonce as number) < (lowest.nonce as number))).toEqual([]);
  });

  it('the contract flavour keeps its own seeds (holesky-test: a sent one without a hash)', async () => {
    const contract = await startSandbox({ port: 0 });
    try {
      const txs = await allTxs(contract, JAM);
      expect(txs.some((t) => t.status === 'sent' && t.hash === null)).toBe(true);
      expect(txs.every((t) => typeof t.nonce === 'number')).toBe(true);
    } finally {
      await contract.close();
    }
  });
});
