/**
 * Settling an unknown outcome: a send the ledger left "outcome unknown" (a timeout, a reset, a line
 * that dropped) is read back from the server — did the replacement, the cancel, the pause take
 * effect? Both faces call `settleCheck` and write what it says as a new ledger line (src/ledger/audit.ts);
 * the old line is never rewritten. The request path comes from the ledger's own record of what was
 * sent (the operator's navigation then), never from a field the server returned. Pure of any face.
 */
import { ApiError, parseJson, type RelayerClient, type Transaction } from '../../api/index.js';
import { findRelayer, findTransaction } from '../lookup.js';
import { replaceEffect } from './effects.js';
import { shortId } from '../text/ids.js';
import { OPERATIONS, isOperationKind, type OperationTarget } from './registry.js';

/** What a read-back showed: it took effect, it did not, it is on its way (a cancel's NOOP), or the read could not tell. */
export type SettleOutcome = 'applied' | 'not applied' | 'in flight' | 'unknown';

export interface SettleResult {
  outcome: SettleOutcome;
  /** In words (raw server text possibly inside: sanitize to draw). */
  words: string;
}

/** A send as the ledger has it: its operation and target since they are recorded, the request always. */
export interface SentRecord {
  method: string;
  path: string;
  body: string;
  op?: string;
  target?: OperationTarget;
}

const seg = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

type Settled = { kind: 'replace' | 'cancel'; relayerId: string; txId: string } | { kind: 'pause'; relayerId: string; asked?: boolean } | { kind: 'none'; why: string };

/**
 * What kind of send this is, and what it names: its recorded operation and target (registry.ts), or —
 * on a ledger line written before they were recorded — the path as sent (today's rules, kept for them).
 */
export function settleTarget(r: SentRecord): Settled {
  if (r.op !== undefined) {
    if (!isOperationKind(r.op)) return { kind: 'none', why: `"${r.op.slice(0, 40)}" is an operation this version does not know: it cannot be read back here` };
    const back = OPERATIONS[r.op].readBack;
    const t = r.target ?? {};
    if (back.kind === 'none') return { kind: 'none', why: back.why };
    if (!t.relayerId) return { kind: 'none', why: 'the ledger line names no relayer' };
    if (back.kind === 'paused') return { kind: 'pause', relayerId: t.relayerId, asked: back.asked };
    if (!t.txId) return { kind: 'none', why: 'the ledger line names no transaction' };
    return { kind: back.as, relayerId: t.relayerId, txId: t.txId };
  }
  return legacyTarget(r);
}

/** A ledger line without `op`: the kind told from the method and path (a PATCH of a relayer was only ever a pause or resume then). */
function legacyTarget(r: SentRecord): Settled {
  const p = r.path.split('?')[0]!.replace(/^\/api\/v1/, '');
  const tx = /^\/relayers\/([^/]+)\/transactions\/([^/]+)$/.exec(p);
  if (tx && tx[2] !== 'pending' && r.method === 'PUT') return { kind: 'replace', relayerId: seg(tx[1]!), txId: seg(tx[2]!) };
  if (tx && tx[2] !== 'pending' && r.method === 'DELETE') return { kind: 'cancel', relayerId: seg(tx[1]!), txId: seg(tx[2]!) };
  const relayer = /^\/relayers\/([^/]+)$/.exec(p);
  if (relayer && r.method === 'PATCH') return { kind: 'pause', relayerId: seg(relayer[1]!) };
  if (tx && tx[2] === 'pending') return { kind: 'none', why: 'cancelling every pending transaction cannot be read back as one: look at the relayer\'s transactions (which are canceled or marked canceling)' };
  if (/^\/plugins\//.test(p)) return { kind: 'none', why: 'what a plugin call did is the plugin\'s own: it cannot be read back here' };
  if (/^\/notifications/.test(p)) return { kind: 'none', why: 'look for the notification in the server\'s list of notifications' };
  return { kind: 'none', why: 'this request cannot be read back' };
}

const short = (id: string) => shortId(id, 18, 18);

/**
 * Reads the target of a send back and says whether the send took effect. A read that fails (the
 * server down, a 401) rejects with its ApiError: nothing is settled then, and nothing is written.
 */
export async function settleCheck(r: SentRecord, client: RelayerClient): Promise<SettleResult> {
  const t = settleTarget(r);
  if (t.kind === 'none') return { outcome: 'unknown', words: t.why };
  await client.detectDialect();
  if (t.kind === 'pause') {
    let asked: unknown = t.asked;
    if (asked === undefined) {
      try {
        asked = (parseJson(r.body) as { paused?: unknown }).paused;
      } catch {
        asked = undefined;
      }
    }
    const relayer = await findRelayer(client, t.relayerId);
    if (!relayer) return { outcome: 'unknown', words: `relayer ${short(t.relayerId)} is not among the server's relayers now` };
    if (typeof asked !== 'boolean' || typeof relayer.paused !== 'boolean') return { outcome: 'unknown', words: `relayer ${short(t.relayerId)}: its paused state cannot be compared with what was sent` };
    const word = asked ? 'paused' : 'not paused';
    return relayer.paused === asked
      ? { outcome: 'applied', words: `relayer ${short(t.relayerId)} is ${word} now, as asked` }
      : { outcome: 'not applied', words: `relayer ${short(t.relayerId)} is ${relayer.paused ? 'paused' : 'not paused'} now: not as asked (${word})` };
  }
  const found = await findTransaction(client, t.relayerId, t.txId);
  if (!found.tx) return { outcome: 'unknown', words: `transaction ${short(t.txId)} ${found.how}` };
  const tx: Transaction = found.tx;
  if (t.kind === 'cancel') {
    if (String(tx.status).toLowerCase() === 'canceled') return { outcome: 'applied', words: `transaction ${short(tx.id)} is canceled` };
    if (tx.is_canceled === true) return { outcome: 'in flight', words: `transaction ${short(tx.id)} is ${tx.status}, marked canceling: the cancel was accepted (a NOOP with its nonce replaces it)` };
    return { outcome: 'not applied', words: `transaction ${short(tx.id)} is ${tx.status}, not canceled nor marked canceling` };
  }
  let asked: Record<string, unknown>;
  try {
    asked = parseJson(r.body) as Record<string, unknown>;
  } catch {
    return { outcome: 'unknown', words: 'the body in the ledger cannot be read, so it cannot be compared' };
  }
  if (typeof asked !== 'object' || asked === null || Array.isArray(asked)) return { outcome: 'unknown', words: 'the body in the ledger is not an object, so it cannot be compared' };
  // The same comparison as the effect check, against the transaction as it is now.
  const effect = replaceEffect('evm', undefined, asked, client.dialect().dialect === 'openzeppelin')(tx);
  if (effect.kind === 'not as asked') return { outcome: 'not applied', words: `transaction ${short(tx.id)} (${tx.status}) does not carry what was sent: ${effect.words}` };
  const carried = Object.entries(asked).filter(([f, v]) => v !== undefined && v !== null && tx[f as keyof Transaction] !== undefined && tx[f as keyof Transaction] !== null).length;
  if (carried === 0) return { outcome: 'unknown', words: `transaction ${short(tx.id)} (${tx.status}) shows none of the fields that were sent: whether it was replaced cannot be told` };
  if (effect.kind === 'unchecked')
    return { outcome: 'applied', words: `transaction ${short(tx.id)} (${tx.status}) carries what was sent: the replacement took effect` };
  return { outcome: 'unknown', words: `transaction ${short(tx.id)} (${tx.status}): ${effect.words}` };
}

/** The message of a read-back that could not be made (nothing is written then). */
export function settleFailure(e: unknown): string {
  return e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);
}
