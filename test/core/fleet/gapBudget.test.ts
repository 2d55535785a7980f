/**
 * The fleet's page budget leaves room for the gap check on the OpenZeppelin dialect (issue 27.6): its
 * status-filtered reads (one a status) used up the fleet's four pages, the check stopped, and a true
 * gap gave trouble ok. Over loopback against a server of that dialect with a gap at nonce 150.
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
});
