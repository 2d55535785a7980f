/** Triage over loopback against both sandbox flavours: what it finds, how many requests, the bounds. */
import { afterAll, describe, expect, it } from 'vitest';
import { createRelayerClient, RPC_READ_METHODS } from '../../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { triage } from '../../../src/core/triage/scan.js';
import { flagWords } from '../../../src/core/triage/rules.js';
import { startHostile } from '../../hostile/server.js';

const open: Sandbox[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

async function run(flavor: 'contract' | 'real', limits?: Parameters<typeof triage>[1]['limits']) {
  const sb = await startSandbox({ flavor });
  open.push(sb);
  const client = createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 });
  let inFlight = 0;
  let maxInFlight = 0;
  const counted = {
    ...client,
    listTransactions: async (...a: Parameters<typeof client.listTransactions>) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await client.listTransactions(...a);
      } finally {
        inFlight--;
      }
    },
  };
  const r = await triage(counted, { now: Date.now, limits });
  await client.close();
  return { r, sb, maxInFlight };
}

describe('triage across the sandbox', () => {
  for (const flavor of ['contract', 'real'] as const) {
    it(`${flavor}: finds the stuck relayer's problems, bounded`, async () => {
      const { r, sb, maxInFlight } = await run(flavor);
      const stuck = r.relayers.find((x) => x.relayer.id === 'holesky-test')!;
      expect(stuck).toMatchObject({ count: 6, gaps: { count: flavor === 'real' ? 0 : 1 }, skipped: null, error: null, how: flavor === 'real' ? 'server filter' : 'newest first' });
      const flags = r.rows.filter((x) => x.relayer.id === 'holesky-test').map((x) => x.flags.map(flagWords).join(','));
      if (flavor === 'real') {
        // The blocker's own signature (signed, never broadcast); what waits behind it has no cause of its
        // own (issue 41: never "not mined 5m after broadcast"): it waits its turn.
        expect(flags).toEqual(['the chain waits on it,never broadcast,old', ...Array(5).fill('waits behind nonce 2834,old')]);
        // The chain's nonce (read-only JSON-RPC) names the transaction everything waits on.
        expect(stuck.chain).toMatchObject({ chainNonce: 2834, waitsOn: 2834, behind: true, blocker: { id: '1b89699f-e832-4322-a4d9-1284f878c1cc' } });
        expect(stuck.chain!.words).toMatch(/^waits on nonce 2834: tx 1b89699f…c1cc, sent, never broadcast$/);
        // Only read-only methods of the client's own list ever reach /rpc; nothing else is sent but GETs.
        expect(sb.rpcCalls.length).toBeGreaterThan(0);
        for (const c of sb.rpcCalls) expect(RPC_READ_METHODS).toContain(c.method);
        expect(sb.requests.filter((q) => q.method !== 'GET' && !(q.method === 'POST' && /\/rpc$/.test(q.url)))).toHaveLength(0);
      } else {
        expect(flags).toEqual(['old', 'not mined 5m after broadcast,old', 'old', 'not signed after 5m,old', 'not signed after 5m,nonce gap,old', 'not signed after 5m,nonce gap,old']);
        // No JSON-RPC passthrough on a server of the interface document: said, nothing asked.
        expect(stuck.chain?.words).toBe('chain nonce not known: the server has no JSON-RPC passthrough (POST /relayers/{id}/rpc)');
        expect(sb.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
      }
      // Oldest first across relayers.
      const times = r.rows.map((x) => x.createdMs!);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      // bulk-1m: its head only (newest first: two pages; filtered: one request per status, and the
      // newest page unfiltered for what no filter shows — a transaction being canceled, an unknown status).
      expect(r.relayers.find((x) => x.relayer.id === 'bulk-1m')).toMatchObject({ count: 8, pages: flavor === 'real' ? 5 : 2 });
      expect(r.requests).toBeLessThan(100);
      expect(maxInFlight).toBe(2);
    });
  }

  it('real: a transaction being canceled (is_canceled, hidden by ?status=) stays among the stuck ones, shown canceling', async () => {
    const sb = await startSandbox({ flavor: 'real' });
    open.push(sb);
    const client = createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 });
    await client.detectDialect();
    await client.cancelTransaction('holesky-test', '1b89699f-e832-4322-a4d9-1284f878c1cc');
    const r = await triage(client, { now: Date.now });
    await client.close();
    const row = r.rows.find((x) => x.tx.id === '1b89699f-e832-4322-a4d9-1284f878c1cc');
    expect(row?.flags.map(flagWords)).toContain('canceling');
    expect(r.relayers.find((x) => x.relayer.id === 'holesky-test')!.count).toBe(6);
  });

  it('says what it did not read when the page cap cuts a relayer short', async () => {
    const { r } = await run('contract', { pagesPerRelayer: 1, perPage: 3, inFlight: 2, relayerPages: 10 });
    const sepolia = r.relayers.find((x) => x.relayer.id === 'sepolia-main')!;
    expect(sepolia.skipped).toBe('stopped after 1 page (3 newest)');
    expect(sepolia.count).toBe(3);
  });
});

describe('nonce gaps where the server filters by status (issue 18.4)', () => {
  it('a nonce held by a final transaction is no gap: only the nonce no transaction holds is, with its neighbours read', async () => {
    const h = await startHostile(['oz-interleaved']);
    try {
      const client = createRelayerClient({ baseUrl: h.url, token: h.token, maxRetries: 0 });
      const r = await triage(client, { now: Date.now });
      await client.close();
      const rel = r.relayers[0]!;
      expect(rel).toMatchObject({ count: 28, how: 'server filter', filterIgnored: false, gaps: { count: 1, first: [150], unchecked: 0 } });
      // Only the transactions above 150 wait behind the gap: 152, 154, 156.
      const behind = r.rows.filter((x) => x.flags.some((f) => f.kind === 'nonce_gap')).map((x) => x.tx.nonce).sort();
      expect(behind).toEqual([152, 154, 156]);
      // The neighbours were read unfiltered (no ?status=), once.
      expect(h.requests.filter((q) => /\/transactions\/?\?page=1&per_page=100$/.test(q.url))).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it('a server that ignores ?status= is noticed: read newest first instead, the same answer', async () => {
    const h = await startHostile(['oz-ignores-status']);
    try {
      const client = createRelayerClient({ baseUrl: h.url, token: h.token, maxRetries: 0 });
      const r = await triage(client, { now: Date.now });
      await client.close();
      expect(r.relayers[0]).toMatchObject({ count: 28, how: 'newest first', filterIgnored: true, gaps: { count: 1, first: [150] } });
      expect(r.rows.every((x) => x.tx.status === 'pending')).toBe(true);
    } finally {
      await h.close();
    }
  });
});
