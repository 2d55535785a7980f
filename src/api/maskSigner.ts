/**
 * A signer's config, its secrets masked before anything shows it. The OpenZeppelin Relayer v1.8 answers
 * GET /signers with non-secret fields only (src/models/signer/response.rs SignerConfigResponse: a key's
 * name, id, address, region, public key…); a server that is not it, or a later one, may send the
 * config whole — passphrases, API secrets, a service account's private key. Every field is masked but
 * those v1.8 names as non-secret, and those too when their value looks like key material (a PEM private
 * key, a 32-byte hex key). `--reveal-secrets` on the command line shows them whole (client.ts).
 */

/** The fields of v1.8's SignerConfigResponse (response.rs), each non-secret; the objects among them are read inside. */
const NON_SECRET = new Set([
  'address', 'namespace', 'key_name', 'mount_point', 'pubkey', 'region', 'key_id', 'auth_type', 'tenant_id', 'client_id', 'vault_url', 'key_version',
  'api_public_key', 'organization_id', 'private_key_id', 'public_key', 'api_key_id', 'account_address',
  'project_id', 'client_email', 'auth_uri', 'token_uri', 'auth_provider_x509_cert_url', 'client_x509_cert_url', 'universe_domain', 'location', 'key_ring_id',
]);
/** v1.8's nested objects of a Google Cloud KMS signer (service_account, key). */
const NESTED = new Set(['service_account', 'key']);

export const MASKED = '***';

/** Key material whatever its field's name: a PEM private key, or 32 bytes of hex (an EVM private key). */
const looksSecret = (v: string) => /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(v) || /^(0x)?[0-9a-fA-F]{64}$/.test(v.trim());

function maskConfig(c: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) {
    if (NESTED.has(k) && v !== null && typeof v === 'object' && !Array.isArray(v)) out[k] = maskConfig(v as Record<string, unknown>);
    else if (NON_SECRET.has(k) && (v === null || typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && !looksSecret(v)))) out[k] = v;
    else out[k] = MASKED;
  }
  return out;
}

/** A signer as the server answered it, its config's secrets masked (a config that is not an object: masked whole). */
export function maskSigner<T>(signer: T): T {
  if (signer === null || typeof signer !== 'object') return signer;
  const s = signer as Record<string, unknown>;
  if (!('config' in s) || s.config === null || s.config === undefined) return signer;
  const config = typeof s.config === 'object' && !Array.isArray(s.config) ? maskConfig(s.config as Record<string, unknown>) : MASKED;
  return { ...s, config } as T;
}
