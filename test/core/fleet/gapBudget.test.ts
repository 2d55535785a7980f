/**
 * The fleet's page budget leaves room for the gap check on the OpenZeppelin dialect (issue 27.6): its
 * status-filtered reads (one a status) used up the fleet's four pages, the check stopped, and a true
 * gap gave trouble ok; read newest page first (the fleet's wholeFirst), the gap is found the same.
 * Over loopback against a server of that dialect with a gap at nonce 150 (57 transactions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, type RelayerClient } from '../../../src/api/index.js';
import { FLEET_LIMITS } from '../../../src/core/fleet/fleet.js';
import { readRelayer, summarize } from '../../../src/core/triage/scan.js';
import { DEFAULT_TRIAGE } from '../../../src/core/triage/rules.js';
import { OK_RELAYER, startHostile, type Hostile } from '../../hostile/server.js';

let server: Hostile;
let client: RelayerClient;
beforeAll(async () => {
  server = await startHostile(['oz-interleaved']);
  client = createRelayerClient({ baseUrl: server.url, token: server.token, maxRetries: 0 });
  await client.detectDialect();
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('the fleet reads a relayer of the OpenZeppelin dialect', () => {
  it('finds the true gap within its budget: the filtered reads do not use up the check', async () => {
    expect(client.offers('statusFilter')).toBe(true);
    const one = await readRelayer(client, OK_RELAYER, { limits: FLEET_LIMITS, filter: true, ask: (p) => p() });
    const { summary } = summarize(one, Date.now(), DEFAULT_TRIAGE, true);
    expect(summary.gaps).toMatchObject({ count: 1, first: [150] });
    expect(summary.skipped).toBeNull();
  });

  // Read newest page first (wholeFirst, the fleet): the same gap, where that page is the whole list and where it is not.
  it('one page of 100 is its whole list: one request, the gap found', async () => {
    server.requests.length = 0;
    const one = await readRelayer(client, OK_RELAYER, { limits: { ...FLEET_LIMITS, perPage: 100 }, filter: true, ask: (p) => p(), wholeFirst: true });
    const { summary } = summarize(one, Date.now(), DEFAULT_TRIAGE, true);
    expect(summary).toMatchObject({ count: 28, gaps: { count: 1, first: [150], unchecked: 0 }, skipped: null, how: 'newest first', pages: 1 });
    expect(server.requests.filter((q) => q.url.includes('/transactions'))).toHaveLength(1);
  });

  it('pages of 50 are not: the filtered reads, then the gap check from the page already read (issue 27.6)', async () => {
    server.requests.length = 0;
    const one = await readRelayer(client, OK_RELAYER, { limits: FLEET_LIMITS, filter: true, ask: (p) => p(), wholeFirst: true });
    const { summary } = summarize(one, Date.now(), DEFAULT_TRIAGE, true);
    expect(summary).toMatchObject({ count: 28, gaps: { count: 1, first: [150], unchecked: 0 }, skipped: null, how: 'server filter' });
    const urls = server.requests.filter((q) => q.url.includes('/transactions')).map((q) => q.url.replace(/^.*\/transactions\/?/, ''));
    // The newest page once (not again for the check), then the four statuses, then the next page down to nonce 100.
    expect(urls.filter((u) => u === '?page=1&per_page=50')).toHaveLength(1);
    expect(urls.filter((u) => u.includes('status='))).toHaveLength(4);
    expect(urls).toHaveLength(6);
  });
});
