/**
 * `relayer-tui policies`: a relayer's policies shown (without a change). (A change of a relayer's
 * policies, `networks update` and `plugins update` are their specs': core/operations/policyEditSpec.ts,
 * networkUpdate.ts and pluginUpdate.ts, through mutations.ts prepareSpec.)
 */
import { maskUrl, stringifyJson, type RelayerClient } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import { EVM_POLICIES, policyLines, policyValue } from '../core/operations/policies.js';
import { findRelayer } from '../core/lookup.js';
import { networkKind } from '../core/relayer.js';
import { safeLines, sanitize } from '../core/text/sanitize.js';
import { json, type Streams } from './output.js';
import { type Fail, usageOf } from './prepared.js';

/** `relayer-tui policies <relayer-id>`: its policies in units, its name, notification and RPC URLs (JSON: as the server sent them, URLs masked). */
export async function showPolicies(client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams, fail: Fail): Promise<number> {
  if (args.length !== 1) return fail(EXIT.usage, usageOf('policy-edit'));
  await client.detectDialect();
  const relayer = await findRelayer(client, args[0]!);
  if (!relayer) return fail(EXIT.notFound, `Relayer ${args[0]} not found`);
  const policies = (relayer.policies ?? {}) as Record<string, unknown>;
  if (o.output === 'json' || o.output === 'ndjson' || (o.output === 'auto' && !s.out.isTTY)) {
    // The RPC URLs as the server answered them (masked by it), masked again here: a key is never printed.
    const urls = relayer.custom_rpc_urls?.map((u) => ({ ...u, url: maskUrl(String(u.url)) }));
    s.out.write(`${json({ relayer: relayer.id, policies, name: relayer.name ?? null, notification_id: relayer.notification_id ?? null, custom_rpc_urls: urls ?? null }, 2)}\n`);
    return EXIT.ok;
  }
  // EVM: every policy in words and units (gwei, the chain's coin), the ones not set said so; others as the server sent them.
  const keys = networkKind(relayer.network_type) === 'evm' ? [...new Set([...Object.keys(EVM_POLICIES), ...Object.keys(policies)])] : Object.keys(policies);
  const width = Math.max(26, ...keys.map((k) => k.length + 2));
  s.out.write(`policies of relayer ${sanitize(relayer.id)} (${sanitize(String(relayer.network ?? '?'))}):\n`);
  const evm = networkKind(relayer.network_type) === 'evm';
  for (const k of keys) s.out.write(`  ${sanitize(k).padEnd(width)}${safeLines(evm ? policyValue(k, policies[k], relayer.network) : stringifyJson(policies[k]), 4).join(' ')}\n`);
  for (const l of policyLines(relayer).slice(-3)) s.out.write(`  ${safeLines(l, 4).join(' ')}\n`);
  return EXIT.ok;
}
