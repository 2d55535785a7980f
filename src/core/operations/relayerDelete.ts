/**
 * Delete a relayer: DELETE /relayers/{id}, an executable spec (spec.ts), as the OpenZeppelin Relayer
 * v1.8 answers it (src/api/controllers/relayer.rs:302-343 delete_relayer):
 * - 400 while it has any transaction pending, sent or submitted (count_by_status, :320-338): those are
 *   read first (lookup.ts readPending) and the delete refused here, before sending, with their count;
 * - 200 `"Relayer deleted successfully"` once removed (:341-343): only the relayer's record goes
 *   (delete_by_id: src/repositories/relayer/relayer_in_memory.rs:216-225, relayer_redis.rs:366-373);
 *   its transactions, signer, network and notification stay;
 * - a relayer from the server's config file comes back when the server loads that file again: at every
 *   start with in-memory storage (src/bootstrap/config_processor.rs:420-422, :745-763 process_relayers
 *   creates each configured relayer, :298-302) and with RESET_STORAGE_ON_START=true (:443-445, :745);
 *   with Redis storage already bootstrapped the file is skipped (:452-456, :576-579) and it stays deleted.
 * The interface document has no such endpoint: refused before sending on a server of it.
 * In the TUI its id is typed to confirm (`confirm`); headless, `relayer-tui relayers delete ID --yes`.
 */
import { errorWords, prepareDeleteRelayer, type Relayer, type RelayerClient, type Transaction } from '../../api/index.js';
import { findRelayer, LOOKUP_PAGE_SIZE, readPending } from '../lookup.js';
import { clock } from '../time.js';
import { OPERATIONS, type OperationTarget } from './registry.js';
import type { ReviewLine } from './review.js';
import type { NotFound, OperationSpec } from './spec.js';

/** What a delete rests on: the relayer, whether the server has the endpoint, and what it has pending, sent or submitted (or why that is not known). */
export interface DeleteInput {
  target: OperationTarget & { relayerId: string };
  relayer: Relayer;
  offered: boolean;
  active: { txs: readonly Transaction[]; at: number } | { unread: string };
}

/** readPending reads at most 5 pages of 100 of each status: a count at the cap is a floor. */
const CAP = 5 * LOOKUP_PAGE_SIZE;

async function read(client: RelayerClient, target: OperationTarget, signal?: AbortSignal): Promise<DeleteInput | NotFound> {
  const relayerId = target.relayerId ?? '';
  await client.detectDialect(signal);
  const relayer = await findRelayer(client, relayerId, signal ? { signal } : {});
  if (!relayer) return { notFound: { what: 'relayer', id: relayerId } };
  const offered = client.dialect().dialect === 'openzeppelin';
  const active = !offered
    ? { unread: 'not read: this server has no relayer delete' }
    : await readPending(client, relayerId, signal).then(
        (txs) => ({ txs, at: Date.now() }),
        (e: unknown) => ({ unread: errorWords(e) }),
      );
  return { target: { relayerId }, relayer, offered, active };
}

function notes(i: DeleteInput): ReviewLine[] {
  const id = i.target.relayerId;
  const out: ReviewLine[] = [{ label: 'relayer', value: `${i.relayer.name ?? ''} (${i.relayer.network_type ?? '?'} ${i.relayer.network ?? '?'})${i.relayer.paused ? ', paused' : ''}` }];
  // Unknown is not OK: a count that was not read is said so (the server refuses with 400 if it has any).
  if ('unread' in i.active) out.push({ label: '⚠ in flight', value: `whether it has transactions pending, sent or submitted is not known: ${i.active.unread}; the server refuses the delete (400) if it has`, tone: 'warn' });
  else out.push({ label: 'in flight', value: `no transaction pending, sent or submitted (read ${clock(i.active.at)})` });
  out.push({ label: 'what happens', value: `the server removes relayer ${id}; its transactions, signer, network and notification stay (v1.8 removes only the relayer's record)` });
  out.push({
    label: '⚠ after a restart',
    value: "if it is defined in the server's config file, it comes back when the server loads that file again: at every start with in-memory storage (the default) or with RESET_STORAGE_ON_START=true; with Redis storage already set up, the file is not loaded again and it stays deleted",
    tone: 'warn',
  });
  return out;
}

export const relayerDeleteSpec: OperationSpec<'relayer-delete', DeleteInput> = {
  kind: 'relayer-delete',
  entry: OPERATIONS['relayer-delete'],
  read,
  // Always read: what it has in flight is not in a list's row.
  known: () => null,
  refusal: (i) => {
    if (!i.offered) return { kind: 'not-offered', doing: 'deleting a relayer', endpoint: 'DELETE /relayers/{id}' };
    if ('txs' in i.active && i.active.txs.length > 0) return { kind: 'busy', relayerId: i.target.relayerId, count: i.active.txs.length, capped: i.active.txs.length >= CAP };
    return null;
  },
  build: ({ target: { relayerId } }) => {
    const prepared = prepareDeleteRelayer(relayerId);
    return {
      op: 'relayer-delete',
      target: { relayerId },
      what: `Delete relayer ${relayerId}`,
      prepared,
      confirm: relayerId,
      send: (client, options) => client.sendPrepared(prepared, options),
      // The 2xx is the server's word that it is gone (its text is not compared); the list read again shows it.
      effect: () => ({ kind: 'as asked', words: `relayer ${relayerId} deleted (the server answered success): look in the relayers, it is gone` }),
    };
  },
  reviewNotes: notes,
  // Sent only if what it has in flight is still none (the ids the review rested on).
  basis: (i) => `relayer ${i.target.relayerId} in flight: ${'txs' in i.active ? i.active.txs.map((t) => t.id).join(',') : 'not read'}`,
  events: (_answer, i) => [{ kind: 'relayer', relayerId: i.target.relayerId, gone: true }],
};
