/**
 * `relayer-tui policies | plugins update`: a relayer's policies shown (`policies` without a change), and
 * a plugin's settings read and prepared for the one send path (mutations.ts). (A change of a relayer's
 * policies and `networks update` are their specs': core/operations/policyEditSpec.ts and
 * networkUpdate.ts, through mutations.ts prepareSpec.)
 */
import { maskUrl, stringifyJson, type PluginInfo, type RelayerClient } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import { EVM_POLICIES, policyLines, policyValue } from '../core/operations/policies.js';
import { pluginUpdateFromFlags, pluginUpdateRequest } from '../core/operations/pluginUpdate.js';
import { findRelayer } from '../core/lookup.js';
import { networkKind } from '../core/relayer.js';
import { safeLines, sanitize } from '../core/text/sanitize.js';
import { readInput } from './input.js';
import { json, type Streams } from './output.js';
import { type Fail, type Prepared, usage, usageOf } from './prepared.js';

export /** The plugin as listed (GET /plugins/{id} is not asked: the list has every field), or undefined. */
async function readPlugin(client: RelayerClient, id: string): Promise<PluginInfo | undefined> {
  if (!client.offers('plugins')) return undefined;
  for (let page = 1; page <= 20; page++) {
    const p = await client.listPlugins({ page, perPage: 100 }).catch(() => undefined);
    const found = p?.items.find((x) => x.id === id);
    if (found || !p || p.items.length < 100) return found;
  }
  return undefined;
}

export async function preparePluginUpdate(client: RelayerClient, o: HeadlessOptions, args: string[], s: Streams): Promise<Prepared | { code: number; message: string }> {
  if (args.length !== 1) return usage(usageOf('plugin-update'));
  const f = { ...o.flags };
  if (f['plugin-config'] !== undefined && f['plugin-config-file'] !== undefined) return usage('give the config once: --plugin-config or --plugin-config-file');
  if (f['plugin-config-file'] !== undefined) {
    const r = await readInput('--plugin-config-file', f['plugin-config-file'], s.in);
    if ('error' in r) return usage(r.error);
    f['plugin-config'] = r.text;
  }
  const body = pluginUpdateFromFlags(f);
  if ('error' in body) return usage(`not sent: ${body.error}`);
  await client.detectDialect();
  const before = await readPlugin(client, args[0]!);
  if (!before && client.supports('plugins') !== false) return { code: EXIT.notFound, message: `Plugin ${args[0]} not found among the server's plugins` };
  const built = pluginUpdateRequest(args[0]!, before, body.body, client.supports('plugins'));
  if ('refuse' in built) return usage(`not sent: ${built.refuse}`);
  return { request: built, stdinUsed: f['plugin-config-file'] === '-' };
}

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
