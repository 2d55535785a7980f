/**
 * DELETE /relayers/{id} as v1.8 answers it (src/api/controllers/relayer.rs:302-343), over loopback:
 * 400 with the count of transactions pending, sent or submitted; 200 `"Relayer deleted successfully"`
 * once removed, then 404 and gone from the list; the contract flavour (the interface document has no
 * such endpoint) answers it as any path it lacks. And the spec's read counts what the server counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient } from '../../src/api/index.js';
import { relayerDeleteSpec } from '../../src/core/operations/relayerDelete.js';
import { refusalWords } from '../../src/core/operations/spec.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { api, call } from './http.js';

let sb: Sandbox;
let contract: Sandbox;
beforeAll(async () => {
  [sb, contract] = await Promise.all([startSandbox({ port: 0, flavor: 'real' }), startSandbox({ port: 0 })]);
  // A still world: no block moves a transaction between the count and the delete.
  sb.clock.stop();
});
afterAll(async () => {
  await Promise.all([sb.close(), contract.close()]);
});

const count = async (id: string) => {
  let n = 0;
  for (const st of ['pending', 'sent', 'submitted']) n += (await call(sb, 'GET', api(`/relayers/${id}/transactions?status=${st}&per_page=1`))).json.pagination.total_items as number;
  return n;
};

describe('DELETE /relayers/{id} (real flavour)', () => {
  it('400 while transactions are pending, sent or submitted, counted; the spec refuses first with the same count', async () => {
    const n = await count('sepolia-main');
    expect(n).toBeGreaterThan(0);
    const r = await call(sb, 'DELETE', api('/relayers/sepolia-main'));
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ success: false, data: null, error: `Cannot delete relayer 'sepolia-main' because it has ${n} transaction(s). Please wait for all transactions to complete or cancel them before deleting the relayer.` });
    const client = createRelayerClient({ baseUrl: sb.url, token: sb.token, maxRetries: 0 });
    const input = await relayerDeleteSpec.read(client, { relayerId: 'sepolia-main' });
    if ('notFound' in input) throw new Error('not found');
    const refusal = relayerDeleteSpec.refusal(input);
    expect(refusal).toEqual({ kind: 'busy', relayerId: 'sepolia-main', count: n, capped: false });
    expect(refusalWords(refusal!, 'commands')).toContain(`has ${n} transaction${n === 1 ? '' : 's'} pending, sent or submitted`);
    await client.close();
  });

  it('200 "Relayer deleted successfully" on an idle one; then 404, and the list lacks it', async () => {
    expect(await count('linea-idle')).toBe(0);
    const r = await call(sb, 'DELETE', api('/relayers/linea-idle'));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, data: 'Relayer deleted successfully' });
    expect((await call(sb, 'GET', api('/relayers/linea-idle'))).status).toBe(404);
    expect((await call(sb, 'DELETE', api('/relayers/linea-idle'))).json).toMatchObject({ error: 'Relayer with ID linea-idle not found' });
    const list = (await call(sb, 'GET', api('/relayers?per_page=100'))).json;
    expect(list.data.map((x: { id: string }) => x.id)).not.toContain('linea-idle');
    expect(list.pagination.total_items).toBe(14);
    // Its network and its signer are the server's configuration, not the relayer's: both stay (read here first after the delete).
    const networks = (await call(sb, 'GET', api('/networks?per_page=100'))).json.data.map((x: { id: string }) => x.id);
    expect(networks).toContain('evm:linea');
    const signers = (await call(sb, 'GET', api('/signers?per_page=100'))).json.data.map((x: { id: string }) => x.id);
    expect(signers.length).toBeGreaterThan(0);
    const before = (await call(contract, 'GET', api('/relayers?per_page=100'))).json.data.find((x: { id: string }) => x.id === 'linea-idle') as { signer_id: string };
    expect(signers).toContain(before.signer_id);
  });

  it('the contract flavour answers it as a path it lacks (404 Not found), and deletes nothing', async () => {
    const r = await call(contract, 'DELETE', api('/relayers/linea-idle'));
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ success: false, message: 'Not found' });
    expect((await call(contract, 'GET', api('/relayers?per_page=100'))).json.data.map((x: { id: string }) => x.id)).toContain('linea-idle');
  });
});
