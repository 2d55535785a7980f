/**
 * A replacement from flags or a whole body as one call (`relayer-tui replace`'s path: its spec,
 * core/operations/replace.ts, through headless/mutations.ts specFromFlags): what tests take.
 */
import type { RelayerClient } from '../api/index.js';
import { replaceSpec } from '../core/operations/replace.js';
import type { BuiltRequest } from '../core/operations/types.js';
import { specFromFlags } from './mutations.js';

export type Built = { request: BuiltRequest } | { usage: string } | { notFound: string };

/** The relayer and transaction read, then the flags over the transaction's values (as the form starts), or the body (`body`: its text). */
export async function buildReplacement(client: RelayerClient, relayerId: string, txId: string, flags: Record<string, string | undefined>, body: string | undefined): Promise<Built> {
  const built = await specFromFlags(replaceSpec, client, { relayerId, txId }, { flags: body !== undefined ? { ...flags, body: '-' } : flags, lists: {}, ...(body !== undefined ? { files: { body } } : {}) });
  return 'usage' in built ? { usage: built.usage } : built;
}
