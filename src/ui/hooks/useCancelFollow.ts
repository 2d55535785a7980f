/**
 * A cancel left in flight (`is_canceled`: its NOOP on its way), followed while its outcome is on
 * screen: the transaction read back every 2 s (core/operations/settle.ts, the same reading as `s` in
 * :audit) until it is canceled, or final otherwise (the original mined first), or 5 minutes pass. What
 * it came to is said on the outcome, written to the ledger as a read-back (a new line, the old never
 * rewritten), and the lists behind are told. Leaving the outcome stops the follow; `s` in :audit reads
 * it back later.
 */
import { useEffect, useState } from 'react';
import type { Transaction } from '../../api/index.js';
import { settleCheck, settleFailure, type SettleOutcome } from '../../core/operations/settle.js';
import { clock } from '../../core/time.js';
import { useScheduler, useServices } from '../services.js';
import { useSessionEvents } from '../sessionEvents.js';

/** Between reads, and the longest a cancel is followed. */
const EVERY_MS = 2_000;
const DEADLINE_MS = 5 * 60_000;

export interface CancelFollow {
  outcome: SettleOutcome | 'following';
  /** In words (server text inside: sanitize to draw). */
  words: string;
}

/** `target`: the cancel's relayer and transaction once its answer says it is in flight; null: nothing to follow. */
export function useCancelFollow(target: { relayerId: string; txId: string; path: string } | null): CancelFollow | null {
  const { client, audit } = useServices();
  const { now, after } = useScheduler();
  const events = useSessionEvents();
  const [state, setState] = useState<CancelFollow | null>(null);
  const key = target ? `${target.relayerId}\u0000${target.txId}\u0000${target.path}` : null;
  useEffect(() => {
    if (!target) return;
    let stopped = false;
    let cancel: (() => void) | undefined;
    const start = now();
    const record = { method: 'DELETE', path: target.path, body: '', op: 'cancel', target: { relayerId: target.relayerId, txId: target.txId } };
    setState({ outcome: 'following', words: `following the cancel: reading transaction ${target.txId} back every ${EVERY_MS / 1000} s until it is final (5 minutes at most; esc stops)` });
    const read = () => {
      void settleCheck(record, client).then(
        (r) => {
          if (stopped) return;
          const at = clock(now());
          if (r.outcome === 'in flight') {
            if (now() - start >= DEADLINE_MS) return setState({ outcome: 'in flight', words: `still canceling after 5m (read ${at}): ${r.words}; s in :audit reads it back later` });
            setState({ outcome: 'following', words: `following the cancel: ${r.words} (read ${at}; again in ${EVERY_MS / 1000} s)` });
            cancel = after(EVERY_MS, read);
            return;
          }
          // Told: a line of its own in the ledger (the send's own line says "in flight"), the lists told.
          const entry = audit?.read().find((e) => e.op === 'cancel' && e.target?.txId === target.txId && e.target?.relayerId === target.relayerId && e.done?.outcome === 'in flight');
          const warning = entry && r.outcome !== 'unknown' ? audit!.settle(entry, r) : null;
          // Said as what came after the answer (the headline above is the answer's own: "not finished yet").
          setState({ outcome: r.outcome, words: `after the answer, read back at ${at}: ${r.outcome} — ${r.words}${warning ? ` (${warning})` : entry ? ' (written to the ledger)' : ''}` });
          void client.getTransaction(target.relayerId, target.txId).then(
            (tx: Transaction) => !stopped && events.emit('replaced', { relayerId: target.relayerId, transactionId: target.txId, transaction: tx }),
            () => undefined,
          );
        },
        (e: unknown) => {
          if (stopped) return;
          // A read that failed stops the follow: said, and left to `s` (a failing server is not polled on).
          setState({ outcome: 'unknown', words: `not followed further: the read back failed (${settleFailure(e)}); s in :audit reads it back later` });
        },
      );
    };
    cancel = after(EVERY_MS, read);
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return target ? state : null;
}
