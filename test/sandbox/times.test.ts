/** The sandbox's seeded times are never after its start (a walk found LAST OK "future": a confirmation 20 s ahead). */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';

describe('seeded times', () => {
  for (const flavor of ['real', 'contract'] as const)
    it(`${flavor}: no transaction is sent or confirmed after the sandbox started`, async () => {
      const sb = await startSandbox({ flavor });
      try {
        const h = { authorization: `Bearer ${sb.token}` };
        const relayers = (await fetch(`${sb.url}/api/v1/relayers?per_page=100`, { headers: h }).then((r) => r.json())) as { data: { id: string }[] };
        const now = Date.now();
        let seen = 0;
        for (const r of relayers.data) {
          const txs = (await fetch(`${sb.url}/api/v1/relayers/${r.id}/transactions?per_page=100`, { headers: h }).then((x) => x.json())) as { data: Record<string, unknown>[] };
          for (const t of txs.data)
            for (const f of ['created_at', 'sent_at', 'confirmed_at']) {
              if (typeof t[f] !== 'string') continue;
              seen++;
              expect(Date.parse(t[f] as string), `${r.id} ${String(t.id)} ${f}`).toBeLessThanOrEqual(now);
            }
        }
        expect(seen).toBeGreaterThan(100);
      } finally {
        await sb.close();
      }
    });
});
