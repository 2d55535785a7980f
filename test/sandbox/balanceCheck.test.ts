/**
 * The real flavour never shows "Insufficient balance" beside a balance above the relayer's own
 * minimum (issue 28.9): a relayer disabled by its balance check has a balance below policies.min_balance.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRelayerClient } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ flavor: 'real' });
});
afterAll(() => sandbox.close());

it('a relayer disabled by BalanceCheckFailed reports a balance below its policies.min_balance', async () => {
  const client = createRelayerClient({ baseUrl: sandbox.url, token: sandbox.token });
  try {
    const relayers = (await client.listRelayers({ perPage: 100 })).items.filter((r) => r.network_type === 'evm');
    const failed = relayers.filter((r) => JSON.stringify(r.disabled_reason ?? null).includes('BalanceCheckFailed'));
    expect(failed.map((r) => r.id)).toContain('base-batch');
    for (const r of relayers) {
      const status = (await client.relayerStatus(r.id)) as { balance: string };
      const min = BigInt(String((r.policies as { min_balance?: unknown } | undefined)?.min_balance ?? 0));
      if (failed.includes(r)) expect(BigInt(status.balance), r.id).toBeLessThan(min);
    }
    const base = (await client.relayerStatus('base-batch')) as { balance: string };
    expect(base.balance).toBe('1200000000000000');
  } finally {
    await client.close();
  }
});
