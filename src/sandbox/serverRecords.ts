/**
 * The real flavour's networks and signers (GET /api/v1/networks, /networks/{id}, /signers,
 * /signers/{id}), made from its relayers as v1.8 answers them: a network `{id: "evm:sepolia", name,
 * network_type, rpc_urls: [{url, weight}], …}` with its RPC URLs **unmasked** (v1.8 masks a relayer's
 * custom_rpc_urls, not a network's: NOTES.md) — each carries SANDBOX_RPC_KEY, a fake API key, so that
 * the client's masking is tested against a real answer; a signer `{id, type, config}` with non-secret
 * config only. PATCH of a signer: 400, as v1.8 (its signers are configured in its file).
 */
import type { RelayerSeed } from './models.js';

/** The fake API key in every sandbox network's RPC URLs: no output of the client may carry it. */
export const SANDBOX_RPC_KEY = 'sbx-FAKE-rpc-key-9f3b1c7e5d';

const CHAIN_IDS: Record<string, number> = { sepolia: 11155111, holesky: 17000, mainnet: 1, 'arbitrum-one': 42161, avalanche: 43114, base: 8453, bsc: 56, linea: 59144, optimism: 10, polygon: 137 };

export function sandboxNetworks(relayers: readonly RelayerSeed[]): Record<string, unknown>[] {
  const seen = new Map<string, Record<string, unknown>>();
  for (const r of relayers) {
    const id = `${r.network_type}:${r.network}`;
    if (seen.has(id)) continue;
    const host = `${r.network}.rpc.sandbox.example`;
    const testnet = /sepolia|holesky|devnet|testnet/.test(r.network);
    seen.set(id, {
      id,
      name: r.network,
      network_type: r.network_type,
      is_testnet: testnet,
      tags: testnet ? ['testnet'] : [],
      // Keys where providers put them: the path (Alchemy, Infura), the query, the user info.
      rpc_urls: [
        { url: `https://${host}/v2/${SANDBOX_RPC_KEY}`, weight: 100 },
        { url: `https://backup.${host}/?apikey=${SANDBOX_RPC_KEY}`, weight: 50 },
        { url: `https://ops:${SANDBOX_RPC_KEY}@archive.${host}`, weight: 0 },
      ],
      ...(r.network_type === 'evm' ? { chain_id: CHAIN_IDS[r.network] ?? 31337, symbol: r.network === 'polygon' ? 'POL' : r.network === 'bsc' ? 'BNB' : r.network === 'avalanche' ? 'AVAX' : 'ETH', required_confirmations: 12, features: ['eip1559'] } : {}),
      ...(r.network_type === 'stellar' ? { passphrase: r.network === 'testnet' ? 'Test SDF Network ; September 2015' : 'Public Global Stellar Network ; September 2015', horizon_url: `https://horizon-${r.network}.stellar.sandbox.example` } : {}),
      average_blocktime_ms: r.network_type === 'evm' ? 12_000 : r.network_type === 'solana' ? 400 : 5_000,
    });
  }
  return [...seen.values()].sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

/** A signer's type from its id, as the seeds name them, and its non-secret config. */
export function sandboxSigners(relayers: readonly RelayerSeed[]): Record<string, unknown>[] {
  const seen = new Map<string, Record<string, unknown>>();
  for (const r of relayers) {
    const id = r.signer_id;
    if (seen.has(id)) continue;
    const type = /aws/.test(id) ? 'aws_kms' : /gcp|google/.test(id) ? 'google_cloud_kms' : /vault/.test(id) ? 'vault' : /turnkey/.test(id) ? 'turnkey' : /kms/.test(id) ? 'aws_kms' : 'local';
    const config =
      type === 'aws_kms' ? { key_id: `arn:aws:kms:eu-west-1:000000000000:key/${id}`, region: 'eu-west-1' }
      : type === 'vault' ? { address: 'https://vault.sandbox.example', key_name: id, mount_point: 'secret', namespace: null }
      : type === 'turnkey' ? { api_public_key: '02sandbox', organization_id: 'org-sandbox', private_key_id: `pk-${id}`, public_key: r.address }
      : type === 'google_cloud_kms' ? { service_account: { project_id: 'sandbox-project', client_email: 'relayer@sandbox-project.iam.gserviceaccount.com' }, key: { location: 'global', key_ring_id: 'relayer', key_id: id } }
      : {};
    seen.set(id, { id, type, config });
  }
  return [...seen.values()].sort((a, b) => String(a.id).localeCompare(String(b.id)));
}
