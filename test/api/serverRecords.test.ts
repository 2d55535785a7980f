/**
 * Networks and signers (issue 42.5): v1.8 sends a network's rpc_urls unmasked, API keys inside; the API
 * module masks them by the server's own rule (src/utils/url.rs mask_url) plus user info, so nothing
 * downstream can show a key — unless the client was made with revealSecrets. Against the sandbox's real
 * flavour over loopback, whose networks carry SANDBOX_RPC_KEY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, maskUrl, stringifyJson, type RelayerClient } from '../../src/api/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_RPC_KEY } from '../../src/sandbox/serverRecords.js';

describe('maskUrl: the server’s rule, user info too', () => {
  it('keeps the scheme and host, masks the path and query; a bare host stays; unparsable is ***', () => {
    // The server's own examples (src/utils/url.rs).
    expect(maskUrl('https://eth-mainnet.g.alchemy.com/v2/abc123')).toBe('https://eth-mainnet.g.alchemy.com/***');
    expect(maskUrl('https://mainnet.infura.io/v3/PROJECT_ID')).toBe('https://mainnet.infura.io/***');
    expect(maskUrl('https://my-node.quiknode.pro/secret-api-key/')).toBe('https://my-node.quiknode.pro/***');
    expect(maskUrl('http://localhost:8545')).toBe('http://localhost:8545');
    expect(maskUrl('http://localhost:8545/')).toBe('http://localhost:8545/');
    expect(maskUrl('invalid-url')).toBe('***');
    expect(maskUrl('https://rpc.example?apikey=K')).toBe('https://rpc.example?***');
    // User info, which the server's rule keeps: masked here.
    expect(maskUrl('https://user:K@rpc.example')).toBe('https://***@rpc.example');
    expect(maskUrl('https://user:K@rpc.example/v1/K2')).toBe('https://***@rpc.example/***');
  });
});

describe('networks and signers over loopback', () => {
  let sb: Sandbox;
  let client: RelayerClient;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, flavor: 'real' });
    client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
    await client.detectDialect();
  });
  afterAll(async () => {
    await client.close();
    await sb.close();
  });

  it('the server sends the key; the client never passes it on (list, get, the rows as sent)', async () => {
    const raw = await fetch(`${sb.url}/api/v1/networks/evm:sepolia`, { headers: { authorization: `Bearer ${sb.token}` } }).then((r) => r.text());
    expect(raw).toContain(SANDBOX_RPC_KEY);
    const page = await client.listServerRecords('networks', { page: 1, perPage: 100 }, { lines: true });
    expect(page.items.length).toBeGreaterThan(10);
    expect(page.lines).toBeUndefined();
    expect(stringifyJson(page)).not.toContain(SANDBOX_RPC_KEY);
    const one = await client.getServerRecord('networks', 'evm:sepolia');
    expect(one.rpc_urls).toEqual([
      { url: 'https://sepolia.rpc.sandbox.example/***', weight: 100 },
      { url: 'https://backup.sepolia.rpc.sandbox.example/***', weight: 50 },
      { url: 'https://***@archive.sepolia.rpc.sandbox.example', weight: 0 },
    ]);
    expect(stringifyJson(await client.getServerRecord('networks', 'stellar:testnet'))).not.toContain(SANDBOX_RPC_KEY);
  });

  it('revealSecrets (the command line only) passes them whole', async () => {
    const c = createRelayerClient({ baseUrl: sb.url, token: sb.token, revealSecrets: true });
    await c.detectDialect();
    expect(stringifyJson(await c.getServerRecord('networks', 'evm:sepolia'))).toContain(SANDBOX_RPC_KEY);
    await c.close();
  });

  it('signers: type and non-secret config; an unknown id is the server’s 404; a contract server has none', async () => {
    const signers = await client.listServerRecords('signers', { page: 1, perPage: 100 });
    expect(signers.items.find((s) => s.id === 'aws-kms-hot')).toMatchObject({ type: 'aws_kms', config: { key_id: expect.stringContaining('aws-kms-hot') } });
    await expect(client.getServerRecord('signers', 'nope')).rejects.toMatchObject({ message: expect.stringContaining('Signer with ID nope not found') });
    const contract = await startSandbox({ port: 0, flavor: 'contract' });
    const c = createRelayerClient({ baseUrl: contract.url, token: contract.token });
    await c.detectDialect();
    await expect(c.listServerRecords('networks')).rejects.toMatchObject({ kind: 'unsupported' });
    await c.close();
    await contract.close();
  });
});
