/**
 * Issue 42.3: GET /relayers/{id}/balance answers a u128 as a JSON number; read through the API module
 * over loopback from the sandbox's real flavour, a balance past 2^64 comes back to the wei (never
 * through a float), and withdraw --all's input takes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient } from '../../src/api/index.js';
import { withdrawInput } from '../../src/core/lookup.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { call } from '../sandbox/http.js';

let sb: Sandbox;
beforeAll(async () => {
  // The real flavour's clock stands still unless asked to run: nothing mines under the read.
  sb = await startSandbox({ flavor: 'real' });
});
afterAll(() => sb.close());

describe('GET …/balance', () => {
  it('a balance past 2^64 read to the wei, and used by withdraw', async () => {
    const funded = await call(sb, 'POST', '/sandbox/relayers/linea-idle/fund', { body: '{"wei":"123456789012345678901234"}' });
    expect(funded.status).toBe(200);
    const exact = BigInt((funded.json as { data: { balance: string } }).data.balance);
    expect(exact > 1n << 64n).toBe(true);
    const c = createRelayerClient({ baseUrl: sb.url, token: sb.token });
    await c.detectDialect();
    const b = await c.relayerBalance('linea-idle');
    expect(b.unit).toBe('wei');
    expect(BigInt(b.balance as bigint)).toBe(exact);
    const w = await withdrawInput(c, 'linea-idle', undefined);
    expect(w.balanceWei).toBe(exact);
    await c.close();
  });
});
