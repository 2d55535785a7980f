/**
 * The fleet reads a relayer of the OpenZeppelin dialect from its newest unfiltered page first: where
 * that page holds every transaction the relayer has, no status is asked (the bench's fleet of 955
 * relayers went from 3.8 requests a relayer to 2.0). Nothing found is lost: a transaction being
 * canceled (hidden by ?status=) is still found; a true nonce gap (issue 27.6) too, where one page is the
 * whole list and where it is not (test/core/fleet/gapBudget.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient } from '../../../src/api/index.js';
import { Fleet, FLEET_LIMITS } from '../../../src/core/fleet/fleet.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';

const CANCELED = { relayer: 'holesky-test', tx: '1b89699f-e832-4322-a4d9-1284f878c1cc' };

describe('the fleet over a real-flavour sandbox', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, flavor: 'real' });
  });
  afterAll(async () => {
    await sb.close();
  });

  it('asks no status of a relayer whose newest page is its whole list, and still sees the one being canceled', async () => {
    const client = createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 });
    await client.detectDialect();
    // Hidden by ?status= from now on (is_canceled, waiting for its NOOP): only an unfiltered page shows it.
    await client.cancelTransaction(CANCELED.relayer, CANCELED.tx);
    // Each relayer's size, as the fleet's page (50) sees it.
    const relayers = (await client.listRelayers({ page: 1, perPage: 100 })).items;
    const totals = new Map<string, number>();
    for (const r of relayers) totals.set(r.id, (await client.listTransactions(r.id, { page: 1, perPage: FLEET_LIMITS.perPage })).totalItems);
    await client.close();
    const big = relayers.filter((r) => totals.get(r.id)! > FLEET_LIMITS.perPage).map((r) => r.id);
    // The test means something: most relayers fit in one page, some do not.
    expect(big.length).toBeGreaterThan(0);
    expect(big.length).toBeLessThan(relayers.length / 2);
    expect(totals.get(CANCELED.relayer)).toBeLessThanOrEqual(FLEET_LIMITS.perPage);

    sb.requests.length = 0;
    const f = new Fleet([{ name: 'real', url: sb.url, open: async () => ({ client: createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 }), timeoutMs: 5_000 }) }], { now: Date.now });
    try {
      await f.refresh();
      const txReads = sb.requests.filter((q) => /\/relayers\/[^/]+\/transactions\/?\?/.test(q.url));
      const of = (id: string) => txReads.filter((q) => q.url.includes(`/relayers/${id}/transactions`));
      for (const r of relayers) {
        // (The jam diagnosis reads its own, 100 a page: core/jam/read.ts; counted apart.)
        const filtered = of(r.id).filter((q) => q.url.includes('status=') && !/[?&]per_page=100\b/.test(q.url));
        // The newest page unfiltered, once each; the four non-final statuses only where it is not the whole list.
        expect(of(r.id).filter((q) => !q.url.includes('status=') && /[?&]page=1&/.test(q.url)), r.id).toHaveLength(1);
        expect(filtered.length, r.id).toBe(big.includes(r.id) ? 4 : 0);
      }
      const row = f.rows().find((x) => x.relayerId === CANCELED.relayer)!;
      // The jam diagnosis finds it by nonce (a status-filtered list would drop it): it holds the chain still.
      expect(row.problems).toContainEqual(expect.objectContaining({ kind: 'jam', jam: expect.objectContaining({ blocker_id: CANCELED.tx, blocker_reason: expect.stringContaining('canceled') }) }));
      expect(row.trouble).toBe('jammed');
    } finally {
      await f.close();
    }
  });
});
