/**
 * `relayer-tui policies`: a relayer's settings, read and prepared for the one send path (mutations.ts);
 * without a change it shows them. (`networks update` and `plugins update` are their specs':
 * core/operations/networkUpdate.ts and pluginUpdate.ts, through mutations.ts prepareSpec.)
 */
import { maskUrl, stringifyJson, type Relayer, type RelayerClient } from '../api/index.js';
import type { HeadlessOptions } from '../cli/grammar.js';
import { EXIT } from '../cli/exitCodes.js';
import { EVM_POLICIES, policyLines, policyValue, relayerPatch } from '../core/operations/policies.js';
import { policiesRequest } from '../core/operations/policyEdit.js';
import { notificationRefRefusal, readNotificationRef } from '../core/operations/notificationRef.js';
import { findRelayer } from '../core/lookup.js';
import { relayerBasis } from '../core/operations/basis.js';
import { readPolicyFigures } from '../core/operations/policyRisks.js';
import { networkKind } from '../core/relayer.js';
import { safeLines, sanitize } from '../core/text/sanitize.js';
import { json, type Streams } from './output.js';
import { type Fail, type Prepared, usage, usageOf } from './prepared.js';

export async function preparePolicies(client: RelayerClient, o: HeadlessOptions, args: string[]): Promise<Prepared | { code: number; message: string }> {
  if (args.length !== 1) return usage(usageOf('policy-edit'));
  await client.detectDialect();
  const id = args[0]!;
  const opened = await findRelayer(client, id);
  if (!opened) return { code: EXIT.notFound, message: `Relayer ${id} not found` };
  const rpc = o.lists['rpc-url'];
  // Only what the flags name is sent (a merge patch): the rest of the relayer is never written back.
  const patch = relayerPatch(opened, { sets: o.lists.set ?? [], unsets: o.lists.unset ?? [], ...(o.flags.name !== undefined ? { name: o.flags.name } : {}), ...(o.flags.notification !== undefined ? { notification: o.flags.notification.trim() } : {}), ...(rpc?.length ? { rpcUrls: rpc } : {}) });
  if ('error' in patch) return usage(`not sent: ${patch.error}`);
  const offered = client.offers('policies') || client.supports('policies');
  // A notification it is set to name: read first (core/operations/notificationRef.ts), refused when it does not exist.
  const named = patch.patch.notification_id;
  const ref = typeof named === 'string' ? notificationRefRefusal(named, await readNotificationRef(client, named)) : null;
  if (ref && 'refuse' in ref) return usage(`not sent: ${ref.refuse}`);
  // The review against the server as read (`server`), weighed against the network's price and the balance; what moved since the first read is said.
  const prepare = async (server: Relayer): Promise<Prepared | { code: number; message: string }> => {
    const figures = await readPolicyFigures(client, id, server.network_type, Date.now);
    const built = policiesRequest(id, server, patch.patch, offered, { opened, figures, since: 'read' });
    if ('refuse' in built) return usage(`not sent: ${built.refuse}`);
    return { request: { ...built, basis: relayerBasis(server) }, stdinUsed: false, reread, ...(ref ? { warnings: [ref.warning] } : {}) };
  };
  // After the prompt's yes: the relayer read again; the request goes only if it is the one reviewed.
  const reread = async () => {
    const server = await findRelayer(client, id);
    return server ? prepare(server) : { code: EXIT.notFound, message: `Relayer ${id} not found when read again: nothing sent` };
  };
  return prepare(opened);
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
